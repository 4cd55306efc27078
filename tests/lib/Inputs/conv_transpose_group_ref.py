# torch's grouped conv_transpose2d for tests/lib/conv_transpose_group.py:
# MindSpore's 'valid' is torch's padding 0 (k >= stride here), 'same' the
# full output cropped to H * stride rows (top/left get the smaller half).
import numpy as np
import torch
import torch.nn.functional as TF

f32 = np.float32
np.random.seed(3)
x = np.random.randn(2, 4, 5, 6).astype(f32)
cases = [(2, 6, 3, 1, 'pad', 1, 1), (2, 4, 3, 2, 'pad', 1, 1), (4, 8, 2, 2, 'valid', 0, 1),
         (2, 6, 3, 2, 'same', 0, 1), (4, 4, 3, 1, 'pad', 2, 2)]


def show(name, a):
    a = np.asarray(a.detach().numpy(), dtype=np.float64).ravel()
    print(name, ' '.join(['%.6e' % v for v in a.tolist()]))


def convt(t, w, g, s, mode, p, d):
    if mode == 'pad':
        return TF.conv_transpose2d(t, w, None, s, p, 0, g, d)
    y = TF.conv_transpose2d(t, w, None, s, 0, 0, g, d)
    if mode == 'same':
        oh, ow = t.shape[2] * s, t.shape[3] * s
        th, tw = y.shape[2] - oh, y.shape[3] - ow
        y = y[:, :, th // 2:th // 2 + oh, tw // 2:tw // 2 + ow]
    return y


for i, (g, cout, k, s, mode, p, d) in enumerate(cases):
    w = torch.tensor(np.random.randn(4, cout // g, k, k).astype(f32), requires_grad=True)
    t = torch.tensor(x, requires_grad=True)
    y = convt(t, w, g, s, mode, p, d)
    show(f'c{i}_y', y)
    (y * y).sum().backward()
    show(f'c{i}_gx', t.grad)
    show(f'c{i}_gw', w.grad)
wf = torch.tensor(np.random.randn(4, 3, 3, 3).astype(f32))
show('functional', TF.conv_transpose2d(torch.tensor(x), wf, None, 2, 1, 1, 2, 1))
