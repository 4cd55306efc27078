/* gemv.c — a float32 row vector times a matrix, c = a @ B (1 x K times
 * K x N, B row-major with leading dimension ldb), for the products a
 * graph knows at compile time have one row (codegen/emit.c emits
 * msrt_gemv_f32 for them: a recurrent cell's h @ W, a batch-1 layer).
 *
 * The numbers are gemm.c's: every output is the sequential fused chain
 *     c = 0;  for p = 0, 1, ..., K-1:  c = fmaf(a[p], B[p][j], c)
 * so a graph that calls this computes the bits msrt_matmul computes
 * (PyNative, the reference executor). On a CPU with AVX-512F
 * (msrt_isa() == MSRT_ISA_AVX512) a strip of 128 columns is eight
 * 16-float accumulators, one FMA chain per lane, swept once over p:
 * every weight is loaded once, and eight chains are in flight, enough to
 * cover the FMA latency (gemm.c's M == 1 path keeps 8-float AVX2
 * vectors on every x86 set, so a 128-column product is two sweeps of
 * half the width). Elsewhere, and for products large enough for gemm.c
 * to split over threads, it is msrt_gemm_f32 (the same bits).
 * tests/unit/test_gemv.c checks it bit-exactly against a libm fmaf chain
 * and msrt_gemm_f32.
 *
 * No malloc, no VLAs, no recursion, no workspace. */
#include "msrt.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(MSRT_NO_SIMD)
#define GEMV_X86 1
#include <immintrin.h>
#define GEMV_AVX512 __attribute__((target("avx512f,avx2,fma")))

/* Columns [0, 16 * (NV - 1) + popcount(last)) of a strip: NV vectors of
 * 16 columns, the last loaded and stored under the lane mask `last`
 * (masked-off lanes read nothing and are never stored). Named
 * accumulators, each vector's step spelled out: GCC keeps an array of
 * them in memory. */
#define GV5_STEP(v, s)                                                         \
  if (NV > (v))                                                                \
  s = _mm512_fmadd_ps(x, NV == (v) + 1 ? _mm512_maskz_loadu_ps(last, b + 16 * (v)) \
                                       : _mm512_loadu_ps(b + 16 * (v)), s)
#define GV5_STORE(v, s)                                                        \
  if (NV > (v)) {                                                              \
    if (NV == (v) + 1) _mm512_mask_storeu_ps(c + 16 * (v), last, s);           \
    else _mm512_storeu_ps(c + 16 * (v), s);                                    \
  }
GEMV_AVX512 static inline __attribute__((always_inline)) void
gemv_strip512_f32(const int NV, int64_t K, const float *a, const float *b, int64_t ldb, float *c,
                  __mmask16 last) {
  __m512 s0 = _mm512_setzero_ps(), s1 = s0, s2 = s0, s3 = s0, s4 = s0, s5 = s0, s6 = s0, s7 = s0;
  int64_t p;
  for (p = 0; p < K; p++, b += ldb) {
    const __m512 x = _mm512_set1_ps(a[p]);
    GV5_STEP(0, s0);
    GV5_STEP(1, s1);
    GV5_STEP(2, s2);
    GV5_STEP(3, s3);
    GV5_STEP(4, s4);
    GV5_STEP(5, s5);
    GV5_STEP(6, s6);
    GV5_STEP(7, s7);
  }
  GV5_STORE(0, s0)
  GV5_STORE(1, s1)
  GV5_STORE(2, s2)
  GV5_STORE(3, s3)
  GV5_STORE(4, s4)
  GV5_STORE(5, s5)
  GV5_STORE(6, s6)
  GV5_STORE(7, s7)
}
#undef GV5_STEP
#undef GV5_STORE

GEMV_AVX512 static void gemv_avx512_f32(int64_t N, int64_t K, const float *a, const float *B,
                                        int64_t ldb, float *c) {
  int64_t j0;
  for (j0 = 0; j0 + 128 <= N; j0 += 128)
    gemv_strip512_f32(8, K, a, B + j0, ldb, c + j0, (__mmask16)0xffffu);
  if (j0 < N) {
    const int n = (int)(N - j0), nv = (n + 15) / 16;
    const __mmask16 last = (__mmask16)(0xffffu >> (unsigned)(16 * nv - n));
    switch (nv) {
    case 1: gemv_strip512_f32(1, K, a, B + j0, ldb, c + j0, last); break;
    case 2: gemv_strip512_f32(2, K, a, B + j0, ldb, c + j0, last); break;
    case 3: gemv_strip512_f32(3, K, a, B + j0, ldb, c + j0, last); break;
    case 4: gemv_strip512_f32(4, K, a, B + j0, ldb, c + j0, last); break;
    case 5: gemv_strip512_f32(5, K, a, B + j0, ldb, c + j0, last); break;
    case 6: gemv_strip512_f32(6, K, a, B + j0, ldb, c + j0, last); break;
    case 7: gemv_strip512_f32(7, K, a, B + j0, ldb, c + j0, last); break;
    default: gemv_strip512_f32(8, K, a, B + j0, ldb, c + j0, last); break;
    }
  }
  _mm256_zeroupper();
}
#endif /* GEMV_X86 */

/* gemm.c splits products of at least this many FMAs over threads (its
 * PAR_MIN_FMAS); those stay there. */
#define GEMV_PAR_MIN_FMAS ((int64_t)1 << 20)

int msrt_gemv_f32(int64_t N, int64_t K, const float *a, const float *B, int64_t ldb, float *c) {
  if (N < 0 || K < 0 || ldb < N) return MSRT_EINVAL;
#ifdef GEMV_X86
  if (N > 0 && K > 0 && N * K < GEMV_PAR_MIN_FMAS && msrt_isa() == MSRT_ISA_AVX512) {
    gemv_avx512_f32(N, K, a, B, ldb, c);
    return MSRT_OK;
  }
#endif
  msrt_gemm_f32(0, 0, 1, N, K, 1.0f, a, K, B, ldb, 0.0f, c, N, (void *)0);
  return MSRT_OK;
}

#undef GEMV_PAR_MIN_FMAS
#ifdef GEMV_X86
#undef GEMV_AVX512
#undef GEMV_X86
#endif
