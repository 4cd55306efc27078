/* test_kernels.c — hand-checked cases for the runtime kernels
 * (runtime/kernels.c, runtime/gemm.c). The numpy-differential harness
 * (scripts/kernel-diff.sh) covers breadth; these pin the rules. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "runtime/msrt.h"
#include "unit.h"

static int feq(double a, double b) { return a == b || (isnan(a) && isnan(b)); }
static int near(double a, double b, double tol) { return fabs(a - b) <= tol; }

/* ---------------------------------------------------------------- binary */

TEST(binary_broadcast_row_and_column) {
  /* out[i][j] = a[i] (column, stride 0 along j) + b[j] (row, 0 along i) */
  float a[2] = {10, 20}, b[3] = {1, 2, 3}, out[6];
  int64_t shape[2] = {2, 3}, as[2] = {1, 0}, bs[2] = {0, 1};
  ASSERT_INT(MSRT_OK, msrt_binary(MSRT_ADD, MSRT_FLOAT32, 2, shape, a, as, b,
                                  bs, out, NULL));
  ASSERT(out[0] == 11 && out[1] == 12 && out[2] == 13);
  ASSERT(out[3] == 21 && out[4] == 22 && out[5] == 23);
}

TEST(binary_bias_broadcast_and_transposed_operand) {
  /* x is 3x2 stored transposed (2x3 memory), bias along rows */
  double xm[6] = {1, 2, 3, 4, 5, 6}, bias[2] = {100, 200}, out[6];
  int64_t shape[2] = {3, 2}, xs[2] = {1, 3}, bs[2] = {0, 1};
  ASSERT_INT(MSRT_OK, msrt_binary(MSRT_SUB, MSRT_FLOAT64, 2, shape, xm, xs,
                                  bias, bs, out, NULL));
  /* x = [[1,4],[2,5],[3,6]] */
  ASSERT(out[0] == -99 && out[1] == -196 && out[2] == -98);
  ASSERT(out[3] == -195 && out[4] == -97 && out[5] == -194);
}

TEST(binary_scalar_and_strided_output) {
  int32_t a[4] = {1, 2, 3, 4}, s = 10, out[4];
  int64_t shape[2] = {2, 2}, as[2] = {2, 1}, ss[2] = {0, 0}, os[2] = {1, 2};
  ASSERT_INT(MSRT_OK, msrt_binary(MSRT_MUL, MSRT_INT32, 2, shape, a, as, &s, ss,
                                  out, os));
  /* transposed output: out[j*2 + i] */
  ASSERT(out[0] == 10 && out[2] == 20 && out[1] == 30 && out[3] == 40);
}

TEST(binary_int_wraps_without_ub) {
  int8_t a[3] = {127, -128, 100}, b[3] = {1, -1, 3}, out[3];
  int64_t n = 3, st = 1;
  int64_t am[1] = {1}, bm[1] = {1};
  int64_t x[2] = {INT64_MAX, INT64_MIN}, y[2] = {1, 2}, o64[2];
  (void)st;
  msrt_binary(MSRT_ADD, MSRT_INT8, 1, &n, a, am, b, bm, out, NULL);
  ASSERT_INT(-128, out[0]);
  ASSERT_INT(127, out[1]);
  msrt_binary(MSRT_MUL, MSRT_INT8, 1, &n, a, am, b, bm, out, NULL);
  ASSERT_INT(44, out[2]); /* 300 mod 256 */
  n = 2;
  msrt_binary(MSRT_ADD, MSRT_INT64, 1, &n, x, NULL, y, NULL, o64, NULL);
  ASSERT(o64[0] == INT64_MIN);
  msrt_binary(MSRT_MUL, MSRT_INT64, 1, &n, x, NULL, y, NULL, o64, NULL);
  ASSERT(o64[1] == 0);
}

TEST(binary_floordiv_mod_signs_int) {
  int32_t a[8] = {-7, 7, 7, -7, 5, INT32_MIN, 0, -6};
  int32_t b[8] = {2, -2, 2, -2, 0, -1, 3, 3};
  int32_t q[8], r[8];
  int64_t n = 8;
  msrt_binary(MSRT_FLOORDIV, MSRT_INT32, 1, &n, a, NULL, b, NULL, q, NULL);
  msrt_binary(MSRT_MOD, MSRT_INT32, 1, &n, a, NULL, b, NULL, r, NULL);
  ASSERT_INT(-4, q[0]); ASSERT_INT(1, r[0]);
  ASSERT_INT(-4, q[1]); ASSERT_INT(-1, r[1]);
  ASSERT_INT(3, q[2]);  ASSERT_INT(1, r[2]);
  ASSERT_INT(3, q[3]);  ASSERT_INT(-1, r[3]);
  ASSERT_INT(0, q[4]);  ASSERT_INT(0, r[4]);   /* by zero: 0 */
  ASSERT(q[5] == INT32_MIN); ASSERT_INT(0, r[5]); /* MIN // -1 */
  ASSERT_INT(0, q[6]);  ASSERT_INT(0, r[6]);
  ASSERT_INT(-2, q[7]); ASSERT_INT(0, r[7]);
}

TEST(binary_floordiv_mod_unsigned) {
  uint8_t a[3] = {250, 7, 9}, b[3] = {7, 0, 3}, q[3], r[3];
  int64_t n = 3;
  msrt_binary(MSRT_FLOORDIV, MSRT_UINT8, 1, &n, a, NULL, b, NULL, q, NULL);
  msrt_binary(MSRT_MOD, MSRT_UINT8, 1, &n, a, NULL, b, NULL, r, NULL);
  ASSERT_INT(35, q[0]); ASSERT_INT(5, r[0]);
  ASSERT_INT(0, q[1]);  ASSERT_INT(0, r[1]);
  ASSERT_INT(3, q[2]);  ASSERT_INT(0, r[2]);
}

TEST(binary_floordiv_mod_signs_float) {
  double a[7] = {-7, 7, -4, 4, 1, -1, 0.5};
  double b[7] = {2, -2, 2, -2, 0, 0, 0.1};
  double q[7], r[7];
  int64_t n = 7;
  msrt_binary(MSRT_FLOORDIV, MSRT_FLOAT64, 1, &n, a, NULL, b, NULL, q, NULL);
  msrt_binary(MSRT_MOD, MSRT_FLOAT64, 1, &n, a, NULL, b, NULL, r, NULL);
  ASSERT(q[0] == -4 && r[0] == 1);
  ASSERT(q[1] == -4 && r[1] == -1);
  ASSERT(q[2] == -2 && r[2] == 0 && !signbit(r[2])); /* zero takes b's sign */
  ASSERT(q[3] == -2 && r[3] == 0 && signbit(r[3]));
  ASSERT(isinf(q[4]) && q[4] > 0 && isnan(r[4]));  /* by zero: IEEE */
  ASSERT(isinf(q[5]) && q[5] < 0 && isnan(r[5]));
  ASSERT(q[6] == 4); /* numpy: 0.5 // 0.1 == 4.0 (0.1 is a bit above 1/10) */
  ASSERT(near(r[6], 0.09999999999999998, 1e-17));
}

TEST(binary_nan_rules) {
  float a[4] = {NAN, 1, NAN, 2}, b[4] = {1, NAN, NAN, 2}, o[4];
  unsigned char c[4];
  int64_t n = 4;
  msrt_binary(MSRT_MAXIMUM, MSRT_FLOAT32, 1, &n, a, NULL, b, NULL, o, NULL);
  ASSERT(isnan(o[0]) && isnan(o[1]) && isnan(o[2]) && o[3] == 2);
  msrt_binary(MSRT_MINIMUM, MSRT_FLOAT32, 1, &n, a, NULL, b, NULL, o, NULL);
  ASSERT(isnan(o[0]) && isnan(o[1]) && isnan(o[2]) && o[3] == 2);
  msrt_binary(MSRT_LT, MSRT_FLOAT32, 1, &n, a, NULL, b, NULL, c, NULL);
  ASSERT(!c[0] && !c[1] && !c[2] && !c[3]);
  msrt_binary(MSRT_GE, MSRT_FLOAT32, 1, &n, a, NULL, b, NULL, c, NULL);
  ASSERT(!c[0] && !c[1] && !c[2] && c[3]);
  msrt_binary(MSRT_EQ, MSRT_FLOAT32, 1, &n, a, NULL, b, NULL, c, NULL);
  ASSERT(!c[0] && !c[2] && c[3]);
  msrt_binary(MSRT_NE, MSRT_FLOAT32, 1, &n, a, NULL, b, NULL, c, NULL);
  ASSERT(c[0] && c[1] && c[2] && !c[3]);
  msrt_binary(MSRT_LOGICAL_AND, MSRT_FLOAT32, 1, &n, a, NULL, b, NULL, c, NULL);
  ASSERT(c[0] && c[1] && c[2] && c[3]); /* NaN is truthy */
}

TEST(binary_pow_int) {
  int64_t a[5] = {2, -3, 2, 0, 7}, b[5] = {10, 3, -1, 0, 0}, o[5];
  int64_t n = 5;
  uint8_t ua = 3, ub = 6, uo;
  int64_t one = 1;
  msrt_binary(MSRT_POW, MSRT_INT64, 1, &n, a, NULL, b, NULL, o, NULL);
  ASSERT_INT(1024, o[0]);
  ASSERT_INT(-27, o[1]);
  ASSERT_INT(0, o[2]); /* negative exponent: caller's error, 0 here */
  ASSERT_INT(1, o[3]);
  ASSERT_INT(1, o[4]);
  msrt_binary(MSRT_POW, MSRT_UINT8, 1, &one, &ua, NULL, &ub, NULL, &uo, NULL);
  ASSERT_INT(729 % 256, uo);
}

TEST(binary_bool_and_half) {
  unsigned char a[4] = {0, 0, 1, 7}, b[4] = {0, 1, 0, 1}, o[4];
  uint16_t ha[2] = {0x3c00, 0x4000}, hb[2] = {0x3c00, 0x3c00}, ho[2]; /* 1,2 + 1 */
  int64_t n = 4;
  msrt_binary(MSRT_ADD, MSRT_BOOL, 1, &n, a, NULL, b, NULL, o, NULL);
  ASSERT(o[0] == 0 && o[1] == 1 && o[2] == 1 && o[3] == 1);
  msrt_binary(MSRT_MUL, MSRT_BOOL, 1, &n, a, NULL, b, NULL, o, NULL);
  ASSERT(o[0] == 0 && o[1] == 0 && o[2] == 0 && o[3] == 1);
  msrt_binary(MSRT_EQ, MSRT_BOOL, 1, &n, a, NULL, b, NULL, o, NULL);
  ASSERT(o[0] == 1 && o[1] == 0 && o[2] == 0 && o[3] == 1); /* 7 is True */
  n = 2;
  msrt_binary(MSRT_ADD, MSRT_FLOAT16, 1, &n, ha, NULL, hb, NULL, ho, NULL);
  ASSERT_INT(0x4000, ho[0]);
  ASSERT_INT(0x4200, ho[1]);
}

TEST(binary_einval) {
  int32_t a = 1, o;
  unsigned char ba = 1, bo;
  float fa = 1, fo;
  int64_t n = 1, big[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  ASSERT_INT(MSRT_EINVAL, msrt_binary(MSRT_DIV, MSRT_INT32, 1, &n, &a, NULL, &a, NULL, &o, NULL));
  ASSERT_INT(MSRT_EINVAL, msrt_binary(MSRT_ATAN2, MSRT_INT32, 1, &n, &a, NULL, &a, NULL, &o, NULL));
  ASSERT_INT(MSRT_EINVAL, msrt_binary(MSRT_SUB, MSRT_BOOL, 1, &n, &ba, NULL, &ba, NULL, &bo, NULL));
  ASSERT_INT(MSRT_EINVAL, msrt_binary(MSRT_BITAND, MSRT_FLOAT32, 1, &n, &fa, NULL, &fa, NULL, &fo, NULL));
  ASSERT_INT(MSRT_EINVAL, msrt_binary(MSRT_ADD, MSRT_FLOAT32, 9, big, &fa, NULL, &fa, NULL, &fo, NULL));
  ASSERT_INT(MSRT_EINVAL, msrt_binary(MSRT_NUM_BINOPS, MSRT_FLOAT32, 1, &n, &fa, NULL, &fa, NULL, &fo, NULL));
}

TEST(binary_zero_size_and_scalar) {
  float a = 2, b = 3, o = 0;
  int64_t zero[2] = {3, 0};
  ASSERT_INT(MSRT_OK, msrt_binary(MSRT_ADD, MSRT_FLOAT32, 2, zero, NULL, NULL,
                                  NULL, NULL, NULL, NULL));
  ASSERT_INT(MSRT_OK, msrt_binary(MSRT_POW, MSRT_FLOAT32, 0, NULL, &a, NULL,
                                  &b, NULL, &o, NULL));
  ASSERT(o == 8);
}

/* ---------------------------------------------------------------- unary */

TEST(unary_activations) {
  float x[6] = {0, -1000, 1000, 30, -1000, 2}, o[6];
  double d[3] = {0, -30, 1}, od[3];
  msrt_unary(MSRT_SIGMOID, MSRT_FLOAT32, 6, x, o);
  ASSERT(o[0] == 0.5f && o[1] == 0 && o[2] == 1);
  msrt_unary(MSRT_SOFTPLUS, MSRT_FLOAT32, 6, x, o);
  ASSERT(o[3] == 30 && o[4] == 0 && near(o[0], log(2.0), 1e-7));
  msrt_unary(MSRT_RELU6, MSRT_FLOAT32, 6, x, o);
  ASSERT(o[0] == 0 && o[1] == 0 && o[2] == 6 && o[5] == 2);
  msrt_unary(MSRT_SILU, MSRT_FLOAT32, 6, x, o);
  ASSERT(o[0] == 0 && o[1] == 0 && o[2] == 1000);
  msrt_unary(MSRT_GELU, MSRT_FLOAT64, 3, d, od);
  ASSERT(od[0] == 0);
  ASSERT(od[1] < 0 && od[1] > -1e-190); /* ~ -1.5e-196: the tail does not cancel to 0 */
  ASSERT(near(od[2], 0.8413447460685429, 1e-15));
  d[0] = 4;
  msrt_unary(MSRT_RSQRT, MSRT_FLOAT64, 1, d, od);
  ASSERT(od[0] == 0.5);
}

/* float32 tanh (msrt.h) is the correctly rounded one: (float)tanh((double)x)
 * (glibc's double tanh is within 1 ulp of double, far below float's half
 * ulp except on ties a float sample does not meet) on a stride through
 * every positive float, its specials, and the kernel's loop agrees with
 * the formula bit for bit. */
TEST(unary_tanh_f32_correctly_rounded) {
  static float xs[8064], os[8064];
  uint32_t u;
  int n = 0, bad = 0, i;
  union { float f; uint32_t u; } a, b;
  for (u = 0; u < 0x7f800000u; u += 0x7f800000u / 4000u + 1u) {
    a.u = u;
    xs[n++] = a.f;
    a.u = u | 0x80000000u;
    xs[n++] = a.f;
  }
  xs[n++] = INFINITY;
  xs[n++] = -INFINITY;
  xs[n++] = 9.010913f;  /* the first float whose tanh rounds to 1 */
  xs[n++] = 9.010912f;
  xs[n++] = 0x1p-149f;
  xs[n++] = 16.0f;
  xs[n++] = 15.999999f;
  msrt_unary(MSRT_TANH, MSRT_FLOAT32, n, xs, os);
  for (i = 0; i < n; i++) {
    a.f = os[i];
    b.f = (float)tanh((double)xs[i]);
    if (a.u != b.u || msrt_tanh_f32(xs[i]) != os[i]) {
      if (bad++ < 5) UNIT_FAIL("tanh(%a) = %a, want %a", (double)xs[i], (double)os[i], (double)b.f);
    }
  }
  ASSERT_INT(0, bad);
  a.f = msrt_tanh_f32(-0.0f);
  ASSERT(a.u == 0x80000000u);
  a.f = msrt_tanh_f32(0.0f);
  ASSERT(a.u == 0);
  ASSERT(isnan(msrt_tanh_f32(NAN)));
}

TEST(unary_round_half_even) {
  double x[7] = {0.5, 1.5, 2.5, -0.5, -1.5, 2.4999999999999996, -2.6}, o[7];
  msrt_unary(MSRT_ROUND, MSRT_FLOAT64, 7, x, o);
  ASSERT(o[0] == 0 && o[1] == 2 && o[2] == 2 && o[3] == 0 && signbit(o[3]));
  ASSERT(o[4] == -2 && o[5] == 2 && o[6] == -3);
  msrt_unary(MSRT_TRUNC, MSRT_FLOAT64, 7, x, o);
  ASSERT(o[6] == -2);
}

TEST(unary_sign_and_nan) {
  float x[4] = {-3, 0, NAN, 5}, o[4];
  unsigned char b[4];
  msrt_unary(MSRT_SIGN, MSRT_FLOAT32, 4, x, o);
  ASSERT(o[0] == -1 && o[1] == 0 && isnan(o[2]) && o[3] == 1);
  msrt_unary(MSRT_ISNAN, MSRT_FLOAT32, 4, x, b);
  ASSERT(!b[0] && !b[1] && b[2] && !b[3]);
  msrt_unary(MSRT_RELU, MSRT_FLOAT32, 4, x, o);
  ASSERT(o[0] == 0 && isnan(o[2]));
}

TEST(unary_ints_and_bool) {
  int8_t x[4] = {-128, -5, 0, 7}, o[4];
  uint8_t u[2] = {0, 5}, uo[2];
  unsigned char b[4], bo[4] = {0, 1, 2, 0};
  msrt_unary(MSRT_ABS, MSRT_INT8, 4, x, o);
  ASSERT_INT(-128, o[0]); /* numpy: abs(MIN) == MIN */
  ASSERT_INT(5, o[1]);
  msrt_unary(MSRT_NEG, MSRT_INT8, 4, x, o);
  ASSERT_INT(-128, o[0]);
  ASSERT_INT(-7, o[3]);
  msrt_unary(MSRT_SIGN, MSRT_INT8, 4, x, o);
  ASSERT(o[0] == -1 && o[2] == 0 && o[3] == 1);
  msrt_unary(MSRT_SQUARE, MSRT_INT8, 4, x, o);
  ASSERT_INT(0, o[0]); /* 16384 mod 256 */
  msrt_unary(MSRT_NEG, MSRT_UINT8, 2, u, uo);
  ASSERT_INT(0, uo[0]);
  ASSERT_INT(251, uo[1]);
  msrt_unary(MSRT_ISFINITE, MSRT_INT8, 4, x, b);
  ASSERT(b[0] && b[1] && b[2] && b[3]);
  msrt_unary(MSRT_ISNAN, MSRT_INT8, 4, x, b);
  ASSERT(!b[0] && !b[1] && !b[2] && !b[3]);
  msrt_unary(MSRT_BITNOT, MSRT_BOOL, 3, bo, b);
  ASSERT(b[0] == 1 && b[1] == 0 && b[2] == 0);
  ASSERT_INT(MSRT_EINVAL, msrt_unary(MSRT_EXP, MSRT_INT32, 1, x, o));
  ASSERT_INT(MSRT_EINVAL, msrt_unary(MSRT_BITNOT, MSRT_FLOAT32, 1, x, o));
  ASSERT_INT(MSRT_EINVAL, msrt_unary(MSRT_NEG, MSRT_BOOL, 1, bo, b));
}

TEST(unary_half_in_place) {
  uint16_t h[3] = {0x4400 /* 4 */, 0x3c00 /* 1 */, 0x7e00 /* nan */};
  msrt_unary(MSRT_SQRT, MSRT_FLOAT16, 3, h, h);
  ASSERT_INT(0x4000, h[0]);
  ASSERT_INT(0x3c00, h[1]);
  ASSERT((h[2] & 0x7c00) == 0x7c00 && (h[2] & 0x3ff));
}

/* ---------------------------------------------------------------- casts */

TEST(cast_float16_rounding) {
  float f[10] = {1.0009765625f,       /* 1 + 2^-10: exact */
                 1.00048828125f,      /* 1 + 2^-11: tie -> even (1) */
                 1.00146484375f,      /* 1 + 3*2^-11: tie -> even (1+2^-9) */
                 65519.0f, 65520.0f,  /* just below / at the overflow tie */
                 2.98023224e-8f,      /* 2^-25: tie -> 0 */
                 5.96046448e-8f,      /* 2^-24: smallest subnormal */
                 -0.0f, 1e-3f, NAN};
  uint16_t h[10];
  double d = 0.1, back;
  ASSERT_INT(MSRT_OK, msrt_cast(MSRT_FLOAT32, MSRT_FLOAT16, 10, f, h));
  ASSERT_INT(0x3c01, h[0]);
  ASSERT_INT(0x3c00, h[1]);
  ASSERT_INT(0x3c02, h[2]);
  ASSERT_INT(0x7bff, h[3]);
  ASSERT_INT(0x7c00, h[4]);
  ASSERT_INT(0x0000, h[5]);
  ASSERT_INT(0x0001, h[6]);
  ASSERT_INT(0x8000, h[7]);
  ASSERT_INT(0x1419, h[8]);
  ASSERT((h[9] & 0x7c00) == 0x7c00 && (h[9] & 0x3ff));
  msrt_cast(MSRT_FLOAT64, MSRT_FLOAT16, 1, &d, h);
  ASSERT_INT(0x2e66, h[0]);
  msrt_cast(MSRT_FLOAT16, MSRT_FLOAT64, 1, h, &back);
  ASSERT(back == 0.0999755859375);
}

TEST(cast_float_to_int_truncates_and_wraps_as_numpy) {
  float f[6] = {-2.7f, 2.7f, 1e10f, -1e10f, NAN, -0.5f};
  int32_t i[6];
  uint8_t u[6];
  int64_t l[2];
  double d[2] = {9.3e18, -9.3e18};
  msrt_cast(MSRT_FLOAT32, MSRT_INT32, 6, f, i);
  ASSERT_INT(-2, i[0]);
  ASSERT_INT(2, i[1]);
  ASSERT(i[2] == INT32_MIN && i[3] == INT32_MIN); /* numpy on x86-64 */
  ASSERT_INT(INT32_MIN, i[4]);                    /* NaN */
  ASSERT_INT(0, i[5]);
  msrt_cast(MSRT_FLOAT32, MSRT_UINT8, 6, f, u);
  ASSERT_INT(254, u[0]); /* -2 wraps */
  ASSERT_INT(2, u[1]);
  ASSERT_INT(0, u[2]); /* outside int32 */
  ASSERT_INT(0, u[5]); /* -0.5 truncates to 0 */
  msrt_cast(MSRT_FLOAT64, MSRT_INT64, 2, d, l);
  ASSERT(l[0] == INT64_MIN && l[1] == INT64_MIN);
}

TEST(cast_bool_and_ints) {
  unsigned char b[3] = {0, 2, 255}, bo[3];
  int32_t i[3];
  int16_t s[2] = {-1, 300};
  uint8_t u[2];
  double d[2];
  msrt_cast(MSRT_BOOL, MSRT_INT32, 3, b, i);
  ASSERT(i[0] == 0 && i[1] == 1 && i[2] == 1);
  msrt_cast(MSRT_BOOL, MSRT_BOOL, 3, b, bo);
  ASSERT(bo[0] == 0 && bo[1] == 1 && bo[2] == 1);
  msrt_cast(MSRT_INT16, MSRT_UINT8, 2, s, u);
  ASSERT(u[0] == 255 && u[1] == 44); /* modulo, like C and numpy */
  msrt_cast(MSRT_INT16, MSRT_FLOAT64, 2, s, d);
  ASSERT(d[0] == -1 && d[1] == 300);
  d[0] = NAN;
  msrt_cast(MSRT_FLOAT64, MSRT_BOOL, 1, d, bo);
  ASSERT_INT(1, bo[0]);
}

/* ---------------------------------------------------------------- copy */

TEST(copy_negative_strides_and_transpose) {
  int32_t x[6] = {0, 1, 2, 3, 4, 5}, o[6];
  int64_t shape[2] = {2, 3}, rev[2] = {-3, -1}, tshape[2] = {3, 2}, tst[2] = {1, 3};
  int64_t n = 3, step[1] = {-2};
  ASSERT_INT(MSRT_OK, msrt_copy_strided(MSRT_INT32, 2, shape, x + 5, rev, o));
  ASSERT(o[0] == 5 && o[1] == 4 && o[2] == 3 && o[3] == 2 && o[5] == 0);
  msrt_copy_strided(MSRT_INT32, 2, tshape, x, tst, o);
  ASSERT(o[0] == 0 && o[1] == 3 && o[2] == 1 && o[3] == 4 && o[5] == 5);
  msrt_copy_strided(MSRT_INT32, 1, &n, x + 5, step, o); /* x[::-2] */
  ASSERT(o[0] == 5 && o[1] == 3 && o[2] == 1);
}

TEST(copy_broadcast_and_scalar) {
  uint16_t v = 0x1234, o[4];
  int64_t shape[2] = {2, 2}, st[2] = {0, 0};
  msrt_copy_strided(MSRT_FLOAT16, 2, shape, &v, st, o);
  ASSERT(o[0] == 0x1234 && o[3] == 0x1234);
  ASSERT_INT(MSRT_OK, msrt_copy_strided(MSRT_FLOAT16, 0, NULL, &v, NULL, o));
}

/* ---------------------------------------------------------------- gemm */

static void ref_gemm(int ta, int tb, int64_t M, int64_t N, int64_t K, double alpha,
                     const double *A, int64_t lda, const double *B, int64_t ldb,
                     double beta, const double *C0, double *C, int64_t ldc) {
  int64_t i, j, p;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      double s = 0;
      for (p = 0; p < K; p++)
        s += (ta ? A[p * lda + i] : A[i * lda + p]) * (tb ? B[j * ldb + p] : B[p * ldb + j]);
      C[i * ldc + j] = alpha * s + (beta == 0 ? 0 : beta * C0[i * ldc + j]);
    }
}

static double lcg(unsigned *s) {
  *s = *s * 1103515245u + 12345u;
  return (double)((*s >> 9) & 0xffff) / 32768.0 - 1.0;
}

/* f32 and f64 gemm against a double reference for every M, N, K in
 * {1, 7, 17, 65}, all four transposes, alpha/beta, ws and ws == NULL. */
TEST(gemm_edge_tiles) {
  static const int64_t dims[4] = {1, 7, 17, 65};
  static float Af[70 * 70], Bf[70 * 70], Cf[70 * 72];
  static double Ad[70 * 70], Bd[70 * 70], Cd[70 * 72], C0[70 * 72], R[70 * 72];
  void *ws = malloc(msrt_gemm_ws_size(65, 65, 65));
  unsigned seed = 7;
  int mi, ni, ki, t, bad = 0, use_ws;
  for (mi = 0; mi < 4; mi++)
    for (ni = 0; ni < 4; ni++)
      for (ki = 0; ki < 4; ki++)
        for (t = 0; t < 4; t++)
          for (use_ws = 0; use_ws < 2; use_ws++) {
            int64_t M = dims[mi], N = dims[ni], K = dims[ki], i;
            int ta = t & 1, tb = t >> 1;
            int64_t lda = (ta ? M : K) + 1, ldb = (tb ? K : N) + 2, ldc = N + 3;
            double alpha = (t == 1) ? -1.5 : 1.0, beta = (t == 2) ? 0.5 : (t == 3 ? 1.0 : 0.0);
            for (i = 0; i < 70 * 70; i++) {
              Ad[i] = lcg(&seed);
              Bd[i] = lcg(&seed);
              Af[i] = (float)Ad[i];
              Bf[i] = (float)Bd[i];
            }
            for (i = 0; i < 70 * 72; i++) {
              C0[i] = beta == 0 ? NAN : lcg(&seed); /* beta 0: C not read */
              Cd[i] = C0[i];
              Cf[i] = (float)C0[i];
            }
            ref_gemm(ta, tb, M, N, K, alpha, Ad, lda, Bd, ldb, beta, C0, R, ldc);
            msrt_gemm_f64(ta, tb, M, N, K, alpha, Ad, lda, Bd, ldb, beta, Cd, ldc,
                          use_ws ? ws : NULL);
            msrt_gemm_f32(ta, tb, M, N, K, (float)alpha, Af, lda, Bf, ldb,
                          (float)beta, Cf, ldc, use_ws ? ws : NULL);
            for (i = 0; i < M * ldc; i++) {
              int in_c = i % ldc < N;
              double want = in_c ? R[i] : C0[i];
              if (!(in_c ? near(Cd[i], want, 1e-12 * (double)K + 1e-12)
                         : feq(Cd[i], want)))
                bad++;
              if (!(in_c ? near(Cf[i], want, 2e-6 * (double)K + 1e-6)
                         : feq(Cf[i], (float)want)))
                bad++;
            }
          }
  ASSERT_INT(0, bad);
  free(ws);
}

TEST(gemm_k_zero_and_alpha_zero) {
  float C[4] = {1, 2, NAN, 4}, A[1] = {NAN}, B[1] = {NAN};
  msrt_gemm_f32(0, 0, 2, 2, 0, 1.0f, A, 1, B, 2, 2.0f, C, 2, NULL);
  ASSERT(C[0] == 2 && C[1] == 4 && isnan(C[2]) && C[3] == 8);
  msrt_gemm_f32(0, 0, 2, 2, 0, 1.0f, A, 1, B, 2, 0.0f, C, 2, NULL);
  ASSERT(C[0] == 0 && C[2] == 0); /* beta 0 overwrites even NaN */
}

/* ---------------------------------------------------------------- matmul */

TEST(matmul_int_batched_broadcast) {
  int32_t A[2 * 2 * 3] = {1, 2, 3, 4, 5, 6, /* batch 1 */ -1, 0, 1, 0, 1, 0};
  int32_t B[3 * 2] = {1, 0, 0, 1, 1, 1}; /* shared by both batches */
  int32_t C[2 * 2 * 2];
  ASSERT_INT(MSRT_OK, msrt_matmul(MSRT_INT32, 0, 0, 2, 2, 2, 3, A, 6, B, 0, C, NULL));
  ASSERT(C[0] == 4 && C[1] == 5 && C[2] == 10 && C[3] == 11);
  ASSERT(C[4] == 0 && C[5] == 1 && C[6] == 0 && C[7] == 1);
}

TEST(matmul_bool_or_of_ands_and_half) {
  unsigned char A[4] = {1, 0, 0, 0}, B[4] = {0, 1, 1, 0}, C[4];
  uint16_t ha[2] = {0x3c00, 0x4000}, hb[2] = {0x4200, 0x3800}, hc[1]; /* 1*3 + 2*0.5 */
  msrt_matmul(MSRT_BOOL, 0, 0, 1, 2, 2, 2, A, 0, B, 0, C, NULL);
  ASSERT(C[0] == 0 && C[1] == 1 && C[2] == 0 && C[3] == 0);
  msrt_matmul(MSRT_FLOAT16, 0, 0, 1, 1, 1, 2, ha, 0, hb, 0, hc, NULL);
  ASSERT_INT(0x4400, hc[0]); /* 4.0 */
}

TEST(matmul_float_transposed) {
  float A[6] = {1, 2, 3, 4, 5, 6}; /* stored 3x2, op(A) = A^T is 2x3 */
  float B[6] = {1, 0, 0, 1, 1, 1}; /* stored 2x3, op(B) = B^T is 3x2 */
  float C[4];
  size_t wsz = msrt_gemm_ws_size(2, 2, 3);
  void *ws = malloc(wsz);
  msrt_matmul(MSRT_FLOAT32, 1, 1, 1, 2, 2, 3, A, 0, B, 0, C, ws);
  /* A^T = [[1,3,5],[2,4,6]], B^T = [[1,1],[0,1],[0,1]] */
  ASSERT(C[0] == 1 && C[1] == 9 && C[2] == 2 && C[3] == 12);
  free(ws);
}

/* ---------------------------------------------------------------- reduce */

TEST(reduce_argmax_ties_and_nan) {
  float x[6] = {1, 3, 3, 0, NAN, NAN};
  int64_t o[2];
  int32_t o32[3];
  int32_t ix[6] = {5, 1, 5, 1, 0, 0};
  msrt_reduce(MSRT_RARGMAX, MSRT_FLOAT32, MSRT_INT64, 1, 4, 1, x, o);
  ASSERT_INT(1, o[0]); /* first of the tied maxima */
  msrt_reduce(MSRT_RARGMAX, MSRT_FLOAT32, MSRT_INT64, 1, 6, 1, x, o);
  ASSERT_INT(4, o[0]); /* the first NaN wins */
  msrt_reduce(MSRT_RARGMIN, MSRT_FLOAT32, MSRT_INT64, 1, 6, 1, x, o);
  ASSERT_INT(4, o[0]);
  msrt_reduce(MSRT_RARGMIN, MSRT_INT32, MSRT_INT32, 2, 3, 1, ix, o32);
  ASSERT_INT(1, o32[0]);
  ASSERT_INT(1, o32[1]);
  /* along a strided axis: [3, 2] columns */
  msrt_reduce(MSRT_RARGMAX, MSRT_INT32, MSRT_INT32, 1, 3, 2, ix, o32);
  ASSERT_INT(0, o32[0]); /* 5, 5, 0: first */
  ASSERT_INT(0, o32[1]); /* 1, 1, 0 */
}

TEST(reduce_max_min_nan) {
  double x[4] = {1, NAN, 3, 2}, o;
  float y[4] = {-1, -5, 7, 2}, fo;
  msrt_reduce(MSRT_RMAX, MSRT_FLOAT64, MSRT_FLOAT64, 1, 4, 1, x, &o);
  ASSERT(isnan(o));
  msrt_reduce(MSRT_RMIN, MSRT_FLOAT32, MSRT_FLOAT32, 1, 4, 1, y, &fo);
  ASSERT(fo == -5);
  ASSERT_INT(MSRT_EINVAL, msrt_reduce(MSRT_RMAX, MSRT_FLOAT32, MSRT_FLOAT64, 1, 4, 1, y, &o));
}

TEST(reduce_empty) {
  float x[1] = {0}, s = -1, p = -1, m = 0;
  unsigned char any = 1, all = 0;
  int64_t i = 0;
  ASSERT_INT(MSRT_OK, msrt_reduce(MSRT_RSUM, MSRT_FLOAT32, MSRT_FLOAT32, 1, 0, 1, x, &s));
  ASSERT_INT(MSRT_OK, msrt_reduce(MSRT_RPROD, MSRT_FLOAT32, MSRT_FLOAT32, 1, 0, 1, x, &p));
  ASSERT(s == 0 && p == 1);
  msrt_reduce(MSRT_RANY, MSRT_FLOAT32, MSRT_BOOL, 1, 0, 1, x, &any);
  msrt_reduce(MSRT_RALL, MSRT_FLOAT32, MSRT_BOOL, 1, 0, 1, x, &all);
  ASSERT(any == 0 && all == 1);
  msrt_reduce(MSRT_RMEAN, MSRT_FLOAT32, MSRT_FLOAT32, 1, 0, 1, x, &m);
  ASSERT(isnan(m)); /* numpy: nan (with a warning) */
  ASSERT_INT(MSRT_EINVAL, msrt_reduce(MSRT_RMAX, MSRT_FLOAT32, MSRT_FLOAT32, 1, 0, 1, x, &s));
  ASSERT_INT(MSRT_EINVAL, msrt_reduce(MSRT_RARGMAX, MSRT_FLOAT32, MSRT_INT64, 1, 0, 1, x, &i));
  ASSERT_INT(MSRT_OK, msrt_reduce(MSRT_RMAX, MSRT_FLOAT32, MSRT_FLOAT32, 0, 0, 1, x, &s));
}

TEST(reduce_sum_order_and_ints) {
  /* fewer than 8: sequential, so 1e8 + 1 is lost and comes back as 0 */
  float x[4] = {1e8f, 1, -1e8f, 1}, s;
  int32_t ix[4] = {INT32_MAX, 1, 2, 3};
  int64_t l;
  int32_t w;
  unsigned char b[5] = {1, 0, 3, 1, 0};
  double mean;
  msrt_reduce(MSRT_RSUM, MSRT_FLOAT32, MSRT_FLOAT32, 1, 4, 1, x, &s);
  ASSERT(s == 1);
  msrt_reduce(MSRT_RSUM, MSRT_INT32, MSRT_INT64, 1, 4, 1, ix, &l);
  ASSERT(l == (int64_t)INT32_MAX + 6);
  msrt_reduce(MSRT_RSUM, MSRT_INT32, MSRT_INT32, 1, 4, 1, ix, &w);
  ASSERT(w == INT32_MIN + 5); /* wraps */
  msrt_reduce(MSRT_RSUM, MSRT_BOOL, MSRT_INT64, 1, 5, 1, b, &l);
  ASSERT_INT(3, l);
  msrt_reduce(MSRT_RMEAN, MSRT_INT32, MSRT_FLOAT64, 1, 3, 1, ix + 1, &mean);
  ASSERT(mean == 2);
}

TEST(reduce_sum_pairwise_and_sequential_like_numpy) {
  /* x[i] = 1 / (i + 1) in float32, i < 1000. numpy 1.24: np.sum(x) is
   * 7.4854717 (pairwise, the reduced axis is contiguous); np.sum of the
   * [1000, 2] array with x in both columns, axis=0, is 7.4854784 for each
   * column (rows added in order): the sequential float sum. */
  static float x[1000], y[2000];
  float s, cols[2];
  int i;
  for (i = 0; i < 1000; i++) {
    x[i] = 1.0f / ((float)i + 1.0f);
    y[2 * i] = y[2 * i + 1] = x[i];
  }
  msrt_reduce(MSRT_RSUM, MSRT_FLOAT32, MSRT_FLOAT32, 1, 1000, 1, x, &s);
  ASSERT(s == 7.4854717f);
  msrt_reduce(MSRT_RSUM, MSRT_FLOAT32, MSRT_FLOAT32, 1, 1000, 2, y, cols);
  ASSERT(cols[0] == 7.4854784f && cols[1] == 7.4854784f);
}

/* ---------------------------------------------------------------- softmax */

TEST(softmax_stable_and_log) {
  float x[4] = {1000, 1000, 0, 0}, o[4];
  double d[3] = {1, 2, 3}, od[3], sum;
  msrt_softmax(MSRT_FLOAT32, 0, 2, 2, 1, x, o);
  ASSERT(o[0] == 0.5f && o[1] == 0.5f && o[2] == 0.5f);
  msrt_softmax(MSRT_FLOAT32, 1, 1, 2, 1, x, o);
  ASSERT(near(o[0], -log(2.0), 1e-7));
  msrt_softmax(MSRT_FLOAT64, 0, 1, 3, 1, d, od);
  sum = od[0] + od[1] + od[2];
  ASSERT(near(sum, 1, 1e-15) && near(od[2], 0.6652409557748219, 1e-15));
  /* along a strided axis: [1, 3, 1] == [3] with inner 1; [1, 1, 3]: n = 1 */
  msrt_softmax(MSRT_FLOAT64, 0, 1, 1, 3, d, od);
  ASSERT(od[0] == 1 && od[1] == 1 && od[2] == 1);
  ASSERT_INT(MSRT_EINVAL, msrt_softmax(MSRT_INT32, 0, 1, 1, 1, d, od));
}

UNIT_MAIN()
