# The programs of grad.py in PyTorch: autograd's gradients.
import numpy as np
import torch


def show(tag, t):
    if isinstance(t, (tuple, list)):
        for i, u in enumerate(t):
            show('%s.%d' % (tag, i), u)
        return
    print(tag, ' '.join('%.6g' % v for v in t.detach().double().reshape(-1).tolist()))


def branch(x, y):
    if x.sum() > y.sum():
        z = x * y + torch.sin(x)
    elif x.max() < 0:
        z = torch.exp(x) * y
    else:
        z = x * x - y
    return (z * z).sum()


def cond_expr(x, y):
    z = x * y if x.mean() > 0 else x - y * y
    return torch.tanh(z).sum()


def early(x, y):
    if x.sum() > 3:
        return (x * y).sum()
    t = torch.sigmoid(x - y)
    return (t * x).sum()


def loop(x, w, n):
    h = x
    for _ in range(n):
        h = torch.tanh(h * w + 0.1)
        if h.sum() > 0:
            h = h * 0.5
    return h.sum()


def loop_const(x, w):
    h = x
    for _ in range(4):
        h = torch.tanh(h * w + x)
    return h.sum()


def loop_break(x, n):
    h = x
    for _ in range(n):
        h = torch.sin(h) * 1.5 + x
        if h.sum() > 4:
            break
    return h.sum()


def grads(f, *a):
    a = [torch.tensor(v, requires_grad=True) for v in a]
    out = f(*a)
    return out, torch.autograd.grad(out, a, allow_unused=True)


X = [np.array([1.0, 2.0, 3.0], np.float32), np.array([-1.0, -2.0, -0.5], np.float32),
     np.array([0.5, -0.25, 0.75], np.float32)]
for i, a in enumerate(X):
    for j, b in enumerate(X):
        show('branch %d %d' % (i, j), grads(branch, a, b)[1])
        show('cond %d %d' % (i, j), grads(cond_expr, a, b)[1])
        v, g = grads(early, a, b)
        show('early %d %d' % (i, j), (v, g))
w = np.array([0.9, -1.1, 0.7], np.float32)
for i, a in enumerate(X):
    for n in (0, 1, 3):
        g = grads(lambda x, w: loop(x, w, n), a, w)[1]
        show('loop %d %d' % (i, n), tuple(torch.zeros(3) if t is None else t for t in g))
    show('const %d' % i, grads(loop_const, a, w)[1])
    for n in (1, 2, 5):
        show('break %d %d' % (i, n), grads(lambda x: loop_break(x, n), a)[1][0])
