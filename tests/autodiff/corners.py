# Corners of the gradient API, checked by hand: keyword arguments reach the
# function (d/da sum(a * 3) = 3); an output that depends on no input gives
# zeros (and an empty traced graph); a Parameter passed as an argument is
# differentiated like any input (d/dp sum(p * a) = a, d/da = p); an integer
# input gets zeros of its dtype; grad inside @ms.jit with a keyword; a
# GradOperation with sens_param inside a GRAPH_MODE construct
# (d/da a^2 weighted by s = 2 a s). Both backends, and the sanitizer build
# runs it too.
# RUN: %msc run %s | FileCheck %s
# RUN: %msc run --backend=ref %s | FileCheck %s
# CHECK: [3. 3.]
# CHECK-NEXT: [0. 0.]
# CHECK-NEXT: (Tensor(shape=[2], dtype=Float32, value= [ 1.00000000e+00,  2.00000000e+00]), Tensor(shape=[2], dtype=Float32, value= [ 3.00000000e+00,  4.00000000e+00]))
# CHECK-NEXT: [0 0]
# CHECK-NEXT: [5. 5.]
# CHECK-NEXT: [2. 2.]
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter
x = Tensor(np.array([1.0, 2.0]), ms.float32)
w = Parameter(Tensor(np.array([3.0, 4.0]), ms.float32), name='w')
def f(a, b=None, scale=2.0):
    return (a * scale).sum()
print(ms.grad(f)(x, scale=3.0))
def g(a):
    return ops.ones((2,), ms.float32).sum()
print(ms.grad(g)(x))
def h(p, a):
    return (p * a).sum()
print(ms.grad(h, (0, 1))(w, x))
def k(a, n):
    return (a * n).sum()
print(ms.grad(k, 1)(x, Tensor(np.array([1, 2]), ms.int32)))
@ms.jit
def j(a):
    return ms.grad(f)(a, scale=5.0)
print(j(x))
class GN(nn.Cell):
    def __init__(self):
        super().__init__()
        self.g = ops.GradOperation(sens_param=True)
    def construct(self, a, s):
        return self.g(ops.square)(a, s)
ms.set_context(mode=ms.GRAPH_MODE)
print(GN()(x, Tensor(np.array([1.0, 0.5]), ms.float32)))
