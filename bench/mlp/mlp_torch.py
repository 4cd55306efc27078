# The same computation as mlp_msc.py in PyTorch eager mode (Debian's
# python3-torch), float32, one thread, no autograd: Linear (x @ W.T + b) with
# ReLU between layers, the same shapes (other random weights: the work is
# identical). Prints "batch B: SECONDS_PER_FORWARD", timed like mlp_numpy.py.
import time
import torch

torch.set_num_threads(1)
torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Flatten(),
    torch.nn.Linear(28 * 28, 512), torch.nn.ReLU(),
    torch.nn.Linear(512, 512), torch.nn.ReLU(),
    torch.nn.Linear(512, 10)).eval()

with torch.no_grad():
    for batch in (64, 1):
        x = torch.rand(batch, 1, 28, 28, dtype=torch.float32)
        model(x)
        best = 1e9
        for rep in range(5):
            n = 200 if batch == 1 else 50
            t0 = time.perf_counter()
            for i in range(n):
                out = model(x)
            best = min(best, (time.perf_counter() - t0) / n)
        print(f"batch {batch}: {best:.9f}")
