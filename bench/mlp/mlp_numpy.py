# The same computation as mlp_msc.py in numpy: x @ W.T + b with ReLU between
# layers, float32, the same shapes (the weights are other random values: the
# work is identical). Run with OPENBLAS_NUM_THREADS=1.
# Prints "batch B: SECONDS_PER_FORWARD".
import time
import numpy as np

rng = np.random.default_rng(0)
shapes = [(512, 784), (512, 512), (10, 512)]
params = [(rng.standard_normal(s).astype(np.float32) * 0.03,
           rng.standard_normal(s[0]).astype(np.float32) * 0.03) for s in shapes]


def forward(x):
    x = x.reshape(x.shape[0], -1)
    for i, (w, b) in enumerate(params):
        x = x @ w.T + b
        if i < 2:
            x = np.maximum(x, 0)
    return x


for batch in (64, 1):
    x = rng.random((batch, 1, 28, 28)).astype(np.float32)
    forward(x)
    best = 1e9
    for rep in range(5):
        n = 200 if batch == 1 else 50
        t0 = time.perf_counter()
        for i in range(n):
            out = forward(x)
        best = min(best, (time.perf_counter() - t0) / n)
    print(f"batch {batch}: {best:.9f}")
