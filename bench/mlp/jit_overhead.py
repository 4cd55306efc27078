# The cost of one Graph-mode call that does (almost) no work: a GRAPH_MODE
# Cell like the seed MLP's (six Parameters: three Dense layers of shape 1x1,
# so the per-call checks of inputs and Parameters are the same in number)
# on a 1x1 float32 input. What remains is msc's call path: argument checks,
# output allocation, the call into the dlopen'ed function, the result
# Tensor. Subtracted from the MLP's batch-1 time by scripts/graph_bench.py
# to estimate the generated C alone. Prints "overhead: SECONDS_PER_CALL".
import time
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
np.random.seed(0)


class Tiny(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense_relu_sequential = nn.SequentialCell(
            nn.Dense(1, 1), nn.ReLU(), nn.Dense(1, 1), nn.ReLU(), nn.Dense(1, 1))

    def construct(self, x):
        return self.dense_relu_sequential(x)


model = Tiny()
x = Tensor(np.random.rand(1, 1).astype(np.float32))
out = model(x)
best = 1e9
for rep in range(5):
    n = 2000
    t0 = time.perf_counter()
    for i in range(n):
        out = model(x)
    best = min(best, (time.perf_counter() - t0) / n)
print(f"overhead: {best:.9f}")
