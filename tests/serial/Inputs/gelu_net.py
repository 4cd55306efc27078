# gelu_net.py — nn.GELU(approximate=False) (msc's erf GeLU, exported as
# MindSpore's composite x * (erf(x / sqrt 2) + 1) * 0.5) and
# nn.GELU(approximate=True) exported to gelu.mindir, with numpy's outputs
# for run_mindir.py (mindir_golden_bad.py).
import math
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = nn.GELU(approximate=False)
        self.b = nn.GELU(approximate=True)

    def construct(self, x):
        return self.a(x), self.b(x)


xs = [-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0]
x = np.array(xs, np.float32)
np.save("gelu.in.npy", x)
# references from Python's math module (erf, tanh), not from msc's kernels
np.save("gelu.out0.npy", np.array([0.5 * v * (1 + math.erf(v / math.sqrt(2))) for v in xs]))
np.save("gelu.out1.npy", np.array([0.5 * v * (1 + math.tanh(math.sqrt(2 / math.pi) * (v + 0.044715 * v ** 3)))
                                   for v in xs]))
ms.export(Net(), Tensor(x), file_name="gelu")
