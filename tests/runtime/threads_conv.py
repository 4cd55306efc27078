# MSC_NUM_THREADS (driver/threads.c, runtime/nn.c): a convolution large
# enough splits over the threads -- the forward and the input gradient by
# images, the filter gradient by output channels -- and gives the same
# bits as one thread, eagerly and in a JIT'd graph (which calls msc's own
# msrt_*); the values are numpy's (float64 loops over the windows) within
# float32 rounding. 4 images of 3x24x24, 8 filters 5x5, padding 2: 1.4M
# multiply-adds per kernel, above the split's threshold (1M).
# RUN: %msc run %s > %t.1
# RUN: env MSC_NUM_THREADS=2 %msc run %s > %t.2
# RUN: env MSC_NUM_THREADS=3 %msc run %s > %t.3
# RUN: cmp %t.1 %t.2
# RUN: cmp %t.1 %t.3
# RUN: %python %s --check %t.2 | FileCheck %s
# CHECK: eager: forward ok, input gradient ok, filter gradient ok
# CHECK: jit: forward ok, input gradient ok, filter gradient ok
import sys
import numpy as np

np.random.seed(1)
x = np.random.randn(4, 3, 24, 24).astype(np.float32)
w = np.random.randn(8, 3, 5, 5).astype(np.float32)
dy = np.random.randn(4, 8, 24, 24).astype(np.float32)

if len(sys.argv) > 2 and sys.argv[1] == '--check':
    from numpy.lib.stride_tricks import sliding_window_view
    xd, wd, dyd = x.astype(np.float64), w.astype(np.float64), dy.astype(np.float64)
    xp = np.pad(xd, ((0, 0), (0, 0), (2, 2), (2, 2)))
    win = sliding_window_view(xp, (5, 5), axis=(2, 3))  # n c oh ow kh kw
    out = np.einsum('ncijhw,ochw->noij', win, wd)
    dw = np.einsum('ncijhw,noij->ochw', win, dyd)
    dxp = np.zeros_like(xp)
    for a in range(5):
        for b in range(5):
            dxp[:, :, a:a + 24, b:b + 24] += np.einsum('noij,oc->ncij', dyd, wd[:, :, a, b])
    dx = dxp[:, :, 2:26, 2:26]
    lines = open(sys.argv[2]).read().split('\n')
    for mode, line in zip(('eager', 'jit'), lines):
        got = [float(t) for t in line.split()]
        res = []
        for name, ref in (('forward', out), ('input gradient', dx), ('filter gradient', dw)):
            part = np.array(got[:ref.size]).reshape(ref.shape)
            got = got[ref.size:]
            err = np.abs(part - ref).max() / max(1.0, np.abs(ref).max())
            res.append('%s %s' % (name, 'ok' if err < 1e-5 else 'error %g' % err))
        assert not got, len(got)
        print('%s: %s' % (mode, ', '.join(res)))
    sys.exit(0)

import mindspore as ms
from mindspore import Tensor, ops


def loss(a, b, g):
    return (ops.conv2d(a, b, pad_mode='pad', padding=2) * g).sum()


def step(a, b, g):
    o = ops.conv2d(a, b, pad_mode='pad', padding=2)
    da, db = ms.grad(loss, grad_position=(0, 1))(a, b, g)
    return o, da, db


for f in (step, ms.jit(step)):
    r = f(Tensor(x), Tensor(w), Tensor(dy))
    print(' '.join(repr(v) for t in r for v in t.asnumpy().ravel().tolist()))
