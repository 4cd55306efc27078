# The input gradient of Conv2D (Conv2DBackpropInput, runtime/nn.c) against
# numpy (float64 loops over the taps), eagerly and in a JIT'd graph: with
# stride 1 and dilation 1 it runs as the forward convolution of dy with the
# flipped, channel-swapped weights (bpi_transposed: the forward's direct
# kernels, no col2im), symmetric and asymmetric padding, a 1x3 kernel,
# groups; and the cases that keep GEMM + col2im: padding beyond the kernel
# size - 1, stride 2, dilation 2, a 1x1 kernel. Relative error 1e-5.
# RUN: %msc run %s > %t.out
# RUN: %python %s --check %t.out | FileCheck %s
# CHECK-COUNT-16: ok
# CHECK-NOT: error
import sys
import numpy as np

# (x shape, w shape, padding (top, bottom, left, right), stride, dilation, group)
CASES = [
    ((3, 4, 12, 11), (6, 4, 3, 3), (1, 1, 1, 1), 1, 1, 1),
    ((2, 3, 13, 14), (5, 3, 5, 5), (0, 2, 1, 3), 1, 1, 1),
    ((2, 3, 9, 10), (4, 3, 1, 3), (0, 0, 1, 1), 1, 1, 1),
    ((2, 6, 10, 9), (4, 3, 3, 3), (2, 0, 1, 0), 1, 1, 2),
    ((2, 3, 8, 8), (4, 3, 3, 3), (3, 1, 0, 3), 1, 1, 1),
    ((2, 3, 11, 12), (4, 3, 3, 3), (1, 1, 1, 1), 2, 1, 1),
    ((2, 3, 12, 12), (4, 3, 3, 3), (2, 2, 2, 2), 1, 2, 1),
    ((2, 8, 7, 6), (5, 8, 1, 1), (0, 0, 0, 0), 1, 1, 1),
]


def data(k):
    r = np.random.RandomState(k)
    xs, ws, pad, s, d, g = CASES[k]
    x = r.randn(*xs).astype(np.float32)
    w = r.randn(*ws).astype(np.float32)
    oh = (xs[2] + pad[0] + pad[1] - d * (ws[2] - 1) - 1) // s + 1
    ow = (xs[3] + pad[2] + pad[3] - d * (ws[3] - 1) - 1) // s + 1
    dy = r.randn(xs[0], ws[0], oh, ow).astype(np.float32)
    return x, w, dy


def ref_dx(k):
    xs, ws, pad, s, d, g = CASES[k]
    x, w, dy = (a.astype(np.float64) for a in data(k))
    n, cin, h, wd = xs
    cout, cig, kh, kw = ws
    cog = cout // g
    oh, ow = dy.shape[2], dy.shape[3]
    dxp = np.zeros((n, cin, h + pad[0] + pad[1], wd + pad[2] + pad[3]))
    for gi in range(g):
        dyg = dy[:, gi * cog:(gi + 1) * cog]
        wg = w[gi * cog:(gi + 1) * cog]
        for a in range(kh):
            for b in range(kw):
                contrib = np.einsum('noij,oc->ncij', dyg, wg[:, :, a, b])
                dxp[:, gi * cig:(gi + 1) * cig, a * d:a * d + s * (oh - 1) + 1:s,
                    b * d:b * d + s * (ow - 1) + 1:s] += contrib
    return dxp[:, :, pad[0]:pad[0] + h, pad[2]:pad[2] + wd]


if len(sys.argv) > 2 and sys.argv[1] == '--check':
    lines = open(sys.argv[2]).read().split('\n')
    for line in lines:
        if not line:
            continue
        mode, k, vals = line.split(' ', 2)
        ref = ref_dx(int(k))
        got = np.array([float(v) for v in vals.split()]).reshape(ref.shape)
        err = np.abs(got - ref).max() / max(1.0, np.abs(ref).max())
        print(mode, k, 'ok' if err < 1e-5 else 'error %g' % err)
    sys.exit(0)

import mindspore as ms
from mindspore import Tensor, ops

for k, (xs, ws, pad, s, d, g) in enumerate(CASES):
    x, w, dy = data(k)

    def loss(a, b, e):
        return (ops.conv2d(a, b, stride=s, pad_mode='pad', padding=pad, dilation=d, groups=g) * e).sum()

    gx = ms.grad(loss, grad_position=0)
    for mode, f in (('eager', gx), ('jit', ms.jit(gx))):
        r = f(Tensor(x), Tensor(w), Tensor(dy))
        print(mode, k, ' '.join(repr(v) for v in r.asnumpy().ravel().tolist()))
