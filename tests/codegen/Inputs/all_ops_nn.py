# Codegen cases of the NCHW neural-network ops (Conv2D, MaxPool, AvgPool,
# BatchNorm, LayerNorm). Executed in all_ops.py's namespace (Graph, rng,
# data, simple, CASES, REPO...). The numpy references are those of
# tests/ops/ops_cases_nn.py (explicit padding and window loops, float64).
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(REPO, 'tests', 'ops'))
import ops_cases_nn as _nnref  # noqa: E402


def _ref_dt(dt, a):
    """A float64 reference rounded through the case's dtype (float16 cases
    compute in float32 and round once)."""
    return np.asarray(a, np.float64).astype(DT[dt])


def conv_case(name, dt, xs, ws, stride=(1, 1), pad=(0, 0, 0, 0), dil=(1, 1), group=1):
    def build():
        g = Graph(name)
        r = rng(name)
        x = g.param('x', dt, data(r, dt, xs, -1, 1))
        w = g.param('w', dt, data(r, dt, ws, -1, 1))
        ref, _ = _nnref.conv_ref(f64(x.value), f64(w.value), stride, pad, dil, group)
        attrs = [('stride', stride), ('pad', pad), ('dilation', dil), ('group', group)]
        g.ret_(g.node('Conv2D', [x, w], dt, _ref_dt(dt, ref), attrs))
        return g
    build.__name__ = name
    CASES.append(build)


conv_case('conv_f32', 'Float32', (2, 3, 7, 7), (4, 3, 3, 3))
conv_case('conv_f32_stride_pad', 'Float32', (1, 2, 9, 8), (3, 2, 3, 2), (2, 3), (0, 2, 1, 0))
conv_case('conv_f64_dil', 'Float64', (1, 2, 9, 9), (2, 2, 3, 3), (1, 1), (2, 2, 2, 2), (2, 3))
conv_case('conv_f32_group', 'Float32', (2, 4, 6, 6), (6, 2, 3, 3), (1, 1), (1, 1, 1, 1), (1, 1), 2)
conv_case('conv_f64_1x1', 'Float64', (2, 5, 4, 3), (7, 5, 1, 1))
conv_case('conv_f32_lenet', 'Float32', (2, 1, 32, 32), (6, 1, 5, 5))
conv_case('conv_f16', 'Float16', (1, 2, 5, 5), (3, 2, 3, 3), (1, 1), (1, 1, 1, 1))


def pool_case(name, op, dt, xs, k, stride=None, pad=(0, 0, 0, 0), ceil=False, cip=False, lo=-3, hi=3):
    def build():
        g = Graph(name)
        x = g.param('x', dt, data(rng(name), dt, xs, lo, hi))
        attrs = [('kernel_size', k), ('pad', pad)]
        if stride is not None:
            attrs.append(('stride', stride))
        if ceil:
            attrs.append(('ceil_mode', True))
        if cip:
            attrs.append(('count_include_pad', True))
        kind = 'max' if op == 'MaxPool' else 'avg'
        v = x.value if kind == 'max' else f64(x.value)
        ref = _nnref.pool_ref(v, kind, k, stride, pad, ceil, cip)
        g.ret_(g.node(op, [x], dt, ref if kind == 'max' else _ref_dt(dt, ref), attrs))
        return g
    build.__name__ = name
    CASES.append(build)


pool_case('maxpool_f32', 'MaxPool', 'Float32', (2, 3, 6, 6), (2, 2))
pool_case('maxpool_f64_ceil', 'MaxPool', 'Float64', (1, 2, 8, 7), (3, 2), (2, 3), (1, 0, 0, 1), True)
pool_case('maxpool_i32', 'MaxPool', 'Int32', (1, 2, 5, 5), (3, 3), (2, 2), (1, 1, 1, 1), lo=-50, hi=50)
pool_case('maxpool_u8', 'MaxPool', 'UInt8', (1, 1, 4, 6), (2, 3), lo=0, hi=255)
pool_case('maxpool_f16', 'MaxPool', 'Float16', (1, 2, 4, 4), (2, 2))
pool_case('avgpool_f32', 'AvgPool', 'Float32', (2, 3, 6, 6), (2, 2))
pool_case('avgpool_f32_pad', 'AvgPool', 'Float32', (1, 2, 7, 7), (3, 3), (2, 2), (1, 1, 1, 1))
pool_case('avgpool_f64_cip_ceil', 'AvgPool', 'Float64', (1, 2, 8, 7), (3, 2), (2, 3), (1, 0, 0, 1), True, True)
pool_case('avgpool_f16', 'AvgPool', 'Float16', (1, 1, 4, 4), (2, 2))


def bn_case(name, dt, xs, eps=None):
    def build():
        g = Graph(name)
        r = rng(name)
        c = xs[1]
        x = g.param('x', dt, data(r, dt, xs))
        ps = [g.param(n, dt, data(r, dt, (c,), 0.5 if n == 'var' else -1, 2 if n == 'var' else 1))
              for n in ('scale', 'bias', 'mean', 'var')]
        ref, _ = _nnref.bn_ref(f64(x.value), *[f64(p.value) for p in ps], eps=1e-5 if eps is None else eps)
        attrs = [] if eps is None else [('epsilon', eps)]
        g.ret_(g.node('BatchNorm', [x] + ps, dt, _ref_dt(dt, ref), attrs))
        return g
    build.__name__ = name
    CASES.append(build)


bn_case('bn_f32_4d', 'Float32', (2, 3, 4, 5))
bn_case('bn_f64_2d', 'Float64', (4, 3), 1e-3)
bn_case('bn_f16', 'Float16', (2, 2, 3))


def ln_case(name, dt, xs, bna, bpa, eps=None):
    def build():
        g = Graph(name)
        r = rng(name)
        x = g.param('x', dt, data(r, dt, xs))
        ps = xs[bpa % len(xs):]
        gm = g.param('gamma', dt, data(r, dt, ps))
        bt = g.param('beta', dt, data(r, dt, ps))
        ref, _ = _nnref.ln_ref(f64(x.value), f64(gm.value), f64(bt.value), bna, bpa,
                               1e-7 if eps is None else eps)
        attrs = [('begin_norm_axis', bna), ('begin_params_axis', bpa)]
        if eps is not None:
            attrs.append(('epsilon', eps))
        g.ret_(g.node('LayerNorm', [x, gm, bt], dt, _ref_dt(dt, ref), attrs))
        return g
    build.__name__ = name
    CASES.append(build)


ln_case('ln_f32_last', 'Float32', (4, 6), -1, -1)
ln_case('ln_f64_params_before_norm', 'Float64', (2, 3, 4), 2, 1, 1e-3)
ln_case('ln_f32_norm_before_params', 'Float32', (2, 3, 4), 1, 2)
ln_case('ln_f16', 'Float16', (3, 4), -1, -1)


# ---- autodiff: StopGradient and the backward ops (issue 8) ----------------------

for _dt in ('Float32', 'Int32', 'Bool'):
    simple('stop_gradient_' + _dt.lower(), 'StopGradient', _dt, (2, 3), [], lambda a: a)


def conv_grad_case(name, which, dt, xs, ws, stride=(1, 1), pad=(0, 0, 0, 0), dil=(1, 1), group=1):
    def build():
        g = Graph(name)
        r = rng(name)
        oh = (xs[2] + pad[0] + pad[1] - (dil[0] * (ws[2] - 1) + 1)) // stride[0] + 1
        ow = (xs[3] + pad[2] + pad[3] - (dil[1] * (ws[3] - 1) + 1)) // stride[1] + 1
        dy = g.param('dy', dt, data(r, dt, (xs[0], ws[0], oh, ow), -1, 1))
        attrs = [('stride', stride), ('pad', pad), ('dilation', dil), ('group', group)]
        if which == 'input':
            w = g.param('w', dt, data(r, dt, ws, -1, 1))
            ref, _ = _nnref.conv_grad_ref(f64(dy.value), xs, f64(w.value), None, None, stride, pad, dil, group)
            g.ret_(g.node('Conv2DBackpropInput', [dy, w], dt, _ref_dt(dt, ref), [('input_shape', xs)] + attrs))
        else:
            x = g.param('x', dt, data(r, dt, xs, -1, 1))
            ref, _ = _nnref.conv_grad_ref(f64(dy.value), None, None, f64(x.value), ws, stride, pad, dil, group)
            g.ret_(g.node('Conv2DBackpropFilter', [dy, x], dt, _ref_dt(dt, ref), [('filter_shape', ws)] + attrs))
        return g
    build.__name__ = name
    CASES.append(build)


for _w in ('input', 'filter'):
    conv_grad_case('conv_bp%s_f32' % _w[0], _w, 'Float32', (2, 3, 7, 7), (4, 3, 3, 3), (2, 2), (1, 1, 1, 1))
    conv_grad_case('conv_bp%s_f64_group_dil' % _w[0], _w, 'Float64', (1, 4, 9, 8), (6, 2, 3, 2), (1, 2),
                   (2, 1, 0, 2), (2, 1), 2)
    conv_grad_case('conv_bp%s_f64_1x1' % _w[0], _w, 'Float64', (2, 5, 4, 3), (7, 5, 1, 1))
    conv_grad_case('conv_bp%s_f16' % _w[0], _w, 'Float16', (1, 2, 5, 5), (3, 2, 3, 3), (1, 1), (1, 1, 1, 1))


def pool_grad_case(name, op, dt, xs, k, stride=None, pad=(0, 0, 0, 0), ceil=False, cip=False):
    def build():
        g = Graph(name)
        r = rng(name)
        st = stride or k
        oh = _nnref.pool_len(xs[2], k[0], st[0], pad[0], pad[1], ceil)
        ow = _nnref.pool_len(xs[3], k[1], st[1], pad[2], pad[3], ceil)
        attrs = [('kernel_size', k), ('pad', pad)]
        if stride is not None:
            attrs.append(('stride', stride))
        if ceil:
            attrs.append(('ceil_mode', True))
        if op == 'MaxPoolGrad':
            # distinct values: no ties
            xv = (r.permutation(int(np.prod(xs))).reshape(xs) * 0.125 - 2).astype(DT[dt])
            x = g.param('x', dt, xv)
            dy = g.param('dy', dt, data(r, dt, (xs[0], xs[1], oh, ow), -1, 1))
            ref, _ = _nnref.pool_grad_ref(xs, f64(dy.value), 'max', k, stride, pad, x=f64(x.value))
            g.ret_(g.node(op, [x, dy], dt, _ref_dt(dt, ref), attrs))
        else:
            if cip:
                attrs.append(('count_include_pad', True))
            dy = g.param('dy', dt, data(r, dt, (xs[0], xs[1], oh, ow), -1, 1))
            ref, _ = _nnref.pool_grad_ref(xs, f64(dy.value), 'avg', k, stride, pad, cip)
            g.ret_(g.node(op, [dy], dt, _ref_dt(dt, ref), [('input_shape', xs)] + attrs))
        return g
    build.__name__ = name
    CASES.append(build)


pool_grad_case('maxpool_grad_f32', 'MaxPoolGrad', 'Float32', (2, 3, 6, 6), (2, 2))
pool_grad_case('maxpool_grad_f64_overlap_ceil', 'MaxPoolGrad', 'Float64', (1, 2, 8, 7), (3, 2), (2, 1),
               (1, 0, 0, 1), True)
pool_grad_case('maxpool_grad_f16', 'MaxPoolGrad', 'Float16', (1, 2, 4, 4), (2, 2))
pool_grad_case('avgpool_grad_f32_pad', 'AvgPoolGrad', 'Float32', (1, 2, 7, 7), (3, 3), (2, 2), (1, 1, 1, 1))
pool_grad_case('avgpool_grad_f64_cip_ceil', 'AvgPoolGrad', 'Float64', (1, 2, 8, 7), (3, 2), (2, 3), (1, 0, 0, 1),
               True, True)
pool_grad_case('avgpool_grad_f16', 'AvgPoolGrad', 'Float16', (1, 1, 4, 4), (2, 2))
