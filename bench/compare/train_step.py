# The MLP training step (CrossEntropyLoss, Adam, batch 64), seeded: a bench
# model of scripts/compare-c.py.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
np.random.seed(0)
net = nn.SequentialCell(nn.Flatten(), nn.Dense(784, 512), nn.ReLU(), nn.Dense(512, 512), nn.ReLU(),
                        nn.Dense(512, 10))
loss = nn.CrossEntropyLoss()
opt = nn.Adam(net.trainable_params(), learning_rate=1e-3)
step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
x = Tensor(np.random.rand(64, 1, 28, 28).astype(np.float32))
y = Tensor(np.random.randint(0, 10, (64,)).astype(np.int32))
step(x, y)
