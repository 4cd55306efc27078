/* gemm.c — matrix multiplication for eager mode and generated C.
 *
 * msrt_gemm_f32 / msrt_gemm_f64 stream B through L1 one narrow panel at a
 * time and read A in place:
 *   for ic in M by MC:                      a block of rows of A and C
 *     for pc in K by KC:                    a depth block
 *       for jr in N by NR:  copy B(pc:pc+kc, jr:jr+NR) into a zero-padded
 *                           [kc][NR] panel (the whole workspace: <= 32 KiB)
 *         for ir in mc by MR: micro-kernel C[MR x NR] (+)= A rows * panel
 * The micro-kernel keeps its MR x NR accumulators in registers, broadcasts
 * A(i, p) straight from A (A as is: row i is a unit-stride stream; A
 * transposed: the MR values of step p are contiguous) and walks the panel
 * with unit stride. Each panel is used for all mc rows while it sits in
 * L1, so B is read from memory M / MC times and A stays in L2; for the
 * shapes msc meets (the MLP at batch 64, Conv2D with M = Cout) that is
 * once. Row tiles take exactly the rows that are left (a kernel per
 * height), so nothing is padded in M and no A panel is ever packed. A
 * full-width panel of B as is that would serve at most INPLACE_TILES row
 * tiles (Conv2D with few output channels) is read where it lies instead
 * of being copied. The order of the sums is the same either way.
 *
 * Two kernel sets share that driver:
 *   - generic C (4x8 float, 4x4 double): local accumulator arrays with
 *     constant bounds that gcc/clang turn into registers and vectorise for
 *     whatever target they compile for;
 *   - on x86-64 with GCC or clang, an AVX2+FMA set (6x16 float, 6x8
 *     double; float NT panels with 8x8 in-register transposes) compiled
 *     with __attribute__((target)) and chosen at run time with
 *     __builtin_cpu_supports, so msc's plain -O2 build reaches the core's
 *     FMA peak. arm-none-eabi and other targets never see it. AVX code
 *     calls back into the generic (SSE-encoded) helpers only after
 *     _mm256_zeroupper(), which avoids the AVX/SSE transition penalty.
 * The workspace is the same on every target (msrt_gemm_ws_size: one panel
 * of 16 x KC_MAX doubles), since msc sizes it on the host for code that may
 * run on a microcontroller.
 *
 * Matrices with a single row (M == 1, a vector-matrix product) skip the
 * panels: streaming B once is all the work there is (no workspace).
 *
 * Fused epilogue (msrt_matmul_ep, msrt_conv2d_ep through msrt_gemm_ep_*):
 * once the last depth block of a panel has been stored, the epilogue
 * (bias add, then activation) runs over that mc x NR block of C while it
 * is still in L1; the M == 1 and unpacked paths apply it per output row.
 * The bias add and the activations are the same scalar expressions as
 * msrt_binary(MSRT_ADD) and msrt_unary (ReLU and ReLU6 also as AVX2
 * compare-and-mask code with the same results, nan and -0.0 included), so
 * the result is bit-identical to the unfused kernels; tests/unit/
 * test_epilogue.c checks that for every path.
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
 * No malloc (the panel lives in the caller's ws), no VLAs, no recursion. */
#include "msrt.h"

#include <math.h>

/* -DMSRT_NO_SIMD builds the generic kernels alone (tests of the portable
 * path on an x86 host). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(MSRT_NO_SIMD)
#define GEMM_X86 1
#include <immintrin.h>
#endif

/* ===================================================================
 * blocking
 * =================================================================== */

/* Upper bounds over every kernel set; msrt_gemm_ws_size sizes the
 * workspace with them (in doubles, whatever the dtype). */
#define KC_MAX 256
#define MC_MAX 168 /* rows of A per block: A block in L2 */
#define PANEL_MAX 16 /* widest B panel of any kernel set */
#define WS_ALIGN 64
#if defined(__GNUC__)
#define GEMM_PREFETCH(p) __builtin_prefetch((p), 0, 2)
#else
#define GEMM_PREFETCH(p) ((void)(p))
#endif
/* A B panel that would serve at most this many row tiles (Conv2D with a
 * few output channels) is read in place rather than copied. */
#define INPLACE_TILES 2

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
  if (M <= 1 || N <= 0 || K <= 0) return 0; /* gemv or no product: none */
  return (size_t)(PANEL_MAX * min64(K, KC_MAX) * 8 + WS_ALIGN);
}

static void *align_ws(void *ws) {
  uintptr_t p = (uintptr_t)ws;
  p = (p + (WS_ALIGN - 1)) & ~(uintptr_t)(WS_ALIGN - 1);
  return (void *)p;
}

/* ===================================================================
 * epilogue: bias add, then the activation by its scalar formula (msrt.h:
 * the function msrt_unary's loops call, so a fused epilogue is
 * bit-identical to the unfused kernels; tests/unit/test_epilogue.c checks,
 * NaN signs included).
 * =================================================================== */

#define EP_ACT_f32(E, fn)                                                      \
  case MSRT_##E:                                                               \
    for (j = 0; j < n; j++) ci[j] = msrt_##fn##_f32(ci[j]);                    \
    break;
#define EP_ACT_f64(E, fn)                                                      \
  case MSRT_##E:                                                               \
    for (j = 0; j < n; j++) ci[j] = msrt_##fn##_f64(ci[j]);                    \
    break;

#define EP_DEFINE(T, SUF)                                                      \
  /* c[0:m, 0:n] = act(c + bias), bias indexed by the column j0 + j or (per  \
   * row) the row i0 + i. */                                                   \
  static void ep_apply_##SUF(const msrt_epilogue *ep, int per_row, T *c,       \
                             int64_t ldc, int64_t m, int64_t n, int64_t i0,    \
                             int64_t j0) {                                     \
    const T *bias = (const T *)ep->bias;                                       \
    int64_t i, j;                                                              \
    for (i = 0; i < m; i++) {                                                  \
      T *ci = c + i * ldc;                                                     \
      if (bias && per_row) {                                                   \
        T b = bias[i0 + i];                                                    \
        for (j = 0; j < n; j++) ci[j] = ci[j] + b;                             \
      } else if (bias) {                                                       \
        const T *bj = bias + j0;                                               \
        for (j = 0; j < n; j++) ci[j] = ci[j] + bj[j];                         \
      }                                                                        \
      switch (ep->act) {                                                       \
        MSRT_ACTIVATIONS(EP_ACT_##SUF)                                         \
      default:                                                                 \
        break;                                                                 \
      }                                                                        \
    }                                                                          \
  }

EP_DEFINE(float, f32)
EP_DEFINE(double, f64)

/* The epilogue, or NULL when it does nothing. */
static const msrt_epilogue *ep_norm(const msrt_epilogue *ep) {
  return ep && (ep->bias || ep->act != MSRT_ACT_NONE) ? ep : NULL;
}

static int ep_valid(const msrt_epilogue *ep) { return !ep || msrt_act_ok(ep->act); }

/* ===================================================================
 * the driver, once per element type
 * ===================================================================
 * GEMM_DEFINE(T, SUF) defines, for element type T:
 *   pack_b_SUF                      one zero-padded [kc][nr] B panel
 *   store_tile_SUF                  write-back of an accumulator tile
 *   smk_generic_SUF, panel_generic_SUF   the portable micro-kernel
 *   gemm_panels_SUF                 the loops around a panel kernel
 *   scale_c_SUF                     C = beta * C
 *   gemm_simple_SUF                 ws == NULL: a plain i-k-j loop
 *
 * A panel kernel computes, for rows 0:mc of A (A(i, p) = a[i*ars + p*acs],
 * p < kc) and a panel pb [kc][nr],
 *   C[0:mc, 0:n] = alpha * (A pb)[0:mc, 0:n] + beta * C[0:mc, 0:n]
 * where beta == 0 means C is not read (as in BLAS). */

#define GEN_MR_f32 4
#define GEN_NR_f32 8
#define GEN_MR_f64 4
#define GEN_NR_f64 4

#define GEMM_DEFINE(T, SUF)                                                    \
  typedef void (*panel_##SUF)(int64_t mc, int64_t kc, const T *a, int64_t ars, \
                              int64_t acs, const T *pb, int64_t bs, T *c,      \
                              int64_t ldc, int n, T alpha, T beta);            \
  typedef void (*packb_##SUF)(int transb, const T *B, int64_t ldb, int64_t p0, \
                              int64_t kc, int64_t j0, int64_t nc, int nr,      \
                              T *dst);                                         \
  typedef void (*epf_##SUF)(const msrt_epilogue *ep, int per_row, T *c,        \
                            int64_t ldc, int64_t m, int64_t n, int64_t i0,     \
                            int64_t j0);                                       \
  typedef struct {                                                             \
    int mr, nr;                                                                \
    panel_##SUF panel;                                                         \
    packb_##SUF pack_b;                                                        \
    epf_##SUF ep;                                                              \
  } Ops_##SUF;                                                                 \
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
  /* Writes an m x n tile held in acc (row-major, stride accn) to C. */       \
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
  static void smk_generic_##SUF(int64_t kc, const T *a, int64_t ars,           \
                                int64_t acs, const T *pb, int64_t bs, T *c,    \
                                int64_t ldc,                                   \
                                int m, int n, T alpha, T beta) {               \
    enum { MR = GEN_MR_##SUF, NR = GEN_NR_##SUF };                             \
    T acc[MR * NR];                                                            \
    int64_t p;                                                                 \
    int i, j;                                                                  \
    for (i = 0; i < MR * NR; i++) acc[i] = 0;                                  \
    if (m == MR) {                                                             \
      for (p = 0; p < kc; p++, pb += bs)                                       \
        for (i = 0; i < MR; i++) {                                             \
          T av = a[i * ars + p * acs];                                         \
          for (j = 0; j < NR; j++) acc[i * NR + j] += av * pb[j];              \
        }                                                                      \
    } else {                                                                   \
      for (p = 0; p < kc; p++, pb += bs)                                       \
        for (i = 0; i < m; i++) {                                              \
          T av = a[i * ars + p * acs];                                         \
          for (j = 0; j < NR; j++) acc[i * NR + j] += av * pb[j];              \
        }                                                                      \
    }                                                                          \
    store_tile_##SUF(acc, NR, c, ldc, m, n, alpha, beta);                      \
  }                                                                            \
                                                                               \
  static void panel_generic_##SUF(int64_t mc, int64_t kc, const T *a,          \
                                  int64_t ars, int64_t acs, const T *pb,       \
                                  int64_t bs, T *c, int64_t ldc, int n,        \
                                  T alpha, T beta) {                           \
    int64_t ir;                                                                \
    for (ir = 0; ir < mc; ir += GEN_MR_##SUF)                                  \
      smk_generic_##SUF(kc, a + ir * ars, ars, acs, pb, bs, c + ir * ldc, ldc, \
                        (int)min64(GEN_MR_##SUF, mc - ir), n, alpha, beta);    \
  }                                                                            \
                                                                               \
  /* Asks for the B panel [p0, p0+kc) x [j0, j0+n) the next panel step     \
   * reads while this one computes: the MLP's weights (2.6 MB) do not stay  \
   * in L2 between forwards, and 16 short streams are more than the        \
   * hardware prefetchers pick up in time. */                                \
  static void prefetch_b_##SUF(int transb, const T *B, int64_t ldb,            \
                               int64_t p0, int64_t kc, int64_t j0, int64_t n) { \
    const int64_t line = 64 / (int64_t)sizeof(T);                             \
    int64_t r, k;                                                              \
    if (transb) {                                                              \
      for (r = 0; r < n; r++)                                                  \
        for (k = 0; k < kc; k += line) GEMM_PREFETCH(B + (j0 + r) * ldb + p0 + k); \
    } else {                                                                   \
      for (k = 0; k < kc; k++) {                                               \
        GEMM_PREFETCH(B + (p0 + k) * ldb + j0);                                \
        GEMM_PREFETCH(B + (p0 + k) * ldb + j0 + n - 1);                        \
      }                                                                        \
    }                                                                          \
  }                                                                            \
                                                                               \
  static void gemm_panels_##SUF(const Ops_##SUF *ops, int transa, int transb,  \
                                int64_t M, int64_t N, int64_t K, T alpha,      \
                                const T *A, int64_t lda, const T *B,           \
                                int64_t ldb, T beta, T *C, int64_t ldc,        \
                                void *ws, const msrt_epilogue *ep,             \
                                int per_row) {                                 \
    const int nr = ops->nr;                                                    \
    const int64_t kcb = balanced(K, KC_MAX, 1);                                \
    const int64_t mcb = balanced(M, MC_MAX, ops->mr);                          \
    const int64_t ars = transa ? 1 : lda, acs = transa ? lda : 1;              \
    T *pb = (T *)align_ws(ws);                                                 \
    int64_t ic, pc, jr;                                                        \
    for (ic = 0; ic < M; ic += mcb) {                                          \
      int64_t mc = min64(mcb, M - ic);                                         \
      T *c = C + ic * ldc;                                                     \
      for (pc = 0; pc < K; pc += kcb) {                                        \
        int64_t kc = min64(kcb, K - pc);                                       \
        T bt = pc == 0 ? beta : (T)1;                                          \
        int last = pc + kc >= K;                                               \
        const T *a = A + ic * ars + pc * acs;                                  \
        for (jr = 0; jr < N; jr += nr) {                                       \
          int n = (int)min64(nr, N - jr);                                      \
          if (!transb && n == nr && mc <= INPLACE_TILES * ops->mr) {           \
            /* the panel would serve one or two row tiles: read B as is */    \
            ops->panel(mc, kc, a, ars, acs, B + pc * ldb + jr, ldb, c + jr,    \
                       ldc, n, alpha, bt);                                     \
          } else {                                                             \
            ops->pack_b(transb, B, ldb, pc, kc, jr, n, nr, pb);                \
            ops->panel(mc, kc, a, ars, acs, pb, nr, c + jr, ldc, n, alpha,     \
                       bt);                                                    \
          }                                                                    \
          if (last && ep) ops->ep(ep, per_row, c + jr, ldc, mc, n, ic, jr);    \
          if (jr + nr < N)                                                     \
            prefetch_b_##SUF(transb, B, ldb, pc, kc, jr + nr,                  \
                             min64(nr, N - jr - nr));                          \
          else if (pc + kc < K)                                                \
            prefetch_b_##SUF(transb, B, ldb, pc + kc, min64(kcb, K - pc - kc), \
                             0, min64(nr, N));                                 \
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
   * B is not transposed; the inner loop vectorises); the epilogue per      \
   * finished row. */                                                          \
  static void gemm_simple_##SUF(int transa, int transb, int64_t M, int64_t N,  \
                                int64_t K, T alpha, const T *A, int64_t lda,   \
                                const T *B, int64_t ldb, T beta, T *C,         \
                                int64_t ldc, const msrt_epilogue *ep,          \
                                int per_row) {                                 \
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
      if (ep) ep_apply_##SUF(ep, per_row, ci, ldc, 1, N, i, 0);                \
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


/* Column block [c, c+4) of 8 rows s[0..7] of B^T (row r at s + r*ldb),
 * transposed into 4 or 8 panel rows of width 16 at d (d[k*16 + r] =
 * s[r*ldb + k]). The rows are loaded as 128-bit halves paired by
 * vinsertf128 (rows r and r+4 share a register), so the transpose needs
 * two shuffle stages instead of three: the shuffle port, not the FMAs,
 * was what an NT panel cost. */
AVX2 static inline __attribute__((always_inline)) void
tr8x8_f32(const float *s, int64_t ldb, float *d) {
#define TR_LD(r, k)                                                            \
  _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(s + (r) * ldb + (k))), \
                       _mm_loadu_ps(s + ((r) + 4) * ldb + (k)), 1)
  __m256 r0 = TR_LD(0, 0), r1 = TR_LD(1, 0), r2 = TR_LD(2, 0), r3 = TR_LD(3, 0);
  __m256 r4 = TR_LD(0, 4), r5 = TR_LD(1, 4), r6 = TR_LD(2, 4), r7 = TR_LD(3, 4);
#undef TR_LD
  __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
  __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
  __m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
  __m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
  _mm256_store_ps(d + 0 * 16, _mm256_shuffle_ps(t0, t2, 0x44));
  _mm256_store_ps(d + 1 * 16, _mm256_shuffle_ps(t0, t2, 0xee));
  _mm256_store_ps(d + 2 * 16, _mm256_shuffle_ps(t1, t3, 0x44));
  _mm256_store_ps(d + 3 * 16, _mm256_shuffle_ps(t1, t3, 0xee));
  _mm256_store_ps(d + 4 * 16, _mm256_shuffle_ps(t4, t6, 0x44));
  _mm256_store_ps(d + 5 * 16, _mm256_shuffle_ps(t4, t6, 0xee));
  _mm256_store_ps(d + 6 * 16, _mm256_shuffle_ps(t5, t7, 0x44));
  _mm256_store_ps(d + 7 * 16, _mm256_shuffle_ps(t5, t7, 0xee));
}

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
        tr8x8_f32(src + p, ldb, d + p * 16);
        tr8x8_f32(src + 8 * ldb + p, ldb, d + p * 16 + 8);
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

/* Panel kernels: smk_f32 computes C[0:m, 0:n] (=, +=) alpha * A(0:MR,
 * 0:kc) * panel with A(i, p) = a[i * ars + p * acs] read in place and the
 * panel [kc][16]; MR is a constant after inlining. Row tiles are 6 high,
 * with a kernel of exactly the remaining height (1-5) for the last rows,
 * so M = 64 wastes no FMAs. smk_f64 is the same with 8-wide panels. */
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
    __m256 b0 = _mm256_loadu_ps(pb), b1 = _mm256_loadu_ps(pb + 8);             \
    SMK_ROW(0); SMK_ROW(1); SMK_ROW(2);                                        \
    SMK_ROW(3); SMK_ROW(4); SMK_ROW(5);                                        \
    a += acs;                                                                  \
    pb += bs;                                                                  \
  } while (0)

AVX2 static inline __attribute__((always_inline)) void
smk_f32(const int MR, int64_t kc, const float *a, int64_t ars, int64_t acs,
        const float *pb, int64_t bs, float *c, int64_t ldc, int m, int n,
        float alpha, float beta) {
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

#define SMK64_ROW(i)                                                           \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      __m256d ai = _mm256_broadcast_sd(a + (i) * ars);                         \
      c##i##0 = _mm256_fmadd_pd(ai, b0, c##i##0);                              \
      c##i##1 = _mm256_fmadd_pd(ai, b1, c##i##1);                              \
    }                                                                          \
  } while (0)

#define SMK64_STEP()                                                           \
  do {                                                                         \
    __m256d b0 = _mm256_loadu_pd(pb), b1 = _mm256_loadu_pd(pb + 4);           \
    SMK64_ROW(0); SMK64_ROW(1); SMK64_ROW(2);                                  \
    SMK64_ROW(3); SMK64_ROW(4); SMK64_ROW(5);                                  \
    a += acs;                                                                  \
    pb += bs;                                                                  \
  } while (0)

AVX2 static inline __attribute__((always_inline)) void
smk_f64(const int MR, int64_t kc, const double *a, int64_t ars, int64_t acs,
        const double *pb, int64_t bs, double *c, int64_t ldc, int m, int n,
        double alpha, double beta) {
  __m256d c00 = _mm256_setzero_pd(), c01 = _mm256_setzero_pd();
  __m256d c10 = _mm256_setzero_pd(), c11 = _mm256_setzero_pd();
  __m256d c20 = _mm256_setzero_pd(), c21 = _mm256_setzero_pd();
  __m256d c30 = _mm256_setzero_pd(), c31 = _mm256_setzero_pd();
  __m256d c40 = _mm256_setzero_pd(), c41 = _mm256_setzero_pd();
  __m256d c50 = _mm256_setzero_pd(), c51 = _mm256_setzero_pd();
  __m256d va = _mm256_set1_pd(alpha), vb = _mm256_set1_pd(beta);
  int64_t p = kc;
  for (; p >= 4; p -= 4) {
    SMK64_STEP();
    SMK64_STEP();
    SMK64_STEP();
    SMK64_STEP();
  }
  for (; p > 0; p--) SMK64_STEP();
  if (m == MR && n == 8) {
    ST_ROW_F64(0, c00, c01);
    if (MR > 1) ST_ROW_F64(1, c10, c11);
    if (MR > 2) ST_ROW_F64(2, c20, c21);
    if (MR > 3) ST_ROW_F64(3, c30, c31);
    if (MR > 4) ST_ROW_F64(4, c40, c41);
    if (MR > 5) ST_ROW_F64(5, c50, c51);
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

/* Row tiles of one panel: exactly mc rows, since A is read in place. */
#define SMK_CALL(SUF, R)                                                       \
  smk_##SUF(R, kc, a, ars, acs, pb, bs, c, ldc, R, n, alpha, beta)
#define PANEL_AVX2(T, SUF)                                                     \
  AVX2 static void panel_avx2_##SUF(int64_t mc, int64_t kc, const T *a,        \
                                    int64_t ars, int64_t acs, const T *pb,     \
                                    int64_t bs, T *c, int64_t ldc, int n,      \
                                    T alpha, T beta) {                         \
    int64_t ir;                                                                \
    for (ir = 0; ir + 6 <= mc; ir += 6, a += 6 * ars, c += 6 * ldc)            \
      SMK_CALL(SUF, 6);                                                        \
    switch (mc - ir) {                                                         \
    case 5: SMK_CALL(SUF, 5); break;                                           \
    case 4: SMK_CALL(SUF, 4); break;                                           \
    case 3: SMK_CALL(SUF, 3); break;                                           \
    case 2: SMK_CALL(SUF, 2); break;                                           \
    case 1: SMK_CALL(SUF, 1); break;                                           \
    default: break;                                                            \
    }                                                                          \
  }

PANEL_AVX2(float, f32)
PANEL_AVX2(double, f64)

/* The epilogue over a block of C, 8 columns at a time for bias and
 * ReLU/ReLU6 (x < 0 ? 0 : x as a compare and mask: nan and -0.0 pass
 * through unchanged, as in the scalar form); the other activations call
 * libm per element in the scalar form. */
AVX2 static void ep_apply_avx2_f32(const msrt_epilogue *ep, int per_row,
                                   float *c, int64_t ldc, int64_t m, int64_t n,
                                   int64_t i0, int64_t j0) {
  const float *bias = (const float *)ep->bias;
  const int act = ep->act;
  const __m256 zero = _mm256_setzero_ps(), six = _mm256_set1_ps(6.0f);
  int64_t i, j;
  if (act != MSRT_ACT_NONE && act != MSRT_RELU && act != MSRT_RELU6) {
    _mm256_zeroupper();
    ep_apply_f32(ep, per_row, c, ldc, m, n, i0, j0);
    return;
  }
  for (i = 0; i < m; i++) {
    float *ci = c + i * ldc;
    float rb = bias && per_row ? bias[i0 + i] : 0.0f;
    __m256 vrb = _mm256_set1_ps(rb);
    for (j = 0; j + 8 <= n; j += 8) {
      __m256 x = _mm256_loadu_ps(ci + j);
      if (bias) x = _mm256_add_ps(x, per_row ? vrb : _mm256_loadu_ps(bias + j0 + j));
      if (act != MSRT_ACT_NONE) {
        x = _mm256_andnot_ps(_mm256_cmp_ps(x, zero, _CMP_LT_OQ), x);
        if (act == MSRT_RELU6)
          x = _mm256_blendv_ps(x, six, _mm256_cmp_ps(x, six, _CMP_GT_OQ));
      }
      _mm256_storeu_ps(ci + j, x);
    }
    for (; j < n; j++) {
      float x = ci[j];
      if (bias) x = x + (per_row ? rb : bias[j0 + j]);
      if (act == MSRT_RELU) x = x < 0 ? 0.0f : x;
      else if (act == MSRT_RELU6) x = x < 0 ? 0.0f : x > 6.0f ? 6.0f : x;
      ci[j] = x;
    }
  }
}

/* The vector-matrix product on AVX2. B as is: c[j0:j0+nb] accumulates in
 * an L1 buffer while four rows of B at a time stream through it
 * sequentially (four forward streams the prefetchers follow, one buffer
 * load and store per four FMAs), instead of walking B's columns. */
#define GEMV_NB2 512
AVX2 static void gemv_avx2_f32(int transb, int64_t N, int64_t K, float alpha,
                               const float *a, int64_t inca, const float *B,
                               int64_t ldb, float beta, float *c) {
  int64_t j0, p;
  if (!transb) {
    for (j0 = 0; j0 < N; j0 += GEMV_NB2) {
      float acc[GEMV_NB2];
      int64_t nb = min64(GEMV_NB2, N - j0), nv = nb / 8 * 8, j;
      const float *bp = B + j0;
      for (j = 0; j < nb; j++) acc[j] = 0;
      for (p = 0; p + 4 <= K; p += 4, bp += 4 * ldb) {
        const float *b0 = bp, *b1 = bp + ldb, *b2 = bp + 2 * ldb, *b3 = bp + 3 * ldb;
        float s0 = a[p * inca], s1 = a[(p + 1) * inca];
        float s2 = a[(p + 2) * inca], s3 = a[(p + 3) * inca];
        __m256 x0 = _mm256_set1_ps(s0), x1 = _mm256_set1_ps(s1);
        __m256 x2 = _mm256_set1_ps(s2), x3 = _mm256_set1_ps(s3);
        for (j = 0; j < nv; j += 8) {
          __m256 t = _mm256_loadu_ps(acc + j);
          t = _mm256_fmadd_ps(x0, _mm256_loadu_ps(b0 + j), t);
          t = _mm256_fmadd_ps(x1, _mm256_loadu_ps(b1 + j), t);
          t = _mm256_fmadd_ps(x2, _mm256_loadu_ps(b2 + j), t);
          t = _mm256_fmadd_ps(x3, _mm256_loadu_ps(b3 + j), t);
          _mm256_storeu_ps(acc + j, t);
        }
        for (; j < nb; j++)
          acc[j] = (((acc[j] + s0 * b0[j]) + s1 * b1[j]) + s2 * b2[j]) + s3 * b3[j];
      }
      for (; p < K; p++, bp += ldb) {
        float s0 = a[p * inca];
        __m256 x0 = _mm256_set1_ps(s0);
        for (j = 0; j < nv; j += 8)
          _mm256_storeu_ps(acc + j, _mm256_fmadd_ps(x0, _mm256_loadu_ps(bp + j),
                                                    _mm256_loadu_ps(acc + j)));
        for (; j < nb; j++) acc[j] += s0 * bp[j];
      }
      _mm256_zeroupper();
      store_tile_f32(acc, GEMV_NB2, c + j0, 0, 1, (int)nb, alpha, beta);
    }
  } else if (inca == 1) {
    /* c[j] = a . B[j, :]: four rows of B at a time (four sequential
     * streams sharing the loads of a), two 8-wide partial sums a row,
     * reduced together by horizontal adds */
    int64_t j = 0;
    for (; j + 4 <= N; j += 4) {
      const float *b0 = B + j * ldb, *b1 = b0 + ldb, *b2 = b1 + ldb, *b3 = b2 + ldb;
      __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps();
      __m256 s2 = _mm256_setzero_ps(), s3 = _mm256_setzero_ps();
      __m256 u0 = _mm256_setzero_ps(), u1 = _mm256_setzero_ps();
      __m256 u2 = _mm256_setzero_ps(), u3 = _mm256_setzero_ps();
      __m128 h;
      float t[4];
      int r;
      for (p = 0; p + 16 <= K; p += 16) {
        __m256 x0 = _mm256_loadu_ps(a + p), x1 = _mm256_loadu_ps(a + p + 8);
        s0 = _mm256_fmadd_ps(x0, _mm256_loadu_ps(b0 + p), s0);
        s1 = _mm256_fmadd_ps(x0, _mm256_loadu_ps(b1 + p), s1);
        s2 = _mm256_fmadd_ps(x0, _mm256_loadu_ps(b2 + p), s2);
        s3 = _mm256_fmadd_ps(x0, _mm256_loadu_ps(b3 + p), s3);
        u0 = _mm256_fmadd_ps(x1, _mm256_loadu_ps(b0 + p + 8), u0);
        u1 = _mm256_fmadd_ps(x1, _mm256_loadu_ps(b1 + p + 8), u1);
        u2 = _mm256_fmadd_ps(x1, _mm256_loadu_ps(b2 + p + 8), u2);
        u3 = _mm256_fmadd_ps(x1, _mm256_loadu_ps(b3 + p + 8), u3);
      }
      if (p + 8 <= K) {
        __m256 x0 = _mm256_loadu_ps(a + p);
        s0 = _mm256_fmadd_ps(x0, _mm256_loadu_ps(b0 + p), s0);
        s1 = _mm256_fmadd_ps(x0, _mm256_loadu_ps(b1 + p), s1);
        s2 = _mm256_fmadd_ps(x0, _mm256_loadu_ps(b2 + p), s2);
        s3 = _mm256_fmadd_ps(x0, _mm256_loadu_ps(b3 + p), s3);
        p += 8;
      }
      s0 = _mm256_hadd_ps(_mm256_add_ps(s0, u0), _mm256_add_ps(s1, u1));
      s2 = _mm256_hadd_ps(_mm256_add_ps(s2, u2), _mm256_add_ps(s3, u3));
      s0 = _mm256_hadd_ps(s0, s2); /* lanes (row 0..3) of each half */
      h = _mm_add_ps(_mm256_castps256_ps128(s0), _mm256_extractf128_ps(s0, 1));
      _mm_storeu_ps(t, h);
      for (; p < K; p++) {
        t[0] += a[p] * b0[p];
        t[1] += a[p] * b1[p];
        t[2] += a[p] * b2[p];
        t[3] += a[p] * b3[p];
      }
      for (r = 0; r < 4; r++)
        c[j + r] = beta == 0 ? alpha * t[r] : alpha * t[r] + beta * c[j + r];
    }
    for (; j < N; j++) {
      const float *bj = B + j * ldb;
      __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps();
      float part[8], t;
      for (p = 0; p + 16 <= K; p += 16) {
        s0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + p), _mm256_loadu_ps(bj + p), s0);
        s1 = _mm256_fmadd_ps(_mm256_loadu_ps(a + p + 8), _mm256_loadu_ps(bj + p + 8), s1);
      }
      for (; p + 8 <= K; p += 8)
        s0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + p), _mm256_loadu_ps(bj + p), s0);
      _mm256_storeu_ps(part, _mm256_add_ps(s0, s1));
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

static const Ops_f32 ops_generic_f32 = {GEN_MR_f32, GEN_NR_f32, panel_generic_f32,
                                        pack_b_f32, ep_apply_f32};
static const Ops_f64 ops_generic_f64 = {GEN_MR_f64, GEN_NR_f64, panel_generic_f64,
                                        pack_b_f64, ep_apply_f64};
#ifdef GEMM_X86
static const Ops_f32 ops_avx2_f32 = {6, 16, panel_avx2_f32, pack_b_avx2_f32, ep_apply_avx2_f32};
static const Ops_f64 ops_avx2_f64 = {6, 8, panel_avx2_f64, pack_b_f64, ep_apply_f64};
#endif

void msrt_gemm_ep_f32(int transa, int transb, int64_t M, int64_t N, int64_t K,
                      float alpha, const float *A, int64_t lda, const float *B,
                      int64_t ldb, float beta, float *C, int64_t ldc, void *ws,
                      const msrt_epilogue *ep, int bias_per_row) {
  const Ops_f32 *ops = &ops_generic_f32;
  ep = ep_norm(ep);
  if (M <= 0 || N <= 0) return;
#ifdef GEMM_X86
  if (have_avx2_fma()) ops = &ops_avx2_f32;
#endif
  if (K <= 0 || alpha == 0) {
    scale_c_f32(M, N, beta, C, ldc);
    if (ep) ops->ep(ep, bias_per_row, C, ldc, M, N, 0, 0);
    return;
  }
  if (M == 1) {
#ifdef GEMM_X86
    if (have_avx2_fma())
      gemv_avx2_f32(transb, N, K, alpha, A, transa ? lda : 1, B, ldb, beta, C);
    else
#endif
      gemv_f32(transb, N, K, alpha, A, transa ? lda : 1, B, ldb, beta, C);
    if (ep) ops->ep(ep, bias_per_row, C, ldc, 1, N, 0, 0);
    return;
  }
  if (!ws) {
    gemm_simple_f32(transa, transb, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc,
                    ep, bias_per_row);
    return;
  }
  gemm_panels_f32(ops, transa, transb, M, N, K, alpha, A, lda, B, ldb, beta, C,
                  ldc, ws, ep, bias_per_row);
}

void msrt_gemm_ep_f64(int transa, int transb, int64_t M, int64_t N, int64_t K,
                      double alpha, const double *A, int64_t lda, const double *B,
                      int64_t ldb, double beta, double *C, int64_t ldc, void *ws,
                      const msrt_epilogue *ep, int bias_per_row) {
  const Ops_f64 *ops = &ops_generic_f64;
  ep = ep_norm(ep);
  if (M <= 0 || N <= 0) return;
#ifdef GEMM_X86
  if (have_avx2_fma()) ops = &ops_avx2_f64;
#endif
  if (K <= 0 || alpha == 0) {
    scale_c_f64(M, N, beta, C, ldc);
    if (ep) ops->ep(ep, bias_per_row, C, ldc, M, N, 0, 0);
    return;
  }
  if (M == 1) {
    gemv_f64(transb, N, K, alpha, A, transa ? lda : 1, B, ldb, beta, C);
    if (ep) ops->ep(ep, bias_per_row, C, ldc, 1, N, 0, 0);
    return;
  }
  if (!ws) {
    gemm_simple_f64(transa, transb, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc,
                    ep, bias_per_row);
    return;
  }
  gemm_panels_f64(ops, transa, transb, M, N, K, alpha, A, lda, B, ldb, beta, C,
                  ldc, ws, ep, bias_per_row);
}

void msrt_gemm_f32(int transa, int transb, int64_t M, int64_t N, int64_t K,
                   float alpha, const float *A, int64_t lda, const float *B,
                   int64_t ldb, float beta, float *C, int64_t ldc, void *ws) {
  msrt_gemm_ep_f32(transa, transb, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc, ws,
                   NULL, 0);
}

void msrt_gemm_f64(int transa, int transb, int64_t M, int64_t N, int64_t K,
                   double alpha, const double *A, int64_t lda, const double *B,
                   int64_t ldb, double beta, double *C, int64_t ldc, void *ws) {
  msrt_gemm_ep_f64(transa, transb, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc, ws,
                   NULL, 0);
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


/* ===================================================================
 * fused epilogue (bias, activation) at the GEMM's final store
 * =================================================================== */

int msrt_matmul_ep(msrt_dtype dt, int transa, int transb, int64_t M, int64_t N, int64_t K,
                   const void *A, const void *B, void *C, void *ws, const msrt_epilogue *ep) {
  int64_t lda = transa ? M : K, ldb = transb ? K : N;
  if (!ep_norm(ep)) return msrt_matmul(dt, transa, transb, 1, M, N, K, A, 0, B, 0, C, ws);
  if ((dt != MSRT_FLOAT32 && dt != MSRT_FLOAT64) || !ep_valid(ep) || M < 0 || N < 0 || K < 0)
    return MSRT_EINVAL;
  if (dt == MSRT_FLOAT32)
    msrt_gemm_ep_f32(transa, transb, M, N, K, 1.0f, (const float *)A, lda, (const float *)B,
                     ldb, 0.0f, (float *)C, N, ws, ep, 0);
  else
    msrt_gemm_ep_f64(transa, transb, M, N, K, 1.0, (const double *)A, lda, (const double *)B,
                     ldb, 0.0, (double *)C, N, ws, ep, 0);
  return MSRT_OK;
}
