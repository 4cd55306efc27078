/* quant.c — int8 requantization arithmetic and the int8 dense kernel for
 * post-training quantization (issue 22), with TFLite's int8 reference
 * semantics bit for bit: gemmlowp's SaturatingRoundingDoublingHighMul and
 * RoundingDivideByPOT, MultiplyByQuantizedMultiplier, QuantizeMultiplier,
 * and FullyConnected with per-output-channel symmetric weights (zero
 * point 0), per-tensor asymmetric activations, int32 accumulation.
 * tests/unit/test_quant.c checks every function against golden values
 * computed independently in Python (scripts/gen-quant-vectors.py).
 *
 * Portable C99: the inner loop multiplies int16-range operands into an
 * int32 accumulator, the shape arm-none-eabi-gcc turns into SMLABB/SMLAD
 * on Cortex-M4/M7. Signed right shifts are arithmetic (gcc, clang, and
 * arm-none-eabi-gcc define them so, as TFLite assumes).
 * No malloc, no VLAs, no recursion. */
#include "msrt.h"

#include <math.h>

/* Armv7E-M/Armv8-M DSP (Cortex-M4, M7, M33...): the int8 dense's inner
 * product two multiply-adds per SMLAD, on halfword pairs unpacked by SXTB16
 * (ACLE intrinsics). Integer sums: bit-identical to the portable loop. */
#if defined(__ARM_FEATURE_SIMD32) && !defined(__ARM_BIG_ENDIAN) && !defined(MSRT_NO_SIMD)
#include <arm_acle.h>
#include <string.h>
#define Q8_SIMD32 1
static int8x4_t q8_load4(const int8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return (int8x4_t)v;
}
static int8x4_t q8_ror8(int8x4_t v) { return (int8x4_t)(((uint32_t)v >> 8) | ((uint32_t)v << 24)); }
#endif

int32_t msrt_q_srdhm(int32_t a, int32_t b) {
  if (a == INT32_MIN && b == INT32_MIN) return INT32_MAX;
  int64_t ab = (int64_t)a * (int64_t)b;
  int64_t nudge = ab >= 0 ? ((int64_t)1 << 30) : (1 - ((int64_t)1 << 30));
  return (int32_t)((ab + nudge) / ((int64_t)1 << 31));
}

int32_t msrt_q_rdpot(int32_t x, int32_t exponent) {
  int32_t mask = (int32_t)(((int64_t)1 << exponent) - 1);
  int32_t remainder = x & mask;
  int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return (x >> exponent) + (remainder > threshold ? 1 : 0);
}

int32_t msrt_q_mul(int32_t x, int32_t mult, int32_t shift) {
  int32_t left = shift > 0 ? shift : 0, right = shift > 0 ? 0 : -shift;
  int32_t xs = (int32_t)(uint32_t)((uint32_t)x << left);
  return msrt_q_rdpot(msrt_q_srdhm(xs, mult), right);
}

void msrt_q_quantize_multiplier(double m, int32_t *qmult, int32_t *shift) {
  if (m == 0.0) {
    *qmult = 0;
    *shift = 0;
    return;
  }
  int e = 0;
  double q = frexp(m, &e);
  int64_t qf = (int64_t)round(q * 2147483648.0);
  if (qf == ((int64_t)1 << 31)) {
    qf /= 2;
    e++;
  }
  if (e < -31) {
    e = 0;
    qf = 0;
  }
  *qmult = (int32_t)qf;
  *shift = (int32_t)e;
}

int msrt_q8_dense(int32_t M, int32_t N, int32_t K, const int8_t *x, int32_t x_zp, const int8_t *w,
                  const int32_t *bias, const int32_t *mult, const int32_t *shift, int32_t out_zp,
                  int32_t act_min, int32_t act_max, int8_t *y) {
  if (M < 0 || N < 0 || K < 0 || act_min > act_max) return MSRT_EINVAL;
  for (int32_t i = 0; i < M; i++) {
    const int8_t *xr = x + (int64_t)i * K;
    int8_t *yr = y + (int64_t)i * N;
    int32_t j = 0;
    /* four output channels at a time: each input element is loaded once
     * for four multiply-adds (integer sums: the order changes nothing) */
    for (; j + 4 <= N; j += 4) {
      const int8_t *w0 = w + (int64_t)j * K, *w1 = w0 + K, *w2 = w1 + K, *w3 = w2 + K;
      int32_t a0 = bias ? bias[j] : 0, a1 = bias ? bias[j + 1] : 0, a2 = bias ? bias[j + 2] : 0,
              a3 = bias ? bias[j + 3] : 0;
      int32_t p = 0;
#ifdef Q8_SIMD32
      int16x2_t zz = (int16x2_t)((uint32_t)(uint16_t)(int16_t)x_zp * 0x10001u);
      for (; p + 4 <= K; p += 4) {
        int8x4_t xw = q8_load4(xr + p), v;
        int16x2_t xe = __ssub16(__sxtb16(xw), zz), xo = __ssub16(__sxtb16(q8_ror8(xw)), zz);
        v = q8_load4(w0 + p);
        a0 = __smlad(xo, __sxtb16(q8_ror8(v)), __smlad(xe, __sxtb16(v), a0));
        v = q8_load4(w1 + p);
        a1 = __smlad(xo, __sxtb16(q8_ror8(v)), __smlad(xe, __sxtb16(v), a1));
        v = q8_load4(w2 + p);
        a2 = __smlad(xo, __sxtb16(q8_ror8(v)), __smlad(xe, __sxtb16(v), a2));
        v = q8_load4(w3 + p);
        a3 = __smlad(xo, __sxtb16(q8_ror8(v)), __smlad(xe, __sxtb16(v), a3));
      }
#endif
      for (; p < K; p++) {
        int32_t xv = (int32_t)(int16_t)(xr[p] - x_zp);
        a0 += xv * (int32_t)w0[p];
        a1 += xv * (int32_t)w1[p];
        a2 += xv * (int32_t)w2[p];
        a3 += xv * (int32_t)w3[p];
      }
      int32_t acc[4] = {a0, a1, a2, a3};
      for (int32_t t = 0; t < 4; t++) {
        int32_t v = msrt_q_mul(acc[t], mult[j + t], shift[j + t]) + out_zp;
        v = v < act_min ? act_min : v > act_max ? act_max : v;
        yr[j + t] = (int8_t)v;
      }
    }
    for (; j < N; j++) {
      const int8_t *wr = w + (int64_t)j * K;
      int32_t acc = bias ? bias[j] : 0, p = 0;
#ifdef Q8_SIMD32
      int16x2_t zz = (int16x2_t)((uint32_t)(uint16_t)(int16_t)x_zp * 0x10001u);
      for (; p + 4 <= K; p += 4) {
        int8x4_t xw = q8_load4(xr + p), v = q8_load4(wr + p);
        acc = __smlad(__ssub16(__sxtb16(q8_ror8(xw)), zz), __sxtb16(q8_ror8(v)),
                      __smlad(__ssub16(__sxtb16(xw), zz), __sxtb16(v), acc));
      }
#endif
      for (; p < K; p++) acc += (int32_t)(int16_t)(xr[p] - x_zp) * (int32_t)wr[p];
      int32_t v = msrt_q_mul(acc, mult[j], shift[j]) + out_zp;
      v = v < act_min ? act_min : v > act_max ? act_max : v;
      y[(int64_t)i * N + j] = (int8_t)v;
    }
  }
  return MSRT_OK;
}

void msrt_q8_quantize(int64_t n, const float *x, float scale, int32_t zp, int8_t *q) {
  for (int64_t i = 0; i < n; i++) {
    float t = roundf(x[i] / scale);
    if (t != t) t = 0.0f; /* nan: the zero point */
    t += (float)zp;
    t = t < -128.0f ? -128.0f : t > 127.0f ? 127.0f : t;
    q[i] = (int8_t)t;
  }
}

void msrt_q8_dequantize(int64_t n, const int8_t *q, float scale, int32_t zp, float *x) {
  for (int64_t i = 0; i < n; i++) x[i] = scale * (float)((int32_t)q[i] - zp);
}

int msrt_q8_conv2d(const int64_t *xs, const int64_t *wsh, const int64_t *os, const int64_t *stride,
                   const int64_t *pad, const int64_t *dil, int64_t group, const int8_t *x, int32_t x_zp,
                   const int8_t *w, const int32_t *bias, const int32_t *mult, const int32_t *shift, int32_t out_zp,
                   int32_t act_min, int32_t act_max, int8_t *y) {
  int64_t n = xs[0], c = xs[1], h = xs[2], wd = xs[3];
  int64_t co = wsh[0], cig = wsh[1], kh = wsh[2], kw = wsh[3], oh = os[2], ow = os[3];
  if (group <= 0 || c != cig * group || co % group != 0 || act_min > act_max) return MSRT_EINVAL;
  int64_t cog = co / group;
  for (int64_t b = 0; b < n; b++)
    for (int64_t o = 0; o < co; o++) {
      int64_t g = o / cog;
      const int8_t *wo = w + o * cig * kh * kw;
      for (int64_t i = 0; i < oh; i++)
        for (int64_t j = 0; j < ow; j++) {
          int32_t acc = bias ? bias[o] : 0;
          for (int64_t ci = 0; ci < cig; ci++) {
            const int8_t *xc = x + ((b * c + g * cig + ci) * h) * wd;
            const int8_t *wc = wo + ci * kh * kw;
            for (int64_t p = 0; p < kh; p++) {
              int64_t r = i * stride[0] - pad[0] + p * dil[0];
              if (r < 0 || r >= h) continue; /* padding: the zero point, which contributes 0 */
              for (int64_t q = 0; q < kw; q++) {
                int64_t s = j * stride[1] - pad[2] + q * dil[1];
                if (s < 0 || s >= wd) continue;
                acc += (int32_t)(int16_t)(xc[r * wd + s] - x_zp) * (int32_t)wc[p * kw + q];
              }
            }
          }
          int32_t v = msrt_q_mul(acc, mult[o], shift[o]) + out_zp;
          v = v < act_min ? act_min : v > act_max ? act_max : v;
          y[((b * co + o) * oh + i) * ow + j] = (int8_t)v;
        }
    }
  return MSRT_OK;
}
