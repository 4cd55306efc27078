/* test_quant.c — runtime/quant.c's int8 requantization arithmetic and
 * int8 dense kernel against golden values computed independently in
 * Python with TFLite's int8 reference semantics
 * (scripts/gen-quant-vectors.py -> quant_vectors.h): SRDHM edge cases
 * (INT32_MIN * INT32_MIN saturates, rounding of negative products),
 * RoundingDivideByPOT at every exponent 0..31 incl. exact half points,
 * QuantizeMultiplier (tiny scales flush to 0, q rounding up to 2^31),
 * MultiplyByQuantizedMultiplier with left and right shifts, and
 * FullyConnected per-channel with and without fused ReLU. */
#include <math.h>
#include <stdint.h>

#include "runtime/msrt.h"
#include "unit.h"
#include "quant_vectors.h"

#define LEN(a) ((int)(sizeof(a) / sizeof((a)[0])))

TEST(srdhm) {
  int bad = 0;
  for (int i = 0; i < LEN(qv_srdhm); i++)
    if (msrt_q_srdhm(qv_srdhm[i][0], qv_srdhm[i][1]) != qv_srdhm[i][2]) {
      if (bad++ < 5) fprintf(stderr, "  srdhm(%d, %d)\n", qv_srdhm[i][0], qv_srdhm[i][1]);
    }
  ASSERT_INT(0, bad);
}

TEST(rdpot) {
  int bad = 0;
  for (int i = 0; i < LEN(qv_rdpot); i++)
    if (msrt_q_rdpot(qv_rdpot[i][0], qv_rdpot[i][1]) != qv_rdpot[i][2]) {
      if (bad++ < 5) fprintf(stderr, "  rdpot(%d, %d)\n", qv_rdpot[i][0], qv_rdpot[i][1]);
    }
  ASSERT_INT(0, bad);
}

TEST(quantize_multiplier) {
  int bad = 0;
  for (int i = 0; i < LEN(qv_scale); i++) {
    int32_t m, s;
    msrt_q_quantize_multiplier(qv_scale[i], &m, &s);
    if (m != qv_qmult[i][0] || s != qv_qmult[i][1])
      if (bad++ < 5) fprintf(stderr, "  scale %.17g: %d %d\n", qv_scale[i], m, s);
  }
  ASSERT_INT(0, bad);
}

TEST(multiply_by_quantized_multiplier) {
  int bad = 0;
  for (int i = 0; i < LEN(qv_mbqm); i++)
    if (msrt_q_mul(qv_mbqm[i][0], qv_mbqm[i][1], qv_mbqm[i][2]) != qv_mbqm[i][3])
      if (bad++ < 5) fprintf(stderr, "  mul(%d, %d, %d)\n", qv_mbqm[i][0], qv_mbqm[i][1], qv_mbqm[i][2]);
  ASSERT_INT(0, bad);
}

TEST(dense_int8) {
  static int8_t y[QV_M * QV_N];
  ASSERT_INT(MSRT_OK, msrt_q8_dense(QV_M, QV_N, QV_K, qv_x, QV_XZP, qv_w, qv_bias, qv_mult, qv_shift,
                                    QV_OZP, -128, 127, y));
  ASSERT_INT(0, memcmp(y, qv_y_none, sizeof y));
  ASSERT_INT(MSRT_OK, msrt_q8_dense(QV_M, QV_N, QV_K, qv_x, QV_XZP, qv_w, qv_bias, qv_mult, qv_shift,
                                    QV_OZP, QV_OZP, 127, y));
  ASSERT_INT(0, memcmp(y, qv_y_relu, sizeof y));
  ASSERT_INT(MSRT_EINVAL, msrt_q8_dense(1, 1, 1, qv_x, 0, qv_w, NULL, qv_mult, qv_shift, 0, 5, 4, y));
}

TEST(quantize_dequantize) {
  static int8_t q[QV_QN];
  static float x[QV_QN];
  msrt_q8_quantize(QV_QN, qv_qx, qv_qscale, QV_QZP, q);
  ASSERT_INT(0, memcmp(q, qv_qq, sizeof q));
  msrt_q8_dequantize(QV_QN, q, qv_qscale, QV_QZP, x);
  ASSERT_INT(0, memcmp(x, qv_dq, sizeof x));
}

/* ---- msrt_q8_dense_packed: the compile-time layout gives msrt_q8_dense's
 * bits (the portable path here; the Armv7E-M path runs in the firmware
 * self-tests under QEMU). Random shapes around the layout's edges: N not a
 * multiple of the groups of 4 channels, past the 32 channels of a kernel
 * call, K not a multiple of the 16 inputs of a step, extreme weights,
 * inputs and zero points, every multiplier and shift regime, with and
 * without bias. */
static uint32_t qrng = 12345u;
static uint32_t qrand(void) {
  qrng ^= qrng << 13;
  qrng ^= qrng >> 17;
  qrng ^= qrng << 5;
  return qrng;
}
static int32_t qrange(int32_t lo, int32_t hi) { return lo + (int32_t)(qrand() % (uint32_t)(hi - lo + 1)); }

TEST(dense_packed) {
  static int8_t x[2 * 1100], w[37 * 1100], y0[2 * 37], y1[2 * 37];
  static int32_t bias[37], mult[37], shift[37], blob[50000], xs[600];
  static const int32_t ks[] = {1, 2, 3, 4, 5, 7, 8, 63, 64, 130, 511, 512, 513, 516, 1025, 1100};
  int bad = 0, cases = 0, nfast = 0, nfastcall = 0;
  for (int ki = 0; ki < LEN(ks); ki++)
    for (int32_t n = 1; n <= 37; n += n < 13 ? 1 : 12) {
      int32_t k = ks[ki], m = 1 + (int32_t)(qrand() % 2), ext = (int32_t)(qrand() % 3);
      int fast = (int)(qrand() % 2); /* shifts, bias and clamp of the Armv7E-M requantization (word 0's flag) */
      for (int32_t i = 0; i < m * k; i++)
        x[i] = (int8_t)(ext == 0 ? (qrand() & 1 ? 127 : -128) : qrange(-128, 127));
      for (int32_t i = 0; i < n * k; i++)
        w[i] = (int8_t)(ext == 1 ? (qrand() & 1 ? 127 : -127) : qrange(-127, 127));
      for (int32_t j = 0; j < n; j++) {
        bias[j] = j == 4 && !fast ? (qrand() & 1 ? 1 << 30 : -(1 << 30)) : qrange(-100000, 100000); /* accumulators near +-2^30 */
        mult[j] = j == 0 && n > 2 ? 1 << 30 : j == 2 ? INT32_MAX : qrange(1 << 30, INT32_MAX);
        shift[j] = j == 1 ? qrange(1, 4) : j == 3 ? -31 : j == 5 ? -24 - (int32_t)(qrand() & 1) : qrange(-20, 0);
        if (fast) /* the fast path's range [1, 15], its ends at channels 1 and 3 */
          shift[j] = j == 1 ? -1 : j == 3 ? -15 : qrange(-15, -1);
      }
      int32_t zp = ext == 2 ? (qrand() & 1 ? 127 : -128) : qrange(-128, 127), ozp = qrange(-128, 127);
      int32_t lo = qrand() & 1 ? ozp : -128, hi = qrand() & 1 ? 127 : qrange(ozp, 127);
      if (fast) lo = -128, hi = 127, ozp = qrand() & 1 ? qrange(-128, 127) : qrand() & 1 ? 127 : -128;
      const int32_t *b = qrand() % 4 ? bias : NULL;
      ASSERT(msrt_q8_packed_words(n, k) <= LEN(blob) && msrt_q8_dense_scratch_words(k) <= LEN(xs));
      ASSERT_INT(MSRT_OK, msrt_q8_pack_dense(n, k, w, b, mult, shift, zp, ozp, blob));
      nfast += blob[0] & 1;
      ASSERT_INT(MSRT_OK, msrt_q8_dense(m, n, k, x, zp, w, b, mult, shift, ozp, lo, hi, y0));
      ASSERT_INT(MSRT_OK, msrt_q8_dense_packed(m, n, k, x, blob, ozp, lo, hi, y1, xs));
      if (memcmp(y0, y1, (size_t)(m * n)) && bad++ < 5) fprintf(stderr, "  M %d N %d K %d zp %d\n", m, n, k, zp);
      if ((blob[0] & 1) && lo == -128 && hi == 127 && n % 4 != 3) { /* the code generator's fast call */
        memset(y1, 0x5a, sizeof y1);
        ASSERT_INT(MSRT_OK, msrt_q8_dense_packed_fast(m, n, k, x, blob, y1, xs));
        if (memcmp(y0, y1, (size_t)(m * n)) && bad++ < 5) fprintf(stderr, "  fast: M %d N %d K %d zp %d\n", m, n, k, zp);
        memset(y1, 0x5a, sizeof y1); /* through the convolutions' strided kernel */
        ASSERT_INT(MSRT_OK, msrt_q8_dense_packed_fast_s(m, n, k, x, blob, y1, xs));
        if (memcmp(y0, y1, (size_t)(m * n)) && bad++ < 5) fprintf(stderr, "  fast_s: M %d N %d K %d zp %d\n", m, n, k, zp);
        nfastcall++;
      } else if (n % 4 == 3 || !(blob[0] & 1)) {
        ASSERT_INT(MSRT_EINVAL, msrt_q8_dense_packed_fast(m, n, k, x, blob, y1, xs));
        ASSERT_INT(MSRT_EINVAL, msrt_q8_dense_packed_fast_s(m, n, k, x, blob, y1, xs));
      }
      cases++;
    }
  ASSERT_INT(0, bad);
  ASSERT(cases > 100);
  ASSERT(nfast > 30); /* the blobs the Armv7E-M kernel requantizes */
  ASSERT(nfastcall > 20); /* msrt_q8_dense_packed_fast's cases */
  mult[0] = (1 << 30) - 1; /* below msrt_q_quantize_multiplier's range: msrt_q8_dense's job */
  ASSERT_INT(MSRT_EINVAL, msrt_q8_pack_dense(1, 4, w, NULL, mult, shift, 0, 0, blob));
  mult[0] = 0;
  ASSERT_INT(MSRT_EINVAL, msrt_q8_pack_dense(1, 4, w, NULL, mult, shift, 0, 0, blob));
  ASSERT_INT(MSRT_EINVAL, msrt_q8_dense_packed(1, 1, 1, x, blob, 0, 5, 4, y1, xs));
}

/* x16 rows: msrt_q8_quantize_x16 holds msrt_q8_quantize's values (read
 * at the layout's positions, zeros past K, the sentinel), a chain of two
 * msrt_q8_dense_x16 gives msrt_q8_dense's bits with any int8 values in
 * the rows' padding, msrt_q8_dequantize_x16 msrt_q8_dequantize's; the
 * blobs the signed halfwords cannot hold are refused. Random shapes: N
 * across groups and pairs, K not a multiple of 4 or 16, extreme weights,
 * inputs (saturating) and zero points. */
static int16_t x16_at(const int32_t *row, int32_t j) { return ((const int16_t *)(const void *)row)[j]; }

TEST(dense_x16) {
  static float xf[2 * 300], yf0[2 * 40], yf1[2 * 40];
  static int8_t x[2 * 300], w1[40 * 300], w2[40 * 40], h0[2 * 40], y0[2 * 40];
  static int32_t b1[40], b2[40], m1[40], m2[40], s1[40], s2[40], blob1[20000], blob2[4000], r0[2 * 200], r1[2 * 40],
      r2[2 * 40];
  static const int32_t ks[] = {1, 4, 5, 16, 17, 63, 64, 100, 128, 300};
  int bad = 0, cases = 0;
  for (int ki = 0; ki < LEN(ks); ki++)
    for (int32_t n = 1; n <= 38; n += n < 10 ? 1 : 7) {
      if (n % 4 == 3) continue;
      int32_t k = ks[ki], m = 1 + (int32_t)(qrand() % 2), n2 = 1 + (int32_t)(qrand() % 12);
      int32_t ext = (int32_t)(qrand() % 3);
      if (n2 % 4 == 3) n2++;
      float sx = 0.05f + (float)(qrand() % 100) / 1000.0f;
      int32_t zx = ext == 2 ? (qrand() & 1 ? 127 : -128) : qrange(-128, 127);
      int32_t z1 = qrange(-128, 127), z2 = qrange(-128, 127);
      for (int32_t i = 0; i < m * k; i++) xf[i] = sx * (float)qrange(-200, 200) * (ext == 0 ? 1.0f : 0.6f);
      for (int32_t i = 0; i < n * k; i++) w1[i] = (int8_t)(ext == 1 ? (qrand() & 1 ? 127 : -127) : qrange(-127, 127));
      for (int32_t i = 0; i < n2 * n; i++) w2[i] = (int8_t)qrange(-127, 127);
      for (int32_t j = 0; j < n; j++)
        b1[j] = qrange(-50000, 50000), m1[j] = qrange(1 << 30, INT32_MAX), s1[j] = -qrange(1, 15);
      for (int32_t j = 0; j < n2; j++)
        b2[j] = qrange(-5000, 5000), m2[j] = qrange(1 << 30, INT32_MAX), s2[j] = -qrange(1, 15);
      s1[0] = -15, s1[n - 1] = -1;
      ASSERT(msrt_q8_x16_words(k) * m <= LEN(r0) && msrt_q8_x16_words(n) * m <= LEN(r1) &&
             msrt_q8_x16_words(n2) * m <= LEN(r2));
      ASSERT_INT(MSRT_OK, msrt_q8_pack_dense_x16(n, k, w1, b1, m1, s1, zx, z1, blob1));
      ASSERT_INT(MSRT_OK, msrt_q8_pack_dense_x16(n2, n, w2, b2, m2, s2, z1, z2, blob2));
      ASSERT_INT(3, blob1[0] & 3);
      /* the references: int8 all the way */
      msrt_q8_quantize(m * k, xf, sx, zx, x);
      ASSERT_INT(MSRT_OK, msrt_q8_dense(m, n, k, x, zx, w1, b1, m1, s1, z1, -128, 127, h0));
      ASSERT_INT(MSRT_OK, msrt_q8_dense(m, n2, n, h0, z1, w2, b2, m2, s2, z2, -128, 127, y0));
      msrt_q8_dequantize(m * n2, y0, 0.25f, z2, yf0);
      /* the rows */
      memset(r0, 0x5a, sizeof r0);
      msrt_q8_quantize_x16(m, k, xf, sx, zx, r0);
      int64_t wk = msrt_q8_x16_words(k), wn = msrt_q8_x16_words(n);
      for (int32_t i = 0; i < m; i++) {
        const int32_t *row = r0 + i * wk;
        for (int32_t j = 0; j < (int32_t)(wk - 4) * 2; j++)
          if (x16_at(row, j) != (j < k ? x[i * k + j] : 0) && bad++ < 5)
            fprintf(stderr, "  x16 row %d value %d\n", i, j);
        if (row[wk - 4] != 0x7f7f7f7f && bad++ < 5) fprintf(stderr, "  sentinel\n");
        for (int32_t j = k; j < (int32_t)(wk - 4) * 2; j++) /* any int8 values past K */
          ((int16_t *)(void *)(r0 + i * wk))[j] = (int16_t)qrange(-128, 127);
      }
      memset(r1, 0x5a, sizeof r1);
      memset(r2, 0x5a, sizeof r2);
      ASSERT_INT(MSRT_OK, msrt_q8_dense_x16(m, n, k, r0, blob1, r1));
      for (int32_t i = 0; i < m; i++)
        for (int32_t j = 0; j < n; j++)
          if (x16_at(r1 + i * wn, j) != h0[i * n + j] && bad++ < 5)
            fprintf(stderr, "  layer 1: M %d N %d K %d row %d channel %d\n", m, n, k, i, j);
      for (int32_t i = 0; i < m; i++)
        if (r1[i * wn + wn - 4] != 0x7f7f7f7f && bad++ < 5) fprintf(stderr, "  layer 1 sentinel\n");
      for (int32_t i = 0; i < m; i++) /* any int8 values past N */
        for (int32_t j = n; j < (int32_t)(wn - 4) * 2; j++)
          ((int16_t *)(void *)(r1 + i * wn))[j] = (int16_t)qrange(-128, 127);
      ASSERT_INT(MSRT_OK, msrt_q8_dense_x16(m, n2, n, r1, blob2, r2));
      msrt_q8_dequantize_x16(m, n2, r2, 0.25f, z2, yf1);
      if (memcmp(yf0, yf1, sizeof(float) * (size_t)(m * n2)) && bad++ < 5)
        fprintf(stderr, "  layer 2: M %d N %d K %d\n", m, n2, n);
      cases++;
    }
  ASSERT_INT(0, bad);
  ASSERT(cases > 40);
  /* refusals: a weight -128; a second channel whose sum can reach 2^23;
   * a shift outside the Armv7E-M requantization; another blob; N % 4 == 3 */
  for (int32_t i = 0; i < 8 * 64; i++) w1[i] = 1;
  for (int32_t j = 0; j < 8; j++) b1[j] = 0, m1[j] = 1 << 30, s1[j] = -3;
  ASSERT_INT(MSRT_OK, msrt_q8_pack_dense_x16(8, 64, w1, b1, m1, s1, 0, 0, blob1));
  w1[5 * 64 + 7] = -128;
  ASSERT_INT(MSRT_EINVAL, msrt_q8_pack_dense_x16(8, 64, w1, b1, m1, s1, 0, 0, blob1));
  w1[5 * 64 + 7] = 1;
  b1[3] = (1 << 23) - 128 * 64; /* |bf| + 128 sum |w| = 2^23 */
  ASSERT_INT(MSRT_EINVAL, msrt_q8_pack_dense_x16(8, 64, w1, b1, m1, s1, 0, 0, blob1));
  b1[3] = (1 << 23) - 128 * 64 - 1;
  ASSERT_INT(MSRT_OK, msrt_q8_pack_dense_x16(8, 64, w1, b1, m1, s1, 0, 0, blob1));
  b1[2] = 1 << 28; /* a first channel: lo holds it */
  ASSERT_INT(MSRT_OK, msrt_q8_pack_dense_x16(8, 64, w1, b1, m1, s1, 0, 0, blob1));
  s1[6] = 0;
  ASSERT_INT(MSRT_EINVAL, msrt_q8_pack_dense_x16(8, 64, w1, b1, m1, s1, 0, 0, blob1));
  s1[6] = -3;
  ASSERT_INT(MSRT_OK, msrt_q8_pack_dense(8, 64, w1, b1, m1, s1, 0, 0, blob2));
  ASSERT_INT(MSRT_EINVAL, msrt_q8_dense_x16(1, 8, 64, r0, blob2, r1));
  ASSERT_INT(MSRT_OK, msrt_q8_pack_dense_x16(7, 64, w1, b1, m1, s1, 0, 0, blob1));
  ASSERT_INT(MSRT_EINVAL, msrt_q8_dense_x16(1, 7, 64, r0, blob1, r1));
}

/* msrt_q8_quantize rounds as roundf (half away from zero), nan -> zp,
 * saturating: every half point in range, its float neighbours, large
 * and tiny values. */
TEST(quantize_rounding) {
  static float xs[4000];
  static int8_t q[4000];
  int n = 0;
  for (int i = -600; i <= 600; i++) {
    float h = (float)i + 0.5f;
    xs[n++] = h;
    xs[n++] = nextafterf(h, 0.0f);
    xs[n++] = nextafterf(h, 1e9f);
  }
  xs[n++] = 1e30f, xs[n++] = -1e30f, xs[n++] = NAN, xs[n++] = INFINITY, xs[n++] = -INFINITY;
  xs[n++] = 1e-30f, xs[n++] = -1e-30f, xs[n++] = 0.0f, xs[n++] = -0.0f;
  static const float scales[] = {1.0f, 0.1f, 3.0f};
  static const int32_t zps[] = {0, -128, 127, 5};
  int bad = 0;
  for (int si = 0; si < LEN(scales); si++)
    for (int zi = 0; zi < LEN(zps); zi++) {
      msrt_q8_quantize(n, xs, scales[si], zps[zi], q);
      for (int i = 0; i < n; i++) {
        float t = roundf(xs[i] / scales[si]);
        if (t != t) t = 0.0f;
        t += (float)zps[zi];
        int8_t want = (int8_t)(t < -128.0f ? -128 : t > 127.0f ? 127 : (int)t);
        if (q[i] != want && bad++ < 5) fprintf(stderr, "  %a / %g + %d: %d, want %d\n", (double)xs[i],
                                               (double)scales[si], zps[zi], q[i], want);
      }
    }
  ASSERT_INT(0, bad);
}

/* msrt_q8_conv2d_packed gives msrt_q8_conv2d's bits (group 1): random
 * shapes with stride, padding (its taps at the zero point) and dilation,
 * channel counts across the groups of 6, 4 and 2, K = C kh kw not a
 * multiple of 4; windows copied and read in place; padding past a whole
 * window; K an odd multiple of 8 in groups of 4 (the conv's blocks). */
TEST(conv2d_packed) {
  static int8_t x[2 * 5 * 9 * 9], w[16 * 8 * 3 * 3], y0[2 * 13 * 81], y1[2 * 13 * 81];
  static int32_t bias[16], mult[16], shift[16], blob[4000], scr[400];
  static const int64_t shapes[][12] = {
      /* n c h w  co kh kw  stride  pad(t b l r) */
      {1, 1, 8, 8, 6, 3, 3, 1, 1, 1, 1, 1},
      {2, 3, 9, 7, 13, 3, 2, 2, 1, 0, 2, 1},
      {1, 5, 6, 6, 5, 1, 1, 1, 1, 0, 0, 0},
      {1, 2, 9, 9, 8, 3, 3, 1, 2, 2, 2, 2},
      {1, 4, 6, 6, 9, 3, 3, 1, 1, 1, 1, 1}, /* windows read in place from the column buffer (C kh even) */
      {1, 2, 4, 5, 8, 2, 2, 1, 3, 3, 3, 3}, /* padding wider than the kernel: rows and columns of it only */
      {1, 5, 5, 5, 7, 2, 2, 2, 0, 1, 1, 0}, /* 5, 6: K = 8, 20 (odd halves of 16: q8_gemvs_asm enters halfway) */
      /* 7-9: msrt_q8_conv2d_packed_fast's (Co % 4 == 0): windows in place, copied, and a stride and a batch */
      {1, 8, 8, 8, 16, 3, 3, 1, 1, 1, 1, 1},
      {1, 1, 8, 8, 8, 3, 3, 1, 1, 1, 1, 1},
      {2, 3, 7, 9, 4, 3, 3, 2, 0, 1, 2, 0},
  };
  int bad = 0, nfast = 0;
  for (int si = 0; si < LEN(shapes); si++) {
    const int64_t *d = shapes[si];
    int64_t xs[4] = {d[0], d[1], d[2], d[3]}, wsh[4] = {d[4], d[1], d[5], d[6]}, st[2] = {d[7], d[7]};
    int64_t pad[4] = {d[8], d[9], d[10], d[11]}, dil[2] = {1, si == 3 ? 2 : 1};
    int64_t oh = (d[2] + pad[0] + pad[1] - dil[0] * (d[5] - 1) - 1) / st[0] + 1;
    int64_t ow = (d[3] + pad[2] + pad[3] - dil[1] * (d[6] - 1) - 1) / st[1] + 1, os[4] = {d[0], d[4], oh, ow};
    int32_t K = (int32_t)(d[1] * d[5] * d[6]), co = (int32_t)d[4];
    for (int64_t i = 0; i < d[0] * d[1] * d[2] * d[3]; i++) x[i] = (int8_t)qrange(-128, 127);
    for (int32_t i = 0; i < co * K; i++) w[i] = (int8_t)qrange(-127, 127);
    for (int32_t j = 0; j < co; j++)
      bias[j] = qrange(-20000, 20000), mult[j] = qrange(1 << 30, INT32_MAX),
      shift[j] = si == 1 || si == 3 ? qrange(-12, 1) : qrange(-12, -1); /* 1, 3: the slow requantization */
    int32_t zp = si == 1 ? -128 : qrange(-128, 127), ozp = qrange(-128, 127);
    ASSERT(msrt_q8_conv_scratch_words(xs, wsh, os, st, dil) <= LEN(scr) && msrt_q8_packed_words(co, K) <= LEN(blob));
    ASSERT_INT(MSRT_OK, msrt_q8_pack_conv(wsh, w, bias, mult, shift, zp, ozp, blob));
    ASSERT_INT(si != 1 && si != 3, blob[0] & 1);
    ASSERT_INT(MSRT_OK, msrt_q8_conv2d(xs, wsh, os, st, pad, dil, 1, x, zp, w, bias, mult, shift, ozp, -128, 127, y0));
    ASSERT_INT(MSRT_OK, msrt_q8_conv2d_packed(xs, wsh, os, st, pad, dil, x, zp, blob, ozp, -128, 127, y1, scr));
    if (memcmp(y0, y1, (size_t)(d[0] * co * oh * ow)) && bad++ < 5) fprintf(stderr, "  shape %d\n", si);
    /* the fast entry: the same bits where it applies (the blob's output
     * zero point, no clamp, Co % 4 == 0, dilation 1 along W), else EINVAL */
    int32_t geo[MSRT_Q8_CONV_GEO];
    int16_t geo16[MSRT_Q8_CONV_GEO];
    ASSERT_INT(MSRT_OK, msrt_q8_conv_geo(xs, wsh, os, st, pad, dil, geo));
    for (int t = 0; t < MSRT_Q8_CONV_GEO; t++) geo16[t] = (int16_t)geo[t];
    ASSERT_INT(dil[1] == 1, geo[MSRT_Q8_CONV_GEO_NCB] > 0); /* the column buffer: for dilation 1 along W here */
    memset(y1, 0x55, sizeof y1);
    if ((blob[0] & 1) && co % 4 == 0 && dil[1] == 1) {
      nfast++;
      ASSERT_INT(MSRT_OK, msrt_q8_conv2d_packed_fast(geo16, x, zp, blob, y1, scr));
      if (memcmp(y0, y1, (size_t)(d[0] * co * oh * ow)) && bad++ < 5) fprintf(stderr, "  shape %d (fast)\n", si);
    } else {
      ASSERT_INT(MSRT_EINVAL, msrt_q8_conv2d_packed_fast(geo16, x, zp, blob, y1, scr));
    }
  }
  ASSERT_INT(0, bad);
  ASSERT_INT(4, nfast);
  /* msrt_q8_conv_geo refuses what msrt_q8_conv2d_packed refuses */
  int64_t xs[4] = {1, 2, 5, 5}, wsh[4] = {4, 2, 3, 3}, os[4] = {1, 4, 3, 3}, st[2] = {1, 1}, pad[4] = {0, 0, 0, 0};
  int64_t dil[2] = {1, 1};
  int32_t geo[MSRT_Q8_CONV_GEO];
  ASSERT_INT(MSRT_OK, msrt_q8_conv_geo(xs, wsh, os, st, pad, dil, geo));
  wsh[1] = 3; /* channels differ */
  ASSERT_INT(MSRT_EINVAL, msrt_q8_conv_geo(xs, wsh, os, st, pad, dil, geo));
  wsh[1] = 2, st[1] = 0; /* a zero stride */
  ASSERT_INT(MSRT_EINVAL, msrt_q8_conv_geo(xs, wsh, os, st, pad, dil, geo));
  st[1] = 1, xs[2] = -1; /* a negative size */
  ASSERT_INT(MSRT_EINVAL, msrt_q8_conv_geo(xs, wsh, os, st, pad, dil, geo));
  xs[2] = 5, dil[0] = 1 << 15; /* a dilation past 2^15 */
  ASSERT_INT(MSRT_EINVAL, msrt_q8_conv_geo(xs, wsh, os, st, pad, dil, geo));
}

/* msrt_mcu_maxpool_i8's 2x2 windows of stride 2 (on Armv7E-M: SSUB8 +
 * SEL, two windows a step, an odd last one alone) against the window's
 * maximum: widths with an even and an odd number of windows, a row and a
 * column past the last window, the extremes of int8 */
TEST(maxpool_i8) {
  static int8_t x[3 * 7 * 9], y[3 * 3 * 4];
  int bad = 0;
  for (int32_t W = 7; W <= 9; W++) {
    int32_t geo[11] = {3, 7, W, 3, W / 2, 2, 2, 2, 2, 0, 0};
    for (int32_t i = 0; i < 3 * 7 * W; i++)
      x[i] = (int8_t)(qrand() % 4 == 0 ? (qrand() & 1 ? 127 : -128) : qrange(-128, 127));
    for (int e = 0; e < 2; e++) /* msrt_mcu_maxpool_i8, then the 2x2 entry */
      ASSERT_INT(MSRT_OK, e ? msrt_mcu_maxpool2_i8(geo, x, y) : msrt_mcu_maxpool_i8(geo, x, y));
    for (int32_t nc = 0; nc < 3; nc++)
      for (int32_t i = 0; i < 3; i++)
        for (int32_t j = 0; j < W / 2; j++) {
          const int8_t *r = x + (nc * 7 + 2 * i) * W + 2 * j;
          int8_t m = r[0];
          m = r[1] > m ? r[1] : m;
          m = r[W] > m ? r[W] : m;
          m = r[W + 1] > m ? r[W + 1] : m;
          if (y[(nc * 3 + i) * (W / 2) + j] != m && bad++ < 5) fprintf(stderr, "  W %d: %d %d %d\n", W, nc, i, j);
        }
  }
  ASSERT_INT(0, bad);
  int32_t g3[11] = {1, 7, 9, 2, 3, 3, 3, 3, 3, 0, 0}; /* 3x3 windows: not the 2x2 entry's */
  ASSERT_INT(MSRT_EINVAL, msrt_mcu_maxpool2_i8(g3, x, y));
  ASSERT_INT(MSRT_OK, msrt_mcu_maxpool_i8(g3, x, y));
}

UNIT_MAIN()
