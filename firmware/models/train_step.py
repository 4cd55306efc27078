# A training step on the Cortex-M4 (issue 8, "Training in generated C"), for
# scripts/firmware-test.sh: a linear model 16 -> 4 with a bias, a
# least-squares loss and its hand-written gradient, updated by an @ms.jit
# step through ops.assign, run for 5 steps of batch 8. `msc compile` exports
# the step as an entry that takes the batch, updates the weights held in
# RAM and returns the loss; its self-test replays the 5 steps (each loss
# checked against the reference executor's) and checks the final weights.
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, ops

np.random.seed(7)
xs = np.random.randn(5, 8, 16).astype(np.float32)
ys = np.random.randn(5, 8, 4).astype(np.float32)
w = Parameter(Tensor((np.random.randn(16, 4) * 0.1).astype(np.float32)), name="w")
b = Parameter(Tensor(np.zeros(4, np.float32)), name="b")
lr = 0.05


@ms.jit
def step(x, y):
    err = ops.matmul(x, w) + b - y
    loss = ops.mean(err * err)
    gw = ops.matmul(ops.transpose(x, (1, 0)), err) * (2.0 / 32.0)
    gb = ops.sum(err, 0) * (2.0 / 32.0)
    ops.assign(w, w - lr * gw)
    ops.assign(b, b - lr * gb)
    return loss


for i in range(5):
    print(f"step {i}: loss {float(step(Tensor(xs[i]), Tensor(ys[i]))):.6f}")
