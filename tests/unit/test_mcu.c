/* test_mcu.c — runtime/mcu.c's microcontroller kernels (msc compile
 * --target=cortex-m*) compute the bits of the host kernels the reference
 * executor runs (runtime/gemm.c, nn.c): msrt_mcu_dense_f32 over weights
 * laid out by msrt_mcu_pack_dense_f32 against msrt_matmul_ep (every
 * column-group shape: N % 8 and N % 4 tails, odd and even K, transb, M >
 * 1, every activation, with and without a bias); msrt_mcu_conv2d_f32
 * against msrt_conv2d_ep (kernel sizes, strides, dilations, padding on
 * every side, channel counts with and without a group of 4 tail, batch 2);
 * msrt_mcu_maxpool_f32 and _i8 against msrt_maxpool2d (padding, strides,
 * nan).
 * Equal means ==, so -0.0 and +0.0 match (mcu.c: a convolution skips the
 * padded taps, which can only change the sign of a zero); nan matches nan. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/msrt.h"
#include "unit.h"

static const int acts[5] = {MSRT_ACT_NONE, MSRT_RELU, MSRT_RELU6, MSRT_SIGMOID, MSRT_GELU};

static float rnd(unsigned *s) {
  *s = *s * 1103515245u + 12345u;
  return (float)((*s >> 8) & 0xffff) / 65536.0f * 8.0f - 4.0f; /* [-4, 4) */
}

static int same(const float *a, const float *b, int64_t n) {
  for (int64_t i = 0; i < n; i++)
    if (!(a[i] == b[i] || (isnan(a[i]) && isnan(b[i])))) {
      fprintf(stderr, "  element %lld: %.9g vs %.9g\n", (long long)i, (double)a[i], (double)b[i]);
      return 0;
    }
  return 1;
}

TEST(dense_bit_identical) {
  static const int32_t Ms[] = {1, 3};
  static const int32_t Ns[] = {1, 3, 4, 5, 8, 10, 12, 13, 16, 21, 84, 120};
  static const int32_t Ks[] = {1, 2, 7, 16, 84, 401};
  static float A[3 * 401], B[401 * 120], Bp[401 * 120], C1[3 * 120], C2[3 * 120], bias[120];
  unsigned seed = 7;
  int bad = 0;
  for (int i = 0; i < 401 * 120; i++) B[i] = rnd(&seed);
  for (int i = 0; i < 3 * 401; i++) A[i] = rnd(&seed);
  for (int i = 0; i < 120; i++) bias[i] = rnd(&seed);
  for (int mi = 0; mi < 2; mi++)
    for (int ni = 0; ni < 12; ni++)
      for (int ki = 0; ki < 6; ki++)
        for (int tb = 0; tb < 2; tb++)
          for (int a = 0; a < 5; a++)
            for (int hb = 0; hb < 2; hb++) {
              int32_t M = Ms[mi], N = Ns[ni], K = Ks[ki];
              msrt_epilogue ep = {hb ? bias : NULL, acts[a]};
              const msrt_epilogue *e = hb || acts[a] != MSRT_ACT_NONE ? &ep : NULL;
              static char ws[1 << 20];
              msrt_mcu_pack_dense_f32(tb, K, N, B, Bp);
              ASSERT_INT(MSRT_OK, msrt_matmul_ep(MSRT_FLOAT32, 0, tb, M, N, K, A, B, C1, ws, e));
              ASSERT_INT(MSRT_OK, msrt_mcu_dense_f32(M, N, K, A, Bp, C2, e));
              if (!same(C1, C2, (int64_t)M * N)) {
                fprintf(stderr, "  dense M %d N %d K %d transb %d act %d bias %d\n", M, N, K, tb, acts[a], hb);
                bad++;
              }
            }
  ASSERT_INT(0, bad);
}

/* The packed layout: groups of 8, one of 4, then single columns, [K][w]
 * each; the same K * N elements. */
TEST(dense_pack_layout) {
  float B[3 * 13], Bp[3 * 13];
  for (int i = 0; i < 39; i++) B[i] = (float)i; /* B [3, 13]: B(p, j) = 13 p + j */
  msrt_mcu_pack_dense_f32(0, 3, 13, B, Bp);
  ASSERT(Bp[0] == 0 && Bp[7] == 7 && Bp[8] == 13);   /* group 0: [3][8] */
  ASSERT(Bp[24] == 8 && Bp[27] == 11 && Bp[28] == 21); /* group 1: [3][4] */
  ASSERT(Bp[36] == 12 && Bp[37] == 25 && Bp[38] == 38); /* column 12 */
}

static int conv_case(const int32_t *g, int act, int hb, unsigned *seed) {
  static float x[2 * 8 * 14 * 14], w[16 * 8 * 5 * 5], o1[2 * 16 * 15 * 15], o2[2 * 16 * 15 * 15], bias[16];
  static char ws[1 << 20];
  int64_t xs[4] = {g[0], g[1], g[2], g[3]}, wsh[4] = {g[4], g[1], g[5], g[6]}, os[4] = {g[0], g[4], g[7], g[8]};
  int64_t st[2] = {g[9], g[10]}, pad[4], dil[2] = {g[13], g[14]};
  int64_t nx = xs[0] * xs[1] * xs[2] * xs[3], nw = wsh[0] * wsh[1] * wsh[2] * wsh[3];
  int64_t no = os[0] * os[1] * os[2] * os[3];
  /* pad bottom/right: whatever makes OH, OW (given) come out */
  pad[0] = g[11];
  pad[2] = g[12];
  pad[1] = (os[2] - 1) * st[0] + (wsh[2] - 1) * dil[0] + 1 - xs[2] - pad[0];
  pad[3] = (os[3] - 1) * st[1] + (wsh[3] - 1) * dil[1] + 1 - xs[3] - pad[2];
  if (pad[1] < 0) pad[1] = 0;
  if (pad[3] < 0) pad[3] = 0;
  for (int64_t i = 0; i < nx; i++) x[i] = rnd(seed);
  for (int64_t i = 0; i < nw; i++) w[i] = rnd(seed);
  for (int i = 0; i < 16; i++) bias[i] = rnd(seed);
  msrt_epilogue ep = {hb ? bias : NULL, act};
  if (msrt_conv2d_ep(MSRT_FLOAT32, xs, wsh, os, st, pad, dil, 1, x, w, o1, ws, &ep) != MSRT_OK) return 1;
  for (int k = 0; k < 2; k++) { /* msrt_mcu_conv2d_f32, msrt_mcu_conv3_f32 */
    if ((k ? msrt_mcu_conv3_f32 : msrt_mcu_conv2d_f32)(g, x, w, o2, &ep) != MSRT_OK) return 1;
    if (!same(o1, o2, no)) {
      fprintf(stderr, "  conv%s N %d Ci %d H %d W %d Co %d K %dx%d O %dx%d s %d,%d p %d,%d d %d,%d act %d bias %d\n",
              k ? "3" : "2d", g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], g[8], g[9], g[10], g[11], g[12], g[13],
              g[14], act, hb);
      return 1;
    }
  }
  return 0;
}

TEST(conv2d_bit_identical) {
  /* {N, Ci, H, W, Co, KH, KW, OH, OW, sh, sw, pt, pl, dh, dw} */
  static const int32_t geos[][15] = {
      {1, 1, 12, 12, 6, 5, 5, 8, 8, 1, 1, 0, 0, 1, 1},      /* LeNet conv1-like, 4 + 2 channels */
      {1, 6, 14, 14, 9, 5, 5, 10, 10, 1, 1, 0, 0, 1, 1},    /* 4 + 4 + 1 */
      {1, 1, 15, 15, 8, 3, 3, 15, 15, 1, 1, 1, 1, 1, 1},    /* 'same': padding on every side */
      {2, 3, 9, 11, 5, 3, 3, 5, 6, 2, 2, 1, 1, 1, 1},       /* stride 2, batch 2 */
      {1, 2, 10, 10, 4, 3, 3, 6, 6, 1, 1, 0, 0, 2, 2},      /* dilation 2 */
      {1, 2, 7, 9, 3, 1, 1, 7, 9, 1, 1, 0, 0, 1, 1},        /* 1x1 */
      {1, 2, 5, 5, 4, 3, 3, 7, 7, 1, 1, 2, 2, 1, 1},        /* padding wider than the kernel reach */
      {1, 3, 8, 8, 5, 3, 2, 4, 5, 2, 2, 1, 1, 1, 1},        /* odd output width, KH != KW */
      /* 3x3, stride and dilation 1 along W: mcu_conv3_2x7's tiles */
      {1, 8, 14, 14, 16, 3, 3, 14, 14, 1, 1, 1, 1, 1, 1},   /* conv_bn's second layer: both edges */
      {1, 1, 6, 28, 3, 3, 3, 6, 28, 1, 1, 1, 1, 1, 1},      /* 4 tiles a row; 3 channels: the pairs overlap */
      {1, 2, 9, 12, 5, 3, 3, 7, 10, 1, 1, 0, 0, 1, 1},      /* 'valid': the last tile overlaps */
      {1, 2, 7, 7, 2, 3, 3, 7, 7, 1, 1, 1, 1, 1, 1},        /* W = 7: padding left and right in one tile */
      {2, 3, 11, 9, 4, 3, 3, 5, 9, 2, 1, 2, 1, 2, 1},       /* stride 2, dilation 2 along H only */
      {1, 2, 6, 9, 3, 3, 3, 6, 11, 1, 1, 1, 2, 1, 1},       /* padding 2 on W: the per-column fallback */
      {1, 1, 5, 8, 1, 3, 3, 5, 8, 1, 1, 1, 1, 1, 1},        /* one channel: the old path */
  };
  unsigned seed = 11;
  int bad = 0;
  for (size_t c = 0; c < sizeof geos / sizeof geos[0]; c++)
    for (int a = 0; a < 5; a++)
      for (int hb = 0; hb < 2; hb++) bad += conv_case(geos[c], acts[a], hb, &seed);
  ASSERT_INT(0, bad);
}

TEST(maxpool_identical) {
  /* {NC, H, W, OH, OW, KH, KW, sh, sw, pt, pl} */
  static const int32_t geos[][11] = {
      {6, 28, 28, 14, 14, 2, 2, 2, 2, 0, 0},
      {3, 9, 9, 5, 5, 3, 3, 2, 2, 1, 1},
      {2, 7, 6, 3, 2, 3, 3, 2, 3, 0, 0},
      {5, 10, 10, 5, 5, 2, 2, 2, 2, 0, 0},   /* 2x2 fast path, rows with nan */
      {2, 9, 7, 4, 3, 2, 2, 2, 2, 0, 0},     /* 2x2, odd sizes: the last row/column unused */
      {2, 6, 6, 5, 5, 2, 2, 1, 1, 0, 0},     /* 2x2 stride 1 */
      {2, 7, 7, 4, 4, 2, 2, 2, 2, 1, 1},     /* 2x2 padded: the general path */
  };
  static float x[6 * 28 * 28], o1[6 * 14 * 14], o2[6 * 14 * 14];
  unsigned seed = 3;
  for (size_t c = 0; c < sizeof geos / sizeof geos[0]; c++) {
    const int32_t *g = geos[c];
    int64_t xs[4] = {1, g[0], g[1], g[2]}, ks[2] = {g[5], g[6]}, st[2] = {g[7], g[8]}, pad[4] = {g[9], g[9], g[10], g[10]};
    int64_t nx = (int64_t)g[0] * g[1] * g[2];
    for (int64_t i = 0; i < nx; i++) x[i] = rnd(&seed);
    x[5] = NAN;
    x[11] = NAN;
    x[12] = NAN; /* two nans in one window */
    x[31] = -INFINITY;
    ASSERT_INT(MSRT_OK, msrt_maxpool2d(MSRT_FLOAT32, xs, g[3], g[4], ks, st, pad, x, o1));
    ASSERT_INT(MSRT_OK, msrt_mcu_maxpool_f32(g, x, o2));
    ASSERT(same(o1, o2, (int64_t)g[0] * g[3] * g[4]));
    /* int8 (quantized activations): msrt_mcu_maxpool_i8 against
     * msrt_maxpool2d on the same geometries, -128 and 127 included */
    static int8_t q[6 * 28 * 28], q1[6 * 14 * 14], q2[6 * 14 * 14];
    for (int64_t i = 0; i < nx; i++) q[i] = (int8_t)(int32_t)(rnd(&seed) * 32.0f);
    q[3] = -128, q[7] = 127;
    ASSERT_INT(MSRT_OK, msrt_maxpool2d(MSRT_INT8, xs, g[3], g[4], ks, st, pad, q, q1));
    ASSERT_INT(MSRT_OK, msrt_mcu_maxpool_i8(g, q, q2));
    ASSERT(memcmp(q1, q2, (size_t)((int64_t)g[0] * g[3] * g[4])) == 0);
  }
}

TEST(bad_arguments) {
  int32_t g[15] = {1, 1, 4, 4, 1, 3, 3, 2, 2, 0, 1, 0, 0, 1, 1}; /* stride 0 */
  float x[16] = {0}, w[9] = {0}, o[4];
  msrt_epilogue ep = {NULL, 12345};
  ASSERT_INT(MSRT_EINVAL, msrt_mcu_conv2d_f32(g, x, w, o, NULL));
  ASSERT_INT(MSRT_EINVAL, msrt_mcu_conv3_f32(g, x, w, o, NULL));
  ASSERT_INT(MSRT_EINVAL, msrt_mcu_dense_f32(1, 1, 1, x, w, o, &ep));
  ASSERT_INT(MSRT_EINVAL, msrt_mcu_dense_f32(-1, 1, 1, x, w, o, NULL));
}

UNIT_MAIN()
