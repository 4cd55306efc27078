# Tensor control flow on the Cortex-M4 (issue 16), for
# scripts/firmware-test.sh: an RNN cell (hidden 16) run by a `while` on a
# tensor counter whose trip count is an input, with an `if` on the hidden
# state inside (plain C if/for in the generated code), and a training step
# whose loss goes through a data-dependent branch and a loop with a
# compile-time trip count: its gradient saves the loop's states per
# iteration in a bounded stack (the loop's max_iterations) and runs the
# taken branch's backward. `msc compile` exports both graphs; the
# self-test checks each call against the reference executor.
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, nn, ops

ms.set_context(mode=ms.GRAPH_MODE)
H = 16
rs = np.random.RandomState(3)


class Cell(nn.Cell):
    def __init__(self):
        super().__init__()
        self.wx = Parameter(Tensor((rs.randn(H, H) * 0.2).astype(np.float32)), name='wx')
        self.wh = Parameter(Tensor((rs.randn(H, H) * 0.2).astype(np.float32)), name='wh')

    def construct(self, xs, h, n):
        i = Tensor(0, ms.int32)
        while i < n:
            h = ops.tanh(ops.matmul(ops.gather(xs, i, 0), self.wx) + ops.matmul(h, self.wh))
            if h.sum() > 0:
                h = h * 0.5
            i = i + 1
        return h


cell = Cell()
xs = Tensor((rs.randn(8, 1, H) * 0.5).astype(np.float32))
h0 = Tensor(np.zeros((1, H), np.float32))
for n in (8, 3):
    print('rnn', n, float(cell(xs, h0, Tensor(n, ms.int32)).sum()))

w = Parameter(Tensor((rs.randn(H, 4) * 0.3).astype(np.float32)), name='w')


def loss_fn(x, y):
    z = ops.matmul(x, w)
    if z.sum() > 0:
        z = ops.tanh(z)
    else:
        z = z * 0.5
    k = Tensor(0)
    while k < 3:
        z = z * 0.9 + ops.sin(z)
        k = k + 1
    return ((z - y) ** 2).mean()


grad_fn = ms.value_and_grad(loss_fn, None, (w,))


@ms.jit
def train_step(x, y):
    loss, g = grad_fn(x, y)
    ops.assign(w, w - 0.1 * g[0])
    return loss


for s in range(4):
    x = Tensor((rs.randn(2, H) * (1 if s % 2 else -1)).astype(np.float32))
    y = Tensor(rs.randn(2, 4).astype(np.float32))
    print('step', s, float(train_step(x, y)))
