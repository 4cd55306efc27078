# lenet_ref.py DIR torch|numpy: the LeNet-5 forward of ../lenet.py on the
# .npy files in DIR, computed with PyTorch (torch.nn.functional) or with a
# pure numpy implementation (im2col convolution, reshape max pooling), printed
# as lenet.py prints it (once per way lenet.py runs it: pynative and graph).
import os
import sys
import numpy as np

d, how = sys.argv[1], sys.argv[2]
W = {n[:-4]: np.load(os.path.join(d, n)) for n in os.listdir(d) if n.endswith('.npy')}


def conv_np(x, w):
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    oh, ow = h - kh + 1, wd - kw + 1
    cols = np.empty((n, c, kh, kw, oh, ow), np.float64)
    for i in range(kh):
        for j in range(kw):
            cols[:, :, i, j] = x[:, :, i:i + oh, j:j + ow]
    cols = cols.reshape(n, c * kh * kw, oh * ow)
    return (w.reshape(o, -1).astype(np.float64) @ cols).reshape(n, o, oh, ow)


def pool_np(x):
    n, c, h, w = x.shape
    return x.reshape(n, c, h // 2, 2, w // 2, 2).max(axis=(3, 5))


def forward_np(x):
    x = x.astype(np.float64)
    x = pool_np(np.maximum(conv_np(x, W['conv1.weight']), 0))
    x = pool_np(np.maximum(conv_np(x, W['conv2.weight']), 0))
    x = x.reshape(x.shape[0], -1)
    x = np.maximum(x @ W['fc1.weight'].T.astype(np.float64) + W['fc1.bias'], 0)
    x = np.maximum(x @ W['fc2.weight'].T.astype(np.float64) + W['fc2.bias'], 0)
    return (x @ W['fc3.weight'].T.astype(np.float64) + W['fc3.bias']).astype(np.float32)


def forward_torch(x):
    import torch
    import torch.nn.functional as F
    t = {k: torch.from_numpy(v) for k, v in W.items()}
    with torch.no_grad():
        y = F.max_pool2d(F.relu(F.conv2d(torch.from_numpy(x), t['conv1.weight'])), 2, 2)
        y = F.max_pool2d(F.relu(F.conv2d(y, t['conv2.weight'])), 2, 2)
        y = torch.flatten(y, 1)
        y = F.relu(F.linear(y, t['fc1.weight'], t['fc1.bias']))
        y = F.relu(F.linear(y, t['fc2.weight'], t['fc2.bias']))
        return F.linear(y, t['fc3.weight'], t['fc3.bias']).numpy()


fwd = forward_torch if how == 'torch' else forward_np
for mode in ('pynative', 'graph'):
    for b in ('x1', 'x64'):
        out = fwd(W[b])
        print(mode, b, str(out.dtype), out.shape, out.reshape(-1).tolist())
