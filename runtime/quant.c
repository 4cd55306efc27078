/* quant.c — int8 requantization arithmetic and the int8 dense kernel for
 * post-training quantization (issue 22), with TFLite's int8 reference
 * semantics bit for bit: gemmlowp's SaturatingRoundingDoublingHighMul and
 * RoundingDivideByPOT, MultiplyByQuantizedMultiplier, QuantizeMultiplier,
 * and FullyConnected with per-output-channel symmetric weights (zero
 * point 0), per-tensor asymmetric activations, int32 accumulation.
 * tests/unit/test_quant.c checks every function against golden values
 * computed independently in Python (scripts/gen-quant-vectors.py).
 *
 * Also the dense kernel of constant weights packed at compile time
 * (msrt_q8_dense_packed, two channels per SMLAD halfword), AvgPool and
 * Conv2D on int8. Portable C99, with ACLE intrinsics and a few lines of
 * gcc inline assembly (SXTB16 with a rotation, LDRD with writeback,
 * SMMLAR) on Armv7E-M. Signed right shifts are arithmetic (gcc, clang, and
 * arm-none-eabi-gcc define them so, as TFLite assumes).
 * No malloc, no VLAs, no recursion. */
#include "msrt.h"

#include <math.h>
#include <string.h>

/* Armv7E-M/Armv8-M DSP (Cortex-M4, M7, M33...): the int8 dense's inner
 * product two multiply-adds per SMLAD, on halfword pairs unpacked by SXTB16
 * (ACLE intrinsics). Integer sums: bit-identical to the portable loop. */
#if defined(__ARM_FEATURE_SIMD32) && !defined(__ARM_BIG_ENDIAN) && !defined(MSRT_NO_SIMD)
#include <arm_acle.h>
#define Q8_SIMD32 1
static int8x4_t q8_load4(const int8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return (int8x4_t)v;
}
static int8x4_t q8_ror8(int8x4_t v) { return (int8x4_t)(((uint32_t)v >> 8) | ((uint32_t)v << 24)); }
static int16x2_t q8_sxtb16_ror8(int8x4_t v) {
#if defined(__GNUC__)
  int16x2_t r;
  __asm__("sxtb16 %0, %1, ror #8" : "=r"(r) : "r"(v));
  return r;
#else
  return __sxtb16(q8_ror8(v));
#endif
}
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

/* With a floating-point unit, roundf (half away from zero) without the
 * library call: t limited to [-512, 512] first (beyond, the result clamps
 * to -128 or 127 either way: |zp| <= 128), truncated, and moved away from
 * zero when the dropped part is at least a half (t - trunc(t) is exact in
 * float). With software float (Arm cores without an FPU), where each of
 * those operations is a call, roundf. */
void msrt_q8_quantize(int64_t n, const float *x, float scale, int32_t zp, int8_t *q) {
#if defined(Q8_SIMD32) && defined(__GNUC__) && defined(__thumb2__) && defined(__ARM_FP) && (__ARM_FP & 4)
  /* A VFP with fixed-point conversions (Armv7E-M's FPv4 and later): VCVT
   * to one fraction bit gives m = trunc(2 t) exactly (saturating; nan: 0),
   * and round_half_away(t) = (m + 1 + (m < 0 ? -1 : 0)) >> 1 (arithmetic
   * shift); m is limited to 12 bits first (beyond, the result saturates
   * either way: |zp| <= 128), the zero point added as 2 zp before the shift,
   * then one SSAT shifts and saturates to 8 bits. */
  int32_t c = 1 + 2 * zp;
  for (int64_t i = 0; i < n; i++) {
    float t = x[i] / scale;
    int32_t m;
    __asm__("vcvt.s32.f32 %0, %0, #1" : "+t"(t));
    memcpy(&m, &t, sizeof m);
    __asm__("ssat %0, #12, %0" : "+r"(m));
    m += c + (m >> 31);
    __asm__("ssat %0, #8, %0, asr #1" : "+r"(m));
    q[i] = (int8_t)m;
  }
  return;
#endif
  for (int64_t i = 0; i < n; i++) {
#if defined(__arm__) && !defined(__ARM_FP)
    float t = roundf(x[i] / scale);
    if (t != t) t = 0.0f; /* nan: the zero point */
    t += (float)zp;
    t = t < -128.0f ? -128.0f : t > 127.0f ? 127.0f : t;
    q[i] = (int8_t)t;
#else
    float t = x[i] / scale;
    if (!(t >= -512.0f)) t = t != t ? 0.0f : -512.0f; /* nan: the zero point */
    if (t > 512.0f) t = 512.0f;
    int32_t r = (int32_t)t;
    float f = t - (float)r;
    r += (f >= 0.5f ? 1 : 0) - (f <= -0.5f ? 1 : 0) + zp;
    q[i] = (int8_t)(r < -128 ? -128 : r > 127 ? 127 : r);
#endif
  }
}

void msrt_q8_dequantize(int64_t n, const int8_t *q, float scale, int32_t zp, float *x) {
  for (int64_t i = 0; i < n; i++) x[i] = scale * (float)((int32_t)q[i] - zp);
}

/* The taps t in [*lo, *hi) of a window (start base, k taps d apart) that
 * fall inside [0, n). */
static void q8_taps(int64_t base, int64_t k, int64_t d, int64_t n, int64_t *lo, int64_t *hi) {
  *lo = base >= 0 ? 0 : (-base + d - 1) / d;
  *hi = n - base <= 0 ? 0 : (n - base + d - 1) / d;
  if (*hi > k) *hi = k;
  if (*lo > *hi) *lo = *hi;
}

/* The taps in the padding are skipped (they hold the zero point, whose
 * product is 0), so each window's rows and columns are ranges worked out
 * once per output; the innermost loop walks pointers. */
int msrt_q8_conv2d(const int64_t *xs, const int64_t *wsh, const int64_t *os, const int64_t *stride,
                   const int64_t *pad, const int64_t *dil, int64_t group, const int8_t *x, int32_t x_zp,
                   const int8_t *w, const int32_t *bias, const int32_t *mult, const int32_t *shift, int32_t out_zp,
                   int32_t act_min, int32_t act_max, int8_t *y) {
  int64_t n = xs[0], c = xs[1], h = xs[2], wd = xs[3];
  int64_t co = wsh[0], cig = wsh[1], kh = wsh[2], kw = wsh[3], oh = os[2], ow = os[3];
  if (group <= 0 || c != cig * group || co % group != 0 || act_min > act_max || dil[0] <= 0 || dil[1] <= 0)
    return MSRT_EINVAL;
  int64_t cog = co / group;
  for (int64_t b = 0; b < n; b++)
    for (int64_t o = 0; o < co; o++) {
      int64_t g = o / cog;
      const int8_t *wo = w + o * cig * kh * kw;
      int8_t *yo = y + (b * co + o) * oh * ow;
      for (int64_t i = 0; i < oh; i++) {
        int64_t rb = i * stride[0] - pad[0], p0, p1;
        q8_taps(rb, kh, dil[0], h, &p0, &p1);
        for (int64_t j = 0; j < ow; j++) {
          int64_t sb = j * stride[1] - pad[2], q0, q1;
          q8_taps(sb, kw, dil[1], wd, &q0, &q1);
          int32_t acc = bias ? bias[o] : 0, nq = (int32_t)(q1 - q0), dx = (int32_t)dil[1];
          for (int64_t ci = 0; ci < cig; ci++) {
            const int8_t *xc = x + ((b * c + g * cig + ci) * h) * wd + sb + q0 * dil[1];
            const int8_t *wc = wo + ci * kh * kw + q0;
            for (int64_t p = p0; p < p1; p++) {
              const int8_t *xp = xc + (rb + p * dil[0]) * wd, *wp = wc + p * kw;
              for (int32_t t = 0; t < nq; t++, xp += dx)
                acc += (int32_t)(int16_t)(*xp - x_zp) * (int32_t)wp[t];
            }
          }
          int32_t v = msrt_q_mul(acc, mult[o], shift[o]) + out_zp;
          v = v < act_min ? act_min : v > act_max ? act_max : v;
          yo[i * ow + j] = (int8_t)v;
        }
      }
    }
  return MSRT_OK;
}

/* ===================================================================
 * msrt_q8_dense_packed: the dense layer of constant weights, laid out at
 * compile time by msrt_q8_pack_dense (codegen/emit_quant.c.inc).
 *
 * The blob (int32 words; each weight word's bytes by value, low byte
 * first, so the layout does not depend on the target's byte order), with
 * N4 = N rounded up to a multiple of 4 and KB = the blocks of 4 inputs,
 * rounded up to a multiple of 4 (q8_kb: 16 inputs, the kernel's step):
 *   - per channel c < N4, Q8_HW = 3 words: the folded bias (bias[c] -
 *     x_zp * sum_p w[c,p]: the input's zero point is applied at compile
 *     time, so the kernel multiplies the raw int8 input), mult[c] and
 *     its shift word (q8_shift_word; 0 and -1 for the padding channels
 *     c >= N);
 *   - then per group of 4 channels (c0..c3), per block b of inputs
 *     p = 4b..4b+3, four words: A and B of the pair (c0, c1), A and B of
 *     the pair (c2, c3), where for a pair (c, d)
 *       A = [w[c,p] + 128, w[d,p], w[c,p+2] + 128, w[d,p+2]]
 *       B = [w[c,p+1] + 128, w[d,p+1], w[c,p+3] + 128, w[d,p+3]]
 *     (bytes, low first; 0 past K and for the padding channels).
 * One byte per weight, as [N, K] int8, plus 12 bytes per channel.
 *
 * Why that layout: on Armv7E-M a halfword of A read as int16 is
 * (w[c,p] + 128) + 256 w[d,p], so one SMLAD of A with the input pair
 * (x[p], x[p+2]) (the row expanded once into int16 pairs, q8_expand)
 * multiply-adds both channels at once: raw += U + 256 V. SXTB16 of A
 * rotated by 8 gives the halfwords w[d,.] alone and a second SMLAD
 * h += V; then U = raw - 256 h (raw may wrap: sums mod 2^32 are the
 * int32 sums), and U - 128 sum_p x[p] is channel c's sum. Three
 * instructions (SMLAD, SXTB16, SMLAD) per four multiply-adds, where
 * unpacking the weights needs five. q8_dot_asm: per 4 blocks (64
 * multiply-adds) two LDM of 4 input words, four LDM of 4 weight words,
 * 48 SMLAD/SXTB16 and the loop's test (the input row ends with a
 * sentinel word no input pair can hold: 0x7f7f is 32639) = 56
 * instructions, 0.875 per multiply-add. Elsewhere the same words are read
 * by portable C (q8_dot_c). Integer sums in any order: bit-identical to
 * msrt_q8_dense.
 * =================================================================== */

/* blocks of 4 inputs, rounded up to a multiple of 4 (the kernel's step);
 * channels rounded up to a multiple of 4 (a group) */
static int32_t q8_kb(int32_t K) { return (K + 15) / 16 * 4; }
static int32_t q8_n4(int32_t N) { return (N + 3) / 4 * 4; }

/* channel groups per q8_dot call: the scratch's accumulators */
#define Q8_CHUNK 8

/* words per channel before the weights */
#define Q8_HW 3

int64_t msrt_q8_packed_words(int32_t N, int32_t K) { return (int64_t)q8_n4(N) * (Q8_HW + q8_kb(K)); }

int64_t msrt_q8_dense_scratch_words(int32_t K) { return 2 * (int64_t)q8_kb(K) + 4 + 4 * Q8_CHUNK; }

/* byte of channel c's weight p with offset off (0 past K or N) */
static uint32_t q8_pack_byte(int32_t N, int32_t K, const int8_t *w, int32_t c, int64_t p, int32_t off) {
  if (c >= N || p >= K) return 0;
  return (uint32_t)(uint8_t)(int32_t)(w[(int64_t)c * K + p] + off);
}

/* msrt_q8_pack_dense (natural 0: the input pairs (x[p], x[p+2]), (x[p+1],
 * x[p+3]) of q8_expand; ckh 0) and msrt_q8_pack_conv (natural 1: (x[p],
 * x[p+1]), (x[p+2], x[p+3]), the taps in msrt_q8_conv2d_packed's order,
 * ckh = C kh, kw: tap m is weight (m % ckh) kw + m / ckh) */
/* The blob's shift word (q8_requant): for a right shift e in [2, 24],
 * 2^(e-2) << 8 | (e - 1) (at least 256); otherwise -shift - 1 (below 256) */
static int32_t q8_shift_word(int32_t shift) {
  return shift <= -2 && shift >= -24 ? (int32_t)(1u << (6 - shift)) - shift - 1 : -shift - 1;
}

static int q8_pack(int32_t N, int32_t K, const int8_t *w, const int32_t *bias, const int32_t *mult,
                   const int32_t *shift, int32_t x_zp, int32_t *blob, int natural, int32_t ckh, int32_t kw) {
  if (N < 0 || K < 0) return MSRT_EINVAL;
  int32_t n4 = q8_n4(N), kb = q8_kb(K);
  for (int32_t c = 0; c < N; c++)
    if (mult[c] < (1 << 30) || shift[c] < -31 || shift[c] > 31) return MSRT_EINVAL;
  for (int32_t c = 0; c < n4; c++) {
    uint32_t b = c < N && bias ? (uint32_t)bias[c] : 0u, s = 0;
    for (int64_t p = 0; c < N && p < K; p++) {
      int32_t wv = w[(int64_t)c * K + p];
      s += (uint32_t)wv;
    }
    int32_t *hd = blob + Q8_HW * c;
    hd[0] = (int32_t)(b - (uint32_t)x_zp * s);
    hd[1] = c < N ? mult[c] : 0;
    hd[2] = c < N ? q8_shift_word(shift[c]) : -1;
  }
  int64_t o = Q8_HW * (int64_t)n4;
  for (int32_t j = 0; j < n4; j += 4)
    for (int64_t bk = 0; bk < kb; bk++)
      for (int32_t q = 0; q < 4; q += 2)
        for (int32_t h = 0; h < 2; h++) {
          int64_t p = 4 * bk + (natural ? 2 * h : h), p2 = p + (natural ? 1 : 2);
          int32_t c0 = j + q, c1 = j + q + 1;
          if (ckh) {
            p = p < K ? p % ckh * kw + p / ckh : K;
            p2 = p2 < K ? p2 % ckh * kw + p2 / ckh : K;
          }
          uint32_t v = q8_pack_byte(N, K, w, c0, p, 128) | q8_pack_byte(N, K, w, c1, p, 0) << 8 |
                       q8_pack_byte(N, K, w, c0, p2, 128) << 16 | q8_pack_byte(N, K, w, c1, p2, 0) << 24;
          blob[o++] = (int32_t)v;
        }
  return MSRT_OK;
}

int msrt_q8_pack_dense(int32_t N, int32_t K, const int8_t *w, const int32_t *bias, const int32_t *mult,
                       const int32_t *shift, int32_t x_zp, int32_t *blob) {
  return q8_pack(N, K, w, bias, mult, shift, x_zp, blob, 0, 0, 0);
}

int msrt_q8_pack_conv(const int64_t *wsh, const int8_t *w, const int32_t *bias, const int32_t *mult,
                      const int32_t *shift, int32_t x_zp, int32_t *blob) {
  for (int t = 0; t < 4; t++)
    if (wsh[t] < 0 || wsh[t] >= (1 << 15)) return MSRT_EINVAL;
  int32_t ckh = (int32_t)(wsh[1] * wsh[2]), kw = (int32_t)wsh[3];
  if ((int64_t)ckh * kw >= (1 << 30)) return MSRT_EINVAL;
  return q8_pack((int32_t)wsh[0], ckh * kw, w, bias, mult, shift, x_zp, blob, 1, ckh > 0 ? ckh : 1, kw);
}

/* msrt_q_mul of the shifts q8_requant's fast path leaves (rare: out of
 * line, to keep the inlined loops small). With m2 = 2 mult mod 2^32,
 * SaturatingRoundingDoublingHighMul's rounding, the nudged truncating
 * division TFLite writes, is floor((ab + 2^30) / 2^31) = floor((a m2 +
 * 2^31) / 2^32) + a (its saturating case, INT32_MIN * INT32_MIN, cannot
 * occur): one SMMLAR on Armv7E-M. Then RoundingDivideByPOT in 32-bit
 * arithmetic. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int32_t q8_mul_other(int32_t acc, int32_t mult, int32_t shift) {
  int32_t left = shift > 0 ? shift : 0, right = left - shift, v;
  int32_t m2 = (int32_t)(2u * (uint32_t)mult), a = (int32_t)((uint32_t)acc << left);
#if defined(Q8_SIMD32) && defined(__GNUC__)
  __asm__("smmlar %0, %1, %2, %3" : "=r"(v) : "r"(a), "r"(m2), "r"(a));
#else
  v = (int32_t)(((int64_t)a * (int32_t)((uint32_t)m2 >> 1) + ((int64_t)1 << 30)) >> 31);
#endif
  int32_t mask = (int32_t)((1u << right) - 1u), thr = (mask >> 1) + (int32_t)((uint32_t)v >> 31);
  return (v >> right) + (int32_t)((uint32_t)(thr - (v & mask)) >> 31); /* + (remainder > thr) */
}

/* msrt_q_mul, then the zero point and the clamp, for the blob's multiplier
 * mult in [2^30, 2^31) (msrt_q_quantize_multiplier's range) and its shift
 * word sw (hd: the blob's words of the channel; q8_shift_word). */
static inline int8_t q8_requant(int32_t acc, const int32_t *hd, int32_t zp, int32_t lo, int32_t hi) {
  int32_t sw = hd[2], v;
  if (sw >= 256) {
    /* A right shift e in [2, 24] (the usual case): x = floor((acc m + 2^30) /
     * 2^31) is SaturatingRoundingDoublingHighMul, RoundingDivideByPOT(x, e)
     * = floor((x + 2^(e-1) - [x < 0]) / 2^e), and floor((floor(y / A) + c) / B)
     * = floor((y + c A) / (A B)): one 64-bit sum acc m + 2^30 - [acc < 0]
     * 2^31 + 2^(30+e) ([x < 0] = [acc < 0] but where x = 0, which rounds
     * to 0 either way), its high word shifted right by e - 1. On
     * Armv7E-M, one SMLAL onto that constant (high word [acc < 0] + 2^(e-2),
     * low word 2^30 - [acc < 0] 2^31). */
    int32_t s = acc >> 31, m = hd[1], th = s + (sw >> 8);
    uint32_t tl = 0x40000000u + ((uint32_t)s << 31);
#if defined(Q8_SIMD32) && defined(__GNUC__)
    /* ASR by a register uses its low byte: e - 1 */
    __asm__("smlal %0, %1, %2, %3\n\tasr %1, %1, %4" : "+&r"(tl), "+&r"(th) : "r"(acc), "r"(m), "r"(sw));
    v = th;
#else
    int32_t e1 = sw & 255;
    int64_t t = (int64_t)(((uint64_t)(uint32_t)th << 32) | tl);
    v = (int32_t)((uint64_t)(t + (int64_t)acc * (int64_t)m) >> 32) >> e1;
#endif
  } else {
    v = q8_mul_other(acc, hd[1], -sw - 1);
  }
  v += zp;
  v = v < lo ? lo : v;
  return (int8_t)(v > hi ? hi : v);
}

/* the end of an expanded row: the sentinel pair and six zeros */
static void q8_sentinel(int16_t *e) {
  e[0] = e[1] = 0x7f7f;
  for (int32_t t = 2; t < 8; t++) e[t] = 0;
}

/* The row xr [K] as int16 pairs in xs (q8_kb(K) blocks of four: x[4b],
 * x[4b+2], x[4b+1], x[4b+3]; zeros past K), then the sentinel pair
 * 0x7f7f 0x7f7f and six zeros (q8_dot_asm's last LDM reads them).
 * Returns 128 sum_p x[p] mod 2^32 (the c channels' offset). */
static uint32_t q8_expand(const int8_t *xr, int32_t K, int16_t *xs) {
  int32_t kb = q8_kb(K), b = 0;
  uint32_t s = 0;
#ifdef Q8_SIMD32
  int32_t nf = K / 4;
  /* the sum of (x + 128): USADA8 of the bytes ^ 0x80 */
  uint32_t su = 0;
  for (; b < nf; b++) {
    int8x4_t xw = q8_load4(xr + 4 * b);
    int16x2_t e = __sxtb16(xw), o = q8_sxtb16_ror8(xw);
    su = __usada8((uint8x4_t)((uint32_t)xw ^ 0x80808080u), 0, su);
    memcpy(xs + 4 * b, &e, 4);
    memcpy(xs + 4 * b + 2, &o, 4);
  }
  s = su - 128u * (uint32_t)(4 * nf);
#endif
  for (; b < kb; b++)
    for (int32_t t = 0; t < 4; t++) {
      int32_t k = 4 * b + t, v = k < K ? xr[k] : 0;
      s += (uint32_t)v;
      xs[4 * b + (t & 1) * 2 + (t >> 1)] = (int16_t)v;
    }
  q8_sentinel(xs + 4 * kb);
  return 128u * s;
}

#ifdef Q8_SIMD32
#if defined(__GNUC__) && defined(__thumb2__) && defined(__ARM_FEATURE_DSP)
#define Q8_ASM 1
/* one pair's words w (A or B) times the input pair x: raw r += w.x, then
 * w = SXTB16(w ror 8) and h += w.x */
#define Q8_MAC(r, h, w, x)                                                                                         \
  "smlad " r ", " w ", " x ", " r "\n\t"                                                                           \
  "sxtb16 " w ", " w ", ror #8\n\t"                                                                                \
  "smlad " h ", " w ", " x ", " h "\n\t"
/* one block: the group's 4 words (r4-r7) times the input pairs xa, xb */
#define Q8_BLK(xa, xb)                                                                                             \
  "ldm r12!, {r4-r7}\n\t" Q8_MAC("r8", "r9", "r4", xa) Q8_MAC("r8", "r9", "r5", xb)                               \
      Q8_MAC("r10", "r11", "r6", xa) Q8_MAC("r10", "r11", "r7", xb)
/* For ng groups of 4 channels (the blob's words from w): acc[4 g ..] =
 * raw and h of the pairs (c0, c1), (c2, c3) over the row xs (q8_expand).
 * Registers: r0-r3 two blocks of input pairs, r4-r7 a block's weights,
 * r8-r11 the sums, r12 the weights, lr the inputs; the loop ends at the
 * sentinel; xs, ng and acc on the stack. */
#define Q8_ARG __attribute__((unused)) /* read from r0-r3 */
__attribute__((naked, noinline)) static void q8_dot_asm(const int16_t *xs Q8_ARG, const int32_t *w Q8_ARG,
                                                        int32_t ng Q8_ARG, int32_t *acc Q8_ARG) {
  __asm__ volatile("push {r4-r11, lr}\n\t"
                   "push {r0, r2, r3}\n\t"
                   "mov r12, r1\n"
                   "1:\n\t"
                   "ldr lr, [sp]\n\t"
                   "mov r8, #0\n\t"
                   "mov r9, #0\n\t"
                   "mov r10, #0\n\t"
                   "mov r11, #0\n\t"
                   "ldm lr!, {r0-r3}\n"
                   "2:\n\t" Q8_BLK("r0", "r1") Q8_BLK("r2", "r3") "ldm lr!, {r0-r3}\n\t" Q8_BLK("r0", "r1")
                       Q8_BLK("r2", "r3") "ldm lr!, {r0-r3}\n\t"
                   "cmp r0, #0x7f7f7f7f\n\t"
                   "bne 2b\n\t"
                   "ldr r0, [sp, #8]\n\t"
                   "stm r0!, {r8-r11}\n\t"
                   "str r0, [sp, #8]\n\t"
                   "ldr r0, [sp, #4]\n\t"
                   "subs r0, r0, #1\n\t"
                   "str r0, [sp, #4]\n\t"
                   "bne 1b\n\t"
                   "add sp, sp, #12\n\t"
                   "pop {r4-r11, pc}\n\t");
}
#endif
#endif

#ifndef Q8_ASM
/* q8_dot_asm in C: the halfwords of the words w times the int16 inputs
 * (mod 2^32); h: the high byte of each halfword, signed */
static inline uint32_t q8_sbyte(uint32_t v) { return ((v & 0xffu) ^ 0x80u) - 0x80u; }
static inline uint32_t q8_shalf(uint32_t v) { return ((v & 0xffffu) ^ 0x8000u) - 0x8000u; }
#define Q8C_MAC(wd, xl, xh, r, h)                                                                                  \
  do {                                                                                                             \
    uint32_t v_ = (uint32_t)(wd);                                                                                  \
    r += (xl) * q8_shalf(v_) + (xh) * q8_shalf(v_ >> 16);                                                          \
    h += (xl) * q8_sbyte(v_ >> 8) + (xh) * q8_sbyte(v_ >> 24);                                                     \
  } while (0)
static void q8_dot_c(const int16_t *xs, const int32_t *w, int32_t ng, int32_t kb, int32_t *acc) {
  for (int32_t g = 0; g < ng; g++, acc += 4) {
    uint32_t r0 = 0, h0 = 0, r1 = 0, h1 = 0;
    const int16_t *x = xs;
    for (int32_t b = 0; b < kb; b++, x += 4, w += 4) {
      uint32_t a0 = (uint32_t)(int32_t)x[0], a1 = (uint32_t)(int32_t)x[1], b0 = (uint32_t)(int32_t)x[2],
               b1 = (uint32_t)(int32_t)x[3];
      Q8C_MAC(w[0], a0, a1, r0, h0);
      Q8C_MAC(w[1], b0, b1, r0, h0);
      Q8C_MAC(w[2], a0, a1, r1, h1);
      Q8C_MAC(w[3], b0, b1, r1, h1);
    }
    acc[0] = (int32_t)r0, acc[1] = (int32_t)h0, acc[2] = (int32_t)r1, acc[3] = (int32_t)h1;
  }
}
#endif

/* The blob's N channels of the expanded row xs (c0: q8_expand's offset)
 * into yr[j * ys]; acc: 4 Q8_CHUNK words of scratch. */
static inline void q8_channels(int32_t N, int32_t K, const int16_t *xs, uint32_t c0, const int32_t *blob, int32_t out_zp,
                        int32_t act_min, int32_t act_max, int8_t *yr, int64_t ys, int32_t *acc) {
  int32_t n4 = q8_n4(N), kb = q8_kb(K);
  const int32_t *w = blob + Q8_HW * (int64_t)n4;
  for (int32_t j = 0; j < N; j += 4 * Q8_CHUNK) {
    int32_t nc = N - j < 4 * Q8_CHUNK ? N - j : 4 * Q8_CHUNK, ng = (nc + 3) / 4;
#ifdef Q8_ASM
    q8_dot_asm(xs, w, ng, acc);
#else
    q8_dot_c(xs, w, ng, kb, acc);
#endif
    w += (int64_t)ng * 4 * kb;
    const int32_t *hd = blob + Q8_HW * (int64_t)j, *a = acc, *ae = acc + nc;
    int8_t *y = yr + j * ys;
    for (; a + 2 <= ae; a += 2, hd += 2 * Q8_HW) { /* a pair: raw - 256 h - 128 sum x, then h */
      uint32_t h = (uint32_t)a[1];
      *y = q8_requant((int32_t)((uint32_t)hd[0] + (uint32_t)a[0] - 256u * h - c0), hd, out_zp, act_min, act_max);
      y += ys;
      *y = q8_requant((int32_t)((uint32_t)hd[Q8_HW] + h), hd + Q8_HW, out_zp, act_min, act_max);
      y += ys;
    }
    if (a < ae) /* an odd channel count: the last pair's first channel */
      *y = q8_requant((int32_t)((uint32_t)hd[0] + (uint32_t)a[0] - 256u * (uint32_t)a[1] - c0), hd, out_zp, act_min,
                      act_max);
  }
}

int msrt_q8_dense_packed(int32_t M, int32_t N, int32_t K, const int8_t *x, const int32_t *blob, int32_t out_zp,
                         int32_t act_min, int32_t act_max, int8_t *y, int32_t *scratch) {
  if (M < 0 || N < 0 || K < 0 || act_min > act_max) return MSRT_EINVAL;
  int16_t *xs = (int16_t *)(void *)scratch;
  int32_t *acc = scratch + 2 * q8_kb(K) + 4;
  for (int32_t i = 0; i < M; i++) {
    uint32_t c0 = q8_expand(x + (int64_t)i * K, K, xs);
    q8_channels(N, K, xs, c0, blob, out_zp, act_min, act_max, y + (int64_t)i * N, 1, acc);
  }
  return MSRT_OK;
}

/* The convolution's taps in the order (kernel column q, input channel ci,
 * kernel row p): tap m = q Ce + ci kh + p with Ce = C kh. Then the windows
 * of an output row are spans of one "column buffer": for each input
 * column the Ce values of its kh rows in every channel (the padding at the
 * zero point), so a window is copied from it (one word per two taps)
 * instead of gathered. The buffer is used when the convolution has
 * dilation 1 along W and it takes at most Q8_COLBUF bytes; otherwise
 * each window is gathered tap by tap in the same order. */
#define Q8_COLBUF 16384

/* int16 values of the column buffer (0: not used): its columns are
 * (OW - 1) stride + kw */
static int64_t q8_colbuf(const int64_t *xs, const int64_t *wsh, const int64_t *os, const int64_t *stride,
                         const int64_t *dil) {
  int64_t ncol = (os[3] - 1) * stride[1] + wsh[3], n = ncol * xs[1] * wsh[2];
  if (dil[1] != 1 || os[3] <= 0 || n * 2 + ncol * 4 > Q8_COLBUF) return 0;
  return n;
}

int64_t msrt_q8_conv_scratch_words(const int64_t *xs, const int64_t *wsh, const int64_t *os, const int64_t *stride,
                                   const int64_t *dil) {
  int64_t n = q8_colbuf(xs, wsh, os, stride, dil), ncol = n ? (os[3] - 1) * stride[1] + wsh[3] : 0;
  return msrt_q8_dense_scratch_words((int32_t)(xs[1] * wsh[2] * wsh[3])) + (n + 1) / 2 + ncol;
}

/* q8_taps in int32_t (a microcontroller's hardware division) */
static void q8_taps32(int32_t base, int32_t k, int32_t d, int32_t n, int32_t *lo, int32_t *hi) {
  *lo = base >= 0 ? 0 : (-base + d - 1) / d;
  *hi = n - base <= 0 ? 0 : (n - base + d - 1) / d;
  if (*hi > k) *hi = k;
  if (*lo > *hi) *lo = *hi;
}

/* n int16 from src to dst, two at a time (n even or not) */
static void q8_copy16(int16_t *dst, const int16_t *src, int32_t n) {
  int32_t t = 0;
  for (; t + 2 <= n; t += 2) {
    uint32_t v;
    memcpy(&v, src + t, 4);
    memcpy(dst + t, &v, 4);
  }
  if (t < n) dst[t] = src[t];
}

int msrt_q8_conv2d_packed(const int64_t *xs, const int64_t *wsh, const int64_t *os, const int64_t *stride,
                          const int64_t *pad, const int64_t *dil, const int8_t *x, int32_t x_zp, const int32_t *blob,
                          int32_t out_zp, int32_t act_min, int32_t act_max, int8_t *y, int32_t *scratch) {
  for (int t = 0; t < 4; t++) /* int32_t indices: every size and offset below 2^30 */
    if (xs[t] < 0 || xs[t] >= (1 << 30) || wsh[t] < 0 || wsh[t] >= (1 << 15) || os[t] < 0 || os[t] >= (1 << 30) ||
        pad[t] < 0 || pad[t] >= (1 << 15) || (t < 2 && (stride[t] <= 0 || stride[t] >= (1 << 15) || dil[t] <= 0 ||
                                                        dil[t] >= (1 << 15))))
      return MSRT_EINVAL;
  if (xs[0] * xs[1] * xs[2] * xs[3] >= (1 << 30) || os[0] * os[1] * os[2] * os[3] >= (1 << 30) || wsh[1] != xs[1] ||
      act_min > act_max || xs[1] * wsh[2] * wsh[3] >= (1 << 30))
    return MSRT_EINVAL;
  int32_t n = (int32_t)xs[0], c = (int32_t)xs[1], h = (int32_t)xs[2], wd = (int32_t)xs[3], co = (int32_t)wsh[0];
  int32_t kh = (int32_t)wsh[2], kw = (int32_t)wsh[3], oh = (int32_t)os[2], ow = (int32_t)os[3], K = c * kh * kw;
  int32_t sh = (int32_t)stride[0], sw = (int32_t)stride[1], dh = (int32_t)dil[0], dw = (int32_t)dil[1];
  int32_t ce = c * kh, kb = q8_kb(K), pl = (int32_t)pad[2];
  int16_t *x16 = (int16_t *)(void *)scratch, z = (int16_t)x_zp; /* the window; the padding */
  int32_t *acc = scratch + 2 * kb + 4;
  int32_t ncb = (int32_t)q8_colbuf(xs, wsh, os, stride, dil), ncol = ncb ? (ow - 1) * sw + kw : 0;
  int32_t *colsum = acc + 4 * Q8_CHUNK;         /* the column buffer's sums, then its values */
  int16_t *cb = (int16_t *)(void *)(colsum + ncol);
  /* past the window: zeros (their weights are 0: any value would do),
   * then the sentinel; each window rewrites the first K */
  for (int32_t t = K; t < kb * 4; t++) x16[t] = 0;
  q8_sentinel(x16 + kb * 4);
  for (int32_t b = 0; b < n; b++)
    for (int32_t i = 0; i < oh; i++) {
      int32_t rb = i * sh - (int32_t)pad[0], p0, p1;
      q8_taps32(rb, kh, dh, h, &p0, &p1);
      const int8_t *xb = x + (int64_t)b * c * h * wd;
      for (int32_t q = 0; q < ncol; q++) { /* the column buffer of this output row */
        int32_t col = q - pl, rs = dh * wd;
        int16_t *d = cb + q * ce;
        uint32_t sum = 0;
        if (col < 0 || col >= wd || p0 == p1) { /* a column of padding */
          for (int32_t t = 0; t < ce; t++) d[t] = z;
          sum = (uint32_t)ce * (uint32_t)z;
        } else {
          const int8_t *xc = xb + (rb + p0 * dh) * wd + col;
          for (int32_t ci = 0; ci < c; ci++, xc += h * wd) {
            const int8_t *xp = xc;
            int32_t p = 0;
            for (; p < p0; p++) *d++ = z;
            for (; p < p1; p++, xp += rs) {
              int32_t v = *xp;
              sum += (uint32_t)v;
              *d++ = (int16_t)v;
            }
            for (; p < kh; p++) *d++ = z;
          }
          sum += (uint32_t)((kh - (p1 - p0)) * c) * (uint32_t)z;
        }
        colsum[q] = (int32_t)sum;
      }
      for (int32_t j = 0; j < ow; j++) {
        int32_t sb = j * sw - pl;
        uint32_t sum = 0;
        if (ncb) {
          q8_copy16(x16, cb + j * sw * ce, K);
          for (int32_t q = 0; q < kw; q++) sum += (uint32_t)colsum[j * sw + q];
        } else {
          int16_t *g = x16;
          for (int32_t q = 0; q < kw; q++) {
            int32_t col = sb + q * dw;
            for (int32_t ci = 0; ci < c; ci++)
              for (int32_t p = 0; p < kh; p++) {
                int32_t v = z;
                if (p >= p0 && p < p1 && col >= 0 && col < wd) v = xb[(ci * h + rb + p * dh) * wd + col];
                sum += (uint32_t)v;
                *g++ = (int16_t)v;
              }
          }
        }
        q8_channels(co, K, x16, 128u * sum, blob, out_zp, act_min, act_max, y + ((b * co) * oh + i) * ow + j,
                    (int64_t)oh * ow, acc);
      }
    }
  return MSRT_OK;
}

int msrt_q8_avgpool2d(const int64_t *xs, int64_t oh, int64_t ow, const int64_t *ksize, const int64_t *stride,
                      const int64_t *pad, int count_include_pad, int32_t zp, const int8_t *x, int8_t *out) {
  for (int i = 0; i < 4; i++)
    if (xs[i] < 0 || pad[i] < 0) return MSRT_EINVAL;
  if (oh < 0 || ow < 0 || ksize[0] <= 0 || ksize[1] <= 0 || stride[0] <= 0 || stride[1] <= 0 || zp < -128 ||
      zp > 127 || ksize[0] * ksize[1] > (1 << 23))
    return MSRT_EINVAL;
  int64_t H = xs[2], W = xs[3];
  for (int64_t nc = 0; nc < xs[0] * xs[1]; nc++) {
    const int8_t *xp = x + nc * H * W;
    int8_t *op = out + nc * oh * ow;
    for (int64_t i = 0; i < oh; i++) {
      int64_t hs = i * stride[0] - pad[0], h0 = hs > 0 ? hs : 0, h1 = hs + ksize[0] < H ? hs + ksize[0] : H;
      int64_t ph = (hs + ksize[0] < H + pad[1] ? hs + ksize[0] : H + pad[1]) - hs; /* clipped to the padded input */
      for (int64_t j = 0; j < ow; j++) {
        int64_t ws = j * stride[1] - pad[2], w0 = ws > 0 ? ws : 0, w1 = ws + ksize[1] < W ? ws + ksize[1] : W;
        int64_t pw = (ws + ksize[1] < W + pad[3] ? ws + ksize[1] : W + pad[3]) - ws;
        int32_t acc = 0, n = (int32_t)((h1 > h0 ? h1 - h0 : 0) * (w1 > w0 ? w1 - w0 : 0));
        for (int64_t r = h0; r < h1; r++)
          for (int64_t s = w0; s < w1; s++) acc += xp[r * W + s];
        int32_t d = count_include_pad ? (int32_t)(ph * pw) : n;
        acc += (d - n) * zp; /* the padding is the real 0 */
        int32_t v = d <= 0 ? zp : acc > 0 ? (acc + d / 2) / d : (acc - d / 2) / d;
        op[i * ow + j] = (int8_t)(v < -128 ? -128 : v > 127 ? 127 : v);
      }
    }
  }
  return MSRT_OK;
}
