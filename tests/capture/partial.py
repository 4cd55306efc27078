# RUN: %msc run %s | FileCheck %s
# RUN: %msc run -v %s 2>&1 >/dev/null | FileCheck %s --check-prefix=LOG
# LOG: msc: jit: compiling 'f' (first call)
# ops.Partial / ops.partial / functools.partial, in PyNative and inside @ms.jit.
# Expected values: the example of
# https://mindspore.cn/docs/zh-CN/r2.3.0/api_python/ops/mindspore.ops.Partial.html
# (output1 = (1, 2, 3), output2 = (1, 3, 4)), printed as ints here.
import functools
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


def show_input(x, y, z):
    return x, y, z


partial = ops.Partial()
partial_show_input = partial(show_input, Tensor(1))
output1 = partial_show_input(Tensor(2), Tensor(3))
print([int(t) for t in output1])
output2 = partial_show_input(Tensor(3), Tensor(4))
print([int(t) for t in output2])
# CHECK: [1, 2, 3]
# CHECK-NEXT: [1, 3, 4]


def axpy(a, x, y):
    return a * x + y


@ms.jit
def f(x, y):
    g = ops.partial(axpy, 2.0)
    h = functools.partial(axpy, 3.0)
    return g(x, y) + h(x, y)


x = Tensor(np.array([1.0, 2.0], np.float32))
y = Tensor(np.array([10.0, 20.0], np.float32))
print(f(x, y))
print(ops.partial(axpy, 2.0)(x, y) + functools.partial(axpy, 3.0)(x, y))
# 2x+y + 3x+y = 5x + 2y
# CHECK-NEXT: [25. 50.]
# CHECK-NEXT: [25. 50.]
