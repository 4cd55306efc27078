# Reference for ../nn_layers.py (argv[1]: pynative or graph): the same draws
# from numpy's legacy stream in the same order, computed with numpy/PyTorch.
import math
import sys
import numpy as np
import torch
import torch.nn.functional as TF

mode = sys.argv[1]
np.random.seed(7)
f32 = np.float32


def he_uniform(shape, fan_in):
    # HeUniform(negative_slope=sqrt(5)): bound sqrt(6 / ((1 + 5) fan_in)) = 1 / sqrt(fan_in)
    b = math.sqrt(6.0 / ((1 + 5) * fan_in))
    return np.random.uniform(-b, b, shape).astype(f32)


# Net.__init__, in order: conv (weight, bias), conv_s (weight), conv_g (weight),
# bn (constants), ..., ln (constants), emb (Normal(0.01)), bn1, dropout
conv_w = he_uniform((4, 3, 3, 3), 27)
conv_b = np.random.uniform(-1 / math.sqrt(27), 1 / math.sqrt(27), (4,)).astype(f32)
conv_s_w = he_uniform((4, 3, 2, 3), 18)
conv_g_w = he_uniform((6, 1, 3, 3), 9)
emb = np.random.normal(0.0, 0.01, (6, 3)).astype(f32)
x = np.random.randn(2, 3, 7, 7).astype(f32)
ids = np.array([[5, 0, 2], [1, 1, 3]], np.int64)
v = np.random.randn(4, 5).astype(f32)
bn_mean = np.random.randn(4).astype(f32)
bn_var = np.random.rand(4).astype(f32) + 0.5
bn_g = np.random.randn(4).astype(f32)
bn_b = np.random.randn(4).astype(f32)


def show(name, a):
    a = np.asarray(a)
    print(name, str(a.dtype), a.shape, a.reshape(-1).tolist())


def t(a):
    return torch.from_numpy(np.ascontiguousarray(a))


def same_pad(size, k, s, d=1):
    out = (size + s - 1) // s
    total = max((out - 1) * s + (k - 1) * d + 1 - size, 0)
    return total // 2, total - total // 2


def bn_eval(a, m, var, g, b, eps=1e-5):
    c = (1, -1) + (1,) * (a.ndim - 2)
    return ((a - m.reshape(c)) / np.sqrt(var.reshape(c) + eps) * g.reshape(c) + b.reshape(c)).astype(f32)


def forward(train):
    with torch.no_grad():
        tx = t(x)
        y = TF.conv2d(TF.pad(tx, (1, 1, 1, 1)), t(conv_w), t(conv_b)).numpy()
        pt, pb = same_pad(7, 2, 2)
        pl, pr = same_pad(7, 3, 2)
        ys = TF.conv2d(TF.pad(tx, (pl, pr, pt, pb)), t(conv_s_w), None, 2).numpy()
        yg = TF.conv2d(TF.pad(tx, (2, 1, 1, 0)), t(conv_g_w), None, 1, 0, (1, 2), 3).numpy()
        if train:
            m = y.mean((0, 2, 3))
            var = y.var((0, 2, 3))
            b = bn_eval(y, m, var, bn_g, bn_b)
        else:
            b = bn_eval(y, bn_mean, bn_var, bn_g, bn_b)
        ty = t(y)
        pool = TF.max_pool2d(ty, 2, 2).numpy()
        qt, qb = same_pad(7, 3, 2)
        pool_same = TF.max_pool2d(TF.pad(ty, (qt, qb, qt, qb), value=-math.inf), 3, 2).numpy()
        avg = TF.avg_pool2d(tx, 2, 1).numpy()
        avg_pad = TF.avg_pool2d(tx, 3, 2, 1, count_include_pad=False).numpy()
        flat = TF.max_pool2d(t(b), 2, 2).numpy().reshape(2, -1)
        xd = x.astype(np.float64)
        gelu = (0.5 * xd * (1 + np.tanh(math.sqrt(2 / math.pi) * (xd + 0.044715 * xd ** 3)))).astype(f32)
        gelu_erf = (0.5 * xd * (1 + np.vectorize(math.erf)(xd / math.sqrt(2)))).astype(f32)
        leaky = np.where(x >= 0, x, 0.2 * x).astype(f32)
        silu = (xd / (1 + np.exp(-xd))).astype(f32)
        softplus = np.where(xd > 20, xd, np.log1p(np.exp(xd))).astype(f32)
        ln = TF.layer_norm(tx, (7,), eps=1e-5).numpy()
        e = emb[ids]
        if train:
            bn1 = bn_eval(v, v.mean(0), v.var(0), np.ones(5, f32), np.zeros(5, f32))
        else:
            bn1 = bn_eval(v, np.zeros(5, f32), np.ones(5, f32), np.ones(5, f32), np.zeros(5, f32))
        return [y, ys, yg, b, pool, pool_same, avg, avg_pad, flat, gelu, gelu_erf, leaky, silu, softplus, ln, e,
                bn1, v]


print('names', ['conv.weight', 'conv.bias', 'conv_s.weight', 'conv_g.weight', 'bn.moving_mean',
                'bn.moving_variance', 'bn.gamma', 'bn.beta', 'ln.gamma', 'ln.beta', 'emb.embedding_table',
                'bn1.moving_mean', 'bn1.moving_variance', 'bn1.gamma', 'bn1.beta'])
show('conv.weight', conv_w)
show('conv.bias', conv_b)
show('conv_s.weight', conv_s_w)
show('emb.table', emb)
outs = forward(False)
names = 'conv conv_s conv_g bn pool pool_same avg avg_pad flat gelu gelu_erf leaky silu softplus ln emb bn1 drop_eval'
for n, a in zip(names.split(), outs):
    show(n, a)

if mode == 'pynative':
    np.random.seed(11)
    outs = forward(True)
    y = outs[0]
    n = y.size // 4
    show('bn_train', outs[3])
    # moving = 0.9 * moving + 0.1 * batch (unbiased variance for the moving one)
    show('bn_train_mean', (0.9 * bn_mean + 0.1 * y.mean((0, 2, 3))).astype(f32))
    show('bn_train_var', (0.9 * bn_var + 0.1 * y.var((0, 2, 3)) * n / (n - 1)).astype(f32))
    show('bn1_train', outs[16])
    keep = (np.random.rand(4, 5) >= 0.4).astype(f32)
    show('drop_train', (v * keep / np.float32(0.6)).astype(f32))
