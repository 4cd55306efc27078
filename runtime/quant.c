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

/* With a floating-point unit, roundf (half away from zero) without the
 * library call: t limited to [-512, 512] first (beyond, the result clamps
 * to -128 or 127 either way: |zp| <= 128), truncated, and moved away from
 * zero when the dropped part is at least a half (t - trunc(t) is exact in
 * float). With software float (Arm cores without an FPU), where each of
 * those operations is a call, roundf. */
void msrt_q8_quantize(int64_t n, const float *x, float scale, int32_t zp, int8_t *q) {
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
 * The blob (int32 words; each word's bytes by value, low byte first, so
 * the layout does not depend on the target's byte order): channels in
 * groups of 6 (q8_group), then 4 when 4 or 5 remain, then a pair, the last
 * channel paired with a zero channel when N is odd. A group of G channels
 * is G folded biases (bias[j] - x_zp * sum_p w[j,p]: the input's zero point
 * is applied at compile time, so the kernel multiplies the raw int8
 * input), G doubled multipliers (m2 = 2 mult mod 2^32, q8_requant), G
 * shifts, then for each block of 4 inputs p = 4b..4b+3 two words per
 * channel pair (c0, c1), pair after pair:
 *     A = [w[c0,p] + 128, w[c1,p], w[c0,p+2] + 128, w[c1,p+2]]
 *     B = [w[c0,p+1] + 128, w[c1,p+1], w[c0,p+3] + 128, w[c1,p+3]]
 * (bytes, low first; 0 past K). One byte per weight, as [N, K] int8.
 *
 * Why that layout: on Armv7E-M a halfword of A read as int16 is
 * (w[c0,p] + 128) + 256 w[c1,p], so one SMLAD of A with the input pair
 * (x[p], x[p+2]) (SXTB16 of the four input bytes, expanded once per row
 * into the scratch xs) multiply-adds both
 * channels at once: raw += U0 + 256 U1. A second SMLAD of A & 0xff00ff00
 * (the halfwords 256 w[c1,.]) gives hi += 256 U1 alone; U1 = hi >> 8
 * and U0 = raw - hi, and U0 - 128 sum_p x[p] is channel c0's sum. Four
 * instructions (LDR, AND, two SMLAD) per four multiply-adds, where SXTB16
 * unpacking needs five; with LDRD, 3.5. The 6-channel loop, unrolled
 * twice, is 47 instructions per 48 multiply-adds (arm-none-eabi-gcc 12
 * -O2): one LDRD of two input pairs, three LDRD of weights, six AND,
 * twelve SMLAD per block, the loop test per two blocks. hi is exact while |U1| < 2^23: |U1| <= 512 * 127 *
 * 128 over 512 inputs, so hi is flushed every 128 blocks; raw may wrap
 * (sums mod 2^32 are the int32 sums). Elsewhere the same words are read
 * by portable C, byte by byte. Integer sums in any order: bit-identical
 * to msrt_q8_dense.
 * =================================================================== */

/* the block's part of a pair: raw and hi as above (see the comment) */
#ifdef Q8_SIMD32
#define Q8_PAIR(wa, wb, r, h)                                                                                        \
  do {                                                                                                               \
    int32_t wa_ = (wa), wb_ = (wb);                                                                                  \
    r = __smlad(wa_, xa, r);                                                                                         \
    h = __smlad(wa_ & Q8_HI, xa, h);                                                                                 \
    r = __smlad(wb_, xb, r);                                                                                         \
    h = __smlad(wb_ & Q8_HI, xb, h);                                                                                 \
  } while (0)
#define Q8_HI ((int32_t)0xff00ff00)
/* one block of 4 inputs for three pairs (Q8_BLOCK6), two or one; xp and
 * wp move past the block's words */
#define Q8_XAB()                                                                                                     \
  int16x2_t xa, xb;                                                                                                  \
  int32_t wa, wb;                                                                                                    \
  q8_load2x(&xp, &xa, &xb)
#define Q8_NEXT(r, h)                                                                                                \
  q8_load2(&wp, &wa, &wb);                                                                                           \
  Q8_PAIR(wa, wb, r, h)
#define Q8_BLOCK6()                                                                                             \
  do {                                                                                                               \
    Q8_XAB();                                                                                                   \
    Q8_NEXT(r0, h0);                                                                                                 \
    Q8_NEXT(r1, h1);                                                                                                 \
    Q8_NEXT(r2, h2);                                                                                                 \
  } while (0)
#define Q8_BLOCK4()                                                                                             \
  do {                                                                                                               \
    Q8_XAB();                                                                                                   \
    Q8_NEXT(r0, h0);                                                                                                 \
    Q8_NEXT(r1, h1);                                                                                                 \
  } while (0)
#define Q8_BLOCK2()                                                                                             \
  do {                                                                                                               \
    Q8_XAB();                                                                                                   \
    Q8_NEXT(r0, h0);                                                                                                 \
  } while (0)
/* the blocks of xs from xp to xe, two per loop test */
#define Q8_LOOP(BLOCK)                                                                                               \
  do {                                                                                                               \
    for (; xp + 2 < xe;) {                                                                                           \
      BLOCK();                                                                                                       \
      BLOCK();                                                                                                       \
    }                                                                                                                \
    if (xp < xe) BLOCK();                                                                                            \
  } while (0)
#else
/* the portable pair: the bytes of A and B times x0..x3 (mod 2^32); the
 * c0 channel's bytes are w + 128, corrected by 128 sum x as above */
#define Q8C_PAIR(wa, wb, r, a)                                                                                       \
  do {                                                                                                               \
    uint32_t va = (uint32_t)(wa), vb = (uint32_t)(wb);                                                               \
    r += x0 * (va & 0xffu) + x2 * ((va >> 16) & 0xffu) + x1 * (vb & 0xffu) + x3 * ((vb >> 16) & 0xffu);            \
    a += x0 * q8_sbyte(va >> 8) + x2 * q8_sbyte(va >> 24) + x1 * q8_sbyte(vb >> 8) + x3 * q8_sbyte(vb >> 24);      \
  } while (0)
/* the low byte of v as a signed byte, mod 2^32 */
static inline uint32_t q8_sbyte(uint32_t v) { return ((v & 0xffu) ^ 0x80u) - 0x80u; }
#endif

/* g (6, 4 or 2) channels of the group starting at j, N channels in all */
static int32_t q8_group(int32_t N, int32_t j) { return N - j >= 6 ? 6 : N - j >= 4 ? 4 : 2; }

int64_t msrt_q8_packed_words(int32_t N, int32_t K) {
  int64_t nb = ((int64_t)K + 3) / 4, n2 = ((int64_t)N + 1) / 2 * 2;
  return n2 * (3 + nb);
}

/* byte i (0..3) of the packed word of channel pair (c0, c1), block b,
 * half h (0: A, 1: B) */
static uint32_t q8_pack_byte(int32_t N, int32_t K, const int8_t *w, int32_t c, int64_t p, int32_t off) {
  if (c >= N || p >= K) return 0;
  return (uint32_t)(uint8_t)(int32_t)(w[(int64_t)c * K + p] + off);
}

int msrt_q8_pack_dense(int32_t N, int32_t K, const int8_t *w, const int32_t *bias, const int32_t *mult,
                       const int32_t *shift, int32_t x_zp, int32_t *blob) {
  if (N < 0 || K < 0) return MSRT_EINVAL;
  int64_t nb = ((int64_t)K + 3) / 4, o = 0;
  for (int32_t j = 0; j < N;) {
    int32_t g = q8_group(N, j);
    for (int32_t t = 0; t < g; t++) {
      int32_t c = j + t;
      uint32_t b = c < N && bias ? (uint32_t)bias[c] : 0u, s = 0;
      for (int64_t p = 0; c < N && p < K; p++) {
        int32_t wv = w[(int64_t)c * K + p];
        s += (uint32_t)wv;
      }
      blob[o + t] = (int32_t)(b - (uint32_t)x_zp * s);
      if (c < N && mult[c] < (1 << 30)) return MSRT_EINVAL;
      blob[o + g + t] = c < N ? (int32_t)(2u * (uint32_t)mult[c]) : INT32_MIN; /* m2 */
      blob[o + 2 * g + t] = c < N ? shift[c] : 0;
    }
    o += 3 * g;
    for (int64_t bk = 0; bk < nb; bk++)
      for (int32_t q = 0; q < g; q += 2)
        for (int32_t h = 0; h < 2; h++) {
          int64_t p = 4 * bk + h;
          int32_t c0 = j + q, c1 = j + q + 1;
          uint32_t v = q8_pack_byte(N, K, w, c0, p, 128) | q8_pack_byte(N, K, w, c1, p, 0) << 8 |
                       q8_pack_byte(N, K, w, c0, p + 2, 128) << 16 | q8_pack_byte(N, K, w, c1, p + 2, 0) << 24;
          blob[o++] = (int32_t)v;
        }
    j += g;
  }
  return MSRT_OK;
}

/* msrt_q_mul, then the zero point and the clamp, for the blob's m2 = 2 mult
 * mod 2^32 of a multiplier mult in [2^30, 2^31) (msrt_q_quantize_multiplier's
 * range). SaturatingRoundingDoublingHighMul's rounding, the nudged
 * truncating division TFLite writes, is floor((ab + 2^30) / 2^31) =
 * floor((a m2 + 2^31) / 2^32) + a (its saturating case, INT32_MIN *
 * INT32_MIN, cannot occur): one SMMLAR on Armv7E-M. Then
 * RoundingDivideByPOT in 32-bit arithmetic. */
static inline int8_t q8_requant(int32_t acc, int32_t m2, int32_t shift, int32_t zp, int32_t lo, int32_t hi) {
  int32_t left = shift > 0 ? shift : 0, right = left - shift;
  int32_t a = (int32_t)((uint32_t)acc << left), v;
#if defined(Q8_SIMD32) && defined(__GNUC__)
  __asm__("smmlar %0, %1, %2, %3" : "=r"(v) : "r"(a), "r"(m2), "r"(a));
#else
  v = (int32_t)(((int64_t)a * (int32_t)((uint32_t)m2 >> 1) + ((int64_t)1 << 30)) >> 31);
#endif
  int32_t mask = (int32_t)((1u << right) - 1u), thr = (mask >> 1) + (int32_t)((uint32_t)v >> 31);
  v = (v >> right) + (int32_t)((uint32_t)(thr - (v & mask)) >> 31) + zp; /* + (remainder > thr) */
  v = v < lo ? lo : v;
  return (int8_t)(v > hi ? hi : v);
}

#ifdef Q8_SIMD32
static int16x2_t q8_sxtb16_ror8(int8x4_t v) {
#if defined(__GNUC__)
  int16x2_t r;
  __asm__("sxtb16 %0, %1, ror #8" : "=r"(r) : "r"(v));
  return r;
#else
  return __sxtb16(q8_ror8(v));
#endif
}

/* two words of the blob, *p moved past them: one LDRD with writeback
 * (gcc splits the two loads otherwise) */
static inline void q8_load2(const int32_t **p, int32_t *a, int32_t *b) {
#if defined(__GNUC__)
  __asm__("ldrd %0, %1, [%2], #8" : "=r"(*a), "=r"(*b), "+r"(*p) : "m"(*(const int32_t(*)[2]) * p));
#else
  *a = (*p)[0];
  *b = (*p)[1];
  *p += 2;
#endif
}

/* q8_load2 for the input pairs the kernel wrote: a volatile asm after the
 * barrier the kernel puts between writing them and reading them (an "m"
 * operand, as q8_load2's, makes gcc spill in the loops) */
static inline void q8_load2x(const int32_t **p, int32_t *a, int32_t *b) {
#if defined(__GNUC__)
  __asm__ volatile("ldrd %0, %1, [%2], #8" : "=r"(*a), "=r"(*b), "+r"(*p));
#else
  *a = (*p)[0];
  *b = (*p)[1];
  *p += 2;
#endif
}

/* The four input bytes of block b (zeros past K) as one word. */
static int8x4_t q8_xword(const int8_t *xr, int32_t K, int32_t b) {
  uint32_t v = 0;
  for (int32_t t = 0; t < 4 && 4 * b + t < K; t++) v |= (uint32_t)(uint8_t)xr[4 * b + t] << (8 * t);
  return (int8x4_t)v;
}
#endif

/* One input row xr [K] through the blob's N channels: yr[j * ys] (xs: the
 * scratch of msrt_q8_dense_packed). */
static void q8_row(int32_t N, int32_t K, const int8_t *xr, const int32_t *blob, int32_t out_zp, int32_t act_min,
                   int32_t act_max, int8_t *yr, int64_t ys, int32_t *xs) {
  int32_t nb = K / 4 + (K % 4 != 0);
  const int32_t *p = blob;
#ifdef Q8_SIMD32
  /* the row as int16 pairs (x[4b], x[4b+2]), (x[4b+1], x[4b+3]), and the
   * sum of (x + 128) (USADA8 of the bytes ^ 0x80; the padding's zeros
   * count 128 each) */
  uint32_t sx = 0;
  for (int32_t b = 0; b < nb; b++) {
    int8x4_t xw = b < K / 4 ? q8_load4(xr + 4 * b) : q8_xword(xr, K, b);
    sx = __usada8((uint8x4_t)((uint32_t)xw ^ 0x80808080u), 0, sx);
    xs[2 * b] = __sxtb16(xw);
    xs[2 * b + 1] = q8_sxtb16_ror8(xw);
  }
  uint32_t c0 = 128u * (sx - 128u * (uint32_t)(4 * nb)); /* the c0 channels' offset: 128 sum x */
#if defined(__GNUC__)
  __asm__ volatile("" ::: "memory"); /* xs is written before q8_load2x reads it */
#endif
#else
  (void)xs;
  uint32_t c0 = 0;
  for (int32_t k = 0; k < K; k++) {
    int32_t xv = xr[k];
    c0 += (uint32_t)xv;
  }
  c0 *= 128u;
#endif
  for (int32_t j = 0; j < N;) {
    int32_t g = q8_group(N, j), acc[6];
    const int32_t *wp = p + 3 * g;
#ifdef Q8_SIMD32
    int32_t r0 = (int32_t)((uint32_t)p[0] - c0), r1 = g > 2 ? (int32_t)((uint32_t)p[2] - c0) : 0,
            r2 = g > 4 ? (int32_t)((uint32_t)p[4] - c0) : 0;
    acc[1] = p[1], acc[3] = g > 2 ? p[3] : 0, acc[5] = g > 4 ? p[5] : 0;
    for (int32_t b0 = 0; b0 < nb; b0 += 128) {
      int32_t b1 = nb - b0 > 128 ? b0 + 128 : nb, h0 = 0, h1 = 0, h2 = 0;
      const int32_t *xp = xs + 2 * b0, *xe = xs + 2 * b1;
      if (g == 6) {
        Q8_LOOP(Q8_BLOCK6);
      } else if (g == 4) {
        Q8_LOOP(Q8_BLOCK4);
      } else {
        Q8_LOOP(Q8_BLOCK2);
      }
      r0 = (int32_t)((uint32_t)r0 - (uint32_t)h0);
      acc[1] = (int32_t)((uint32_t)acc[1] + (uint32_t)(h0 >> 8));
      r1 = (int32_t)((uint32_t)r1 - (uint32_t)h1);
      acc[3] = (int32_t)((uint32_t)acc[3] + (uint32_t)(h1 >> 8));
      r2 = (int32_t)((uint32_t)r2 - (uint32_t)h2);
      acc[5] = (int32_t)((uint32_t)acc[5] + (uint32_t)(h2 >> 8));
    }
    acc[0] = r0, acc[2] = r1, acc[4] = r2;
#else
    for (int32_t t = 0; t < g; t++) acc[t] = (int32_t)((uint32_t)p[t] - (t % 2 ? 0u : c0));
    for (int32_t q = 0; q < g; q += 4) { /* two pairs at a time, the words g apart */
      const int32_t *w = wp + q;
      uint32_t r0 = (uint32_t)acc[q], a1 = (uint32_t)acc[q + 1], r1 = 0, a3 = 0;
      int two = q + 2 < g;
      const int8_t *xp = xr, *xe = xr + K / 4 * 4;
      if (two) {
        r1 = (uint32_t)acc[q + 2], a3 = (uint32_t)acc[q + 3];
        for (; xp < xe; xp += 4, w += g) {
          uint32_t x0 = (uint32_t)xp[0], x1 = (uint32_t)xp[1], x2 = (uint32_t)xp[2], x3 = (uint32_t)xp[3];
          Q8C_PAIR(w[0], w[1], r0, a1);
          Q8C_PAIR(w[2], w[3], r1, a3);
        }
      } else {
        for (; xp < xe; xp += 4, w += g) {
          uint32_t x0 = (uint32_t)xp[0], x1 = (uint32_t)xp[1], x2 = (uint32_t)xp[2], x3 = (uint32_t)xp[3];
          Q8C_PAIR(w[0], w[1], r0, a1);
        }
      }
      if (K % 4) { /* the last block: zeros past K */
        uint32_t x0 = (uint32_t)xp[0], x1 = K % 4 > 1 ? (uint32_t)xp[1] : 0u, x2 = K % 4 > 2 ? (uint32_t)xp[2] : 0u,
                 x3 = 0;
        Q8C_PAIR(w[0], w[1], r0, a1);
        if (two) Q8C_PAIR(w[2], w[3], r1, a3);
      }
      acc[q] = (int32_t)r0, acc[q + 1] = (int32_t)a1;
      if (two) acc[q + 2] = (int32_t)r1, acc[q + 3] = (int32_t)a3;
    }
#endif
    for (int32_t t = 0; t < g && j + t < N; t++)
      yr[(j + t) * ys] = q8_requant(acc[t], p[g + t], p[2 * g + t], out_zp, act_min, act_max);
    p += 3 * g + nb * g;
    j += g;
  }
}

int msrt_q8_dense_packed(int32_t M, int32_t N, int32_t K, const int8_t *x, const int32_t *blob, int32_t out_zp,
                         int32_t act_min, int32_t act_max, int8_t *y, int32_t *xs) {
  if (M < 0 || N < 0 || K < 0 || act_min > act_max) return MSRT_EINVAL;
  for (int32_t i = 0; i < M; i++)
    q8_row(N, K, x + (int64_t)i * K, blob, out_zp, act_min, act_max, y + (int64_t)i * N, 1, xs);
  return MSRT_OK;
}

int64_t msrt_q8_conv_scratch_words(int32_t K) { return ((int64_t)K + 3) / 4 * 3; }

/* q8_taps in int32_t (a microcontroller's hardware division) */
static void q8_taps32(int32_t base, int32_t k, int32_t d, int32_t n, int32_t *lo, int32_t *hi) {
  *lo = base >= 0 ? 0 : (-base + d - 1) / d;
  *hi = n - base <= 0 ? 0 : (n - base + d - 1) / d;
  if (*hi > k) *hi = k;
  if (*lo > *hi) *lo = *hi;
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
      act_min > act_max)
    return MSRT_EINVAL;
  int32_t n = (int32_t)xs[0], c = (int32_t)xs[1], h = (int32_t)xs[2], wd = (int32_t)xs[3], co = (int32_t)wsh[0];
  int32_t kh = (int32_t)wsh[2], kw = (int32_t)wsh[3], oh = (int32_t)os[2], ow = (int32_t)os[3], K = c * kh * kw;
  int32_t sh = (int32_t)stride[0], sw = (int32_t)stride[1], dh = (int32_t)dil[0], dw = (int32_t)dil[1];
  int8_t *xg = (int8_t *)(void *)(scratch + (K + 3) / 4 * 2), z = (int8_t)x_zp; /* the window, the padding at z */
  for (int32_t b = 0; b < n; b++)
    for (int32_t i = 0; i < oh; i++) {
      int32_t rb = i * sh - (int32_t)pad[0], p0, p1;
      q8_taps32(rb, kh, dh, h, &p0, &p1);
      for (int32_t j = 0; j < ow; j++) {
        int32_t sb = j * sw - (int32_t)pad[2], q0, q1;
        q8_taps32(sb, kw, dw, wd, &q0, &q1);
        int8_t *g = xg;
        for (int32_t ci = 0; ci < c; ci++) {
          int32_t row0 = (b * c + ci) * h + rb; /* (may be before the input: only rows p0..p1 are read) */
          for (int32_t p = 0; p < kh; p++) {
            if (p < p0 || p >= p1) { /* a row of padding */
              for (int32_t q = 0; q < kw; q++) *g++ = z;
              continue;
            }
            const int8_t *xp = x + (row0 + p * dh) * wd + sb + q0 * dw;
            int32_t q = 0;
            for (; q < q0; q++) *g++ = z;
            for (; q < q1; q++, xp += dw) *g++ = *xp;
            for (; q < kw; q++) *g++ = z;
          }
        }
        q8_row(co, K, xg, blob, out_zp, act_min, act_max, y + ((b * co) * oh + i) * ow + j, (int64_t)oh * ow,
               scratch);
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
