# The same LeNet-5 forward as lenet_graph.py in PyTorch eager mode (Debian's
# python3-torch), float32, one thread, no autograd, the same shapes (other
# random weights: the work is identical). Prints "batch B: SECONDS_PER_FORWARD",
# timed like lenet_graph.py.
import time
import torch

torch.set_num_threads(1)
torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Conv2d(1, 6, 5), torch.nn.ReLU(), torch.nn.MaxPool2d(2, 2),
    torch.nn.Conv2d(6, 16, 5), torch.nn.ReLU(), torch.nn.MaxPool2d(2, 2),
    torch.nn.Flatten(),
    torch.nn.Linear(400, 120), torch.nn.ReLU(),
    torch.nn.Linear(120, 84), torch.nn.ReLU(),
    torch.nn.Linear(84, 10)).eval()

with torch.no_grad():
    for batch in (64, 1):
        x = torch.rand(batch, 1, 32, 32, dtype=torch.float32)
        model(x)
        best = 1e9
        for rep in range(5):
            n = 200 if batch == 1 else 20
            t0 = time.perf_counter()
            for i in range(n):
                out = model(x)
            best = min(best, (time.perf_counter() - t0) / n)
        print(f"batch {batch}: {best:.9f}")
