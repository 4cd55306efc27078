"""Cases of the int8 quantization primitives (QuantizeInt8, DequantizeInt8,
QuantDense, QuantConv2D, QuantAvgPool; issue 22) for opsdiff.py. The reference is scripts/tflite_int8.py,
an independent numpy implementation of TFLite's int8 reference semantics:
round half away from zero, saturation at -128/127, int32 accumulation and
the fixed-point requantization (MultiplyByQuantizedMultiplier)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'scripts'))
import tflite_int8 as T  # noqa: E402
from ops_cases_nn import pool_len  # noqa: E402


def cases(h):
    Case, rng = h.Case, np.random.RandomState(22)

    def quantize_cases():
        cs = []
        edge = np.array([0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999997, 1e30, -1e30, np.inf, -np.inf, np.nan],
                        np.float32)
        for s, zp in [(0.5, 0), (0.03125, -3), (0.0123, 17), (3.7, -128), (1e-3, 127)]:
            x = np.concatenate([edge, (rng.randn(20) * 2).astype(np.float32)]).reshape(4, 8)
            cs.append(Case('QuantizeInt8', [x], {'scale': s, 'zero_point': zp}, T.quantize(x, s, zp), False,
                           'scale %g zp %d' % (s, zp)))
        x = (rng.randn(2, 0, 3)).astype(np.float32)
        cs.append(Case('QuantizeInt8', [x], {'scale': 0.1, 'zero_point': 1}, T.quantize(x, 0.1, 1), False, 'empty'))
        x = (rng.randn(3, 5) * 4).astype(np.float64)
        cs.append(Case('QuantizeInt8', [x], {'scale': 0.25, 'zero_point': 2},
                       T.quantize(x.astype(np.float32), 0.25, 2), False, 'float64 input'))
        return cs

    def dequantize_cases():
        cs = []
        q = np.arange(-128, 128, dtype=np.int8).reshape(16, 16)
        for s, zp in [(0.5, 0), (0.0123, 17), (3.7, -128)]:
            cs.append(Case('DequantizeInt8', [q], {'scale': s, 'zero_point': zp}, T.dequantize(q, s, zp), False,
                           'scale %g zp %d' % (s, zp)))
        return cs

    def dense_cases():
        cs = []
        for (M, N, K), xzp, ozp, relu in [((1, 10, 64), -128, 5, False), ((3, 13, 37), -7, 11, True),
                                          ((2, 4, 1), 0, 0, False), ((4, 6, 200), 127, -128, True)]:
            x = rng.randint(-128, 128, size=(M, K)).astype(np.int8)
            w = rng.randint(-127, 128, size=(N, K)).astype(np.int8)
            b = rng.randint(-20000, 20001, size=N).astype(np.int32)
            ms = [T.quantize_multiplier(float(np.exp(rng.uniform(-12, 1)))) for _ in range(N)]
            mult = np.array([m for m, _ in ms], np.int32)
            shift = np.array([s for _, s in ms], np.int32)
            lo = ozp if relu else -128
            e = T.dense(x, w, b, mult, shift, xzp, ozp, lo, 127)
            cs.append(Case('QuantDense', [x, w, b, mult, shift],
                           {'x_zero_point': xzp, 'out_zero_point': ozp, 'act_min': lo, 'act_max': 127}, e, False,
                           '%dx%dx%d%s' % (M, N, K, ' relu' if relu else '')))
        return cs

    def conv_cases():
        cs = []
        # (x shape, w shape, stride, pad, dilation, group, x_zp, out_zp, relu)
        for xs, ws, st, pad, dil, g, xzp, ozp, relu in [
                ((2, 3, 7, 7), (4, 3, 3, 3), (1, 1), (0, 0, 0, 0), (1, 1), 1, -128, 3, True),
                ((1, 2, 9, 8), (3, 2, 3, 2), (2, 3), (0, 2, 1, 0), (1, 1), 1, 5, -7, False),
                ((1, 2, 9, 9), (2, 2, 3, 3), (1, 1), (2, 2, 2, 2), (2, 3), 1, -3, 0, False),
                ((1, 4, 5, 5), (4, 1, 3, 3), (1, 2), (1, 0, 0, 1), (1, 1), 4, 17, -20, True)]:
            x = rng.randint(-128, 128, size=xs).astype(np.int8)
            w = rng.randint(-127, 128, size=ws).astype(np.int8)
            b = rng.randint(-5000, 5001, size=ws[0]).astype(np.int32)
            ms = [T.quantize_multiplier(float(np.exp(rng.uniform(-10, -2)))) for _ in range(ws[0])]
            mult = np.array([m for m, _ in ms], np.int32)
            shift = np.array([s for _, s in ms], np.int32)
            lo = ozp if relu else -128
            e = T.conv2d(x, w, b, mult, shift, xzp, ozp, lo, 127, st, pad, dil, g)
            cs.append(Case('QuantConv2D', [x, w, b, mult, shift],
                           {'stride': st, 'pad': pad, 'dilation': dil, 'group': g, 'x_zero_point': xzp,
                            'out_zero_point': ozp, 'act_min': lo, 'act_max': 127}, e, False,
                           '%s %s stride %s pad %s dil %s group %d' % (xs, ws, st, pad, dil, g)))
        return cs

    def avgpool_cases():
        cs = []
        # (x shape, kernel, stride or None, pad, ceil_mode, count_include_pad, zero point): AvgPool's
        # shapes of ops_cases_nn; the extremes of int8 and of the zero point; rounding both ways
        for xs, k, st, pad, ceil, cip, zp in [
                ((2, 3, 6, 6), (2, 2), None, (0, 0, 0, 0), False, False, -128),
                ((1, 2, 7, 7), (3, 3), (2, 2), (1, 1, 1, 1), False, False, 5),
                ((1, 2, 7, 7), (3, 3), (2, 2), (1, 1, 1, 1), False, True, 127),
                ((1, 2, 7, 8), (2, 3), (2, 2), (0, 0, 0, 0), True, False, 0),
                ((1, 2, 8, 7), (3, 2), (2, 3), (1, 0, 0, 1), True, True, -128),
                ((1, 1, 5, 5), (3, 3), (2, 2), (1, 1, 1, 1), True, True, -7),
                ((1, 3, 4, 4), (4, 4), None, (0, 0, 0, 0), False, False, 3),
                ((0, 3, 4, 4), (2, 2), None, (0, 0, 0, 0), False, False, 0)]:
            x = rng.randint(-128, 128, size=xs).astype(np.int8)
            if xs[0]:
                x[0, 0, :2, :2] = [[127, 127], [127, 126]]
            s = st or k
            oh = pool_len(xs[2], k[0], s[0], pad[0], pad[1], ceil)
            ow = pool_len(xs[3], k[1], s[1], pad[2], pad[3], ceil)
            e = T.avgpool(x, k, s, pad, zp, cip, (oh, ow))
            attrs = {'kernel_size': k, 'pad': pad, 'ceil_mode': ceil, 'count_include_pad': cip, 'zero_point': zp}
            if st is not None:
                attrs['stride'] = st
            cs.append(Case('QuantAvgPool', [x], attrs, e, False,
                           'x%s k%s st%s pad%s ceil=%s cip=%s zp %d' % (xs, k, st, pad, ceil, cip, zp)))
        return cs

    return {'QuantizeInt8': quantize_cases, 'DequantizeInt8': dequantize_cases, 'QuantDense': dense_cases,
            'QuantConv2D': conv_cases, 'QuantAvgPool': avgpool_cases}
