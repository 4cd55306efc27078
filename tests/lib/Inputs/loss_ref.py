# Reference for ../loss_values.py: MindSpore's loss formulas in numpy
# (float64, printed as float32), and torch.nn.functional cross-checks where
# the formulas coincide (exit 1 on a mismatch). Formulas:
# - BCELoss: -w [y log(x + 1e-12) + (1 - y) log(1 - x + 1e-12)]
#   (MindSpore's BinaryCrossEntropy CPU kernel; torch clamps log at -100
#   instead, so torch is compared only on inputs inside (0, 1));
# - cross_entropy / nll_loss with class indices: MindSpore's _nll_loss
#   (ops/function/nn_func.py): 'mean' = sum(w[t] * -logp[t]) / sum(w[t]) over
#   kept targets; label smoothing adds ls / C * (-sum_c logp), unweighted,
#   masked at ignored targets, and 'mean' averages that term over all targets
#   (torch weights it and divides by the kept count: compared only without
#   weight and ignored targets);
# - probabilities: -(logp * t * w).sum() / N ('mean'), as torch.
import sys
import numpy as np
import torch
import torch.nn.functional as TF

np.random.seed(3)
f32 = np.float32
a = np.random.randn(2, 3).astype(f32)
b = np.random.randn(2, 3).astype(f32)
row = np.random.randn(3).astype(f32)
p = np.random.rand(3, 4).astype(f32) * 0.98 + 0.01
y = (np.random.rand(3, 4) > 0.5).astype(f32)
p_edge = np.array([0.0, 1.0, 0.0, 1.0, 0.5], f32)
y_edge = np.array([1.0, 1.0, 0.0, 0.0, 1.0], f32)
bw = np.random.rand(3, 4).astype(f32)
z = (np.random.randn(3, 4) * 3).astype(f32)
z[0, 0], z[0, 1] = 50.0, -50.0
pw = np.random.rand(4).astype(f32) + 0.5
x = np.random.randn(5, 4).astype(f32)
t = np.array([1, 0, 3, 3, 2], np.int32)
t_ign = np.array([1, -100, 3, 0, 2], np.int32)
cw = np.random.rand(4).astype(f32) + 0.2
prob = np.random.rand(5, 4).astype(f32)
prob = prob / prob.sum(1, keepdims=True)
x4 = np.random.randn(2, 3, 2, 2).astype(f32)
t4 = np.random.randint(0, 3, (2, 2, 2)).astype(np.int64)
t4[0, 0, 1] = 1
x1 = np.random.randn(4).astype(f32)
logp = np.log(np.exp(x) / np.exp(x).sum(1, keepdims=True)).astype(f32)
d = np.float64


def show(name, v):
    v = np.asarray(v, np.float64).astype(f32)
    print(name, str(v.dtype), v.shape, v.reshape(-1).tolist())


def check(name, mine, ref):
    ref = ref.detach().numpy() if isinstance(ref, torch.Tensor) else ref
    if not np.allclose(np.asarray(mine, np.float64), np.asarray(ref, np.float64), rtol=1e-5, atol=1e-6):
        sys.stderr.write(f'torch mismatch {name}: {mine} vs {ref}\n')
        sys.exit(1)


def tt(v):
    return torch.from_numpy(np.ascontiguousarray(v))


def red(l, r):
    return l.mean() if r == 'mean' else l.sum() if r == 'sum' else l


def log_softmax(v, axis):
    v = v.astype(d)
    m = v.max(axis, keepdims=True)
    return v - m - np.log(np.exp(v - m).sum(axis, keepdims=True))


def bce(pp, yy, w=None, r='mean'):
    pp, yy = pp.astype(d), yy.astype(d)
    l = -(yy * np.log(pp + 1e-12) + (1 - yy) * np.log(1 - pp + 1e-12))
    if w is not None:
        l = l * w
    return red(l, r)


def bcel(zz, yy, w=None, pwt=None, r='mean'):
    zz, yy = zz.astype(d), yy.astype(d)
    pwt = np.ones(zz.shape[-1]) if pwt is None else pwt
    ls = -np.logaddexp(0, -zz)          # log sigmoid
    l1s = -np.logaddexp(0, zz)          # log(1 - sigmoid)
    l = -(pwt * yy * ls + (1 - yy) * l1s)
    if w is not None:
        l = l * w
    return red(l, r)


def nll(lp, tg, cd, w=None, ign=-100, r='mean', ls=0.0):
    lp = lp.astype(d)
    C = lp.shape[cd]
    tg = np.expand_dims(tg.astype(np.int64), cd)
    mask = tg == ign
    t0 = np.where(mask, 0, tg)
    loss = -np.take_along_axis(lp, t0, cd)
    smooth = -lp.sum(cd, keepdims=True)
    lw = w[t0].astype(d) if w is not None else np.ones_like(loss)
    loss = loss * lw
    loss, lw, smooth = np.where(mask, 0, loss), np.where(mask, 0, lw), np.where(mask, 0, smooth)
    loss, smooth = loss.squeeze(cd), smooth.squeeze(cd)
    if r == 'sum':
        loss, smooth = loss.sum(), smooth.sum()
    elif r == 'mean':
        loss, smooth = loss.sum() / lw.sum(), smooth.mean()
    return (1 - ls) * loss + ls / C * smooth if ls > 0 else loss


def ce(xx, tg, w=None, ign=-100, r='mean', ls=0.0):
    cd = 0 if xx.ndim == 1 else 1
    lp = log_softmax(xx, cd)
    if tg.dtype.kind in 'iu':
        return nll(lp, tg, cd, w, ign, r, ls)
    C = xx.shape[cd]
    tg = tg.astype(d)
    if ls > 0:
        tg = tg * (1 - ls) + ls / C
    shape = [1] * xx.ndim
    shape[cd] = C
    ww = np.ones(shape) if w is None else w.astype(d).reshape(shape)
    prod = lp * tg * ww
    if r == 'mean':
        return -prod.sum() / (xx.size / C)
    if r == 'sum':
        return -prod.sum()
    return -prod.sum(cd)


def sce(xx, lab, r='none'):
    return red(-(lab * log_softmax(xx, -1)).sum(-1), r)


def onehot(tg, C):
    return np.eye(C)[tg]


def run(name, mine, ref=None):
    if ref is not None:
        check(name, mine, ref)
    show(name, mine)


run('mse_mean', red((a.astype(d) - b) ** 2, 'mean'), TF.mse_loss(tt(a), tt(b)))
run('mse_sum', red((a.astype(d) - b) ** 2, 'sum'), TF.mse_loss(tt(a), tt(b), reduction='sum'))
run('mse_bcast_none', (row.astype(d) - a) ** 2)
run('l1_mean', np.abs(a.astype(d) - b).mean(), TF.l1_loss(tt(a), tt(b)))
run('l1_none', np.abs(a.astype(d) - row))
run('bce_mean', bce(p, y), TF.binary_cross_entropy(tt(p), tt(y)))
run('bce_weight_none', bce(p, y, bw, 'none'), TF.binary_cross_entropy(tt(p), tt(y), tt(bw), reduction='none'))
run('bce_weight_sum', bce(p, y, bw, 'sum'), TF.binary_cross_entropy(tt(p), tt(y), tt(bw), reduction='sum'))
# edges: log(0 + 1e-12) = -27.63 (torch would give 100)
run('bce_edges', (-(y_edge.astype(f32) * np.log(p_edge + f32(1e-12)) +
                    (f32(1) - y_edge) * np.log(f32(1) - p_edge + f32(1e-12)))))
run('bcel_mean', bcel(z, y), TF.binary_cross_entropy_with_logits(tt(z), tt(y)))
run('bcel_w_pw_none', bcel(z, y, bw, pw, 'none'),
    TF.binary_cross_entropy_with_logits(tt(z), tt(y), tt(bw), reduction='none', pos_weight=tt(pw)))
run('bcel_pw_sum', bcel(z, y, None, pw, 'sum'),
    TF.binary_cross_entropy_with_logits(tt(z), tt(y), reduction='sum', pos_weight=tt(pw)))
tl, tli = tt(t.astype(np.int64)), tt(t_ign.astype(np.int64))
run('ce_mean', ce(x, t), TF.cross_entropy(tt(x), tl))
run('ce_w_ign_mean', ce(x, t_ign, cw), TF.cross_entropy(tt(x), tli, tt(cw)))
run('ce_w_ign_sum', ce(x, t_ign, cw, r='sum'), TF.cross_entropy(tt(x), tli, tt(cw), reduction='sum'))
run('ce_ign_none', ce(x, t_ign, r='none'), TF.cross_entropy(tt(x), tli, reduction='none'))
run('ce_ls_mean', ce(x, t, ls=0.1), TF.cross_entropy(tt(x), tl, label_smoothing=0.1))
run('ce_ls_w_ign_mean', ce(x, t_ign, cw, ls=0.2))       # MindSpore's own smoothing term
run('ce_ls_ign_none', ce(x, t_ign, r='none', ls=0.2),
    TF.cross_entropy(tt(x), tli, reduction='none', label_smoothing=0.2))
run('ce_prob_mean', ce(x, prob), TF.cross_entropy(tt(x), tt(prob)))
run('ce_prob_w_sum', ce(x, prob, cw, r='sum'), TF.cross_entropy(tt(x), tt(prob), tt(cw), reduction='sum'))
run('ce_prob_ls_none', ce(x, prob, r='none', ls=0.3),
    TF.cross_entropy(tt(x), tt(prob), reduction='none', label_smoothing=0.3))
run('ce_4d_mean', ce(x4, t4, ign=1), TF.cross_entropy(tt(x4), tt(t4), ignore_index=1))
run('ce_4d_none', ce(x4, t4, r='none'), TF.cross_entropy(tt(x4), tt(t4), reduction='none'))
run('ce_1d', ce(x1, np.array(2, np.int32)), TF.cross_entropy(tt(x1), torch.tensor(2)))
run('nll_mean', nll(logp, t, 1), TF.nll_loss(tt(logp), tl))
run('nll_w_ign_mean', nll(logp, t_ign, 1, cw), TF.nll_loss(tt(logp), tli, tt(cw)))
run('nll_none', nll(logp, t, 1, ign=3, r='none'), TF.nll_loss(tt(logp), tl, ignore_index=3, reduction='none'))
run('sce_default', sce(x[:4], prob[:4]), TF.cross_entropy(tt(x[:4]), tt(prob[:4]), reduction='none'))
run('sce_sparse_mean', sce(x, onehot(t, 4), 'mean'), TF.cross_entropy(tt(x), tl))
run('sce_sparse_sum', sce(x, onehot(t, 4), 'sum'), TF.cross_entropy(tt(x), tl, reduction='sum'))
run('ops_mse', (a.astype(d) - b) ** 2)
run('ops_l1', np.abs(a.astype(d) - b).mean())
run('ops_bce', bce(p, y, bw))
run('ops_bcel', bcel(z, y, bw, pw))
run('ops_ce', ce(x, t_ign, cw, r='none', ls=0.1))
run('ops_nll', nll(logp, t, 1, r='sum'), TF.nll_loss(tt(logp), tl, reduction='sum'))
