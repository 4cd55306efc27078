# return inside a `while` (or a for over range of a tensor bound) on a
# tensor: the loop carries a return flag and the value (found by capturing
# the body once for its type), stops like a break, and an If after the loop
# returns the value or runs the rest of the function; a return straight in
# the body, inside nested ifs, inside an inner loop (it returns through
# both), a tuple returned; and a loop's else clause, which a break skips.
# Against the same programs in plain Python over numpy
# (Inputs/returns_ref.py), in PyNative, Graph (cc at O2, ref; -O0 in the IR check) and
# msc compile's C self-test.
# RUN: %python %S/Inputs/returns_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run -O2 %s graph > %t.o2
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.o2
# RUN: %msc run --backend=ref %s graph > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.refexec
# RUN: rm -rf %t.lib && %msc compile %s -o %t.lib --name cr -- graph > /dev/null
# RUN: cd %t.lib && cc -std=c99 -DMSRT_NO_SIMD -O1 -Wall -Wextra -Wpedantic -Wconversion -Werror ./*.c -lm -o selftest
# RUN: %t.lib/selftest | FileCheck --check-prefix=C %s
# C: cr_ret_in_if: ok
# C: cr_ret_for: ok
# C: cr_ret_inner: ok
# C: cr_ret_plain: ok
# C: cr_ret_deep: ok
# C: cr_while_else: ok
# C: cr_for_else: ok
# The loop's If on its return flag follows the While:
# RUN: %msc run -O0 --backend=ref --dump-ir %s graph 2>&1 >/dev/null | FileCheck --check-prefix=IR %s
# IR-LABEL: subgraph @ret_in_if() {
# IR-NEXT: While(@ret_in_if_cond{{[0-9]+}}, @ret_in_if_body{{[0-9]+}}, Tensor(shape=[], dtype=Bool, value=False), Tensor(shape=[], dtype=Bool, value=False), Tensor(shape=[2], dtype=Float32, value=[0, 0]), Tensor(shape=[], dtype=Int32, value=0), %para1_x,
# IR: = If(%{{[0-9]+}}, @ret_in_if_true
import sys
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor

GRAPH = len(sys.argv) > 1 and sys.argv[1] == 'graph'
if GRAPH:
    ms.set_context(mode=ms.GRAPH_MODE)
jit = ms.jit if GRAPH else (lambda f: f)


def show(tag, t):
    if isinstance(t, (tuple, list)):
        for i, u in enumerate(t):
            show('%s.%d' % (tag, i), u)
        return
    print(tag, ' '.join('%.7g' % v for v in np.asarray(t.asnumpy() if hasattr(t, 'asnumpy') else t).reshape(-1).astype(np.float64).tolist()))


@jit
def ret_in_if(x, n):
    i = Tensor(0, ms.int32)
    while i < n:
        if x.sum() > 10:
            return x * 10, i
        x = x * 2
        i = i + 1
    x = x - 100
    return x, i


@jit
def ret_for(x, n):
    for k in range(n):
        x = x + 1
        if x.max() > 4:
            return x - k
    return -x


@jit
def ret_inner(x, n):
    i = Tensor(0, ms.int32)
    while i < n:
        j = Tensor(0, ms.int32)
        while j < i:
            x = x + 1
            if x.sum() > 20:
                return x
            j = j + 1
        i = i + 1
    else:
        x = x * 0
    return x + 1000


@jit
def ret_plain(x, n):
    i = Tensor(0, ms.int32)
    while i < n:
        x = x * 3
        return x
    return x - 1


@jit
def ret_deep(x, n):
    i = 0
    acc = x
    while i < n:
        i = i + 1
        if acc.max() > 3:
            if acc.min() > 2:
                return acc * 0.5
            acc = acc - 1
            continue
        elif acc.sum() < -4:
            break
        acc = acc * 2
    return acc + i


@jit
def while_else(x, n):
    i = Tensor(0, ms.int32)
    while i < n:
        if x.sum() > 10:
            break
        x = x * 2
        i = i + 1
    else:
        x = x - 100
    return x


@jit
def for_else(x, n):
    for k in range(n):
        if x.sum() < -3:
            break
        x = x - k
    else:
        x = x * 10
    return x


X = [np.array([1.0, 2.0], np.float32), np.array([-1.0, 0.5], np.float32), np.array([3.0, 3.25], np.float32)]
for i, a in enumerate(X):
    for n in (0, 1, 3, 6):
        show('ret_in_if %d %d' % (i, n), ret_in_if(Tensor(a), Tensor(n, ms.int32)))
        show('ret_for %d %d' % (i, n), ret_for(Tensor(a), Tensor(n)))
        show('ret_inner %d %d' % (i, n), ret_inner(Tensor(a), Tensor(n, ms.int32)))
        show('ret_plain %d %d' % (i, n), ret_plain(Tensor(a), Tensor(n, ms.int32)))
        show('ret_deep %d %d' % (i, n), ret_deep(Tensor(a), Tensor(n)))
        show('while_else %d %d' % (i, n), while_else(Tensor(a), Tensor(n, ms.int32)))
        show('for_else %d %d' % (i, n), for_else(Tensor(a), Tensor(n)))
