/* test_gemm_isa.c — runtime/gemm.c's numeric contract, on every kernel set
 * the CPU has (portable C, AVX2+FMA, AVX-512F), forced in turn with
 * msrt_isa_set: every float32/float64 output is the sequential fused chain
 *     c = c0; for p = 0..K-1: c = fma(A(i, p), B(p, j), c)
 * (c0 = 0 for beta 0, C for beta 1), bit for bit, whatever the shape, the
 * transposes, the workspace (or none), B packed ahead of time or not, and
 * the split over threads. The reference here is that loop with libm's
 * fmaf/fma, independent of gemm.c's blocking. A set the CPU lacks is
 * skipped and reported on stdout ("skipped: avx512 (CPU lacks it)"). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/msrt.h"
#include "unit.h"

static unsigned rng = 12345u;
static double urand(void) {
  rng = rng * 1103515245u + 12345u;
  return (double)((rng >> 9) & 0xffff) / 32768.0 - 1.0;
}
static int64_t pick(const int64_t *v, int n) {
  rng = rng * 1103515245u + 12345u;
  return v[(rng >> 16) % (unsigned)n];
}

#define MAXE (200 * 700)
static float Af[MAXE], Bf[MAXE], Cf[MAXE], Rf[MAXE], Pf[MAXE];
static double Ad[MAXE], Bd[MAXE], Cd[MAXE], Rd[MAXE], Pd[MAXE];
static float Cf0[MAXE];
static double Cd0[MAXE];
static unsigned char wsbuf[40000];

static int isas[3], nisa;

static void collect_isas(void) {
  int i;
  nisa = 0;
  for (i = MSRT_ISA_PORTABLE; i <= MSRT_ISA_AVX512; i++)
    if (i <= msrt_isa_best()) isas[nisa++] = i;
}

/* C = chain (alpha 1, beta 0/1), or alpha * chain + beta * C. */
static void ref_f32(int ta, int tb, int64_t M, int64_t N, int64_t K, float alpha,
                    const float *A, int64_t lda, const float *B, int64_t ldb, float beta,
                    float *C, int64_t ldc) {
  int64_t i, j, p;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      int plain = alpha == 1.0f && (beta == 0.0f || beta == 1.0f);
      float c = plain && beta == 1.0f ? C[i * ldc + j] : 0.0f;
      for (p = 0; p < K; p++)
        c = fmaf(ta ? A[p * lda + i] : A[i * lda + p], tb ? B[j * ldb + p] : B[p * ldb + j], c);
      if (!plain) {
        float t = alpha * c;
        if (beta != 0.0f) {
          float u = beta * C[i * ldc + j];
          t = t + u;
        }
        c = t;
      }
      C[i * ldc + j] = c;
    }
}

static void ref_f64(int ta, int tb, int64_t M, int64_t N, int64_t K, const double *A,
                    int64_t lda, const double *B, int64_t ldb, int beta1, double *C,
                    int64_t ldc) {
  int64_t i, j, p;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      double c = beta1 ? C[i * ldc + j] : 0.0;
      for (p = 0; p < K; p++)
        c = fma(ta ? A[p * lda + i] : A[i * lda + p], tb ? B[j * ldb + p] : B[p * ldb + j], c);
      C[i * ldc + j] = c;
    }
}

static void fill(int64_t n) {
  int64_t i;
  for (i = 0; i < n; i++) {
    Ad[i] = urand();
    Bd[i] = urand();
    Cd0[i] = urand();
    Af[i] = (float)Ad[i];
    Bf[i] = (float)Bd[i];
    Cf0[i] = (float)Cd0[i];
  }
}

static int same_f32(const float *x, const float *y, int64_t n) {
  return memcmp(x, y, (size_t)n * sizeof(float)) == 0;
}
static int same_f64(const double *x, const double *y, int64_t n) {
  return memcmp(x, y, (size_t)n * sizeof(double)) == 0;
}

static int report_skips_done;
static void report_skips(void) {
  if (report_skips_done) return;
  report_skips_done = 1;
  printf("kernel sets tested:");
  for (int i = 0; i < nisa; i++) printf(" %s", msrt_isa_name(isas[i]));
  printf("\n");
  for (int i = msrt_isa_best() + 1; i <= MSRT_ISA_AVX512; i++)
    printf("skipped: %s (CPU lacks it)\n", msrt_isa_name(i));
}

/* One product on the set in use, every entry point, against the chain. */
static int check_one(int ta, int tb, int64_t M, int64_t N, int64_t K, int beta1) {
  int64_t lda = (ta ? M : K) + 1, ldb = (tb ? K : N) + 3, ldc = N + 2;
  int64_t nc = M * ldc, i;
  int bad = 0;
  void *ws = msrt_gemm_ws_size(M, N, K) <= sizeof wsbuf ? (void *)wsbuf : NULL;
  if ((ta ? K * lda : M * lda) > MAXE || (tb ? N * ldb : K * ldb) > MAXE || nc > MAXE) return 0;
  /* float32 */
  memcpy(Rf, Cf0, (size_t)nc * sizeof(float));
  ref_f32(ta, tb, M, N, K, 1.0f, Af, lda, Bf, ldb, beta1 ? 1.0f : 0.0f, Rf, ldc);
  memcpy(Cf, Cf0, (size_t)nc * sizeof(float));
  msrt_gemm_f32(ta, tb, M, N, K, 1.0f, Af, lda, Bf, ldb, beta1 ? 1.0f : 0.0f, Cf, ldc, ws);
  if (!same_f32(Cf, Rf, nc)) bad |= 1;
  memcpy(Cf, Cf0, (size_t)nc * sizeof(float));
  msrt_gemm_f32(ta, tb, M, N, K, 1.0f, Af, lda, Bf, ldb, beta1 ? 1.0f : 0.0f, Cf, ldc, NULL);
  if (!same_f32(Cf, Rf, nc)) bad |= 2;
  if (K * N <= MAXE) {
    msrt_gemm_pack_b_f32(tb, K, N, Bf, ldb, Pf);
    memcpy(Cf, Cf0, (size_t)nc * sizeof(float));
    msrt_gemm_packed_ep_f32(ta, M, N, K, Af, lda, Pf, beta1, Cf, ldc, NULL, 0);
    if (!same_f32(Cf, Rf, nc)) bad |= 4;
  }
  /* float64 */
  memcpy(Rd, Cd0, (size_t)nc * sizeof(double));
  ref_f64(ta, tb, M, N, K, Ad, lda, Bd, ldb, beta1, Rd, ldc);
  memcpy(Cd, Cd0, (size_t)nc * sizeof(double));
  msrt_gemm_f64(ta, tb, M, N, K, 1.0, Ad, lda, Bd, ldb, beta1 ? 1.0 : 0.0, Cd, ldc, ws);
  if (!same_f64(Cd, Rd, nc)) bad |= 8;
  memcpy(Cd, Cd0, (size_t)nc * sizeof(double));
  msrt_gemm_f64(ta, tb, M, N, K, 1.0, Ad, lda, Bd, ldb, beta1 ? 1.0 : 0.0, Cd, ldc, NULL);
  if (!same_f64(Cd, Rd, nc)) bad |= 16;
  if (K * N <= MAXE) {
    msrt_gemm_pack_b_f64(tb, K, N, Bd, ldb, Pd);
    memcpy(Cd, Cd0, (size_t)nc * sizeof(double));
    msrt_gemm_packed_ep_f64(ta, M, N, K, Ad, lda, Pd, beta1, Cd, ldc, NULL, 0);
    if (!same_f64(Cd, Rd, nc)) bad |= 32;
  }
  if (bad) {
    for (i = 0; i < nc && Cf[i] == Rf[i]; i++) {
    }
    fprintf(stderr, "  %s ta=%d tb=%d M=%lld N=%lld K=%lld beta=%d: mismatch mask %d\n",
            msrt_isa_name(msrt_isa()), ta, tb, (long long)M, (long long)N, (long long)K, beta1,
            bad);
  }
  return bad != 0;
}

/* The tile edges (rows 1..9 around the 4/6/8-row tiles, columns around
 * the 8/16/32-wide panels), K across the depth blocks (128, 256), M past
 * the 168-row block; every transpose and beta, on every set. */
TEST(chain_every_set_edges) {
  static const int64_t Ms[] = {1, 2, 3, 5, 6, 7, 8, 9, 12, 13, 17, 64, 170};
  static const int64_t Ns[] = {1, 3, 7, 8, 9, 10, 15, 16, 17, 31, 32, 33, 48, 65, 100};
  static const int64_t Ks[] = {1, 2, 3, 4, 5, 8, 9, 33, 127, 129, 255, 257, 300, 513};
  int s, n, bad = 0, runs = 0;
  collect_isas();
  report_skips();
  fill(MAXE);
  for (s = 0; s < nisa; s++) {
    ASSERT_INT(isas[s], msrt_isa_set(isas[s]));
    ASSERT_INT(isas[s], msrt_isa());
    rng = 99u;
    for (n = 0; n < 260; n++) {
      int64_t M = pick(Ms, (int)(sizeof Ms / sizeof Ms[0]));
      int64_t N = pick(Ns, (int)(sizeof Ns / sizeof Ns[0]));
      int64_t K = pick(Ks, (int)(sizeof Ks / sizeof Ks[0]));
      int t = n & 3;
      bad += check_one(t & 1, t >> 1, M, N, K, (n >> 2) & 1);
      runs++;
    }
  }
  msrt_isa_set(-1);
  ASSERT_INT(0, bad);
  ASSERT(runs >= 260);
}

/* Narrow panels (N <= 16: the AVX-512 16-row tiles, and B^T packed by
 * 8x8 transposes for each whole eight of its n rows, element by element
 * for the rest and the kc % 8 tail): rows around 16 and 32, every
 * transpose, beta 0 and 1. */
TEST(chain_narrow_panels) {
  static const int64_t Ms[] = {15, 16, 17, 31, 33, 64};
  static const int64_t Ns[] = {8, 9, 10, 12, 15, 16};
  static const int64_t Ks[] = {7, 13, 128, 129, 300};
  int s, i, bad = 0;
  collect_isas();
  for (s = 0; s < nisa; s++) {
    msrt_isa_set(isas[s]);
    for (i = 0; i < 6 * 6; i++) {
      int64_t M = Ms[i % 6], N = Ns[i / 6], K = Ks[i % 5];
      bad += check_one(i & 1, 1, M, N, K, (i >> 1) & 1);
      bad += check_one(0, (i >> 2) & 1, M, N, K, 0);
    }
  }
  msrt_isa_set(-1);
  ASSERT_INT(0, bad);
}

/* Skinny products (N <= 12, M >= 16: on AVX-512 the kernel with vectors
 * along M, A transposed into a stack block of 128 columns or read in
 * place as A^T, B broadcast from where it lies): every N from 1 to 12 and
 * 13 (the panels again), rows around the 16- and 32-row tiles, K across
 * the depth blocks and not a multiple of 8, every transpose, packed or
 * not (check_one), beta 0 and 1. */
TEST(chain_skinny_n) {
  static const int64_t Ms[] = {16, 17, 23, 32, 33, 47, 64, 100};
  static const int64_t Ks[] = {1, 7, 16, 127, 129, 300, 513};
  int s, i, bad = 0;
  collect_isas();
  for (s = 0; s < nisa; s++) {
    msrt_isa_set(isas[s]);
    for (i = 0; i < 13 * 4; i++) {
      int64_t N = 1 + i / 4, M = Ms[(i * 3) % 8], K = Ks[(i * 5) % 7];
      bad += check_one(i & 1, (i >> 1) & 1, M, N, K, (i / 3) & 1);
    }
  }
  msrt_isa_set(-1);
  ASSERT_INT(0, bad);
}

/* The MLP's shapes (batch 64: NT forward, TN/NN backward, N = 10). */
TEST(chain_mlp_shapes) {
  static const int64_t sh[][3] = {{64, 128, 784}, {64, 10, 128}, {128, 784, 64},
                                  {64, 784, 128}, {10, 128, 64}, {1, 128, 784}};
  int s, k, t, bad = 0;
  collect_isas();
  for (s = 0; s < nisa; s++) {
    msrt_isa_set(isas[s]);
    for (k = 0; k < 6; k++)
      for (t = 0; t < 4; t++) bad += check_one(t & 1, t >> 1, sh[k][0], sh[k][1], sh[k][2], 0);
  }
  msrt_isa_set(-1);
  ASSERT_INT(0, bad);
}

/* alpha != 1 or beta other than 0 and 1: alpha * chain + beta * C. */
TEST(alpha_beta_general) {
  int s, bad = 0;
  collect_isas();
  fill(MAXE);
  for (s = 0; s < nisa; s++) {
    int64_t M = 13, N = 37, K = 300, ldc = N, nc = M * N;
    msrt_isa_set(isas[s]);
    memcpy(Rf, Cf0, (size_t)nc * sizeof(float));
    ref_f32(0, 1, M, N, K, -1.5f, Af, K, Bf, K, 0.25f, Rf, ldc);
    memcpy(Cf, Cf0, (size_t)nc * sizeof(float));
    msrt_gemm_f32(0, 1, M, N, K, -1.5f, Af, K, Bf, K, 0.25f, Cf, ldc, wsbuf);
    bad += !same_f32(Cf, Rf, nc);
    memcpy(Rf, Cf0, (size_t)nc * sizeof(float));
    ref_f32(1, 0, M, N, K, 2.0f, Af, M, Bf, N, 0.0f, Rf, ldc);
    memcpy(Cf, Cf0, (size_t)nc * sizeof(float));
    msrt_gemm_f32(1, 0, M, N, K, 2.0f, Af, M, Bf, N, 0.0f, Cf, ldc, wsbuf);
    bad += !same_f32(Cf, Rf, nc);
  }
  msrt_isa_set(-1);
  ASSERT_INT(0, bad);
}

/* The environment's choice can only lower the set; an unknown set is
 * refused and leaves the current one. */
TEST(isa_set_and_names) {
  int best = msrt_isa_best();
  ASSERT_STR("portable", msrt_isa_name(MSRT_ISA_PORTABLE));
  ASSERT_STR("avx2", msrt_isa_name(MSRT_ISA_AVX2));
  ASSERT_STR("avx512", msrt_isa_name(MSRT_ISA_AVX512));
  ASSERT_INT(MSRT_ISA_PORTABLE, msrt_isa_set(MSRT_ISA_PORTABLE));
  ASSERT_INT(MSRT_ISA_PORTABLE, msrt_isa());
  if (best < MSRT_ISA_AVX512) {
    ASSERT_INT(-1, msrt_isa_set(MSRT_ISA_AVX512));
    ASSERT_INT(MSRT_ISA_PORTABLE, msrt_isa()); /* unchanged */
  }
  msrt_isa_set(-1);
  ASSERT(msrt_isa() <= best);
}

/* A parallel callback that runs the tasks backwards on this thread, each
 * with a scratch of its own (poisoned first): the split over tasks and
 * the per-task pack buffers give the same bits as one thread. */
static unsigned char *scratch[4];
static int par_calls, par_nested, in_fake_task;
static int fake_par(void *ctx, int n, msrt_task_fn task, void *arg) {
  int i;
  (void)ctx;
  if (n == 0) return 4;
  if (n > 4) return 1;
  if (in_fake_task) { /* refused, as driver/threads.c does */
    par_nested++;
    return 1;
  }
  par_calls++;
  in_fake_task = 1;
  for (i = n - 1; i >= 0; i--) {
    if (!scratch[i] && posix_memalign((void **)&scratch[i], 64, (size_t)MSRT_PAR_SCRATCH) != 0) abort();
    memset(scratch[i], 0xff, (size_t)MSRT_PAR_SCRATCH);
    task(arg, i, scratch[i]);
  }
  in_fake_task = 0;
  return 0;
}

TEST(threads_same_bits) {
  static const int64_t sh[][3] = {{64, 128, 784}, {64, 784, 128}, {128, 784, 64}, {1, 4096, 512}};
  int s, k, t, bad = 0;
  collect_isas();
  fill(MAXE);
  msrt_set_parallel(fake_par, NULL);
  ASSERT_INT(4, msrt_parallel_width());
  par_calls = 0;
  for (s = 0; s < nisa; s++) {
    msrt_isa_set(isas[s]);
    for (k = 0; k < 4; k++)
      for (t = 0; t < 4; t += 3) bad += check_one(t & 1, t >> 1, sh[k][0], sh[k][1], sh[k][2], t == 3);
  }
  msrt_isa_set(-1);
  msrt_set_parallel(NULL, NULL);
  ASSERT_INT(1, msrt_parallel_width());
  ASSERT(par_calls > 0); /* the split did happen */
  ASSERT_INT(0, bad);
}

/* Convolutions split over the tasks (runtime/nn.c: the forward and the
 * input gradient by images, the filter gradient by output channels; a
 * GEMM inside a task is refused its own split): the same bits as one
 * thread, on every kernel set, float32 and float64, with padding, stride,
 * dilation, groups, a 1x1 kernel (no im2col) and a fused epilogue. */
typedef struct ParConv {
  int64_t xs[4], wsh[4], stride[2], pad[4], dil[2], group;
} ParConv;

static void conv_os(const ParConv *c, int64_t *os) {
  os[0] = c->xs[0];
  os[1] = c->wsh[0];
  os[2] = (c->xs[2] + c->pad[0] + c->pad[1] - c->dil[0] * (c->wsh[2] - 1) - 1) / c->stride[0] + 1;
  os[3] = (c->xs[3] + c->pad[2] + c->pad[3] - c->dil[1] * (c->wsh[3] - 1) - 1) / c->stride[1] + 1;
}

static int64_t n4(const int64_t *s) { return s[0] * s[1] * s[2] * s[3]; }

/* forward (with a bias + ReLU epilogue when ep), input and filter
 * gradients of case c in dtype dt into out[3] */
static void conv_all(msrt_dtype dt, const ParConv *c, const void *x, const void *w, const void *dy,
                     const void *bias, void **out) {
  int64_t os[4];
  size_t es = msrt_dtype_size(dt), n;
  void *ws;
  msrt_epilogue ep;
  conv_os(c, os);
  ep.bias = bias;
  ep.act = MSRT_RELU;
  n = msrt_conv2d_ws_size(dt, c->xs, c->wsh, os, c->group);
  ws = malloc(n + 64);
  memset(out[0], 0, (size_t)n4(os) * es);
  if (msrt_conv2d_ep(dt, c->xs, c->wsh, os, c->stride, c->pad, c->dil, c->group, x, w, out[0], ws, &ep)) abort();
  free(ws);
  n = msrt_conv2d_bp_ws_size(dt, c->xs, c->wsh, os, c->group, 0);
  ws = malloc(n + 64);
  if (msrt_conv2d_backprop_input(dt, c->xs, c->wsh, os, c->stride, c->pad, c->dil, c->group, dy, w, out[1], ws))
    abort();
  free(ws);
  n = msrt_conv2d_bp_ws_size(dt, c->xs, c->wsh, os, c->group, 1);
  ws = malloc(n + 64);
  if (msrt_conv2d_backprop_filter(dt, c->xs, c->wsh, os, c->stride, c->pad, c->dil, c->group, dy, x, out[2], ws))
    abort();
  free(ws);
}

static void fill_any(int f64, void *p, int64_t n) {
  int64_t i;
  for (i = 0; i < n; i++)
    if (f64)
      ((double *)p)[i] = urand();
    else
      ((float *)p)[i] = (float)urand();
}

TEST(conv_threads_same_bits) {
  static const ParConv cases[] = {
      /* LeNet's second convolution at batch 3: 1.8M multiply-adds */
      {{3, 6, 20, 20}, {16, 6, 5, 5}, {1, 1}, {0, 0, 0, 0}, {1, 1}, 1},
      /* 1x1, stride 1, no padding: the GEMM reads x directly */
      {{4, 32, 16, 16}, {32, 32, 1, 1}, {1, 1}, {0, 0, 0, 0}, {1, 1}, 1},
      /* two groups, stride 2, padding, dilation 2 along H; odd sizes */
      {{10, 8, 33, 31}, {12, 4, 3, 3}, {2, 2}, {1, 2, 1, 1}, {2, 1}, 2},
      /* a GEMM per image of 1.2M multiply-adds: it asks to split too */
      {{2, 16, 16, 16}, {32, 16, 3, 3}, {1, 1}, {1, 1, 1, 1}, {1, 1}, 1},
      /* three images over four tasks; 5 output channels over four tasks */
      {{3, 3, 40, 40}, {5, 3, 7, 7}, {1, 1}, {3, 3, 3, 3}, {1, 1}, 1},
  };
  int s, k, d, r, bad = 0;
  collect_isas();
  for (d = 0; d < 2; d++) {
    msrt_dtype dt = d ? MSRT_FLOAT64 : MSRT_FLOAT32;
    size_t es = msrt_dtype_size(dt);
    for (k = 0; k < (int)(sizeof cases / sizeof cases[0]); k++) {
      const ParConv *c = &cases[k];
      int64_t os[4], nx = n4(c->xs), nw = n4(c->wsh), no;
      void *x, *w, *dy, *bias, *one[3], *par[3];
      size_t sz[3];
      conv_os(c, os);
      no = n4(os);
      x = malloc((size_t)nx * es);
      w = malloc((size_t)nw * es);
      dy = malloc((size_t)no * es);
      bias = malloc((size_t)c->wsh[0] * es);
      fill_any(d, x, nx);
      fill_any(d, w, nw);
      fill_any(d, dy, no);
      fill_any(d, bias, c->wsh[0]);
      sz[0] = (size_t)no * es;
      sz[1] = (size_t)nx * es;
      sz[2] = (size_t)nw * es;
      for (r = 0; r < 3; r++) {
        one[r] = malloc(sz[r]);
        par[r] = malloc(sz[r]);
      }
      for (s = 0; s < nisa; s++) {
        int before = par_calls;
        msrt_isa_set(isas[s]);
        conv_all(dt, c, x, w, dy, bias, one);
        msrt_set_parallel(fake_par, NULL);
        conv_all(dt, c, x, w, dy, bias, par);
        msrt_set_parallel(NULL, NULL);
        if (par_calls - before != 3) {
          printf("conv case %d %s isa %d: %d of 3 kernels split\n", k, d ? "f64" : "f32", isas[s],
                 par_calls - before);
          bad++;
        }
        for (r = 0; r < 3; r++)
          if (memcmp(one[r], par[r], sz[r]) != 0) {
            printf("conv case %d %s isa %d: %s differs with threads\n", k, d ? "f64" : "f32", isas[s],
                   r == 0 ? "forward" : r == 1 ? "input gradient" : "filter gradient");
            bad++;
          }
      }
      msrt_isa_set(-1);
      for (r = 0; r < 3; r++) {
        free(one[r]);
        free(par[r]);
      }
      free(x);
      free(w);
      free(dy);
      free(bias);
    }
  }
  ASSERT(par_nested > 0); /* the GEMMs inside the tasks asked, and ran there */
  ASSERT_INT(0, bad);
}

/* Max pooling split by images (as the convolution before it, so each
 * thread reads what it wrote): the same values as one thread, float32 (the
 * AVX-512 2x2 kernel and the generic loops), float64 and int8. */
TEST(pool_threads_same_bits) {
  static const int64_t xs[4] = {41, 6, 28, 28}, k2[2] = {2, 2}, k3[2] = {3, 3}, s2[2] = {2, 2}, s1[2] = {1, 1};
  static const int64_t pad0[4] = {0, 0, 0, 0}, pad1[4] = {1, 1, 1, 1};
  static const msrt_dtype dts[3] = {MSRT_FLOAT32, MSRT_FLOAT64, MSRT_INT8};
  int64_t nx = n4(xs), i;
  int d, v, s, bad = 0, before = par_calls;
  collect_isas();
  for (d = 0; d < 3; d++)
    for (v = 0; v < 2; v++) {
      size_t es = msrt_dtype_size(dts[d]);
      int64_t oh = v ? 28 : 14, ow = oh, no = xs[0] * xs[1] * oh * ow;
      unsigned char *x = malloc((size_t)nx * es), *a = malloc((size_t)no * es), *b = malloc((size_t)no * es);
      for (i = 0; i < nx * (int64_t)es; i++) x[i] = (unsigned char)(urand() * 127.0);
      if (dts[d] == MSRT_FLOAT32)
        for (i = 0; i < nx; i++) ((float *)x)[i] = (float)urand();
      if (dts[d] == MSRT_FLOAT64)
        for (i = 0; i < nx; i++) ((double *)x)[i] = urand();
      for (s = 0; s < nisa; s++) {
        msrt_isa_set(isas[s]);
        if (msrt_maxpool2d(dts[d], xs, oh, ow, v ? k3 : k2, v ? s1 : s2, v ? pad1 : pad0, x, a)) abort();
        msrt_set_parallel(fake_par, NULL);
        if (msrt_maxpool2d(dts[d], xs, oh, ow, v ? k3 : k2, v ? s1 : s2, v ? pad1 : pad0, x, b)) abort();
        msrt_set_parallel(NULL, NULL);
        if (memcmp(a, b, (size_t)no * es) != 0) {
          printf("maxpool dtype %d variant %d isa %d differs with threads\n", (int)dts[d], v, isas[s]);
          bad++;
        }
      }
      msrt_isa_set(-1);
      free(x);
      free(a);
      free(b);
    }
  ASSERT_INT(3 * 2 * nisa, par_calls - before); /* every call split */
  ASSERT_INT(0, bad);
}

/* A fused epilogue with B packed: bias per column then ReLU, the same bits
 * as the product followed by the scalar bias add and ReLU. */
TEST(packed_epilogue) {
  int64_t M = 9, N = 41, K = 70, i, j;
  float bias[41];
  msrt_epilogue ep;
  int s, bad = 0;
  collect_isas();
  fill(MAXE);
  for (j = 0; j < N; j++) bias[j] = (float)urand();
  memset(&ep, 0, sizeof ep);
  ep.bias = bias;
  ep.act = MSRT_RELU;
  for (s = 0; s < nisa; s++) {
    msrt_isa_set(isas[s]);
    ref_f32(0, 0, M, N, K, 1.0f, Af, K, Bf, N, 0.0f, Rf, N);
    for (i = 0; i < M; i++)
      for (j = 0; j < N; j++) {
        float x = Rf[i * N + j] + bias[j];
        Rf[i * N + j] = x < 0 ? 0.0f : x;
      }
    msrt_gemm_pack_b_f32(0, K, N, Bf, N, Pf);
    ASSERT_INT(MSRT_OK, msrt_matmul_packed_ep(MSRT_FLOAT32, 0, M, N, K, Af, Pf, Cf, &ep));
    bad += !same_f32(Cf, Rf, M * N);
  }
  msrt_isa_set(-1);
  ASSERT_INT(0, bad);
}

/* Conv2D (runtime/nn.c) on every kernel set: the direct kernels (x86,
 * stride 1, dilation 1, a padded image copied into ws first) and im2col +
 * gemm (the portable set, other strides) both give each output the chain
 * over im2col's taps in order (ci, ki, kj), the padding's zeros included:
 *     c = 0; for each tap: c = fma(w, x or 0, c); then + bias, then ReLU
 * (the direct tiles apply bias and ReLU themselves; ReLU6 goes through
 * the GEMM's epilogue pass).
 * Rows of 10, 28 and 37 outputs cover the masked and odd row segments; an
 * infinite weight on a padded tap makes a nan the chain must keep. */
typedef struct {
  int64_t N, Cin, H, W, Cout, kh, kw, pt, pb, pl, pr, stride, group;
} ConvCase;

static float conv_ref1(const ConvCase *q, const float *x, const float *w, int64_t n, int64_t co,
                       int64_t oh, int64_t ow) {
  int64_t cig = q->Cin / q->group, cog = q->Cout / q->group, c0 = co / cog * cig, ci, i, j;
  float c = 0.0f;
  for (ci = 0; ci < cig; ci++)
    for (i = 0; i < q->kh; i++)
      for (j = 0; j < q->kw; j++) {
        int64_t ih = oh * q->stride - q->pt + i, iw = ow * q->stride - q->pl + j;
        float v = ih >= 0 && ih < q->H && iw >= 0 && iw < q->W
                      ? x[((n * q->Cin + c0 + ci) * q->H + ih) * q->W + iw]
                      : 0.0f;
        c = fmaf(w[((co * cig + ci) * q->kh + i) * q->kw + j], v, c);
      }
  return c;
}

TEST(conv_every_set) {
  static const ConvCase cases[] = {
      {2, 1, 32, 32, 6, 5, 5, 0, 0, 0, 0, 1, 1}, {2, 6, 14, 14, 16, 5, 5, 0, 0, 0, 0, 1, 1},
      {1, 3, 9, 37, 11, 3, 3, 1, 1, 1, 1, 1, 1}, {1, 4, 7, 8, 6, 3, 2, 0, 1, 2, 0, 1, 2},
      {1, 2, 5, 5, 3, 1, 1, 1, 1, 1, 1, 1, 1},   {1, 3, 9, 9, 4, 3, 3, 1, 1, 1, 1, 2, 1}};
  static float x[2 * 6 * 32 * 32], w[16 * 6 * 25], bias[16], out[2 * 16 * 28 * 37],
      ref[2 * 16 * 28 * 37];
  static unsigned char ws[1 << 20] __attribute__((aligned(64)));
  int s, t, e, bad = 0;
  collect_isas();
  for (t = 0; t < (int)(sizeof cases / sizeof cases[0]); t++) {
    const ConvCase *q = &cases[t];
    int64_t xs[4] = {q->N, q->Cin, q->H, q->W}, wsh[4] = {q->Cout, q->Cin / q->group, q->kh, q->kw};
    int64_t pad[4] = {q->pt, q->pb, q->pl, q->pr}, st[2] = {q->stride, q->stride}, dil[2] = {1, 1};
    int64_t os[4], nx = q->N * q->Cin * q->H * q->W, nw = q->Cout * wsh[1] * q->kh * q->kw, no, i;
    int64_t n, co, oh, ow;
    os[0] = q->N;
    os[1] = q->Cout;
    os[2] = (q->H + q->pt + q->pb - q->kh) / q->stride + 1;
    os[3] = (q->W + q->pl + q->pr - q->kw) / q->stride + 1;
    no = os[0] * os[1] * os[2] * os[3];
    ASSERT(msrt_conv2d_ws_size(MSRT_FLOAT32, xs, wsh, os, q->group) <= sizeof ws);
    for (i = 0; i < nx; i++) x[i] = (float)urand();
    for (i = 0; i < nw; i++) w[i] = (float)urand();
    for (i = 0; i < q->Cout; i++) bias[i] = (float)urand();
    if (q->pt > 0) w[0] = INFINITY; /* times a padding zero: nan in the top row */
    for (e = 0; e < 4; e++) { /* none; bias + ReLU; bias + ReLU6; ReLU */
      msrt_epilogue ep;
      memset(&ep, 0, sizeof ep);
      ep.bias = e == 3 ? NULL : bias;
      ep.act = e == 2 ? MSRT_RELU6 : MSRT_RELU;
      for (n = 0; n < os[0]; n++)
        for (co = 0; co < os[1]; co++)
          for (oh = 0; oh < os[2]; oh++)
            for (ow = 0; ow < os[3]; ow++) {
              float c = conv_ref1(q, x, w, n, co, oh, ow);
              if (e == 1 || e == 2) c = c + bias[co];
              if (e) c = c < 0 ? 0.0f : c;
              if (e == 2) c = c > 6.0f ? 6.0f : c;
              ref[((n * os[1] + co) * os[2] + oh) * os[3] + ow] = c;
            }
      for (s = 0; s < nisa; s++) {
        msrt_isa_set(isas[s]);
        memset(out, 0xff, sizeof out);
        ASSERT_INT(MSRT_OK, msrt_conv2d_ep(MSRT_FLOAT32, xs, wsh, os, st, pad, dil, q->group, x, w, out,
                                           ws, e ? &ep : NULL));
        if (!same_f32(out, ref, no)) {
          printf("conv case %d (%s, epilogue %d): differs from the chain\n", t, msrt_isa_name(isas[s]), e);
          bad++;
        }
      }
    }
  }
  msrt_isa_set(-1);
  ASSERT_INT(0, bad);
}

/* MaxPool 2x2 stride 2 (runtime/nn.c; AVX-512 has its own loop) on every
 * kernel set: the first maximum of each window scanned row by row, a nan
 * taking over (the last nan wins), ties of -0.0 and +0.0 kept first. */
TEST(maxpool_every_set) {
  static const int64_t shapes[][4] = {{2, 3, 28, 28}, {1, 2, 10, 10}, {1, 1, 7, 37}};
  static float x[2 * 3 * 28 * 28], out[2 * 3 * 14 * 14], ref[2 * 3 * 14 * 14];
  static const int64_t k[2] = {2, 2}, st[2] = {2, 2}, pad[4] = {0, 0, 0, 0};
  int s, t, bad = 0;
  collect_isas();
  for (t = 0; t < 3; t++) {
    const int64_t *xs = shapes[t];
    int64_t OH = xs[2] / 2, OW = xs[3] / 2, n = xs[0] * xs[1] * xs[2] * xs[3], i, c, oh, ow;
    for (i = 0; i < n; i++) {
      uint32_t u;
      float v = (float)urand();
      rng = rng * 1103515245u + 12345u;
      switch ((rng >> 16) % 8) {
      case 0: v = 0.0f; break;
      case 1: v = -0.0f; break;
      case 2: u = 0x7fc00000u + (rng & 0xffu); memcpy(&v, &u, 4); if ((rng >> 8) % 4) v = 0.5f; break;
      default: break;
      }
      x[i] = v;
    }
    for (c = 0; c < xs[0] * xs[1]; c++)
      for (oh = 0; oh < OH; oh++)
        for (ow = 0; ow < OW; ow++) {
          const float *r = x + (c * xs[2] + 2 * oh) * xs[3] + 2 * ow;
          float m = r[0], w4[3];
          int j;
          w4[0] = r[1];
          w4[1] = r[xs[3]];
          w4[2] = r[xs[3] + 1];
          for (j = 0; j < 3; j++)
            if (w4[j] > m || w4[j] != w4[j]) m = w4[j];
          ref[(c * OH + oh) * OW + ow] = m;
        }
    for (s = 0; s < nisa; s++) {
      msrt_isa_set(isas[s]);
      memset(out, 0xff, sizeof out);
      ASSERT_INT(MSRT_OK, msrt_maxpool2d(MSRT_FLOAT32, xs, OH, OW, k, st, pad, x, out));
      if (!same_f32(out, ref, xs[0] * xs[1] * OH * OW)) {
        printf("maxpool shape %d (%s): differs\n", t, msrt_isa_name(isas[s]));
        bad++;
      }
    }
  }
  msrt_isa_set(-1);
  ASSERT_INT(0, bad);
}

UNIT_MAIN()
