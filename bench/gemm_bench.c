/* gemm_bench.c — GFLOP/s of msrt_gemm_f32 (and f64) on the shapes that
 * matter, beside the core's measured FP32 FMA peak. Part of `make bench`
 * (scripts/bench.sh builds and runs it; never part of `make test`).
 *
 *   gemm_bench [MIN_SECONDS]
 *
 * Output, one line per measurement, whitespace-separated:
 *   peak f32 GFLOPS
 *   gemm f32|f64 NN|NT|NN+br|NT+br|NT+b M K N GFLOPS
 *   mlp f32 NN|NT BATCH GFLOPS MICROSECONDS
 * (shape is M x K times K x N; NT means B is given as N x K, as nn.Dense
 * stores its weight; +b adds a bias and +br a bias then ReLU, fused into
 * the GEMM by msrt_gemm_ep_f32 as Graph mode's fused MatMul+BiasAdd+ReLU
 * does). "mlp" is the seed MLP 784-512-512-10 forward as Graph mode runs
 * it after fusion (three msrt_matmul_ep calls, ReLU on the first two);
 * the batch-1 floor (reading the weights once) is bench/stream_bench.c's.
 * Each figure is the best of several timed runs of
 * enough calls to last MIN_SECONDS / 5. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "runtime/msrt.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Peak: 12 independent chains of 8-wide FMAs (enough to cover the FMA
 * latency on two ports). Without AVX2+FMA, a portable multiply-add loop. */
/* Read inside the loop functions so the compiler cannot treat them as pure
 * and reuse one call's result for the next. */
static volatile float mult = 0.999999f;

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
__attribute__((target("avx2,fma"), noinline)) static float fma_loop(long n) {
  /* distinct starting values, so the compiler cannot merge the chains */
  __m256 a0 = _mm256_set1_ps(1.0f), a1 = _mm256_set1_ps(1.1f),
         a2 = _mm256_set1_ps(1.2f), a3 = _mm256_set1_ps(1.3f),
         a4 = _mm256_set1_ps(1.4f), a5 = _mm256_set1_ps(1.5f),
         a6 = _mm256_set1_ps(1.6f), a7 = _mm256_set1_ps(1.7f),
         a8 = _mm256_set1_ps(1.8f), a9 = _mm256_set1_ps(1.9f),
         a10 = _mm256_set1_ps(2.0f), a11 = _mm256_set1_ps(2.1f);
  __m256 m = _mm256_set1_ps(mult), c = _mm256_set1_ps(1e-6f);
  float out[8];
  long i;
  for (i = 0; i < n; i++) {
    a0 = _mm256_fmadd_ps(a0, m, c); a1 = _mm256_fmadd_ps(a1, m, c);
    a2 = _mm256_fmadd_ps(a2, m, c); a3 = _mm256_fmadd_ps(a3, m, c);
    a4 = _mm256_fmadd_ps(a4, m, c); a5 = _mm256_fmadd_ps(a5, m, c);
    a6 = _mm256_fmadd_ps(a6, m, c); a7 = _mm256_fmadd_ps(a7, m, c);
    a8 = _mm256_fmadd_ps(a8, m, c); a9 = _mm256_fmadd_ps(a9, m, c);
    a10 = _mm256_fmadd_ps(a10, m, c); a11 = _mm256_fmadd_ps(a11, m, c);
  }
  a0 = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3)),
                     _mm256_add_ps(_mm256_add_ps(a4, a5), _mm256_add_ps(a6, a7)));
  a0 = _mm256_add_ps(a0, _mm256_add_ps(_mm256_add_ps(a8, a9), _mm256_add_ps(a10, a11)));
  _mm256_storeu_ps(out, a0);
  return out[0];
}
static int have_fma(void) {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#define FLOPS_PER_ITER (12.0 * 8 * 2)
#else
static float fma_loop(long n) {
  float a[16], m = mult, c = 1e-6f, s = 0;
  long i;
  int j;
  for (j = 0; j < 16; j++) a[j] = 1.0f;
  for (i = 0; i < n; i++)
    for (j = 0; j < 16; j++) a[j] = a[j] * m + c;
  for (j = 0; j < 16; j++) s += a[j];
  return s;
}
static int have_fma(void) { return 1; }
#define FLOPS_PER_ITER (16.0 * 2)
#endif

static volatile float sink;

static double peak_gflops(double secs) {
  long n = 1000000;
  double best = 0;
  int r;
  for (;;) { /* calibrate */
    double t = now();
    sink = fma_loop(n);
    t = now() - t;
    if (t > secs / 10) break;
    n *= 2;
  }
  for (r = 0; r < 5; r++) {
    double t = now(), g;
    sink = fma_loop(n);
    t = now() - t;
    g = FLOPS_PER_ITER * (double)n / t * 1e-9;
    if (g > best) best = g;
  }
  return best;
}

static void fill(float *p, long n, unsigned *seed) {
  long i;
  for (i = 0; i < n; i++) {
    *seed = *seed * 1103515245u + 12345u;
    p[i] = (float)((*seed >> 8) & 0xffff) / 65536.0f - 0.5f;
  }
}

/* ep: 0 none, 1 bias, 2 bias + ReLU */
static double bench_f32(int tb, int ep, long M, long K, long N, double secs) {
  float *A = malloc(sizeof(float) * (size_t)(M * K));
  float *B = malloc(sizeof(float) * (size_t)(K * N));
  float *C = malloc(sizeof(float) * (size_t)(M * N));
  float *bias = malloc(sizeof(float) * (size_t)N);
  void *ws = malloc(msrt_gemm_ws_size(M, N, K) + 1);
  msrt_epilogue e;
  unsigned seed = 42;
  long reps = 1, i;
  double best = 0, flops = 2.0 * (double)M * (double)N * (double)K;
  int r;
  fill(A, M * K, &seed);
  fill(B, K * N, &seed);
  fill(bias, N, &seed);
  e.bias = bias;
  e.act = ep == 2 ? MSRT_RELU : MSRT_ACT_NONE;
  for (;;) {
    double t = now();
    for (i = 0; i < reps; i++)
      msrt_gemm_ep_f32(0, tb, M, N, K, 1.0f, A, K, B, tb ? K : N, 0.0f, C, N, ws,
                       ep ? &e : NULL, 0);
    t = now() - t;
    if (t > secs / 10) break;
    reps *= 2;
  }
  for (r = 0; r < 5; r++) {
    double t = now(), g;
    for (i = 0; i < reps; i++)
      msrt_gemm_ep_f32(0, tb, M, N, K, 1.0f, A, K, B, tb ? K : N, 0.0f, C, N, ws,
                       ep ? &e : NULL, 0);
    t = now() - t;
    g = flops * (double)reps / t * 1e-9;
    if (g > best) best = g;
  }
  sink = C[0];
  free(A); free(B); free(C); free(bias); free(ws);
  return best;
}

/* The seed MLP forward at batch M: x[M,784] -> 512 (ReLU) -> 512 (ReLU)
 * -> 10, weights [out, in] (NT, as nn.Dense and Graph mode's Parameters)
 * or [in, out] (NN, as the layout pass leaves frozen constants). Returns
 * the best time of one forward in seconds. */
static double bench_mlp(int tb, long M, double secs) {
  static const long dims[4] = {784, 512, 512, 10};
  float *w[3], *b[3], *h[4];
  void *ws = malloc(msrt_gemm_ws_size(M, 512, 784) + 1);
  unsigned seed = 7;
  long reps = 1, i;
  double best = 1e30;
  int l, r;
  for (l = 0; l < 3; l++) {
    w[l] = malloc(sizeof(float) * (size_t)(dims[l] * dims[l + 1]));
    b[l] = malloc(sizeof(float) * (size_t)dims[l + 1]);
    fill(w[l], dims[l] * dims[l + 1], &seed);
    fill(b[l], dims[l + 1], &seed);
  }
  for (l = 0; l < 4; l++) h[l] = malloc(sizeof(float) * (size_t)(M * dims[l]));
  fill(h[0], M * 784, &seed);
  for (r = -1; r < 5; r++) {
    double t;
    if (r == -1) { /* calibrate */
      for (;;) {
        t = now();
        for (i = 0; i < reps; i++)
          for (l = 0; l < 3; l++) {
            msrt_epilogue e;
            e.bias = b[l];
            e.act = l < 2 ? MSRT_RELU : MSRT_ACT_NONE;
            msrt_matmul_ep(MSRT_FLOAT32, 0, tb, M, dims[l + 1], dims[l], h[l], w[l], h[l + 1],
                           ws, &e);
          }
        t = now() - t;
        if (t > secs / 10) break;
        reps *= 2;
      }
      continue;
    }
    t = now();
    for (i = 0; i < reps; i++)
      for (l = 0; l < 3; l++) {
        msrt_epilogue e;
        e.bias = b[l];
        e.act = l < 2 ? MSRT_RELU : MSRT_ACT_NONE;
        msrt_matmul_ep(MSRT_FLOAT32, 0, tb, M, dims[l + 1], dims[l], h[l], w[l], h[l + 1], ws,
                       &e);
      }
    t = (now() - t) / (double)reps;
    if (t < best) best = t;
  }
  sink = h[3][0];
  for (l = 0; l < 3; l++) { free(w[l]); free(b[l]); }
  for (l = 0; l < 4; l++) free(h[l]);
  free(ws);
  return best;
}

static double bench_f64(long M, long K, long N, double secs) {
  double *A = malloc(sizeof(double) * (size_t)(M * K));
  double *B = malloc(sizeof(double) * (size_t)(K * N));
  double *C = malloc(sizeof(double) * (size_t)(M * N));
  void *ws = malloc(msrt_gemm_ws_size(M, N, K));
  long reps = 1, i;
  double best = 0, flops = 2.0 * (double)M * (double)N * (double)K;
  int r;
  for (i = 0; i < M * K; i++) A[i] = (double)(i % 17) / 17.0 - 0.5;
  for (i = 0; i < K * N; i++) B[i] = (double)(i % 13) / 13.0 - 0.5;
  for (;;) {
    double t = now();
    for (i = 0; i < reps; i++)
      msrt_gemm_f64(0, 0, M, N, K, 1.0, A, K, B, N, 0.0, C, N, ws);
    t = now() - t;
    if (t > secs / 10) break;
    reps *= 2;
  }
  for (r = 0; r < 5; r++) {
    double t = now(), g;
    for (i = 0; i < reps; i++)
      msrt_gemm_f64(0, 0, M, N, K, 1.0, A, K, B, N, 0.0, C, N, ws);
    t = now() - t;
    g = flops * (double)reps / t * 1e-9;
    if (g > best) best = g;
  }
  sink = (float)C[0];
  free(A); free(B); free(C); free(ws);
  return best;
}

int main(int argc, char **argv) {
  static const long shapes[][3] = {
      {64, 784, 512}, {64, 512, 512}, {1, 784, 512}, {512, 512, 512}};
  /* the MLP's layers as Graph mode calls them after fusion */
  static const long ep_shapes[][5] = {/* M K N tb ep */
                                      {64, 784, 512, 1, 2}, {64, 512, 512, 1, 2},
                                      {64, 512, 10, 1, 1},  {1, 784, 512, 1, 2},
                                      {64, 784, 512, 0, 2}};
  static const char *ep_names[3] = {"", "+b", "+br"};
  double secs = argc > 1 ? atof(argv[1]) : 1.0, mflops;
  long nw = 784 * 512 + 512 * 512 + 512 * 10;
  size_t s;
  int tb, batch;
  if (!have_fma()) printf("# no AVX2+FMA: peak is a portable loop\n");
  printf("peak f32 %.1f\n", peak_gflops(secs));
  for (s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (tb = 0; tb < 2; tb++)
      printf("gemm f32 %s %ld %ld %ld %.1f\n", tb ? "NT" : "NN", shapes[s][0],
             shapes[s][1], shapes[s][2],
             bench_f32(tb, 0, shapes[s][0], shapes[s][1], shapes[s][2], secs));
  for (s = 0; s < sizeof ep_shapes / sizeof ep_shapes[0]; s++)
    printf("gemm f32 %s%s %ld %ld %ld %.1f\n", ep_shapes[s][3] ? "NT" : "NN",
           ep_names[ep_shapes[s][4]], ep_shapes[s][0], ep_shapes[s][1], ep_shapes[s][2],
           bench_f32((int)ep_shapes[s][3], (int)ep_shapes[s][4], ep_shapes[s][0],
                     ep_shapes[s][1], ep_shapes[s][2], secs));
  printf("gemm f64 NN 512 512 512 %.1f\n", bench_f64(512, 512, 512, secs));
  for (batch = 64; batch >= 1; batch -= 63)
    for (tb = 1; tb >= 0; tb--) {
      double t = bench_mlp(tb, batch, secs);
      mflops = 2.0 * (double)batch * (double)nw;
      printf("mlp f32 %s %d %.1f %.1f\n", tb ? "NT" : "NN", batch, mflops / t * 1e-9, t * 1e6);
    }
  return 0;
}
