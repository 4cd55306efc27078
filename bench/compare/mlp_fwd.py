# The seed MLP (784-512-512-10) forward at batch 64, seeded: a bench model
# of scripts/compare-c.py (msc compile; the entry is MLP_construct).
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
np.random.seed(0)


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.seq = nn.SequentialCell(nn.Dense(784, 512), nn.ReLU(), nn.Dense(512, 512), nn.ReLU(), nn.Dense(512, 10))

    def construct(self, x):
        return self.seq(self.flatten(x))


MLP()(Tensor(np.random.rand(64, 1, 28, 28).astype(np.float32)))
