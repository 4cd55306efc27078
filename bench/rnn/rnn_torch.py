# bench/rnn/rnn.py's RNN in PyTorch eager (same weights and inputs). Prints
# the time of the fastest of CALLS calls in ms, a checksum and the OpenBLAS
# kernel set it ran on (core NAME; OPENBLAS_CORETYPE chooses it: rnn.sh).
import os
import sys
import time
import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'scripts'))
from bench_refs import openblas_core  # noqa: E402

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
    dt = 1e30
    for _ in range(CALLS):  # the best call, as rnn.py
        t0 = time.perf_counter()
        out = run(n)
        dt = min(dt, time.perf_counter() - t0)
print('%.4f' % (dt * 1e3))
print('%.6f' % float(out.sum()))
print('core', openblas_core())
