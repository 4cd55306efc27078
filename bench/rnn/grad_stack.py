# The gradient of a while loop of N steps (a 16-element state; argv: N):
# prints the mean time of one call and the two gradients' sums. The states
# saved for the gradient go into stacks updated in place, so the time grows
# as N, not N^2 (bench/rnn/grad_stack.sh).
import sys, time
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor
ms.set_context(mode=ms.GRAPH_MODE)
N = int(sys.argv[1])

def f(x, w, n):
    i = Tensor(0, ms.int32)
    while i < n:
        x = ops.tanh(x * w + 0.01)
        i = i + 1
    return x.sum()

g = ms.jit(ms.grad(f, grad_position=(0, 1)))
x = Tensor(np.full(16, 0.5, np.float32)); w = Tensor(np.full(16, 0.9, np.float32)); n = Tensor(N, ms.int32)
r = g(x, w, n)
t0 = time.perf_counter()
for _ in range(5):
    r = g(x, w, n)
print('%.2f ms' % ((time.perf_counter() - t0) / 5 * 1e3), float(r[0].asnumpy().sum()), float(r[1].asnumpy().sum()))
