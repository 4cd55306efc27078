# The functionals of issue 5 (indexing/selection/scatter, sorting,
# activations, reductions, conv/pool/norm) against an independent numpy +
# PyTorch computation (Inputs/nn_functional_ref.py) of the same inputs (the
# same numpy legacy random stream), in PyNative, in Graph mode compiled by cc,
# and on the reference executor: same text, numbers within 1e-5 relative.
# RUN: %python %S/Inputs/nn_functional_ref.py > %t.ref
# RUN: %msc run --mode=pynative %s > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run --backend=cc %s > %t.cc
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.cc
# RUN: %msc run --backend=ref %s > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.refexec
# RUN: FileCheck %s --input-file %t.cc
# CHECK: split0 float32 (4, 2)
# CHECK: topk_i int32 (3, 2)
# CHECK: conv_valid float32 (2, 4, 5, 5)
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor

# ---- inputs (kept in step with Inputs/nn_functional_ref.py) ----
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


def T(a):
    return Tensor(a)


@ms.jit
def shapes(x46, x23, v3, v21):
    s = ops.split(x46, 2, axis=1)
    s2 = ops.split(x46, [1, 3], 0)
    return (s[0], s[1], s[2], s2[0], s2[1], ops.tile(x23, (2, 1, 2)), ops.broadcast_to(v3, (2, 3)),
            ops.broadcast_to(v21, (-1, 4)), ops.flatten(ops.reshape(x46, (2, 2, 3, 2)), start_dim=1, end_dim=2))


@ms.jit
def selection(x23, x35, p53, x34, u23, x43, i_oh, i_g, i_g1, i_d, i_nd, i_sc, i_sa, ids):
    return (ops.where(x23 > 0.5, x23, -x23), ops.select(x23 < 0, x23, ops.zeros_like(x23)),
            ops.one_hot(i_oh, 4, Tensor(1.0, ms.float32), Tensor(0.0, ms.float32)),
            ops.one_hot(i_oh, 6, Tensor(2.0, ms.float32), Tensor(-1.0, ms.float32), axis=0),
            ops.gather(p53, i_g, 0), ops.gather(p53, i_g1, 1),
            ops.gather_elements(x34, 1, i_d), ops.gather_nd(x34, i_nd),
            ops.tensor_scatter_update(x43, i_sc, u23), ops.tensor_scatter_add(x43, i_sa, u23),
            ops.embedding(ids, p53))


@ms.jit
def sorting(x35, x34):
    tv, ti = ops.topk(x35, 2)
    tv0, ti0 = ops.topk(x35, 2, dim=0, largest=False)
    sv, si = ops.sort(x35)
    sv0, si0 = ops.sort(x35, 0, True)
    return (tv, ti, tv0, ti0, sv, si, sv0, si0, ops.cumsum(x34, 1), ops.cumprod(x34, 0), ops.argsort(x35))


@ms.jit
def activations(x34):
    return (ops.erf(x34), ops.gelu(x34), ops.gelu(x34, approximate='tanh'), ops.softplus(x34),
            ops.softplus(x34 * 10, beta=2, threshold=5), ops.leaky_relu(x34), ops.leaky_relu(x34, 0.01),
            ops.silu(x34), ops.logsumexp(x34, 1), ops.logsumexp(x34, (0, 1), True))


@ms.jit
def norms(x34, v3):
    return (ops.norm(x34), ops.norm(x34, dim=1), ops.norm(v3, 1), ops.norm(v3, float('inf')),
            ops.norm(x34, 1), ops.norm(x34, 'fro'), ops.norm(x34, float('inf'), dim=(0, 1)),
            ops.norm(x34, 3.0, dim=0, keepdim=True), ops.norm(v3, 0), ops.norm(x34, -1))


@ms.jit
def convs(img, w3, b4, w2, wg):
    return (ops.conv2d(img, w3, b4),
            ops.conv2d(img, w2, None, stride=2, pad_mode='same'),
            ops.conv2d(img, w3, b4, stride=(2, 1), pad_mode='pad', padding=(1, 2, 0, 1), dilation=2),
            ops.conv2d(img, wg, None, pad_mode='same', groups=3),
            ops.max_pool2d(img, 2), ops.max_pool2d(img, 3, 2, padding=1, ceil_mode=True),
            ops.avg_pool2d(img, 2, 2), ops.avg_pool2d(img, 3, 2, padding=1, count_include_pad=False),
            ops.avg_pool2d(img, 3, 2, padding=1, ceil_mode=True))


@ms.jit
def norms_nn(img, rm, rv, gw, gb, x234, lw, lb):
    return (ops.batch_norm(img, rm, rv, gw, gb), ops.batch_norm(img, rm, rv, gw, gb, eps=0.1),
            ops.layer_norm(x234, (3, 4), lw, lb), ops.layer_norm(x234, (4,)),
            ops.dropout(x234, p=0.3, training=False))


def show(names, outs):
    for n, t in zip(names.split(), outs):
        a = t.asnumpy()
        print(n, str(a.dtype), a.shape, a.reshape(-1).tolist())


show('split0 split1 split2 splitl0 splitl1 tile bcast bcast_m1 flatten',
     shapes(T(x46), T(x23), T(v3), T(v21)))
show('where select onehot onehot0 gather0 gather1 gather_el gather_nd scat_upd scat_add embedding',
     selection(T(x23), T(x35), T(p53), T(x34), T(u23), T(x43), T(idx_oh), T(idx_g), T(idx_g1), T(idx_d), T(idx_nd),
               T(idx_sc), T(idx_sa), T(ids)))
show('topk_v topk_i topk0_v topk0_i sort_v sort_i sort0_v sort0_i cumsum cumprod argsort', sorting(T(x35), T(x34)))
show('erf gelu gelu_tanh softplus softplus_b2 leaky leaky01 silu lse lse_all', activations(T(x34)))
show('fro vec2 vec1 vecinf mat1 matfro matinf vec3 vec0 matm1', norms(T(x34), T(v3)))
show('conv_valid conv_same_s2 conv_pad_d2 conv_group maxpool maxpool_ceil avgpool avgpool_excl avgpool_ceil',
     convs(T(img), T(w3), T(b4), T(w2), T(wg)))
show('bn bn_eps ln ln_noaffine dropout_eval', norms_nn(T(img), T(rm), T(rv), T(gw), T(gb), T(x234), T(lw), T(lb)))
