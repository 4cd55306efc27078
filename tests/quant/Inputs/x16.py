# Two int8 MLPs for tests/quant/x16.py: Chain (three Dense layers, batch 3,
# the hidden activation also returned) keeps its int8 values as x16 rows;
# Flat (a reshape between its Dense layers) cannot.
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
ms.set_seed(5)


class Chain(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(20, 36)
        self.fc2 = nn.Dense(36, 18)
        self.fc3 = nn.Dense(18, 6)
        self.relu = nn.ReLU()

    def construct(self, x):
        h = self.relu(self.fc1(x))
        return self.fc3(self.relu(self.fc2(h))), h


class Flat(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(20, 24)
        self.fc2 = nn.Dense(12, 6)

    def construct(self, x):
        return self.fc2(ops.reshape(self.fc1(x), (6, 12)))


r = np.random.RandomState(0)
y, h = Chain()(Tensor(r.randn(3, 20).astype(np.float32)))
print(y.shape, h.shape)
print(Flat()(Tensor(r.randn(3, 20).astype(np.float32))).shape)
