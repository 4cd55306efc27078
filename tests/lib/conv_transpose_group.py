# nn.Conv2dTranspose and ops.conv_transpose2d with group > 1 against
# torch.nn.functional.conv_transpose2d on the same weights
# (Inputs/conv_transpose_group_ref.py): pad modes 'pad', 'valid' and
# 'same', strides and dilation, and the gradients of sum(y*y) with respect
# to the input and the weight, in PyNative and Graph mode (@ms.jit), within
# 1e-4 relative (float32 sums of up to 36 products, in other orders).
# RUN: %python %S/Inputs/conv_transpose_group_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../autodiff/Inputs/close.py 1e-4 %t.ref %t.pyn
# RUN: %msc run %s graph > %t.cc
# RUN: %python %S/../autodiff/Inputs/close.py 1e-4 %t.ref %t.cc
# RUN: not %msc run %s bad 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: error: ValueError: For 'Conv2dTranspose', the 'out_channels' must be divisible by attr 'group', but got 'out_channels': 5 and 'group': 2.
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter

case = sys.argv[1]
GRAPH = case == 'graph'
if case == 'bad':
    nn.Conv2dTranspose(4, 5, 3, group=2)
f32 = np.float32
np.random.seed(3)
x = np.random.randn(2, 4, 5, 6).astype(f32)
cases = [  # (group, cout, k, stride, pad_mode, padding, dilation)
    (2, 6, 3, 1, 'pad', 1, 1),
    (2, 4, 3, 2, 'pad', 1, 1),
    (4, 8, 2, 2, 'valid', 0, 1),
    (2, 6, 3, 2, 'same', 0, 1),
    (4, 4, 3, 1, 'pad', 2, 2),
]


def show(name, a):
    a = np.asarray(a.asnumpy(), dtype=np.float64).ravel()
    print(name, ' '.join(['%.6e' % v for v in a.tolist()]))


for i, (g, cout, k, s, mode, p, d) in enumerate(cases):
    w = np.random.randn(4, cout // g, k, k).astype(f32)
    net = nn.Conv2dTranspose(4, cout, k, stride=s, pad_mode=mode, padding=p, dilation=d, group=g,
                             weight_init=Tensor(w))

    def loss(t):
        y = net(t)
        return (y * y).sum()

    fwd = ms.jit(lambda t: net(t)) if GRAPH else (lambda t: net(t))
    gfn = ms.grad(loss, grad_position=0, weights=net.weight)
    gfn = ms.jit(gfn) if GRAPH else gfn
    show(f'c{i}_y', fwd(Tensor(x)))
    gx, gw = gfn(Tensor(x))
    show(f'c{i}_gx', gx)
    show(f'c{i}_gw', gw)
y = ops.conv_transpose2d(Tensor(x), Tensor(np.random.randn(4, 3, 3, 3).astype(f32)), None, 2, (1, 1, 1, 1), 1, 1, 2)
show('functional', y)
