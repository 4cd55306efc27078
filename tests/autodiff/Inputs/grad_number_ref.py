# PyTorch's gradients for tests/autodiff/grad_number_position.py: only the
# Tensor positions are differentiated (the Python number s is skipped).
import torch


def f(x, s, y):
    return (x * s * torch.sin(y)).sum()


def show(name, g):
    if isinstance(g, tuple):
        print(name, 'tuple', len(g))
        for i, t in enumerate(g):
            show(f'{name}[{i}]', t)
    else:
        print(name, tuple(g.shape), [round(float(v), 6) for v in g.reshape(-1)])


def grads(s, wrt):
    x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float32, requires_grad=True)
    y = torch.tensor([1.5, 0.25, -0.75], dtype=torch.float32, requires_grad=True)
    out = f(x, s, y)
    return out, torch.autograd.grad(out, [{'x': x, 'y': y}[k] for k in wrt])


show('all', tuple(grads(2.5, 'xy')[1]))
show('last', tuple(grads(2.5, 'y')[1]))
v, g = grads(3, 'x')
show('value', v.detach())
show('vg', tuple(g))
print('int_position', ())
