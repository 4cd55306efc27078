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

UNIT_MAIN()
