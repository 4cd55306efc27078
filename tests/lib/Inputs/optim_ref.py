# Reference for ../optim_steps.py: numpy (float32) re-implementations of
# MindSpore's optimizer kernels (SGD: sgd_cpu_kernel.cc; Momentum:
# ApplyMomentum; Adam: adam_cpu_kernel.cc with beta powers multiplied before
# the update and eps added to sqrt(v); AdamWeightDecay: adam.py
# _update_run_op, no bias correction), printed as the msc script prints
# them. Where the formulas coincide it also asserts agreement with
# torch.optim (SGD incl. momentum/dampening/nesterov/weight decay; Momentum
# = torch SGD without dampening; Adam's moments m, v, and the parameters
# within the bound of the eps placement difference), exiting 1 otherwise.
import sys
import numpy as np
import torch

f32 = np.float32
np.random.seed(0)
W0 = np.random.randn(3, 4).astype(f32)
B0 = np.random.randn(4).astype(f32)
G0 = (np.random.rand(4) + 0.5).astype(f32)
GRADS = [(np.random.randn(3, 4).astype(f32), np.random.randn(4).astype(f32), np.random.randn(4).astype(f32))
         for _ in range(5)]
NAMES = ['fc.weight', 'fc.bias', 'bn.gamma']
DECAY = [True, True, False]        # names without 'beta'/'gamma'


def show(n, a):
    a = np.asarray(a)
    print('state', n, str(a.dtype), a.shape, a.reshape(-1).tolist())


def header(name, lr, step, ps):
    print(name)
    print('returned', (True, True, True))
    show('learning_rate', lr)
    show('global_step', np.array([step], np.int32))
    for n, p in zip(NAMES, ps):
        show(n, p)


def fail(msg):
    sys.stderr.write('torch mismatch: ' + msg + '\n')
    sys.exit(1)


def check(name, a, b, atol=1e-6, rtol=1e-5):
    if not np.allclose(a, b, atol=atol, rtol=rtol):
        fail(f'{name}: {a} vs {b}')


def torch_run(group_kw, opt_fn, lrs=None, scale=1.0):
    ps = [torch.tensor(W0.copy(), requires_grad=True), torch.tensor(B0.copy(), requires_grad=True),
          torch.tensor(G0.copy(), requires_grad=True)]
    groups = [{'params': [p], **kw} for p, kw in zip(ps, group_kw)]
    opt = opt_fn(groups)
    for k in range(5):
        if lrs is not None:
            for g in opt.param_groups:
                g['lr'] = lrs[min(k, len(lrs) - 1)]
        for p, g in zip(ps, GRADS[k]):
            p.grad = torch.tensor(g / f32(scale))
        opt.step()
    return [p.detach().numpy() for p in ps], opt


def sgd(name, lr=0.1, momentum=0.0, dampening=0.0, wd=0.0, nesterov=False, loss_scale=1.0, lrs=None):
    ps = [W0.copy(), B0.copy(), G0.copy()]
    accum = [np.zeros_like(p) for p in ps]
    stat = [np.ones_like(p) for p in ps]
    for k in range(5):
        cur = f32(lrs[min(k, len(lrs) - 1)]) if lrs else f32(lr)
        for i in range(3):
            g = GRADS[k][i] * f32(1.0 / loss_scale) if loss_scale != 1.0 else GRADS[k][i]
            if wd > 0:
                g = g + ps[i] * f32(wd)
            if momentum > 0:
                accum[i] = np.where(stat[i] > 0, g, accum[i] * f32(momentum) + f32(1.0 - dampening) * g)
                stat[i] = np.zeros_like(stat[i])
                g = g + accum[i] * f32(momentum) if nesterov else accum[i]
            ps[i] = ps[i] - cur * g
    header(name, np.array(lrs, f32) if lrs else f32(lr), 5 if lrs else 0, ps)
    show('momentum', f32(momentum))
    for n, a in zip(NAMES, accum):
        show('accum.' + n, a)
    for n, s in zip(NAMES, stat):
        show('stat.' + n, s)
    tp, _ = torch_run([{}] * 3, lambda g: torch.optim.SGD(g, lr=lr, momentum=momentum, dampening=dampening,
                                                          weight_decay=wd, nesterov=nesterov),
                      lrs=lrs, scale=loss_scale)
    for i in range(3):
        check(name + ' ' + NAMES[i], ps[i], tp[i])


def momentum_opt(name, lr, mom, wd=0.0, nesterov=False):
    ps = [W0.copy(), B0.copy(), G0.copy()]
    moments = [np.zeros_like(p) for p in ps]
    lr32, m32 = f32(lr), f32(mom)
    for k in range(5):
        for i in range(3):
            g = GRADS[k][i]
            if wd > 0 and DECAY[i]:
                g = g + ps[i] * f32(wd)
            moments[i] = moments[i] * m32 + g
            if nesterov:
                ps[i] = ps[i] - (g * lr32 + moments[i] * m32 * lr32)
            else:
                ps[i] = ps[i] - moments[i] * lr32
    header(name, lr32, 0, ps)
    show('momentum', m32)
    for n, a in zip(NAMES, moments):
        show('moments.' + n, a)
    tp, _ = torch_run([{'weight_decay': wd if d else 0.0} for d in DECAY],
                      lambda g: torch.optim.SGD(g, lr=lr, momentum=mom, nesterov=nesterov))
    for i in range(3):
        check(name + ' ' + NAMES[i], ps[i], tp[i])


def adam(name, lr, b1=0.9, b2=0.999, eps=1e-8, wd=0.0, nesterov=False, loss_scale=1.0, torch_check=True):
    ps = [W0.copy(), B0.copy(), G0.copy()]
    m = [np.zeros_like(p) for p in ps]
    v = [np.zeros_like(p) for p in ps]
    b1, b2, e, lr32 = f32(b1), f32(b2), f32(eps), f32(lr)
    b1p, b2p = f32(1), f32(1)
    ms_ = []
    for k in range(5):
        b1p = b1p * b1
        b2p = b2p * b2
        new_lr = lr32 * np.sqrt(f32(1) - b2p) / (f32(1) - b1p)
        for i in range(3):
            g = GRADS[k][i]
            if wd > 0 and DECAY[i]:
                g = g + ps[i] * f32(wd * loss_scale)
            if loss_scale != 1.0:
                g = g * f32(1.0 / loss_scale)
            m[i] = m[i] + (g - m[i]) * (f32(1) - b1)
            v[i] = v[i] + (g * g - v[i]) * (f32(1) - b2)
            num = m[i] * b1 + (f32(1) - b1) * g if nesterov else m[i]
            ps[i] = ps[i] - new_lr * (num / (np.sqrt(v[i]) + e))
    header(name, lr32, 0, ps)
    show('beta1_power', b1p)
    show('beta2_power', b2p)
    for n, a in zip(NAMES, m):
        show('moment1.' + n, a)
    for n, a in zip(NAMES, v):
        show('moment2.' + n, a)
    if torch_check:
        tp, topt = torch_run([{}] * 3, lambda g: torch.optim.Adam(g, lr=lr, betas=(float(b1), float(b2)), eps=eps))
        for i, p in enumerate(topt.param_groups):
            st = topt.state[p['params'][0]]
            check(name + ' m ' + NAMES[i], m[i], st['exp_avg'].numpy())
            check(name + ' v ' + NAMES[i], v[i], st['exp_avg_sq'].numpy())
            # eps: MindSpore adds it to sqrt(v), torch to sqrt(v_hat); the
            # parameters differ by at most 5 steps * lr * (an O(eps/sqrt(v)) relative change)
            check(name + ' ' + NAMES[i], ps[i], tp[i], atol=5 * lr * 1e-3, rtol=0)


def adamw(name, lr, b1=0.9, b2=0.999, eps=1e-6, wd=0.0):
    ps = [W0.copy(), B0.copy(), G0.copy()]
    m = [np.zeros_like(p) for p in ps]
    v = [np.zeros_like(p) for p in ps]
    b1, b2, e, lr32 = f32(b1), f32(b2), f32(eps), f32(lr)
    for k in range(5):
        for i in range(3):
            g = GRADS[k][i]
            m[i] = b1 * m[i] + (f32(1) - b1) * g
            v[i] = b2 * v[i] + (f32(1) - b2) * np.square(g)
            upd = m[i] / (e + np.sqrt(v[i]))
            if DECAY[i] and wd > 0:
                upd = ps[i] * f32(wd) + upd
            ps[i] = ps[i] - lr32 * upd
    header(name, lr32, 0, ps)
    for n, a in zip(NAMES, m):
        show('adam_m.' + n, a)
    for n, a in zip(NAMES, v):
        show('adam_v.' + n, a)


sgd('sgd_plain')
sgd('sgd_momentum', lr=0.05, momentum=0.9, dampening=0.1, wd=0.01)
sgd('sgd_nesterov', lr=0.05, momentum=0.9, nesterov=True, loss_scale=2.0)
sgd('sgd_dynamic_lr', lrs=[0.1, 0.05, 0.02])
momentum_opt('momentum', 0.1, 0.9, wd=0.05)
momentum_opt('momentum_nesterov', 0.1, 0.8, nesterov=True)
adam('adam', 0.01)
adam('adam_wd_nesterov', 0.02, wd=0.1, nesterov=True, loss_scale=4.0, torch_check=False)
adam('adam_lr_param', 0.05, b1=0.8, b2=0.99, eps=1e-6)
adamw('adamw', 0.01, wd=0.1)
