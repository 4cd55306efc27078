# bench/rnn/rnn.py's RNN in PyTorch eager (same weights and inputs).
import sys
import time
import numpy as np
import torch

H, T = 128, 100
CALLS = int(sys.argv[1]) if len(sys.argv) > 1 else 20
torch.set_num_threads(1)
np.random.seed(0)
wx = torch.tensor((np.random.randn(H, H) * 0.05).astype(np.float32))
wh = torch.tensor((np.random.randn(H, H) * 0.05).astype(np.float32))
b = torch.zeros((1, H))
xs = torch.tensor((np.random.RandomState(1).randn(T, 1, H) * 0.5).astype(np.float32))


def run(n):
    h = torch.zeros((1, H))
    i = torch.tensor(0)
    while i < n:
        h = torch.tanh(xs[i] @ wx + h @ wh + b)
        i = i + 1
    return h


n = torch.tensor(T)
with torch.no_grad():
    out = run(n)
    t0 = time.perf_counter()
    for _ in range(CALLS):
        out = run(n)
    dt = (time.perf_counter() - t0) / CALLS
print('%.4f' % (dt * 1e3))
print('%.6f' % float(out.sum()))
