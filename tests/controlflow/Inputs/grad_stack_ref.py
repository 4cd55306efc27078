# grad_stack.py's gradients by PyTorch autograd.
import numpy as np
import torch

x0 = torch.tensor(np.linspace(-1, 1, 16).astype(np.float32))
w0 = torch.tensor(np.linspace(0.5, 1.5, 16).astype(np.float32))
for n in (0, 1, 7, 300):
    x = x0.clone().requires_grad_(True)
    w = w0.clone().requires_grad_(True)
    y = x
    for _ in range(n):
        y = torch.tanh(y * w + 0.01)
    y.sum().backward()
    dw = w.grad if w.grad is not None else torch.zeros(16)
    print('n %d dx' % n, ' '.join('%.7g' % v for v in x.grad.numpy().astype(np.float64)))
    print('n %d dw' % n, ' '.join('%.7g' % v for v in dw.numpy().astype(np.float64)))
