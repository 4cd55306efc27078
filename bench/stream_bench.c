/* stream_bench.c — the weight-streaming floor of the seed MLP's batch-1
 * forward, for `make bench` (scripts/bench.sh builds it like gemm_bench:
 * cc -O2, no -march).
 *
 * A batch-1 forward of 784-512-512-10 does 2 flops per weight, so it is
 * bound by reading the weights: 784*512 + 512 + 512*512 + 512 + 512*10 + 10
 * floats (2.68 MB). This program reads exactly those, once per rep, from six
 * separately allocated 64-byte aligned arrays (the Parameters), summing them
 * with 256-bit loads into 8 independent accumulators (AVX when the CPU has
 * it, SSE2 otherwise), and prints the best time over many reps — warm cache,
 * as in a real forward that runs again and again on the same weights.
 *
 *   stream_bench [SECONDS]   prints "stream f32 FLOATS floats: MICROSECONDS us"
 */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#if defined(__x86_64__)
#include <immintrin.h>
__attribute__((target("avx"), noinline)) static float sum_avx(const float *p, long n) {
  __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0;
  long i = 0;
  for (; i + 64 <= n; i += 64) {
    a0 = _mm256_add_ps(a0, _mm256_load_ps(p + i));
    a1 = _mm256_add_ps(a1, _mm256_load_ps(p + i + 8));
    a2 = _mm256_add_ps(a2, _mm256_load_ps(p + i + 16));
    a3 = _mm256_add_ps(a3, _mm256_load_ps(p + i + 24));
    a4 = _mm256_add_ps(a4, _mm256_load_ps(p + i + 32));
    a5 = _mm256_add_ps(a5, _mm256_load_ps(p + i + 40));
    a6 = _mm256_add_ps(a6, _mm256_load_ps(p + i + 48));
    a7 = _mm256_add_ps(a7, _mm256_load_ps(p + i + 56));
  }
  a0 = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3)),
                     _mm256_add_ps(_mm256_add_ps(a4, a5), _mm256_add_ps(a6, a7)));
  float t[8];
  _mm256_storeu_ps(t, a0);
  float s = t[0] + t[1] + t[2] + t[3] + t[4] + t[5] + t[6] + t[7];
  for (; i < n; i++) s += p[i];
  return s;
}
static int have_avx(void) { return __builtin_cpu_supports("avx"); }
#else
static float sum_avx(const float *p, long n) { (void)p; (void)n; return 0; }
static int have_avx(void) { return 0; }
#endif

__attribute__((noinline)) static float sum_plain(const float *p, long n) {
  float a[16] = {0};
  long i = 0;
  for (; i + 16 <= n; i += 16)
    for (int j = 0; j < 16; j++) a[j] += p[i + j];
  float s = 0;
  for (int j = 0; j < 16; j++) s += a[j];
  for (; i < n; i++) s += p[i];
  return s;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  double secs = argc > 1 ? atof(argv[1]) : 0.5;
  static const long sizes[6] = {784L * 512, 512, 512L * 512, 512, 512L * 10, 10};
  float *w[6];
  long total = 0;
  for (int k = 0; k < 6; k++) {
    {
      void *m = NULL;
      if (posix_memalign(&m, 64, (size_t)(sizes[k] * 4))) return 1;
      w[k] = m;
    }
    for (long i = 0; i < sizes[k]; i++) w[k][i] = (float)((i * 7 + k) % 13) * 0.01f;
    total += sizes[k];
  }
  int avx = have_avx();
  volatile float sink = 0;
  double best = 1e9, t_end = now() + secs;
  long reps = 0;
  while (reps < 50 || now() < t_end) {
    double t0 = now();
    float s = 0;
    for (int k = 0; k < 6; k++) s += avx ? sum_avx(w[k], sizes[k]) : sum_plain(w[k], sizes[k]);
    double t = now() - t0;
    sink += s;
    if (t < best) best = t;
    reps++;
  }
  printf("stream f32 %ld floats: %.2f us (best of %ld reps, %s loads)\n", total, best * 1e6, reps,
         avx ? "256-bit AVX" : "portable");
  for (int k = 0; k < 6; k++) free(w[k]);
  return sink == -1.0f;
}
