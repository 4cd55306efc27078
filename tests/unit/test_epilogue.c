/* test_epilogue.c — the fused epilogue of msrt_matmul_ep / msrt_conv2d_ep
 * (runtime/gemm.c, runtime/nn.c) is bit-identical to the unfused kernels:
 * msrt_matmul / msrt_conv2d, then the bias added by msrt_binary(MSRT_ADD)
 * with a broadcast stride, then msrt_unary(act). Every GEMM path is hit:
 * M == 1 (gemv, NN and NT), ws == NULL (the unpacked loop), the panel
 * driver with one and several row blocks and depth blocks (K > 256),
 * partial panels (N not a multiple of 16), transposed operands; float32
 * and float64; every activation, with and without a bias; nan and inf in
 * the inputs. Also: the workspace sizes (same formula everywhere, small). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "runtime/msrt.h"
#include "unit.h"

static const int acts[7] = {MSRT_ACT_NONE, MSRT_RELU, MSRT_RELU6, MSRT_SIGMOID,
                            MSRT_TANH, MSRT_GELU, MSRT_SILU};

static double rnd(unsigned *s) {
  *s = *s * 1103515245u + 12345u;
  return (double)((*s >> 8) & 0xffff) / 65536.0 * 8.0 - 4.0; /* [-4, 4) */
}

static void fill(msrt_dtype dt, void *p, int64_t n, unsigned *s) {
  int64_t i;
  for (i = 0; i < n; i++) {
    double v = rnd(s);
    if (dt == MSRT_FLOAT32) ((float *)p)[i] = (float)v;
    else ((double *)p)[i] = v;
  }
}

static void put(msrt_dtype dt, void *p, int64_t i, double v) {
  if (dt == MSRT_FLOAT32) ((float *)p)[i] = (float)v;
  else ((double *)p)[i] = v;
}

/* The unfused reference: bias[c] added to out viewed [outer, C, inner]
 * (MatMul: outer = M, C = N, inner = 1; Conv2D: [N, Cout, OH*OW]), then
 * the activation, through the elementwise kernels. */
static int unfused_tail(msrt_dtype dt, int64_t outer, int64_t C, int64_t inner, void *out,
                        const void *bias, int act) {
  if (bias) {
    int64_t shape[3] = {outer, C, inner};
    int64_t as[3] = {C * inner, inner, 1}, bs[3] = {0, 1, 0};
    if (msrt_binary(MSRT_ADD, dt, 3, shape, out, as, bias, bs, out, as)) return 1;
  }
  if (act != MSRT_ACT_NONE && msrt_unary((msrt_unop)act, dt, outer * C * inner, out, out))
    return 1;
  return 0;
}

#define MAXE (170 * 300)

TEST(matmul_ep_bit_identical) {
  static const int64_t Ms[] = {1, 2, 3, 5, 6, 7, 12, 13, 64, 70, 170};
  static const int64_t Ns[] = {1, 3, 8, 10, 15, 16, 17, 33, 40};
  static const int64_t Ks[] = {1, 7, 16, 100, 256, 257, 300};
  static double A[MAXE], B[MAXE], C1[170 * 40], C2[170 * 40], bias[40];
  void *ws = malloc(msrt_gemm_ws_size(2, 40, 300));
  unsigned seed = 11;
  int combo = 0, bad = 0, calls = 0;
  size_t mi, ni, ki;
  int t, d, use_ws;
  for (mi = 0; mi < sizeof Ms / sizeof Ms[0]; mi++)
    for (ni = 0; ni < sizeof Ns / sizeof Ns[0]; ni++)
      for (ki = 0; ki < sizeof Ks / sizeof Ks[0]; ki++)
        for (t = 0; t < 4; t++)
          for (d = 0; d < 2; d++)
            for (use_ws = 0; use_ws < 2; use_ws++, combo++) {
              int64_t M = Ms[mi], N = Ns[ni], K = Ks[ki];
              msrt_dtype dt = d ? MSRT_FLOAT64 : MSRT_FLOAT32;
              size_t es = d ? 8 : 4;
              int ta = t & 1, tb = t >> 1;
              int act = acts[combo % 7];
              int has_bias = (combo / 7) % 2 == 0;
              msrt_epilogue ep;
              if (M * K > MAXE || K * N > MAXE) continue;
              fill(dt, A, M * K, &seed);
              fill(dt, B, K * N, &seed);
              fill(dt, bias, N, &seed);
              if (combo % 13 == 0) put(dt, A, 0, NAN); /* a nan row */
              if (combo % 17 == 0) put(dt, B, K * N - 1, INFINITY);
              if (combo % 5 == 0) put(dt, bias, 0, -0.0);
              ep.bias = has_bias ? bias : NULL;
              ep.act = act;
              memset(C1, 0x5a, sizeof C1);
              memset(C2, 0x5a, sizeof C2);
              if (msrt_matmul(dt, ta, tb, 1, M, N, K, A, 0, B, 0, C1, use_ws ? ws : NULL) ||
                  unfused_tail(dt, M, N, 1, C1, ep.bias, act) ||
                  msrt_matmul_ep(dt, ta, tb, M, N, K, A, B, C2, use_ws ? ws : NULL, &ep)) {
                UNIT_FAIL("error code for M=%lld N=%lld K=%lld", (long long)M, (long long)N,
                          (long long)K);
                continue;
              }
              calls++;
              if (memcmp(C1, C2, (size_t)(M * N) * es) != 0) {
                if (bad++ < 5)
                  UNIT_FAIL("%s ta=%d tb=%d M=%lld N=%lld K=%lld act=%d bias=%d ws=%d differs",
                            d ? "f64" : "f32", ta, tb, (long long)M, (long long)N,
                            (long long)K, act, has_bias, use_ws);
              }
              /* nothing written past C */
              if ((size_t)(M * N) * es < sizeof C2 &&
                  ((unsigned char *)C2)[(size_t)(M * N) * es] != 0x5a)
                bad++;
            }
  ASSERT_INT(0, bad);
  ASSERT(calls > 4000);
  free(ws);
}

/* Every activation on one shape per path, with and without bias. */
TEST(matmul_ep_every_act_every_path) {
  static const int64_t shapes[][3] = {{1, 37, 300}, {64, 40, 300}, {6, 16, 256}, {170, 17, 9}};
  static double A[170 * 300], B[300 * 40], C1[170 * 40], C2[170 * 40], bias[40];
  void *ws = malloc(msrt_gemm_ws_size(170, 40, 300));
  unsigned seed = 3;
  int bad = 0;
  size_t s;
  int a, hb, t, d, use_ws;
  for (s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (a = 0; a < 7; a++)
      for (hb = 0; hb < 2; hb++)
        for (t = 0; t < 4; t++)
          for (d = 0; d < 2; d++)
            for (use_ws = 0; use_ws < 2; use_ws++) {
              int64_t M = shapes[s][0], N = shapes[s][1], K = shapes[s][2];
              msrt_dtype dt = d ? MSRT_FLOAT64 : MSRT_FLOAT32;
              msrt_epilogue ep;
              ep.bias = hb ? bias : NULL;
              ep.act = acts[a];
              fill(dt, A, M * K, &seed);
              fill(dt, B, K * N, &seed);
              fill(dt, bias, N, &seed);
              msrt_matmul(dt, t & 1, t >> 1, 1, M, N, K, A, 0, B, 0, C1, use_ws ? ws : NULL);
              unfused_tail(dt, M, N, 1, C1, ep.bias, ep.act);
              msrt_matmul_ep(dt, t & 1, t >> 1, M, N, K, A, B, C2, use_ws ? ws : NULL, &ep);
              if (memcmp(C1, C2, (size_t)(M * N) * (d ? 8 : 4)) != 0) bad++;
            }
  ASSERT_INT(0, bad);
  free(ws);
}

TEST(matmul_ep_rejects) {
  float A[4] = {1, 2, 3, 4}, C[4];
  int32_t Ai[4] = {1, 2, 3, 4}, Ci[4];
  msrt_epilogue ep = {NULL, MSRT_ISNAN}; /* a predicate: not an activation */
  ASSERT_INT(MSRT_EINVAL, msrt_matmul_ep(MSRT_FLOAT32, 0, 0, 2, 2, 1, A, A, C, NULL, &ep));
  ep.act = MSRT_RELU;
  ASSERT_INT(MSRT_EINVAL, msrt_matmul_ep(MSRT_INT32, 0, 0, 2, 2, 1, Ai, Ai, Ci, NULL, &ep));
  /* no epilogue: plain msrt_matmul, any dtype */
  ASSERT_INT(MSRT_OK, msrt_matmul_ep(MSRT_INT32, 0, 0, 2, 2, 1, Ai, Ai, Ci, NULL, NULL));
  ASSERT(Ci[0] == 1 && Ci[1] == 2 && Ci[2] == 2 && Ci[3] == 4);
  ep.act = MSRT_ACT_NONE;
  ASSERT_INT(MSRT_OK, msrt_matmul_ep(MSRT_INT32, 0, 0, 2, 2, 1, Ai, Ai, Ci, NULL, &ep));
}

/* Hand-checked: [[1, -2], [3, 4]] @ I + [0.5, -10], ReLU, and ReLU6. */
TEST(matmul_ep_by_hand) {
  float A[4] = {1, -2, 3, 4}, I[4] = {1, 0, 0, 1}, b[2] = {0.5f, -10}, C[4];
  float b6[2] = {4, 0};
  msrt_epilogue ep = {b, MSRT_RELU};
  char ws[1024];
  ASSERT_INT(MSRT_OK, msrt_matmul_ep(MSRT_FLOAT32, 0, 0, 2, 2, 2, A, I, C, ws, &ep));
  ASSERT(C[0] == 1.5f && C[1] == 0 && C[2] == 3.5f && C[3] == 0);
  ep.bias = b6;
  ep.act = MSRT_RELU6;
  ASSERT_INT(MSRT_OK, msrt_matmul_ep(MSRT_FLOAT32, 0, 1, 2, 2, 2, A, I, C, NULL, &ep));
  ASSERT(C[0] == 5 && C[1] == 0 && C[2] == 6 && C[3] == 4);
  /* M == 1 */
  ASSERT_INT(MSRT_OK, msrt_matmul_ep(MSRT_FLOAT32, 0, 0, 1, 2, 2, A + 2, I, C, NULL, &ep));
  ASSERT(C[0] == 6 && C[1] == 4);
}

TEST(gemm_ws_size_small) {
  /* one 16 x min(K, 256) panel of doubles + alignment, whatever M and N */
  ASSERT_INT(0, msrt_gemm_ws_size(1, 512, 784));
  ASSERT_INT(0, msrt_gemm_ws_size(0, 512, 784));
  ASSERT_INT(16 * 256 * 8 + 64, msrt_gemm_ws_size(64, 512, 784));
  ASSERT_INT(16 * 256 * 8 + 64, msrt_gemm_ws_size(100000, 100000, 100000));
  ASSERT_INT(16 * 10 * 8 + 64, msrt_gemm_ws_size(2, 3, 10));
}

static int conv_case(msrt_dtype dt, const int64_t *xs, const int64_t *wsh, const int64_t *stride,
                     const int64_t *pad, const int64_t *dil, int64_t group, int act, int hb,
                     unsigned *seed) {
  static double x[2 * 4 * 12 * 12], w[16 * 4 * 3 * 3], o1[2 * 16 * 12 * 12],
      o2[2 * 16 * 12 * 12], bias[16];
  static unsigned char ws[1 << 20];
  int64_t os[4], nx = xs[0] * xs[1] * xs[2] * xs[3], nw = wsh[0] * wsh[1] * wsh[2] * wsh[3], no;
  size_t wsz;
  msrt_epilogue ep;
  os[0] = xs[0];
  os[1] = wsh[0];
  os[2] = (xs[2] + pad[0] + pad[1] - dil[0] * (wsh[2] - 1) - 1) / stride[0] + 1;
  os[3] = (xs[3] + pad[2] + pad[3] - dil[1] * (wsh[3] - 1) - 1) / stride[1] + 1;
  no = os[0] * os[1] * os[2] * os[3];
  wsz = msrt_conv2d_ws_size(dt, xs, wsh, os, group);
  if (wsz > sizeof ws) return 1;
  fill(dt, x, nx, seed);
  fill(dt, w, nw, seed);
  fill(dt, bias, wsh[0], seed);
  ep.bias = hb ? bias : NULL;
  ep.act = act;
  if (msrt_conv2d(dt, xs, wsh, os, stride, pad, dil, group, x, w, o1, ws)) return 1;
  if (unfused_tail(dt, os[0], os[1], os[2] * os[3], o1, ep.bias, act)) return 1;
  if (msrt_conv2d_ep(dt, xs, wsh, os, stride, pad, dil, group, x, w, o2, ws, &ep)) return 1;
  return memcmp(o1, o2, (size_t)no * msrt_dtype_size(dt)) != 0;
}

TEST(conv2d_ep_bit_identical) {
  static const int64_t xss[][4] = {{2, 1, 12, 12}, {1, 4, 9, 7}, {2, 2, 5, 5}};
  static const int64_t wss[][4] = {{6, 1, 3, 3}, {16, 2, 3, 3}, {1, 2, 1, 1}};
  static const int64_t groups[] = {1, 2, 1};
  static const int64_t geo[][8] = {/* stride h w, pad t b l r, dil h w */
                                   {1, 1, 0, 0, 0, 0, 1, 1},
                                   {2, 1, 1, 1, 0, 2, 1, 1},
                                   {1, 1, 1, 0, 1, 0, 2, 1}};
  unsigned seed = 5;
  int bad = 0, c, g, a, hb, d;
  for (c = 0; c < 3; c++)
    for (g = 0; g < 3; g++)
      for (a = 0; a < 7; a++)
        for (hb = 0; hb < 2; hb++)
          for (d = 0; d < 2; d++) {
            const int64_t *ge = geo[g];
            bad += conv_case(d ? MSRT_FLOAT64 : MSRT_FLOAT32, xss[c], wss[c], ge, ge + 2,
                             ge + 6, groups[c], acts[a], hb, &seed);
          }
  ASSERT_INT(0, bad);
}

/* Cin per group 0: the output is act(bias). */
TEST(conv2d_ep_no_input_channels) {
  int64_t xs[4] = {1, 0, 2, 2}, wsh[4] = {2, 0, 1, 1}, os[4] = {1, 2, 2, 2};
  int64_t st[2] = {1, 1}, pad[4] = {0, 0, 0, 0}, dil[2] = {1, 1};
  float out[8], bias[2] = {-1, 7};
  msrt_epilogue ep = {bias, MSRT_RELU6};
  int i;
  ASSERT_INT(MSRT_OK, msrt_conv2d_ep(MSRT_FLOAT32, xs, wsh, os, st, pad, dil, 1, NULL, NULL,
                                     out, NULL, &ep));
  for (i = 0; i < 4; i++) ASSERT(out[i] == 0 && out[4 + i] == 6);
}

UNIT_MAIN()
