# train.py's network, loss and SGD in PyTorch.
import numpy as np
import torch

torch.set_default_dtype(torch.float32)
W = {
    'fc1.weight': np.sin(np.arange(12).reshape(4, 3) * 0.9) * 0.6,
    'fc1.bias': np.array([0.1, -0.2, 0.05, 0.0]),
    'rec.weight': np.cos(np.arange(16).reshape(4, 4) * 0.4) * 0.3,
    'rec.bias': np.array([0.0, 0.1, -0.1, 0.05]),
    'fc2.weight': np.sin(np.arange(8).reshape(2, 4) * 0.5 + 1) * 0.5,
    'fc2.bias': np.array([0.02, -0.03]),
}
P = {k: torch.tensor(v.astype(np.float32), requires_grad=True) for k, v in W.items()}


def net(x):
    h = x @ P['fc1.weight'].T + P['fc1.bias']
    if h.sum() > 0:
        h = torch.relu(h)
    else:
        h = torch.tanh(h) * 2
    for _ in range(2):
        h = torch.tanh(h @ P['rec.weight'].T + P['rec.bias']) + h * 0.5
    return h @ P['fc2.weight'].T + P['fc2.bias']


opt = torch.optim.SGD(list(P.values()), lr=0.1)
for step in range(5):
    x = torch.tensor((np.cos(np.arange(6).reshape(2, 3) * (step + 1)) * (1.5 if step % 2 else -1.5)).astype(np.float32))
    y = torch.tensor((np.array([[0.5, -0.5], [1.0, 0.25]]) * (step + 1) * 0.3).astype(np.float32))
    opt.zero_grad()
    loss = ((net(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
    print('step', step, 'loss', '%.6g' % float(loss))
for k, v in P.items():
    print('final', k, ' '.join('%.6g' % float(t) for t in v.detach().reshape(-1)))
