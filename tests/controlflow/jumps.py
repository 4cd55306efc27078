# break and continue inside an `if` on a tensor inside a `while` or a for
# over range of a tensor bound (the rest of the body runs in the branches;
# a loop that breaks carries a flag), nested ifs, a while inside an if,
# for over a tensor's first dimension, and the loop variable's value after
# a for-range loop. Against the same program in plain Python over numpy
# (Inputs/jumps_ref.py), in PyNative, Graph (cc at O0, O1 and O2, ref) and
# msc compile's C self-test.
# RUN: %python %S/Inputs/jumps_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run -O0 %s graph > %t.o0
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.o0
# RUN: %msc run -O1 %s graph > %t.o1
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.o1
# RUN: %msc run -O2 %s graph > %t.o2
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.o2
# RUN: %msc run --backend=ref %s graph > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.refexec
# RUN: rm -rf %t.lib && %msc compile %s -o %t.lib --name cj -- graph > /dev/null
# RUN: cd %t.lib && cc -std=c99 -DMSRT_NO_SIMD -O1 -Wall -Wextra -Wpedantic -Wconversion -Werror ./*.c -lm -o selftest
# RUN: %t.lib/selftest | FileCheck --check-prefix=C %s
# C: cj_brk: ok
# C: cj_nested: ok
# C: cj_while_in_if: ok
# C: cj_cont: ok
# C: cj_rows: ok
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
def brk(x, n):
    i = 0
    s = x
    while i < n:
        s = s * 1.5 + 1
        if s.sum() > 20:
            break
        i = i + 1
    return s, i


@jit
def cont(x, n):
    acc = x * 0
    k = 0
    for k in range(n):
        if (x * k).sum() > 3:
            continue
        acc = acc + x * k
        if acc.sum() > 10:
            break
    return acc, k


@jit
def nested(x, n):
    i = 0
    acc = x
    while i < n:
        i = i + 1
        if acc.max() > 5:
            if acc.min() > 4:
                break
            acc = acc + 0.5
            continue
        acc = acc * 2
    return acc, i


@jit
def while_in_if(x, n):
    if x.sum() > 0:
        i = 0
        while i < n:
            x = x * 0.5 - 1
            if x.sum() < -2:
                break
            i = i + 1
    else:
        x = x * 3
    return x


@jit
def rows(m, y):
    acc = y
    for r in m:
        if r.sum() > acc.sum():
            acc = acc + r
        else:
            acc = acc - r * 0.5
    return acc


X = [np.array([1.0, 2.0], np.float32), np.array([-1.0, 0.5], np.float32), np.array([3.0, 0.25], np.float32)]
M = np.array([[1.0, -2.0], [0.5, 0.5], [3.0, 1.0]], np.float32)
for i, a in enumerate(X):
    for n in (0, 1, 2, 5, 9):
        show('brk %d %d' % (i, n), brk(Tensor(a), Tensor(n)))
        if n:
            show('cont %d %d' % (i, n), cont(Tensor(a), Tensor(n)))
        show('nested %d %d' % (i, n), nested(Tensor(a), Tensor(n)))
        show('wif %d %d' % (i, n), while_in_if(Tensor(a), Tensor(n)))
    show('rows %d' % i, rows(Tensor(M), Tensor(a)))
