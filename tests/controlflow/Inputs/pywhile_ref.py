# pywhile.py's programs in plain Python over numpy.
import numpy as np


def show(tag, t):
    t = t if isinstance(t, tuple) else (t,)
    for i, u in enumerate(t):
        print('%s.%d' % (tag, i), ' '.join('%.7g' % v for v in np.asarray(u, np.float64).reshape(-1).tolist()))


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


def ret(x):
    i = 0
    while i < 3:
        i += 1
        if x.max() > 5:
            return x * 10
        x = x + 2
    return x - 1


def counter(x):
    i = 0
    while i < 5:
        if x.sum() > 4:
            break
        i = i + 1
        x = x * 2
    return x, i


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
        show('%s %s' % (name, a), f(np.array(a, np.float32)))
