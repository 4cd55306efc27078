/* gemm_bench.c — GFLOP/s of msrt_gemm_f32 (and f64) on the shapes that
 * matter, beside the core's measured FP32 FMA peak. Part of `make bench`
 * (scripts/bench.sh builds and runs it; never part of `make test`).
 *
 *   gemm_bench [MIN_SECONDS]
 *   gemm_bench peak [MIN_SECONDS]   the peak lines alone (scripts/bench_refs.py
 *                                   runs it between its references' runs)
 *
 * Output, one line per measurement, whitespace-separated:
 *   peak f32 w128|w256|w512 GFLOPS   (each vector width the CPU has)
 *   peak f32 GFLOPS                  (the widest)
 *   gemm f32|f64 NN|NT|TN[+b|+br][p] M K N GFLOPS [OPENBLAS_GFLOPS]
 *   mlp f32 NN|NT BATCH GFLOPS MICROSECONDS
 * (shape is M x K times K x N; NT means B is given as N x K, as nn.Dense
 * stores its weight, TN that A is given as K x M (dW = dY^T X); p: B
 * packed once beforehand, as a constant weight; +b adds a bias and +br a bias then ReLU, fused into
 * the GEMM by msrt_gemm_ep_f32 as Graph mode's fused MatMul+BiasAdd+ReLU
 * does). "mlp" is the seed MLP 784-512-512-10 forward as Graph mode runs
 * it after fusion (three msrt_matmul_ep calls, ReLU on the first two);
 * the batch-1 floor (reading the weights once) is bench/stream_bench.c's.
 * OPENBLAS_GFLOPS (float32 rows, when Debian's OpenBLAS can be dlopen'ed):
 * cblas_sgemm on the same operands in the same process, its batches
 * interleaved with msc's (the B operand as is: OpenBLAS packs it per call;
 * +b/+br rows add the bias (and ReLU) in a plain loop after it, as a
 * hand-written C layer does); run it with OPENBLAS_NUM_THREADS=1 and the
 * OPENBLAS_CORETYPE scripts/bench_refs.py chose. Its core name is printed
 * as "blas core NAME". No Python between the timer and the kernel, so
 * the skinny layers (N = 10: a few microseconds) compare kernel to kernel.
 * Each figure is the best over short batches of calls (each at least
 * 20 us; for MIN_SECONDS / 5 in all), and the peak the best of short
 * bursts: on a shared machine the minimum is the figure a preemption did
 * not inflate, for the peak and the GEMM alike. */
#define _POSIX_C_SOURCE 199309L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "runtime/msrt.h"
#include "ref/blas_dl.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Peak, per vector width the CPU has: 12 independent chains of FMAs
 * (enough to cover the FMA latency on two ports) on 128-bit (xmm), 256-bit
 * (ymm, AVX2+FMA) and 512-bit (zmm, AVX-512F) registers. Without AVX2+FMA,
 * a portable multiply-add loop. "% of peak" in `make bench` uses the
 * widest. */
/* Read inside the loop functions so the compiler cannot treat them as pure
 * and reuse one call's result for the next. */
static volatile float mult = 0.999999f;

#define FMA_CHAINS(V, SET1, FMADD, ADD, STORE, W)                               \
  V a0 = SET1(1.0f), a1 = SET1(1.1f), a2 = SET1(1.2f), a3 = SET1(1.3f);        \
  V a4 = SET1(1.4f), a5 = SET1(1.5f), a6 = SET1(1.6f), a7 = SET1(1.7f);        \
  V a8 = SET1(1.8f), a9 = SET1(1.9f), a10 = SET1(2.0f), a11 = SET1(2.1f);      \
  V m = SET1(mult), c = SET1(1e-6f);                                           \
  float out[W];                                                                \
  long i;                                                                      \
  for (i = 0; i < n; i++) {                                                    \
    a0 = FMADD(a0, m, c); a1 = FMADD(a1, m, c); a2 = FMADD(a2, m, c);          \
    a3 = FMADD(a3, m, c); a4 = FMADD(a4, m, c); a5 = FMADD(a5, m, c);          \
    a6 = FMADD(a6, m, c); a7 = FMADD(a7, m, c); a8 = FMADD(a8, m, c);          \
    a9 = FMADD(a9, m, c); a10 = FMADD(a10, m, c); a11 = FMADD(a11, m, c);      \
  }                                                                            \
  a0 = ADD(ADD(ADD(a0, a1), ADD(a2, a3)), ADD(ADD(a4, a5), ADD(a6, a7)));      \
  a0 = ADD(a0, ADD(ADD(a8, a9), ADD(a10, a11)));                               \
  STORE(out, a0);                                                              \
  return out[0];

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
__attribute__((target("avx2,fma"), noinline)) static float fma_loop_128(long n) {
  FMA_CHAINS(__m128, _mm_set1_ps, _mm_fmadd_ps, _mm_add_ps, _mm_storeu_ps, 4)
}
__attribute__((target("avx2,fma"), noinline)) static float fma_loop_256(long n) {
  FMA_CHAINS(__m256, _mm256_set1_ps, _mm256_fmadd_ps, _mm256_add_ps, _mm256_storeu_ps, 8)
}
__attribute__((target("avx512f"), noinline)) static float fma_loop_512(long n) {
  FMA_CHAINS(__m512, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_add_ps, _mm512_storeu_ps, 16)
}
static int have_fma(void) {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
static int have_avx512(void) { return __builtin_cpu_supports("avx512f"); }
#else
static float fma_loop_port(long n) {
  float a[16], m = mult, c = 1e-6f, s = 0;
  long i;
  int j;
  for (j = 0; j < 16; j++) a[j] = 1.0f;
  for (i = 0; i < n; i++)
    for (j = 0; j < 16; j++) a[j] = a[j] * m + c;
  for (j = 0; j < 16; j++) s += a[j];
  return s;
}
static int have_fma(void) { return 0; }
#endif

static volatile float sink;

/* GFLOP/s of fma_loop: lanes floats per FMA, 12 FMAs per iteration. */
static double peak_gflops(float (*fma_loop)(long), double lanes, double secs) {
  const double flops_per_iter = 12.0 * lanes * 2;
  long n = 1000;
  double best = 0, t0;
  for (;;) { /* calibrate: bursts of about 100 us */
    double t = now();
    sink = fma_loop(n);
    t = now() - t;
    if (t > 100e-6) break;
    n *= 2;
  }
  t0 = now();
  do {
    double t = now(), g;
    sink = fma_loop(n);
    t = now() - t;
    g = flops_per_iter * (double)n / t * 1e-9;
    if (g > best) best = g;
  } while (now() - t0 < secs);
  return best;
}


static void fill(float *p, long n, unsigned *seed) {
  long i;
  for (i = 0; i < n; i++) {
    *seed = *seed * 1103515245u + 12345u;
    p[i] = (float)((*seed >> 8) & 0xffff) / 65536.0f - 0.5f;
  }
}

/* op(A) [M, K] op(B) [K, N]; ep: 0 none, 1 bias, 2 bias + ReLU; packed:
 * B packed once beforehand (msrt_gemm_pack_b_f32, a constant weight). */
static void gemm_call(int ta, int tb, int packed, long M, long K, long N, const float *A,
                      const float *B, const float *Bp, float *C, void *ws,
                      const msrt_epilogue *e) {
  if (packed < 0) { /* OpenBLAS, then the epilogue in a plain loop */
    long i, j;
    blas_sgemm(RowMajor, ta ? Trans : NoTrans, tb ? Trans : NoTrans, (int)M, (int)N, (int)K, 1.0f,
               A, ta ? (int)M : (int)K, B, tb ? (int)K : (int)N, 0.0f, C, (int)N);
    if (e)
      for (i = 0; i < M; i++)
        for (j = 0; j < N; j++) {
          float v = C[i * N + j] + ((const float *)e->bias)[j];
          C[i * N + j] = e->act == MSRT_RELU && v < 0 ? 0.0f : v;
        }
  } else if (packed)
    msrt_gemm_packed_ep_f32(ta, M, N, K, A, ta ? M : K, Bp, 0, C, N, e, 0);
  else
    msrt_gemm_ep_f32(ta, tb, M, N, K, 1.0f, A, ta ? M : K, B, tb ? K : N, 0.0f, C, N, ws, e, 0);
}

/* GFLOP/s of msc's call (and in *blas, of OpenBLAS's when loaded). */
static double bench_f32(int ta, int tb, int ep, int packed, long M, long K, long N,
                        double secs, double *blas) {
  float *A = malloc(sizeof(float) * (size_t)(M * K));
  float *B = malloc(sizeof(float) * (size_t)(K * N));
  float *C = malloc(sizeof(float) * (size_t)(M * N));
  float *bias = malloc(sizeof(float) * (size_t)N);
  float *Bp = malloc(sizeof(float) * (size_t)(K * N));
  void *ws = malloc(msrt_gemm_ws_size(M, N, K) + 1);
  msrt_epilogue e;
  unsigned seed = 42;
  long reps = 1, i;
  double best = 0, bbest = 0, flops = 2.0 * (double)M * (double)N * (double)K, t0;
  int who;
  fill(A, M * K, &seed);
  fill(B, K * N, &seed);
  fill(bias, N, &seed);
  e.bias = bias;
  e.act = ep == 2 ? MSRT_RELU : MSRT_ACT_NONE;
  msrt_gemm_pack_b_f32(tb, K, N, B, tb ? K : N, Bp);
  for (;;) { /* batches of at least 20 us */
    double t = now();
    for (i = 0; i < reps; i++)
      gemm_call(ta, tb, packed, M, K, N, A, B, Bp, C, ws, ep ? &e : NULL);
    t = now() - t;
    if (t > 20e-6) break;
    reps *= 2;
  }
  t0 = now();
  do { /* msc's batch, then OpenBLAS's, alternately */
    for (who = 0; who < (blas && blas_sgemm ? 2 : 1); who++) {
      double t = now(), g;
      for (i = 0; i < reps; i++)
        gemm_call(ta, tb, who ? -1 : packed, M, K, N, A, B, Bp, C, ws, ep ? &e : NULL);
      t = now() - t;
      g = flops * (double)reps / t * 1e-9;
      if (who == 0 && g > best) best = g;
      if (who == 1 && g > bbest) bbest = g;
    }
  } while (now() - t0 < secs / 5);
  if (blas) *blas = bbest;
  sink = C[0];
  free(A); free(B); free(C); free(bias); free(Bp); free(ws);
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
  /* the MLP's layers as Graph mode calls them after fusion: forward NT
   * with bias (+ReLU), B as is or packed ahead of time ("p"), and the
   * backward products: dW = dY^T X (TN), dX = dY W (NN) */
  static const long ep_shapes[][7] = {/* M K N ta tb ep packed */
                                      {64, 784, 512, 0, 1, 2, 0}, {64, 512, 512, 0, 1, 2, 0},
                                      {64, 512, 10, 0, 1, 1, 0},  {1, 784, 512, 0, 1, 2, 0},
                                      {64, 784, 512, 0, 0, 2, 0}, {64, 784, 512, 0, 1, 2, 1},
                                      {64, 512, 512, 0, 1, 2, 1}, {64, 512, 10, 0, 1, 1, 1},
                                      {512, 64, 784, 1, 0, 0, 0}, {512, 64, 512, 1, 0, 0, 0},
                                      {10, 64, 512, 1, 0, 0, 0},  {64, 512, 784, 0, 0, 0, 0},
                                      {64, 10, 512, 0, 0, 0, 0}};
  static const char *ep_names[3] = {"", "+b", "+br"};
  int peak_only = argc > 1 && argv[1][0] == 'p';
  double secs = argc > 1 + peak_only ? atof(argv[1 + peak_only]) : 1.0, mflops;
  long nw = 784 * 512 + 512 * 512 + 512 * 10;
  size_t s;
  int tb, batch;
  double widest, bg;
  const char *core;
#if defined(__x86_64__) && defined(__GNUC__)
  if (have_fma()) {
    printf("peak f32 w128 %.1f\n", peak_gflops(fma_loop_128, 4, secs));
    printf("peak f32 w256 %.1f\n", widest = peak_gflops(fma_loop_256, 8, secs));
    if (have_avx512()) printf("peak f32 w512 %.1f\n", widest = peak_gflops(fma_loop_512, 16, secs));
    else printf("# no AVX-512F: no 512-bit peak\n");
  } else {
    printf("# no AVX2+FMA: no FMA peak\n");
    widest = 1;
  }
#else
  printf("# not x86-64: peak is a portable multiply-add loop (16 lanes)\n");
  widest = peak_gflops(fma_loop_port, 16.0 / 12.0, secs);
#endif
  printf("peak f32 %.1f\n", widest);
  if (peak_only) return 0;
  core = load_blas();
  if (core) printf("blas core %s\n", core);
  else printf("# no OpenBLAS (libopenblas.so.0): no OPENBLAS_GFLOPS column\n");
  for (s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    for (tb = 0; tb < 2; tb++) {
      double g = bench_f32(0, tb, 0, 0, shapes[s][0], shapes[s][1], shapes[s][2], secs, &bg);
      printf("gemm f32 %s %ld %ld %ld %.1f", tb ? "NT" : "NN", shapes[s][0], shapes[s][1],
             shapes[s][2], g);
      if (core) printf(" %.1f", bg);
      printf("\n");
    }
  for (s = 0; s < sizeof ep_shapes / sizeof ep_shapes[0]; s++) {
    double g = bench_f32((int)ep_shapes[s][3], (int)ep_shapes[s][4], (int)ep_shapes[s][5],
                         (int)ep_shapes[s][6], ep_shapes[s][0], ep_shapes[s][1], ep_shapes[s][2],
                         secs, &bg);
    printf("gemm f32 %s%s%s%s %ld %ld %ld %.1f", ep_shapes[s][3] ? "T" : "N",
           ep_shapes[s][4] ? "T" : "N", ep_names[ep_shapes[s][5]], ep_shapes[s][6] ? "p" : "",
           ep_shapes[s][0], ep_shapes[s][1], ep_shapes[s][2], g);
    if (core) printf(" %.1f", bg);
    printf("\n");
  }
  printf("gemm f64 NN 512 512 512 %.1f\n", bench_f64(512, 512, 512, secs));
  for (batch = 64; batch >= 1; batch -= 63)
    for (tb = 1; tb >= 0; tb--) {
      double t = bench_mlp(tb, batch, secs);
      mflops = 2.0 * (double)batch * (double)nw;
      printf("mlp f32 %s %d %.1f %.1f\n", tb ? "NT" : "NN", batch, mflops / t * 1e-9, t * 1e6);
    }
  return 0;
}
