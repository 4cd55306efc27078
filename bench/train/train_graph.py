# One training step of the 784-512-512-10 MLP (softmax cross-entropy, Adam,
# batch 64) compiled whole by @ms.jit: forward, loss, gradients and the Adam
# update in one graph (issue 8's performance figure). The first call
# compiles (outside the timed loop). Prints "batch 64: SECONDS_PER_STEP LOSS"
# (the loss after the timed steps, as a checksum).
import time
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

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
loss_fn = nn.CrossEntropyLoss()
optimizer = nn.Adam(model.trainable_params(), 1e-3)


def forward_fn(data, label):
    return loss_fn(model(data), label)


grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters)


@ms.jit
def train_step(data, label):
    loss, grads = grad_fn(data, label)
    optimizer(grads)
    return loss


x = Tensor(np.random.rand(64, 1, 28, 28).astype(np.float32))
y = Tensor(np.random.randint(0, 10, (64,)).astype(np.int32))
loss = train_step(x, y)
best = 1e9
for rep in range(5):
    n = 20
    t0 = time.perf_counter()
    for i in range(n):
        loss = train_step(x, y)
    best = min(best, (time.perf_counter() - t0) / n)
print(f"batch 64: {best:.9f} {float(loss):.3f}")
