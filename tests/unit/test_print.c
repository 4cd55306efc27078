/* test_print.c — runtime/print.c: numpy's str(ndarray) and MindSpore's
 * graph-mode Print / repr forms. Every expected string was produced by
 * Debian's numpy 1.24 (str(np.array(...))) or, for the MindSpore forms,
 * taken from SEMANTICS.md / the seed examples and checked against
 * tests/print/print_diff.py's transcription of MindSpore's printer.
 * The broad check is the differential harness (scripts/print-diff.sh). */
#include <math.h>

#include "runtime/msrt.h"
#include "tests/unit/unit.h"

static char out[8192];

/* numpy str() of a contiguous array */
static const char *np_str(msrt_dtype dt, const void *data, const int64_t *shape,
                          int ndim) {
  msrt_strbuf sb = msrt_strbuf_init(out, sizeof out);
  if (msrt_print_numpy(msrt_strbuf_write, &sb, dt, data, shape, ndim, NULL))
    return "<error>";
  return out;
}

static const char *graph_str(msrt_dtype dt, const void *data,
                             const int64_t *shape, int ndim) {
  msrt_strbuf sb = msrt_strbuf_init(out, sizeof out);
  if (msrt_print_graph(msrt_strbuf_write, &sb, dt, data, shape, ndim, NULL,
                       NULL))
    return "<error>";
  return out;
}

static const char *repr_str(msrt_dtype dt, const void *data,
                            const int64_t *shape, int ndim) {
  msrt_strbuf sb = msrt_strbuf_init(out, sizeof out);
  if (msrt_print_repr(msrt_strbuf_write, &sb, dt, data, shape, ndim, NULL))
    return "<error>";
  return out;
}

static const char *scalar_str(msrt_dtype dt, const void *v) {
  if (msrt_format_scalar(out, sizeof out, dt, v) < 0) return "<error>";
  return out;
}

/* ---- numpy: floats ---- */

TEST(seed000_float32_row) {
  float x[] = {-1.8809001f, 2.0400267f, 0.32370526f};
  int64_t sh[] = {3};
  ASSERT_STR("[-1.8809001   2.0400267   0.32370526]",
             np_str(MSRT_FLOAT32, x, sh, 1));
}

TEST(seed003_grad_2d) {
  /* the gradient is the float32 just below 4.51f (which prints "4.51") */
  float x[] = {0x1.20a3d6p+2f, 2.7f, 3.6000001f,
               0x1.20a3d6p+2f, 2.7f, 3.6000001f};
  int64_t sh[] = {2, 3};
  ASSERT_STR("[[4.5099998 2.7       3.6000001]\n [4.5099998 2.7       3.6000001]]",
             np_str(MSRT_FLOAT32, x, sh, 2));
}

TEST(maxprec_shortest_float32) {
  float x[] = {4.51f, 1.0f / 3.0f, 0.1f};
  int64_t sh[] = {3};
  ASSERT_STR("[4.51       0.33333334 0.1       ]",
             np_str(MSRT_FLOAT32, x, sh, 1));
}

TEST(integral_floats_pad_right) {
  float x[] = {1.0f, 2.5f};
  int64_t sh[] = {2};
  ASSERT_STR("[1.  2.5]", np_str(MSRT_FLOAT32, x, sh, 1));
}

TEST(float32_integer_digits_exact) {
  /* maxprec prints every integer digit (min_digits=0), unlike the scalar */
  float x[] = {99999992.0f, 16777216.0f};
  int64_t sh[] = {2};
  ASSERT_STR("[99999992. 16777216.]", np_str(MSRT_FLOAT32, x, sh, 1));
  ASSERT_STR("99999990.0", scalar_str(MSRT_FLOAT32, &x[0]));
}

TEST(nan_inf_negzero) {
  float x[] = {NAN, 1.5f, -INFINITY};
  float z[] = {-0.0f, 1.0f};
  double d[] = {NAN, INFINITY};
  int64_t sh3[] = {3}, sh2[] = {2};
  ASSERT_STR("[ nan  1.5 -inf]", np_str(MSRT_FLOAT32, x, sh3, 1));
  ASSERT_STR("[-0.  1.]", np_str(MSRT_FLOAT32, z, sh2, 1));
  ASSERT_STR("[nan inf]", np_str(MSRT_FLOAT64, d, sh2, 1));
}

TEST(scientific_switch) {
  float x[] = {1e10f, 1.5e-5f, 1.0f};
  double d[] = {1e-300, 1e300};
  uint16_t h[] = {0x2e66 /* 0.1 */, 0x7bff /* 65504 */, 0x1419 /* 0.001 */};
  int64_t sh3[] = {3}, sh2[] = {2};
  ASSERT_STR("[1.0e+10 1.5e-05 1.0e+00]", np_str(MSRT_FLOAT32, x, sh3, 1));
  ASSERT_STR("[1.e-300 1.e+300]", np_str(MSRT_FLOAT64, d, sh2, 1));
  ASSERT_STR("[1.00e-01 6.55e+04 1.00e-03]", np_str(MSRT_FLOAT16, h, sh3, 1));
}

TEST(float64_row) {
  double d[] = {0.1, 1.0 / 3.0, 2.0};
  int64_t sh[] = {3};
  ASSERT_STR("[0.1        0.33333333 2.        ]",
             np_str(MSRT_FLOAT64, d, sh, 1));
}

/* ---- numpy: layout ---- */

TEST(wrap_1d_at_75_columns) {
  float x[30];
  int64_t sh[] = {30};
  int i;
  for (i = 0; i < 30; i++) x[i] = (float)i / 7.0f;
  ASSERT_STR("[0.         0.14285715 0.2857143  0.42857143 0.5714286  0.71428573\n"
             " 0.85714287 1.         1.1428572  1.2857143  1.4285715  1.5714285\n"
             " 1.7142857  1.8571428  2.         2.142857   2.2857144  2.4285715\n"
             " 2.5714285  2.7142856  2.857143   3.         3.142857   3.2857144\n"
             " 3.4285715  3.5714285  3.7142856  3.857143   4.         4.142857  ]",
             np_str(MSRT_FLOAT32, x, sh, 1));
}

TEST(wrap_2d_rows) {
  double d[40];
  int64_t sh[] = {2, 20};
  int i;
  for (i = 0; i < 40; i++) d[i] = (i - 20) / 3.0;
  ASSERT_STR(
      "[[-6.66666667 -6.33333333 -6.         -5.66666667 -5.33333333 -5.\n"
      "  -4.66666667 -4.33333333 -4.         -3.66666667 -3.33333333 -3.\n"
      "  -2.66666667 -2.33333333 -2.         -1.66666667 -1.33333333 -1.\n"
      "  -0.66666667 -0.33333333]\n"
      " [ 0.          0.33333333  0.66666667  1.          1.33333333  1.66666667\n"
      "   2.          2.33333333  2.66666667  3.          3.33333333  3.66666667\n"
      "   4.          4.33333333  4.66666667  5.          5.33333333  5.66666667\n"
      "   6.          6.33333333]]",
      np_str(MSRT_FLOAT64, d, sh, 2));
}

TEST(summarise_1d_int64) {
  static int64_t v[2000];
  int64_t sh[] = {2000};
  int i;
  for (i = 0; i < 2000; i++) v[i] = i;
  ASSERT_STR("[   0    1    2 ... 1997 1998 1999]",
             np_str(MSRT_INT64, v, sh, 1));
}

TEST(summarise_2d_float32) {
  static float x[1100];
  int64_t sh[] = {100, 11};
  int i;
  for (i = 0; i < 1100; i++) x[i] = (float)i;
  ASSERT_STR(
      "[[0.000e+00 1.000e+00 2.000e+00 ... 8.000e+00 9.000e+00 1.000e+01]\n"
      " [1.100e+01 1.200e+01 1.300e+01 ... 1.900e+01 2.000e+01 2.100e+01]\n"
      " [2.200e+01 2.300e+01 2.400e+01 ... 3.000e+01 3.100e+01 3.200e+01]\n"
      " ...\n"
      " [1.067e+03 1.068e+03 1.069e+03 ... 1.075e+03 1.076e+03 1.077e+03]\n"
      " [1.078e+03 1.079e+03 1.080e+03 ... 1.086e+03 1.087e+03 1.088e+03]\n"
      " [1.089e+03 1.090e+03 1.091e+03 ... 1.097e+03 1.098e+03 1.099e+03]]",
      np_str(MSRT_FLOAT32, x, sh, 2));
}

TEST(blank_lines_between_blocks) {
  int32_t v[12];
  int8_t w[16];
  int64_t sh3[] = {2, 2, 3}, sh4[] = {2, 2, 2, 2};
  int i;
  for (i = 0; i < 12; i++) v[i] = i;
  for (i = 0; i < 16; i++) w[i] = (int8_t)(i - 8);
  ASSERT_STR("[[[ 0  1  2]\n  [ 3  4  5]]\n\n [[ 6  7  8]\n  [ 9 10 11]]]",
             np_str(MSRT_INT32, v, sh3, 3));
  ASSERT_STR("[[[[-8 -7]\n   [-6 -5]]\n\n  [[-4 -3]\n   [-2 -1]]]\n\n\n"
             " [[[ 0  1]\n   [ 2  3]]\n\n  [[ 4  5]\n   [ 6  7]]]]",
             np_str(MSRT_INT8, w, sh4, 4));
}

TEST(bools_and_uint8) {
  unsigned char b[] = {1, 0, 1};
  uint8_t u[] = {0, 200, 255};
  int64_t sh3[] = {3}, sh1[] = {1};
  ASSERT_STR("[ True False  True]", np_str(MSRT_BOOL, b, sh3, 1));
  ASSERT_STR("[ True]", np_str(MSRT_BOOL, b, sh1, 1));
  ASSERT_STR("[  0 200 255]", np_str(MSRT_UINT8, u, sh3, 1));
}

TEST(empty_arrays) {
  int64_t sh03[] = {0, 3}, sh0[] = {0};
  ASSERT_STR("[]", np_str(MSRT_FLOAT32, NULL, sh03, 2));
  ASSERT_STR("[]", np_str(MSRT_INT64, NULL, sh0, 1));
}

TEST(strided_transpose) {
  float x[] = {0, 1, 2, 3, 4, 5}; /* (2, 3) viewed as its transpose */
  int64_t sh[] = {3, 2}, st[] = {1, 3};
  msrt_strbuf sb = msrt_strbuf_init(out, sizeof out);
  ASSERT_INT(MSRT_OK,
             msrt_print_numpy(msrt_strbuf_write, &sb, MSRT_FLOAT32, x, sh, 2, st));
  ASSERT_STR("[[0. 3.]\n [1. 4.]\n [2. 5.]]", out);
}

/* ---- numpy: 0-d arrays print as scalars ---- */

TEST(zero_d) {
  float a = 3.25f, b = 4.0f, c = 1e-5f, d = INFINITY, e = NAN;
  double z = -0.0, big = 1e16, below = 1e15, tenth = 0.1;
  int64_t seven = 7;
  unsigned char t = 1;
  ASSERT_STR("3.25", np_str(MSRT_FLOAT32, &a, NULL, 0));
  ASSERT_STR("4.0", np_str(MSRT_FLOAT32, &b, NULL, 0));
  ASSERT_STR("1e-05", np_str(MSRT_FLOAT32, &c, NULL, 0));
  ASSERT_STR("inf", np_str(MSRT_FLOAT32, &d, NULL, 0));
  ASSERT_STR("nan", np_str(MSRT_FLOAT32, &e, NULL, 0));
  ASSERT_STR("-0.0", np_str(MSRT_FLOAT64, &z, NULL, 0));
  ASSERT_STR("1e+16", np_str(MSRT_FLOAT64, &big, NULL, 0));
  ASSERT_STR("1000000000000000.0", np_str(MSRT_FLOAT64, &below, NULL, 0));
  ASSERT_STR("0.1", np_str(MSRT_FLOAT64, &tenth, NULL, 0));
  ASSERT_STR("7", np_str(MSRT_INT64, &seven, NULL, 0));
  ASSERT_STR("True", np_str(MSRT_BOOL, &t, NULL, 0));
}

/* ---- MindSpore graph-mode Print and repr ---- */

TEST(graph_seed000) {
  float x[] = {-4.01971531f, -0.579053342f, 3.41115999f};
  int64_t sh[] = {3};
  ASSERT_STR("Tensor(shape=[3], dtype=Float32, value=[-4.01971531e+00 "
             "-5.79053342e-01  3.41115999e+00])",
             graph_str(MSRT_FLOAT32, x, sh, 1));
}

TEST(graph_ints_2d_and_scalars) {
  int64_t v[] = {1, -20, 3, 400, 5, 6};
  int64_t sh[] = {2, 3};
  float f = 2.5f, one = 1.0f;
  double big = 1234567.0;
  int32_t three = 3;
  ASSERT_STR("Tensor(shape=[2, 3], dtype=Int64, value=\n[[  1 -20   3]\n [400   5   6]])",
             graph_str(MSRT_INT64, v, sh, 2));
  ASSERT_STR("Tensor(shape=[], dtype=Float32, value=2.5)",
             graph_str(MSRT_FLOAT32, &f, NULL, 0));
  ASSERT_STR("Tensor(shape=[], dtype=Float32, value=1)",
             graph_str(MSRT_FLOAT32, &one, NULL, 0));
  ASSERT_STR("Tensor(shape=[], dtype=Float64, value=1.23457e+06)",
             graph_str(MSRT_FLOAT64, &big, NULL, 0));
  ASSERT_STR("Tensor(shape=[], dtype=Int32, value=3)",
             graph_str(MSRT_INT32, &three, NULL, 0));
}

TEST(graph_3d_no_blank_line) {
  float x[8];
  int64_t sh[] = {2, 2, 2};
  int i;
  for (i = 0; i < 8; i++) x[i] = (float)i;
  ASSERT_STR("Tensor(shape=[2, 2, 2], dtype=Float32, value=\n"
             "[[[ 0.00000000e+00  1.00000000e+00]\n"
             "  [ 2.00000000e+00  3.00000000e+00]]\n"
             " [[ 4.00000000e+00  5.00000000e+00]\n"
             "  [ 6.00000000e+00  7.00000000e+00]]])",
             graph_str(MSRT_FLOAT32, x, sh, 3));
}

TEST(graph_1d_linefeed_every_12) {
  float x[13];
  int64_t sh[] = {13};
  int i;
  for (i = 0; i < 13; i++) x[i] = (float)i;
  ASSERT_STR("Tensor(shape=[13], dtype=Float32, value=[ 0.00000000e+00  "
             "1.00000000e+00  2.00000000e+00  3.00000000e+00  4.00000000e+00  "
             "5.00000000e+00  6.00000000e+00  7.00000000e+00  8.00000000e+00  "
             "9.00000000e+00  1.00000000e+01  1.10000000e+01 \n  "
             "1.20000000e+01])",
             graph_str(MSRT_FLOAT32, x, sh, 1));
}

TEST(graph_summarised_bool_f16_empty) {
  int64_t v[70];
  int64_t sh[] = {7, 10}, shb[] = {1, 2}, sh2[] = {2}, sh0[] = {0};
  unsigned char b[] = {1, 0};
  uint16_t h[] = {0x3e00 /* 1.5 */, 0xc000 /* -2 */};
  int i;
  for (i = 0; i < 70; i++) v[i] = i;
  ASSERT_STR("Tensor(shape=[7, 10], dtype=Int64, value=\n"
             "[[ 0  1  2 ...  7  8  9]\n [10 11 12 ... 17 18 19]\n"
             " [20 21 22 ... 27 28 29]\n ...\n [40 41 42 ... 47 48 49]\n"
             " [50 51 52 ... 57 58 59]\n [60 61 62 ... 67 68 69]])",
             graph_str(MSRT_INT64, v, sh, 2));
  ASSERT_STR("Tensor(shape=[1, 2], dtype=Bool, value=\n[[ True False]])",
             graph_str(MSRT_BOOL, b, shb, 2));
  ASSERT_STR("Tensor(shape=[2], dtype=Float16, value=[ 1.5000e+00 -2.0000e+00])",
             graph_str(MSRT_FLOAT16, h, sh2, 1));
  ASSERT_STR("Tensor(shape=[0], dtype=Float32, value=)",
             graph_str(MSRT_FLOAT32, NULL, sh0, 1));
}

TEST(graph_parameter_name) {
  float x[] = {1.0f};
  int64_t sh[] = {1};
  msrt_strbuf sb = msrt_strbuf_init(out, sizeof out);
  msrt_print_graph(msrt_strbuf_write, &sb, MSRT_FLOAT32, x, sh, 1, NULL, "w");
  ASSERT_STR("Tensor(shape=[1], dtype=Float32, value=[ 1.00000000e+00], name=w)",
             out);
}

TEST(repr_with_commas) {
  float x[] = {0.32618925f, 0.0158914644f, -2.0f};
  int64_t v[] = {1, 2, 3, 4}, six = 6;
  int32_t w[64];
  int64_t sh3[] = {3}, sh22[] = {2, 2}, sh88[] = {8, 8};
  int i;
  for (i = 0; i < 64; i++) w[i] = i;
  ASSERT_STR("Tensor(shape=[3], dtype=Float32, value= [ 3.26189250e-01,  "
             "1.58914644e-02, -2.00000000e+00])",
             repr_str(MSRT_FLOAT32, x, sh3, 1));
  ASSERT_STR("Tensor(shape=[2, 2], dtype=Int64, value=\n[[1, 2],\n [3, 4]])",
             repr_str(MSRT_INT64, v, sh22, 2));
  ASSERT_STR("Tensor(shape=[], dtype=Int64, value= 6)",
             repr_str(MSRT_INT64, &six, NULL, 0));
  ASSERT_STR("Tensor(shape=[8, 8], dtype=Int32, value=\n"
             "[[ 0,  1,  2 ...  5,  6,  7],\n [ 8,  9, 10 ... 13, 14, 15],\n"
             " [16, 17, 18 ... 21, 22, 23],\n ...\n [40, 41, 42 ... 45, 46, 47],\n"
             " [48, 49, 50 ... 53, 54, 55],\n [56, 57, 58 ... 61, 62, 63]])",
             repr_str(MSRT_INT32, w, sh88, 2));
}

/* ---- plumbing ---- */

TEST(dtype_names) {
  ASSERT_STR("Float32", msrt_dtype_name(MSRT_FLOAT32));
  ASSERT_STR("Float64", msrt_dtype_name(MSRT_FLOAT64));
  ASSERT_STR("Float16", msrt_dtype_name(MSRT_FLOAT16));
  ASSERT_STR("Int64", msrt_dtype_name(MSRT_INT64));
  ASSERT_STR("Int32", msrt_dtype_name(MSRT_INT32));
  ASSERT_STR("UInt8", msrt_dtype_name(MSRT_UINT8));
  ASSERT_STR("Bool", msrt_dtype_name(MSRT_BOOL));
  ASSERT_STR("?", msrt_dtype_name((msrt_dtype)99));
  ASSERT_INT(2, msrt_dtype_size(MSRT_FLOAT16));
  ASSERT_INT(8, msrt_dtype_size(MSRT_INT64));
}

TEST(errors) {
  int64_t sh[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1}, neg[] = {-1};
  float x = 0;
  msrt_strbuf sb = msrt_strbuf_init(out, sizeof out);
  ASSERT_INT(MSRT_EINVAL, msrt_print_numpy(msrt_strbuf_write, &sb, MSRT_FLOAT32,
                                           &x, sh, 9, NULL));
  ASSERT_INT(MSRT_EINVAL, msrt_print_numpy(msrt_strbuf_write, &sb,
                                           (msrt_dtype)42, &x, sh, 1, NULL));
  ASSERT_INT(MSRT_EINVAL, msrt_print_graph(msrt_strbuf_write, &sb, MSRT_FLOAT32,
                                           &x, neg, 1, NULL, NULL));
  ASSERT_INT(0, (int)sb.len);
}

TEST(strbuf_truncates_and_counts) {
  char small[8];
  float x[] = {1.0f, 2.5f};
  int64_t sh[] = {2};
  msrt_strbuf sb = msrt_strbuf_init(small, sizeof small);
  msrt_print_numpy(msrt_strbuf_write, &sb, MSRT_FLOAT32, x, sh, 1, NULL);
  ASSERT_STR("[1.  2.", small);
  ASSERT_INT(9, (int)sb.len);
}

static char hook_buf[64];
static size_t hook_len;
static void hook(void *ctx, const char *s, size_t n) {
  (void)ctx;
  while (n-- && hook_len < sizeof hook_buf - 1) hook_buf[hook_len++] = *s++;
  hook_buf[hook_len] = '\0';
}

TEST(global_output_hook) {
  int64_t v[] = {1, 2};
  int64_t sh[] = {2};
  msrt_set_output(hook, NULL);
  msrt_print_numpy(NULL, NULL, MSRT_INT64, v, sh, 1, NULL);
  msrt_write("\n", 1);
  msrt_set_output(NULL, NULL);
  msrt_write("lost", 4);
  ASSERT_STR("[1 2]\n", hook_buf);
}

TEST(half_conversions) {
  ASSERT(msrt_half_to_double(0x3c00) == 1.0);
  ASSERT(msrt_half_to_double(0x0001) == 5.9604644775390625e-08);
  ASSERT(msrt_half_to_double(0xfbff) == -65504.0);
  ASSERT_INT(0x3c00, msrt_double_to_half(1.0));
  ASSERT_INT(0x7c00, msrt_double_to_half(65520.0));
  ASSERT_INT(0x7bff, msrt_double_to_half(65519.0));
  ASSERT_INT(0x0001, msrt_double_to_half(5.9604644775390625e-08));
  ASSERT_INT(0x0000, msrt_double_to_half(2.98023223876953125e-08)); /* tie */
  ASSERT_INT(0x2e66, msrt_double_to_half(0.1));
}

UNIT_MAIN()
