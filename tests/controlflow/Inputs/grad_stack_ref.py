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



def ret_loop(x, w, n):
    for _ in range(n):
        x = torch.sin(x * w)
        if x.sum() > 0.5:
            return (x * 3).sum()
    return x.sum()


for k, a in enumerate(([0.3, 0.2], [0.1, -0.3], [-1.0, 0.2])):
    x = torch.tensor(a, requires_grad=True)
    w = torch.tensor([1.5, 0.7], requires_grad=True)
    ret_loop(x, w, 4).backward()
    print('ret %d dx' % k, ' '.join('%.7g' % v for v in x.grad.numpy().astype(np.float64)))
    print('ret %d dw' % k, ' '.join('%.7g' % v for v in w.grad.numpy().astype(np.float64)))
