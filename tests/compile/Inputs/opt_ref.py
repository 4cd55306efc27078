# The numpy reference of tests/compile/opt_step.py: the same data, the
# gradient of MSELoss through Dense by hand, and MindSpore's Adam
# (mindspore/nn/optim/adam.py, the CPU Adam kernel's order of operations)
# and Momentum (ApplyMomentum) updates, float32 throughout.
import numpy as np

f32 = np.float32
np.random.seed(3)
w0 = (np.random.randn(4, 8) * 0.3).astype(f32)
b0 = (np.random.randn(4) * 0.1).astype(f32)
xs = np.random.randn(4, 16, 8).astype(f32)
ys = np.random.randn(4, 16, 4).astype(f32)


def grads(w, b, x, y):
    err = x @ w.T + b - y
    loss = np.mean(err * err)
    d = err * f32(2.0 / err.size)
    return loss, d.T @ x, d.sum(0)


class Adam:
    def __init__(self, lr, b1=f32(0.9), b2=f32(0.999), eps=f32(1e-8)):
        self.lr, self.b1, self.b2, self.eps = f32(lr), b1, b2, eps
        self.b1p = self.b2p = f32(1.0)
        self.m, self.v = {}, {}

    def begin(self):
        self.b1p, self.b2p = f32(self.b1p * self.b1), f32(self.b2p * self.b2)
        self.lr_t = self.lr * (np.sqrt(f32(1) - self.b2p) / (f32(1) - self.b1p))

    def update(self, k, p, g):
        m = self.m.get(k, np.zeros_like(p))
        v = self.v.get(k, np.zeros_like(p))
        m = m + (g - m) * (f32(1) - self.b1)
        v = v + (g * g - v) * (f32(1) - self.b2)
        self.m[k], self.v[k] = m, v
        return p - self.lr_t * (m / (np.sqrt(v) + self.eps))


class Momentum:
    def __init__(self, lr, mom):
        self.lr, self.mom, self.acc = f32(lr), f32(mom), {}

    def begin(self):
        pass

    def update(self, k, p, g):
        a = self.acc.get(k, np.zeros_like(p)) * self.mom + g
        self.acc[k] = a
        return p - a * self.lr


state = {}
for name, opt in (('adam', Adam(0.05)), ('momentum', Momentum(0.05, 0.9))):
    state[name] = [w0.copy(), b0.copy(), opt]
for i in range(4):
    for name in ('adam', 'momentum'):
        w, b, opt = state[name]
        loss, gw, gb = grads(w, b, xs[i], ys[i])
        opt.begin()
        state[name][:2] = [opt.update('w', w, gw), opt.update('b', b, gb)]
        print(f"{name} {i} {float(loss):.6f}")
for name in ('adam', 'momentum'):
    print(name, "w", state[name][0].reshape(-1))
    print(name, "b", state[name][1])
