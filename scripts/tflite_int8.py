"""tflite_int8.py — an independent numpy implementation of TFLite's int8
reference semantics, the reference msc's int8 post-training quantization
(issue 22: msc compile --quantize=int8) is checked against. It shares no
code with msc (runtime/quant.c, passes/quantize.c); tests/ops (the
QuantizeInt8 / DequantizeInt8 / QuantDense cases) and tests/quant import it.

Semantics (TFLite's reference kernels and quantization utilities):
  quantize(x, s, zp)     q = clamp(round_half_away(float32(x / s)) + zp, -128, 127); nan -> zp
  dequantize(q, s, zp)   float32(s * (q - zp))
  quantize_multiplier(m) QuantizeMultiplier: m = q * 2^shift, q in [0.5, 1) as Q31
  avgpool(q, k, ...)     AveragePool on int8: the window's int32 sum over its in-bounds
                         elements / their count, (acc + n/2) / n for acc > 0 else
                         (acc - n/2) / n in C's truncating division; with
                         count_include_pad (not TFLite's) each padded element counts
                         as the zero point and the divisor is the padded window's size
  dense(...)             FullyConnected with per-output-channel weights:
                         acc = bias[j] + sum_p (x[i,p] - x_zp) * w[j,p] (int32),
                         MultiplyByQuantizedMultiplier(acc, mult[j], shift[j]) + out_zp,
                         clamped to [act_min, act_max]
  choose_params(lo, hi)  ChooseQuantizationParams for int8: the range widened to
                         hold 0, scale = float32((hi - lo) / 255), zero point
                         from the end with the smaller error, rounded, clamped
  weight_params(W)       per output channel (rows): scale = float32(max|W_j| / 127)
                         (1 for an all-zero row), q = clamp(round(W / scale), -127, 127)
  bias_q(b, sx, sw)      round(b / (sx * sw_j)) in double, int32
  requant(sx, sw, sy)    quantize_multiplier(sx * sw_j / sy) (double)

As a script (tests/quant/digits.py; `tflite_int8.py` alone for the usage)
it checks a library msc compiled with --quantize=int8 from the table of
int8 layers in its header: its outputs bit for bit, and its calibration.
"""
import math
import re
import sys

import numpy as np

I32MIN, I32MAX = -(1 << 31), (1 << 31) - 1


def round_half_away(v):
    """Exact round-half-away-from-zero of float64 values."""
    v = np.asarray(v, np.float64)
    a = np.abs(v)
    with np.errstate(invalid='ignore'):
        r = np.floor(a)
        r = r + (a - r >= 0.5)
    return np.sign(v) * r


def quantize(x, s, zp):
    x = np.asarray(x, np.float32)
    t = (x / np.float32(s)).astype(np.float32).astype(np.float64)
    t = np.where(np.isnan(t), 0.0, round_half_away(np.where(np.isnan(t), 0.0, t)))
    return np.clip(t + zp, -128, 127).astype(np.int8)


def dequantize(q, s, zp):
    return (np.float32(s) * (np.asarray(q, np.int32) - zp).astype(np.float32)).astype(np.float32)


def _tdiv(n, d):
    q = abs(n) // abs(d)
    return q if (n >= 0) == (d >= 0) else -q


def srdhm(a, b):
    if a == I32MIN and b == I32MIN:
        return I32MAX
    ab = a * b
    nudge = (1 << 30) if ab >= 0 else 1 - (1 << 30)
    return _tdiv(ab + nudge, 1 << 31)


def rdpot(x, e):
    mask = (1 << e) - 1
    rem = x & mask
    thr = (mask >> 1) + (1 if x < 0 else 0)
    return (x >> e) + (1 if rem > thr else 0)


def _wrap32(v):
    return ((v + (1 << 31)) % (1 << 32)) - (1 << 31)


def mbqm(x, m, shift):
    left = shift if shift > 0 else 0
    right = 0 if shift > 0 else -shift
    return rdpot(srdhm(_wrap32(x * (1 << left)), m), right)


def quantize_multiplier(d):
    if d == 0.0:
        return 0, 0
    q, sh = math.frexp(d)
    qf = int(round_half_away(q * (1 << 31)))
    if qf == 1 << 31:
        qf //= 2
        sh += 1
    if sh < -31:
        sh, qf = 0, 0
    return qf, sh


def dense(x, w, bias, mult, shift, x_zp, out_zp, act_min=-128, act_max=127):
    x = np.asarray(x, np.int64)
    w = np.asarray(w, np.int64)
    acc = np.asarray(bias, np.int64)[None, :] + (x - x_zp) @ w.T
    y = np.empty(acc.shape, np.int64)
    for i in range(acc.shape[0]):
        for j in range(acc.shape[1]):
            a = int(acc[i, j])
            assert I32MIN <= a <= I32MAX, 'int32 accumulator overflow'
            y[i, j] = mbqm(a, int(mult[j]), int(shift[j])) + out_zp
    return np.clip(y, act_min, act_max).astype(np.int8)


def conv2d(x, w, bias, mult, shift, x_zp, out_zp, act_min=-128, act_max=127, stride=(1, 1), pad=(0, 0, 0, 0),
           dilation=(1, 1), group=1):
    """TFLite's int8 Conv2D (per-channel), NCHW: the padding holds x_zp."""
    x = np.asarray(x, np.int64) - x_zp
    w = np.asarray(w, np.int64)
    n, c, h, wd = x.shape
    co, cig, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad[0], pad[1]), (pad[2], pad[3])))
    oh = (h + pad[0] + pad[1] - (dilation[0] * (kh - 1) + 1)) // stride[0] + 1
    ow = (wd + pad[2] + pad[3] - (dilation[1] * (kw - 1) + 1)) // stride[1] + 1
    cog = co // group
    acc = np.zeros((n, co, oh, ow), np.int64)
    for g in range(group):
        xg, wg = xp[:, g * cig:(g + 1) * cig], w[g * cog:(g + 1) * cog]
        for p in range(kh):
            for q in range(kw):
                win = xg[:, :, p * dilation[0]:p * dilation[0] + stride[0] * (oh - 1) + 1:stride[0],
                         q * dilation[1]:q * dilation[1] + stride[1] * (ow - 1) + 1:stride[1]]
                acc[:, g * cog:(g + 1) * cog] += np.einsum('nchw,oc->nohw', win, wg[:, :, p, q])
    acc += np.asarray(bias, np.int64)[None, :, None, None]
    y = np.empty(acc.shape, np.int64)
    for idx in np.ndindex(*acc.shape):
        a = int(acc[idx])
        assert I32MIN <= a <= I32MAX, 'int32 accumulator overflow'
        y[idx] = mbqm(a, int(mult[idx[1]]), int(shift[idx[1]])) + out_zp
    return np.clip(y, act_min, act_max).astype(np.int8)


def choose_params(lo, hi):
    """(scale float32, zero point) for the real range [lo, hi] (int8)."""
    lo, hi = min(float(lo), 0.0), max(float(hi), 0.0)
    if hi == lo:
        return np.float32(1.0), 0
    s = float(np.float32((hi - lo) / 255.0))
    zmin, zmax = -128 - lo / s, 127 - hi / s
    z = zmin if abs(-128) + abs(lo / s) < abs(127) + abs(hi / s) else zmax
    zp = -128 if z < -128 else 127 if z > 127 else int(round_half_away(z))
    return np.float32(s), zp


def weight_params(W):
    W = np.asarray(W, np.float32)
    amax = np.abs(W).max(axis=1).astype(np.float64)
    s = np.where(amax > 0, (amax / 127.0), 1.0).astype(np.float32)
    q = np.clip(round_half_away(W.astype(np.float64) / s.astype(np.float64)[:, None]), -127, 127).astype(np.int8)
    return s, q


def bias_q(b, sx, sw):
    return round_half_away(np.asarray(b, np.float64) / (float(sx) * np.asarray(sw, np.float64))).astype(np.int32)


def requant(sx, sw, sy):
    ms = [quantize_multiplier(float(sx) * float(w) / float(sy)) for w in sw]
    return np.array([m for m, _ in ms], np.int32), np.array([s for _, s in ms], np.int32)


# ---- checking a library msc compiled with --quantize=int8 ------------------------

def read_header(path):
    """The quantization table msc writes in NAME.h: per entry, its layers."""
    layers = []
    io = {}
    for line in open(path):
        m = re.match(r'\s*\*\s+int8 layer (\d+) (\S+): in_scale=(\S+) in_zp=(-?\d+) out_scale=(\S+) '
                     r'out_zp=(-?\d+) act=(\w+) \((\w+)', line)
        if m:
            layers.append(dict(index=int(m.group(1)), where=m.group(2), in_scale=float.fromhex(m.group(3)),
                               in_zp=int(m.group(4)), out_scale=float.fromhex(m.group(5)),
                               out_zp=int(m.group(6)), act=m.group(7), kind=m.group(8)))
        m = re.match(r'#define (\w+)_(IN|OUT)(\d+)_(SCALE|ZERO_POINT) (\S+)', line)
        if m:
            v = m.group(5).rstrip('f')
            io[(m.group(2), int(m.group(3)), m.group(4))] = float.fromhex(v) if m.group(4) == 'SCALE' else int(v)
    return layers, io


def maxpool(q, k):
    n, c, h, w = q.shape
    return q[:, :, :h // k * k, :w // k * k].reshape(n, c, h // k, k, w // k, k).max(axis=(3, 5))


def avgpool(q, k, stride=None, pad=(0, 0, 0, 0), zp=0, count_include_pad=False, out_hw=None):
    """TFLite's int8 AveragePool of q [N, C, H, W] (k x k windows); pad
    (top, bottom, left, right); out_hw the output size (default: floor)."""
    k = (k, k) if np.isscalar(k) else tuple(k)
    st = k if stride is None else ((stride, stride) if np.isscalar(stride) else tuple(stride))
    n, c, h, w = q.shape
    oh, ow = out_hw or ((h + pad[0] + pad[1] - k[0]) // st[0] + 1, (w + pad[2] + pad[3] - k[1]) // st[1] + 1)
    out = np.zeros((n, c, oh, ow), np.int8)
    qi = np.asarray(q, np.int64)
    for i in range(oh):
        hs = i * st[0] - pad[0]
        h0, h1 = max(hs, 0), min(hs + k[0], h)
        for j in range(ow):
            ws = j * st[1] - pad[2]
            w0, w1 = max(ws, 0), min(ws + k[1], w)
            cnt = max(h1 - h0, 0) * max(w1 - w0, 0)
            acc = qi[:, :, h0:h1, w0:w1].sum(axis=(2, 3)) if cnt else np.zeros((n, c), np.int64)
            d = cnt
            if count_include_pad:
                d = (min(hs + k[0], h + pad[1]) - hs) * (min(ws + k[1], w + pad[3]) - ws)
                acc = acc + (d - cnt) * zp
            if d <= 0:
                out[:, :, i, j] = zp
                continue
            r = np.array([_tdiv(int(a) + d // 2, d) if a > 0 else _tdiv(int(a) - d // 2, d) for a in acc.ravel()])
            out[:, :, i, j] = np.clip(r, -128, 127).reshape(n, c)
    return out


def run_mlp(layers, weights, x, conv_pad=0, pool=1, avg=False):
    """The int8 graph of a chain of layers, float in: Dense(+ReLU), or a
    Conv2D(+ReLU) (stride 1, padding conv_pad on every side); the last of
    a run of Conv2D layers is followed by a pool x pool MaxPool (AvgPool
    with avg) on int8 (when pool > 1) and a flatten; weights[k] =
    (W float32 [out, in] or [Co, Ci, kh, kw], b float32)."""
    q = quantize(x, layers[0]['in_scale'], layers[0]['in_zp'])
    for k, (L, (W, b)) in enumerate(zip(layers, weights)):
        W = np.asarray(W, np.float32)
        sw, wq = weight_params(W.reshape(W.shape[0], -1))
        bq = bias_q(b, L['in_scale'], sw)
        mult, shift = requant(L['in_scale'], sw, L['out_scale'])
        lo = L['out_zp'] if L['act'] == 'relu' else -128
        if L['kind'] == 'Conv2D':
            p = conv_pad
            q = conv2d(q, wq.reshape(W.shape), bq, mult, shift, L['in_zp'], L['out_zp'], lo, 127, pad=(p, p, p, p))
            if k + 1 < len(layers) and layers[k + 1]['kind'] == 'Conv2D':
                continue
            if pool > 1:
                q = avgpool(q, pool, zp=L['out_zp']) if avg else maxpool(q, pool)
            q = q.reshape(q.shape[0], -1)
        else:
            q = dense(q, wq, bq, mult, shift, L['in_zp'], L['out_zp'], lo, 127)
    return q


def float_mlp(weights, x, conv_pad=0, pool=1, avg=False):
    h = np.asarray(x, np.float64)
    for k, (W, b) in enumerate(weights):
        W = np.asarray(W, np.float64)
        if W.ndim == 4:  # Conv2D, stride 1, then ReLU (the last one: MaxPool, flatten)
            p = conv_pad
            hp = np.pad(h, ((0, 0), (0, 0), (p, p), (p, p)))
            co, ci, kh, kw = W.shape
            oh, ow = hp.shape[2] - kh + 1, hp.shape[3] - kw + 1
            y = np.zeros((h.shape[0], co, oh, ow))
            for i in range(kh):
                for j in range(kw):
                    y += np.einsum('nchw,oc->nohw', hp[:, :, i:i + oh, j:j + ow], W[:, :, i, j])
            h = np.maximum(y + np.asarray(b, np.float64)[None, :, None, None], 0)
            if k + 1 < len(weights) and np.ndim(weights[k + 1][0]) == 4:
                continue
            if pool > 1:
                n, c, hh, ww = h.shape
                h = h[:, :, :hh // pool * pool, :ww // pool * pool].reshape(n, c, hh // pool, pool, ww // pool, pool)
                h = h.mean(axis=(3, 5)) if avg else h.max(axis=(3, 5))
            h = h.reshape(h.shape[0], -1)
            continue
        h = h @ W.T + np.asarray(b, np.float64)
        if k + 1 < len(weights):
            h = np.maximum(h, 0)
    return h


def kl_threshold(v, amax, bins=2048, levels=128):
    """TensorRT's entropy calibration over |v|: the threshold i * width
    (levels <= i <= bins) of least KL divergence between the clipped
    histogram and its merge into `levels` levels."""
    if amax <= 0:
        return 0.0
    width = amax / bins
    idx = np.minimum((np.abs(np.asarray(v, np.float64)) / width).astype(np.int64), bins - 1)
    h = np.bincount(idx, minlength=bins).astype(np.float64)
    best, best_i = np.inf, bins
    cs = np.concatenate([[0.0], np.cumsum(h)])
    cnz = np.concatenate([[0], np.cumsum(h != 0)])
    for i in range(levels, bins + 1):
        p = h[:i].copy()
        p[i - 1] += cs[bins] - cs[i]
        edges = np.arange(levels + 1) * i // levels
        total, nz = cs[edges[1:]] - cs[edges[:-1]], cnz[edges[1:]] - cnz[edges[:-1]]
        seg = np.searchsorted(edges, np.arange(i), side='right') - 1
        q = np.where(h[:i] != 0, total[seg] / np.maximum(nz[seg], 1), 0.0)
        ps, qs = p.sum(), q.sum()
        if not (ps > 0 and qs > 0):
            continue
        pk, qk = p / ps, q / qs
        m = pk > 0
        kl = float(np.sum(pk[m] * np.log(pk[m] / np.where(qk[m] > 0, qk[m], 1e-12))))
        if kl < best:
            best, best_i = kl, i
    return best_i * width


def calib_range(v, method):
    v = np.asarray(v, np.float64).reshape(-1)
    v = v[~np.isnan(v)]
    lo, hi = float(v.min()), float(v.max())
    if method.startswith('percentile:'):
        p = float(method.split(':')[1])
        lo, hi = float(np.percentile(v, 100 - p)), float(np.percentile(v, p))
    elif method == 'kl':
        t = kl_threshold(v, max(abs(lo), abs(hi)))
        lo, hi = max(lo, -t), min(hi, t)
    return lo, hi


def check_ranges(layers, weights, x, method):
    """The (scale, zero point) of every layer's input and output, recomputed
    from the float32 activations on the calibration data x."""
    bad = 0
    h = np.asarray(x, np.float32)
    rtol = {'minmax': 1e-5, 'kl': 1e-2}.get(method, 1e-4)
    for k, (L, (W, b)) in enumerate(zip(layers, weights)):
        y = (h @ np.asarray(W, np.float32).T + np.asarray(b, np.float32)).astype(np.float32)
        if L['act'] == 'relu':
            y = np.maximum(y, 0)
        for what, v in (('in', h), ('out', y)):
            if what == 'in' and k > 0:
                s, zp = prev  # the previous layer's output
            else:
                s, zp = choose_params(*calib_range(v, method))
            prev = (s, zp)
            gs, gz = L[what + '_scale'], L[what + '_zp']
            ok = abs(float(s) - gs) <= rtol * gs and abs(zp - gz) <= (0 if method == 'minmax' else 1)
            print('layer %d %s: scale %.9g zero point %d, numpy %.9g %d: %s' % (
                k, what, gs, gz, float(s), zp, 'ok' if ok else 'MISMATCH'))
            bad += not ok
        h = y
    return bad


def main(argv):
    """prep NAME.h X.npy OUT.raw: X quantized with the header's _IN0_ macros (--io=int8), raw int8.
    check NAME.h WEIGHTS.npz X.npy GOT.raw [--float] [--labels=Y.npy] [--conv-pad=P --pool=K [--avg]]: the
    library's outputs on X (raw int8, or float32 with --float) against this reference, bit for bit
    (a Conv2D layer: stride 1, padding P; after the last of consecutive Conv2D layers a K x K MaxPool,
    or AvgPool with --avg, and a flatten).
    ranges NAME.h WEIGHTS.npz CALIB.npy METHOD: each layer's scales and zero points against
    those of the float32 activations on CALIB (minmax, percentile:P, kl)."""
    if len(argv) == 5 and argv[1] == 'prep':
        _, io = read_header(argv[2])
        x = np.load(argv[3]).astype(np.float32)
        quantize(x, io[('IN', 0, 'SCALE')], io[('IN', 0, 'ZERO_POINT')]).tofile(argv[4])
        return 0
    if len(argv) == 6 and argv[1] == 'ranges':
        layers, _ = read_header(argv[2])
        wz = np.load(argv[3])
        weights = [(wz['w%d' % k], wz['b%d' % k]) for k in range(len(layers))]
        return 1 if check_ranges(layers, weights, np.load(argv[4]), argv[5]) else 0
    if len(argv) < 6 or argv[1] != 'check':
        sys.exit(main.__doc__)
    layers, _ = read_header(argv[2])
    if not layers:
        sys.exit('tflite_int8.py: no "int8 layer" lines in %s' % argv[2])
    wz = np.load(argv[3])
    weights = [(wz['w%d' % k], wz['b%d' % k]) for k in range(len(layers))]
    x = np.load(argv[4]).astype(np.float32)
    opt = dict(a[2:].split('=', 1) for a in argv[6:] if a.startswith('--') and '=' in a)
    cp, pool = int(opt.get('conv-pad', 0)), int(opt.get('pool', 1))
    avg = '--avg' in argv[6:]
    want = run_mlp(layers, weights, x, cp, pool, avg)
    if '--float' in argv[6:]:
        got = np.fromfile(argv[5], np.float32).reshape(want.shape)
        ref = dequantize(want, layers[-1]['out_scale'], layers[-1]['out_zp'])
        bad = int((got.view(np.int32) != ref.view(np.int32)).sum())
        what = 'float32 outputs (dequantized int8)'
    else:
        got = np.fromfile(argv[5], np.int8).reshape(want.shape)
        bad = int((got != want).sum())
        what = 'int8 outputs'
    print('%s: %d of %d differ from the numpy TFLite reference (%d images, %d layers)' % (
        what, bad, want.size, x.shape[0], len(layers)))
    for a in argv[6:]:
        if a.startswith('--labels='):
            y = np.load(a[9:])
            fl = float_mlp(weights, x, cp, pool, avg).argmax(axis=1)
            q = want.argmax(axis=1)
            print('accuracy: int8 %.4f, float32 %.4f (%d images); int8 and float32 agree on %d' % (
                (q == y).mean(), (fl == y).mean(), len(y), int((q == fl).sum())))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
