# Tensor control flow in graphs (eval/ctlflow.c): if/elif/else, conditional
# expressions, and/or/not, return inside branches, while on a tensor
# condition, for over range of a tensor bound, nested, in functions and in
# construct, calling Cells inside branches; each input pair takes each
# branch. Values against the same program in plain Python over numpy
# (Inputs/forward_ref.py), in PyNative, in Graph mode (cc at every -O
# level, the reference executor) and as generated C (msc compile + the
# self-test, also built for Cortex-M).
# RUN: %python %S/Inputs/forward_ref.py > %t.ref
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
# RUN: rm -rf %t.lib && %msc compile %s -o %t.lib --name cf -- graph > /dev/null
# RUN: bash %S/../compile/Inputs/check-lib.sh --quick %t.lib cf | FileCheck --check-prefix=LIB %s
# LIB: == gcc
# LIB-NEXT: cf_branchy: ok
# LIB-NEXT: cf_early: ok
# LIB-NEXT: cf_Net_construct: ok
# LIB-NEXT: cf_loop: ok
# LIB: == arm-none-eabi-gcc: no warnings
# LIB: check-lib: ok
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

GRAPH = len(sys.argv) > 1 and sys.argv[1] == 'graph'
if GRAPH:
    ms.set_context(mode=ms.GRAPH_MODE)
jit = ms.jit if GRAPH else (lambda f: f)


def show(tag, t):
    if isinstance(t, (tuple, list)):
        for i, u in enumerate(t):
            show('%s.%d' % (tag, i), u)
        return
    print(tag, ' '.join('%.7g' % v for v in t.asnumpy().reshape(-1).astype(np.float64).tolist()))


@jit
def branchy(x, y):
    # elif chain; a variable set in every branch; a Python number joined
    if x.sum() > y.sum():
        z = x * 2
        k = 1
    elif (x.max() < 0) and (y.max() < 0):
        z = y - x
        k = 2
    else:
        z = ops.maximum(x, y)
        k = 3
    w = z if not (z.mean() > 1) else z / 2
    a = ops.relu(w) if (x > 0).all() or (y > 0).any() else -w
    return z * k + w + a


@jit
def early(x, y):
    # return inside a branch: the rest of the function is the else
    if x.sum() > 3:
        return x - y
    t = x * y
    if t.sum() < 0:
        return t
    return t + 1


@jit
def loop(x, n):
    # while on a tensor counter with two carried values; for over range(n)
    i = 0
    s = x
    acc = ops.zeros_like(x)
    while i < n:
        s = s * 0.5 + 1
        if s.sum() > 4:
            acc = acc + s
        else:
            acc = acc - 1
        i = i + 1
    for k in range(n):
        acc = acc + x * k
    return s, acc


class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 3, weight_init='ones', bias_init='zeros')

    def construct(self, x):
        return self.fc(x) * 0.25


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Inner()
        self.scale = 3.0

    def construct(self, x, y):
        h = x
        j = Tensor(0, ms.int32)
        while j < 3:
            if h.sum() > y.sum():
                h = self.inner(h) - y
            else:
                h = self.inner(h + y) * self.scale
            j += 1
        return h


X = [np.array([1.0, 2.0, 3.0], np.float32), np.array([-1.0, -2.0, 0.5], np.float32),
     np.array([-3.0, -1.0, -2.0], np.float32), np.array([0.25, -0.5, 0.75], np.float32)]
net = Net()
for i, a in enumerate(X):
    for j, b in enumerate(X):
        x, y = Tensor(a), Tensor(b)
        show('branchy %d %d' % (i, j), branchy(x, y))
        show('early %d %d' % (i, j), early(x, y))
        show('net %d %d' % (i, j), net(x, y))
    for n in (0, 1, 4):
        show('loop %d %d' % (i, n), loop(Tensor(a), Tensor(n)))
