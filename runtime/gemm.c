/* gemm.c — matrix multiplication for eager mode and generated C.
 *
 * msrt_gemm_f32 / msrt_gemm_f64 follow BLIS (Van Zee & van de Geijn):
 *   for jc in N by NC:                    B block  [kc x nc]  -> L3
 *     for pc in K by KC:  pack B into NR-column micro-panels
 *       for ic in M by MC:  pack A into MR-row micro-panels   -> L2
 *         for jr in nc by NR:                  B micro-panel  -> L1
 *           for ir in mc by MR:  micro-kernel: C[MR x NR] += A panel * B panel
 * The micro-kernel keeps its MR x NR accumulators in registers and walks
 * the two packed panels with unit stride; packing pads the panels with
 * zeros to whole tiles, so only the write-back knows about edge tiles.
 * Transposed operands are handled by the packing routines alone.
 *
 * Two kernel sets share that driver:
 *   - generic C (4x8 float, 4x4 double): local accumulator arrays with
 *     constant bounds that gcc/clang turn into registers and vectorise for
 *     whatever target they compile for;
 *   - on x86-64 with GCC or clang, an AVX2+FMA set (6x16 float, 6x8
 *     double micro-kernels; float packing with vector copies and 8x8
 *     in-register transposes) compiled with __attribute__((target)) and
 *     chosen at run time with __builtin_cpu_supports, so msc's plain -O2
 *     build reaches the core's FMA peak. arm-none-eabi and other targets
 *     never see it. AVX code calls back into the generic (SSE-encoded)
 *     helpers only after _mm256_zeroupper(), which avoids the AVX/SSE
 *     transition penalty.
 *
 * Matrices with a single row (M == 1, a vector-matrix product) skip the
 * packing: streaming B once is all the work there is. On the AVX2 path,
 * float matrices with at most MC_MAX rows (one L2 block of A: the MLP at
 * batch 64) take gemm_smallm_avx2_f32 instead: A read in place, B copied
 * one 16-column panel at a time into L1 and used for all of M at once
 * (see there).
 *
 * Summation order differs from a naive loop (k is split into blocks of at
 * most KC_MAX, and the AVX2 path fuses multiply-adds): results agree with
 * any other order within the usual K * eps * |A||B| bound.
 *
 * msrt_matmul batches these for float32/float64 and has plain loops for
 * the other dtypes: float16 accumulates in float and rounds once, as
 * numpy's matmul does; integers wrap (unsigned arithmetic); bool is an OR
 * of ANDs.
 *
 * No malloc (the packed panels live in the caller's ws), no VLAs, no
 * recursion. */
#include "msrt.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define GEMM_X86 1
#include <immintrin.h>
#endif

/* ===================================================================
 * blocking
 * =================================================================== */

/* Upper bounds of the blocking over every kernel set; msrt_gemm_ws_size
 * sizes the workspace with them. */
#define KC_MAX 256
#define MC_MAX 168 /* a multiple of every MR */
#define NC_MAX 4080 /* a multiple of every NR */
#define MR_LCM 12
#define NR_LCM 16
#define WS_ALIGN 64

typedef struct {
  int mr, nr;   /* register tile */
  int64_t mc;   /* rows of A per L2 block (multiple of mr) */
  int64_t kc;   /* depth per block */
  int64_t nc;   /* columns of B per L3 block (multiple of nr) */
} Blocking;

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t round_up(int64_t x, int64_t m) { return (x + m - 1) / m * m; }

/* Splits n into ceil(n / cap) nearly equal blocks (rounded up to `mult`)
 * so that K = 784 becomes 4 x 196 rather than 3 x 256 + 16. */
static int64_t balanced(int64_t n, int64_t cap, int64_t mult) {
  int64_t nb = (n + cap - 1) / cap, b;
  if (nb < 1) nb = 1;
  b = round_up((n + nb - 1) / nb, mult);
  return b < cap ? b : cap;
}

size_t msrt_gemm_ws_size(int64_t M, int64_t N, int64_t K) {
  int64_t mc, nc, kc;
  if (M <= 0 || N <= 0 || K <= 0) return WS_ALIGN;
  mc = min64(round_up(M, MR_LCM), MC_MAX);
  nc = min64(round_up(N, NR_LCM), NC_MAX);
  kc = min64(K, KC_MAX);
  return (size_t)((mc * kc + kc * nc) * 8 + 2 * WS_ALIGN);
}

static void *align_ws(void *ws) {
  uintptr_t p = (uintptr_t)ws;
  p = (p + (WS_ALIGN - 1)) & ~(uintptr_t)(WS_ALIGN - 1);
  return (void *)p;
}

/* ===================================================================
 * the driver, once per element type
 * ===================================================================
 * GEMM_DEFINE(T, SUF) defines, for element type T:
 *   pack_a_SUF, pack_b_SUF          packing into zero-padded panels
 *   ukernel_generic_SUF             the portable micro-kernel
 *   gemm_blocked_SUF                the five loops around a micro-kernel
 *   gemm_simple_SUF                 ws == NULL: a plain i-k-j loop
 *   gemv_SUF                        M == 1 without packing
 *
 * A micro-kernel computes, for packed panels pa [kc][mr] and pb [kc][nr],
 *   C[0:m, 0:n] = alpha * (pa^T pb)[0:m, 0:n] + beta * C[0:m, 0:n]
 * where beta == 0 means C is not read (as in BLAS). */

#define GEN_MR_f32 4
#define GEN_NR_f32 8
#define GEN_MR_f64 4
#define GEN_NR_f64 4

#define GEMM_DEFINE(T, SUF)                                                    \
  typedef void (*ukernel_##SUF)(int64_t kc, const T *pa, const T *pb, T *c,    \
                                int64_t ldc, int m, int n, T alpha, T beta);   \
  typedef void (*packa_##SUF)(int transa, const T *A, int64_t lda, int64_t i0, \
                              int64_t mc, int64_t p0, int64_t kc, int mr,      \
                              T *dst);                                         \
  typedef void (*packb_##SUF)(int transb, const T *B, int64_t ldb, int64_t p0, \
                              int64_t kc, int64_t j0, int64_t nc, int nr,      \
                              T *dst);                                         \
  typedef struct {                                                             \
    ukernel_##SUF uk;                                                          \
    packa_##SUF pack_a;                                                        \
    packb_##SUF pack_b;                                                        \
  } Ops_##SUF;                                                                 \
                                                                               \
  /* A(i, p) = transa ? A[p*lda + i] : A[i*lda + p] */                       \
  static void pack_a_##SUF(int transa, const T *A, int64_t lda, int64_t i0,    \
                           int64_t mc, int64_t p0, int64_t kc, int mr, T *dst) \
  {                                                                            \
    int64_t ir, p;                                                             \
    int i;                                                                     \
    for (ir = 0; ir < mc; ir += mr) {                                          \
      int m = (int)min64(mr, mc - ir);                                         \
      if (transa) {                                                            \
        const T *src = A + p0 * lda + i0 + ir;                                 \
        for (p = 0; p < kc; p++) {                                             \
          for (i = 0; i < m; i++) dst[i] = src[i];                             \
          for (; i < mr; i++) dst[i] = 0;                                      \
          src += lda;                                                          \
          dst += mr;                                                           \
        }                                                                      \
      } else {                                                                 \
        const T *src = A + (i0 + ir) * lda + p0;                               \
        for (p = 0; p < kc; p++) {                                             \
          for (i = 0; i < m; i++) dst[i] = src[i * lda + p];                   \
          for (; i < mr; i++) dst[i] = 0;                                      \
          dst += mr;                                                           \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  }                                                                            \
                                                                               \
  /* B(p, j) = transb ? B[j*ldb + p] : B[p*ldb + j] */                       \
  static void pack_b_##SUF(int transb, const T *B, int64_t ldb, int64_t p0,    \
                           int64_t kc, int64_t j0, int64_t nc, int nr, T *dst) \
  {                                                                            \
    int64_t jr, p;                                                             \
    int j;                                                                     \
    for (jr = 0; jr < nc; jr += nr) {                                          \
      int n = (int)min64(nr, nc - jr);                                         \
      if (!transb) {                                                           \
        const T *src = B + p0 * ldb + j0 + jr;                                 \
        if (n == 16 && nr == 16) {                                             \
          for (p = 0; p < kc; p++, src += ldb, dst += 16)                      \
            for (j = 0; j < 16; j++) dst[j] = src[j];                          \
        } else if (n == 8 && nr == 8) {                                        \
          for (p = 0; p < kc; p++, src += ldb, dst += 8)                       \
            for (j = 0; j < 8; j++) dst[j] = src[j];                           \
        } else if (n == 4 && nr == 4) {                                        \
          for (p = 0; p < kc; p++, src += ldb, dst += 4)                       \
            for (j = 0; j < 4; j++) dst[j] = src[j];                           \
        } else {                                                               \
          for (p = 0; p < kc; p++) {                                           \
            for (j = 0; j < n; j++) dst[j] = src[j];                           \
            for (; j < nr; j++) dst[j] = 0;                                    \
            src += ldb;                                                        \
            dst += nr;                                                         \
          }                                                                    \
        }                                                                      \
      } else {                                                                 \
        const T *src = B + (j0 + jr) * ldb + p0;                               \
        for (p = 0; p < kc; p++) {                                             \
          for (j = 0; j < n; j++) dst[j] = src[j * ldb + p];                   \
          for (; j < nr; j++) dst[j] = 0;                                      \
          dst += nr;                                                           \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  }                                                                            \
                                                                               \
  /* Writes an mr x nr tile held in acc (row-major, stride nr) to C. */       \
  static void store_tile_##SUF(const T *acc, int accn, T *c, int64_t ldc,      \
                               int m, int n, T alpha, T beta) {                \
    int i, j;                                                                  \
    for (i = 0; i < m; i++) {                                                  \
      T *ci = c + i * ldc;                                                     \
      const T *ai = acc + i * accn;                                            \
      if (beta == 0)                                                           \
        for (j = 0; j < n; j++) ci[j] = alpha * ai[j];                         \
      else if (beta == 1)                                                      \
        for (j = 0; j < n; j++) ci[j] += alpha * ai[j];                        \
      else                                                                     \
        for (j = 0; j < n; j++) ci[j] = alpha * ai[j] + beta * ci[j];          \
    }                                                                          \
  }                                                                            \
                                                                               \
  static void ukernel_generic_##SUF(int64_t kc, const T *pa, const T *pb,      \
                                    T *c, int64_t ldc, int m, int n, T alpha,  \
                                    T beta) {                                  \
    enum { MR = GEN_MR_##SUF, NR = GEN_NR_##SUF };                             \
    T acc[MR * NR];                                                            \
    int64_t p;                                                                 \
    int i, j;                                                                  \
    for (i = 0; i < MR * NR; i++) acc[i] = 0;                                  \
    for (p = 0; p < kc; p++) {                                                 \
      for (i = 0; i < MR; i++) {                                               \
        T a = pa[i];                                                           \
        for (j = 0; j < NR; j++) acc[i * NR + j] += a * pb[j];                 \
      }                                                                        \
      pa += MR;                                                                \
      pb += NR;                                                                \
    }                                                                          \
    store_tile_##SUF(acc, NR, c, ldc, m, n, alpha, beta);                      \
  }                                                                            \
                                                                               \
  static void gemm_blocked_##SUF(const Blocking *bk, const Ops_##SUF *ops,     \
                                 int transa, int transb, int64_t M, int64_t N, \
                                 int64_t K, T alpha, const T *A, int64_t lda,  \
                                 const T *B, int64_t ldb, T beta, T *C,        \
                                 int64_t ldc, void *ws) {                      \
    const int mr = bk->mr, nr = bk->nr;                                        \
    const int64_t kcb = balanced(K, bk->kc, 1);                                \
    const int64_t mcb = balanced(M, bk->mc, mr);                               \
    const int64_t ncb = balanced(N, bk->nc, nr);                               \
    T *pb = (T *)align_ws(ws);                                                 \
    T *pa = pb + round_up(kcb * ncb, WS_ALIGN / (int64_t)sizeof(T));           \
    int64_t jc, pc, ic, jr, ir;                                                \
    for (jc = 0; jc < N; jc += ncb) {                                          \
      int64_t nc = min64(ncb, N - jc);                                         \
      for (pc = 0; pc < K; pc += kcb) {                                        \
        int64_t kc = min64(kcb, K - pc);                                       \
        T bt = pc == 0 ? beta : (T)1;                                          \
        ops->pack_b(transb, B, ldb, pc, kc, jc, nc, nr, pb);                   \
        for (ic = 0; ic < M; ic += mcb) {                                      \
          int64_t mc = min64(mcb, M - ic);                                     \
          ops->pack_a(transa, A, lda, ic, mc, pc, kc, mr, pa);                 \
          for (jr = 0; jr < nc; jr += nr) {                                    \
            int n = (int)min64(nr, nc - jr);                                   \
            for (ir = 0; ir < mc; ir += mr) {                                  \
              int m = (int)min64(mr, mc - ir);                                 \
              ops->uk(kc, pa + ir * kc, pb + jr * kc,                          \
                 C + (ic + ir) * ldc + jc + jr, ldc, m, n, alpha, bt);         \
            }                                                                  \
          }                                                                    \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  }                                                                            \
                                                                               \
  /* C = beta * C (beta == 0: zeros, C not read). */                          \
  static void scale_c_##SUF(int64_t M, int64_t N, T beta, T *C, int64_t ldc) { \
    int64_t i, j;                                                              \
    for (i = 0; i < M; i++) {                                                  \
      T *ci = C + i * ldc;                                                     \
      if (beta == 0)                                                           \
        for (j = 0; j < N; j++) ci[j] = 0;                                     \
      else if (beta != 1)                                                      \
        for (j = 0; j < N; j++) ci[j] *= beta;                                 \
    }                                                                          \
  }                                                                            \
                                                                               \
  /* ws == NULL: C = beta*C first, then i-k-j (unit stride in B and C when   \
   * B is not transposed; the inner loop vectorises). */                      \
  static void gemm_simple_##SUF(int transa, int transb, int64_t M, int64_t N,  \
                                int64_t K, T alpha, const T *A, int64_t lda,   \
                                const T *B, int64_t ldb, T beta, T *C,         \
                                int64_t ldc) {                                 \
    int64_t i, j, p;                                                           \
    scale_c_##SUF(M, N, beta, C, ldc);                                         \
    for (i = 0; i < M; i++) {                                                  \
      T *ci = C + i * ldc;                                                     \
      for (p = 0; p < K; p++) {                                                \
        T a = alpha * (transa ? A[p * lda + i] : A[i * lda + p]);              \
        if (!transb) {                                                         \
          const T *bp = B + p * ldb;                                           \
          for (j = 0; j < N; j++) ci[j] += a * bp[j];                          \
        } else {                                                               \
          for (j = 0; j < N; j++) ci[j] += a * B[j * ldb + p];                 \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  }

GEMM_DEFINE(float, f32)
GEMM_DEFINE(double, f64)

/* ===================================================================
 * vector-matrix products (M == 1) without packing
 * ===================================================================
 * c[j] = alpha * sum_p a[p] * B(p, j) + beta * c[j]. For B not transposed
 * the rows of B stream through GEMV_NB column accumulators; for B
 * transposed every c[j] is a dot product of two contiguous vectors. */
#define GEMV_NB 64
#define GEMV_DEFINE(T, SUF)                                                    \
  static void gemv_##SUF(int transb, int64_t N, int64_t K, T alpha,            \
                         const T *a, int64_t inca, const T *B, int64_t ldb,    \
                         T beta, T *c) {                                       \
    int64_t j0, p;                                                             \
    int j;                                                                     \
    if (!transb) {                                                             \
      for (j0 = 0; j0 < N; j0 += GEMV_NB) {                                    \
        T acc[GEMV_NB];                                                        \
        int nb = (int)min64(GEMV_NB, N - j0);                                  \
        for (j = 0; j < GEMV_NB; j++) acc[j] = 0;                              \
        if (nb == GEMV_NB) {                                                   \
          for (p = 0; p < K; p++) {                                            \
            const T *bp = B + p * ldb + j0;                                    \
            T ap = a[p * inca];                                                \
            for (j = 0; j < GEMV_NB; j++) acc[j] += ap * bp[j];                \
          }                                                                    \
        } else {                                                               \
          for (p = 0; p < K; p++) {                                            \
            const T *bp = B + p * ldb + j0;                                    \
            T ap = a[p * inca];                                                \
            for (j = 0; j < nb; j++) acc[j] += ap * bp[j];                     \
          }                                                                    \
        }                                                                      \
        store_tile_##SUF(acc, GEMV_NB, c + j0, 0, 1, nb, alpha, beta);         \
      }                                                                        \
    } else {                                                                   \
      for (j0 = 0; j0 < N; j0++) {                                             \
        const T *bj = B + j0 * ldb;                                            \
        T s[8] = {0, 0, 0, 0, 0, 0, 0, 0}, t;                                  \
        p = 0;                                                                 \
        if (inca == 1)                                                         \
          for (; p + 8 <= K; p += 8)                                           \
            for (j = 0; j < 8; j++) s[j] += a[p + j] * bj[p + j];              \
        for (; p < K; p++) s[0] += a[p * inca] * bj[p];                        \
        t = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7])); \
        store_tile_##SUF(&t, 1, c + j0, 0, 1, 1, alpha, beta);                 \
      }                                                                        \
    }                                                                          \
  }

GEMV_DEFINE(float, f32)
GEMV_DEFINE(double, f64)

/* ===================================================================
 * x86-64: AVX2 + FMA micro-kernels
 * =================================================================== */
#ifdef GEMM_X86
#define AVX2 __attribute__((target("avx2,fma")))

static int cpu_avx2_fma = -1;

static int have_avx2_fma(void) {
  if (cpu_avx2_fma < 0)
    cpu_avx2_fma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return cpu_avx2_fma;
}

/* One row i of the tile: C[i, 0:16] (two vectors) from r0, r1. */
#define ST_ROW_F32(i, r0, r1)                                                  \
  do {                                                                         \
    float *ci = c + (i) * ldc;                                                 \
    if (beta == 0) {                                                           \
      _mm256_storeu_ps(ci, _mm256_mul_ps(va, r0));                             \
      _mm256_storeu_ps(ci + 8, _mm256_mul_ps(va, r1));                         \
    } else if (beta == 1) {                                                    \
      _mm256_storeu_ps(ci, _mm256_fmadd_ps(va, r0, _mm256_loadu_ps(ci)));      \
      _mm256_storeu_ps(ci + 8,                                                 \
                       _mm256_fmadd_ps(va, r1, _mm256_loadu_ps(ci + 8)));      \
    } else {                                                                   \
      _mm256_storeu_ps(ci, _mm256_fmadd_ps(va, r0,                             \
                             _mm256_mul_ps(vb, _mm256_loadu_ps(ci))));         \
      _mm256_storeu_ps(ci + 8, _mm256_fmadd_ps(va, r1,                         \
                             _mm256_mul_ps(vb, _mm256_loadu_ps(ci + 8))));     \
    }                                                                          \
  } while (0)

#define FMA_ROW_F32(i)                                                         \
  do {                                                                         \
    __m256 ai = _mm256_broadcast_ss(pa + (i));                                 \
    c##i##0 = _mm256_fmadd_ps(ai, b0, c##i##0);                                \
    c##i##1 = _mm256_fmadd_ps(ai, b1, c##i##1);                                \
  } while (0)

#define STEP_F32()                                                             \
  do {                                                                         \
    __m256 b0 = _mm256_load_ps(pb), b1 = _mm256_load_ps(pb + 8);               \
    FMA_ROW_F32(0); FMA_ROW_F32(1); FMA_ROW_F32(2);                            \
    FMA_ROW_F32(3); FMA_ROW_F32(4); FMA_ROW_F32(5);                            \
    pa += 6;                                                                   \
    pb += 16;                                                                  \
  } while (0)

AVX2 static void ukernel_avx2_f32(int64_t kc, const float *pa,
                                  const float *pb, float *c, int64_t ldc,
                                  int m, int n, float alpha, float beta) {
  __m256 c00 = _mm256_setzero_ps(), c01 = _mm256_setzero_ps();
  __m256 c10 = _mm256_setzero_ps(), c11 = _mm256_setzero_ps();
  __m256 c20 = _mm256_setzero_ps(), c21 = _mm256_setzero_ps();
  __m256 c30 = _mm256_setzero_ps(), c31 = _mm256_setzero_ps();
  __m256 c40 = _mm256_setzero_ps(), c41 = _mm256_setzero_ps();
  __m256 c50 = _mm256_setzero_ps(), c51 = _mm256_setzero_ps();
  __m256 va = _mm256_set1_ps(alpha), vb = _mm256_set1_ps(beta);
  int64_t p = kc;
  for (; p >= 4; p -= 4) {
    _mm_prefetch((const char *)(pb + 64 * 4), _MM_HINT_T0);
    STEP_F32();
    STEP_F32();
    _mm_prefetch((const char *)(pb + 64 * 4 - 32), _MM_HINT_T0);
    STEP_F32();
    STEP_F32();
  }
  for (; p > 0; p--) STEP_F32();
  if (m == 6 && n == 16) {
    ST_ROW_F32(0, c00, c01);
    ST_ROW_F32(1, c10, c11);
    ST_ROW_F32(2, c20, c21);
    ST_ROW_F32(3, c30, c31);
    ST_ROW_F32(4, c40, c41);
    ST_ROW_F32(5, c50, c51);
  } else {
    float acc[6 * 16];
    _mm256_storeu_ps(acc + 0, c00); _mm256_storeu_ps(acc + 8, c01);
    _mm256_storeu_ps(acc + 16, c10); _mm256_storeu_ps(acc + 24, c11);
    _mm256_storeu_ps(acc + 32, c20); _mm256_storeu_ps(acc + 40, c21);
    _mm256_storeu_ps(acc + 48, c30); _mm256_storeu_ps(acc + 56, c31);
    _mm256_storeu_ps(acc + 64, c40); _mm256_storeu_ps(acc + 72, c41);
    _mm256_storeu_ps(acc + 80, c50); _mm256_storeu_ps(acc + 88, c51);
    _mm256_zeroupper(); /* store_tile is SSE code: avoid the transition */
    store_tile_f32(acc, 16, c, ldc, m, n, alpha, beta);
  }
}

#define ST_ROW_F64(i, r0, r1)                                                  \
  do {                                                                         \
    double *ci = c + (i) * ldc;                                                \
    if (beta == 0) {                                                           \
      _mm256_storeu_pd(ci, _mm256_mul_pd(va, r0));                             \
      _mm256_storeu_pd(ci + 4, _mm256_mul_pd(va, r1));                         \
    } else if (beta == 1) {                                                    \
      _mm256_storeu_pd(ci, _mm256_fmadd_pd(va, r0, _mm256_loadu_pd(ci)));      \
      _mm256_storeu_pd(ci + 4,                                                 \
                       _mm256_fmadd_pd(va, r1, _mm256_loadu_pd(ci + 4)));      \
    } else {                                                                   \
      _mm256_storeu_pd(ci, _mm256_fmadd_pd(va, r0,                             \
                             _mm256_mul_pd(vb, _mm256_loadu_pd(ci))));         \
      _mm256_storeu_pd(ci + 4, _mm256_fmadd_pd(va, r1,                         \
                             _mm256_mul_pd(vb, _mm256_loadu_pd(ci + 4))));     \
    }                                                                          \
  } while (0)

#define FMA_ROW_F64(i)                                                         \
  do {                                                                         \
    __m256d ai = _mm256_broadcast_sd(pa + (i));                                \
    c##i##0 = _mm256_fmadd_pd(ai, b0, c##i##0);                                \
    c##i##1 = _mm256_fmadd_pd(ai, b1, c##i##1);                                \
  } while (0)

#define STEP_F64()                                                             \
  do {                                                                         \
    __m256d b0 = _mm256_load_pd(pb), b1 = _mm256_load_pd(pb + 4);             \
    FMA_ROW_F64(0); FMA_ROW_F64(1); FMA_ROW_F64(2);                            \
    FMA_ROW_F64(3); FMA_ROW_F64(4); FMA_ROW_F64(5);                            \
    pa += 6;                                                                   \
    pb += 8;                                                                   \
  } while (0)

AVX2 static void ukernel_avx2_f64(int64_t kc, const double *pa,
                                  const double *pb, double *c, int64_t ldc,
                                  int m, int n, double alpha, double beta) {
  __m256d c00 = _mm256_setzero_pd(), c01 = _mm256_setzero_pd();
  __m256d c10 = _mm256_setzero_pd(), c11 = _mm256_setzero_pd();
  __m256d c20 = _mm256_setzero_pd(), c21 = _mm256_setzero_pd();
  __m256d c30 = _mm256_setzero_pd(), c31 = _mm256_setzero_pd();
  __m256d c40 = _mm256_setzero_pd(), c41 = _mm256_setzero_pd();
  __m256d c50 = _mm256_setzero_pd(), c51 = _mm256_setzero_pd();
  __m256d va = _mm256_set1_pd(alpha), vb = _mm256_set1_pd(beta);
  int64_t p = kc;
  for (; p >= 4; p -= 4) {
    _mm_prefetch((const char *)(pb + 32 * 4), _MM_HINT_T0);
    STEP_F64();
    STEP_F64();
    _mm_prefetch((const char *)(pb + 32 * 4 - 16), _MM_HINT_T0);
    STEP_F64();
    STEP_F64();
  }
  for (; p > 0; p--) STEP_F64();
  if (m == 6 && n == 8) {
    ST_ROW_F64(0, c00, c01);
    ST_ROW_F64(1, c10, c11);
    ST_ROW_F64(2, c20, c21);
    ST_ROW_F64(3, c30, c31);
    ST_ROW_F64(4, c40, c41);
    ST_ROW_F64(5, c50, c51);
  } else {
    double acc[6 * 8];
    _mm256_storeu_pd(acc + 0, c00); _mm256_storeu_pd(acc + 4, c01);
    _mm256_storeu_pd(acc + 8, c10); _mm256_storeu_pd(acc + 12, c11);
    _mm256_storeu_pd(acc + 16, c20); _mm256_storeu_pd(acc + 20, c21);
    _mm256_storeu_pd(acc + 24, c30); _mm256_storeu_pd(acc + 28, c31);
    _mm256_storeu_pd(acc + 32, c40); _mm256_storeu_pd(acc + 36, c41);
    _mm256_storeu_pd(acc + 40, c50); _mm256_storeu_pd(acc + 44, c51);
    _mm256_zeroupper();
    store_tile_f64(acc, 8, c, ldc, m, n, alpha, beta);
  }
}

/* In-register transpose of an 8x8 block: r[i] holds row i on entry and
 * column i on exit. */
#define TRANSPOSE8(r)                                                          \
  do {                                                                         \
    __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]); \
    __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]); \
    __m256 t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]); \
    __m256 t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]); \
    __m256 s0 = _mm256_shuffle_ps(t0, t2, 0x44), s1 = _mm256_shuffle_ps(t0, t2, 0xee); \
    __m256 s2 = _mm256_shuffle_ps(t1, t3, 0x44), s3 = _mm256_shuffle_ps(t1, t3, 0xee); \
    __m256 s4 = _mm256_shuffle_ps(t4, t6, 0x44), s5 = _mm256_shuffle_ps(t4, t6, 0xee); \
    __m256 s6 = _mm256_shuffle_ps(t5, t7, 0x44), s7 = _mm256_shuffle_ps(t5, t7, 0xee); \
    r[0] = _mm256_permute2f128_ps(s0, s4, 0x20);                               \
    r[1] = _mm256_permute2f128_ps(s1, s5, 0x20);                               \
    r[2] = _mm256_permute2f128_ps(s2, s6, 0x20);                               \
    r[3] = _mm256_permute2f128_ps(s3, s7, 0x20);                               \
    r[4] = _mm256_permute2f128_ps(s0, s4, 0x31);                               \
    r[5] = _mm256_permute2f128_ps(s1, s5, 0x31);                               \
    r[6] = _mm256_permute2f128_ps(s2, s6, 0x31);                               \
    r[7] = _mm256_permute2f128_ps(s3, s7, 0x31);                               \
  } while (0)

/* B panels of 16 columns: vector copies (B as is) or 8x8 transposes (B
 * transposed: column j of op(B) is row j of B). Partial panels and the
 * kc % 8 tail go through the generic packer. */
AVX2 static void pack_b_avx2_f32(int transb, const float *B, int64_t ldb,
                                 int64_t p0, int64_t kc, int64_t j0, int64_t nc,
                                 int nr, float *dst) {
  int64_t jr, p;
  for (jr = 0; jr + 16 <= nc; jr += 16) {
    float *d = dst + jr * kc;
    if (!transb) {
      const float *src = B + p0 * ldb + j0 + jr;
      for (p = 0; p < kc; p++, src += ldb, d += 16) {
        _mm256_store_ps(d, _mm256_loadu_ps(src));
        _mm256_store_ps(d + 8, _mm256_loadu_ps(src + 8));
      }
    } else {
      const float *src = B + (j0 + jr) * ldb + p0;
      for (p = 0; p + 8 <= kc; p += 8) {
        __m256 r[8], q[8];
        int i;
        for (i = 0; i < 8; i++) r[i] = _mm256_loadu_ps(src + i * ldb + p);
        for (i = 0; i < 8; i++) q[i] = _mm256_loadu_ps(src + (i + 8) * ldb + p);
        TRANSPOSE8(r);
        TRANSPOSE8(q);
        for (i = 0; i < 8; i++) {
          _mm256_store_ps(d + (p + i) * 16, r[i]);
          _mm256_store_ps(d + (p + i) * 16 + 8, q[i]);
        }
      }
      for (; p < kc; p++) {
        int j;
        for (j = 0; j < 16; j++) d[p * 16 + j] = src[j * ldb + p];
      }
    }
  }
  _mm256_zeroupper();
  if (jr < nc) pack_b_f32(transb, B, ldb, p0, kc, j0 + jr, nc - jr, nr, dst + jr * kc);
}

/* A panels of 6 rows: A as is needs a transpose (8x8 with two rows
 * repeated, 6 lanes stored); A transposed is 6 contiguous floats a step. */
AVX2 static void pack_a_avx2_f32(int transa, const float *A, int64_t lda,
                                 int64_t i0, int64_t mc, int64_t p0, int64_t kc,
                                 int mr, float *dst) {
  int64_t ir, p;
  for (ir = 0; ir + 6 <= mc; ir += 6) {
    float *d = dst + ir * kc;
    if (!transa) {
      const float *src = A + (i0 + ir) * lda + p0;
      for (p = 0; p + 8 <= kc; p += 8) {
        __m256 r[8];
        int i;
        for (i = 0; i < 6; i++) r[i] = _mm256_loadu_ps(src + i * lda + p);
        r[6] = r[4];
        r[7] = r[5];
        TRANSPOSE8(r);
        for (i = 0; i < 8; i++) {
          _mm_storeu_ps(d + (p + i) * 6, _mm256_castps256_ps128(r[i]));
          _mm_storel_pi((__m64 *)(void *)(d + (p + i) * 6 + 4),
                        _mm256_extractf128_ps(r[i], 1));
        }
      }
      for (; p < kc; p++) {
        int i;
        for (i = 0; i < 6; i++) d[p * 6 + i] = src[i * lda + p];
      }
    } else {
      const float *src = A + p0 * lda + i0 + ir;
      for (p = 0; p < kc; p++, src += lda, d += 6) {
        _mm_storeu_ps(d, _mm_loadu_ps(src));
        d[4] = src[4];
        d[5] = src[5];
      }
    }
  }
  _mm256_zeroupper();
  if (ir < mc) pack_a_f32(transa, A, lda, i0 + ir, mc - ir, p0, kc, mr, dst + ir * kc);
}

/* Small M (one MC block of rows, e.g. the MLP at batch 64): B is reused
 * only M / 6 times, so packing it into a whole [kc x nc] block and reading
 * that back from L2 costs as much as the FMAs save. Instead, per depth
 * block: A is read in place (A as is: row i of a tile is a unit-stride
 * stream) or packed once (A transposed); then for each 16-column panel of
 * B, the panel is copied once into an L1-sized buffer (NN: two vector
 * copies a row; NT: 8x8 transposes) and used for every row tile of M
 * before moving on. Row tiles are 6 high, with a kernel of exactly the
 * remaining height (1-5) for the last rows, so M = 64 wastes no FMAs.
 *
 * smk_f32 computes C[0:m, 0:n] (=, +=) alpha * A(0:MR, 0:kc) * panel with
 * A(i, p) = a[i * ars + p * acs] and the panel [kc][16]; MR is a constant
 * after inlining. */
#define SMK_ROW(i)                                                             \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      __m256 ai = _mm256_broadcast_ss(a + (i) * ars);                          \
      c##i##0 = _mm256_fmadd_ps(ai, b0, c##i##0);                              \
      c##i##1 = _mm256_fmadd_ps(ai, b1, c##i##1);                              \
    }                                                                          \
  } while (0)

#define SMK_STEP()                                                             \
  do {                                                                         \
    __m256 b0 = _mm256_load_ps(pb), b1 = _mm256_load_ps(pb + 8);               \
    SMK_ROW(0); SMK_ROW(1); SMK_ROW(2);                                        \
    SMK_ROW(3); SMK_ROW(4); SMK_ROW(5);                                        \
    a += acs;                                                                  \
    pb += 16;                                                                  \
  } while (0)

AVX2 static inline __attribute__((always_inline)) void
smk_f32(const int MR, int64_t kc, const float *a, int64_t ars, int64_t acs,
        const float *pb, float *c, int64_t ldc, int m, int n, float alpha,
        float beta) {
  __m256 c00 = _mm256_setzero_ps(), c01 = _mm256_setzero_ps();
  __m256 c10 = _mm256_setzero_ps(), c11 = _mm256_setzero_ps();
  __m256 c20 = _mm256_setzero_ps(), c21 = _mm256_setzero_ps();
  __m256 c30 = _mm256_setzero_ps(), c31 = _mm256_setzero_ps();
  __m256 c40 = _mm256_setzero_ps(), c41 = _mm256_setzero_ps();
  __m256 c50 = _mm256_setzero_ps(), c51 = _mm256_setzero_ps();
  __m256 va = _mm256_set1_ps(alpha), vb = _mm256_set1_ps(beta);
  int64_t p = kc;
  for (; p >= 4; p -= 4) {
    SMK_STEP();
    SMK_STEP();
    SMK_STEP();
    SMK_STEP();
  }
  for (; p > 0; p--) SMK_STEP();
  if (m == MR && n == 16) {
    ST_ROW_F32(0, c00, c01);
    if (MR > 1) ST_ROW_F32(1, c10, c11);
    if (MR > 2) ST_ROW_F32(2, c20, c21);
    if (MR > 3) ST_ROW_F32(3, c30, c31);
    if (MR > 4) ST_ROW_F32(4, c40, c41);
    if (MR > 5) ST_ROW_F32(5, c50, c51);
  } else {
    float acc[6 * 16];
    _mm256_storeu_ps(acc + 0, c00); _mm256_storeu_ps(acc + 8, c01);
    _mm256_storeu_ps(acc + 16, c10); _mm256_storeu_ps(acc + 24, c11);
    _mm256_storeu_ps(acc + 32, c20); _mm256_storeu_ps(acc + 40, c21);
    _mm256_storeu_ps(acc + 48, c30); _mm256_storeu_ps(acc + 56, c31);
    _mm256_storeu_ps(acc + 64, c40); _mm256_storeu_ps(acc + 72, c41);
    _mm256_storeu_ps(acc + 80, c50); _mm256_storeu_ps(acc + 88, c51);
    _mm256_zeroupper();
    store_tile_f32(acc, 16, c, ldc, m, n, alpha, beta);
  }
}

/* Row tiles of one panel: a[i * ars + p * acs] holds A(i, p) for the rows
 * of this depth block; packed A (acs == 6) comes in 6-row panels. */
AVX2 static void smallm_panel_f32(int64_t M, int64_t kc, const float *a,
                                  int64_t lda, int packed, const float *pb,
                                  float *c, int64_t ldc, int n, float alpha,
                                  float beta) {
  const int64_t ars = packed ? 1 : lda, acs = packed ? 6 : 1;
  const int64_t tile = packed ? 6 * kc : 6 * lda;
  int64_t ir;
  for (ir = 0; ir + 6 <= M; ir += 6, a += tile, c += 6 * ldc)
    smk_f32(6, kc, a, ars, acs, pb, c, ldc, 6, n, alpha, beta);
  /* the last rows: exactly M - ir of them, since A is read in place */
  switch (M - ir) {
  case 5: smk_f32(5, kc, a, ars, acs, pb, c, ldc, 5, n, alpha, beta); break;
  case 4: smk_f32(4, kc, a, ars, acs, pb, c, ldc, 4, n, alpha, beta); break;
  case 3: smk_f32(3, kc, a, ars, acs, pb, c, ldc, 3, n, alpha, beta); break;
  case 2: smk_f32(2, kc, a, ars, acs, pb, c, ldc, 2, n, alpha, beta); break;
  case 1: smk_f32(1, kc, a, ars, acs, pb, c, ldc, 1, n, alpha, beta); break;
  default: break;
  }
}

AVX2 static void gemm_smallm_avx2_f32(int transa, int transb, int64_t M,
                                      int64_t N, int64_t K, float alpha,
                                      const float *A, int64_t lda,
                                      const float *B, int64_t ldb, float beta,
                                      float *C, int64_t ldc, void *ws) {
  const int64_t kcb = balanced(K, KC_MAX, 1);
  float *pb = (float *)align_ws(ws);
  float *pa = pb + 16 * kcb + 16; /* fits msrt_gemm_ws_size: M <= MC_MAX */
  int64_t pc, jr, p;
  for (pc = 0; pc < K; pc += kcb) {
    int64_t kc = min64(kcb, K - pc);
    float bt = pc == 0 ? beta : 1.0f;
    const float *a = A + pc;
    if (transa) {
      pack_a_avx2_f32(transa, A, lda, 0, M, pc, kc, 6, pa);
      a = pa;
    }
    for (jr = 0; jr < N; jr += 16) {
      int n = (int)min64(16, N - jr);
      if (!transb && n == 16) {
        const float *src = B + pc * ldb + jr;
        float *d = pb;
        for (p = 0; p < kc; p++, src += ldb, d += 16) {
          _mm256_store_ps(d, _mm256_loadu_ps(src));
          _mm256_store_ps(d + 8, _mm256_loadu_ps(src + 8));
        }
      } else {
        pack_b_avx2_f32(transb, B, ldb, pc, kc, jr, n, 16, pb);
      }
      smallm_panel_f32(M, kc, a, lda, transa, pb, C + jr, ldc, n, alpha, bt);
    }
  }
}

/* The vector-matrix product, compiled for AVX2 (the generic C source). */
AVX2 static void gemv_avx2_f32(int transb, int64_t N, int64_t K, float alpha,
                               const float *a, int64_t inca, const float *B,
                               int64_t ldb, float beta, float *c) {
  int64_t j0, p;
  if (!transb) {
    for (j0 = 0; j0 + 32 <= N; j0 += 32) {
      __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps();
      __m256 s2 = _mm256_setzero_ps(), s3 = _mm256_setzero_ps();
      __m256 t0 = _mm256_setzero_ps(), t1 = _mm256_setzero_ps();
      __m256 t2 = _mm256_setzero_ps(), t3 = _mm256_setzero_ps();
      float acc[32];
      const float *bp = B + j0;
      for (p = 0; p + 2 <= K; p += 2) {
        __m256 x = _mm256_set1_ps(a[p * inca]);
        __m256 y = _mm256_set1_ps(a[(p + 1) * inca]);
        const float *bq = bp + ldb;
        s0 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp), s0);
        s1 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp + 8), s1);
        s2 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp + 16), s2);
        s3 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp + 24), s3);
        t0 = _mm256_fmadd_ps(y, _mm256_loadu_ps(bq), t0);
        t1 = _mm256_fmadd_ps(y, _mm256_loadu_ps(bq + 8), t1);
        t2 = _mm256_fmadd_ps(y, _mm256_loadu_ps(bq + 16), t2);
        t3 = _mm256_fmadd_ps(y, _mm256_loadu_ps(bq + 24), t3);
        bp += 2 * ldb;
      }
      if (p < K) {
        __m256 x = _mm256_set1_ps(a[p * inca]);
        s0 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp), s0);
        s1 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp + 8), s1);
        s2 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp + 16), s2);
        s3 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp + 24), s3);
      }
      _mm256_storeu_ps(acc, _mm256_add_ps(s0, t0));
      _mm256_storeu_ps(acc + 8, _mm256_add_ps(s1, t1));
      _mm256_storeu_ps(acc + 16, _mm256_add_ps(s2, t2));
      _mm256_storeu_ps(acc + 24, _mm256_add_ps(s3, t3));
      _mm256_zeroupper();
      store_tile_f32(acc, 32, c + j0, 0, 1, 32, alpha, beta);
    }
    _mm256_zeroupper();
    if (j0 < N)
      gemv_f32(transb, N - j0, K, alpha, a, inca, B + j0, ldb, beta, c + j0);
  } else if (inca == 1) {
    /* c[j] = a . B[j, :]: one row of B at a time (a single sequential
     * stream), four 8-wide partial sums */
    int64_t j;
    for (j = 0; j < N; j++) {
      const float *bj = B + j * ldb;
      __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps();
      __m256 s2 = _mm256_setzero_ps(), s3 = _mm256_setzero_ps();
      float part[8], t;
      for (p = 0; p + 32 <= K; p += 32) {
        s0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + p), _mm256_loadu_ps(bj + p), s0);
        s1 = _mm256_fmadd_ps(_mm256_loadu_ps(a + p + 8), _mm256_loadu_ps(bj + p + 8), s1);
        s2 = _mm256_fmadd_ps(_mm256_loadu_ps(a + p + 16), _mm256_loadu_ps(bj + p + 16), s2);
        s3 = _mm256_fmadd_ps(_mm256_loadu_ps(a + p + 24), _mm256_loadu_ps(bj + p + 24), s3);
      }
      for (; p + 8 <= K; p += 8)
        s0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + p), _mm256_loadu_ps(bj + p), s0);
      _mm256_storeu_ps(part, _mm256_add_ps(_mm256_add_ps(s0, s1), _mm256_add_ps(s2, s3)));
      t = ((part[0] + part[1]) + (part[2] + part[3])) +
          ((part[4] + part[5]) + (part[6] + part[7]));
      for (; p < K; p++) t += a[p] * bj[p];
      c[j] = beta == 0 ? alpha * t : alpha * t + beta * c[j];
    }
  } else {
    gemv_f32(transb, N, K, alpha, a, inca, B, ldb, beta, c);
  }
}
#endif /* GEMM_X86 */

/* ===================================================================
 * entry points
 * =================================================================== */

static const Ops_f32 ops_generic_f32 = {ukernel_generic_f32, pack_a_f32, pack_b_f32};
static const Ops_f64 ops_generic_f64 = {ukernel_generic_f64, pack_a_f64, pack_b_f64};
#ifdef GEMM_X86
static const Ops_f32 ops_avx2_f32 = {ukernel_avx2_f32, pack_a_avx2_f32, pack_b_avx2_f32};
static const Ops_f64 ops_avx2_f64 = {ukernel_avx2_f64, pack_a_f64, pack_b_f64};
#endif
static const Blocking blk_generic_f32 = {GEN_MR_f32, GEN_NR_f32, 96, 256, 4080};
static const Blocking blk_generic_f64 = {GEN_MR_f64, GEN_NR_f64, 96, 256, 4080};
#ifdef GEMM_X86
static const Blocking blk_avx2_f32 = {6, 16, 168, 256, 4080};
static const Blocking blk_avx2_f64 = {6, 8, 72, 256, 4080};
#endif

void msrt_gemm_f32(int transa, int transb, int64_t M, int64_t N, int64_t K,
                   float alpha, const float *A, int64_t lda, const float *B,
                   int64_t ldb, float beta, float *C, int64_t ldc, void *ws) {
  if (M <= 0 || N <= 0) return;
  if (K <= 0 || alpha == 0) {
    scale_c_f32(M, N, beta, C, ldc);
    return;
  }
  if (M == 1) {
#ifdef GEMM_X86
    if (have_avx2_fma()) {
      gemv_avx2_f32(transb, N, K, alpha, A, transa ? lda : 1, B, ldb, beta, C);
      return;
    }
#endif
    gemv_f32(transb, N, K, alpha, A, transa ? lda : 1, B, ldb, beta, C);
    return;
  }
  if (!ws) {
    gemm_simple_f32(transa, transb, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
    return;
  }
#ifdef GEMM_X86
  if (have_avx2_fma()) {
    if (M <= MC_MAX) {
      gemm_smallm_avx2_f32(transa, transb, M, N, K, alpha, A, lda, B, ldb,
                           beta, C, ldc, ws);
      return;
    }
    gemm_blocked_f32(&blk_avx2_f32, &ops_avx2_f32, transa, transb, M, N, K,
                     alpha, A, lda, B, ldb, beta, C, ldc, ws);
    return;
  }
#endif
  gemm_blocked_f32(&blk_generic_f32, &ops_generic_f32, transa, transb, M, N,
                   K, alpha, A, lda, B, ldb, beta, C, ldc, ws);
}

void msrt_gemm_f64(int transa, int transb, int64_t M, int64_t N, int64_t K,
                   double alpha, const double *A, int64_t lda, const double *B,
                   int64_t ldb, double beta, double *C, int64_t ldc, void *ws) {
  if (M <= 0 || N <= 0) return;
  if (K <= 0 || alpha == 0) {
    scale_c_f64(M, N, beta, C, ldc);
    return;
  }
  if (M == 1) {
    gemv_f64(transb, N, K, alpha, A, transa ? lda : 1, B, ldb, beta, C);
    return;
  }
  if (!ws) {
    gemm_simple_f64(transa, transb, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
    return;
  }
#ifdef GEMM_X86
  if (have_avx2_fma()) {
    gemm_blocked_f64(&blk_avx2_f64, &ops_avx2_f64, transa, transb, M, N, K,
                     alpha, A, lda, B, ldb, beta, C, ldc, ws);
    return;
  }
#endif
  gemm_blocked_f64(&blk_generic_f64, &ops_generic_f64, transa, transb, M, N,
                   K, alpha, A, lda, B, ldb, beta, C, ldc, ws);
}

/* ===================================================================
 * batched matmul, every numeric dtype
 * =================================================================== */

#define MM_CHUNK 256 /* output columns per stack accumulator */

static float mm_h2f(uint16_t h) { return (float)msrt_half_to_double(h); }

/* Integers: acc in the wrapping unsigned type WU, i-k-j order. */
#define MATMUL_INT(S, T, WU)                                                   \
  static void matmul_##S(int ta, int tb, int64_t M, int64_t N, int64_t K,      \
                         const T *A, const T *B, T *C) {                       \
    int64_t i, j0, p;                                                          \
    int j, m;                                                                  \
    for (i = 0; i < M; i++)                                                    \
      for (j0 = 0; j0 < N; j0 += MM_CHUNK) {                                   \
        WU acc[MM_CHUNK];                                                      \
        m = (int)min64(MM_CHUNK, N - j0);                                      \
        for (j = 0; j < m; j++) acc[j] = 0;                                    \
        for (p = 0; p < K; p++) {                                              \
          T av = ta ? A[p * M + i] : A[i * K + p];                             \
          WU a = (WU)av;                                                       \
          if (!tb) {                                                           \
            const T *bp = B + p * N + j0;                                      \
            for (j = 0; j < m; j++) {                                           \
              WU bv = (WU)bp[j];                                               \
              acc[j] += a * bv;                                                \
            }                                                                  \
          } else {                                                             \
            for (j = 0; j < m; j++) {                                           \
              WU bv = (WU)B[(j0 + j) * K + p];                                 \
              acc[j] += a * bv;                                                \
            }                                                                  \
          }                                                                    \
        }                                                                      \
        for (j = 0; j < m; j++) C[i * N + j0 + j] = (T)acc[j];                 \
      }                                                                        \
  }

MATMUL_INT(i8, int8_t, uint32_t)
MATMUL_INT(u8, uint8_t, uint32_t)
MATMUL_INT(i16, int16_t, uint32_t)
MATMUL_INT(u16, uint16_t, uint32_t)
MATMUL_INT(i32, int32_t, uint32_t)
MATMUL_INT(u32, uint32_t, uint32_t)
MATMUL_INT(i64, int64_t, uint64_t)
MATMUL_INT(u64, uint64_t, uint64_t)

/* float16: products and sums in float, in k order, rounded once (numpy's
 * HALF_matmul_inner_noblas). */
static void matmul_f16(int ta, int tb, int64_t M, int64_t N, int64_t K,
                       const uint16_t *A, const uint16_t *B, uint16_t *C) {
  int64_t i, j0, p;
  int j, m;
  for (i = 0; i < M; i++)
    for (j0 = 0; j0 < N; j0 += MM_CHUNK) {
      float acc[MM_CHUNK];
      m = (int)min64(MM_CHUNK, N - j0);
      for (j = 0; j < m; j++) acc[j] = 0;
      for (p = 0; p < K; p++) {
        float a = mm_h2f(ta ? A[p * M + i] : A[i * K + p]);
        for (j = 0; j < m; j++)
          acc[j] += a * mm_h2f(tb ? B[(j0 + j) * K + p] : B[p * N + j0 + j]);
      }
      for (j = 0; j < m; j++) C[i * N + j0 + j] = msrt_double_to_half(acc[j]);
    }
}

/* bool: OR over k of (a AND b). */
static void matmul_b(int ta, int tb, int64_t M, int64_t N, int64_t K,
                     const unsigned char *A, const unsigned char *B,
                     unsigned char *C) {
  int64_t i, j, p;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      unsigned char r = 0;
      for (p = 0; p < K && !r; p++)
        r = (ta ? A[p * M + i] : A[i * K + p]) != 0 &&
            (tb ? B[j * K + p] : B[p * N + j]) != 0;
      C[i * N + j] = r;
    }
}

int msrt_matmul(msrt_dtype dt, int transa, int transb, int64_t batch,
                int64_t M, int64_t N, int64_t K, const void *A, int64_t a_bstride,
                const void *B, int64_t b_bstride, void *C, void *ws) {
  int64_t b, lda = transa ? M : K, ldb = transb ? K : N;
  size_t es = msrt_dtype_size(dt);
  if (es == 0 || batch < 0 || M < 0 || N < 0 || K < 0) return MSRT_EINVAL;
  for (b = 0; b < batch; b++) {
    const char *a = (const char *)A + (size_t)(b * a_bstride) * es;
    const char *bb = (const char *)B + (size_t)(b * b_bstride) * es;
    char *c = (char *)C + (size_t)(b * M * N) * es;
    switch (dt) {
    case MSRT_FLOAT32:
      msrt_gemm_f32(transa, transb, M, N, K, 1.0f, (const float *)(const void *)a,
                    lda, (const float *)(const void *)bb, ldb, 0.0f,
                    (float *)(void *)c, N, ws);
      break;
    case MSRT_FLOAT64:
      msrt_gemm_f64(transa, transb, M, N, K, 1.0, (const double *)(const void *)a,
                    lda, (const double *)(const void *)bb, ldb, 0.0,
                    (double *)(void *)c, N, ws);
      break;
#define MM_CASE(DT, S, T)                                                      \
  case DT:                                                                     \
    matmul_##S(transa, transb, M, N, K, (const T *)(const void *)a,            \
               (const T *)(const void *)bb, (T *)(void *)c);                   \
    break;
      MM_CASE(MSRT_BOOL, b, unsigned char)
      MM_CASE(MSRT_INT8, i8, int8_t)
      MM_CASE(MSRT_UINT8, u8, uint8_t)
      MM_CASE(MSRT_INT16, i16, int16_t)
      MM_CASE(MSRT_UINT16, u16, uint16_t)
      MM_CASE(MSRT_INT32, i32, int32_t)
      MM_CASE(MSRT_UINT32, u32, uint32_t)
      MM_CASE(MSRT_INT64, i64, int64_t)
      MM_CASE(MSRT_UINT64, u64, uint64_t)
      MM_CASE(MSRT_FLOAT16, f16, uint16_t)
#undef MM_CASE
    default:
      return MSRT_EINVAL;
    }
  }
  return MSRT_OK;
}
