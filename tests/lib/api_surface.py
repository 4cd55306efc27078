# Issue 19's functional ops, layers and vmap against PyTorch/numpy
# (Inputs/api_surface_ref.py): values and gradients, in PyNative and in
# Graph mode (each case an @ms.jit function) with cc and the reference
# executor; the recurrent layers (nn.RNN/GRU/LSTM, 2 layers, uni- and
# bidirectional) with the weights they draw, compared with torch.nn's.
# RUN: %python %S/Inputs/api_surface_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run %s graph > %t.cc
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.cc
# RUN: %msc run --backend=ref %s graph > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.refexec
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

GRAPH = sys.argv[1] == 'graph'
np.random.seed(7)
f32 = np.float32


def show(name, a):
    if isinstance(a, Tensor):
        a = a.asnumpy()
    a = np.asarray(a, dtype=np.float64).ravel()
    print(name, ' '.join(['%.6e' % v for v in a.tolist()]))


def run(name, fn, *args):
    f = ms.jit(fn) if GRAPH else fn
    show(name, f(*[Tensor(a) for a in args]))


x34 = np.random.randn(3, 4).astype(f32)
x4 = np.random.randn(1, 2, 4, 5).astype(f32)
x3 = np.random.randn(2, 3, 7).astype(f32)
w1 = np.random.randn(4, 3, 3).astype(f32)
wt = np.random.randn(2, 3, 3, 3).astype(f32)
mask = x34 > 0
idx = np.array([[2, 0, 1, 3], [1, 3, 0, 2], [0, 1, 3, 2]], np.int64)
src = np.random.randn(3, 4).astype(f32)
seq = np.random.randn(5, 2, 3).astype(f32)
pw = np.array([0.1, -0.3], f32)

run('chunk', lambda x: ops.concat([c.reshape(-1) for c in ops.chunk(x, 2, 1)]), x34)
run('masked_fill', lambda x, m: ops.masked_fill(x, m, 0.5), x34, mask)
run('repeat_interleave', lambda x: ops.repeat_interleave(x, [1, 2, 0], 0), x34)
run('pad_constant', lambda x: ops.pad(x, (2, 1, 1, 2), value=1.5), x4)
run('pad_reflect', lambda x: ops.pad(x, (1, 2, 2, 1), mode='reflect'), x4)
run('pad_replicate', lambda x: ops.pad(x, (3, 1), mode='replicate'), x4)
run('interp_nearest', lambda x: ops.interpolate(x, size=(7, 3), mode='nearest'), x4)
run('interp_bilinear', lambda x: ops.interpolate(x, size=(6, 9), mode='bilinear', align_corners=False), x4)
run('interp_bilinear_ac', lambda x: ops.interpolate(x, size=(6, 9), mode='bilinear', align_corners=True), x4)
run('interp_linear', lambda x: ops.interpolate(x, scale_factor=2.0, mode='linear', align_corners=False), x3)
run('scatter', lambda x, i, s: ops.scatter(x, 1, i, s), x34, idx, src)
run('var', lambda x: x.var(1, ddof=1), x34)
run('std', lambda x: x.std(), x34)
run('prelu', lambda x, w: ops.prelu(x, w), x4, pw)
run('conv1d', lambda x, w: ops.conv1d(x, w, stride=2, pad_mode='pad', padding=1), x3, w1)
run('conv_transpose2d', lambda x, w: ops.conv_transpose2d(x, w, stride=2, padding=(1, 1, 1, 1)), x4, wt)
run('max_pool1d', lambda x: ops.max_pool1d(x, 3, 2), x3)
run('avg_pool1d', lambda x: ops.avg_pool1d(x, 2, 1), x3)
run('adaptive_avg_pool2d', lambda x: ops.adaptive_avg_pool2d(x, (3, 2)), x4)
run('vmap', lambda x: ms.vmap(lambda r: r * 2, in_axes=0, out_axes=1)(x), x34)


def sq(fn):
    def loss(x):
        y = fn(x)
        return (y * y).sum()
    return ms.grad(loss)


cases = (('grad_pad', lambda t: ops.pad(t, (1, 2, 2, 1), mode='reflect')),
         ('grad_interp', lambda t: ops.interpolate(t, size=(6, 9), mode='bilinear', align_corners=False)),
         ('grad_conv_t', lambda t: ops.conv_transpose2d(t, Tensor(wt), stride=2, padding=(1, 1, 1, 1))),
         ('grad_prelu', lambda t: ops.prelu(t, Tensor(pw))),
         ('grad_adaptive', lambda t: ops.adaptive_avg_pool2d(t, (3, 2))))
for name, fn in cases:
    run(name, sq(fn), x4)

for mode in ('RNN', 'GRU', 'LSTM'):
    for bi in (False, True):
        np.random.seed(11)
        net = getattr(nn, mode)(3, 4, 2, bidirectional=bi)
        f = ms.jit(lambda s: net(s)) if GRAPH else (lambda s: net(s))
        out, h = f(Tensor(seq))
        show(f'{mode}_bi{int(bi)}_out', out)
        show(f'{mode}_bi{int(bi)}_h', h[0] if mode == 'LSTM' else h)
