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
#if defined(Q8_SIMD32) && defined(__GNUC__) && defined(__thumb2__) && defined(__ARM_FP) && (__ARM_FP & 4)
/* msrt_q8_quantize's element t = x / scale, c = 1 + 2 zp (below) */
/* VCVT's m = trunc(2 t), saturated to 16 bits (below) */
static inline int32_t q8_trunc2(float t) {
  int32_t m;
  __asm__("vcvt.s16.f32 %0, %0, #1" : "+t"(t));
  memcpy(&m, &t, sizeof m);
  return m;
}
static inline int32_t q8_vcvt(float t, int32_t c) {
  int32_t m = q8_trunc2(t);
  __asm__("add %0, %0, %0, asr #31" : "+r"(m)); /* m + (m < 0 ? -1 : 0) in one instruction */
  m += c;
  __asm__("ssat %0, #8, %0, asr #1" : "+r"(m));
  return m;
}
/* q8_vcvt's rounding of two values m0, m1 (q8_trunc2) at once, as an x16
 * word: the pair (m0, m1) (PKHBT), GE per halfword where m >= 0 (SADD16
 * of 0), c = 1 + 2 zp there and c - 1 elsewhere (SEL of cc and cd: c and
 * c - 1 in both halfwords), (m + c) >> 1 in 17 bits (SHADD16), saturated
 * to 8 bits (SSAT16). Five instructions for two values (scalar: seven). */
static inline int32_t q8_round2(int32_t m0, int32_t m1, int32_t cc, int32_t cd) {
  int32_t r, t;
  __asm__("pkhbt %0, %2, %3, lsl #16\n\t"
          "sadd16 %1, %0, %4\n\t"
          "sel %1, %5, %6\n\t"
          "shadd16 %0, %0, %1\n\t"
          "ssat16 %0, #8, %0"
          : "=&r"(r), "=&r"(t)
          : "r"(m0), "r"(m1), "r"(0), "r"(cc), "r"(cd)
          : "cc");
  return r;
}
#define Q8_VCVT 1
#endif

/* One value of msrt_q8_quantize (in [-128, 127]) */
static inline int32_t q8_quant1(float v, float scale, int32_t zp) {
#if defined(Q8_SIMD32) && defined(__GNUC__) && defined(__thumb2__) && defined(__ARM_FP) && (__ARM_FP & 4)
  /* A VFP with fixed-point conversions (Armv7E-M's FPv4 and later): VCVT
   * to a 16-bit fixed-point value with one fraction bit gives m =
   * trunc(2 t) exactly, saturated to [-32768, 32767] (sign-extended; nan:
   * 0), and round_half_away(t) = (m + 1 + (m < 0 ? -1 : 0)) >> 1
   * (arithmetic shift); beyond 16 bits the result saturates either way
   * (|zp| <= 128). The zero point is added as 2 zp before the shift, then
   * one SSAT shifts and saturates to 8 bits. */
  return q8_vcvt(v / scale, 1 + 2 * zp);
#elif defined(__arm__) && !defined(__ARM_FP)
  float t = roundf(v / scale);
  if (t != t) t = 0.0f; /* nan: the zero point */
  t += (float)zp;
  t = t < -128.0f ? -128.0f : t > 127.0f ? 127.0f : t;
  return (int32_t)t;
#else
  float t = v / scale;
  if (!(t >= -512.0f)) t = t != t ? 0.0f : -512.0f; /* nan: the zero point */
  if (t > 512.0f) t = 512.0f;
  int32_t r = (int32_t)t;
  float f = t - (float)r;
  r += (f >= 0.5f ? 1 : 0) - (f <= -0.5f ? 1 : 0) + zp;
  return r < -128 ? -128 : r > 127 ? 127 : r;
#endif
}

void msrt_q8_quantize(int64_t n, const float *x, float scale, int32_t zp, int8_t *q) {
  int64_t i = 0;
  for (; i + 2 <= n; i += 2) { /* two a step: both divisions before the stores */
    int32_t q0 = q8_quant1(x[i], scale, zp), q1 = q8_quant1(x[i + 1], scale, zp);
    q[i] = (int8_t)q0;
    q[i + 1] = (int8_t)q1;
  }
  if (i < n) q[i] = (int8_t)q8_quant1(x[i], scale, zp);
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
 * KB = the blocks of 4 inputs,
 * rounded up to a multiple of 4 (q8_kb: 16 inputs, the kernel's step):
 *   - word 0: 1 | (out_zp & 255) << 8 when every channel takes the
 *     requantization of q8_gemv_asm (below), else 0;
 *   - then per group of 4 channels (c0..c3), 12 + 4 KB words (q8_gw):
 *     the head, bf[c0] + 256 bf[c1], bf[c1], bf[c2] + 256 bf[c3], bf[c3]
 *     (mod 2^32; bf = bias - x_zp sum_p w[c,p], the folded bias: the
 *     input's zero point is applied at compile time, so the kernel
 *     multiplies the raw int8 input; 0 for the padding channels c >= N);
 *     per block b of inputs p = 4b..4b+3, four words: A and B of the
 *     pair (c0, c1), A and B of the pair (c2, c3), where for a pair (c, d)
 *       A = [w[c,p] + 128, w[d,p], w[c,p+2] + 128, w[d,p+2]]
 *       B = [w[c,p+1] + 128, w[d,p+1], w[c,p+3] + 128, w[d,p+3]]
 *     (bytes, low first; 0 past K and for the padding channels); then
 *     the tail, per channel 2 mult (mod 2^32) and its shift word: with
 *     word 0's flag, t << 8 | e for the right shift e = -shift in [1, 15]
 *     and t = 2^(e-1) (1 + 2 out_zp), else the shift itself; a last group
 *     of 1 or 2 channels is a pair (c0, c1): its head, A and B per block,
 *     its tail (q8_width; 0 for a padding channel c1 >= N).
 * One byte per weight, as [N, K] int8, plus 12 bytes per channel.
 *
 * Why that layout: on Armv7E-M a halfword of A read as int16 is
 * (w[c,p] + 128) + 256 w[d,p], so one SMLAD of A with the input pair
 * (x[p], x[p+2]) (the row expanded once into int16 pairs, q8_expand)
 * multiply-adds both channels at once: raw += U + 256 V. SXTB16 of A
 * rotated by 8 gives the halfwords w[d,.] alone and a second SMLAD
 * h += V; then U = raw - 256 h (raw may wrap: sums mod 2^32 are the
 * int32 sums), and U - 128 sum_p x[p] is channel c's sum. The head starts
 * raw at bf[c] + 256 bf[d] - 128 sum x and h at bf[d], so channel d's
 * accumulator is h and channel c's raw - 256 h. Three instructions (SMLAD,
 * SXTB16, SMLAD) per four multiply-adds, where unpacking the weights
 * needs five. q8_gemv_asm: per 4 blocks (64 multiply-adds) two LDM of 4
 * input words, four LDM of 4 weight words, 48 SMLAD/SXTB16 and the loop's
 * test (the input row ends with a sentinel word no input pair can hold:
 * 0x7f7f is 32639) = 56 instructions, 0.875 per multiply-add; then each
 * channel's requantization in six instructions (q8_gemv_asm). Elsewhere,
 * and for a blob without word 0's flag or a call with another zero point
 * or a narrower clamp, the same words are read by portable C (q8_dot_c)
 * and requantized by msrt_q_mul. Integer sums in any order: bit-identical
 * to msrt_q8_dense.
 * =================================================================== */

/* blocks of 4 inputs, rounded up to a multiple of 4 (the kernel's step);
 * channels rounded up to a multiple of 4 (a group) */
static int32_t q8_kb(int32_t K) { return (K + 15) / 16 * 4; }
/* a convolution's blocks (msrt_q8_pack_conv): a multiple of 2 (8 inputs;
 * q8_gemvs_asm enters its loop halfway for an odd number of halves), of
 * 4 when the last group is a pair (q8_gemv2_asm's step) */
static int32_t q8_kbconv(int32_t N, int32_t K) { return N % 4 == 1 || N % 4 == 2 ? q8_kb(K) : (K + 7) / 8 * 2; }
/* the channels of the group that starts at channel j: 4, or 2 for a last
 * group of 1 or 2 channels (a pair) */
static int32_t q8_width(int32_t N, int32_t j) { return N - j >= 3 ? 4 : 2; }
/* words of a group of width channels: head, weights, tail */
static int64_t q8_gw(int32_t kb, int32_t width) { return width * (3 + (int64_t)kb); }

/* channel groups per q8_gemv_asm call into the scratch's staging bytes */
#define Q8_CHUNK 8

static int64_t q8_words(int32_t N, int32_t kb) {
  int32_t r = N % 4;
  return 1 + (int64_t)(N / 4) * q8_gw(kb, 4) + (r ? q8_gw(kb, q8_width(N, N - r)) : 0);
}
int64_t msrt_q8_packed_words(int32_t N, int32_t K) { return q8_words(N, q8_kb(K)); }
int64_t msrt_q8_packed_conv_words(const int64_t *wsh) {
  int32_t N = (int32_t)wsh[0], K = (int32_t)(wsh[1] * wsh[2] * wsh[3]);
  return q8_words(N, q8_kbconv(N, K));
}

int64_t msrt_q8_dense_scratch_words(int32_t K) { return 2 * (int64_t)q8_kb(K) + 4 + 4 * Q8_CHUNK; }

/* byte of channel c's weight p with offset off (0 past K or N) */
static uint32_t q8_pack_byte(int32_t N, int32_t K, const int8_t *w, int32_t c, int64_t p, int32_t off) {
  if (c >= N || p >= K) return 0;
  return (uint32_t)(uint8_t)(int32_t)(w[(int64_t)c * K + p] + off);
}

/* the halfword w[c0,p] + 256 w[c1,p] of msrt_q8_pack_dense_x16 (0 past K
 * or N; weights in [-127, 127]: an int16) */
static uint32_t q8_pack_half(int32_t N, int32_t K, const int8_t *w, int32_t c0, int32_t c1, int64_t p) {
  int32_t a = c0 < N && p < K ? w[(int64_t)c0 * K + p] : 0, b = c1 < N && p < K ? w[(int64_t)c1 * K + p] : 0;
  return (uint32_t)(uint16_t)(int16_t)(a + 256 * b);
}

/* channel c's folded bias bias[c] - x_zp sum_p w[c,p] (exact), and the
 * largest |accumulator| it can reach: |bf| + 128 sum_p |w[c,p]| */
static int64_t q8_folded(int32_t K, const int8_t *w, const int32_t *bias, int32_t x_zp, int32_t c, int64_t *bound) {
  int64_t s = 0, a = 0;
  for (int64_t p = 0; p < K; p++) {
    int32_t wv = w[(int64_t)c * K + p];
    s += wv;
    a += wv < 0 ? -wv : wv;
  }
  int64_t bf = (bias ? bias[c] : 0) - (int64_t)x_zp * s;
  *bound = (bf < 0 ? -bf : bf) + 128 * a;
  return bf;
}

/* msrt_q8_pack_dense (natural 0: the input pairs (x[p], x[p+2]), (x[p+1],
 * x[p+3]) of q8_expand; ckh 0) and msrt_q8_pack_conv (natural 1: (x[p],
 * x[p+1]), (x[p+2], x[p+3]), the taps in msrt_q8_conv2d_packed's order,
 * ckh = C kh, kw: tap m is weight (m % ckh) kw + m / ckh).
 * q8_gemv_asm's requantization (the flag of word 0) is exact when each
 * channel's right shift e is in [1, 15] (t << 8 fits) and x + t + s, its
 * 32-bit sum, cannot wrap: |acc| + |t| + 2 < 2^31 for every accumulator
 * the channel can reach (|x| <= |acc|). */
static int q8_pack(int32_t N, int32_t K, const int8_t *w, const int32_t *bias, const int32_t *mult,
                   const int32_t *shift, int32_t x_zp, int32_t out_zp, int32_t *blob, int natural, int32_t ckh,
                   int32_t kw, int x16) {
  if (N < 0 || K < 0 || out_zp < -128 || out_zp > 127) return MSRT_EINVAL;
  int32_t kb = natural && !x16 ? q8_kbconv(N, K) : q8_kb(K), fast = 1;
  for (int32_t c = 0; c < N; c++) {
    if (mult[c] < (1 << 30) || shift[c] < -31 || shift[c] > 31) return MSRT_EINVAL;
    int64_t bound, e = -(int64_t)shift[c];
    q8_folded(K, w, bias, x_zp, c, &bound);
    int64_t t = e >= 1 && e <= 15 ? ((int64_t)1 << (e - 1)) * (1 + 2 * out_zp) : 0;
    if (e < 1 || e > 15 || bound + (t < 0 ? -t : t) + 2 >= ((int64_t)1 << 31)) fast = 0;
    /* the signed layout: each pair's second channel from raw - lo (its
     * sum times 256 mod 2^32) and every halfword an int16 */
    if (x16 && (c & 1) && bound >= ((int64_t)1 << 23)) return MSRT_EINVAL;
    for (int64_t p = 0; x16 && p < K; p++)
      if (w[(int64_t)c * K + p] == -128) return MSRT_EINVAL;
  }
  if (x16 && !fast) return MSRT_EINVAL;
  blob[0] = fast ? (int32_t)((x16 ? 3u : 1u) | (uint32_t)(uint8_t)out_zp << 8) : 0;
  int32_t *g = blob + 1;
  for (int32_t j = 0, wd; j < N; j += wd, g += q8_gw(kb, wd)) {
    uint32_t bf[4];
    wd = q8_width(N, j);
    for (int32_t q = 0; q < wd; q++) {
      int64_t bound;
      bf[q] = j + q < N ? (uint32_t)q8_folded(K, w, bias, x_zp, j + q, &bound) : 0u;
    }
    for (int32_t q = 0; q < wd; q += 2) {
      g[q] = (int32_t)(bf[q] + 256u * bf[q + 1]);
      g[q + 1] = (int32_t)bf[q + (x16 ? 0 : 1)];
    }
    int64_t o = wd;
    for (int64_t bk = 0; bk < kb; bk++)
      for (int32_t q = 0; q < wd; q += 2)
        for (int32_t h = 0; h < 2; h++) {
          int64_t p = 4 * bk + (natural ? 2 * h : h), p2 = p + (natural ? 1 : 2);
          int32_t c0 = j + q, c1 = j + q + 1;
          if (ckh) {
            p = p < K ? p % ckh * kw + p / ckh : K;
            p2 = p2 < K ? p2 % ckh * kw + p2 / ckh : K;
          }
          uint32_t v = x16 ? /* the int16 halfwords w[c0,p] + 256 w[c1,p] */
                           q8_pack_half(N, K, w, c0, c1, p) | q8_pack_half(N, K, w, c0, c1, p2) << 16
                         : q8_pack_byte(N, K, w, c0, p, 128) | q8_pack_byte(N, K, w, c1, p, 0) << 8 |
                               q8_pack_byte(N, K, w, c0, p2, 128) << 16 | q8_pack_byte(N, K, w, c1, p2, 0) << 24;
          g[o++] = (int32_t)v;
        }
    for (int32_t q = 0; q < wd; q++, o += 2) {
      int32_t c = j + q, e = c < N ? -shift[c] : 1;
      g[o] = c < N ? (int32_t)(2u * (uint32_t)mult[c]) : 0;
      if (!fast)
        g[o + 1] = c < N ? shift[c] : 0;
      else /* t << 8 | e; t = 0 for the padding channels */
        g[o + 1] = (int32_t)((c < N ? (uint32_t)(1 + 2 * out_zp) << (e - 1 + 8) : 0u) | (uint32_t)e);
    }
  }
  return MSRT_OK;
}

int msrt_q8_pack_dense(int32_t N, int32_t K, const int8_t *w, const int32_t *bias, const int32_t *mult,
                       const int32_t *shift, int32_t x_zp, int32_t out_zp, int32_t *blob) {
  return q8_pack(N, K, w, bias, mult, shift, x_zp, out_zp, blob, 0, 0, 0, 0);
}

int msrt_q8_pack_conv(const int64_t *wsh, const int8_t *w, const int32_t *bias, const int32_t *mult,
                      const int32_t *shift, int32_t x_zp, int32_t out_zp, int32_t *blob) {
  for (int t = 0; t < 4; t++)
    if (wsh[t] < 0 || wsh[t] >= (1 << 15)) return MSRT_EINVAL;
  int32_t ckh = (int32_t)(wsh[1] * wsh[2]), kw = (int32_t)wsh[3];
  if ((int64_t)ckh * kw >= (1 << 30)) return MSRT_EINVAL;
  return q8_pack((int32_t)wsh[0], ckh * kw, w, bias, mult, shift, x_zp, out_zp, blob, 1, ckh > 0 ? ckh : 1, kw, 0);
}

/* the end of an expanded row: the sentinel pair and six zeros */
static void q8_sentinel(int16_t *e) {
  e[0] = e[1] = 0x7f7f;
  for (int32_t t = 2; t < 8; t++) e[t] = 0;
}

/* The row xr [K] as int16 pairs in xs (q8_kb(K) blocks of four: x[4b],
 * x[4b+2], x[4b+1], x[4b+3]; zeros past K), then the sentinel pair
 * 0x7f7f 0x7f7f and six zeros (q8_gemv_asm's last LDM reads them).
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
 * w = SXTB16(w rot) and h += w.x (rot: ", ror #8", or "" for the signed
 * halfwords of the x16 rows' blobs) */
#define Q8_MAC_(r, h, w, x, rot)                                                                                   \
  "smlad " r ", " w ", " x ", " r "\n\t"                                                                           \
  "sxtb16 " w ", " w rot "\n\t"                                                                                    \
  "smlad " h ", " w ", " x ", " h "\n\t"
#define Q8_MAC(r, h, w, x) Q8_MAC_(r, h, w, x, ", ror #8")
/* one block: the group's 4 words (r4-r7) times the input pairs xa, xb */
#define Q8_BLK(xa, xb)                                                                                             \
  "ldm r12!, {r4-r7}\n\t" Q8_MAC("r8", "r9", "r4", xa) Q8_MAC("r8", "r9", "r5", xb)                               \
      Q8_MAC("r10", "r11", "r6", xa) Q8_MAC("r10", "r11", "r7", xb)
/* The accumulator a requantized with its tail words m2 (2 mult) and s (t
 * << 8 | e), stored at lr (post-incremented); t: a scratch register.
 * SMMLAR(a, m2, r) = r - a + floor((2 a mult + 2^31) / 2^32) mod 2^32
 * (m2 read as signed is 2 mult - 2^32) = r - a + x, x TFLite's
 * SaturatingRoundingDoublingHighMul (floor((a mult + 2^30) / 2^31) always;
 * its saturating case needs mult = INT32_MIN); with r = a + t + [a < 0 ?
 * -1 : 0], that is x + 2^(e-1) - [x < 0] + zp 2^e (where x = 0 and a < 0
 * the -1 changes nothing), and its arithmetic shift by e (ASR by a
 * register reads its low byte) is RoundingDivideByPOT(x, e) + zp; SSAT
 * clamps to [-128, 127]. The result goes to r: t (Q8_REQS), or a itself
 * (Q8_REQX, where t is a high register and a a low one). */
#define Q8_REQ_(a, m, s, t, r, st)                                                                                 \
  "add " t ", " a ", " s ", asr #8\n\t"                                                                            \
  "add " t ", " t ", " a ", asr #31\n\t"                                                                           \
  "smmlar " r ", " a ", " m ", " t "\n\t"                                                                          \
  "asrs " r ", " r ", " s "\n\t" /* 16 bits: r, s low registers; no flag read after */                             \
  "ssat " r ", #8, " r "\n\t" st(r)
#define Q8_REQS(a, m, s, t, st) Q8_REQ_(a, m, s, t, t, st)
#define Q8_ST1(t) "strb " t ", [lr], #1\n\t"
#define Q8_REQ(a, m, s, t) Q8_REQS(a, m, s, t, Q8_ST1)
/* For ng groups of 4 channels (the blob's words from g: head, weights,
 * tail) up to end: y[4 i ..] = the group's 4 outputs, over the row xs
 * (q8_expand) whose offset is c0. Registers: r0-r3 two blocks of input pairs, r4-r7 a
 * block's weights, r8-r11 raw and h of the two pairs, r12 the blob, lr
 * the inputs (then y); the loop ends at the sentinel; xs, end and y on the
 * stack, c0 the fifth argument above them. Per group: 5 + 56 KB / 4 + 34
 * instructions. */
#define Q8_ARG __attribute__((unused)) /* read from r0-r3 and the stack */
/* the body of q8_gemv_asm (st: the store of an output byte; ld: before a
 * group's stores) */
#define Q8_GEMV(pro, grp, ld, st)                                                                                  \
  "push {r4-r11, lr}\n\t"                                                                                         \
  "push {r0, r2, r3}\n\t"                                                                                         \
  "mov r12, r1\n\t" pro "\n"                                                                                      \
  "1:\n\t"                                                                                                         \
  "ldr lr, [sp]\n\t"                                                                                               \
  "ldm r12!, {r8-r11}\n\t"                                                                                         \
  "ldr r0, [sp, #48]\n\t"                                                                                          \
  "sub r8, r8, r0\n\t"                                                                                             \
  "sub r10, r10, r0\n\t"                                                                                           \
  "ldm lr!, {r0-r3}\n\t" grp "\n"                                                                                 \
  "2:\n\t" Q8_BLK("r0", "r1") Q8_BLK("r2", "r3") "ldm lr!, {r0-r3}\n"                                             \
  "3:\n\t" Q8_BLK("r0", "r1") Q8_BLK("r2", "r3") "ldm lr!, {r0-r3}\n\t"                                           \
  "cmp r0, #0x7f7f7f7f\n\t"                                                                                        \
  "bne 2b\n\t"                                                                                                     \
  "sub r8, r8, r9, lsl #8\n\t"                                                                                     \
  "sub r10, r10, r11, lsl #8\n\t"                                                                                  \
  "ldr lr, [sp, #8]\n\t" ld "ldm r12!, {r0-r3}\n\t" Q8_REQS("r8", "r0", "r1", "r4", st)                            \
      Q8_REQS("r9", "r2", "r3", "r5", st) "ldm r12!, {r0-r3}\n\t" Q8_REQS("r10", "r0", "r1", "r4", st)               \
          Q8_REQS("r11", "r2", "r3", "r5", st) "str lr, [sp, #8]\n\t"                                                \
  "ldr r0, [sp, #4]\n\t"                                                                                           \
  "cmp r12, r0\n\t"                                                                                                \
  "bne 1b\n\t"                                                                                                     \
  "add sp, sp, #12\n\t"                                                                                            \
  "pop {r4-r11, pc}\n\t"
__attribute__((naked, noinline)) static void q8_gemv_asm(const int16_t *xs Q8_ARG, const int32_t *g Q8_ARG,
                                                         const int32_t *end Q8_ARG, int8_t *y Q8_ARG,
                                                         uint32_t c0 Q8_ARG) {
  __asm__ volatile(Q8_GEMV("", "", "", Q8_ST1));
}
/* q8_gemv_asm with the outputs ys bytes apart (y[4 i ys], y[(4 i + 1)
 * ys]..., the sixth argument: a convolution's channels in NCHW): one ADD
 * more per output, none of q8_channels' copying; and, when half (the
 * seventh) is nonzero, blocks of 8 inputs (an odd number of them: each
 * group enters the loop halfway, at 3, through the address the prologue
 * leaves in half's stack slot; LDR to PC keeps the Thumb bit) */
#define Q8_STS(t) "strb " t ", [lr]\n\t" "add lr, lr, r6\n\t"
__attribute__((naked, noinline)) static void q8_gemvs_asm(const int16_t *xs Q8_ARG, const int32_t *g Q8_ARG,
                                                          const int32_t *end Q8_ARG, int8_t *y Q8_ARG,
                                                          uint32_t c0 Q8_ARG, int32_t ys Q8_ARG, int half Q8_ARG) {
  __asm__ volatile(Q8_GEMV("ldr r0, [sp, #56]\n\t"
                           "adr.w r1, 2f\n\t"
                           "adr.w r2, 3f\n\t"
                           "cmp r0, #0\n\t"
                           "it ne\n\t"
                           "movne r1, r2\n\t"
                           "orr r1, r1, #1\n\t"
                           "str r1, [sp, #56]",
                           "ldr pc, [sp, #56]", "ldr r6, [sp, #52]\n\t", Q8_STS));
}
/* q8_gemv_asm for a last group of two channels (a pair: its words per
 * block are A and B): y[0], y[1]. Registers: r0-r3 two blocks of input
 * pairs, r4-r7 their weights, r8 raw, r9 h, r12 the blob, lr the inputs
 * (then y); two blocks a step (the loop's test is 2 of its 16
 * instructions; two steps unrolled took 52 bytes more flash). Per pair:
 * 9 + 16 KB / 2 + 15 instructions. */
__attribute__((naked, noinline)) static void q8_gemv2_asm(const int16_t *xs Q8_ARG, const int32_t *g Q8_ARG,
                                                          int8_t *y Q8_ARG, uint32_t c0 Q8_ARG) {
  __asm__ volatile("push {r4-r9, lr}\n\t"
                   "mov r12, r1\n\t"
                   "mov lr, r0\n\t"
                   "ldm r12!, {r8, r9}\n\t"
                   "sub r8, r8, r3\n\t"
                   "push {r2}\n\t"
                   "ldm lr!, {r0-r3}\n"
                   "2:\n\t"
                   "ldm r12!, {r4-r7}\n\t" Q8_MAC("r8", "r9", "r4", "r0") Q8_MAC("r8", "r9", "r5", "r1")
                       Q8_MAC("r8", "r9", "r6", "r2") Q8_MAC("r8", "r9", "r7", "r3") "ldm lr!, {r0-r3}\n\t"
                   "cmp r0, #0x7f7f7f7f\n\t"
                   "bne 2b\n\t"
                   "sub r8, r8, r9, lsl #8\n\t"
                   "pop {lr}\n\t"
                   "ldm r12!, {r0-r3}\n\t" Q8_REQ("r8", "r0", "r1", "r4") Q8_REQ("r9", "r2", "r3", "r5")
                   "pop {r4-r9, pc}\n\t");
}
#endif
#endif

/* A weight of the blob's word v: the low byte of a pair's first channel
 * (w + 128, 0 past K: the row's offset c0 corrects it), the signed high
 * byte of its second */
static int32_t q8_wbyte(uint32_t v, int32_t second) {
  return second ? (int32_t)((v >> 8 & 0xffu) ^ 0x80u) - 0x80 : (int32_t)(v & 0xffu);
}
/* The blob's N channels of the expanded row xs (c0: q8_expand's offset)
 * into yr[j * ys]; stage: 4 Q8_CHUNK words of scratch. */
static void q8_channels(int32_t N, int32_t kb, const int16_t *xs, uint32_t c0, const int32_t *blob, int32_t out_zp,
                        int32_t act_min, int32_t act_max, int8_t *yr, int64_t ys, int32_t *stage) {
  int32_t fast = blob[0] & 1, nf = N / 4, rem = N % 4;
  int64_t gw = q8_gw(kb, 4);
  const int32_t *g = blob + 1, *gt = g + nf * gw; /* the full groups; the last, partial one */
#ifdef Q8_ASM
  if (fast && (int32_t)(int8_t)(uint8_t)((uint32_t)blob[0] >> 8) == out_zp && act_min <= -128 && act_max >= 127) {
    int8_t *tmp = (int8_t *)(void *)stage;
    int half = kb % 4 != 0; /* a convolution's: q8_gemvs_asm only */
    if (nf && ys == 1 && !half) /* straight into y */
      q8_gemv_asm(xs, g, gt, yr, c0);
    else if (nf)
      q8_gemvs_asm(xs, g, gt, yr, c0, (int32_t)ys, half);
    if (rem) {
      if (rem == 3)
        q8_gemvs_asm(xs, gt, gt + gw, tmp, c0, 1, half);
      else
        q8_gemv2_asm(xs, gt, tmp, c0);
      for (int32_t t = 0; t < rem; t++) yr[(4 * nf + t) * ys] = tmp[t];
    }
    return;
  }
#else
  (void)stage;
#endif
  /* one channel at a time (compact: the Armv7E-M builds keep it for the
   * blobs without the flag; sums mod 2^32 as the assembly's, the values
   * past K times weights 0 whatever they are): channel t
   * of a group of wd reads byte (t & 1) of each halfword of its pair's
   * words (t & 2); word b & 1 of block b / 2 pairs with xs[2 b], xs[2 b + 1] */
  for (int32_t j = 0; j < N; j++) {
    int32_t t = j & 3, wd = q8_width(N, j - t);
    const int32_t *gg = g + j / 4 * gw;
    uint32_t acc = (uint32_t)gg[t] - (t & 1 ? 0u : 256u * (uint32_t)gg[t + 1] + c0);
    for (int32_t b = 0; b < 2 * kb; b++) {
      uint32_t v = (uint32_t)gg[wd + wd * (b >> 1) + (t & 2) + (b & 1)];
      acc += (uint32_t)(int32_t)xs[2 * b] * (uint32_t)q8_wbyte(v, t & 1) +
             (uint32_t)(int32_t)xs[2 * b + 1] * (uint32_t)q8_wbyte(v >> 16, t & 1);
    }
    const int32_t *tl = gg + wd + wd * (int64_t)kb + 2 * t;
    int32_t v = msrt_q_mul((int32_t)acc, (int32_t)((uint32_t)tl[0] >> 1), fast ? -(tl[1] & 255) : tl[1]) + out_zp;
    v = v < act_min ? act_min : v > act_max ? act_max : v;
    yr[j * ys] = (int8_t)v;
  }
  (void)gt;
  (void)rem;
}

int msrt_q8_dense_packed(int32_t M, int32_t N, int32_t K, const int8_t *x, const int32_t *blob, int32_t out_zp,
                         int32_t act_min, int32_t act_max, int8_t *y, int32_t *scratch) {
  if (M < 0 || N < 0 || K < 0 || act_min > act_max) return MSRT_EINVAL;
  int16_t *xs = (int16_t *)(void *)scratch;
  int32_t *stage = scratch + 2 * q8_kb(K) + 4;
  for (int32_t i = 0; i < M; i++) {
    uint32_t c0 = q8_expand(x + (int64_t)i * K, K, xs);
    q8_channels(N, q8_kb(K), xs, c0, blob, out_zp, act_min, act_max, y + (int64_t)i * N, 1, stage);
  }
  return MSRT_OK;
}

/* msrt_q8_dense_packed with the blob's own output zero point and no clamp,
 * for a blob with the Armv7E-M requantization flag and N % 4 != 3: on
 * Armv7E-M only q8_gemv_asm and q8_gemv2_asm, none of q8_channels' other
 * paths (a library whose dense layers all qualify carries neither the
 * portable fallback nor the strided kernel); elsewhere
 * msrt_q8_dense_packed. */
#ifdef Q8_ASM
/* The rows of msrt_q8_dense_packed_fast, each group of 4 channels by
 * GROUPS(xs, g, gt, yr, c0) */
#define Q8_DENSE_FAST(GROUPS)                                                                                      \
  int16_t *xs = (int16_t *)(void *)scratch;                                                                       \
  int8_t *tmp = (int8_t *)(void *)(scratch + 2 * q8_kb(K) + 4);                                                   \
  int32_t nf = N / 4, rem = N % 4;                                                                                \
  const int32_t *g = blob + 1, *gt = g + nf * q8_gw(q8_kb(K), 4);                                                 \
  for (int32_t i = 0; i < M; i++) {                                                                               \
    int8_t *yr = y + (int64_t)i * N;                                                                              \
    uint32_t c0 = q8_expand(x + (int64_t)i * K, K, xs);                                                           \
    if (nf) GROUPS;                                                                                               \
    if (rem) {                                                                                                    \
      q8_gemv2_asm(xs, gt, tmp, c0);                                                                              \
      for (int32_t t = 0; t < rem; t++) yr[4 * nf + t] = tmp[t];                                                  \
    }                                                                                                             \
  }                                                                                                               \
  return MSRT_OK;
#endif

int msrt_q8_dense_packed_fast(int32_t M, int32_t N, int32_t K, const int8_t *x, const int32_t *blob, int8_t *y,
                              int32_t *scratch) {
  if (M < 0 || N < 0 || K < 0 || !(blob[0] & 1) || N % 4 == 3) return MSRT_EINVAL;
#ifdef Q8_ASM
  Q8_DENSE_FAST(q8_gemv_asm(xs, g, gt, yr, c0))
#else
  return msrt_q8_dense_packed(M, N, K, x, blob, (int32_t)(int8_t)(uint8_t)((uint32_t)blob[0] >> 8), -128, 127, y,
                              scratch);
#endif
}

/* msrt_q8_dense_packed_fast with the strided kernel of the convolutions
 * (q8_gemvs_asm, outputs 1 apart): a library whose convolutions take
 * msrt_q8_conv2d_packed_fast then carries one kernel for both */
int msrt_q8_dense_packed_fast_s(int32_t M, int32_t N, int32_t K, const int8_t *x, const int32_t *blob, int8_t *y,
                                int32_t *scratch) {
  if (M < 0 || N < 0 || K < 0 || !(blob[0] & 1) || N % 4 == 3) return MSRT_EINVAL;
#ifdef Q8_ASM
  Q8_DENSE_FAST(q8_gemvs_asm(xs, g, gt, yr, c0, 1, 0))
#else
  return msrt_q8_dense_packed_fast(M, N, K, x, blob, y, scratch);
#endif
}

/* ===================================================================
 * x16 rows: an int8 row [K] kept as int16 between the layers of a chain
 * QuantizeInt8 -> QuantDense ... -> DequantizeInt8 (the memory plan's
 * choice, passes/memplan.c), so that no layer expands its input:
 * msrt_q8_x16_words(K) int32 words, the values as int16 in order, up to
 * q8_kb(K) blocks of four, then the sentinel pair 0x7f7f 0x7f7f and three
 * words the kernel's last LDM reads (any values). Values past K are 0
 * from msrt_q8_quantize_x16 and any int8 value from msrt_q8_dense_x16
 * (the next layer's weights there are 0; a word that the loop tests for
 * the sentinel, each fourth block's first, holds a real value). The blob
 * is msrt_q8_pack_conv's pairing (x[p], x[p+1]), (x[p+2], x[p+3]) over
 * q8_kb(K) blocks with signed halfwords: a weight word's halfwords are the
 * int16 w[c,p] + 256 w[d,p] of a pair (c, d), the head starts raw at
 * bf[c] + 256 bf[d] and lo at bf[c]; per input pair one SMLAD raw, one
 * SXTB16 (the low bytes: w[c,.]) and one SMLAD lo, so channel c's sum is
 * lo and channel d's (raw - lo) / 256: exact while |sum d| < 2^23, which
 * msrt_q8_pack_dense_x16 checks. No input-dependent offset (q8_expand's
 * rows need 128 sum x per row and its subtraction per group).
 * =================================================================== */

int64_t msrt_q8_x16_words(int32_t K) { return 2 * (int64_t)q8_kb(K) + 4; }

int msrt_q8_pack_dense_x16(int32_t N, int32_t K, const int8_t *w, const int32_t *bias, const int32_t *mult,
                           const int32_t *shift, int32_t x_zp, int32_t out_zp, int32_t *blob) {
  return q8_pack(N, K, w, bias, mult, shift, x_zp, out_zp, blob, 1, 0, 0, 1);
}

/* the row's end: the sentinel (the three words after it are read by the
 * kernel's last LDM and not used) */
static void q8_x16_end(int32_t *r) { r[0] = 0x7f7f7f7f; }

void msrt_q8_quantize_x16(int32_t M, int32_t K, const float *x, float scale, int32_t zp, int32_t *xs) {
  int32_t kb = q8_kb(K);
  for (int32_t i = 0; i < M; i++, x += K, xs += 2 * kb + 4) {
    int32_t k = 0, *o = xs;
#ifdef Q8_VCVT
    uint32_t cc = (uint32_t)(1 + 2 * zp) & 0xffffu, cd = (uint32_t)(2 * zp) & 0xffffu;
    cc |= cc << 16, cd |= cd << 16;
    for (const float *v = x; k + 4 <= K; k += 4, v += 4, o += 2) { /* four a step, two words */
      int32_t m0 = q8_trunc2(v[0] / scale), m1 = q8_trunc2(v[1] / scale), m2 = q8_trunc2(v[2] / scale),
              m3 = q8_trunc2(v[3] / scale);
      o[0] = q8_round2(m0, m1, (int32_t)cc, (int32_t)cd);
      o[1] = q8_round2(m2, m3, (int32_t)cc, (int32_t)cd);
    }
#endif
    (void)o;
    int16_t *h = (int16_t *)(void *)xs; /* the rest (all of it without VCVT) a value at a time */
    /* counted down: "k < K" after the loop above makes arm-none-eabi-gcc 12
     * see an iteration 2^30 in an inlined call (-Waggressive-loop-optimizations) */
    for (int32_t t = K - k; t > 0; t--, k++) h[k] = (int16_t)q8_quant1(x[k], scale, zp);
    for (; k < 4 * kb; k++) h[k] = 0;
    q8_x16_end(xs + 2 * kb);
  }
}

void msrt_q8_dequantize_x16(int32_t M, int32_t N, const int32_t *xs, float scale, int32_t zp, float *y) {
  for (int32_t i = 0; i < M; i++, xs += msrt_q8_x16_words(N), y += N) {
    const int16_t *h = (const int16_t *)(const void *)xs;
    for (int32_t j = 0; j < N; j++) y[j] = scale * (float)(h[j] - zp);
  }
}

#ifdef Q8_ASM
/* Q8_MAC for the signed halfwords: raw r += w.x, then w = SXTB16(w) and
 * lo l += w.x */
#define Q8_MACX(r, l, w, x) Q8_MAC_(r, l, w, x, "")
/* one block: the group's 4 words (r8-r11) times the input pairs xa, xb;
 * raw and lo of the first pair in r4, r5, of the second in r6, r7 */
#define Q8_BLKX(xa, xb)                                                                                            \
  "ldm r12!, {r8-r11}\n\t" Q8_MACX("r4", "r5", "r8", xa) Q8_MACX("r4", "r5", "r9", xb)                            \
      Q8_MACX("r6", "r7", "r10", xa) Q8_MACX("r6", "r7", "r11", xb)
/* Q8_REQS with the result in a (a low register; t: a scratch register) */
#define Q8_REQX(a, m, s, t, st) Q8_REQ_(a, m, s, t, a, st)
#define Q8_NOST(t) ""
#define Q8_STH0(t) "strh " t ", [lr]\n\t"
#define Q8_STH2(t) "strh " t ", [lr, #2]\n\t"
#define Q8_STH4(t) "strh " t ", [lr, #4]\n\t"
#define Q8_STH6(t) "strh " t ", [lr, #6]\n\t"
/* q8_gemv_asm over an x16 row xs with the signed halfwords, each group's
 * four outputs stored into the x16 row y (one block, channels c0..c3 in
 * order): channel c0 = lo of the first pair (r5), c1 =
 * (raw - lo) / 256 (r4), c2 and c3 likewise (r7, r6); c0 is stored
 * last, with the block's post-increment. Per group: 3 + 56 KB / 4 + 35
 * instructions. */
__attribute__((naked, noinline)) static void q8_gemvx_asm(const int32_t *xs Q8_ARG, const int32_t *g Q8_ARG,
                                                          const int32_t *end Q8_ARG, int32_t *y Q8_ARG) {
  __asm__ volatile("push {r4-r11, lr}\n\t"
                   "push {r0, r2, r3}\n\t"
                   "mov r12, r1\n"
                   "1:\n\t"
                   "ldr lr, [sp]\n\t"
                   "ldm r12!, {r4-r7}\n\t"
                   "ldm lr!, {r0-r3}\n"
                   "2:\n\t" Q8_BLKX("r0", "r1") Q8_BLKX("r2", "r3") "ldm lr!, {r0-r3}\n\t"
                   Q8_BLKX("r0", "r1") Q8_BLKX("r2", "r3") "ldm lr!, {r0-r3}\n\t"
                   "cmp r0, #0x7f7f7f7f\n\t"
                   "bne 2b\n\t"
                   "subs r4, r4, r5\n\t"
                   "asrs r4, r4, #8\n\t"
                   "subs r6, r6, r7\n\t"
                   "asrs r6, r6, #8\n\t"
                   "ldr lr, [sp, #8]\n\t"
                   "ldm r12!, {r0-r3}\n\t" Q8_REQX("r5", "r0", "r1", "r8", Q8_NOST)
                       Q8_REQX("r4", "r2", "r3", "r8", Q8_STH2) "ldm r12!, {r0-r3}\n\t"
                           Q8_REQX("r7", "r0", "r1", "r8", Q8_STH4) Q8_REQX("r6", "r2", "r3", "r8", Q8_STH6)
                               "strh r5, [lr], #8\n\t"
                   "str lr, [sp, #8]\n\t"
                   "ldr r0, [sp, #4]\n\t"
                   "cmp r12, r0\n\t"
                   "bne 1b\n\t"
                   "add sp, sp, #12\n\t"
                   "pop {r4-r11, pc}\n\t");
}
/* q8_gemv2_asm over an x16 row with the signed halfwords: the pair's two
 * outputs into the x16 row's block y (halfwords 0 and 1) */
__attribute__((naked, noinline)) static void q8_gemv2x_asm(const int32_t *xs Q8_ARG, const int32_t *g Q8_ARG,
                                                           int32_t *y Q8_ARG) {
  __asm__ volatile("push {r4-r9, lr}\n\t"
                   "mov r12, r1\n\t"
                   "mov lr, r0\n\t"
                   "ldm r12!, {r4, r5}\n\t"
                   "push {r2}\n\t"
                   "ldm lr!, {r0-r3}\n"
                   "2:\n\t"
                   "ldm r12!, {r6-r9}\n\t" Q8_MACX("r4", "r5", "r6", "r0") Q8_MACX("r4", "r5", "r7", "r1")
                       Q8_MACX("r4", "r5", "r8", "r2") Q8_MACX("r4", "r5", "r9", "r3") "ldm lr!, {r0-r3}\n\t"
                   "cmp r0, #0x7f7f7f7f\n\t"
                   "bne 2b\n\t"
                   "subs r4, r4, r5\n\t"
                   "asrs r4, r4, #8\n\t"
                   "pop {lr}\n\t"
                   "ldm r12!, {r0-r3}\n\t" Q8_REQX("r5", "r0", "r1", "r6", Q8_STH0)
                       Q8_REQX("r4", "r2", "r3", "r6", Q8_STH2) "pop {r4-r9, pc}\n\t");
}
#endif

#ifndef Q8_ASM
/* the portable inner product of channel j of a blob with the signed
 * halfwords over the x16 row xs, requantized */
static int8_t q8_x16_channel(int32_t N, int32_t kb, const int32_t *xs, const int32_t *blob, int32_t j) {
  int32_t t = j & 3, wd = q8_width(N, j - t);
  const int32_t *gg = blob + 1 + j / 4 * q8_gw(kb, 4);
  const int16_t *h = (const int16_t *)(const void *)xs;
  uint32_t lo = (uint32_t)gg[(t & 2) + 1], raw = (uint32_t)gg[t & 2];
  for (int32_t b = 0; b < 2 * kb; b++) {
    uint32_t v = (uint32_t)gg[wd + wd * (b >> 1) + (t & 2) + (b & 1)];
    for (int32_t u = 0; u < 2; u++) {
      int32_t hw = (int16_t)(uint16_t)(v >> 16 * u), xv = h[2 * b + u];
      raw += (uint32_t)hw * (uint32_t)xv;
      lo += (uint32_t)(int32_t)(int8_t)(uint8_t)hw * (uint32_t)xv;
    }
  }
  uint32_t d = raw - lo; /* 256 times channel 2k+1's sum, mod 2^32 */
  int32_t acc = t & 1 ? (int32_t)(d >> 8 | (d & 0x80000000u ? 0xff000000u : 0u)) : (int32_t)lo;
  const int32_t *tl = gg + wd + wd * (int64_t)kb + 2 * t;
  int32_t v = msrt_q_mul(acc, (int32_t)((uint32_t)tl[0] >> 1), -(tl[1] & 255)) +
              (int32_t)(int8_t)(uint8_t)((uint32_t)blob[0] >> 8);
  return (int8_t)(v < -128 ? -128 : v > 127 ? 127 : v);
}
#endif

int msrt_q8_dense_x16(int32_t M, int32_t N, int32_t K, const int32_t *xs, const int32_t *blob, int32_t *ys) {
  if (M < 0 || N < 0 || K < 0 || (blob[0] & 3) != 3 || N % 4 == 3) return MSRT_EINVAL;
  int32_t kb = q8_kb(K), kn = q8_kb(N);
  for (int32_t i = 0; i < M; i++, xs += 2 * kb + 4, ys += 2 * kn + 4) {
#ifdef Q8_ASM
    int32_t nf = N / 4;
    const int32_t *g = blob + 1, *gt = g + nf * q8_gw(kb, 4);
    if (nf) q8_gemvx_asm(xs, g, gt, ys);
    if (N % 4) q8_gemv2x_asm(xs, gt, ys + 2 * nf);
#else
    for (int32_t j = 0; j < N; j++) ((int16_t *)(void *)ys)[j] = q8_x16_channel(N, kb, xs, blob, j);
#endif
    q8_x16_end(ys + 2 * kn);
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
 * (OW - 1) stride + kw, then room for the last window's padding to q8_kb
 * blocks and its sentinel (a window is read in place when it starts on a
 * word: stride C kh even) */
static int64_t q8_colbuf_n(int64_t c, int64_t kh, int64_t kw, int64_t ow, int64_t sw, int64_t dw) {
  int64_t ncol = (ow - 1) * sw + kw, k = c * kh * kw;
  int64_t n = ncol * c * kh + (k < (1 << 28) ? 4 * (int64_t)q8_kb((int32_t)k) - k + 8 : 0);
  if (dw != 1 || ow <= 0 || k >= (1 << 28) || n * 2 + ncol * 4 > Q8_COLBUF) return 0;
  return n;
}
static int64_t q8_colbuf(const int64_t *xs, const int64_t *wsh, const int64_t *os, const int64_t *stride,
                         const int64_t *dil) {
  return q8_colbuf_n(xs[1], wsh[2], wsh[3], os[3], stride[1], dil[1]);
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

#ifdef Q8_ASM
/* The ow windows of an output row for q8_gemvs_asm (the blob's groups g
 * to gend; outputs from yo, ys apart): window j starts at cb + j step;
 * with x16, copied there (k values), else read in place with the
 * sentinel's word at its end (4 kb) for the call; its sum is P[j sw + kw
 * - 1] - P[j sw - 1] (P: the running column sums) */
static void q8_conv_row(int16_t *cb, int32_t step, int16_t *x16, int32_t k, int32_t kb, const int32_t *P, int32_t sw,
                        int32_t kw, int32_t ow, const int32_t *g, const int32_t *gend, int8_t *yo, int32_t ys) {
  const int32_t *pe = P + kw - 1, *pb = P + sw - 1;
  uint32_t lo = 0, s0 = 0x7f7f7f7fu;
  int half = kb % 4 != 0;
  for (int32_t j = 0; j < ow; j++, cb += step, pe += sw, pb += sw) {
    uint32_t sum = (uint32_t)*pe - lo, k0;
    lo = (uint32_t)*pb;
    if (x16) {
      q8_copy16(x16, cb, k);
      q8_gemvs_asm(x16, g, gend, yo + j, 128u * sum, ys, half);
      continue;
    }
    memcpy(&k0, cb + 4 * kb, sizeof k0);
    memcpy(cb + 4 * kb, &s0, sizeof s0);
    q8_gemvs_asm(cb, g, gend, yo + j, 128u * sum, ys, half);
    memcpy(cb + 4 * kb, &k0, sizeof k0);
  }
}
#endif

/* A convolution's geometry, msrt_q8_conv_geo's int32_t geo (QG_*: the
 * shapes, strides, dilations, top and left padding, then what follows
 * from them; every size and offset below 2^30), and its scratch: the
 * window x16 (the taps as int16, zeros past K, the sentinel), the sums of
 * a few channel groups (acc), the column buffer's running sums and values
 * (colsum, cb: ncb values, 0 when it is not used; columns [q0, q1) hold
 * the input, the others the zero point z). */
enum {
  QG_N, QG_C, QG_H, QG_W, QG_CO, QG_KH, QG_KW, QG_OH, QG_OW, QG_SH, QG_SW, QG_DH, QG_DW, QG_PT, QG_PL,
  QG_K, QG_CE, QG_KB, QG_NCB, QG_NCOL, QG_Q0, QG_Q1, QG_COLSUM, QG_CB, QG_COUNT
};
typedef char q8_geo_size[QG_COUNT == MSRT_Q8_CONV_GEO && QG_NCB == MSRT_Q8_CONV_GEO_NCB ? 1 : -1];

int msrt_q8_conv_geo(const int64_t *xs, const int64_t *wsh, const int64_t *os, const int64_t *stride,
                     const int64_t *pad, const int64_t *dil, int32_t *geo) {
  for (int t = 0; t < 4; t++) /* int32_t indices: every size and offset below 2^30 */
    if (xs[t] < 0 || xs[t] >= (1 << 30) || wsh[t] < 0 || wsh[t] >= (1 << 15) || os[t] < 0 || os[t] >= (1 << 30) ||
        pad[t] < 0 || pad[t] >= (1 << 15) || (t < 2 && (stride[t] <= 0 || stride[t] >= (1 << 15) || dil[t] <= 0 ||
                                                        dil[t] >= (1 << 15))))
      return MSRT_EINVAL;
  if (xs[0] * xs[1] * xs[2] * xs[3] >= (1 << 30) || os[0] * os[1] * os[2] * os[3] >= (1 << 30) || wsh[1] != xs[1] ||
      xs[1] * wsh[2] * wsh[3] >= (1 << 30))
    return MSRT_EINVAL;
  const int64_t *gv[15] = {xs, xs + 1, xs + 2, xs + 3, wsh, wsh + 2, wsh + 3, os + 2, os + 3,
                           stride, stride + 1, dil, dil + 1, pad, pad + 2};
  for (int t = 0; t < 15; t++) geo[t] = (int32_t)*gv[t];
  int32_t K = geo[QG_C] * geo[QG_KH] * geo[QG_KW], kb = q8_kbconv(geo[QG_CO], K);
  int32_t ncb = (int32_t)q8_colbuf(xs, wsh, os, stride, dil);
  int32_t ncol = ncb ? (geo[QG_OW] - 1) * geo[QG_SW] + geo[QG_KW] : 0;
  int32_t q0 = geo[QG_PL] < ncol ? geo[QG_PL] : ncol;
  geo[QG_K] = K, geo[QG_CE] = geo[QG_C] * geo[QG_KH], geo[QG_KB] = kb, geo[QG_NCB] = ncb, geo[QG_NCOL] = ncol;
  geo[QG_Q0] = q0, geo[QG_Q1] = geo[QG_W] < ncol - q0 ? q0 + geo[QG_W] : ncol;
  geo[QG_COLSUM] = 2 * kb + 4 + 4 * Q8_CHUNK, geo[QG_CB] = geo[QG_COLSUM] + ncol;
  return MSRT_OK;
}

/* The window x16 past its K taps: zeros to kb blocks (their weights are
 * 0: any value would do), then the sentinel; each window rewrites the
 * first K */
static void q8_window_tail(int16_t *x16, int32_t K, int32_t kb) {
  memset(x16 + K, 0, (size_t)(kb * 4 - K) * 2);
  q8_sentinel(x16 + kb * 4);
}

typedef struct {
  const int16_t *v; /* geo as int16_t (msrt_q8_conv2d_packed_fast's) */
  int16_t z, *x16, *cb;
  int32_t *acc, *colsum;
} Q8Conv;

/* g for geo, its scratch laid out and its constant parts written: the
 * window's tail (q8_window_tail), the padding columns of the
 * column buffer with their running sums, and its slack past the last
 * column when windows are read in place (zero: any value but the
 * sentinel's would do) */
static void q8_conv_setup(Q8Conv *g, const int16_t *geo, int32_t x_zp, int32_t *scratch) {
  int32_t ncol = geo[QG_NCOL], ce = geo[QG_CE], q0 = geo[QG_Q0], q1 = geo[QG_Q1], kb = geo[QG_KB];
  int16_t z = (int16_t)x_zp, *x16 = (int16_t *)(void *)scratch, *cb = (int16_t *)(void *)(scratch + geo[QG_CB]);
  int32_t *colsum = scratch + geo[QG_COLSUM];
  g->v = geo, g->z = z, g->x16 = x16, g->cb = cb, g->acc = scratch + 2 * kb + 4, g->colsum = colsum;
  q8_window_tail(x16, geo[QG_K], kb);
  if (geo[QG_SW] * ce % 2 == 0) memset(cb + ncol * ce, 0, (size_t)(geo[QG_NCB] - ncol * ce) * 2);
  uint32_t zc = (uint32_t)ce * (uint32_t)z;
  for (int32_t q = 0; q < ncol; q++) {
    if (q == q0) q = q1;
    if (q == ncol) break;
    for (int32_t t = 0; t < ce; t++) cb[q * ce + t] = z;
    colsum[q] = (int32_t)(zc * (uint32_t)(q + 1));
  }
}

/* The column buffer of an output row whose window starts at input row rb
 * (kernel rows [p0, p1) inside) of the image xb: the input's columns [q0,
 * q1) one kernel row at a time (a channel's row of the input to every
 * (ce)th value; the zero point where no kernel row is inside), then each
 * column's sum; colsum holds their running sums (a window's is a
 * difference) */
static void q8_conv_fill(const Q8Conv *g, const int8_t *xb, int32_t rb, int32_t p0, int32_t p1) {
  int32_t ce = g->v[QG_CE], q0 = g->v[QG_Q0], q1 = g->v[QG_Q1], n = q1 - q0;
  int16_t *cb = g->cb + q0 * ce, z = g->z;
  int32_t *colsum = g->colsum;
  int32_t kh = g->v[QG_KH], rs = g->v[QG_DH] * g->v[QG_W], cs = g->v[QG_H] * g->v[QG_W];
  const int8_t *xc = xb + rb * g->v[QG_W] + (q0 - g->v[QG_PL]); /* channel ci's kernel row 0 */
  if (kh == 3 && p0 == 0 && p1 == 3) { /* 3 rows inside: a column's 3 values of a channel side by side */
    for (int16_t *dc = cb, *de = cb + g->v[QG_C] * 3; n > 0 && dc != de; dc += 3, xc += cs) {
      const int8_t *x0 = xc, *x1 = xc + rs, *x2 = xc + 2 * rs;
      int16_t *d = dc;
      for (int32_t t = n; t > 0; t--, d += ce) {
        d[0] = *x0++;
        d[1] = *x1++;
        d[2] = *x2++;
      }
    }
    n = 0;
  }
  for (int16_t *dc = cb, *de = cb + g->v[QG_C] * kh; n > 0 && dc != de; dc += kh, xc += cs) {
    const int8_t *xr = xc;
    for (int32_t p = 0; p < kh; p++, xr += rs) {
      int16_t *d = dc + p;
      int32_t t = n;
      if (p < p0 || p >= p1) {
        for (; t > 0; t--, d += ce) *d = z;
        continue;
      }
      for (const int8_t *x = xr; t > 0; t--, d += ce) *d = *x++;
    }
  }
  /* the running sums: [0, q0) from q8_conv_setup, the input's columns
   * summed, the padding after them ce z each */
  uint32_t run = q0 ? (uint32_t)colsum[q0 - 1] : 0u, zc = (uint32_t)ce * (uint32_t)z;
  for (int32_t q = q0; q < q1; q++, cb += ce) {
    int32_t t = 0;
#ifdef Q8_SIMD32
    for (; t + 2 <= ce; t += 2) {
      int16x2_t v;
      memcpy(&v, cb + t, sizeof v);
      run = (uint32_t)__smlad(v, (int16x2_t)0x00010001, (int32_t)run);
    }
#endif
    for (; t < ce; t++) {
      int32_t v = cb[t];
      run += (uint32_t)v;
    }
    colsum[q] = (int32_t)run;
  }
  for (int32_t q = q1; q < g->v[QG_NCOL]; q++) colsum[q] = (int32_t)(run += zc);
}

int msrt_q8_conv2d_packed(const int64_t *xs, const int64_t *wsh, const int64_t *os, const int64_t *stride,
                          const int64_t *pad, const int64_t *dil, const int8_t *x, int32_t x_zp, const int32_t *blob,
                          int32_t out_zp, int32_t act_min, int32_t act_max, int8_t *y, int32_t *scratch) {
  int32_t geo[MSRT_Q8_CONV_GEO];
  if (act_min > act_max || msrt_q8_conv_geo(xs, wsh, os, stride, pad, dil, geo) != MSRT_OK) return MSRT_EINVAL;
  int32_t c = geo[QG_C], h = geo[QG_H], wd = geo[QG_W], co = geo[QG_CO], kh = geo[QG_KH], kw = geo[QG_KW];
  int32_t oh = geo[QG_OH], ow = geo[QG_OW], K = geo[QG_K], kb = geo[QG_KB], sw = geo[QG_SW], dh = geo[QG_DH];
  int32_t dw = geo[QG_DW], ce = geo[QG_CE], pl = geo[QG_PL], ncb = geo[QG_NCB];
  int16_t geo16[MSRT_Q8_CONV_GEO], *x16 = (int16_t *)(void *)scratch, *cb = NULL, z = (int16_t)x_zp;
  int32_t *acc = scratch + 2 * kb + 4, *colsum = NULL;
  /* the column buffer's helpers read geo as int16_t: past that, windows
   * are gathered */
  for (int t = 0; t < MSRT_Q8_CONV_GEO; t++) {
    if (geo[t] > INT16_MAX) ncb = 0;
    geo16[t] = (int16_t)geo[t];
  }
  Q8Conv g;
  memset(&g, 0, sizeof g); /* (used only when ncb: set up below) */
  if (ncb) {
    q8_conv_setup(&g, geo16, x_zp, scratch);
    cb = g.cb, colsum = g.colsum;
  } else {
    q8_window_tail(x16, K, kb);
  }
  /* windows read in place from the column buffer (each starts on a word):
   * the sentinel goes after the window for the call and the 8 values it
   * covers come back after */
  int inplace = ncb && sw * ce % 2 == 0;
#ifdef Q8_ASM
  /* q8_channels' assembly path for whole groups of 4, called per window
   * without its dispatch */
  int direct = (blob[0] & 1) && (int32_t)(int8_t)(uint8_t)((uint32_t)blob[0] >> 8) == out_zp &&
               act_min <= -128 && act_max >= 127 && co > 0 && co % 4 == 0;
  const int32_t *gend = blob + 1 + (int64_t)(co / 4) * q8_gw(kb, 4);
#endif
  for (int32_t b = 0; b < geo[QG_N]; b++)
    for (int32_t i = 0; i < oh; i++) {
      int32_t rb = i * geo[QG_SH] - geo[QG_PT], p0, p1;
      q8_taps32(rb, kh, dh, h, &p0, &p1);
      const int8_t *xb = x + (int64_t)b * c * h * wd;
      if (ncb) q8_conv_fill(&g, xb, rb, p0, p1);
#ifdef Q8_ASM
      /* msrt_q8_conv2d_packed_fast's row, written out in both: one shared
       * function cost the fast path 5,000 instructions in the two-conv
       * net (GCC inlined the fill differently) */
      if (direct && ncb) {
        q8_conv_row(cb, sw * ce, inplace ? NULL : x16, K, kb, colsum, sw, kw, ow, blob + 1, gend,
                    y + ((b * co) * oh + i) * ow, oh * ow);
        continue;
      }
#endif
      for (int32_t j = 0; j < ow; j++) {
        int32_t sb = j * sw - pl;
        uint32_t sum = 0;
        if (inplace) {
          int16_t *win = cb + j * sw * ce, keep[8];
          int8_t *yo = y + ((b * co) * oh + i) * ow + j;
          sum = (uint32_t)colsum[j * sw + kw - 1] - (j ? (uint32_t)colsum[j * sw - 1] : 0u);
          memcpy(keep, win + 4 * kb, sizeof keep);
          q8_sentinel(win + 4 * kb);
          q8_channels(co, kb, win, 128u * sum, blob, out_zp, act_min, act_max, yo, (int64_t)oh * ow, acc);
          memcpy(win + 4 * kb, keep, sizeof keep);
          continue;
        }
        if (ncb) {
          q8_copy16(x16, cb + j * sw * ce, K);
          sum = (uint32_t)colsum[j * sw + kw - 1] - (j ? (uint32_t)colsum[j * sw - 1] : 0u);
        } else {
          int16_t *gp = x16;
          for (int32_t q = 0; q < kw; q++) {
            int32_t col = sb + q * dw;
            for (int32_t ci = 0; ci < c; ci++)
              for (int32_t p = 0; p < kh; p++) {
                int32_t v = z;
                if (p >= p0 && p < p1 && col >= 0 && col < wd) v = xb[(ci * h + rb + p * dh) * wd + col];
                sum += (uint32_t)v;
                *gp++ = (int16_t)v;
              }
          }
        }
#ifdef Q8_ASM
        if (direct) {
          q8_gemvs_asm(x16, blob + 1, gend, y + ((b * co) * oh + i) * ow + j, 128u * sum, oh * ow,
                       kb % 4 != 0);
          continue;
        }
#endif
        q8_channels(co, kb, x16, 128u * sum, blob, out_zp, act_min, act_max, y + ((b * co) * oh + i) * ow + j,
                    (int64_t)oh * ow, acc);
      }
    }
  return MSRT_OK;
}

/* msrt_q8_conv2d_packed's column-buffer path with q8_gemvs_asm, alone */
int msrt_q8_conv2d_packed_fast(const int16_t *geo, const int8_t *x, int32_t x_zp, const int32_t *blob, int8_t *y,
                               int32_t *scratch) {
  if (!(blob[0] & 1) || geo[QG_CO] % 4 != 0 || geo[QG_NCB] <= 0) return MSRT_EINVAL;
#ifdef Q8_ASM
  Q8Conv g;
  q8_conv_setup(&g, geo, x_zp, scratch);
  int32_t step = geo[QG_SW] * geo[QG_CE], co = geo[QG_CO], oh = geo[QG_OH], ow = geo[QG_OW];
  const int32_t *gend = blob + 1 + (int64_t)(co / 4) * q8_gw(geo[QG_KB], 4);
  for (int32_t b = 0; b < geo[QG_N]; b++)
    for (int32_t i = 0; i < oh; i++) {
      int32_t rb = i * geo[QG_SH] - geo[QG_PT], p0, p1;
      q8_taps32(rb, geo[QG_KH], geo[QG_DH], geo[QG_H], &p0, &p1);
      q8_conv_fill(&g, x + (int64_t)b * geo[QG_C] * geo[QG_H] * geo[QG_W], rb, p0, p1);
      q8_conv_row(g.cb, step, step % 2 ? g.x16 : NULL, geo[QG_K], geo[QG_KB], g.colsum, geo[QG_SW], geo[QG_KW], ow,
                  blob + 1, gend, y + ((b * co) * oh + i) * ow, oh * ow);
    }
  return MSRT_OK;
#else
  int64_t v[15];
  for (int t = 0; t < 15; t++) v[t] = geo[t];
  int64_t xs[4] = {v[0], v[1], v[2], v[3]}, wsh[4] = {v[4], v[1], v[5], v[6]}, os[4] = {v[0], v[4], v[7], v[8]};
  int64_t pad[4] = {v[13], 0, v[14], 0};
  return msrt_q8_conv2d_packed(xs, wsh, os, v + 9, pad, v + 11, x, x_zp, blob,
                               (int32_t)(int8_t)(uint8_t)((uint32_t)blob[0] >> 8), -128, 127, y, scratch);
#endif
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
