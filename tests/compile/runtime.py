# msc compile's runtime modes. Default (--runtime=inline): only NAME.h,
# NAME.c and NAME_test.c are written; NAME.c carries the runtime files its
# entries reach (this MLP: dtype.c for msrt_dtype_size and gemm.c, never
# print.c's printers; LeNet: kernels.c and nn.c too), every kernel
# static, no #include "msrt.h"; two libraries link into one program and both self-tests pass; byte-identical when compiled
# twice. --runtime=separate writes msrt.h and msrt_*.c beside the library.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: %msc compile %s -o %t/tiny --name tiny > /dev/null
# RUN: %msc compile %S/lenet.py -o %t/lenet > /dev/null
# RUN: ls %t/tiny | FileCheck --check-prefix=LS-TINY %s
# RUN: ls %t/lenet | FileCheck --check-prefix=LS-LENET %s
# RUN: FileCheck --check-prefix=TINY %s < %t/tiny/tiny.c
# RUN: FileCheck --check-prefix=LENET %s < %t/lenet/lenet.c
# no conv code in an MLP-only library, the header self-contained
# (comments stripped: gemm.c's mention the other kernels)
# RUN: gcc -fpreprocessed -dD -E -P %t/tiny/tiny.c > %t/tiny.code 2> /dev/null
# RUN: test $(grep -c -E 'msrt_conv2d|msrt_maxpool2d|msrt_binary|msrt_gather' %t/tiny.code) -eq 0
# RUN: test $(grep -c -E 'msrt_matmul' %t/tiny.code) -gt 0
# RUN: test $(grep -c msrt %t/tiny/tiny.h) -eq 0
# RUN: bash %S/Inputs/check-lib.sh --keep %t/tiny tiny | FileCheck --check-prefix=TEST-TINY %s
# (this LeNet library is tests/compile/lenet.py's, byte for byte: the same
# script, the same default name, msc compile is deterministic; lenet.py runs
# check-lib.sh on it with gcc, clang and arm-none-eabi-gcc, so only gcc
# builds it here, for the program below)
# two libraries, one program: the static kernels do not clash (tiny.o is
# check-lib's: the same command as compiling it again here)
# RUN: mkdir -p %t/both && cd %t/both && cp %t/tiny/obj-gcc/tiny.o tiny.o && gcc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O1 -c %t/lenet/lenet.c -o lenet.o
# RUN: cd %t/both && for lib in tiny lenet; do gcc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O1 -Dmain=${lib}_main -c %t/$lib/${lib}_test.c -o ${lib}_test.o || exit 1; done
# RUN: gcc -O1 %t/both/*.o %S/Inputs/two-main.c -lm -o %t/both/prog && %t/both/prog | FileCheck --check-prefix=BOTH %s
# the kernels are local symbols (t), none global
# RUN: test $(nm -g --defined-only %t/both/tiny.o | grep -c msrt_) -eq 0
# RUN: test $(nm %t/both/tiny.o | grep -c ' t msrt_') -gt 0
# determinism: again, byte for byte
# RUN: %msc compile %s -o %t/tiny2 --name tiny > /dev/null
# RUN: for f in tiny.h tiny.c tiny_test.c; do cmp %t/tiny/$f %t/tiny2/$f || exit 1; done
# entries that call no kernel (fused elementwise code only): no runtime file,
# only msrt.h's declarations and the scalar formulas the fused loops call
# RUN: %msc compile %S/Inputs/jitfn.py -o %t/fn > /dev/null
# RUN: test $(grep -c -- '---- runtime/' %t/fn/jitfn.c) -eq 0
# RUN: grep -q 'msrt_mul_f32(' %t/fn/jitfn.c
# RUN: bash %S/Inputs/check-lib.sh --quick %t/fn jitfn | FileCheck --check-prefix=TEST-FN %s
# --runtime=separate: the runtime beside the library, NAME.c includes msrt.h
# RUN: %msc compile %S/lenet.py -o %t/sep --runtime=separate > /dev/null
# RUN: ls %t/sep | FileCheck --check-prefix=LS-SEP %s
# RUN: FileCheck --check-prefix=SEP %s < %t/sep/lenet.c
# (--quick: the separate runtime files themselves are built by gcc, clang and
# arm-none-eabi-gcc in tests/runtime/strict_c99.py)
# RUN: bash %S/Inputs/check-lib.sh --quick %t/sep lenet | FileCheck --check-prefix=TEST-LENET %s
# the entries' code is the same in both modes: only the runtime part differs
# RUN: sed -n '/^\/\* ---- entry /,$p' %t/sep/lenet.c > %t/sep.entries
# RUN: sed -n '/^\/\* ---- entry /,$p' %t/lenet/lenet.c > %t/inl.entries
# RUN: cmp %t/sep.entries %t/inl.entries
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
np.random.seed(3)


class Tiny(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(6, 5)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(5, 2)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


net = Tiny()
print(net(Tensor(np.random.randn(2, 6).astype(np.float32))).shape)

# LS-TINY: tiny.c
# LS-TINY-NEXT: tiny.h
# LS-TINY-NEXT: tiny_test.c
# LS-TINY-NOT: {{.}}
# LS-LENET: lenet.c
# LS-LENET-NEXT: lenet.h
# LS-LENET-NEXT: lenet_test.c
# LS-LENET-NOT: {{.}}

# TINY-NOT: #include "msrt.h"
# TINY: #include "tiny.h"
# TINY-NOT: #include "msrt.h"
# TINY: #define MSRT_STATIC static __attribute__((unused))
# TINY: typedef enum msrt_dtype {
# TINY: static int msrt_matmul_packed_ep(
# TINY: /* ---- runtime/dtype.c ---- */
# TINY: MSRT_STATIC size_t msrt_dtype_size(
# TINY: /* ---- runtime/gemm.c ---- */
# TINY: MSRT_STATIC int msrt_matmul_packed_ep(
# TINY-NOT: runtime/index.c
# TINY-NOT: runtime/kernels.c
# TINY-NOT: runtime/nn.c
# TINY-NOT: runtime/print.c
# TINY: /* ---- entry tiny_Tiny_construct ---- */
# TINY: msrt_matmul_packed_ep(
# TINY-NOT: #include "msrt.h"

# LENET: /* ---- runtime/dtype.c ---- */
# LENET: /* ---- runtime/gemm.c ---- */
# LENET: /* ---- runtime/kernels.c ---- */
# LENET: /* ---- runtime/nn.c ---- */
# LENET: MSRT_STATIC int msrt_conv2d_ep(
# LENET-NOT: runtime/print.c
# LENET: /* ---- entry lenet_LeNet_construct ---- */

# TEST-TINY: == gcc
# TEST-TINY-NEXT: tiny_Tiny_construct: ok (1 output,
# TEST-TINY: == clang
# TEST-TINY-NEXT: tiny_Tiny_construct: ok (1 output,
# TEST-TINY: check-lib: ok
# TEST-LENET: == gcc
# TEST-LENET-NEXT: lenet_LeNet_construct: ok (1 output,
# TEST-LENET-NEXT: lenet_scores: ok (2 outputs,
# TEST-LENET: == clang
# TEST-LENET: check-lib: ok

# TEST-FN: == gcc
# TEST-FN-NEXT: jitfn_f: ok (1 output,
# TEST-FN-NEXT: jitfn_f_2: ok (1 output,
# TEST-FN: check-lib: ok

# BOTH: lenet_LeNet_construct: ok
# BOTH-NEXT: lenet_scores: ok
# BOTH-NEXT: tiny_Tiny_construct: ok

# LS-SEP: lenet.c
# LS-SEP-NEXT: lenet.h
# LS-SEP-NEXT: lenet_test.c
# LS-SEP-NEXT: msrt.h
# LS-SEP-NEXT: msrt_dtype.c
# LS-SEP-NEXT: msrt_gemm.c
# LS-SEP-NEXT: msrt_gemv.c
# LS-SEP-NEXT: msrt_index.c
# LS-SEP-NEXT: msrt_kernels.c
# LS-SEP-NEXT: msrt_mcu.c
# LS-SEP-NEXT: msrt_nn.c
# LS-SEP-NEXT: msrt_print.c
# SEP: #include "lenet.h"
# SEP-NEXT: #include "msrt.h"
# SEP-NOT: MSRT_STATIC
