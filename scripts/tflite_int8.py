"""tflite_int8.py — an independent numpy implementation of TFLite's int8
reference semantics, the reference msc's int8 post-training quantization
(issue 22: msc compile --quantize=int8) is checked against. It shares no
code with msc (runtime/quant.c, passes/quantize.c); tests/ops (the
QuantizeInt8 / DequantizeInt8 / QuantDense cases) and tests/quant import it.

Semantics (TFLite's reference kernels and quantization utilities):
  quantize(x, s, zp)     q = clamp(round_half_away(float32(x / s)) + zp, -128, 127); nan -> zp
  dequantize(q, s, zp)   float32(s * (q - zp))
  quantize_multiplier(m) QuantizeMultiplier: m = q * 2^shift, q in [0.5, 1) as Q31
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

As a script: python3 scripts/tflite_int8.py check DIR/NAME.h WEIGHTS.npz INPUTS.npy OUT.npy
checks a library msc compiled with --quantize=int8 (see tests/quant/).
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
        m = re.match(r'\s*\* \| int8 layer (\d+) (\S+): in_scale=(\S+) in_zp=(-?\d+) out_scale=(\S+) '
                     r'out_zp=(-?\d+) act=(\w+)', line)
        if m:
            layers.append(dict(index=int(m.group(1)), where=m.group(2), in_scale=float.fromhex(m.group(3)),
                               in_zp=int(m.group(4)), out_scale=float.fromhex(m.group(5)),
                               out_zp=int(m.group(6)), act=m.group(7)))
        m = re.match(r'#define (\w+)_(IN|OUT)(\d+)_(SCALE|ZERO_POINT) (\S+)', line)
        if m:
            v = m.group(5).rstrip('f')
            io[(m.group(2), int(m.group(3)), m.group(4))] = float.fromhex(v) if m.group(4) == 'SCALE' else int(v)
    return layers, io


def run_mlp(layers, weights, x):
    """The int8 graph of a chain of Dense(+ReLU) layers, float in and out:
    weights[k] = (W [out, in] float32, b float32); x float32 [M, K]."""
    q = quantize(x, layers[0]['in_scale'], layers[0]['in_zp'])
    for L, (W, b) in zip(layers, weights):
        sw, wq = weight_params(W)
        bq = bias_q(b, L['in_scale'], sw)
        mult, shift = requant(L['in_scale'], sw, L['out_scale'])
        lo = L['out_zp'] if L['act'] == 'relu' else -128
        q = dense(q, wq, bq, mult, shift, L['in_zp'], L['out_zp'], lo, 127)
    return q


def main(argv):
    if len(argv) != 6 or argv[1] != 'check':
        sys.exit('usage: tflite_int8.py check NAME.h WEIGHTS.npz INPUTS.npy OUT_INT8.npy')
    layers, _ = read_header(argv[2])
    wz = np.load(argv[3])
    weights = [(wz['w%d' % k], wz['b%d' % k]) for k in range(len(layers))]
    x = np.load(argv[4]).astype(np.float32)
    got = np.load(argv[5])
    want = run_mlp(layers, weights, x)
    bad = int((got.astype(np.int64) != want.astype(np.int64)).sum())
    print('int8 outputs: %d of %d differ from the numpy TFLite reference' % (bad, want.size))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
