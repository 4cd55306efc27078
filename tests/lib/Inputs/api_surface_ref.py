# The PyTorch/numpy reference of tests/lib/api_surface.py: the same cases,
# the same inputs (numpy seed 7), printed the same way.
import numpy as np
import torch
import torch.nn.functional as TF

np.random.seed(7)
f32 = np.float32


def show(name, a):
    a = np.asarray(a, dtype=np.float64).ravel()
    print(name, ' '.join('%.6e' % v for v in a))


x34 = np.random.randn(3, 4).astype(f32)
x4 = np.random.randn(1, 2, 4, 5).astype(f32)
x3 = np.random.randn(2, 3, 7).astype(f32)
w1 = np.random.randn(4, 3, 3).astype(f32)
wt = np.random.randn(2, 3, 3, 3).astype(f32)
mask = x34 > 0
idx = np.array([[2, 0, 1, 3], [1, 3, 0, 2], [0, 1, 3, 2]], np.int64)
src = np.random.randn(3, 4).astype(f32)
seq = np.random.randn(5, 2, 3).astype(f32)
T = torch.tensor
tx34 = T(x34)

show('chunk', np.concatenate([c.ravel() for c in np.array_split(x34, 2, axis=1)]))
show('masked_fill', np.where(mask, 0.5, x34))
show('repeat_interleave', np.repeat(x34, [1, 2, 0], axis=0))
show('pad_constant', np.pad(x4, ((0, 0), (0, 0), (1, 2), (2, 1)), constant_values=1.5))
show('pad_reflect', np.pad(x4, ((0, 0), (0, 0), (2, 1), (1, 2)), mode='reflect'))
show('pad_replicate', np.pad(x4, ((0, 0), (0, 0), (0, 0), (3, 1)), mode='edge'))
show('interp_nearest', TF.interpolate(T(x4), size=(7, 3), mode='nearest'))
show('interp_bilinear', TF.interpolate(T(x4), size=(6, 9), mode='bilinear', align_corners=False))
show('interp_bilinear_ac', TF.interpolate(T(x4), size=(6, 9), mode='bilinear', align_corners=True))
show('interp_linear', TF.interpolate(T(x3), scale_factor=2, mode='linear', align_corners=False))
show('scatter', torch.scatter(tx34, 1, T(idx), T(src)))
show('var', np.var(x34, axis=1, ddof=1))
show('std', np.std(x34))
show('prelu', TF.prelu(T(x4), T(np.array([0.1, -0.3], f32))))
show('conv1d', TF.conv1d(T(x3), T(w1), stride=2, padding=1))
show('conv_transpose2d', TF.conv_transpose2d(T(x4), T(wt), stride=2, padding=1))
show('max_pool1d', TF.max_pool1d(T(x3), 3, 2))
show('avg_pool1d', TF.avg_pool1d(T(x3), 2, 1))
show('adaptive_avg_pool2d', TF.adaptive_avg_pool2d(T(x4), (3, 2)))
show('vmap', np.stack([r * 2 for r in x34], 1))
# gradients of sum(f(x) * f(x)) w.r.t. x
for name, fn in (('grad_pad', lambda t: TF.pad(t, (1, 2, 2, 1), mode='reflect')),
                 ('grad_interp', lambda t: TF.interpolate(t, size=(6, 9), mode='bilinear', align_corners=False)),
                 ('grad_conv_t', lambda t: TF.conv_transpose2d(t, T(wt), stride=2, padding=1)),
                 ('grad_prelu', lambda t: TF.prelu(t, T(np.array([0.1, -0.3], f32)))),
                 ('grad_adaptive', lambda t: TF.adaptive_avg_pool2d(t, (3, 2)))):
    t = T(x4).requires_grad_(True)
    y = fn(t)
    (y * y).sum().backward()
    show(name, t.grad)
# recurrent layers with the weights msc draws (numpy seed 11, MindSpore's order)
for mode, G in (('RNN', 1), ('GRU', 3), ('LSTM', 4)):
    for bi in (False, True):
        np.random.seed(11)
        H, L = 4, 2
        net = getattr(torch.nn, mode)(3, H, L, bidirectional=bi)
        stdv = 1 / np.sqrt(H)
        with torch.no_grad():
            for layer in range(L):
                for d in range(2 if bi else 1):
                    sfx = '_reverse' if d else ''
                    ins = 3 if layer == 0 else H * (2 if bi else 1)
                    for pname, shape in (('weight_ih', (G * H, ins)), ('weight_hh', (G * H, H)),
                                         ('bias_ih', (G * H,)), ('bias_hh', (G * H,))):
                        v = np.random.uniform(-stdv, stdv, shape).astype(f32)
                        getattr(net, f'{pname}_l{layer}{sfx}').copy_(T(v))
        out, h = net(T(seq))
        show(f'{mode}_bi{int(bi)}_out', out.detach())
        show(f'{mode}_bi{int(bi)}_h', (h[0] if mode == 'LSTM' else h).detach())
