# The seed MLP (784-512-512-10) forward in Graph mode (construct compiled to C
# by `msc run`: ast capture, codegen, cc, dlopen), timed inside msc exactly as
# mlp_msc.py times PyNative; the same seed, so the same weights and checksum.
# The first call per batch size compiles (outside the timed loop).
# Prints "batch B: SECONDS_PER_FORWARD CHECKSUM" for B in 64 and 1.
import time
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
np.random.seed(0)


class Network(nn.Cell):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.dense_relu_sequential = nn.SequentialCell(
            nn.Dense(28 * 28, 512), nn.ReLU(), nn.Dense(512, 512), nn.ReLU(), nn.Dense(512, 10))

    def construct(self, x):
        return self.dense_relu_sequential(self.flatten(x))


model = Network()
for batch in (64, 1):
    x = Tensor(np.random.rand(batch, 1, 28, 28).astype(np.float32))
    out = model(x)
    best = 1e9
    for rep in range(5):
        n = 200 if batch == 1 else 50
        t0 = time.perf_counter()
        for i in range(n):
            out = model(x)
        best = min(best, (time.perf_counter() - t0) / n)
    print(f"batch {batch}: {best:.9f} {float(out.sum()):.4f}")
