# returns.py's programs in plain Python over numpy.
import numpy as np


def show(tag, t):
    if isinstance(t, (tuple, list)):
        for i, u in enumerate(t):
            show('%s.%d' % (tag, i), u)
        return
    print(tag, ' '.join('%.7g' % v for v in np.asarray(t).reshape(-1).astype(np.float64).tolist()))


f32 = np.float32


def ret_in_if(x, n):
    i = 0
    while i < n:
        if x.sum() > 10:
            return x * f32(10), i
        x = x * 2
        i = i + 1
    x = x - 100
    return x, i


def ret_for(x, n):
    for k in range(n):
        x = x + 1
        if x.max() > 4:
            return x - k
    return -x


def ret_inner(x, n):
    i = 0
    while i < n:
        j = 0
        while j < i:
            x = x + 1
            if x.sum() > 20:
                return x
            j = j + 1
        i = i + 1
    else:
        x = x * 0
    return x + 1000


def ret_plain(x, n):
    i = 0
    while i < n:
        x = x * 3
        return x
    return x - 1


def ret_deep(x, n):
    i = 0
    acc = x
    while i < n:
        i = i + 1
        if acc.max() > 3:
            if acc.min() > 2:
                return acc * f32(0.5)
            acc = acc - 1
            continue
        elif acc.sum() < -4:
            break
        acc = acc * 2
    return acc + i


def while_else(x, n):
    i = 0
    while i < n:
        if x.sum() > 10:
            break
        x = x * 2
        i = i + 1
    else:
        x = x - 100
    return x


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
        show('ret_in_if %d %d' % (i, n), ret_in_if(a, n))
        show('ret_for %d %d' % (i, n), ret_for(a, n))
        show('ret_inner %d %d' % (i, n), ret_inner(a, n))
        show('ret_plain %d %d' % (i, n), ret_plain(a, n))
        show('ret_deep %d %d' % (i, n), ret_deep(a, n))
        show('while_else %d %d' % (i, n), while_else(a, n))
        show('for_else %d %d' % (i, n), for_else(a, n))
