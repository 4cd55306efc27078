# break, continue and return inside an `if` on a tensor inside a Python
# `while` (its condition a number): as MindSpore expands a while on a
# constant condition, each path runs the rest of the function itself: the
# rest of the body, the loop again from its condition (not after a break),
# its else clause (not after a break), and what follows: each path keeps
# its own counters, so the loop unrolls along it; a condition that becomes
# a tensor (a counter a tensor if joined) makes the rest of the loop a
# graph While (becomes). Against the same programs in
# plain Python over numpy (Inputs/pywhile_ref.py), in PyNative and Graph
# (cc, ref). `while True` and other errors: return_errors.py.
# RUN: %python %S/Inputs/pywhile_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run %s graph > %t.g
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.g
# RUN: %msc run --backend=ref %s graph > %t.gref
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.gref
import sys
import numpy as np
import mindspore as ms
from mindspore import Tensor

GRAPH = sys.argv[1] == 'graph'
if GRAPH:
    ms.set_context(mode=ms.GRAPH_MODE)
jit = ms.jit if GRAPH else (lambda f: f)


def show(tag, t):
    t = t if isinstance(t, tuple) else (t,)
    for i, u in enumerate(t):
        u = u.asnumpy() if hasattr(u, 'asnumpy') else u
        print('%s.%d' % (tag, i), ' '.join('%.7g' % v for v in np.asarray(u, np.float64).reshape(-1).tolist()))


@jit
def brk(x):
    i = 0
    while i < 4:
        i += 1
        if x.sum() > 6:
            break
        x = x * 2
    else:
        x = x - 100
    return x, i


@jit
def cont(x):
    i = 0
    s = x * 0
    while i < 4:
        i += 1
        if x.sum() > 6:
            continue
        s = s + x
        x = x * 2
    return s + x


@jit
def ret(x):
    i = 0
    while i < 3:
        i += 1
        if x.max() > 5:
            return x * 10
        x = x + 2
    return x - 1


@jit
def counter(x):
    i = 0
    while i < 5:
        if x.sum() > 4:
            break
        i = i + 1
        x = x * 2
    return x, i


@jit
def nested(x):
    i = 0
    while i < 3:
        j = 0
        while j < 2:
            j += 1
            if x.sum() > 20:
                return x
            if x.sum() < -5:
                continue
            x = x + 3
        i += 1
        x = x * 2
    return x - 1


@jit
def becomes(x):
    i = 0
    while i < 6:
        if x.sum() > 50:
            break
        i = i + 2 if x.sum() > 3 else i + 1
        x = x * 2
    return x, i


for a in ([1.0, 1.0], [3.0, 4.0], [-4.0, -2.0], [0.25, 0.5]):
    for name, f in (('brk', brk), ('cont', cont), ('ret', ret), ('counter', counter), ('nested', nested),
                    ('becomes', becomes)):
        show('%s %s' % (name, a), f(Tensor(np.array(a, np.float32))))
