# Reference for ../train_wrappers.py: the same network in PyTorch (float32),
# gradients by torch autograd; Momentum = torch.optim.SGD(momentum=0.9)
# (MindSpore's ApplyMomentum: v = 0.9 v + g, p -= lr v, identical to torch
# without dampening); Adam with MindSpore's update applied to torch's
# gradients (eps added to sqrt(v), beta powers advanced before the step).
import numpy as np
import torch

np.random.seed(11)
f32 = np.float32
W1 = (np.random.randn(3, 4) * 0.5).astype(f32)
B1 = (np.random.randn(3) * 0.1).astype(f32)
W2 = (np.random.randn(1, 3) * 0.5).astype(f32)
B2 = (np.random.randn(1) * 0.1).astype(f32)
X = torch.from_numpy(np.random.randn(8, 4).astype(f32))
Y = torch.from_numpy(np.random.randn(8, 1).astype(f32))
NAMES = ['l1.weight', 'l1.bias', 'l2.weight', 'l2.bias']


def show(name, a):
    a = np.asarray(a)
    print(name, str(a.dtype), a.shape, a.reshape(-1).tolist())


def params():
    return [torch.tensor(v.copy(), requires_grad=True) for v in (W1, B1, W2, B2)]


def loss_of(ps):
    h = torch.tanh(X @ ps[0].T + ps[1])
    return torch.mean((h @ ps[2].T + ps[3] - Y) ** 2)


print('names', NAMES)
ps = params()
opt = torch.optim.SGD(ps, lr=0.1, momentum=0.9)
for k in range(5):
    opt.zero_grad()
    loss = loss_of(ps)
    loss.backward()
    opt.step()
    show('train_one_step loss', loss.detach().numpy())
for n, p in zip(NAMES, ps):
    show(n, p.detach().numpy())

ps = params()
m = [np.zeros_like(p.detach().numpy()) for p in ps]
v = [np.zeros_like(p.detach().numpy()) for p in ps]
b1, b2, eps, lr = f32(0.9), f32(0.999), f32(1e-3), f32(0.05)
b1p, b2p = f32(1), f32(1)
for k in range(5):
    for p in ps:
        p.grad = None
    loss = loss_of(ps)
    loss.backward()
    b1p, b2p = b1p * b1, b2p * b2
    new_lr = lr * np.sqrt(f32(1) - b2p) / (f32(1) - b1p)
    with torch.no_grad():
        for i, p in enumerate(ps):
            g = p.grad.numpy()
            m[i] = m[i] + (g - m[i]) * (f32(1) - b1)
            v[i] = v[i] + (g * g - v[i]) * (f32(1) - b2)
            p -= torch.from_numpy(new_lr * (m[i] / (np.sqrt(v[i]) + eps)))
    show('jit_adam loss', loss.detach().numpy())
for n, p in zip(NAMES, ps):
    show(n, p.detach().numpy())
show('beta1_power', b1p)
