# PyTorch reference for tests/autodiff/cnn_train.py: the same weights and
# data, torch.nn layers (BatchNorm2d momentum 0.1 = MindSpore's 0.9),
# autograd, torch.optim.SGD(momentum=0.9) (its first step sets the buffer to
# the gradient, as MindSpore's SGD does), float64.
import numpy as np
import torch

torch.set_default_dtype(torch.float64)
f32 = lambda a: torch.tensor(np.asarray(a, np.float32).astype(np.float64))
conv = torch.nn.Conv2d(2, 4, 3, padding=1)
bn = torch.nn.BatchNorm2d(4, eps=1e-5, momentum=0.1)
fc = torch.nn.Linear(36, 3)
with torch.no_grad():
    conv.weight.copy_(f32(np.sin(np.arange(72).reshape(4, 2, 3, 3) * 0.37) * 0.4))
    conv.bias.copy_(f32([0.1, -0.1, 0.05, 0.0]))
    fc.weight.copy_(f32(np.cos(np.arange(108).reshape(3, 36) * 0.11) * 0.2))
    fc.bias.zero_()
model = torch.nn.Sequential(conv, bn, torch.nn.ReLU(), torch.nn.MaxPool2d(2, 2), torch.nn.Flatten(), fc)
model.train()
# MindSpore's trainable_params order: conv.weight, conv.bias, bn.gamma, bn.beta, fc.weight, fc.bias
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
x = f32(np.cos(np.arange(4 * 2 * 6 * 6).reshape(4, 2, 6, 6) * 0.05))
y = torch.tensor([0, 1, 2, 1])
for step in range(3):
    opt.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    print('step', step, 'loss', float(loss))
print('conv.weight', [float(v) for v in conv.weight.detach().numpy().reshape(-1)[:12]])
print('moving_mean', [float(v) for v in bn.running_mean.numpy()])
print('moving_variance', [float(v) for v in bn.running_var.numpy()])
