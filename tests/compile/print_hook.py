# Graph-mode print() in msc compile's C: the library prints through the hook
# macro PRINT_HOOK_PRINT(s, n), stdio's fwrite to stdout by default (the only
# use of stdio, included only because the model prints); a firmware defines
# the macro to route the text (here: to a function of its own, and stdio is
# then not referenced at all). A model without print has no <stdio.h>.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %msc run %s > %t/run
# RUN: %msc compile %s -o %t/out > /dev/null
# RUN: FileCheck --check-prefix=SRC %s < %t/out/print_hook.c
# RUN: FileCheck --check-prefix=HDR %s < %t/out/print_hook.h
# the default hook: the self-test prints what msc run printed, then ok
# RUN: bash %S/Inputs/check-lib.sh --quick %t/out print_hook | FileCheck --check-prefix=TEST %s
# RUN: cc %t/out/*.c -lm -o %t/selftest && %t/selftest > %t/selftest.out
# RUN: grep -v ': ok' %t/selftest.out > %t/printed && head -n -2 %t/run > %t/run.printed
# RUN: diff %t/run.printed %t/printed
# a hook of the firmware's own: no stdio in print_hook.o
# RUN: cc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -include %S/Inputs/print_hook.h '-DPRINT_HOOK_PRINT(s,n)=my_write(s,n)' -c %t/out/print_hook.c -o %t/lib.o
# RUN: nm -u %t/lib.o | not grep -E 'fwrite|stdout|printf|puts'
# RUN: cc -std=c99 -Wall -Wextra -Werror -c %S/Inputs/print_hook_main.c -o %t/hook_main.o
# RUN: cc %t/lib.o %t/hook_main.o -lm -o %t/hooked && %t/hooked | FileCheck --check-prefix=HOOK %s
# no print, no stdio
# RUN: %msc compile %S/Inputs/jitfn.py -o %t/noprint > /dev/null
# RUN: not grep -E 'stdio|_PRINT|print_fn' %t/noprint/jitfn.c %t/noprint/jitfn.h
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


@ms.jit
def f(x):
    y = ops.relu(x)
    print("relu of x:", y)
    return y * 2.0


print(f(Tensor(np.array([[-1.0, 2.0], [3.5, -4.0]], np.float32))))

# SRC: #ifndef PRINT_HOOK_PRINT
# SRC-NEXT: #include <stdio.h>
# SRC-NEXT: #endif
# SRC: #ifndef PRINT_HOOK_PRINT
# SRC-NEXT: #define PRINT_HOOK_PRINT(s, n) ((void)fwrite((s), 1, (n), stdout))
# SRC-NEXT: #endif
# SRC-NEXT: static void print_hook_print_fn(void *ctx, const char *s, size_t n) {
# SRC: print_hook_print_fn(NULL, "relu of x:\n", 11);
# SRC: msrt_print_graph(print_hook_print_fn, NULL,

# HDR: print(): the graphs' print() writes through PRINT_HOOK_PRINT(s, n)

# TEST: == gcc
# TEST-NEXT: relu of x:
# TEST-NEXT: Tensor(shape=[2, 2], dtype=Float32, value=
# TEST: print_hook_f: ok (1 output, max abs error 0)
# TEST: check-lib: ok

# HOOK: [hook 11] relu of x:
# HOOK: [hook {{[0-9]+}}] Tensor(shape=[2, 2], dtype=Float32, value=
# HOOK: done
