# RUN: %msc run --backend=ref %s | FileCheck %s --strict-whitespace
# print inside a graph uses MindSpore's graph format (each argument on its
# own line, Tensor(shape=..., dtype=..., value=...)), runs each time the
# graph runs, and lands in order with the interpreter's own output.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter

ms.set_context(mode=ms.GRAPH_MODE)

class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, -2.0]), ms.float32), name='w')

    def construct(self, x, n):
        y = x * self.w
        print('y:', y, n, (1, 2))
        print(self.w)
        return y

net = Net()
x = Tensor(np.array([5.0, 1.0]), ms.float32)
print('before')
out = net(x, 3)
print('between')
out = net(x, 3)
print('after', out)
# CHECK: before
# CHECK-NEXT: y:
# CHECK-NEXT: Tensor(shape=[2], dtype=Float32, value=[ 5.00000000e+00 -2.00000000e+00])
# CHECK-NEXT: 3
# CHECK-NEXT: (1, 2)
# CHECK-NEXT: Tensor(shape=[2], dtype=Float32, value=[ 1.00000000e+00 -2.00000000e+00], name=w)
# CHECK-NEXT: between
# CHECK-NEXT: y:
# CHECK: after [ 5. -2.]
