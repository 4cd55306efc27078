# The programs of forward.py in plain Python over numpy (float32).
import numpy as np

f32 = np.float32


def show(tag, t):
    if isinstance(t, (tuple, list)):
        for i, u in enumerate(t):
            show('%s.%d' % (tag, i), u)
        return
    print(tag, ' '.join('%.7g' % v for v in np.asarray(t).reshape(-1).astype(np.float64).tolist()))


def branchy(x, y):
    if x.sum() > y.sum():
        z, k = x * f32(2), 1
    elif x.max() < 0 and y.max() < 0:
        z, k = y - x, 2
    else:
        z, k = np.maximum(x, y), 3
    w = z if not (z.mean() > 1) else z / f32(2)
    a = np.maximum(w, 0) if (x > 0).all() or (y > 0).any() else -w
    return z * f32(k) + w + a


def early(x, y):
    if x.sum() > 3:
        return x - y
    t = x * y
    if t.sum() < 0:
        return t
    return t + f32(1)


def loop(x, n):
    s = x
    acc = np.zeros_like(x)
    i = 0
    while i < n:
        s = s * f32(0.5) + f32(1)
        if s.sum() > 4:
            acc = acc + s
        else:
            acc = acc - f32(1)
        i += 1
    for k in range(n):
        acc = acc + x * f32(k)
    return s, acc


def inner(x):
    return (np.ones((3, 3), f32) @ x) * f32(0.25)


def net(x, y):
    h = x
    for _ in range(3):
        if h.sum() > y.sum():
            h = inner(h) - y
        else:
            h = inner(h + y) * f32(3.0)
    return h


X = [np.array([1.0, 2.0, 3.0], f32), np.array([-1.0, -2.0, 0.5], f32),
     np.array([-3.0, -1.0, -2.0], f32), np.array([0.25, -0.5, 0.75], f32)]
for i, a in enumerate(X):
    for j, b in enumerate(X):
        show('branchy %d %d' % (i, j), branchy(a, b))
        show('early %d %d' % (i, j), early(a, b))
        show('net %d %d' % (i, j), net(a, b))
    for n in (0, 1, 4):
        show('loop %d %d' % (i, n), loop(a, n))
