# jumps.py's programs in plain Python over numpy.
import numpy as np


def show(tag, t):
    if isinstance(t, (tuple, list)):
        for i, u in enumerate(t):
            show('%s.%d' % (tag, i), u)
        return
    print(tag, ' '.join('%.7g' % v for v in np.asarray(t).reshape(-1).astype(np.float64).tolist()))


f32 = np.float32


def brk(x, n):
    i = 0
    s = x
    while i < n:
        s = s * f32(1.5) + f32(1)
        if s.sum() > 20:
            break
        i = i + 1
    return s, i


def cont(x, n):
    acc = x * 0
    k = 0
    for k in range(n):
        if (x * f32(k)).sum() > 3:
            continue
        acc = acc + x * f32(k)
        if acc.sum() > 10:
            break
    return acc, k


def nested(x, n):
    i = 0
    acc = x
    while i < n:
        i = i + 1
        if acc.max() > 5:
            if acc.min() > 4:
                break
            acc = acc + f32(0.5)
            continue
        acc = acc * f32(2)
    return acc, i


def while_in_if(x, n):
    if x.sum() > 0:
        i = 0
        while i < n:
            x = x * f32(0.5) - f32(1)
            if x.sum() < -2:
                break
            i = i + 1
    else:
        x = x * f32(3)
    return x


def rows(m, y):
    acc = y
    for r in m:
        if r.sum() > acc.sum():
            acc = acc + r
        else:
            acc = acc - r * f32(0.5)
    return acc


X = [np.array([1.0, 2.0], np.float32), np.array([-1.0, 0.5], np.float32), np.array([3.0, 0.25], np.float32)]
M = np.array([[1.0, -2.0], [0.5, 0.5], [3.0, 1.0]], np.float32)
for i, a in enumerate(X):
    for n in (0, 1, 2, 5, 9):
        show('brk %d %d' % (i, n), brk(a, n))
        if n:
            show('cont %d %d' % (i, n), cont(a, n))
        show('nested %d %d' % (i, n), nested(a, n))
        show('wif %d %d' % (i, n), while_in_if(a, n))
    show('rows %d' % i, rows(M, a))
