# ops.stop_gradient cuts the gradient (the value flows, the derivative does
# not) and Parameter(requires_grad=False) is not among trainable_params, so
# it gets no gradient from a weights list built from them. PyNative and jit
# (cc, ref), against gradients worked out by hand:
# f(x) = sum(stop(x * w) * x + x * v): df/dx = x * w + v, df/dw = 0,
# f = (2 + 12 - 16) + 0.5 * 7 = 1.5 at x = (1, 2, 4), w = (2, 3, -1).
# RUN: %msc run %s pynative | FileCheck %s
# RUN: %msc run %s jit | FileCheck %s
# RUN: %msc run --backend=ref %s jit | FileCheck %s
# CHECK: trainable ['w']
# CHECK-NEXT: dx [2.5, 6.5, -3.5]
# CHECK-NEXT: dw [0.0, 0.0, 0.0]
# CHECK-NEXT: value 1.5
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([2.0, 3.0, -1.0]), ms.float32), name='w')
        self.v = Parameter(Tensor(np.array([0.5, 0.5, 0.5]), ms.float32), name='v', requires_grad=False)

    def construct(self, x):
        return (ops.stop_gradient(x * self.w) * x + x * self.v).sum()


net = Net()
print('trainable', [p.name for p in net.trainable_params()])
vg = ms.value_and_grad(net, 0, net.trainable_params())
if sys.argv[1] == 'jit':
    vg = ms.jit(vg)
x = Tensor(np.array([1.0, 2.0, 4.0]), ms.float32)
value, (dx, dws) = vg(x)
print('dx', [float(a) for a in dx.asnumpy()])
print('dw', [float(a) for a in dws[0].asnumpy()])
print('value', float(value))
