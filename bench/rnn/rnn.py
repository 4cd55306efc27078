# An RNN cell (hidden 128, batch 1) run for 100 time steps by a `while` on a
# tensor counter (bench/rnn/rnn.sh times it: Graph mode against msc's
# PyNative and PyTorch eager). Prints the time of the fastest of CALLS calls
# in ms and a checksum. argv: graph|pynative, calls.
import sys
import time
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

H, T = 128, 100
GRAPH = sys.argv[1] == 'graph'
CALLS = int(sys.argv[2]) if len(sys.argv) > 2 else 20
if GRAPH:
    ms.set_context(mode=ms.GRAPH_MODE)


class RNN(nn.Cell):
    def __init__(self):
        super().__init__()
        np.random.seed(0)
        self.wx = ms.Parameter(Tensor((np.random.randn(H, H) * 0.05).astype(np.float32)), name='wx')
        self.wh = ms.Parameter(Tensor((np.random.randn(H, H) * 0.05).astype(np.float32)), name='wh')
        self.b = ms.Parameter(Tensor(np.zeros((1, H), np.float32)), name='b')

    def construct(self, xs, h, n):
        i = Tensor(0, ms.int32)
        while i < n:
            x = ops.gather(xs, i, 0)
            h = ops.tanh(ops.matmul(x, self.wx) + ops.matmul(h, self.wh) + self.b)
            i = i + 1
        return h


net = RNN()
xs = Tensor((np.random.RandomState(1).randn(T, 1, H) * 0.5).astype(np.float32))
h0 = Tensor(np.zeros((1, H), np.float32))
n = Tensor(T, ms.int32)
out = net(xs, h0, n)  # compile
dt = 1e30
for _ in range(CALLS):  # the best call: the machine may be shared
    t0 = time.perf_counter()
    out = net(xs, h0, n)
    dt = min(dt, time.perf_counter() - t0)
print('%.4f' % (dt * 1e3))
print('%.6f' % float(out.asnumpy().sum()))
