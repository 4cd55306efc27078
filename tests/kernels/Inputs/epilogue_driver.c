/* epilogue_driver.c — for epilogue_numpy.py: runs msrt_matmul_ep and
 * msrt_conv2d_ep on deterministic inputs and writes every case to stdout
 * (little-endian): i64 header[8] = {kind (0 matmul, 1 conv), dtype size,
 * act, has_bias, then M N K ta tb (matmul) or N Cin H W Cout KH KW
 * (conv, with i64[8] more: stride h w, pad t b l r, dil h w)}, then the
 * inputs and the output as raw arrays. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/msrt.h"

static unsigned seed = 12345;

static void fill(int es, void *p, int64_t n) {
  int64_t i;
  for (i = 0; i < n; i++) {
    double v;
    seed = seed * 1103515245u + 12345u;
    v = (double)((seed >> 8) & 0xffff) / 65536.0 * 6.0 - 3.0;
    if (es == 4) ((float *)p)[i] = (float)v;
    else ((double *)p)[i] = v;
  }
}

static void put(const void *p, size_t n) {
  if (fwrite(p, 1, n, stdout) != n) exit(2);
}

static const int acts[7] = {MSRT_ACT_NONE, MSRT_RELU, MSRT_RELU6, MSRT_SIGMOID,
                            MSRT_TANH, MSRT_GELU, MSRT_SILU};

static int matmul_case(int es, int act, int hb, int64_t M, int64_t N, int64_t K, int ta,
                       int tb) {
  size_t sa = (size_t)(M * K) * (size_t)es, sb = (size_t)(K * N) * (size_t)es;
  size_t sc = (size_t)(M * N) * (size_t)es, sbias = (size_t)N * (size_t)es;
  void *A = malloc(sa + 1), *B = malloc(sb + 1), *C = malloc(sc + 1), *bias = malloc(sbias + 1);
  void *ws = malloc(msrt_gemm_ws_size(M, N, K) + 1);
  msrt_epilogue ep;
  int64_t h[16] = {0};
  int rc;
  fill(es, A, M * K);
  fill(es, B, K * N);
  fill(es, bias, N);
  ep.bias = hb ? bias : NULL;
  ep.act = act;
  rc = msrt_matmul_ep(es == 4 ? MSRT_FLOAT32 : MSRT_FLOAT64, ta, tb, M, N, K, A, B, C, ws, &ep);
  h[0] = 0; h[1] = es; h[2] = act; h[3] = hb;
  h[4] = M; h[5] = N; h[6] = K; h[7] = ta; h[8] = tb;
  put(h, sizeof h);
  put(A, sa);
  put(B, sb);
  put(bias, sbias);
  put(C, sc);
  free(A); free(B); free(C); free(bias); free(ws);
  return rc;
}

static int conv_case(int es, int act, int hb, const int64_t *xs, const int64_t *wsh,
                     const int64_t *geo) {
  int64_t os[4], h[16] = {0};
  size_t sx, sw, so, sbias, wsz;
  void *x, *w, *o, *bias, *ws;
  msrt_epilogue ep;
  int rc, i;
  os[0] = xs[0];
  os[1] = wsh[0];
  os[2] = (xs[2] + geo[2] + geo[3] - geo[6] * (wsh[2] - 1) - 1) / geo[0] + 1;
  os[3] = (xs[3] + geo[4] + geo[5] - geo[7] * (wsh[3] - 1) - 1) / geo[1] + 1;
  sx = (size_t)(xs[0] * xs[1] * xs[2] * xs[3]) * (size_t)es;
  sw = (size_t)(wsh[0] * wsh[1] * wsh[2] * wsh[3]) * (size_t)es;
  so = (size_t)(os[0] * os[1] * os[2] * os[3]) * (size_t)es;
  sbias = (size_t)wsh[0] * (size_t)es;
  wsz = msrt_conv2d_ws_size(es == 4 ? MSRT_FLOAT32 : MSRT_FLOAT64, xs, wsh, os, 1);
  x = malloc(sx); w = malloc(sw); o = malloc(so); bias = malloc(sbias); ws = malloc(wsz + 64);
  fill(es, x, (int64_t)sx / es);
  fill(es, w, (int64_t)sw / es);
  fill(es, bias, wsh[0]);
  ep.bias = hb ? bias : NULL;
  ep.act = act;
  rc = msrt_conv2d_ep(es == 4 ? MSRT_FLOAT32 : MSRT_FLOAT64, xs, wsh, os, geo, geo + 2, geo + 6,
                      1, x, w, o, ws, &ep);
  h[0] = 1; h[1] = es; h[2] = act; h[3] = hb;
  for (i = 0; i < 4; i++) h[4 + i] = xs[i];
  for (i = 0; i < 4; i++) h[8 + i] = wsh[i];
  put(h, sizeof h);
  put(geo, 8 * sizeof(int64_t));
  put(x, sx); put(w, sw); put(bias, sbias); put(o, so);
  free(x); free(w); free(o); free(bias); free(ws);
  return rc;
}

int main(void) {
  static const int64_t mm[][5] = {{64, 40, 300, 0, 1}, {1, 33, 100, 0, 1}, {1, 20, 17, 0, 0},
                                  {7, 17, 9, 1, 0},    {13, 16, 257, 1, 1}, {200, 5, 30, 0, 0}};
  static const int64_t xs[][4] = {{2, 1, 12, 12}, {1, 3, 8, 9}};
  static const int64_t wsh[][4] = {{6, 1, 5, 5}, {4, 3, 3, 3}};
  static const int64_t geo[][8] = {{1, 1, 0, 0, 0, 0, 1, 1}, {2, 1, 1, 1, 2, 0, 1, 2}};
  size_t s;
  int a, d, c, bad = 0;
  for (d = 0; d < 2; d++)
    for (a = 0; a < 7; a++) {
      for (s = 0; s < sizeof mm / sizeof mm[0]; s++)
        bad |= matmul_case(d ? 8 : 4, acts[a], (int)((s + (size_t)a) % 3 != 0), mm[s][0],
                           mm[s][1], mm[s][2], (int)mm[s][3], (int)mm[s][4]);
      for (c = 0; c < 2; c++) bad |= conv_case(d ? 8 : 4, acts[a], (a + c) % 3 != 0, xs[c], wsh[c], geo[c]);
    }
  return bad ? 1 : 0;
}
