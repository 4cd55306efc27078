# set_context/get_context, modes, set_seed, jit (all forms run eagerly
# until graph mode lands) and mutable.
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

print(ms.GRAPH_MODE, ms.PYNATIVE_MODE, ms.get_context("mode"), ms.context.get_context("mode"))
ms.set_context(mode=ms.GRAPH_MODE)
print(ms.get_context("mode"))
ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU", my_key=3)
print(ms.get_context("mode"), ms.get_context("device_target"), ms.get_context("my_key"))
ms.set_context(jit_syntax_level=ms.STRICT)
print(ms.get_context("jit_syntax_level") == ms.STRICT, ms.STRICT, ms.LAX)


@ms.jit
def f(x, y):
    return ops.add(x, y)


@ms.jit(capture_mode="trace")
def g(x):
    return x * 2


def h(x):
    return x - 1


h2 = ms.jit(h)
x = Tensor([1.0, 2.0])
print(f(x, x), g(x), h2(x), ms.mutable(3), ms.mutable((1, 2)))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(2, 1, weight_init='ones', bias_init='zeros')

    @ms.jit
    def construct(self, x):
        return self.fc(x)


net = Net()
net.compile(Tensor([[1.0, 2.0]]))
print(net(Tensor([[1.0, 2.0]])))
net.set_inputs(Tensor(np.ones([1, 2]), ms.float32))
print(net.get_inputs()[0].shape, ms.JitConfig(jit_level="O1").jit_config_dict["jit_level"])
ms.set_seed(42)
print(ms.get_seed())
a = np.random.rand(3)
ms.set_seed(42)
print(bool((np.random.rand(3) == a).all()))
ms.set_context(mode=5)

# ----------------------------------------------------------------------
# RUN: not %msc run %s > %t.out 2> %t.err
# RUN: FileCheck %s < %t.out
# RUN: FileCheck --check-prefix=ERR %s < %t.err
# CHECK: 0 1 1 1
# CHECK-NEXT: 0
# CHECK-NEXT: 1 CPU 3
# CHECK-NEXT: True 0 2
# CHECK-NEXT: [2. 4.] [2. 4.] [0. 1.] 3 (1, 2)
# CHECK-NEXT: {{\[\[}}3.]]
# CHECK-NEXT: (1, 2) O1
# CHECK-NEXT: 42
# CHECK-NEXT: True
# ERR: context_jit.py:55:1: error: ValueError: For 'context.set_context', the argument 'mode' should be context.GRAPH_MODE (0) or context.PYNATIVE_MODE (1), but got 5.
