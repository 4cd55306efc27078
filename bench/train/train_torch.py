# The reference for train_graph.py: the same MLP training step (softmax
# cross-entropy, Adam, batch 64) in PyTorch eager, one thread.
# Prints "batch 64: SECONDS_PER_STEP LOSS".
import time
import numpy as np
import torch

torch.set_num_threads(1)
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(784, 512), torch.nn.ReLU(),
                            torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10))
opt = torch.optim.Adam(model.parameters(), 1e-3)
loss_fn = torch.nn.CrossEntropyLoss()
np.random.seed(0)
x = torch.from_numpy(np.random.rand(64, 1, 28, 28).astype(np.float32))
y = torch.from_numpy(np.random.randint(0, 10, (64,)).astype(np.int64))


def step():
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    return loss


step()
best = 1e9
for rep in range(5):
    n = 20
    t0 = time.perf_counter()
    for i in range(n):
        loss = step()
    best = min(best, (time.perf_counter() - t0) / n)
print(f"batch 64: {best:.9f} {float(loss):.3f}")
