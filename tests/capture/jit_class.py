# RUN: %msc run %s | FileCheck %s
# RUN: not %msc run %s --bad-cell 2>&1 | FileCheck %s --check-prefix=ERR
# @ms.jit_class: instances created inside and outside a graph, attributes and
# methods. Expected outputs: MindSpore's static-graph syntax page
# (https://www.mindspore.cn/docs/en/r2.3.0/note/static_graph_syntax_support.html,
# jit_class section: "[1 2 3]"); the method case is checked against PyNative.
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor


@ms.jit_class
class InnerNet:
    value = Tensor(np.array([1, 2, 3]))


class Net(nn.Cell):
    @ms.jit
    def construct(self):
        return InnerNet().value


print(Net()())
# CHECK: [1 2 3]


@ms.jit_class
class Inner:
    def __init__(self, val):
        self.value = val

    def func(self, x):
        return x + self.value


class Net2(nn.Cell):
    def __init__(self):
        super().__init__()
        self.net = Inner(10)

    @ms.jit
    def construct(self, x):
        return self.net.value + self.net.func(x)


print(Net2()(Tensor(5)))
print(Inner(10).value + Inner(10).func(Tensor(5)))
# CHECK-NEXT: 25
# CHECK-NEXT: 25

if "--bad-cell" in sys.argv:
    @ms.jit_class
    class Bad(nn.Cell):
        def construct(self, x):
            return x
# ERR: error: TypeError: Decorator jit_class is used for user-defined classes and cannot be used for nn.Cell
