"""Cases of the NCHW neural-network ops (Conv2D, MaxPool, AvgPool,
BatchNorm, LayerNorm), of their backward ops (Conv2DBackpropInput/Filter,
MaxPoolGrad, AvgPoolGrad) and of StopGradient for opsdiff.py. The references are plain numpy,
computed in float64 over an explicitly padded input and cast to the
input's dtype. (Integer inputs differ by flavour — numpy computes them in
float64, MindSpore raises TypeError — and graphdiff.py reruns these cases
with MindSpore tensors, so they are tested in tests/nnops/ instead.)"""
import numpy as np


def conv_ref(x, w, stride=(1, 1), pad=(0, 0, 0, 0), dilation=(1, 1), group=1):
    """Cross-correlation by explicit window sums (einsum per kernel tap)."""
    xd = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (pad[0], pad[1]), (pad[2], pad[3])))
    wd = w.astype(np.float64)
    n, cin, hp, wp = xd.shape
    cout, cig, kh, kw = wd.shape
    sh, sw = stride
    dh, dw = dilation
    oh = (hp - (dh * (kh - 1) + 1)) // sh + 1
    ow = (wp - (dw * (kw - 1) + 1)) // sw + 1
    cog = cout // group
    out = np.zeros((n, cout, oh, ow))
    mag = np.zeros((n, cout, oh, ow))
    for g in range(group):
        xg = xd[:, g * cig:(g + 1) * cig]
        wg = wd[g * cog:(g + 1) * cog]
        for i in range(kh):
            for j in range(kw):
                win = xg[:, :, i * dh:i * dh + sh * (oh - 1) + 1:sh, j * dw:j * dw + sw * (ow - 1) + 1:sw]
                out[:, g * cog:(g + 1) * cog] += np.einsum('nchw,oc->nohw', win, wg[:, :, i, j])
                mag[:, g * cog:(g + 1) * cog] += np.einsum('nchw,oc->nohw', np.abs(win), np.abs(wg[:, :, i, j]))
    return out.astype(x.dtype), mag


def pool_len(n, k, s, plo, phi, ceil_mode):
    span = n + plo + phi - k
    o = (-(-span // s) if ceil_mode else span // s) + 1
    if ceil_mode and (o - 1) * s >= n + plo:
        o -= 1
    return o


def pool_ref(x, kind, k, stride=None, pad=(0, 0, 0, 0), ceil_mode=False, count_include_pad=False):
    """Max/avg pool by looping over the windows (numpy max/mean per window)."""
    stride = stride or k
    n, c, h, w = x.shape
    oh = pool_len(h, k[0], stride[0], pad[0], pad[1], ceil_mode)
    ow = pool_len(w, k[1], stride[1], pad[2], pad[3], ceil_mode)
    out = np.zeros((n, c, oh, ow), x.dtype if kind == 'max' else np.float64)
    for i in range(oh):
        hs = i * stride[0] - pad[0]
        h0, h1 = max(hs, 0), min(hs + k[0], h)
        for j in range(ow):
            ws = j * stride[1] - pad[2]
            w0, w1 = max(ws, 0), min(ws + k[1], w)
            win = x[:, :, h0:h1, w0:w1]
            if kind == 'max':
                out[:, :, i, j] = win.max(axis=(2, 3))
            else:
                if count_include_pad:
                    cnt = (min(hs + k[0], h + pad[1]) - hs) * (min(ws + k[1], w + pad[3]) - ws)
                else:
                    cnt = (h1 - h0) * (w1 - w0)
                out[:, :, i, j] = win.astype(np.float64).sum(axis=(2, 3)) / cnt
    return out.astype(x.dtype)


def bn_ref(x, scale, bias, mean, var, eps=1e-5):
    shp = (1, -1) + (1,) * (x.ndim - 2)
    f = lambda a: a.astype(np.float64).reshape(shp)  # noqa: E731
    a = (x.astype(np.float64) - f(mean)) / np.sqrt(f(var) + eps) * f(scale)
    return (a + f(bias)).astype(x.dtype), np.abs(a) + np.abs(f(bias)) + 0 * a


def ln_ref(x, gamma, beta, bna=-1, bpa=-1, eps=1e-7):
    bna = bna % x.ndim
    xd = x.astype(np.float64)
    axes = tuple(range(bna, x.ndim))
    mean = xd.mean(axis=axes, keepdims=True)
    var = ((xd - mean) ** 2).mean(axis=axes, keepdims=True)
    a = (xd - mean) / np.sqrt(var + eps) * gamma.astype(np.float64)
    return (a + beta.astype(np.float64)).astype(x.dtype), np.abs(a) + np.abs(beta.astype(np.float64))


def conv_grad_ref(dy, x_shape, w, x, w_shape, stride, pad, dilation, group):
    """The gradients of conv_ref w.r.t. x (x None: given x_shape, from w)
    or w (w None: given w_shape, from x), by the same per-tap window sums
    transposed: each tap's window of the padded input receives / gives
    dy * w. Returns (result, magnitude) in float64."""
    dyd = dy.astype(np.float64)
    n, cout, oh, ow = dy.shape
    sh, sw = stride
    dh, dw = dilation
    if x is None:
        xs = x_shape
        wd = w.astype(np.float64)
        ws = w.shape
    else:
        xs = x.shape
        ws = w_shape
        xd = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (pad[0], pad[1]), (pad[2], pad[3])))
    cig, kh, kw = ws[1], ws[2], ws[3]
    cog = cout // group
    hp, wp = xs[2] + pad[0] + pad[1], xs[3] + pad[2] + pad[3]
    if x is None:
        dx = np.zeros((xs[0], xs[1], hp, wp))
        mag = np.zeros_like(dx)
    else:
        dwt = np.zeros(ws)
        mag = np.zeros(ws)
    for g in range(group):
        dyg = dyd[:, g * cog:(g + 1) * cog]
        for i in range(kh):
            for j in range(kw):
                sl = (slice(None), slice(g * cig, (g + 1) * cig),
                      slice(i * dh, i * dh + sh * (oh - 1) + 1, sh), slice(j * dw, j * dw + sw * (ow - 1) + 1, sw))
                if x is None:
                    wt = wd[g * cog:(g + 1) * cog, :, i, j]
                    dx[sl] += np.einsum('nohw,oc->nchw', dyg, wt)
                    mag[sl] += np.einsum('nohw,oc->nchw', np.abs(dyg), np.abs(wt))
                else:
                    win = xd[sl]
                    dwt[g * cog:(g + 1) * cog, :, i, j] += np.einsum('nohw,nchw->oc', dyg, win)
                    mag[g * cog:(g + 1) * cog, :, i, j] += np.einsum('nohw,nchw->oc', np.abs(dyg), np.abs(win))
    if x is None:
        crop = (slice(None), slice(None), slice(pad[0], pad[0] + xs[2]), slice(pad[2], pad[2] + xs[3]))
        return dx[crop], mag[crop]
    return dwt, mag


def pool_grad_ref(x_shape, dy, kind, k, stride=None, pad=(0, 0, 0, 0), count_include_pad=False, x=None):
    """The gradient of pool_ref by looping over the windows: max adds dy at
    the window's first maximum (np.argmax of the row-major window), avg adds
    dy / the window's divisor to each in-bounds element. float64 result and
    magnitude."""
    stride = stride or k
    n, c, h, w = x_shape
    _, _, oh, ow = dy.shape
    dx = np.zeros(x_shape)
    mag = np.zeros(x_shape)
    dyd = dy.astype(np.float64)
    for i in range(oh):
        hs = i * stride[0] - pad[0]
        h0, h1 = max(hs, 0), min(hs + k[0], h)
        for j in range(ow):
            ws = j * stride[1] - pad[2]
            w0, w1 = max(ws, 0), min(ws + k[1], w)
            if kind == 'max' and x.size == 0:
                continue
            if kind == 'max':
                win = x[:, :, h0:h1, w0:w1].reshape(n, c, -1)
                at = np.argmax(win, axis=2)
                for a in range(n):
                    for b in range(c):
                        r, q = divmod(int(at[a, b]), w1 - w0)
                        dx[a, b, h0 + r, w0 + q] += dyd[a, b, i, j]
                        mag[a, b, h0 + r, w0 + q] += abs(dyd[a, b, i, j])
            else:
                if count_include_pad:
                    cnt = (min(hs + k[0], h + pad[1]) - hs) * (min(ws + k[1], w + pad[3]) - ws)
                else:
                    cnt = (h1 - h0) * (w1 - w0)
                v = (dyd[:, :, i, j] / cnt)[:, :, None, None]
                dx[:, :, h0:h1, w0:w1] += v
                mag[:, :, h0:h1, w0:w1] += np.abs(v)
    return dx, mag


def cases(h):
    Case, rand = h.Case, h.rand

    def conv_cases():
        cs = []
        # (x shape, w shape, stride, pad, dilation, group)
        shapes = [
            ((2, 3, 7, 7), (4, 3, 3, 3), (1, 1), (0, 0, 0, 0), (1, 1), 1),
            ((2, 3, 7, 6), (4, 3, 3, 3), (2, 2), (1, 1, 1, 1), (1, 1), 1),
            ((1, 2, 9, 8), (3, 2, 3, 2), (2, 3), (0, 2, 1, 0), (1, 1), 1),  # asymmetric pad, strides
            ((1, 2, 9, 9), (2, 2, 3, 3), (1, 1), (2, 2, 2, 2), (2, 3), 1),  # dilation
            ((2, 4, 6, 6), (6, 2, 3, 3), (1, 1), (1, 1, 1, 1), (1, 1), 2),  # groups
            ((1, 4, 5, 5), (4, 1, 3, 3), (1, 2), (1, 0, 0, 1), (1, 1), 4),  # depthwise
            ((2, 5, 4, 3), (7, 5, 1, 1), (1, 1), (0, 0, 0, 0), (1, 1), 1),  # 1x1 direct
            ((1, 3, 5, 5), (2, 3, 1, 1), (2, 2), (1, 1, 1, 1), (1, 1), 1),  # 1x1 with stride/pad
            ((4, 1, 32, 32), (6, 1, 5, 5), (1, 1), (0, 0, 0, 0), (1, 1), 1),  # LeNet c1
            ((2, 6, 14, 14), (16, 6, 5, 5), (1, 1), (0, 0, 0, 0), (1, 1), 1),  # LeNet c2
            ((1, 3, 3, 3), (2, 3, 3, 3), (1, 1), (0, 0, 0, 0), (1, 1), 1),  # 1x1 output
            ((1, 2, 40, 90), (3, 2, 3, 3), (1, 1), (1, 1, 1, 1), (1, 1), 1),  # im2col in blocks (f64)
            ((0, 3, 5, 5), (2, 3, 3, 3), (1, 1), (0, 0, 0, 0), (1, 1), 1),  # empty batch
        ]
        for dt in h.FLOATS:
            for xs, ws, st, pad, dil, g in shapes:
                x, w = rand(xs, dt), rand(ws, dt)
                e, mag = conv_ref(x, w, st, pad, dil, g)
                attrs = {'stride': st, 'pad': pad, 'dilation': dil, 'group': g}
                cs.append(Case('Conv2D', [x, w], attrs, e, True,
                               '%s x%s w%s st%s pad%s dil%s g%d' % (dt, xs, ws, st, pad, dil, g), mag))
        # a big channel count: im2col blocks of the output positions
        x, w = rand((1, 64, 20, 20), 'float32'), rand((8, 64, 3, 3), 'float32')
        e, mag = conv_ref(x, w, pad=(1, 1, 1, 1))
        cs.append(Case('Conv2D', [x, w], {'pad': (1, 1, 1, 1)}, e, True, 'float32 K=576 blocked', mag))
        return cs

    def pool_cases(kind):
        op = 'MaxPool' if kind == 'max' else 'AvgPool'
        cs = []
        # (x shape, kernel, stride or None, pad, ceil_mode, count_include_pad)
        shapes = [
            ((2, 3, 6, 6), (2, 2), None, (0, 0, 0, 0), False, False),
            ((1, 2, 7, 7), (3, 3), (2, 2), (1, 1, 1, 1), False, False),
            ((1, 2, 7, 7), (3, 3), (2, 2), (1, 1, 1, 1), False, True),
            ((1, 2, 7, 8), (2, 3), (2, 2), (0, 0, 0, 0), True, False),
            ((1, 2, 8, 7), (3, 2), (2, 3), (1, 0, 0, 1), True, False),
            ((1, 2, 8, 7), (3, 2), (2, 3), (1, 0, 0, 1), True, True),
            ((1, 1, 5, 5), (3, 3), (2, 2), (1, 1, 1, 1), True, True),
            ((2, 1, 5, 6), (1, 1), (1, 2), (0, 0, 0, 0), False, False),
            ((1, 3, 4, 4), (4, 4), None, (0, 0, 0, 0), False, False),
            ((0, 3, 4, 4), (2, 2), None, (0, 0, 0, 0), False, False),
        ]
        dts = h.FLOATS + (['int32', 'int64', 'uint8'] if kind == 'max' else [])
        for dt in dts:
            for xs, k, st, pad, ceil, cip in shapes:
                if kind == 'max' and cip:
                    continue
                x = rand(xs, dt, 'nonneg' if dt == 'uint8' else 'any')
                attrs = {'kernel_size': k, 'pad': pad, 'ceil_mode': ceil}
                if st is not None:
                    attrs['stride'] = st
                if kind == 'avg':
                    attrs['count_include_pad'] = cip
                e = pool_ref(x, kind, k, st, pad, ceil, cip)
                cs.append(Case(op, [x], attrs, e, kind == 'avg',
                               '%s x%s k%s st%s pad%s ceil=%s cip=%s' % (dt, xs, k, st, pad, ceil, cip)))
        if kind == 'max':
            x = rand((1, 1, 4, 4), 'float32')
            x[0, 0, 1, 1] = np.nan
            cs.append(Case(op, [x], {'kernel_size': 2}, pool_ref(x, 'max', (2, 2)), False, 'float32 nan'))
        return cs

    def bn_cases():
        cs = []
        for dt in h.FLOATS:
            for xs in [(4, 3), (2, 3, 4, 5), (2, 3, 5), (0, 3, 2, 2)]:
                c = xs[1]
                x = rand(xs, dt)
                sc, b, m, v = rand((c,), dt), rand((c,), dt), rand((c,), dt), rand((c,), dt, 'pos')
                for eps in (None, 1e-3):
                    attrs = {} if eps is None else {'epsilon': eps}
                    e, mag = bn_ref(x, sc, b, m, v, 1e-5 if eps is None else eps)
                    cs.append(Case('BatchNorm', [x, sc, b, m, v], attrs, e, True,
                                   '%s %s eps=%s' % (dt, xs, eps), mag))
        return cs

    def ln_cases():
        cs = []
        # (x shape, begin_norm_axis, begin_params_axis)
        shapes = [((4, 6), -1, -1), ((2, 3, 4), 1, 1), ((2, 3, 4), -1, -1), ((2, 3, 4), 2, 1),
                  ((2, 3, 4), 1, 2), ((2, 3, 4, 5), 1, 0), ((3, 5), 0, 0), ((7,), 0, 0), ((0, 4), 1, 1)]
        for dt in h.FLOATS:
            for xs, bna, bpa in shapes:
                x = rand(xs, dt)
                ps = xs[bpa % len(xs):]
                g, b = rand(ps, dt), rand(ps, dt)
                for eps in (None, 1e-3):
                    attrs = {'begin_norm_axis': bna, 'begin_params_axis': bpa}
                    if eps is not None:
                        attrs['epsilon'] = eps
                    e, mag = ln_ref(x, g, b, bna, bpa, 1e-7 if eps is None else eps)
                    cs.append(Case('LayerNorm', [x, g, b], attrs, e, True,
                                   '%s %s bna=%d bpa=%d eps=%s' % (dt, xs, bna, bpa, eps), mag))
        return cs

    conv_grad_shapes = [
        # (x shape, w shape, stride, pad, dilation, group)
        ((2, 3, 7, 7), (4, 3, 3, 3), (1, 1), (0, 0, 0, 0), (1, 1), 1),
        ((2, 3, 7, 6), (4, 3, 3, 3), (2, 2), (1, 1, 1, 1), (1, 1), 1),
        ((1, 2, 9, 8), (3, 2, 3, 2), (2, 3), (0, 2, 1, 0), (1, 1), 1),  # asymmetric pad, strides
        ((1, 2, 9, 9), (2, 2, 3, 3), (1, 1), (2, 2, 2, 2), (2, 3), 1),  # dilation
        ((2, 4, 6, 6), (6, 2, 3, 3), (2, 1), (1, 1, 1, 1), (2, 1), 2),  # groups, stride, dilation
        ((1, 4, 5, 5), (4, 1, 3, 3), (1, 2), (1, 0, 0, 1), (1, 1), 4),  # depthwise
        ((2, 5, 4, 3), (7, 5, 1, 1), (1, 1), (0, 0, 0, 0), (1, 1), 1),  # 1x1 direct
        ((1, 3, 5, 5), (2, 3, 1, 1), (2, 2), (1, 1, 1, 1), (1, 1), 1),  # 1x1 with stride/pad
        ((1, 3, 8, 8), (2, 3, 3, 3), (3, 3), (0, 0, 0, 0), (1, 1), 1),  # stride: rows never read
        ((1, 2, 40, 90), (3, 2, 3, 3), (1, 1), (1, 1, 1, 1), (1, 1), 1),  # blocks (f64)
        ((0, 3, 5, 5), (2, 3, 3, 3), (1, 1), (0, 0, 0, 0), (1, 1), 1),  # empty batch
    ]

    def conv_out_shape(xs, ws, st, pad, dil):
        oh = (xs[2] + pad[0] + pad[1] - (dil[0] * (ws[2] - 1) + 1)) // st[0] + 1
        ow = (xs[3] + pad[2] + pad[3] - (dil[1] * (ws[3] - 1) + 1)) // st[1] + 1
        return (xs[0], ws[0], oh, ow)

    def conv_grad_cases(which):
        cs = []
        extra = [((1, 64, 20, 20), (8, 64, 3, 3), (1, 1), (1, 1, 1, 1), (1, 1), 1)]  # K=576 blocked
        for dt in h.FLOATS:
            for xs, ws, st, pad, dil, g in conv_grad_shapes + (extra if dt == 'float32' else []):
                dy = rand(conv_out_shape(xs, ws, st, pad, dil), dt)
                attrs = {'stride': st, 'pad': pad, 'dilation': dil, 'group': g}
                if which == 'input':
                    w = rand(ws, dt)
                    e, mag = conv_grad_ref(dy, xs, w, None, None, st, pad, dil, g)
                    attrs['input_shape'] = xs
                    ins = [dy, w]
                else:
                    x = rand(xs, dt)
                    e, mag = conv_grad_ref(dy, None, None, x, ws, st, pad, dil, g)
                    attrs['filter_shape'] = ws
                    ins = [dy, x]
                cs.append(Case('Conv2DBackprop' + which.capitalize(), ins, attrs, e.astype(dt), True,
                               '%s x%s w%s st%s pad%s dil%s g%d' % (dt, xs, ws, st, pad, dil, g), mag))
        return cs

    def pool_grad_cases(kind):
        op = 'MaxPoolGrad' if kind == 'max' else 'AvgPoolGrad'
        cs = []
        # (x shape, kernel, stride or None, pad, ceil_mode, count_include_pad)
        shapes = [
            ((2, 3, 6, 6), (2, 2), None, (0, 0, 0, 0), False, False),
            ((1, 2, 7, 7), (3, 3), (2, 2), (1, 1, 1, 1), False, False),  # overlapping windows
            ((1, 2, 7, 7), (3, 3), (2, 2), (1, 1, 1, 1), False, True),
            ((1, 2, 7, 8), (2, 3), (2, 2), (0, 0, 0, 0), True, False),
            ((1, 2, 8, 7), (3, 2), (2, 3), (1, 0, 0, 1), True, False),
            ((1, 2, 8, 7), (3, 2), (2, 3), (1, 0, 0, 1), True, True),
            ((1, 1, 5, 5), (3, 3), (2, 2), (1, 1, 1, 1), True, True),
            ((1, 2, 6, 6), (3, 3), (1, 1), (1, 1, 1, 1), False, True),  # stride 1: heavy overlap
            ((2, 1, 5, 6), (1, 1), (1, 2), (0, 0, 0, 0), False, False),
            ((1, 3, 4, 4), (4, 4), None, (0, 0, 0, 0), False, False),
            ((0, 3, 4, 4), (2, 2), None, (0, 0, 0, 0), False, False),
        ]
        for dt in h.FLOATS:
            for xs, k, st, pad, ceil, cip in shapes:
                if kind == 'max' and cip:
                    continue
                oh = pool_len(xs[2], k[0], (st or k)[0], pad[0], pad[1], ceil)
                ow = pool_len(xs[3], k[1], (st or k)[1], pad[2], pad[3], ceil)
                dy = rand((xs[0], xs[1], oh, ow), dt)
                attrs = {'kernel_size': k, 'pad': pad, 'ceil_mode': ceil}
                if st is not None:
                    attrs['stride'] = st
                note = '%s x%s k%s st%s pad%s ceil=%s cip=%s' % (dt, xs, k, st, pad, ceil, cip)
                if kind == 'max':
                    # distinct values: no ties (the tie rule is checked below)
                    x = (RNG_PERM(int(np.prod(xs))).reshape(xs) * 0.25 - 3).astype(dt)
                    e, mag = pool_grad_ref(xs, dy, 'max', k, st, pad, x=x)
                    cs.append(Case(op, [x, dy], attrs, e.astype(dt), True, note, mag))
                else:
                    attrs['count_include_pad'] = cip
                    attrs['input_shape'] = xs
                    e, mag = pool_grad_ref(xs, dy, 'avg', k, st, pad, cip)
                    cs.append(Case(op, [dy], attrs, e.astype(dt), True, note, mag))
        if kind == 'max':
            # ties: the first maximum in row-major window order gets dy (as
            # MaxPool picks it); overlapping windows accumulate
            for dt in h.FLOATS:
                x = np.array([[[[1, 3, 3, 0], [3, 2, 3, 1], [0, 3, 1, 3], [2, 2, 2, 2]]]], dt)
                dy = np.arange(1, 10, dtype=dt).reshape(1, 1, 3, 3)
                attrs = {'kernel_size': (2, 2), 'stride': (1, 1)}
                e, mag = pool_grad_ref(x.shape, dy, 'max', (2, 2), (1, 1), x=x)
                cs.append(Case(op, [x, dy], attrs, e.astype(dt), False, dt + ' ties'))
        return cs

    def stop_gradient_cases():
        cs = []
        for dt in h.XALL:
            for shp in [(2, 3), (), (0, 4)]:
                x = rand(shp, dt)
                cs.append(Case('StopGradient', [x], {}, x.copy(), False, '%s %s' % (dt, shp)))
        return cs

    def RNG_PERM(n):
        return h.RNG.permutation(n).astype(np.float64)

    return {
        'StopGradient': stop_gradient_cases,
        'Conv2DBackpropInput': lambda: conv_grad_cases('input'),
        'Conv2DBackpropFilter': lambda: conv_grad_cases('filter'),
        'MaxPoolGrad': lambda: pool_grad_cases('max'),
        'AvgPoolGrad': lambda: pool_grad_cases('avg'),
        'Conv2D': conv_cases,
        'MaxPool': lambda: pool_cases('max'),
        'AvgPool': lambda: pool_cases('avg'),
        'BatchNorm': bn_cases,
        'LayerNorm': ln_cases,
    }
