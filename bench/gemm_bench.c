/* gemm_bench.c — GFLOP/s of msrt_gemm_f32 (and f64) on the shapes that
 * matter, beside the core's measured FP32 FMA peak. Part of `make bench`
 * (scripts/bench.sh builds and runs it; never part of `make test`).
 *
 *   gemm_bench [MIN_SECONDS]
 *
 * Output, one line per measurement, whitespace-separated:
 *   peak f32 GFLOPS
 *   gemm f32|f64 NN|NT M K N GFLOPS
 * (shape is M x K times K x N; NT means B is given as N x K, as nn.Dense
 * stores its weight). Each figure is the best of several timed runs of
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

static double bench_f32(int tb, long M, long K, long N, double secs) {
  float *A = malloc(sizeof(float) * (size_t)(M * K));
  float *B = malloc(sizeof(float) * (size_t)(K * N));
  float *C = malloc(sizeof(float) * (size_t)(M * N));
  void *ws = malloc(msrt_gemm_ws_size(M, N, K));
  unsigned seed = 42;
  long reps = 1, i;
  double best = 0, flops = 2.0 * (double)M * (double)N * (double)K;
  int r;
  fill(A, M * K, &seed);
  fill(B, K * N, &seed);
  for (;;) {
    double t = now();
    for (i = 0; i < reps; i++)
      msrt_gemm_f32(0, tb, M, N, K, 1.0f, A, K, B, tb ? K : N, 0.0f, C, N, ws);
    t = now() - t;
    if (t > secs / 10) break;
    reps *= 2;
  }
  for (r = 0; r < 5; r++) {
    double t = now(), g;
    for (i = 0; i < reps; i++)
      msrt_gemm_f32(0, tb, M, N, K, 1.0f, A, K, B, tb ? K : N, 0.0f, C, N, ws);
    t = now() - t;
    g = flops * (double)reps / t * 1e-9;
    if (g > best) best = g;
  }
  sink = C[0];
  free(A); free(B); free(C); free(ws);
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
  double secs = argc > 1 ? atof(argv[1]) : 1.0;
  size_t s;
  int tb;
  if (!have_fma()) printf("# no AVX2+FMA: peak is a portable loop\n");
  printf("peak f32 %.1f\n", peak_gflops(secs));
  for (s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (tb = 0; tb < 2; tb++)
      printf("gemm f32 %s %ld %ld %ld %.1f\n", tb ? "NT" : "NN", shapes[s][0],
             shapes[s][1], shapes[s][2],
             bench_f32(tb, shapes[s][0], shapes[s][1], shapes[s][2], secs));
  printf("gemm f64 NN 512 512 512 %.1f\n", bench_f64(512, 512, 512, secs));
  return 0;
}
