# LeNet-5 forward (Conv2d(1,6,5) ReLU MaxPool2d(2,2) Conv2d(6,16,5) ReLU
# MaxPool2d(2,2) Flatten Dense(400,120) ReLU Dense(120,84) ReLU Dense(84,10),
# 32x32 single-channel input) in Graph mode (construct compiled to C by
# `msc run`), timed inside msc like bench/mlp/mlp_graph.py; default
# initialisers from np.random.seed(0). The first call per batch size compiles
# (outside the timed loop). `msc run --mode=pynative` runs the same script
# eagerly (the same checksum). Prints "batch B: SECONDS_PER_FORWARD CHECKSUM"
# for B in 64 and 1.
import time
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
np.random.seed(0)


class LeNet5(nn.Cell):
    def __init__(self, num_class=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode='valid')
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode='valid')
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_class)

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


model = LeNet5()
for batch in (64, 1):
    x = Tensor(np.random.rand(batch, 1, 32, 32).astype(np.float32))
    out = model(x)
    best = 1e9
    for rep in range(5):
        n = 200 if batch == 1 else 20
        t0 = time.perf_counter()
        for i in range(n):
            out = model(x)
        best = min(best, (time.perf_counter() - t0) / n)
    print(f"batch {batch}: {best:.9f} {float(out.sum()):.4f}")
