# Dense -> ReLU -> Dense -> Softmax in GRAPH_MODE: the Softmax has no int8
# kernel and stays float32 (tests/quant/errors.py).
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
ms.set_seed(3)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(8, 16)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(16, 4)
        self.softmax = nn.Softmax()

    def construct(self, x):
        return self.softmax(self.fc2(self.relu(self.fc1(x))))


net = Net()
print(net(Tensor(np.random.RandomState(0).randn(2, 8).astype(np.float32))).shape)
