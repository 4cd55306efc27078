# break, continue and return inside an `if` on a tensor inside a Python
# loop that unrolls (a range of numbers, a list, a tensor's rows): the rest
# of the iteration runs in the branches, the break flag, return flag and
# value are joined per path, each later iteration runs in an If on `not
# broke`, and after the loop an If on the return flag returns the value or
# runs the else clause (skipped after a break) and the rest. Against the
# same programs in plain Python over numpy (Inputs/pyloops_ref.py), in
# Graph (cc at O2, ref; -O0 in the IR check) and msc compile's C self-test.
# RUN: %python %S/Inputs/pyloops_ref.py > %t.ref
# RUN: %msc run -O2 %s > %t.o2
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.o2
# RUN: %msc run --backend=ref %s > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.refexec
# RUN: rm -rf %t.lib && %msc compile %s -o %t.lib --name cp > /dev/null
# RUN: bash %S/../compile/Inputs/check-lib.sh --quick %t.lib cp | FileCheck --check-prefix=LIB %s
# LIB: cp_brk: ok
# LIB: cp_cont: ok
# LIB: cp_ret: ok
# LIB: cp_rows: ok
# LIB: check-lib: ok
import numpy as np
import mindspore as ms
from mindspore import Tensor

ms.set_context(mode=ms.GRAPH_MODE)


def show(tag, t):
    print(tag, ' '.join('%.7g' % v for v in np.asarray(t.asnumpy() if hasattr(t, 'asnumpy') else t).reshape(-1).astype(np.float64).tolist()))


@ms.jit
def brk(x):
    for i in range(4):
        if x.sum() > 6:
            break
        x = x + i
    else:
        x = x * 100
    return x

@ms.jit
def cont(x):
    acc = x * 0
    for r in [1.0, 2.0, 3.0, 4.0]:
        if (x * r).sum() > 5:
            continue
        acc = acc + x * r
    return acc

@ms.jit
def ret(x):
    for i in range(3):
        x = x * 2
        if x.max() > 5:
            return x - i
    return x + 100

@ms.jit
def rows(m, y):
    for r in m:
        if r.sum() > y.sum():
            return r
        y = y + r
    return y

M = np.array([[1., 0.], [2., 2.], [5., 5.]], np.float32)
for i, a in enumerate(([1., 1.], [3., 3.], [-1., 0.5], [0.2, 0.1])):
    x = np.array(a, np.float32)
    show('brk %d' % i, brk(Tensor(x)))
    show('cont %d' % i, cont(Tensor(x)))
    show('ret %d' % i, ret(Tensor(x)))
    show('rows %d' % i, rows(Tensor(M), Tensor(x)))
