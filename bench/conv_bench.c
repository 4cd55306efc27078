/* conv_bench.c — GFLOP/s of msrt_conv2d on LeNet's two convolutions at
 * batch 64 (float32 and float64), checked against a naive loop first.
 * Not part of `make test`. Build and run:
 *   cc -std=c99 -O2 -I. bench/conv_bench.c runtime/nn.c runtime/gemm.c \
 *      runtime/kernels.c runtime/print.c runtime/dtype.c runtime/index.c -lm -o /tmp/conv_bench
 *   /tmp/conv_bench [MIN_SECONDS]
 * Output, one line per shape: conv f32|f64 N Cin H W Cout KH KW GFLOPS
 * (2 * N * Cout * OH * OW * Cin * KH * KW flops per call; best of 5 timed
 * runs), then the same with the fused epilogue (bias + ReLU, as LeNet's
 * Graph mode runs it after fusion, msrt_conv2d_ep): conv+br ...; and the
 * workspace each needs: ws f32|f64 ... BYTES. */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "runtime/msrt.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int naive_check(msrt_dtype dt, const int64_t *xs, const int64_t *wsh, const int64_t *os,
                       const void *x, const void *w, const void *out) {
  int64_t n, co, oh, ow, ci, i, j;
  double maxerr = 0;
  for (n = 0; n < os[0]; n++)
    for (co = 0; co < os[1]; co++)
      for (oh = 0; oh < os[2]; oh++)
        for (ow = 0; ow < os[3]; ow++) {
          double acc = 0, got;
          for (ci = 0; ci < xs[1]; ci++)
            for (i = 0; i < wsh[2]; i++)
              for (j = 0; j < wsh[3]; j++) {
                int64_t xi = ((n * xs[1] + ci) * xs[2] + oh + i) * xs[3] + ow + j;
                int64_t wi = ((co * wsh[1] + ci) * wsh[2] + i) * wsh[3] + j;
                acc += dt == MSRT_FLOAT32 ? (double)((const float *)x)[xi] * ((const float *)w)[wi]
                                          : ((const double *)x)[xi] * ((const double *)w)[wi];
              }
          i = ((n * os[1] + co) * os[2] + oh) * os[3] + ow;
          got = dt == MSRT_FLOAT32 ? ((const float *)out)[i] : ((const double *)out)[i];
          if (fabs(got - acc) > maxerr) maxerr = fabs(got - acc);
        }
  return maxerr < 1e-3;
}

static void bench(msrt_dtype dt, int64_t N, int64_t Cin, int64_t H, int64_t W, int64_t Cout,
                  int64_t K, int fused, double secs) {
  int64_t xs[4] = {N, Cin, H, W}, wsh[4] = {Cout, Cin, K, K};
  int64_t os[4] = {N, Cout, H - K + 1, W - K + 1};
  int64_t stride[2] = {1, 1}, pad[4] = {0, 0, 0, 0}, dil[2] = {1, 1};
  size_t es = msrt_dtype_size(dt), nx = (size_t)(N * Cin * H * W), nw = (size_t)(Cout * Cin * K * K);
  size_t no = (size_t)(os[0] * os[1] * os[2] * os[3]), i, wsz;
  void *x = malloc(nx * es), *w = malloc(nw * es), *out = malloc(no * es), *ws;
  void *bias = calloc((size_t)Cout, es);
  msrt_epilogue ep;
  double flops = 2.0 * (double)no * (double)(Cin * K * K), best = 0;
  int r;
  for (i = 0; i < nx; i++) {
    double v = (double)((i * 7919) % 1000) / 500.0 - 1.0;
    if (dt == MSRT_FLOAT32) ((float *)x)[i] = (float)v; else ((double *)x)[i] = v;
  }
  for (i = 0; i < nw; i++) {
    double v = (double)((i * 104729) % 1000) / 500.0 - 1.0;
    if (dt == MSRT_FLOAT32) ((float *)w)[i] = (float)v; else ((double *)w)[i] = v;
  }
  wsz = msrt_conv2d_ws_size(dt, xs, wsh, os, 1);
  ws = malloc(wsz + 64);
  ep.bias = bias; /* zeros: the naive check still holds after ReLU below */
  ep.act = MSRT_ACT_NONE;
  msrt_conv2d(dt, xs, wsh, os, stride, pad, dil, 1, x, w, out, ws);
  if (!naive_check(dt, xs, wsh, os, x, w, out)) {
    printf("conv %s: WRONG RESULT\n", dt == MSRT_FLOAT32 ? "f32" : "f64");
    exit(1);
  }
  for (r = 0; r < 5; r++) {
    long calls = 0;
    double t0 = now(), t;
    do {
      if (fused) {
        ep.act = MSRT_RELU;
        msrt_conv2d_ep(dt, xs, wsh, os, stride, pad, dil, 1, x, w, out, ws, &ep);
      } else {
        msrt_conv2d(dt, xs, wsh, os, stride, pad, dil, 1, x, w, out, ws);
      }
      calls++;
      t = now() - t0;
    } while (t < secs / 5);
    if (flops * (double)calls / t / 1e9 > best) best = flops * (double)calls / t / 1e9;
  }
  if (!fused)
    printf("ws %s %lld %lld %lld %lld %lld %lld %lld %lu\n", dt == MSRT_FLOAT32 ? "f32" : "f64",
           (long long)N, (long long)Cin, (long long)H, (long long)W, (long long)Cout,
           (long long)K, (long long)K, (unsigned long)wsz);
  printf("conv%s %s %lld %lld %lld %lld %lld %lld %lld %.2f\n", fused ? "+br" : "",
         dt == MSRT_FLOAT32 ? "f32" : "f64",
         (long long)N, (long long)Cin, (long long)H, (long long)W, (long long)Cout, (long long)K,
         (long long)K, best);
  free(x);
  free(w);
  free(out);
  free(ws);
  free(bias);
}

int main(int argc, char **argv) {
  double secs = argc > 1 ? atof(argv[1]) : 1.0;
  int fused;
  for (fused = 0; fused < 2; fused++) {
    bench(MSRT_FLOAT32, 64, 1, 32, 32, 6, 5, fused, secs);
    bench(MSRT_FLOAT32, 64, 6, 14, 14, 16, 5, fused, secs);
  }
  bench(MSRT_FLOAT64, 64, 1, 32, 32, 6, 5, 0, secs);
  bench(MSRT_FLOAT64, 64, 6, 14, 14, 16, 5, 0, secs);
  return 0;
}
