# pyloops.py's programs in plain Python over numpy.
import numpy as np


def show(tag, t):
    print(tag, ' '.join('%.7g' % v for v in np.asarray(t).reshape(-1).astype(np.float64).tolist()))


def brk(x):
    for i in range(4):
        if x.sum() > 6:
            break
        x = x + i
    else:
        x = x * 100
    return x

def cont(x):
    acc = x * 0
    for r in [1.0, 2.0, 3.0, 4.0]:
        if (x * r).sum() > 5:
            continue
        acc = acc + x * r
    return acc

def ret(x):
    for i in range(3):
        x = x * 2
        if x.max() > 5:
            return x - i
    return x + 100

def rows(m, y):
    for r in m:
        if r.sum() > y.sum():
            return r
        y = y + r
    return y

M = np.array([[1., 0.], [2., 2.], [5., 5.]], np.float32)
for i, a in enumerate(([1., 1.], [3., 3.], [-1., 0.5], [0.2, 0.1])):
    x = np.array(a, np.float32)
    show('brk %d' % i, brk(x))
    show('cont %d' % i, cont(x))
    show('ret %d' % i, ret(x))
    show('rows %d' % i, rows(M, x))
