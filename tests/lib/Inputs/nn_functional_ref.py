# Reference for ../nn_functional.py: the same inputs (same numpy legacy
# stream, same order), computed with numpy and PyTorch, printed the same way.
import math
import numpy as np
import torch
import torch.nn.functional as TF

np.random.seed(5)


def r(*shape):
    return np.random.randn(*shape).astype(np.float32)


x46 = r(4, 6)
x23 = r(2, 3)
v3 = r(3)
v21 = r(2, 1)
x35 = r(3, 5)
p53 = r(5, 3)
x34 = r(3, 4)
u23 = r(2, 3)
x43 = r(4, 3)
img = r(2, 3, 7, 7)
w3 = r(4, 3, 3, 3)
b4 = r(4)
w2 = r(4, 3, 2, 2)
wg = r(6, 1, 3, 3)
rm = r(3)
rv = np.abs(r(3)) + 0.5
gw = r(3)
gb = r(3)
x234 = r(2, 3, 4)
lw = r(3, 4)
lb = r(3, 4)
pos = np.abs(r(3, 4)) + 0.5
idx_oh = np.array([0, 2, 1, 5], np.int32)
idx_g = np.array([[0, 4], [2, 2]], np.int32)
idx_d = np.array([[3, 0], [1, 1], [2, 0]], np.int64)
idx_nd = np.array([[0, 1], [2, 3]], np.int32)
idx_sc = np.array([[1], [3]], np.int32)
idx_sa = np.array([[0], [0]], np.int32)
idx_g1 = np.array([2, 0], np.int32)
ids = np.array([[1, 0, 4]], np.int32)

f32 = np.float32


def t(a):
    return torch.from_numpy(np.ascontiguousarray(a))


def show(names, outs):
    for n, a in zip(names.split(), outs):
        a = np.asarray(a)
        print(n, str(a.dtype), a.shape, a.reshape(-1).tolist())


# shapes
show('split0 split1 split2 splitl0 splitl1 tile bcast bcast_m1 flatten',
     [x46[:, 0:2], x46[:, 2:4], x46[:, 4:6], x46[0:1], x46[1:4], np.tile(x23, (2, 1, 2)),
      np.broadcast_to(v3, (2, 3)), np.broadcast_to(v21, (2, 4)), x46.reshape(2, 2, 3, 2).reshape(2, 6, 2)])


# selection
def one_hot(idx, depth, on, off, axis=-1):
    out = np.where(np.arange(depth)[None, :] == idx[:, None], on, off).astype(f32)
    return out if axis == -1 else out.T.copy()


sa = x43.copy()
sa[0] += u23[0]
sa[0] += u23[1]
su = x43.copy()
su[1] = u23[0]
su[3] = u23[1]
show('where select onehot onehot0 gather0 gather1 gather_el gather_nd scat_upd scat_add embedding',
     [np.where(x23 > 0.5, x23, -x23), np.where(x23 < 0, x23, 0).astype(f32), one_hot(idx_oh, 4, 1.0, 0.0),
      one_hot(idx_oh, 6, 2.0, -1.0, axis=0), np.take(p53, idx_g, 0), np.take(p53, idx_g1, 1),
      np.take_along_axis(x34, idx_d, 1), x34[idx_nd[:, 0], idx_nd[:, 1]], su, sa, np.take(p53, ids, 0)])


# sorting: stable, ties (none here) in index order
def topk(x, k, dim=-1, largest=True):
    i = np.argsort(-x if largest else x, axis=dim, kind='stable')
    i = np.take(i, np.arange(k), axis=dim).astype(np.int32)
    return np.take_along_axis(x, i, dim), i


def sort(x, axis=-1, desc=False):
    i = np.argsort(-x if desc else x, axis=axis, kind='stable').astype(np.int32)
    return np.take_along_axis(x, i, axis), i


tv, ti = topk(x35, 2)
tv0, ti0 = topk(x35, 2, 0, False)
sv, si = sort(x35)
sv0, si0 = sort(x35, 0, True)
show('topk_v topk_i topk0_v topk0_i sort_v sort_i sort0_v sort0_i cumsum cumprod argsort',
     [tv, ti, tv0, ti0, sv, si, sv0, si0, np.cumsum(x34, 1, dtype=f32), np.cumprod(x34, 0, dtype=f32),
      np.argsort(x35, -1, kind='stable').astype(np.int32)])

# activations (float64 math, rounded to float32)
xd = x34.astype(np.float64)
erf = np.vectorize(math.erf)(xd)
m = xd.max(1, keepdims=True)
lse = np.log(np.exp(xd - m).sum(1)) + m[:, 0]
lse_all = np.log(np.exp(xd - xd.max()).sum()) + xd.max()
bx = xd * 10 * 2
show('erf gelu gelu_tanh softplus softplus_b2 leaky leaky01 silu lse lse_all',
     [a.astype(f32) for a in [
         erf, 0.5 * xd * (1 + np.vectorize(math.erf)(xd / math.sqrt(2))),
         0.5 * xd * (1 + np.tanh(math.sqrt(2 / math.pi) * (xd + 0.044715 * xd ** 3))),
         np.log1p(np.exp(xd)), np.where(bx > 5, xd * 10, np.log1p(np.exp(bx)) / 2),
         np.where(xd >= 0, xd, 0.2 * xd), np.where(xd >= 0, xd, 0.01 * xd), xd / (1 + np.exp(-xd)),
         lse, lse_all.reshape(1, 1)]])

# norms
a = np.abs(xd)
show('fro vec2 vec1 vecinf mat1 matfro matinf vec3 vec0 matm1',
     [a.astype(f32) for a in [
         np.sqrt((xd ** 2).sum()), np.sqrt((xd ** 2).sum(1)), np.abs(v3.astype(np.float64)).sum(),
         np.abs(v3.astype(np.float64)).max(), a.sum(0).max(), np.sqrt((xd ** 2).sum()), a.sum(1).max(),
         ((a ** 3).sum(0, keepdims=True)) ** (1 / 3), np.array((v3 != 0).sum(), np.float64),
         a.sum(0).min()]])


# conv and pooling (PyTorch)
def same_pad(size, k, s, d):
    out = (size + s - 1) // s
    total = max((out - 1) * s + (k - 1) * d + 1 - size, 0)
    return total // 2, total - total // 2


def conv_same(x, w, stride, groups=1):
    kh, kw = w.shape[2], w.shape[3]
    t_, b_ = same_pad(x.shape[2], kh, stride, 1)
    l_, r_ = same_pad(x.shape[3], kw, stride, 1)
    return TF.conv2d(TF.pad(t(x), (l_, r_, t_, b_)), t(w), None, stride, 0, 1, groups).numpy()


with torch.no_grad():
    pad = TF.pad(t(img), (0, 1, 1, 2))  # (left, right, top, bottom)
    show('conv_valid conv_same_s2 conv_pad_d2 conv_group maxpool maxpool_ceil avgpool avgpool_excl avgpool_ceil',
         [TF.conv2d(t(img), t(w3), t(b4)).numpy(), conv_same(img, w2, 2),
          TF.conv2d(pad, t(w3), t(b4), (2, 1), 0, 2).numpy(), conv_same(img, wg, 1, 3),
          TF.max_pool2d(t(img), 2).numpy(), TF.max_pool2d(t(img), 3, 2, 1, ceil_mode=True).numpy(),
          TF.avg_pool2d(t(img), 2, 2).numpy(), TF.avg_pool2d(t(img), 3, 2, 1, count_include_pad=False).numpy(),
          TF.avg_pool2d(t(img), 3, 2, 1, ceil_mode=True).numpy()])

    def bn(eps):
        c = (1, 3, 1, 1)
        return ((img - rm.reshape(c)) / np.sqrt(rv.reshape(c) + eps) * gw.reshape(c) + gb.reshape(c)).astype(f32)

    show('bn bn_eps ln ln_noaffine dropout_eval',
         [TF.batch_norm(t(img), t(rm), t(rv), t(gw), t(gb), False, 0.1, 1e-5).numpy(), bn(0.1),
          TF.layer_norm(t(x234), (3, 4), t(lw), t(lb), 1e-5).numpy(), TF.layer_norm(t(x234), (4,), eps=1e-5).numpy(),
          x234])
