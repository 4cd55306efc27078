# capture_once.py's programs in plain Python over numpy.
import numpy as np


def show(tag, t):
    for i, u in enumerate(t):
        print('%s.%d' % (tag, i), ' '.join('%.7g' % v for v in np.asarray(u).reshape(-1).tolist()))


def f1(x, n):
    i = 0
    while i < n:
        if x.sum() > 10:
            return x * np.float32(10), i
        x = x * 2
        i = i + 1
    return x - 100, i


def f2(x, n, m):
    for k in range(n):
        j = 0
        while j < m:
            if x.sum() > 50:
                return x, j
            x = x + 1
            j = j + 1
        x = x * 2
    return x, -1


for a in ([1.0, 2.0], [-1.0, 0.5], [3.0, 9.25]):
    for n in (0, 2, 5):
        show('f1 %s %d' % (a, n), f1(np.array(a, np.float32), n))
        show('f2 %s %d' % (a, n), f2(np.array(a, np.float32), n, 3))
