/* gemm.c — matrix multiplication for eager mode and generated C.
 *
 * The numbers. Every float32/float64 product of this file, on every path
 * (portable C, AVX2, AVX-512; B packed ahead of time or per call; M == 1
 * or not; however the work is split over threads), rounds each output
 * the same way, the sequential fused chain
 *     c = c0;  for p = 0, 1, ..., K-1:  c = fma(A(i, p), B(p, j), c)
 * with c0 = 0 (beta == 0) or C(i, j) (beta == 1), alpha == 1: one
 * rounding per step, in increasing p. Blocking (of K, of M, of N into
 * panels) only decides when a chain is suspended in C and resumed, never
 * its order, so the kernel sets are bit-identical to one another and to
 * the portable C, which spells the chain with fmaf/fma (Cortex-M4F: one
 * vfma.f32 each). Any other alpha or beta computes t by the chain from
 * 0, then C = alpha * t (+ beta * C) (gemm_general). The reference
 * executor calls these same functions, so generated code, the reference
 * executor and a self-test built for another CPU agree on every bit;
 * tests/unit/test_kernels.c checks each kernel set against a naive chain.
 *
 * The loops (float and double alike):
 *   for ic in M by MC:                      a block of rows of A and C
 *     for pc in K by KC:                    a depth block
 *       for jr in N by PW:  the B panel op(B)(pc:pc+kc, jr:jr+PW) as
 *                           [kc][w] (w = min(PW, N - jr): no padding),
 *                           packed ahead of time (msrt_gemm_pack_b_*), or
 *                           copied into ws, or (B as is, few row tiles)
 *                           read where it lies
 *         for ir in mc by MR: micro-kernel C[MR x w] (+)= A rows * panel
 * A is read in place (broadcast A(i, p) from A, or A^T); the accumulators
 * of an MR x (16 or 32) tile live in registers; a partial panel (N % PW
 * columns) uses masked loads and stores. B is read from memory M / MC
 * times (once for the shapes msc meets); a packed B is one stream.
 * PW is 32 floats or 16 doubles (128 bytes) for every kernel set, so a
 * weight packed at `msc compile` time (codegen/emit_fuse.c.inc) serves whichever
 * set the CPU running it takes, and takes exactly K * N elements.
 *
 * Kernel sets, chosen at run time (msrt_isa: the CPU's best, or the
 * environment's MSRT_ISA=portable|avx2|avx512, or msrt_isa_set):
 *   - portable C (4 x 8 tiles), for every target;
 *   - x86-64 with GCC or clang: AVX2+FMA (6 x 16 float, 6 x 8 double,
 *     8x8 in-register transposes for B^T) and AVX-512F (8 x 32 float,
 *     8 x 16 double), compiled with __attribute__((target)) so msc's plain
 *     -O2 build and `cc -std=c99 -O2` of generated C both carry them.
 *     arm-none-eabi and other targets never see them. AVX code calls back
 *     into SSE-encoded helpers only after _mm256_zeroupper().
 * The workspace is the same on every target (msrt_gemm_ws_size: one
 * panel of KC_MAX rows of 128 bytes), since msc sizes it on the host for
 * code that may run on a microcontroller.
 *
 * N <= 12 with M >= 16 on AVX-512 (the N = 10 layer) skips them too:
 * vectors along M, B broadcast in place, A transposed in registers
 * (skinny_f32, below the AVX-512 panels).
 *
 * M == 1 (a vector-matrix product) skips the panels: streaming B once is
 * all the work there is (no workspace); B^T is read eight rows at a time
 * and transposed in registers, so the chain order holds there too.
 *
 * Fused epilogue (msrt_matmul_ep, msrt_conv2d_ep through msrt_gemm_ep_*):
 * once the last depth block of a panel has been stored, the epilogue
 * (bias add, then activation) runs over that mc x w block of C while it is
 * still in L1; the M == 1 path applies it per output row. The bias add and
 * the activations are the same scalar expressions as msrt_binary(MSRT_ADD)
 * and msrt_unary (ReLU and ReLU6 also as AVX2 compare-and-mask code with
 * the same results, nan and -0.0 included), so the result is bit-identical
 * to the unfused kernels; tests/unit/test_epilogue.c checks that.
 *
 * Threads (host only): msrt_set_parallel installs a callback that runs
 * tasks on several cores (msc's driver does, from MSC_NUM_THREADS);
 * without it, as in every generated library, everything runs in the
 * caller. Large products split their panels (columns of C) over the
 * tasks; the chain of each output is unchanged, so the result is the
 * same bits as one thread.
 *
 * msrt_matmul batches these for float32/float64 and has plain loops for
 * the other dtypes: float16 accumulates in float and rounds once, as
 * numpy's matmul does; integers wrap (unsigned arithmetic); bool is an OR
 * of ANDs.
 *
 * No malloc (the panel lives in the caller's ws), no VLAs, no recursion. */
#include "msrt.h"

#include <math.h>

/* -DMSRT_NO_SIMD builds the portable kernels alone (tests of the portable
 * path on an x86 host). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(MSRT_NO_SIMD)
#define GEMM_X86 1
#include <immintrin.h>
#include <stdlib.h> /* getenv("MSRT_ISA") */
#include <string.h>
#endif

/* ===================================================================
 * blocking
 * =================================================================== */

#define KC_MAX 256
#define MC_MAX 168 /* rows of A per block: A block in L2 */
#define PW_f32 MSRT_GEMM_PANEL_F32
#define PW_f64 MSRT_GEMM_PANEL_F64
#define WS_ALIGN 64
#if defined(__GNUC__)
#define GEMM_PREFETCH(p) __builtin_prefetch((p), 0, 2)
#else
#define GEMM_PREFETCH(p) ((void)(p))
#endif
/* A B panel that would serve at most this many row tiles (Conv2D with a
 * few output channels) is read in place rather than copied. */
#define INPLACE_TILES 2
/* Products with fewer multiply-adds than this stay on the calling thread. */
#define PAR_MIN_FMAS ((int64_t)1 << 20)

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* A^T (transa) on the x86 sets: the block of A is first copied as rows of
 * kc into a buffer on the stack (GEMM_APK_BYTES) and read as a row-major
 * A. Read in place, a tile's kc rows of A^T lie lda apart: with a power-
 * of-two lda (512 in the seed MLP's dW = dY^T X) they fall in two sets of
 * the L1 cache and miss on every tile. The portable set (microcontrollers:
 * no such stack) reads A^T in place. The buffer bounds the rows of a
 * block (mcb), and each block packs B's panels again: 64 KB gives dW's K
 * = 64 the MC_MAX rows of the other products (24 KB gave 96, six packings
 * of B for M = 512: gemm_bench TN 512x64x784 85 -> 87 GFLOP/s, 512x256x784
 * 76 -> 87 with 8x8-transposed copies, interleaved runs on an AVX2 Zen 2). */
#ifdef GEMM_X86
#define GEMM_APK_BYTES 65536
#define GEMM_APK_DECL(T)                                                       \
  T apk_buf[GEMM_APK_BYTES / sizeof(T)] __attribute__((aligned(64)));         \
  T *apk = g->transa && ks->mr != PORT_MR ? apk_buf : (T *)0;
#else
#define GEMM_APK_BYTES 0
#define GEMM_APK_DECL(T) T *apk = (T *)0;
#endif
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
  return (size_t)(128 * min64(K, KC_MAX) + WS_ALIGN);
}

static void *align_ws(void *ws) {
  uintptr_t p = (uintptr_t)ws;
  p = (p + (WS_ALIGN - 1)) & ~(uintptr_t)(WS_ALIGN - 1);
  return (void *)p;
}

/* ===================================================================
 * the kernel set in use, and threads
 * =================================================================== */

static int isa_cur = -1;

#ifdef GEMM_X86
#define AVX2 __attribute__((target("avx2,fma")))
#define AVX512 __attribute__((target("avx512f,avx2,fma")))

static int isa_cpu(void) {
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return MSRT_ISA_PORTABLE;
  return __builtin_cpu_supports("avx512f") ? MSRT_ISA_AVX512 : MSRT_ISA_AVX2;
}

/* MSRT_ISA=portable|avx2|avx512 asks for a set; the CPU's best when the
 * CPU lacks it or the variable is unset. */
static int isa_env(int best) {
  const char *e = getenv("MSRT_ISA");
  int want = best;
  if (!e || !*e) return best;
  if (strcmp(e, "portable") == 0) want = MSRT_ISA_PORTABLE;
  else if (strcmp(e, "avx2") == 0) want = MSRT_ISA_AVX2;
  else if (strcmp(e, "avx512") == 0) want = MSRT_ISA_AVX512;
  return want <= best ? want : best;
}
#else
static int isa_cpu(void) { return MSRT_ISA_PORTABLE; }
static int isa_env(int best) { return best; }
#endif

int msrt_isa_best(void) { return isa_cpu(); }

int msrt_isa(void) {
  if (isa_cur < 0) isa_cur = isa_env(isa_cpu());
  return isa_cur;
}

int msrt_isa_set(int isa) {
  int best = isa_cpu();
  if (isa < 0) isa = isa_env(best);
  if (isa > best) return -1;
  isa_cur = isa;
  return isa;
}

const char *msrt_isa_name(int isa) {
  switch (isa) {
  case MSRT_ISA_PORTABLE: return "portable";
  case MSRT_ISA_AVX2: return "avx2";
  case MSRT_ISA_AVX512: return "avx512";
  default: return "?";
  }
}

/* Threads exist in msc's own build of the runtime (-DMSRT_HOST_THREADS:
 * eager mode, the reference executor and JIT'd graphs, which call msc's
 * msrt_*); a generated library never has them, and its code for them
 * folds away. */
#ifdef MSRT_HOST_THREADS
static msrt_parallel_fn par_fn;
static void *par_ctx;
#define PAR_ON (par_fn != 0)
#define PAR_CALL(n, f, a) par_fn(par_ctx, (n), (f), (a))
#else
#define PAR_ON 0
#define PAR_CALL(n, f, a) ((void)(f), (void)(a), -1)
#endif

void msrt_set_parallel(msrt_parallel_fn fn, void *ctx) {
#ifdef MSRT_HOST_THREADS
  par_fn = fn;
  par_ctx = ctx;
#else
  (void)fn;
  (void)ctx;
#endif
}

int msrt_parallel_run(int n, msrt_task_fn task, void *arg) {
#ifdef MSRT_HOST_THREADS
  return par_fn && n > 0 ? par_fn(par_ctx, n, task, arg) : -1;
#else
  (void)n;
  (void)task;
  (void)arg;
  return -1;
#endif
}

int msrt_parallel_width(void) {
#ifdef MSRT_HOST_THREADS
  return par_fn ? par_fn(par_ctx, 0, 0, 0) : 1;
#else
  return 1;
#endif
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
 * the portable kernels and the driver, once per element type
 * ===================================================================
 * GEMM_DEFINE(T, SUF, FMA) defines, for element type T (FMA: fmaf/fma):
 *   pack_panel_SUF       one [kc][w] panel of op(B)
 *   smk_port_SUF, panel_port_SUF   the portable micro-kernel (4 x 8)
 *   gemv_port_SUF        M == 1
 *   gemm_simple_SUF      ws == NULL: the chain straight into C
 *   gemm_general_SUF     alpha != 1 or beta other than 0 and 1
 *   scale_c_SUF          C = beta * C
 *   gemm_panels_SUF      the loops around a panel kernel
 * A panel kernel computes, for rows 0:mc of A (A(i, p) = a[i*ars +
 * p*acs], p < kc) and a panel pb (row p at pb + p*bs, n columns),
 *   C[0:mc, 0:n] = (load_c ? C : 0) + A pb   (by the chain)
 * and a gemv computes c[0:N] the same way for one row a. */

#define PORT_MR 4
#define PORT_NR 8

/* A(i, p) of the product's A, B(p, j) of its B */
#define A_AT(i, p) (transa ? A[(p) * lda + (i)] : A[(i) * lda + (p)])
#define B_AT(p, j) (transb ? B[(j) * ldb + (p)] : B[(p) * ldb + (j)])

#define GEMM_DEFINE(T, SUF, FMA)                                               \
  typedef void (*panel_##SUF##_fn)(int64_t mc, int64_t kc, const T *a,         \
                                   int64_t ars, int64_t acs, const T *pb,      \
                                   int64_t bs, int n, T *c, int64_t ldc,       \
                                   int load_c);                                \
  typedef void (*pack_##SUF##_fn)(int transb, const T *B, int64_t ldb,         \
                                  int64_t p0, int64_t kc, int64_t j0, int n,   \
                                  T *dst);                                     \
  typedef void (*ep_##SUF##_fn)(const msrt_epilogue *ep, int per_row, T *c,    \
                                int64_t ldc, int64_t m, int64_t n, int64_t i0, \
                                int64_t j0);                                   \
  typedef void (*gemv_##SUF##_fn)(int transb, int64_t N, int64_t K,            \
                                  const T *a, int64_t inca, const T *B,        \
                                  int64_t ldb, const T *Bp, T *c, int load_c); \
  /* A^T's block (rows [0, mc) of A^T, its columns [0, kc)) as rows of kcb: \
   * apk[i * kcb + p] = a[p * lda + i] (a: A at the block's corner) */      \
  typedef void (*at_##SUF##_fn)(const T *a, int64_t lda, int64_t mc,           \
                                int64_t kc, T *apk, int64_t kcb);              \
  typedef struct {                                                             \
    int mr, kc; /* row tile, largest depth block */                          \
    panel_##SUF##_fn panel;                                                    \
    pack_##SUF##_fn pack;                                                      \
    ep_##SUF##_fn ep;                                                          \
    gemv_##SUF##_fn gemv;                                                      \
    at_##SUF##_fn at;                                                          \
  } Kset_##SUF;                                                                \
                                                                               \
  static void at_copy_##SUF(const T *a, int64_t lda, int64_t mc, int64_t kc,   \
                            T *apk, int64_t kcb) {                             \
    int64_t i_, p_;                                                            \
    for (p_ = 0; p_ < kc; p_++)                                                \
      for (i_ = 0; i_ < mc; i_++) apk[i_ * kcb + p_] = a[p_ * lda + i_];       \
  }                                                                            \
                                                                               \
  /* dst[p * n + j] = op(B)(p0 + p, j0 + j), B(p, j) = transb ? B[j*ldb +    \
   * p] : B[p*ldb + j]. */                                                     \
  static void pack_panel_##SUF(int transb, const T *B, int64_t ldb,            \
                               int64_t p0, int64_t kc, int64_t j0, int n,      \
                               T *dst) {                                       \
    int64_t p;                                                                 \
    int j;                                                                     \
    if (!transb) {                                                             \
      const T *src = B + p0 * ldb + j0;                                        \
      for (p = 0; p < kc; p++, src += ldb, dst += n)                           \
        for (j = 0; j < n; j++) dst[j] = src[j];                               \
    } else {                                                                   \
      const T *src = B + j0 * ldb + p0;                                        \
      for (p = 0; p < kc; p++, dst += n)                                       \
        for (j = 0; j < n; j++) dst[j] = src[j * ldb + p];                     \
    }                                                                          \
  }                                                                            \
                                                                               \
  static void smk_port_##SUF(int64_t kc, const T *a, int64_t ars,              \
                             int64_t acs, const T *pb, int64_t bs, T *c,       \
                             int64_t ldc, int m, int n, int load_c) {          \
    T acc[PORT_MR * PORT_NR];                                                  \
    int64_t p;                                                                 \
    int i, j;                                                                  \
    for (i = 0; i < PORT_MR * PORT_NR; i++) acc[i] = 0;                        \
    if (load_c)                                                                \
      for (i = 0; i < m; i++)                                                  \
        for (j = 0; j < n; j++) acc[i * PORT_NR + j] = c[i * ldc + j];         \
    if (m == PORT_MR && n == PORT_NR) {                                        \
      for (p = 0; p < kc; p++, pb += bs)                                       \
        for (i = 0; i < PORT_MR; i++) {                                        \
          T av = a[i * ars + p * acs];                                         \
          for (j = 0; j < PORT_NR; j++)                                        \
            acc[i * PORT_NR + j] = FMA(av, pb[j], acc[i * PORT_NR + j]);       \
        }                                                                      \
    } else {                                                                   \
      for (p = 0; p < kc; p++, pb += bs)                                       \
        for (i = 0; i < m; i++) {                                              \
          T av = a[i * ars + p * acs];                                         \
          for (j = 0; j < n; j++)                                              \
            acc[i * PORT_NR + j] = FMA(av, pb[j], acc[i * PORT_NR + j]);       \
        }                                                                      \
    }                                                                          \
    for (i = 0; i < m; i++)                                                    \
      for (j = 0; j < n; j++) c[i * ldc + j] = acc[i * PORT_NR + j];           \
  }                                                                            \
                                                                               \
  static void panel_port_##SUF(int64_t mc, int64_t kc, const T *a,             \
                               int64_t ars, int64_t acs, const T *pb,          \
                               int64_t bs, int n, T *c, int64_t ldc,           \
                               int load_c) {                                   \
    int64_t ir;                                                                \
    int q;                                                                     \
    for (ir = 0; ir < mc; ir += PORT_MR)                                       \
      for (q = 0; q < n; q += PORT_NR)                                         \
        smk_port_##SUF(kc, a + ir * ars, ars, acs, pb + q, bs,                 \
                       c + ir * ldc + q, ldc, (int)min64(PORT_MR, mc - ir),    \
                       n - q < PORT_NR ? n - q : PORT_NR, load_c);             \
  }                                                                            \
                                                                               \
  /* ws == NULL: the chain kept in C itself (i-p-j). */                        \
  static void gemm_simple_##SUF(int transa, int transb, int64_t M, int64_t N,  \
                                int64_t K, const T *A, int64_t lda,            \
                                const T *B, int64_t ldb, T *C, int64_t ldc,    \
                                int load_c) {                                  \
    int64_t i, j, p;                                                           \
    for (i = 0; i < M; i++) {                                                  \
      T *ci = C + i * ldc;                                                     \
      if (!load_c)                                                             \
        for (j = 0; j < N; j++) ci[j] = 0;                                     \
      for (p = 0; p < K; p++) {                                                \
        T av = A_AT(i, p);                                                     \
        for (j = 0; j < N; j++) ci[j] = FMA(av, B_AT(p, j), ci[j]);            \
      }                                                                        \
    }                                                                          \
  }                                                                            \
                                                                               \
  /* C = alpha * chain + beta * C (beta == 0: C not read), 64 columns of a   \
   * row at a time. */                                                         \
  static void gemm_general_##SUF(int transa, int transb, int64_t M,            \
                                 int64_t N, int64_t K, T alpha, const T *A,    \
                                 int64_t lda, const T *B, int64_t ldb, T beta, \
                                 T *C, int64_t ldc) {                          \
    int64_t i, j0, p;                                                          \
    int j, n;                                                                  \
    for (i = 0; i < M; i++)                                                    \
      for (j0 = 0; j0 < N; j0 += 64) {                                         \
        T acc[64], *ci = C + i * ldc + j0;                                     \
        n = (int)min64(64, N - j0);                                            \
        for (j = 0; j < n; j++) acc[j] = 0;                                    \
        for (p = 0; p < K; p++) {                                              \
          T av = A_AT(i, p);                                                   \
          for (j = 0; j < n; j++) acc[j] = FMA(av, B_AT(p, j0 + j), acc[j]);   \
        }                                                                      \
        for (j = 0; j < n; j++)                                                \
          ci[j] = beta == 0 ? alpha * acc[j] : alpha * acc[j] + beta * ci[j];  \
      }                                                                        \
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
  /* Asks for the B panel [p0, p0+kc) x [j0, j0+n) the next panel step     \
   * reads while this one computes (B as is or B^T; a packed B is one       \
   * sequential stream the hardware prefetchers follow). */                  \
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
  /* The product for the panels [jp0, jp1) of C's columns (in units of PW).  \
   * Bp: B packed (msrt_gemm_pack_b_SUF); else B with transb, packed a       \
   * panel at a time into ws (or read in place). */                          \
  typedef struct {                                                             \
    const Kset_##SUF *ks;                                                      \
    int transa, transb, load_c, per_row;                                       \
    int64_t M, N, K, lda, ldb, ldc;                                            \
    const T *A, *B, *Bp;                                                       \
    T *C;                                                                      \
    const msrt_epilogue *ep;                                                   \
  } Gemm_##SUF;                                                                \
                                                                               \
  static void gemm_panels_##SUF(const Gemm_##SUF *g, int64_t jp0,              \
                                int64_t jp1, void *ws) {                       \
    const Kset_##SUF *ks = g->ks;                                              \
    const int64_t K = g->K, M = g->M, N = g->N, ldb = g->ldb, ldc = g->ldc;    \
    const int64_t kcb = balanced(K, ks->kc, 1);                                \
    GEMM_APK_DECL(T)                                                           \
    const int64_t mcb = balanced(                                              \
        M, apk ? min64(MC_MAX, GEMM_APK_BYTES / (int64_t)sizeof(T) / kcb / ks->mr * ks->mr) : MC_MAX, \
        ks->mr);                                                               \
    const int64_t ars = apk ? kcb : g->transa ? 1 : g->lda;                    \
    const int64_t acs = apk ? 1 : g->transa ? g->lda : 1;                      \
    const int64_t j1 = min64(N, jp1 * PW_##SUF);                               \
    T *pbuf = ws ? (T *)align_ws(ws) : (T *)0;                                 \
    int64_t ic, pc, jr;                                                        \
    for (ic = 0; ic < M; ic += mcb) {                                          \
      int64_t mc = min64(mcb, M - ic);                                         \
      T *c = g->C + ic * ldc;                                                  \
      for (pc = 0; pc < K; pc += kcb) {                                        \
        int64_t kc = min64(kcb, K - pc);                                       \
        int lc = pc == 0 ? g->load_c : 1, last = pc + kc >= K;                 \
        const T *a = apk ? apk : g->A + ic * ars + pc * acs;                   \
        if (apk) /* A^T(ic:ic+mc, pc:pc+kc) as rows of kc */                   \
          ks->at(g->A + pc * g->lda + ic, g->lda, mc, kc, apk, kcb);           \
        for (jr = jp0 * PW_##SUF; jr < j1; jr += PW_##SUF) {                   \
          int n = (int)min64(PW_##SUF, N - jr);                                \
          const T *pb;                                                         \
          int64_t bs;                                                          \
          if (g->Bp) {                                                         \
            pb = g->Bp + jr * K + pc * n;                                      \
            bs = n;                                                            \
          } else if (!g->transb && mc <= INPLACE_TILES * ks->mr) {             \
            pb = g->B + pc * ldb + jr; /* one or two row tiles: in place */   \
            bs = ldb;                                                          \
          } else {                                                             \
            ks->pack(g->transb, g->B, ldb, pc, kc, jr, n, pbuf);               \
            pb = pbuf;                                                         \
            bs = n;                                                            \
          }                                                                    \
          ks->panel(mc, kc, a, ars, acs, pb, bs, n, c + jr, ldc, lc);          \
          if (last && g->ep)                                                   \
            ks->ep(g->ep, g->per_row, c + jr, ldc, mc, n, ic, jr);             \
          if (g->Bp) continue;                                                 \
          if (jr + PW_##SUF < j1)                                              \
            prefetch_b_##SUF(g->transb, g->B, ldb, pc, kc, jr + PW_##SUF,      \
                             min64(PW_##SUF, N - jr - PW_##SUF));              \
          else if (pc + kc < K)                                                \
            prefetch_b_##SUF(g->transb, g->B, ldb, pc + kc,                    \
                             min64(kcb, K - pc - kc), jp0 * PW_##SUF,          \
                             min64(PW_##SUF, N - jp0 * PW_##SUF));             \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  }

GEMM_DEFINE(float, f32, fmaf)
GEMM_DEFINE(double, f64, fma)

/* M == 1 (NAME, with ATTR: the same code compiled for another target). */
#define GEMV_DEFINE(T, SUF, FMA, NAME, ATTR)                                   \
  /* M == 1: c[j] by the chain over p. Bp: packed panels; else B as is       \
   * (rows of op(B) at stride ldb: eight columns at a time) or B^T (four    \
   * rows of B at a time). */                                                  \
  ATTR static void NAME(int transb, int64_t N, int64_t K, const T *a,    \
                              int64_t inca, const T *B, int64_t ldb,           \
                              const T *Bp, T *c, int load_c) {                 \
    int64_t j0, p;                                                             \
    int j, n;                                                                  \
    if (Bp || !transb) {                                                       \
      for (j0 = 0; j0 < N; j0 += PORT_NR) {                                    \
        const T *bp;                                                           \
        int64_t bs;                                                            \
        T acc[PORT_NR];                                                        \
        n = (int)min64(PORT_NR, N - j0);                                       \
        if (Bp) { /* the panel holding column j0 */                           \
          int64_t jp = j0 / PW_##SUF * PW_##SUF;                               \
          bs = min64(PW_##SUF, N - jp);                                        \
          bp = Bp + jp * K + (j0 - jp);                                        \
        } else {                                                               \
          bs = ldb;                                                            \
          bp = B + j0;                                                         \
        }                                                                      \
        for (j = 0; j < n; j++) acc[j] = load_c ? c[j0 + j] : (T)0;            \
        if (n == PORT_NR) {                                                    \
          for (p = 0; p < K; p++, bp += bs) {                                  \
            T av = a[p * inca];                                                \
            for (j = 0; j < PORT_NR; j++) acc[j] = FMA(av, bp[j], acc[j]);     \
          }                                                                    \
        } else {                                                               \
          for (p = 0; p < K; p++, bp += bs) {                                  \
            T av = a[p * inca];                                                \
            for (j = 0; j < n; j++) acc[j] = FMA(av, bp[j], acc[j]);           \
          }                                                                    \
        }                                                                      \
        for (j = 0; j < n; j++) c[j0 + j] = acc[j];                            \
      }                                                                        \
    } else {                                                                   \
      for (j0 = 0; j0 < N; j0 += 4) {                                         \
        T acc[4];                                                              \
        n = (int)min64(4, N - j0);                                             \
        for (j = 0; j < n; j++) acc[j] = load_c ? c[j0 + j] : (T)0;            \
        if (n == 4) {                                                          \
          const T *b0 = B + j0 * ldb, *b1 = b0 + ldb, *b2 = b1 + ldb,          \
                  *b3 = b2 + ldb;                                              \
          for (p = 0; p < K; p++) {                                            \
            T av = a[p * inca];                                                \
            acc[0] = FMA(av, b0[p], acc[0]);                                   \
            acc[1] = FMA(av, b1[p], acc[1]);                                   \
            acc[2] = FMA(av, b2[p], acc[2]);                                   \
            acc[3] = FMA(av, b3[p], acc[3]);                                   \
          }                                                                    \
        } else {                                                               \
          for (j = 0; j < n; j++) {                                            \
            const T *bj = B + (j0 + j) * ldb;                                  \
            for (p = 0; p < K; p++) acc[j] = FMA(a[p * inca], bj[p], acc[j]);  \
          }                                                                    \
        }                                                                      \
        for (j = 0; j < n; j++) c[j0 + j] = acc[j];                            \
      }                                                                        \
    }                                                                          \
  }

GEMV_DEFINE(float, f32, fmaf, gemv_port_f32, )
GEMV_DEFINE(double, f64, fma, gemv_port_f64, )

static const Kset_f32 kset_port_f32 = {PORT_MR, KC_MAX, panel_port_f32, pack_panel_f32, ep_apply_f32,
                                       gemv_port_f32, at_copy_f32};
static const Kset_f64 kset_port_f64 = {PORT_MR, KC_MAX, panel_port_f64, pack_panel_f64, ep_apply_f64,
                                       gemv_port_f64, at_copy_f64};

/* ===================================================================
 * x86-64: AVX2 + FMA and AVX-512F kernels
 * =================================================================== */
#ifdef GEMM_X86

/* f64 M == 1: the portable code compiled for AVX2+FMA (fma inline). */
GEMV_DEFINE(double, f64, fma, gemv_fma_f64, AVX2)

/* Column masks for a partial 16-wide tile: lanes j < n (and j < n - 8). */
AVX2 static inline __attribute__((always_inline)) __m256i mask8_ps(int n) {
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
AVX2 static inline __attribute__((always_inline)) __m256i mask4_pd(int n) {
  return _mm256_cmpgt_epi64(_mm256_set1_epi64x(n), _mm256_setr_epi64x(0, 1, 2, 3));
}

/* ---- AVX2 float: 6 x 16 tiles over a 32-wide panel (two halves) ---- */

#define LDF(p, k) (MASKED ? _mm256_maskload_ps((p), (k)) : _mm256_loadu_ps(p))
#define STF(p, k, v)                                                           \
  do {                                                                         \
    if (MASKED) _mm256_maskstore_ps((p), (k), (v));                            \
    else _mm256_storeu_ps((p), (v));                                           \
  } while (0)

/* A's rows, for both AVX2 kernels (MR and AM are the kernel's constants):
 * AM 1, A row-major (acs == 1): a pointer per row, the unrolled steps at
 * constant offsets from it; AM 2, A^T (ars == 1): one pointer, the rows at
 * constant offsets; AM 0, any strides: a pointer per row moved by acs.
 * (GCC kept the 24 row-and-step offsets of the generic form on the stack:
 * a load before every broadcast made the kernel load-bound.) */
#define A2_AP(i, u) (AM == 2 ? ap0 + (i) : AM == 1 ? ap##i + (u) : ap##i)
#define A2_ADV(i, d)                                                           \
  do {                                                                         \
    if (MR > (i) && (AM != 2 || (i) == 0)) ap##i += (d);                       \
  } while (0)
#define A2_ADVALL(d)                                                           \
  do {                                                                         \
    A2_ADV(0, d); A2_ADV(1, d); A2_ADV(2, d);                                  \
    A2_ADV(3, d); A2_ADV(4, d); A2_ADV(5, d);                                  \
  } while (0)
#define A2_ROWPTRS(T)                                                          \
  const T *ap0 = a, *ap1 = MR > 1 ? a + ars : a, *ap2 = MR > 2 ? a + 2 * ars : a; \
  const T *ap3 = MR > 3 ? a + 3 * ars : a, *ap4 = MR > 4 ? a + 4 * ars : a;    \
  const T *ap5 = MR > 5 ? a + 5 * ars : a
/* the k loop: 4 steps at a time, then the rest (STEP(u): step u of 4) */
#define A2_KLOOP(STEP)                                                         \
  do {                                                                         \
    for (; p >= 4; p -= 4) {                                                   \
      STEP(0); STEP(1); STEP(2); STEP(3);                                      \
      if (AM == 1) A2_ADVALL(4);                                               \
    }                                                                          \
    for (; p > 0; p--) {                                                       \
      STEP(0);                                                                 \
      if (AM == 1) A2_ADVALL(1);                                               \
    }                                                                          \
    (void)ap1; (void)ap2; (void)ap3; (void)ap4; (void)ap5;                     \
  } while (0)
/* CALLM(R, AM) with the AM of the strides */
#define A2_DISPATCH(CALLM, R)                                                  \
  do {                                                                         \
    if (acs == 1) CALLM(R, 1);                                                 \
    else if (ars == 1) CALLM(R, 2);                                            \
    else CALLM(R, 0);                                                          \
  } while (0)
#define A2F_ROW(i, u)                                                          \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      __m256 ai = _mm256_broadcast_ss(A2_AP(i, u));  \
      c##i##0 = _mm256_fmadd_ps(ai, b0, c##i##0);                              \
      c##i##1 = _mm256_fmadd_ps(ai, b1, c##i##1);                              \
    }                                                                          \
  } while (0)
#define A2F_STEP(u)                                                            \
  do {                                                                         \
    __m256 b0 = LDF(pb, k0), b1 = LDF(pb + 8, k1);                             \
    A2F_ROW(0, u); A2F_ROW(1, u); A2F_ROW(2, u);                               \
    A2F_ROW(3, u); A2F_ROW(4, u); A2F_ROW(5, u);                               \
    if (AM != 1) A2_ADVALL(acs);                                             \
    pb += bs;                                                                  \
  } while (0)
#define A2F_LOADC(i)                                                           \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      c##i##0 = LDF(c + (i) * ldc, k0);                                        \
      c##i##1 = LDF(c + (i) * ldc + 8, k1);                                    \
    }                                                                          \
  } while (0)
#define A2F_STOREC(i)                                                          \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      STF(c + (i) * ldc, k0, c##i##0);                                         \
      STF(c + (i) * ldc + 8, k1, c##i##1);                                     \
    }                                                                          \
  } while (0)

/* C[0:MR, 0:16] (or 0:n, MASKED) (+)= A(0:MR, 0:kc) panel; MR, MASKED and
 * AM are constants after inlining. */
AVX2 static inline __attribute__((always_inline)) void
smk_avx2_f32(const int MR, const int MASKED, const int AM, int64_t kc, const float *a,
             int64_t ars, int64_t acs, const float *pb, int64_t bs, float *c, int64_t ldc,
             int n, int load_c) {
  __m256i k0 = _mm256_setzero_si256(), k1 = k0;
  __m256 c00 = _mm256_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
  __m256 c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
  A2_ROWPTRS(float);
  int64_t p = kc;
  if (MASKED) {
    k0 = mask8_ps(n);
    k1 = mask8_ps(n - 8);
  }
  if (load_c) {
    A2F_LOADC(0); A2F_LOADC(1); A2F_LOADC(2);
    A2F_LOADC(3); A2F_LOADC(4); A2F_LOADC(5);
  }
  A2_KLOOP(A2F_STEP);
  A2F_STOREC(0); A2F_STOREC(1); A2F_STOREC(2);
  A2F_STOREC(3); A2F_STOREC(4); A2F_STOREC(5);
}

#define A2F_CALLM(R, AM)                                                       \
  do {                                                                         \
    if (w == 16)                                                               \
      smk_avx2_f32(R, 0, AM, kc, a, ars, acs, pb + h, bs, c + h, ldc, 16, load_c); \
    else                                                                       \
      smk_avx2_f32(R, 1, AM, kc, a, ars, acs, pb + h, bs, c + h, ldc, w, load_c); \
  } while (0)
#define A2F_CALL(R) A2_DISPATCH(A2F_CALLM, R)

AVX2 static void panel_avx2_f32(int64_t mc, int64_t kc, const float *a, int64_t ars,
                                int64_t acs, const float *pb, int64_t bs, int n, float *c,
                                int64_t ldc, int load_c) {
  int64_t ir;
  int h, w;
  for (ir = 0; ir + 6 <= mc; ir += 6, a += 6 * ars, c += 6 * ldc)
    for (h = 0; h < n; h += 16) {
      w = n - h < 16 ? n - h : 16;
      A2F_CALL(6);
    }
  if (ir < mc)
    for (h = 0; h < n; h += 16) {
      w = n - h < 16 ? n - h : 16;
      switch (mc - ir) {
      case 5: A2F_CALL(5); break;
      case 4: A2F_CALL(4); break;
      case 3: A2F_CALL(3); break;
      case 2: A2F_CALL(2); break;
      default: A2F_CALL(1); break;
      }
    }
  _mm256_zeroupper();
}

/* ---- AVX2 double: 6 x 8 tiles over a 16-wide panel ---- */

#define LDD(p, k) (MASKED ? _mm256_maskload_pd((p), (k)) : _mm256_loadu_pd(p))
#define STD_(p, k, v)                                                          \
  do {                                                                         \
    if (MASKED) _mm256_maskstore_pd((p), (k), (v));                            \
    else _mm256_storeu_pd((p), (v));                                           \
  } while (0)
#define A2D_ROW(i, u)                                                          \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      __m256d ai = _mm256_broadcast_sd(A2_AP(i, u));  \
      c##i##0 = _mm256_fmadd_pd(ai, b0, c##i##0);                              \
      c##i##1 = _mm256_fmadd_pd(ai, b1, c##i##1);                              \
    }                                                                          \
  } while (0)
#define A2D_STEP(u)                                                            \
  do {                                                                         \
    __m256d b0 = LDD(pb, k0), b1 = LDD(pb + 4, k1);                             \
    A2D_ROW(0, u); A2D_ROW(1, u); A2D_ROW(2, u);                               \
    A2D_ROW(3, u); A2D_ROW(4, u); A2D_ROW(5, u);                               \
    if (AM != 1) A2_ADVALL(acs);                                             \
    pb += bs;                                                                  \
  } while (0)
#define A2D_LOADC(i)                                                           \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      c##i##0 = LDD(c + (i) * ldc, k0);                                        \
      c##i##1 = LDD(c + (i) * ldc + 4, k1);                                    \
    }                                                                          \
  } while (0)
#define A2D_STOREC(i)                                                          \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      STD_(c + (i) * ldc, k0, c##i##0);                                         \
      STD_(c + (i) * ldc + 4, k1, c##i##1);                                     \
    }                                                                          \
  } while (0)

/* C[0:MR, 0:8] (or 0:n, MASKED) (+)= A(0:MR, 0:kc) panel; MR, MASKED and
 * AM are constants after inlining. */
AVX2 static inline __attribute__((always_inline)) void
smk_avx2_f64(const int MR, const int MASKED, const int AM, int64_t kc, const double *a,
             int64_t ars, int64_t acs, const double *pb, int64_t bs, double *c, int64_t ldc,
             int n, int load_c) {
  __m256i k0 = _mm256_setzero_si256(), k1 = k0;
  __m256d c00 = _mm256_setzero_pd(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
  __m256d c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
  A2_ROWPTRS(double);
  int64_t p = kc;
  if (MASKED) {
    k0 = mask4_pd(n);
    k1 = mask4_pd(n - 4);
  }
  if (load_c) {
    A2D_LOADC(0); A2D_LOADC(1); A2D_LOADC(2);
    A2D_LOADC(3); A2D_LOADC(4); A2D_LOADC(5);
  }
  A2_KLOOP(A2D_STEP);
  A2D_STOREC(0); A2D_STOREC(1); A2D_STOREC(2);
  A2D_STOREC(3); A2D_STOREC(4); A2D_STOREC(5);
}

#define A2D_CALLM(R, AM)                                                       \
  do {                                                                         \
    if (w == 8)                                                               \
      smk_avx2_f64(R, 0, AM, kc, a, ars, acs, pb + h, bs, c + h, ldc, 8, load_c); \
    else                                                                       \
      smk_avx2_f64(R, 1, AM, kc, a, ars, acs, pb + h, bs, c + h, ldc, w, load_c); \
  } while (0)
#define A2D_CALL(R) A2_DISPATCH(A2D_CALLM, R)

AVX2 static void panel_avx2_f64(int64_t mc, int64_t kc, const double *a, int64_t ars,
                                int64_t acs, const double *pb, int64_t bs, int n, double *c,
                                int64_t ldc, int load_c) {
  int64_t ir;
  int h, w;
  for (ir = 0; ir + 6 <= mc; ir += 6, a += 6 * ars, c += 6 * ldc)
    for (h = 0; h < n; h += 8) {
      w = n - h < 8 ? n - h : 8;
      A2D_CALL(6);
    }
  if (ir < mc)
    for (h = 0; h < n; h += 8) {
      w = n - h < 8 ? n - h : 8;
      switch (mc - ir) {
      case 5: A2D_CALL(5); break;
      case 4: A2D_CALL(4); break;
      case 3: A2D_CALL(3); break;
      case 2: A2D_CALL(2); break;
      default: A2D_CALL(1); break;
      }
    }
  _mm256_zeroupper();
}

/* ---- AVX-512F: 8 x 32 float, 8 x 16 double (the whole panel) ---- */

#define L5F(p, k) (MASKED ? _mm512_maskz_loadu_ps((k), (p)) : _mm512_loadu_ps(p))
#define S5F(p, k, v)                                                           \
  do {                                                                         \
    if (MASKED) _mm512_mask_storeu_ps((p), (k), (v));                          \
    else _mm512_storeu_ps((p), (v));                                           \
  } while (0)
#define A5F_ROW(i)                                                             \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      __m512 ai = _mm512_set1_ps(a[(i) * ars]);                                \
      c##i##0 = _mm512_fmadd_ps(ai, b0, c##i##0);                              \
      if (TWO) c##i##1 = _mm512_fmadd_ps(ai, b1, c##i##1);                     \
    }                                                                          \
  } while (0)
#define A5F_STEP()                                                             \
  do {                                                                         \
    __m512 b0 = L5F(pb, k0), b1 = TWO ? L5F(pb + 16, k1) : b0;                 \
    A5F_ROW(0); A5F_ROW(1); A5F_ROW(2); A5F_ROW(3);                            \
    A5F_ROW(4); A5F_ROW(5); A5F_ROW(6); A5F_ROW(7);                            \
    a += acs;                                                                  \
    pb += bs;                                                                  \
  } while (0)
#define A5F_LOADC(i)                                                           \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      c##i##0 = L5F(c + (i) * ldc, k0);                                        \
      if (TWO) c##i##1 = L5F(c + (i) * ldc + 16, k1);                          \
    }                                                                          \
  } while (0)
#define A5F_STOREC(i)                                                          \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      S5F(c + (i) * ldc, k0, c##i##0);                                         \
      if (TWO) S5F(c + (i) * ldc + 16, k1, c##i##1);                           \
    }                                                                          \
  } while (0)

/* Lanes j < n of a 16-lane mask. */
static __mmask16 mask16(int n) {
  unsigned m = n <= 0 ? 0u : n >= 16 ? 0xffffu : (1u << n) - 1u;
  return (__mmask16)m;
}
static __mmask8 mask8(int n) {
  unsigned m = n <= 0 ? 0u : n >= 8 ? 0xffu : (1u << n) - 1u;
  return (__mmask8)m;
}

AVX512 static inline __attribute__((always_inline)) void
smk_avx512_f32(const int MR, const int MASKED, const int TWO, int64_t kc, const float *a,
               int64_t ars, int64_t acs, const float *pb, int64_t bs, float *c, int64_t ldc, int n,
               int load_c) {
  __mmask16 k0 = mask16(n), k1 = mask16(n - 16);
  __m512 c00 = _mm512_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
  __m512 c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
  __m512 c60 = c00, c61 = c00, c70 = c00, c71 = c00;
  int64_t p = kc;
  if (load_c) {
    A5F_LOADC(0); A5F_LOADC(1); A5F_LOADC(2); A5F_LOADC(3);
    A5F_LOADC(4); A5F_LOADC(5); A5F_LOADC(6); A5F_LOADC(7);
  }
  for (; p >= 4; p -= 4) {
    A5F_STEP();
    A5F_STEP();
    A5F_STEP();
    A5F_STEP();
  }
  for (; p > 0; p--) A5F_STEP();
  A5F_STOREC(0); A5F_STOREC(1); A5F_STOREC(2); A5F_STOREC(3);
  A5F_STOREC(4); A5F_STOREC(5); A5F_STOREC(6); A5F_STOREC(7);
}

/* TWO = 0: n fits the first vector of the panel (the N = 10 layer), so
 * the second vector's loads and FMAs, all masked off, are skipped. */
#define A5_CALL(SUF, R, FULL)                                                  \
  do {                                                                         \
    if (n == FULL)                                                             \
      smk_avx512_##SUF(R, 0, 1, kc, a, ars, acs, pb, bs, c, ldc, FULL,        \
                       load_c);                                                \
    else if (2 * n > FULL)                                                     \
      smk_avx512_##SUF(R, 1, 1, kc, a, ars, acs, pb, bs, c, ldc, n, load_c);   \
    else                                                                       \
      smk_avx512_##SUF(R, 1, 0, kc, a, ars, acs, pb, bs, c, ldc, n, load_c);   \
  } while (0)
#define PANEL_AVX512(T, SUF, FULL)                                             \
  AVX512 static void panel_avx512_##SUF(int64_t mc, int64_t kc, const T *a,    \
                                        int64_t ars, int64_t acs, const T *pb, \
                                        int64_t bs, int n, T *c, int64_t ldc,  \
                                        int load_c) {                          \
    int64_t ir = 0;                                                            \
    NARROW_##SUF();                                                            \
    for (; ir + 8 <= mc; ir += 8, a += 8 * ars, c += 8 * ldc)                  \
      A5_CALL(SUF, 8, FULL);                                                   \
    switch (mc - ir) {                                                         \
    case 7: A5_CALL(SUF, 7, FULL); break;                                      \
    case 6: A5_CALL(SUF, 6, FULL); break;                                      \
    case 5: A5_CALL(SUF, 5, FULL); break;                                      \
    case 4: A5_CALL(SUF, 4, FULL); break;                                      \
    case 3: A5_CALL(SUF, 3, FULL); break;                                      \
    case 2: A5_CALL(SUF, 2, FULL); break;                                      \
    case 1: A5_CALL(SUF, 1, FULL); break;                                      \
    default: break;                                                            \
    }                                                                          \
    _mm256_zeroupper();                                                        \
  }

#define L5D(p, k) (MASKED ? _mm512_maskz_loadu_pd((k), (p)) : _mm512_loadu_pd(p))
#define S5D(p, k, v)                                                           \
  do {                                                                         \
    if (MASKED) _mm512_mask_storeu_pd((p), (k), (v));                          \
    else _mm512_storeu_pd((p), (v));                                           \
  } while (0)
#define A5D_ROW(i)                                                             \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      __m512d ai = _mm512_set1_pd(a[(i) * ars]);                               \
      c##i##0 = _mm512_fmadd_pd(ai, b0, c##i##0);                              \
      if (TWO) c##i##1 = _mm512_fmadd_pd(ai, b1, c##i##1);                     \
    }                                                                          \
  } while (0)
#define A5D_STEP()                                                             \
  do {                                                                         \
    __m512d b0 = L5D(pb, k0), b1 = TWO ? L5D(pb + 8, k1) : b0;                 \
    A5D_ROW(0); A5D_ROW(1); A5D_ROW(2); A5D_ROW(3);                            \
    A5D_ROW(4); A5D_ROW(5); A5D_ROW(6); A5D_ROW(7);                            \
    a += acs;                                                                  \
    pb += bs;                                                                  \
  } while (0)
#define A5D_LOADC(i)                                                           \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      c##i##0 = L5D(c + (i) * ldc, k0);                                        \
      if (TWO) c##i##1 = L5D(c + (i) * ldc + 8, k1);                           \
    }                                                                          \
  } while (0)
#define A5D_STOREC(i)                                                          \
  do {                                                                         \
    if (MR > (i)) {                                                            \
      S5D(c + (i) * ldc, k0, c##i##0);                                         \
      if (TWO) S5D(c + (i) * ldc + 8, k1, c##i##1);                            \
    }                                                                          \
  } while (0)

AVX512 static inline __attribute__((always_inline)) void
smk_avx512_f64(const int MR, const int MASKED, const int TWO, int64_t kc, const double *a,
               int64_t ars, int64_t acs, const double *pb, int64_t bs, double *c, int64_t ldc, int n,
               int load_c) {
  __mmask8 k0 = mask8(n), k1 = mask8(n - 8);
  __m512d c00 = _mm512_setzero_pd(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
  __m512d c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
  __m512d c60 = c00, c61 = c00, c70 = c00, c71 = c00;
  int64_t p = kc;
  if (load_c) {
    A5D_LOADC(0); A5D_LOADC(1); A5D_LOADC(2); A5D_LOADC(3);
    A5D_LOADC(4); A5D_LOADC(5); A5D_LOADC(6); A5D_LOADC(7);
  }
  for (; p >= 4; p -= 4) {
    A5D_STEP();
    A5D_STEP();
    A5D_STEP();
    A5D_STEP();
  }
  for (; p > 0; p--) A5D_STEP();
  A5D_STOREC(0); A5D_STOREC(1); A5D_STOREC(2); A5D_STOREC(3);
  A5D_STOREC(4); A5D_STOREC(5); A5D_STOREC(6); A5D_STOREC(7);
}

/* float, n <= 16 (the N = 10 layer): 16-row tiles of one vector each, so
 * sixteen independent chains cover the FMA latency on both ports (eight
 * rows left half the FMA slots idle) and each B row loaded serves
 * sixteen rows of A; the rows left over take the 8-row tiles below. */
/* Row i = 4q + r of the tile is read at aq + sr (four row pointers and
 * three strides, spelled out: with a[i * ars] for sixteen rows GCC ran out
 * of registers and chained fifteen dependent adds per step). */
#define A5N_ROW(i, q, r)                                                       \
  do {                                                                         \
    if (MR > (i)) d##i = _mm512_fmadd_ps(_mm512_set1_ps(a##q[s##r]), b0, d##i); \
  } while (0)
#define A5N_ROWS4(X)                                                           \
  X(0, 0, 0); X(1, 0, 1); X(2, 0, 2); X(3, 0, 3);                              \
  X(4, 1, 0); X(5, 1, 1); X(6, 1, 2); X(7, 1, 3);                              \
  X(8, 2, 0); X(9, 2, 1); X(10, 2, 2); X(11, 2, 3);                            \
  X(12, 3, 0); X(13, 3, 1); X(14, 3, 2); X(15, 3, 3)
#define A5N_ROWS(X)                                                            \
  X(0); X(1); X(2); X(3); X(4); X(5); X(6); X(7);                              \
  X(8); X(9); X(10); X(11); X(12); X(13); X(14); X(15)
#define A5N_STEP()                                                             \
  do {                                                                         \
    __m512 b0 = _mm512_maskz_loadu_ps(k0, pb);                                 \
    A5N_ROWS4(A5N_ROW);                                                        \
    a0 += acs;                                                                 \
    a1 += acs;                                                                 \
    a2 += acs;                                                                 \
    a3 += acs;                                                                 \
    pb += bs;                                                                  \
  } while (0)
#define A5N_LOADC(i)                                                           \
  do {                                                                         \
    if (MR > (i)) d##i = _mm512_maskz_loadu_ps(k0, c + (i) * ldc);             \
  } while (0)
#define A5N_STOREC(i)                                                          \
  do {                                                                         \
    if (MR > (i)) _mm512_mask_storeu_ps(c + (i) * ldc, k0, d##i);              \
  } while (0)

AVX512 static inline __attribute__((always_inline)) void
smk_avx512n_f32(const int MR, int64_t kc, const float *a, int64_t ars, int64_t acs,
                const float *pb, int64_t bs, float *c, int64_t ldc, int n, int load_c) {
  __mmask16 k0 = mask16(n);
  __m512 d0 = _mm512_setzero_ps(), d1 = d0, d2 = d0, d3 = d0, d4 = d0, d5 = d0, d6 = d0, d7 = d0;
  __m512 d8 = d0, d9 = d0, d10 = d0, d11 = d0, d12 = d0, d13 = d0, d14 = d0, d15 = d0;
  const float *a0 = a, *a1 = a + 4 * ars, *a2 = a + 8 * ars, *a3 = a + 12 * ars;
  const int64_t s0 = 0, s1 = ars, s2 = 2 * ars, s3 = 3 * ars;
  int64_t p = kc;
  if (load_c) {
    A5N_ROWS(A5N_LOADC);
  }
  for (; p >= 2; p -= 2) {
    A5N_STEP();
    A5N_STEP();
  }
  if (p) A5N_STEP();
  A5N_ROWS(A5N_STOREC);
}

#define NARROW_f32()                                                           \
  if (2 * n <= 32)                                                             \
    for (; ir + 16 <= mc; ir += 16, a += 16 * ars, c += 16 * ldc)              \
      smk_avx512n_f32(16, kc, a, ars, acs, pb, bs, c, ldc, n, load_c)
#define NARROW_f64() ((void)0)

PANEL_AVX512(float, f32, 32)
PANEL_AVX512(double, f64, 16)

/* ---- packing B panels (AVX2; the AVX-512 set uses these too) ---- */

/* Column block [k, k+8) of 8 rows s[0..7] of B^T (row r at s + r*ldb),
 * transposed into 8 panel rows of stride ds at d (d[k*ds + r] =
 * s[r*ldb + k]). The rows are loaded as 128-bit halves paired by
 * vinsertf128 (rows r and r+4 share a register), so the transpose needs
 * two shuffle stages instead of three. */
#define TR_LD(S, L, r, k)                                                      \
  _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps((S) + (r) * (L) + (k))), \
                       _mm_loadu_ps((S) + ((r) + 4) * (L) + (k)), 1)
#define TR8X8(S, L, OUT)                                                       \
  do {                                                                         \
    __m256 r0 = TR_LD(S, L, 0, 0), r1 = TR_LD(S, L, 1, 0);                     \
    __m256 r2 = TR_LD(S, L, 2, 0), r3 = TR_LD(S, L, 3, 0);                     \
    __m256 r4 = TR_LD(S, L, 0, 4), r5 = TR_LD(S, L, 1, 4);                     \
    __m256 r6 = TR_LD(S, L, 2, 4), r7 = TR_LD(S, L, 3, 4);                     \
    __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);   \
    __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);   \
    __m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);   \
    __m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);   \
    OUT(0, _mm256_shuffle_ps(t0, t2, 0x44));                                   \
    OUT(1, _mm256_shuffle_ps(t0, t2, 0xee));                                   \
    OUT(2, _mm256_shuffle_ps(t1, t3, 0x44));                                   \
    OUT(3, _mm256_shuffle_ps(t1, t3, 0xee));                                   \
    OUT(4, _mm256_shuffle_ps(t4, t6, 0x44));                                   \
    OUT(5, _mm256_shuffle_ps(t4, t6, 0xee));                                   \
    OUT(6, _mm256_shuffle_ps(t5, t7, 0x44));                                   \
    OUT(7, _mm256_shuffle_ps(t5, t7, 0xee));                                   \
  } while (0)

AVX2 static inline __attribute__((always_inline)) void
tr8x8_f32(const float *s, int64_t ldb, float *d, int64_t ds) {
#define TR_STORE(k, v) _mm256_storeu_ps(d + (k) * ds, (v))
  TR8X8(s, ldb, TR_STORE);
#undef TR_STORE
}

/* at_copy_f32 by 8x8 transposes (A^T's block for the A^T products: the
 * scalar copy, one strided store per element, was 5 % of dW = dY^T X
 * with K = 64), element by element at the edges */
AVX2 static void at_avx2_f32(const float *a, int64_t lda, int64_t mc, int64_t kc, float *apk, int64_t kcb) {
  int64_t i, p;
  for (i = 0; i + 8 <= mc; i += 8)
    for (p = 0; p + 8 <= kc; p += 8) tr8x8_f32(a + p * lda + i, lda, apk + i * kcb + p, kcb);
  _mm256_zeroupper();
  for (p = 0; p < kc; p++) /* the last kc % 8 columns, then the last mc % 8 rows */
    for (i = p < kc / 8 * 8 ? mc / 8 * 8 : 0; i < mc; i++) apk[i * kcb + p] = a[p * lda + i];
}

/* Full panels (n == 32): vector copies (B as is) or 8x8 transposes (B^T);
 * partial panels and the kc % 8 tail of a transposed one element by
 * element. */
AVX2 static void pack_avx2_f32(int transb, const float *B, int64_t ldb, int64_t p0,
                               int64_t kc, int64_t j0, int n, float *dst) {
  int64_t p;
  if (n != 32 && transb && n >= 8) {
    /* a partial panel of B^T (the N = 10 layer's weight): 8x8 transposes
     * for each whole group of eight rows of B, element by element for
     * the rest (kc % 8 of them, and the n % 8 rows) */
    const float *src = B + j0 * ldb + p0;
    int q, j;
    for (q = 0; q + 8 <= n; q += 8)
      for (p = 0; p + 8 <= kc; p += 8) tr8x8_f32(src + q * ldb + p, ldb, dst + p * n + q, n);
    for (p = 0; p < kc; p++)
      for (j = p < kc / 8 * 8 ? q : 0; j < n; j++) dst[p * n + j] = src[j * ldb + p];
    _mm256_zeroupper();
    return;
  }
  if (n != 32) {
    _mm256_zeroupper();
    pack_panel_f32(transb, B, ldb, p0, kc, j0, n, dst);
    return;
  }
  if (!transb) {
    const float *src = B + p0 * ldb + j0;
    for (p = 0; p < kc; p++, src += ldb, dst += 32) {
      _mm256_storeu_ps(dst, _mm256_loadu_ps(src));
      _mm256_storeu_ps(dst + 8, _mm256_loadu_ps(src + 8));
      _mm256_storeu_ps(dst + 16, _mm256_loadu_ps(src + 16));
      _mm256_storeu_ps(dst + 24, _mm256_loadu_ps(src + 24));
    }
  } else {
    /* sixteen rows of B (sixteen read streams) at a time */
    const float *src = B + j0 * ldb + p0;
    int q;
    for (q = 0; q < 32; q += 16) {
      for (p = 0; p + 8 <= kc; p += 8) {
        tr8x8_f32(src + q * ldb + p, ldb, dst + p * 32 + q, 32);
        tr8x8_f32(src + (q + 8) * ldb + p, ldb, dst + p * 32 + q + 8, 32);
      }
      for (; p < kc; p++) {
        int j;
        for (j = q; j < q + 16; j++) dst[p * 32 + j] = src[j * ldb + p];
      }
    }
  }
  _mm256_zeroupper();
}

/* ---- the epilogue ---- */

/* The epilogue over a block of C, 8 columns at a time for bias and
 * ReLU/ReLU6 (x < 0 ? 0 : x as a compare and mask: nan and -0.0 pass
 * through unchanged, as in the scalar form); the other activations call
 * libm per element in the scalar form. */
AVX2 static void ep_avx2_f32(const msrt_epilogue *ep, int per_row, float *c, int64_t ldc,
                             int64_t m, int64_t n, int64_t i0, int64_t j0) {
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
  _mm256_zeroupper();
}

/* ---- M == 1, float ---- */

/* c[0:n] (n <= 32) by the chain over p, rows of op(B) at bp + p * bs. */
AVX2 static inline __attribute__((always_inline)) void
gemv_strip_f32(const int MASKED, int64_t K, const float *a, int64_t inca, const float *bp,
               int64_t bs, float *c, int n, int load_c) {
  __m256i k0 = _mm256_setzero_si256(), k1 = k0, k2 = k0, k3 = k0;
  __m256 s0 = _mm256_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
  int64_t p;
  if (MASKED) {
    k0 = mask8_ps(n);
    k1 = mask8_ps(n - 8);
    k2 = mask8_ps(n - 16);
    k3 = mask8_ps(n - 24);
  }
  if (load_c) {
    s0 = LDF(c, k0);
    s1 = LDF(c + 8, k1);
    s2 = LDF(c + 16, k2);
    s3 = LDF(c + 24, k3);
  }
  for (p = 0; p < K; p++, bp += bs) {
    __m256 x = _mm256_broadcast_ss(a + p * inca);
    s0 = _mm256_fmadd_ps(x, LDF(bp, k0), s0);
    s1 = _mm256_fmadd_ps(x, LDF(bp + 8, k1), s1);
    s2 = _mm256_fmadd_ps(x, LDF(bp + 16, k2), s2);
    s3 = _mm256_fmadd_ps(x, LDF(bp + 24, k3), s3);
  }
  STF(c, k0, s0);
  STF(c + 8, k1, s1);
  STF(c + 16, k2, s2);
  STF(c + 24, k3, s3);
}

/* c[0:64] by the chain over p, as two unmasked strips of 32 whose rows
 * are at bp0 + p * bs0 and bp1 + p * bs1: eight chains in flight (four
 * wait on the FMA latency, half the FMA units idle), the same chain per
 * output as gemv_strip_f32. */
AVX2 static void gemv_strip2_f32(int64_t K, const float *a, int64_t inca, const float *bp0, int64_t bs0,
                                 const float *bp1, int64_t bs1, float *c, int load_c) {
  __m256 s0 = _mm256_setzero_ps(), s1 = s0, s2 = s0, s3 = s0, s4 = s0, s5 = s0, s6 = s0, s7 = s0;
  int64_t p;
  if (load_c) {
    s0 = _mm256_loadu_ps(c);
    s1 = _mm256_loadu_ps(c + 8);
    s2 = _mm256_loadu_ps(c + 16);
    s3 = _mm256_loadu_ps(c + 24);
    s4 = _mm256_loadu_ps(c + 32);
    s5 = _mm256_loadu_ps(c + 40);
    s6 = _mm256_loadu_ps(c + 48);
    s7 = _mm256_loadu_ps(c + 56);
  }
  for (p = 0; p < K; p++, bp0 += bs0, bp1 += bs1) {
    __m256 x = _mm256_broadcast_ss(a + p * inca);
    s0 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp0), s0);
    s1 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp0 + 8), s1);
    s2 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp0 + 16), s2);
    s3 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp0 + 24), s3);
    s4 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp1), s4);
    s5 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp1 + 8), s5);
    s6 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp1 + 16), s6);
    s7 = _mm256_fmadd_ps(x, _mm256_loadu_ps(bp1 + 24), s7);
  }
  _mm256_storeu_ps(c, s0);
  _mm256_storeu_ps(c + 8, s1);
  _mm256_storeu_ps(c + 16, s2);
  _mm256_storeu_ps(c + 24, s3);
  _mm256_storeu_ps(c + 32, s4);
  _mm256_storeu_ps(c + 40, s5);
  _mm256_storeu_ps(c + 48, s6);
  _mm256_storeu_ps(c + 56, s7);
}

/* Rows of B (c[r] = a . B[r, :] by the chain) eight at a time: 8x8
 * blocks transposed in registers, each lane the chain of one output; G
 * groups of eight rows share a sweep over p, so G chains are in flight
 * (one alone would wait on the FMA latency). t[8 * g + r]: the chains,
 * in and out. */
#define GV_OUT0(k, v) (acc0 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + p + (k)), (v), acc0))
#define GV_OUT1(k, v) (acc1 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + p + (k)), (v), acc1))
#define GV_OUT2(k, v) (acc2 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + p + (k)), (v), acc2))
#define GV_OUT3(k, v) (acc3 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + p + (k)), (v), acc3))
AVX2 static inline __attribute__((always_inline)) void
gemv_rows_f32(const int G, int64_t K, const float *a, const float *s, int64_t ldb, float *t) {
  __m256 acc0 = _mm256_loadu_ps(t), acc1 = acc0, acc2 = acc0, acc3 = acc0;
  const float *s1 = s + 8 * ldb, *s2 = s + 16 * ldb, *s3 = s + 24 * ldb;
  int64_t p;
  int r, g;
  if (G > 1) acc1 = _mm256_loadu_ps(t + 8);
  if (G > 2) acc2 = _mm256_loadu_ps(t + 16);
  if (G > 3) acc3 = _mm256_loadu_ps(t + 24);
  for (p = 0; p + 8 <= K; p += 8) {
    TR8X8(s + p, ldb, GV_OUT0);
    if (G > 1) TR8X8(s1 + p, ldb, GV_OUT1);
    if (G > 2) TR8X8(s2 + p, ldb, GV_OUT2);
    if (G > 3) TR8X8(s3 + p, ldb, GV_OUT3);
  }
  _mm256_storeu_ps(t, acc0);
  if (G > 1) _mm256_storeu_ps(t + 8, acc1);
  if (G > 2) _mm256_storeu_ps(t + 16, acc2);
  if (G > 3) _mm256_storeu_ps(t + 24, acc3);
  for (; p < K; p++)
    for (g = 0; g < G; g++)
      for (r = 0; r < 8; r++) t[8 * g + r] = fmaf(a[p], s[(8 * g + r) * ldb + p], t[8 * g + r]);
}

AVX2 static void gemv_avx2_f32(int transb, int64_t N, int64_t K, const float *a, int64_t inca,
                               const float *B, int64_t ldb, const float *Bp, float *c,
                               int load_c) {
  int64_t j0, p;
  if (Bp || !transb) {
    for (j0 = 0; j0 + 64 <= N; j0 += 64) {
      if (Bp) gemv_strip2_f32(K, a, inca, Bp + j0 * K, 32, Bp + (j0 + 32) * K, 32, c + j0, load_c);
      else gemv_strip2_f32(K, a, inca, B + j0, ldb, B + j0 + 32, ldb, c + j0, load_c);
    }
    for (; j0 < N; j0 += 32) {
      int n = (int)min64(32, N - j0);
      const float *bp = Bp ? Bp + j0 * K : B + j0;
      int64_t bs = Bp ? n : ldb;
      if (n == 32) gemv_strip_f32(0, K, a, inca, bp, bs, c + j0, 32, load_c);
      else gemv_strip_f32(1, K, a, inca, bp, bs, c + j0, n, load_c);
    }
  } else if (inca == 1) {
    float t[32];
    int r;
    for (j0 = 0; j0 + 8 <= N;) {
      int g = (int)min64((ldb & 511) == 0 ? 2 : 4, (N - j0) / 8); /* 2 KiB rows alias in L1 */
      for (r = 0; r < 8 * g; r++) t[r] = load_c ? c[j0 + r] : 0.0f;
      switch (g) {
      case 4: gemv_rows_f32(4, K, a, B + j0 * ldb, ldb, t); break;
      case 3: gemv_rows_f32(3, K, a, B + j0 * ldb, ldb, t); break;
      case 2: gemv_rows_f32(2, K, a, B + j0 * ldb, ldb, t); break;
      default: gemv_rows_f32(1, K, a, B + j0 * ldb, ldb, t); break;
      }
      for (r = 0; r < 8 * g; r++) c[j0 + r] = t[r];
      j0 += 8 * g;
    }
    for (; j0 < N; j0++) {
      const float *bj = B + j0 * ldb;
      float u = load_c ? c[j0] : 0.0f;
      for (p = 0; p < K; p++) u = fmaf(a[p], bj[p], u);
      c[j0] = u;
    }
  } else {
    _mm256_zeroupper();
    gemv_port_f32(transb, N, K, a, inca, B, ldb, Bp, c, load_c);
    return;
  }
  _mm256_zeroupper();
}

static const Kset_f32 kset_avx2_f32 = {6, KC_MAX, panel_avx2_f32, pack_avx2_f32, ep_avx2_f32,
                                       gemv_avx2_f32, at_avx2_f32};
static const Kset_f64 kset_avx2_f64 = {6, KC_MAX, panel_avx2_f64, pack_panel_f64, ep_apply_f64,
                                       gemv_fma_f64, at_copy_f64};
static const Kset_f32 kset_avx512_f32 = {8, KC_MAX / 2, panel_avx512_f32, pack_avx2_f32, ep_avx2_f32,
                                         gemv_avx2_f32, at_avx2_f32};
static const Kset_f64 kset_avx512_f64 = {8, KC_MAX / 2, panel_avx512_f64, pack_panel_f64, ep_apply_f64,
                                         gemv_fma_f64, at_copy_f64};
/* ---- AVX-512F float, skinny N (N <= SK_NMAX: the N = 10 layer) ----
 * The row-major tiles above use n of a vector's 16 lanes (10 of 16 for
 * N = 10). Here the vectors run along M instead, every lane used:
 *   - A as is ([M, K]), by 16-row tiles: eight columns of A at a time are
 *     transposed in registers inside the FMA loop (skinny_fused_f32), each
 *     column A(i0:i0+16, p) then feeds N accumulators (one per column of
 *     C) with B(p, j) broadcast; B^T (nn.Dense's weight) is first made a
 *     contiguous [K][N] block on the stack by the same transposes (K <=
 *     SK_KB), so B(p, j) sits at fixed offsets from one pointer; the tile
 *     is stored by a 16 x 16 register transpose and N-lane masked stores;
 *   - A^T (transa) is read in place, and A's last M % 16 rows transposed
 *     into a [kc][32] stack block (8x8 transposes, SK_KC columns at a
 *     time): 32-row tiles (2N accumulators), acc ([N][32], in L1)
 *     carrying the chains between depth blocks.
 * A separate transpose pass over all of A cost 2 of 5.7 us on the N = 10
 * layer (8x8; a 16x16 pass was slower still). Then the epilogue runs over
 * the tile. Every output is still the one chain in increasing p, from 0
 * or C, so the result is bit-identical to the other paths. */
#define SK_NMAX 12
#define SK_KC 128
#define SK_KB 512 /* B^T made contiguous on the stack up to this K */

#define SK_COL(j)                                                              \
  do {                                                                         \
    if (N > (j)) {                                                             \
      __m512 bj = _mm512_set1_ps(b[(j) * bjs]);                                \
      x##j = _mm512_fmadd_ps(a0, bj, x##j);                                    \
      if (TWO) y##j = _mm512_fmadd_ps(a1, bj, y##j);                           \
    }                                                                          \
  } while (0)
#define SK_COLS(X)                                                             \
  X(0); X(1); X(2); X(3); X(4); X(5); X(6); X(7); X(8); X(9); X(10); X(11)
#define SK_LOAD(j)                                                             \
  do {                                                                         \
    if (N > (j)) {                                                             \
      x##j = _mm512_loadu_ps(acc + (j) * 32);                                  \
      if (TWO) y##j = _mm512_loadu_ps(acc + (j) * 32 + 16);                    \
    }                                                                          \
  } while (0)
#define SK_STORE(j)                                                            \
  do {                                                                         \
    if (N > (j)) {                                                             \
      _mm512_storeu_ps(acc + (j) * 32, x##j);                                  \
      if (TWO) _mm512_storeu_ps(acc + (j) * 32 + 16, y##j);                    \
    }                                                                          \
  } while (0)

/* acc[j][r] (r < 32) = the chains of rows r, columns j < N continued over
 * kc steps: A(r, p) at at + p * ats (lanes r >= m masked off), B(p, j) at
 * b + p * bps + j * bjs. TWO: the tile has more than 16 rows. */
AVX512 static inline __attribute__((always_inline)) void
skinny_tile_f32(const int N, const int TWO, int64_t kc, const float *at, int64_t ats, int m,
                const float *b, int64_t bps, int64_t bjs, float *acc) {
  const __mmask16 k0 = mask16(m), k1 = mask16(m - 16);
  __m512 x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11;
  __m512 y0, y1, y2, y3, y4, y5, y6, y7, y8, y9, y10, y11;
  int64_t p;
  x0 = x1 = x2 = x3 = x4 = x5 = x6 = x7 = x8 = x9 = x10 = x11 = _mm512_setzero_ps();
  y0 = y1 = y2 = y3 = y4 = y5 = y6 = y7 = y8 = y9 = y10 = y11 = x0;
  SK_COLS(SK_LOAD);
  for (p = 0; p < kc; p++, at += ats, b += bps) {
    __m512 a0 = _mm512_maskz_loadu_ps(k0, at);
    __m512 a1 = TWO ? _mm512_maskz_loadu_ps(k1, at + 16) : a0;
    SK_COLS(SK_COL);
  }
  SK_COLS(SK_STORE);
}

#define SK_CASE(n)                                                             \
  case n:                                                                      \
    if (m > 16) skinny_tile_f32(n, 1, kc, at, ats, m, b, bps, bjs, acc);       \
    else skinny_tile_f32(n, 0, kc, at, ats, m, b, bps, bjs, acc);              \
    break

AVX512 static void skinny_step_f32(int n, int64_t kc, const float *at, int64_t ats, int m,
                                   const float *b, int64_t bps, int64_t bjs, float *acc) {
  switch (n) {
    SK_CASE(1); SK_CASE(2); SK_CASE(3); SK_CASE(4); SK_CASE(5); SK_CASE(6);
    SK_CASE(7); SK_CASE(8); SK_CASE(9); SK_CASE(10); SK_CASE(11); SK_CASE(12);
  default: break;
  }
  _mm256_zeroupper();
}

/* at[p * 32 + r] = A(i0 + r, p0 + p) for r < m, A as is (row i at A + i *
 * lda); lanes r >= m are left as they are (masked off by the kernel). */
AVX2 static void skinny_pack_a_f32(const float *A, int64_t lda, int64_t i0, int64_t p0,
                                   int64_t kc, int m, float *at) {
  const float *src = A + i0 * lda + p0;
  int64_t p;
  int r;
  for (r = 0; r + 8 <= m; r += 8)
    for (p = 0; p + 8 <= kc; p += 8) tr8x8_f32(src + r * lda + p, lda, at + p * 32 + r, 32);
  for (p = 0; p < kc; p++)
    for (r = p < kc / 8 * 8 ? m / 8 * 8 : 0; r < m; r++) at[p * 32 + r] = src[r * lda + p];
  _mm256_zeroupper();
}

/* A as is, a full 16-row tile over all of K, the transpose fused: eight
 * columns p..p+7 of rows r and r + 8 share a register (two 256-bit
 * loads), an 8 x 8 transpose runs in both halves at once (unpack,
 * shuffle, one two-source permute per column), and each resulting column
 * A(i0:i0+16, p+k) feeds the N chains at once; the K % 8 steps read their
 * column element by element. acc as in skinny_tile_f32 (16 rows). */
#define SKF_COL(j, q, r)                                                       \
  do {                                                                         \
    if (N > (j))                                                               \
      x##j = _mm512_fmadd_ps(v, _mm512_set1_ps(BC ? b0[j] : b##q[s##r]), x##j); \
  } while (0)
#define SKF_STEP(V)                                                            \
  do {                                                                         \
    const __m512 v = (V);                                                      \
    SKF_COL(0, 0, 0); SKF_COL(1, 0, 1); SKF_COL(2, 0, 2);                      \
    SKF_COL(3, 1, 0); SKF_COL(4, 1, 1); SKF_COL(5, 1, 2);                      \
    SKF_COL(6, 2, 0); SKF_COL(7, 2, 1); SKF_COL(8, 2, 2);                      \
    SKF_COL(9, 3, 0); SKF_COL(10, 3, 1); SKF_COL(11, 3, 2);                    \
    b0 += bps;                                                                 \
    b1 += bps;                                                                 \
    b2 += bps;                                                                 \
    b3 += bps;                                                                 \
  } while (0)
#define SKF_LD(r, x, y, l)                                                     \
  const __m512 q##r = _mm512_castpd_ps(_mm512_insertf64x4(                     \
      _mm512_castpd256_pd512(_mm256_castps_pd(_mm256_loadu_ps(a##x + l))),    \
      _mm256_castps_pd(_mm256_loadu_ps(a##y + l)), 1))
#define SKF_UNP(x, y)                                                          \
  const __m512 t##x = _mm512_unpacklo_ps(q##x, q##y), t##y = _mm512_unpackhi_ps(q##x, q##y)
#define SKF_SHF(x, y, z, w)                                                    \
  const __m512 u##x = _mm512_shuffle_ps(t##x, t##z, 0x44);                    \
  const __m512 u##y = _mm512_shuffle_ps(t##x, t##z, 0xee);                    \
  const __m512 u##z = _mm512_shuffle_ps(t##y, t##w, 0x44);                    \
  const __m512 u##w = _mm512_shuffle_ps(t##y, t##w, 0xee)

AVX512 static inline __attribute__((always_inline)) void
skinny_fused_f32(const int N, const int BC, int64_t K, const float *a, int64_t lda, const float *b,
                 int64_t bps, int64_t bjs, float *acc, int lc) {
  const __m512i lo = _mm512_setr_epi32(0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27);
  const __m512i hi = _mm512_setr_epi32(4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31);
  __m512 x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11;
  __m512 y0, y1, y2, y3, y4, y5, y6, y7, y8, y9, y10, y11;
  const int TWO = 0;
  /* rows r and r + 8 at a0/a2 + l(r), r + 4 and r + 12 at a1/a3 + l(r);
   * column j = 3q + r of B at bq[s(r)] (few pointers and strides: with an
   * address per row and column GCC ran out of registers) */
  const float *a0 = a, *a1 = a + 4 * lda, *a2 = a + 8 * lda, *a3 = a + 12 * lda;
  const float *b0 = b, *b1 = b + 3 * bjs, *b2 = b + 6 * bjs, *b3 = b + 9 * bjs;
  const int64_t l0 = 0, l1 = lda, l2 = 2 * lda, l3 = 3 * lda, s0 = 0, s1 = bjs, s2 = 2 * bjs;
  int64_t p;
  x0 = x1 = x2 = x3 = x4 = x5 = x6 = x7 = x8 = x9 = x10 = x11 = _mm512_setzero_ps();
  y0 = y1 = y2 = y3 = y4 = y5 = y6 = y7 = y8 = y9 = y10 = y11 = x0;
  if (lc) {
    SK_COLS(SK_LOAD);
  }
  for (p = 0; p + 8 <= K; p += 8) {
    SKF_LD(0, 0, 2, l0); SKF_LD(1, 0, 2, l1); SKF_LD(2, 0, 2, l2); SKF_LD(3, 0, 2, l3);
    SKF_LD(4, 1, 3, l0); SKF_LD(5, 1, 3, l1); SKF_LD(6, 1, 3, l2); SKF_LD(7, 1, 3, l3);
    SKF_UNP(0, 1); SKF_UNP(2, 3); SKF_UNP(4, 5); SKF_UNP(6, 7);
    SKF_SHF(0, 1, 2, 3); SKF_SHF(4, 5, 6, 7);
    SKF_STEP(_mm512_permutex2var_ps(u0, lo, u4));
    SKF_STEP(_mm512_permutex2var_ps(u1, lo, u5));
    SKF_STEP(_mm512_permutex2var_ps(u2, lo, u6));
    SKF_STEP(_mm512_permutex2var_ps(u3, lo, u7));
    SKF_STEP(_mm512_permutex2var_ps(u0, hi, u4));
    SKF_STEP(_mm512_permutex2var_ps(u1, hi, u5));
    SKF_STEP(_mm512_permutex2var_ps(u2, hi, u6));
    SKF_STEP(_mm512_permutex2var_ps(u3, hi, u7));
    a0 += 8;
    a1 += 8;
    a2 += 8;
    a3 += 8;
  }
  for (; p < K; p++) {
    float col[16];
    int r;
    for (r = 0; r < 16; r++) col[r] = a[r * lda + p];
    SKF_STEP(_mm512_loadu_ps(col));
  }
  SK_COLS(SK_STORE);
  (void)y0;
}

#define SKF_CASE(n)                                                            \
  case n:                                                                      \
    if (bjs == 1) skinny_fused_f32(n, 1, K, a, lda, b, bps, bjs, acc, lc);     \
    else skinny_fused_f32(n, 0, K, a, lda, b, bps, bjs, acc, lc);              \
    break

/* The tile's 16 rows of C from acc[j][r] (j < n; rows j >= n of acc
 * are read and their lanes masked off): a 16 x 16 transpose in registers
 * and n-lane masked stores, where element by element took 160 moves. */
#define T16_LD(i) const __m512 q##i = _mm512_loadu_ps(acc + (i) * 32)
#define T16_LN(x, y)                                                           \
  const __m512 v##x = _mm512_shuffle_f32x4(u##x, u##y, 0x88);                 \
  const __m512 v##y = _mm512_shuffle_f32x4(u##x, u##y, 0xdd)
#define T16_ST(x, y)                                                           \
  _mm512_mask_storeu_ps(c + (x) * ldc, k, _mm512_shuffle_f32x4(v##x, v##y, 0x88)); \
  _mm512_mask_storeu_ps(c + (y) * ldc, k, _mm512_shuffle_f32x4(v##x, v##y, 0xdd))

AVX512 static void skinny_store16_f32(const float *acc, int n, float *c, int64_t ldc) {
  const __mmask16 k = mask16(n);
  T16_LD(0); T16_LD(1); T16_LD(2); T16_LD(3); T16_LD(4); T16_LD(5); T16_LD(6); T16_LD(7);
  T16_LD(8); T16_LD(9); T16_LD(10); T16_LD(11); T16_LD(12); T16_LD(13); T16_LD(14); T16_LD(15);
  SKF_UNP(0, 1); SKF_UNP(2, 3); SKF_UNP(4, 5); SKF_UNP(6, 7);
  SKF_UNP(8, 9); SKF_UNP(10, 11); SKF_UNP(12, 13); SKF_UNP(14, 15);
  SKF_SHF(0, 1, 2, 3); SKF_SHF(4, 5, 6, 7); SKF_SHF(8, 9, 10, 11); SKF_SHF(12, 13, 14, 15);
  T16_LN(0, 4); T16_LN(1, 5); T16_LN(2, 6); T16_LN(3, 7);
  T16_LN(8, 12); T16_LN(9, 13); T16_LN(10, 14); T16_LN(11, 15);
  T16_ST(0, 8); T16_ST(1, 9); T16_ST(2, 10); T16_ST(3, 11);
  T16_ST(4, 12); T16_ST(5, 13); T16_ST(6, 14); T16_ST(7, 15);
  _mm256_zeroupper();
}

/* One 16-row tile (A as is) into C: from 0 or C (lc), then stored. */
AVX512 static void skinny_rows16_f32(int n, int64_t K, const float *a, int64_t lda,
                                     const float *b, int64_t bps, int64_t bjs, float *acc,
                                     int lc, float *c, int64_t ldc) {
  switch (n) {
    SKF_CASE(1); SKF_CASE(2); SKF_CASE(3); SKF_CASE(4); SKF_CASE(5); SKF_CASE(6);
    SKF_CASE(7); SKF_CASE(8); SKF_CASE(9); SKF_CASE(10); SKF_CASE(11); SKF_CASE(12);
  default: break;
  }
  skinny_store16_f32(acc, n, c, ldc);
}

/* bt[p * n + j] = B^T(j, p) (row j at B + j * ldb), p < K, j < n: B^T
 * made contiguous by the same in-register transposes, so the kernel reads
 * B(p, j) at fixed offsets from one pointer. Each 16-float store spills
 * into the next rows, which later stores overwrite: bt holds K * n + 16. */
AVX512 static void skinny_pack_bt_f32(const float *B, int64_t ldb, int n, int64_t K,
                                      float *bt) {
  const __m512i lo = _mm512_setr_epi32(0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27);
  const __m512i hi = _mm512_setr_epi32(4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31);
  const float *rw[16];
  int64_t p;
  int j;
  for (j = 0; j < 16; j++) rw[j] = B + (j < n ? j : n - 1) * ldb;
  for (p = 0; p + 8 <= K; p += 8) {
#define SKB_LD(r)                                                              \
  const __m512 q##r = _mm512_castpd_ps(_mm512_insertf64x4(                     \
      _mm512_castpd256_pd512(_mm256_castps_pd(_mm256_loadu_ps(rw[r] + p))),   \
      _mm256_castps_pd(_mm256_loadu_ps(rw[(r) + 8] + p)), 1))
    SKB_LD(0); SKB_LD(1); SKB_LD(2); SKB_LD(3); SKB_LD(4); SKB_LD(5); SKB_LD(6); SKB_LD(7);
#undef SKB_LD
    SKF_UNP(0, 1); SKF_UNP(2, 3); SKF_UNP(4, 5); SKF_UNP(6, 7);
    SKF_SHF(0, 1, 2, 3); SKF_SHF(4, 5, 6, 7);
    _mm512_storeu_ps(bt + (p + 0) * n, _mm512_permutex2var_ps(u0, lo, u4));
    _mm512_storeu_ps(bt + (p + 1) * n, _mm512_permutex2var_ps(u1, lo, u5));
    _mm512_storeu_ps(bt + (p + 2) * n, _mm512_permutex2var_ps(u2, lo, u6));
    _mm512_storeu_ps(bt + (p + 3) * n, _mm512_permutex2var_ps(u3, lo, u7));
    _mm512_storeu_ps(bt + (p + 4) * n, _mm512_permutex2var_ps(u0, hi, u4));
    _mm512_storeu_ps(bt + (p + 5) * n, _mm512_permutex2var_ps(u1, hi, u5));
    _mm512_storeu_ps(bt + (p + 6) * n, _mm512_permutex2var_ps(u2, hi, u6));
    _mm512_storeu_ps(bt + (p + 7) * n, _mm512_permutex2var_ps(u3, hi, u7));
  }
  _mm256_zeroupper();
  for (; p < K; p++)
    for (j = 0; j < n; j++) bt[p * n + j] = B[j * ldb + p];
}

/* The product of g when it is skinny (N <= SK_NMAX, M >= 16); 0 when it
 * is not (the caller takes the panels). */
static int skinny_f32(const Gemm_f32 *g) {
  float at[SK_KC * 32], acc[16 * 32], bt[SK_KB * SK_NMAX + 16];
  const int N = (int)g->N;
  const int64_t M = g->M, K = g->K, ldc = g->ldc;
  const int64_t kcb = balanced(K, SK_KC, 8);
  const float *b0 = g->Bp ? g->Bp : g->B;
  int64_t i0, pc, bps, bjs;
  int m;
  if (g->ks != &kset_avx512_f32 || g->N > SK_NMAX || M < 16) return 0;
  if (g->Bp) {
    bps = N; /* one partial panel [K][N] */
    bjs = 1;
  } else if (g->transb && !g->transa && K <= SK_KB && M >= 32) {
    skinny_pack_bt_f32(g->B, g->ldb, N, K, bt); /* B^T made [K][N] */
    b0 = bt;
    bps = N;
    bjs = 1;
  } else {
    bps = g->transb ? 1 : g->ldb;
    bjs = g->transb ? g->ldb : 1;
  }
  for (i0 = 0; i0 < M; i0 += m) {
    /* A as is: 16-row tiles with the transpose fused; the rows left over
     * (and A^T) by 32-row tiles */
    const int fused = !g->transa && M - i0 >= 16;
    float *c = g->C + i0 * ldc;
    int r, j;
    m = fused ? 16 : (int)min64(32, M - i0);
    if (g->load_c || !fused)
      for (j = 0; j < N; j++)
        for (r = 0; r < m; r++) acc[j * 32 + r] = g->load_c ? c[r * ldc + j] : 0.0f;
    if (fused)
      skinny_rows16_f32(N, K, g->A + i0 * g->lda, g->lda, b0, bps, bjs, acc, g->load_c, c, ldc);
    for (pc = 0; pc < K && !fused; pc += kcb) {
      const int64_t kc = min64(kcb, K - pc);
      const float *b = b0 + pc * bps;
      if (g->transa) {
        skinny_step_f32(N, kc, g->A + pc * g->lda + i0, g->lda, m, b, bps, bjs, acc);
      } else {
        skinny_pack_a_f32(g->A, g->lda, i0, pc, kc, m, at);
        skinny_step_f32(N, kc, at, 32, m, b, bps, bjs, acc);
      }
    }
    for (r = 0; r < m && !fused; r++)
      for (j = 0; j < N; j++) c[r * ldc + j] = acc[j * 32 + r];
    if (g->ep) g->ks->ep(g->ep, g->per_row, c, ldc, m, N, i0, 0);
  }
  return 1;
}
#define SKINNY_f32(g) skinny_f32(g)
#define SKINNY_f64(g) 0

#else
#define SKINNY_f32(g) 0
#define SKINNY_f64(g) 0
#endif /* GEMM_X86 */

static const Kset_f32 *kset_f32(void) {
#ifdef GEMM_X86
  switch (msrt_isa()) {
  case MSRT_ISA_AVX512: return &kset_avx512_f32;
  case MSRT_ISA_AVX2: return &kset_avx2_f32;
  default: break;
  }
#endif
  return &kset_port_f32;
}

static const Kset_f64 *kset_f64(void) {
#ifdef GEMM_X86
  switch (msrt_isa()) {
  case MSRT_ISA_AVX512: return &kset_avx512_f64;
  case MSRT_ISA_AVX2: return &kset_avx2_f64;
  default: break;
  }
#endif
  return &kset_port_f64;
}

/* ===================================================================
 * entry points
 * =================================================================== */

/* The product g, its panels split over the parallel callback's tasks
 * (each task a contiguous range of panels, its own pack buffer), or on
 * this thread. */
#define GEMM_RUN(T, SUF)                                                       \
  typedef struct {                                                             \
    const Gemm_##SUF *g;                                                       \
    int64_t np;                                                                \
    int ntask;                                                                 \
  } Par_##SUF;                                                                 \
                                                                               \
  /* M == 1: columns [c0, c1) of c (c0 a multiple of PW). */                   \
  static void gemv_cols_##SUF(const Gemm_##SUF *g, int64_t c0, int64_t c1) {   \
    const T *b = g->Bp ? g->Bp + c0 * g->K                                     \
                       : g->transb ? g->B + c0 * g->ldb : g->B + c0;           \
    g->ks->gemv(g->transb, c1 - c0, g->K, g->A, g->transa ? g->lda : 1,        \
                g->Bp ? (const T *)0 : b, g->ldb, g->Bp ? b : (const T *)0,    \
                g->C + c0, g->load_c);                                         \
    if (g->ep) g->ks->ep(g->ep, g->per_row, g->C + c0, g->ldc, 1, c1 - c0, 0,  \
                         c0);                                                  \
  }                                                                            \
                                                                               \
  static void par_task_##SUF(void *arg, int i, void *scratch) {                \
    const Par_##SUF *t = (const Par_##SUF *)arg;                               \
    int64_t j0 = t->np * i / t->ntask, j1 = t->np * (i + 1) / t->ntask;        \
    const Gemm_##SUF *g = t->g;                                                \
    if (j0 >= j1) return;                                                      \
    if (g->M == 1)                                                             \
      gemv_cols_##SUF(g, j0 * PW_##SUF, min64(g->N, j1 * PW_##SUF));           \
    else                                                                       \
      gemm_panels_##SUF(g, j0, j1, scratch);                                   \
  }                                                                            \
                                                                               \
  /* On the parallel callback's tasks (each a contiguous range of panels,   \
   * its own pack buffer) when there is one and the product is large        \
   * enough; else here. */                                                   \
  static int gemm_par_##SUF(const Gemm_##SUF *g) {                             \
    Par_##SUF t;                                                               \
    if (!PAR_ON || g->M * g->N * g->K < PAR_MIN_FMAS) return 0;                \
    t.g = g;                                                                   \
    t.np = (g->N + PW_##SUF - 1) / PW_##SUF;                                   \
    t.ntask = (int)min64(msrt_parallel_width(), t.np);                         \
    return t.ntask > 1 && PAR_CALL(t.ntask, par_task_##SUF, &t) == 0;          \
  }                                                                            \
                                                                               \
  static void gemm_any_##SUF(int transa, int transb, int64_t M, int64_t N,     \
                             int64_t K, T alpha, const T *A, int64_t lda,      \
                             const T *B, int64_t ldb, const T *Bp, T beta,     \
                             T *C, int64_t ldc, void *ws,                      \
                             const msrt_epilogue *ep, int per_row) {           \
    const Kset_##SUF *ks = kset_##SUF();                                       \
    Gemm_##SUF g;                                                              \
    ep = ep_norm(ep);                                                          \
    if (M <= 0 || N <= 0) return;                                              \
    if (K <= 0 || alpha == 0) {                                                \
      scale_c_##SUF(M, N, beta, C, ldc);                                       \
      if (ep) ks->ep(ep, per_row, C, ldc, M, N, 0, 0);                         \
      return;                                                                  \
    }                                                                          \
    if (alpha != 1 || (beta != 0 && beta != 1)) {                              \
      gemm_general_##SUF(transa, transb, M, N, K, alpha, A, lda, B, ldb, beta, \
                         C, ldc);                                              \
      if (ep) ks->ep(ep, per_row, C, ldc, M, N, 0, 0);                         \
      return;                                                                  \
    }                                                                          \
    if (!ws && !Bp && M > 1) {                                                 \
      gemm_simple_##SUF(transa, transb, M, N, K, A, lda, B, ldb, C, ldc,       \
                        beta == 1);                                            \
      if (ep) ks->ep(ep, per_row, C, ldc, M, N, 0, 0);                         \
      return;                                                                  \
    }                                                                          \
    g.ks = ks;                                                                 \
    g.transa = transa;                                                         \
    g.transb = transb;                                                         \
    g.load_c = beta == 1;                                                      \
    g.per_row = per_row;                                                       \
    g.M = M;                                                                   \
    g.N = N;                                                                   \
    g.K = K;                                                                   \
    g.lda = lda;                                                               \
    g.ldb = ldb;                                                               \
    g.ldc = ldc;                                                               \
    g.A = A;                                                                   \
    g.B = B;                                                                   \
    g.Bp = Bp;                                                                 \
    g.C = C;                                                                   \
    g.ep = ep;                                                                 \
    if (gemm_par_##SUF(&g)) return;                                            \
    if (M == 1) {                                                              \
      ks->gemv(transb, N, K, A, transa ? lda : 1, B, ldb, Bp, C, beta == 1);   \
      if (ep) ks->ep(ep, per_row, C, ldc, 1, N, 0, 0);                         \
    } else if (!SKINNY_##SUF(&g)) {                                            \
      gemm_panels_##SUF(&g, 0, (N + PW_##SUF - 1) / PW_##SUF, ws);             \
    }                                                                          \
  }

GEMM_RUN(float, f32)
GEMM_RUN(double, f64)

/* The public entries, one per dtype (scripts/runtime-amalgamate.py finds
 * msrt_* definitions by their text, so they are not macro-made). */

void msrt_gemm_ep_f32(int transa, int transb, int64_t M, int64_t N, int64_t K, float alpha,
                      const float *A, int64_t lda, const float *B, int64_t ldb, float beta,
                      float *C, int64_t ldc, void *ws, const msrt_epilogue *ep,
                      int bias_per_row) {
  gemm_any_f32(transa, transb, M, N, K, alpha, A, lda, B, ldb, (const float *)0, beta, C, ldc,
               ws, ep, bias_per_row);
}

void msrt_gemm_f32(int transa, int transb, int64_t M, int64_t N, int64_t K, float alpha,
                   const float *A, int64_t lda, const float *B, int64_t ldb, float beta,
                   float *C, int64_t ldc, void *ws) {
  gemm_any_f32(transa, transb, M, N, K, alpha, A, lda, B, ldb, (const float *)0, beta, C, ldc,
               ws, (const msrt_epilogue *)0, 0);
}

void msrt_gemm_pack_b_f32(int transb, int64_t K, int64_t N, const float *B, int64_t ldb,
                          float *Bp) {
  const Kset_f32 *ks = kset_f32();
  int64_t jr;
  for (jr = 0; jr < N; jr += PW_f32)
    ks->pack(transb, B, ldb, 0, K, jr, (int)min64(PW_f32, N - jr), Bp + jr * K);
}

void msrt_gemm_packed_ep_f32(int transa, int64_t M, int64_t N, int64_t K, const float *A,
                             int64_t lda, const float *Bp, int accumulate, float *C,
                             int64_t ldc, const msrt_epilogue *ep, int bias_per_row) {
  gemm_any_f32(transa, 0, M, N, K, 1.0f, A, lda, (const float *)0, N, Bp,
               accumulate ? 1.0f : 0.0f, C, ldc, (void *)0, ep, bias_per_row);
}

void msrt_gemm_ep_f64(int transa, int transb, int64_t M, int64_t N, int64_t K, double alpha,
                      const double *A, int64_t lda, const double *B, int64_t ldb, double beta,
                      double *C, int64_t ldc, void *ws, const msrt_epilogue *ep,
                      int bias_per_row) {
  gemm_any_f64(transa, transb, M, N, K, alpha, A, lda, B, ldb, (const double *)0, beta, C, ldc,
               ws, ep, bias_per_row);
}

void msrt_gemm_f64(int transa, int transb, int64_t M, int64_t N, int64_t K, double alpha,
                   const double *A, int64_t lda, const double *B, int64_t ldb, double beta,
                   double *C, int64_t ldc, void *ws) {
  gemm_any_f64(transa, transb, M, N, K, alpha, A, lda, B, ldb, (const double *)0, beta, C, ldc,
               ws, (const msrt_epilogue *)0, 0);
}

void msrt_gemm_pack_b_f64(int transb, int64_t K, int64_t N, const double *B, int64_t ldb,
                          double *Bp) {
  const Kset_f64 *ks = kset_f64();
  int64_t jr;
  for (jr = 0; jr < N; jr += PW_f64)
    ks->pack(transb, B, ldb, 0, K, jr, (int)min64(PW_f64, N - jr), Bp + jr * K);
}

void msrt_gemm_packed_ep_f64(int transa, int64_t M, int64_t N, int64_t K, const double *A,
                             int64_t lda, const double *Bp, int accumulate, double *C,
                             int64_t ldc, const msrt_epilogue *ep, int bias_per_row) {
  gemm_any_f64(transa, 0, M, N, K, 1.0, A, lda, (const double *)0, N, Bp,
               accumulate ? 1.0 : 0.0, C, ldc, (void *)0, ep, bias_per_row);
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

int msrt_matmul_packed_ep(msrt_dtype dt, int transa, int64_t M, int64_t N, int64_t K,
                          const void *A, const void *Bp, void *C, const msrt_epilogue *ep) {
  int64_t lda = transa ? M : K;
  if ((dt != MSRT_FLOAT32 && dt != MSRT_FLOAT64) || !ep_valid(ep) || M < 0 || N < 0 || K < 0)
    return MSRT_EINVAL;
  if (dt == MSRT_FLOAT32)
    msrt_gemm_packed_ep_f32(transa, M, N, K, (const float *)A, lda, (const float *)Bp, 0,
                            (float *)C, N, ep, 0);
  else
    msrt_gemm_packed_ep_f64(transa, M, N, K, (const double *)A, lda, (const double *)Bp, 0,
                            (double *)C, N, ep, 0);
  return MSRT_OK;
}

int msrt_gemm_pack_b(msrt_dtype dt, int transb, int64_t K, int64_t N, const void *B, void *Bp) {
  if ((dt != MSRT_FLOAT32 && dt != MSRT_FLOAT64) || K < 0 || N < 0) return MSRT_EINVAL;
  if (dt == MSRT_FLOAT32)
    msrt_gemm_pack_b_f32(transb, K, N, (const float *)B, transb ? K : N, (float *)Bp);
  else
    msrt_gemm_pack_b_f64(transb, K, N, (const double *)B, transb ? K : N, (double *)Bp);
  return MSRT_OK;
}
