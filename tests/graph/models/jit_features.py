# @ms.jit features whose results must not depend on the mode: constant
# (non-tensor) arguments, Parameters updated between calls (never folded),
# tuple results, an unrolled for loop, a Cell with @ms.jit construct, the
# functional ms.jit(fn), print inside a graph, repeated calls.
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter

np.random.seed(1)


@ms.jit
def scale(x, k):
    return x * k


@ms.jit
def stats(x):
    return x.sum(), x.mean(axis=0), ops.relu(x - 0.5)


@ms.jit
def unrolled(x):
    for i in range(3):
        x = x * 2 + i
    return x


def affine(x, w, b):
    print("affine in:", x)
    return ops.matmul(x, w) + b


affine_jit = ms.jit(affine)


class Acc(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.random.randn(3, 2).astype(np.float32)), name='w')
        self.b = Parameter(Tensor(np.zeros(2, np.float32)), name='b')

    @ms.jit
    def construct(self, x):
        return ops.matmul(x, self.w) + self.b


x = Tensor(np.random.randn(4, 3).astype(np.float32))
print(scale(x, 2))
print(scale(x, 3))          # another constant: another graph
print(scale(x, 2.5))
s, m, r = stats(x)
print(s, m, r)
print(unrolled(x))
print(unrolled(Tensor(np.arange(6).reshape(2, 3), ms.int32)))
w = Tensor(np.random.randn(3, 5).astype(np.float32))
b = Tensor(np.random.randn(5).astype(np.float32))
print(affine_jit(x, w, b))
net = Acc()
print(net(x))
net.b.set_data(Tensor(np.ones(2, np.float32)))   # the graph must see the new value
print(net(x))
net.w.set_data(net.w * 2)
print(net(x))
for i in range(3):
    x = scale(x, 0.5) + 1
print(x)
