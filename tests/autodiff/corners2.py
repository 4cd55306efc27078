# More corners, checked by hand: Python control flow on a tensor's value in
# PyNative (sum(x) = -1 takes the second branch: d/da sum(3a) = 3); has_aux
# with a list output; GradOperation(get_all) skips non-Tensor arguments; a
# lambda (its name is no IR identifier); Gather + slicing gradients
# (indices 1, 1, 0 plus a[1:]: [1, 3]); has_aux at GRAPH_MODE top level;
# TrainOneStepCell fed by a dataset in GRAPH_MODE (MSE of 0.1 at the
# start: 0.01, then decreasing).
# RUN: %msc run %s | FileCheck %s
# RUN: %msc run --backend=ref %s | FileCheck %s
# CHECK: [3. 3.]
# CHECK-NEXT: ([Tensor(shape=[], dtype=Float32, value= -2), Tensor(shape=[2], dtype=Float32, value= [ 1.00000000e+00, -2.00000000e+00])], Tensor(shape=[2], dtype=Float32, value= [ 2.00000000e+00,  2.00000000e+00]))
# CHECK-NEXT: (Tensor(shape=[2], dtype=Float32, value= [ 3.00000000e+00,  3.00000000e+00]),)
# CHECK-NEXT: [1. 3.]
# CHECK-NEXT: (Tensor(shape=[2], dtype=Float32, value= [ 2.00000000e+00,  2.00000000e+00]), (Tensor(shape=[2], dtype=Float32, value= [ 1.00000000e+00, -2.00000000e+00]),))
# CHECK-NEXT: 0.01000000070780515{{[0-9]*}}
# CHECK-NEXT: 0.001600000{{[0-9]*}}
# CHECK-NEXT: 0.000256000{{[0-9]*}}
# CHECK-NEXT: 4.0960{{[0-9]*}}e-05
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, ops, Tensor, Parameter
x = Tensor(np.array([1.0, -2.0]), ms.float32)
def f(a):
    if float(a.sum()) > 0:
        return (a * a).sum()
    return (a * 3).sum()
print(ms.grad(f)(x))
def f2(a, k):
    return [(a * k).sum(), a]
print(ms.value_and_grad(f2, 0, has_aux=True)(x, 2))
print(ops.GradOperation(get_all=True)(lambda a, k: (a * k).sum())(x, 3))
def f3(a):
    return ops.gather(a, Tensor(np.array([1, 1, 0]), ms.int32), 0).sum() + a[1:].sum()
print(ms.grad(f3)(x))
ms.set_context(mode=ms.GRAPH_MODE)
print(ms.grad(f2, 0, has_aux=True)(x, 2))
net = nn.Dense(2, 1)
net.weight.set_data(Tensor(np.array([[0.5, -0.5]]), ms.float32))
net.bias.set_data(Tensor(np.array([0.1]), ms.float32))
step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1))
data = ds.NumpySlicesDataset((np.ones((4, 2), np.float32), np.zeros((4, 1), np.float32)), shuffle=False).batch(2)
for epoch in range(2):
    for a, b in data:
        print(float(step(a, b)))
