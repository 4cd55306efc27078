"""The reference of tests/lib/activations.py: the same activations with
PyTorch (torch.special and torch.nn.functional, float32) and their
gradients by autograd, printed in the msc script's format."""
import numpy as np
import torch
import torch.nn.functional as F

X = np.array([[-5.0, -3.0, -2.5, -1.0, -0.25, 0.0],
              [0.3, 1.0, 2.0, 3.0, 4.5, 21.0]], np.float32)
W = torch.tensor(np.arange(12).reshape(2, 6).astype(np.float32) / 10 + 0.5)

# name, torch function, the ways msc exposes it (prim, fn, nn, method)
OPS = [
    ('erfc', torch.special.erfc, ['prim', 'fn', 'method']),
    ('logsigmoid', F.logsigmoid, ['fn', 'nn']),
    ('mish', F.mish, ['prim', 'fn', 'nn']),
    ('selu', F.selu, ['prim', 'fn', 'nn']),
    ('softsign', F.softsign, ['prim', 'fn', 'nn']),
    ('hardsigmoid', F.hardsigmoid, ['prim', 'fn', 'nn']),
    ('hardswish', F.hardswish, ['prim', 'fn', 'nn']),
]


def show(tag, t):
    print(tag, ' '.join('%.7g' % v for v in t.detach().numpy().reshape(-1).tolist()))


x = torch.tensor(X)
for name, f, ways in OPS:
    y = f(x)
    for w in ways:
        show('%s %s' % (name, w), y)
# where MindSpore's gradient kernel differs from torch's autograd (at a
# kink), MindSpore's value: HSwishGrad is 0 where x + 3 <= 0 and 1 where
# x >= 3 (torch takes the middle piece's (2x + 3) / 6 at x = -3 and 3).
MS_GRAD = {
    'hardswish': lambda x, g: torch.where(x + 3 <= 0, torch.zeros_like(g), torch.where(x >= 3, W, g)),
}
for name, f, ways in OPS:
    xg = torch.tensor(X, requires_grad=True)
    (f(xg) * W).sum().backward()
    g = xg.grad
    if name in MS_GRAD:
        g = MS_GRAD[name](torch.tensor(X), g)
    show('%s grad' % name, g)
