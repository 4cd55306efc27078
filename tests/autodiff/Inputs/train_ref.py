# numpy reference for tests/autodiff/train_equiv.py: the same network,
# data and initial weights; the forward, the hand-derived backward of
# Dense-ReLU-Dense + mean cross-entropy, and MindSpore's Adam
# (SEMANTICS.md §5: beta powers multiplied before the update, eps added to
# sqrt(v)), in float64.
import numpy as np

f32 = lambda a: np.asarray(a, np.float32).astype(np.float64)
W1 = f32(np.sin(np.arange(32).reshape(8, 4) * 0.7) * 0.5)
b1 = f32(np.linspace(-0.1, 0.1, 8))
W2 = f32(np.cos(np.arange(24).reshape(3, 8) * 0.3) * 0.4)
b2 = f32([0.05, -0.05, 0.0])
x = f32(np.linspace(-1.0, 1.0, 24).reshape(6, 4))
y = np.array([0, 2, 1, 2, 0, 1])
params = [('fc1.weight', W1), ('fc1.bias', b1), ('fc2.weight', W2), ('fc2.bias', b2)]
lr, beta1, beta2, eps = 0.05, 0.9, 0.999, 1e-8
m = [np.zeros_like(p) for _, p in params]
v = [np.zeros_like(p) for _, p in params]
p1 = p2 = 1.0
for step in range(5):
    W1, b1, W2, b2 = (p for _, p in params)
    pre = x @ W1.T + b1
    h = np.maximum(pre, 0)
    logits = h @ W2.T + b2
    z = logits - logits.max(1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(1, keepdims=True))
    n = len(y)
    loss = -logp[np.arange(n), y].mean()
    print('step', step, 'loss', float(loss))
    d = np.exp(logp)
    d[np.arange(n), y] -= 1
    d /= n
    gW2, gb2 = d.T @ h, d.sum(0)
    dh = (d @ W2) * (pre > 0)
    gW1, gb1 = dh.T @ x, dh.sum(0)
    grads = [gW1, gb1, gW2, gb2]
    p1 *= beta1
    p2 *= beta2
    new = []
    for i, ((name, p), g) in enumerate(zip(params, grads)):
        m[i] = beta1 * m[i] + (1 - beta1) * g
        v[i] = beta2 * v[i] + (1 - beta2) * g * g
        lt = lr * np.sqrt(1 - p2) / (1 - p1)
        new.append((name, p - lt * m[i] / (np.sqrt(v[i]) + eps)))
    params = new
for name, p in params:
    print('final', name, [float(v) for v in p.reshape(-1)])
