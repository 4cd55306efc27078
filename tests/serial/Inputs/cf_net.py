# cf_net.py — a network with a tensor `if` and a tensor `while`
# (mindir_control_flow.py): run, exported as MindIR, loaded back with
# ms.load + nn.GraphCell (PyNative from the script, and inside an @ms.jit).
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(Tensor(np.array([0.5, -1.0, 2.0], np.float32)), name="w")

    def construct(self, x):
        if x.sum() > 0:
            y = x * self.w
        else:
            y = x - self.w
        n = Tensor(0, ms.int32)
        while ops.abs(y).sum() < 20.0:
            y = y * 2.0 + 1.0
            n = n + 1
        return y, n


net = Net()
xs = [np.array([1.0, 2.0, -0.5], np.float32), np.array([-1.0, -2.0, 0.5], np.float32),
      np.array([0.1, 0.1, 0.1], np.float32)]
for x in xs:
    y, n = net(Tensor(x))
    print("net", y.asnumpy().tolist(), int(n))
ms.export(net, Tensor(xs[0]), file_name="cf")
g = nn.GraphCell(ms.load("cf.mindir"))
for x in xs:
    y, n = g(Tensor(x))
    print("graphcell", y.asnumpy().tolist(), int(n))


@ms.jit
def f(x):
    y, n = g(x)
    return y, n + 10


for x in xs:
    y, n = f(Tensor(x))
    print("jit", y.asnumpy().tolist(), int(n) - 10)
