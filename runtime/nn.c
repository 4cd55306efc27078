/* nn.c — NCHW neural-network kernels (msrt.h section 5): 2-D convolution,
 * max/avg pooling, inference batch norm, layer norm, and the backward
 * kernels of convolution and pooling (autodiff).
 *
 * Conv2D is im2col + the packed GEMM of gemm.c: per image and group,
 *   out[n, g*cog : (g+1)*cog, p0:p1] = W_g[cog, K] @ col[K, p0:p1]
 * with K = cig*kh*kw and p the flattened output position; col is built
 * for a block of output positions at a time (at most COL_BYTES, so the
 * workspace stays bounded and the block stays in cache). A 1x1 kernel
 * with stride 1 and no padding reads x directly (no im2col). The caller's
 * ws holds the col block followed by the GEMM workspace. msrt_conv2d_ep
 * hands its epilogue (bias per output channel, activation) to the GEMM,
 * which applies it to each block of output positions as it stores it.
 *
 * Pools, batch norm and layer norm accumulate in double. No malloc, no
 * VLAs, no recursion. */
#include "msrt.h"

#include <math.h>
#include <string.h>

#define COL_BYTES ((int64_t)256 * 1024) /* im2col block budget */
#define NN_ALIGN 64

static int64_t nn_min(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t nn_max(int64_t a, int64_t b) { return a > b ? a : b; }

/* ===================================================================
 * convolution
 * =================================================================== */

/* Output positions per im2col block. */
static int64_t col_block(int64_t K, int64_t P, int64_t es) {
  int64_t pc;
  if (K <= 0 || P <= 0) return 1;
  if (K * P * es <= COL_BYTES) return P;
  pc = COL_BYTES / (K * es) / 16 * 16;
  if (pc < 16) pc = 16;
  return nn_min(pc, P);
}

static int64_t align_up(int64_t x) { return (x + NN_ALIGN - 1) / NN_ALIGN * NN_ALIGN; }

size_t msrt_conv2d_ws_size(msrt_dtype dt, const int64_t *xs, const int64_t *wsh,
                           const int64_t *os, int64_t group) {
  int64_t es, K, P, pc, cog;
  (void)xs;
  if (dt != MSRT_FLOAT32 && dt != MSRT_FLOAT64) return 0;
  if (group <= 0) return 0;
  es = dt == MSRT_FLOAT32 ? 4 : 8;
  K = wsh[1] * wsh[2] * wsh[3];
  P = os[2] * os[3];
  cog = wsh[0] / group;
  if (K <= 0 || P <= 0 || cog <= 0 || os[0] <= 0) return 0;
  pc = col_block(K, P, es);
  return (size_t)(align_up(K * pc * es) + NN_ALIGN +
                  (int64_t)msrt_gemm_ws_size(cog, nn_max(pc, P), K));
}

/* Direct convolution (float32, stride 1, dilation 1), the x86 kernel sets
 * only. For a tile of CB output channels by two row segments of output
 * positions (at most one vector each, masked), the accumulators stay in
 * registers over all K = cig*kh*kw taps in im2col's order (ci, ki, kj):
 *     c = 0;  for each tap k:  c = fma(w[co][k], x[ci][oh + ki][ow + kj], c)
 * the sequential fused chain of gemm.c, so the result is the bits of
 * im2col + msrt_gemm_f32 on every kernel set, without the im2col copy
 * (x rows are read where they lie: the segment shifted by kj is one
 * unaligned load) or the packing. The input has no padding here: a
 * padded convolution first copies the padded image into ws (zeros read
 * as im2col's zeros: fma(w, 0, c), the same steps). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(MSRT_NO_SIMD)
#define NN_X86 1
#include <immintrin.h>
#define NN_AVX2 __attribute__((target("avx2,fma")))
#define NN_AVX512 __attribute__((target("avx512f,avx2,fma")))
/* The tile and pool functions stay out of line: built with -O3
 * -march=native (so the callers may inline them), GCC inlined them into
 * conv2d and msrt_maxpool2d and the LeNet-5 forward ran 1.5x slower than
 * at -O2 (generated C alone, batch 64: 511 -> 781 us). */
#define NN_NOINLINE __attribute__((noinline))

/* A fused epilogue the tiles apply before they store: + bias[i] (channel
 * i of the tile; NULL: none), then ReLU when relu, as gemm.c's ep_avx2_f32
 * does (x < 0 becomes +0.0; nan and -0.0 stay): the same bits as the
 * separate pass. */
typedef struct DcEp {
  const float *bias;
  int relu;
} DcEp;

/* one tap for the channel rows i < CB: c(i)(s) = fma(w(i, k), x(s), c(i)(s)) */
#define DC5_ROW(i)                                                             \
  do {                                                                         \
    if (CB > (i)) {                                                            \
      __m512 wi = _mm512_set1_ps(wk[(i) * K]);                                 \
      c##i##0 = _mm512_fmadd_ps(wi, x0, c##i##0);                              \
      c##i##1 = _mm512_fmadd_ps(wi, x1, c##i##1);                              \
    }                                                                          \
  } while (0)
#define DC5_STORE(i)                                                           \
  do {                                                                         \
    if (CB > (i)) {                                                            \
      if (e && e->bias) {                                                      \
        __m512 bi = _mm512_set1_ps(e->bias[i]);                                \
        c##i##0 = _mm512_add_ps(c##i##0, bi);                                  \
        c##i##1 = _mm512_add_ps(c##i##1, bi);                                  \
      }                                                                        \
      if (e && e->relu) {                                                      \
        __m512 z = _mm512_setzero_ps();                                        \
        c##i##0 = _mm512_mask_mov_ps(c##i##0,                                  \
                                     _mm512_cmp_ps_mask(c##i##0, z, _CMP_LT_OQ), z); \
        c##i##1 = _mm512_mask_mov_ps(c##i##1,                                  \
                                     _mm512_cmp_ps_mask(c##i##1, z, _CMP_LT_OQ), z); \
      }                                                                        \
      _mm512_mask_storeu_ps(oa + (i) * P, ma, c##i##0);                        \
      _mm512_mask_storeu_ps(ob + (i) * P, mb, c##i##1);                        \
    }                                                                          \
  } while (0)

NN_AVX512 static inline __attribute__((always_inline)) void
dtile512(const int CB, const float *xa, const float *xb, __mmask16 ma, __mmask16 mb,
         int64_t cig, int64_t HW, int64_t W, int64_t kh, int64_t kw, const float *w,
         int64_t K, float *oa, float *ob, int64_t P, const DcEp *e) {
  __m512 c00 = _mm512_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
  __m512 c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
  __m512 c60 = c00, c61 = c00, c70 = c00, c71 = c00;
  const float *wk = w;
  int64_t ci, ki, kj;
  for (ci = 0; ci < cig; ci++)
    for (ki = 0; ki < kh; ki++) {
      const float *ra = xa + ci * HW + ki * W, *rb = xb + ci * HW + ki * W;
      for (kj = 0; kj < kw; kj++, wk++) {
        __m512 x0 = _mm512_maskz_loadu_ps(ma, ra + kj), x1 = _mm512_maskz_loadu_ps(mb, rb + kj);
        DC5_ROW(0); DC5_ROW(1); DC5_ROW(2); DC5_ROW(3);
        DC5_ROW(4); DC5_ROW(5); DC5_ROW(6); DC5_ROW(7);
      }
    }
  DC5_STORE(0); DC5_STORE(1); DC5_STORE(2); DC5_STORE(3);
  DC5_STORE(4); DC5_STORE(5); DC5_STORE(6); DC5_STORE(7);
}

static __mmask16 nn_mask16(int64_t n) {
  unsigned m = n <= 0 ? 0u : n >= 16 ? 0xffffu : (1u << n) - 1u;
  return (__mmask16)m;
}

/* One tile of cb <= 8 channels: segment a (na outputs from xa, to oa)
 * and segment b (nb, maybe 0). */
NN_AVX512 NN_NOINLINE static void tile512(int64_t cb, const float *xa, const float *xb, int64_t na,
                              int64_t nb, int64_t cig, int64_t HW, int64_t W, int64_t kh,
                              int64_t kw, const float *w, int64_t K, float *oa, float *ob,
                              int64_t P, const DcEp *e) {
  __mmask16 ma = nn_mask16(na), mb = nn_mask16(nb);
  switch (cb) {
#define DC5_CALL(n) dtile512(n, xa, xb, ma, mb, cig, HW, W, kh, kw, w, K, oa, ob, P, e); break
  case 8: DC5_CALL(8);
  case 7: DC5_CALL(7);
  case 6: DC5_CALL(6);
  case 5: DC5_CALL(5);
  case 4: DC5_CALL(4);
  case 3: DC5_CALL(3);
  case 2: DC5_CALL(2);
  default: DC5_CALL(1);
#undef DC5_CALL
  }
  _mm256_zeroupper();
}

/* the AVX2 set: segments of 8 outputs, at most 6 channels a tile */
#define DC2_ROW(i)                                                             \
  do {                                                                         \
    if (CB > (i)) {                                                            \
      __m256 wi = _mm256_broadcast_ss(wk + (i) * K);                           \
      c##i##0 = _mm256_fmadd_ps(wi, x0, c##i##0);                              \
      c##i##1 = _mm256_fmadd_ps(wi, x1, c##i##1);                              \
    }                                                                          \
  } while (0)
#define DC2_STORE(i)                                                           \
  do {                                                                         \
    if (CB > (i)) {                                                            \
      if (e && e->bias) {                                                      \
        __m256 bi = _mm256_broadcast_ss(e->bias + (i));                        \
        c##i##0 = _mm256_add_ps(c##i##0, bi);                                  \
        c##i##1 = _mm256_add_ps(c##i##1, bi);                                  \
      }                                                                        \
      if (e && e->relu) {                                                      \
        __m256 z = _mm256_setzero_ps();                                        \
        c##i##0 = _mm256_andnot_ps(_mm256_cmp_ps(c##i##0, z, _CMP_LT_OQ), c##i##0); \
        c##i##1 = _mm256_andnot_ps(_mm256_cmp_ps(c##i##1, z, _CMP_LT_OQ), c##i##1); \
      }                                                                        \
      if (FA) _mm256_storeu_ps(oa + (i) * P, c##i##0);                         \
      else _mm256_maskstore_ps(oa + (i) * P, ma, c##i##0);                     \
      if (FB) _mm256_storeu_ps(ob + (i) * P, c##i##1);                         \
      else _mm256_maskstore_ps(ob + (i) * P, mb, c##i##1);                     \
    }                                                                          \
  } while (0)

NN_AVX2 static inline __attribute__((always_inline)) void
dtile256(const int CB, const int FA, const int FB, const float *xa, const float *xb, __m256i ma, __m256i mb, int64_t cig,
         int64_t HW, int64_t W, int64_t kh, int64_t kw, const float *w, int64_t K, float *oa,
         float *ob, int64_t P, const DcEp *e) {
  __m256 c00 = _mm256_setzero_ps(), c01 = c00, c10 = c00, c11 = c00, c20 = c00, c21 = c00;
  __m256 c30 = c00, c31 = c00, c40 = c00, c41 = c00, c50 = c00, c51 = c00;
  const float *wk = w;
  int64_t ci, ki, kj;
  for (ci = 0; ci < cig; ci++)
    for (ki = 0; ki < kh; ki++) {
      const float *ra = xa + ci * HW + ki * W, *rb = xb + ci * HW + ki * W;
      for (kj = 0; kj < kw; kj++, wk++) {
        __m256 x0 = FA ? _mm256_loadu_ps(ra + kj) : _mm256_maskload_ps(ra + kj, ma);
        __m256 x1 = FB ? _mm256_loadu_ps(rb + kj) : _mm256_maskload_ps(rb + kj, mb);
        DC2_ROW(0); DC2_ROW(1); DC2_ROW(2); DC2_ROW(3); DC2_ROW(4); DC2_ROW(5);
      }
    }
  DC2_STORE(0); DC2_STORE(1); DC2_STORE(2); DC2_STORE(3); DC2_STORE(4); DC2_STORE(5);
}

NN_AVX2 static __m256i nn_mask8(int64_t n) {
  return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)nn_min(n < 0 ? 0 : n, 8)),
                            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

NN_AVX2 NN_NOINLINE static void tile256(int64_t cb, const float *xa, const float *xb, int64_t na,
                            int64_t nb, int64_t cig, int64_t HW, int64_t W, int64_t kh,
                            int64_t kw, const float *w, int64_t K, float *oa, float *ob,
                            int64_t P, const DcEp *e) {
  __m256i ma = nn_mask8(na), mb = nn_mask8(nb);
  /* a whole segment: plain loads and stores (a masked store is many
   * micro-ops on AMD's cores: 12 of them per tile cost LeNet-5's first
   * convolution, 25 taps, a third of its time) */
  switch (cb * 4 + (na >= 8) * 2 + (nb >= 8)) {
#define DC2_CALL(n)                                                            \
  case 4 * (n): dtile256(n, 0, 0, xa, xb, ma, mb, cig, HW, W, kh, kw, w, K, oa, ob, P, e); break; \
  case 4 * (n) + 1: dtile256(n, 0, 1, xa, xb, ma, mb, cig, HW, W, kh, kw, w, K, oa, ob, P, e); break; \
  case 4 * (n) + 2: dtile256(n, 1, 0, xa, xb, ma, mb, cig, HW, W, kh, kw, w, K, oa, ob, P, e); break; \
  case 4 * (n) + 3: dtile256(n, 1, 1, xa, xb, ma, mb, cig, HW, W, kh, kw, w, K, oa, ob, P, e); break
  DC2_CALL(6);
  DC2_CALL(5);
  DC2_CALL(4);
  DC2_CALL(3);
  DC2_CALL(2);
  DC2_CALL(1);
#undef DC2_CALL
  default: break;
  }
  _mm256_zeroupper();
}

/* out[co][oh][ow] for the image xc [cig][H][W] (already padded), the
 * filters w [cog][K]: segments of vw outputs along each row, two per tile
 * (the second may start a new row), cbmax channels at a time. */
static void direct_f32(int isa, int64_t cig, int64_t H, int64_t W, int64_t kh, int64_t kw,
                       int64_t cog, int64_t OH, int64_t OW, const float *xc, const float *w,
                       float *out, const DcEp *ep) {
  int64_t vw = isa >= MSRT_ISA_AVX512 ? 16 : 8, cbmax = isa >= MSRT_ISA_AVX512 ? 8 : 6;
  int64_t spr = (OW + vw - 1) / vw, nseg = OH * spr, s, co, K = cig * kh * kw, P = OH * OW;
  for (s = 0; s < nseg; s += 2) {
    int64_t ha = s / spr, wa = s % spr * vw, hb = ha, wb = wa, nb = 0;
    if (s + 1 < nseg) {
      hb = (s + 1) / spr;
      wb = (s + 1) % spr * vw;
      nb = OW - wb;
    }
    for (co = 0; co < cog; co += cbmax) {
      const float *xa = xc + ha * W + wa, *xb = xc + hb * W + wb, *wc = w + co * K;
      float *oa = out + co * P + ha * OW + wa, *ob = out + co * P + hb * OW + wb;
      DcEp e;
      if (ep) {
        e.bias = ep->bias ? ep->bias + co : NULL;
        e.relu = ep->relu;
      }
      if (isa >= MSRT_ISA_AVX512)
        tile512(nn_min(cbmax, cog - co), xa, xb, OW - wa, nb, cig, H * W, W, kh, kw, wc, K, oa, ob, P,
                ep ? &e : NULL);
      else
        tile256(nn_min(cbmax, cog - co), xa, xb, OW - wa, nb, cig, H * W, W, kh, kw, wc, K, oa, ob, P,
                ep ? &e : NULL);
    }
  }
}
#endif /* NN_X86 */

/* Convolves one image and group by the direct kernels when the CPU's
 * kernel set has them and the convolution is stride 1, dilation 1;
 * returns 0 (nothing written) otherwise, 2 when the tiles applied ep
 * (bias and ReLU or no activation), 1 when ep (if any) is still to be
 * applied. buf (cap floats) takes the padded image when there is padding;
 * a padded image larger than cap goes the im2col way. */
static int conv_direct_f32(int64_t cig, int64_t H, int64_t W, int64_t kh, int64_t kw,
                           int64_t cog, int64_t OH, int64_t OW, const int64_t *stride,
                           const int64_t *pad, const int64_t *dil, const float *xc,
                           const float *w, float *out, float *buf, int64_t cap,
                           const msrt_epilogue *ep) {
#ifdef NN_X86
  int isa = msrt_isa();
  DcEp de, *dep = NULL;
  int64_t Hp = OH + kh - 1, Wp = OW + kw - 1;
  if (isa < MSRT_ISA_AVX2 || stride[0] != 1 || stride[1] != 1 || dil[0] != 1 || dil[1] != 1)
    return 0;
  if (pad[0] != 0 || pad[2] != 0 || Hp > H || Wp > W) {
    /* im2col's input: x at (pad[0], pad[2]), zeros elsewhere */
    int64_t ci, i, j;
    if (cig * Hp * Wp > cap) return 0;
    for (ci = 0; ci < cig; ci++)
      for (i = 0; i < Hp; i++) {
        float *d = buf + (ci * Hp + i) * Wp;
        int64_t ih = i - pad[0];
        for (j = 0; j < Wp; j++) {
          int64_t iw = j - pad[2];
          d[j] = ih >= 0 && ih < H && iw >= 0 && iw < W ? xc[(ci * H + ih) * W + iw] : 0.0f;
        }
      }
    xc = buf;
    H = Hp;
    W = Wp;
  }
  if (ep && (ep->act == MSRT_ACT_NONE || ep->act == MSRT_RELU)) {
    de.bias = (const float *)ep->bias;
    de.relu = ep->act == MSRT_RELU;
    dep = &de;
  }
  direct_f32(isa, cig, H, W, kh, kw, cog, OH, OW, xc, w, out, dep);
  return dep ? 2 : 1;
#else
  (void)cig; (void)H; (void)W; (void)kh; (void)kw; (void)cog; (void)OH; (void)OW;
  (void)stride; (void)pad; (void)dil; (void)xc; (void)w; (void)out; (void)buf; (void)cap;
  (void)ep;
  return 0;
#endif
}

/* float64 has no direct kernels: im2col + gemm */
static int conv_direct_f64(int64_t cig, int64_t H, int64_t W, int64_t kh, int64_t kw,
                           int64_t cog, int64_t OH, int64_t OW, const int64_t *stride,
                           const int64_t *pad, const int64_t *dil, const double *xc,
                           const double *w, double *out, double *buf, int64_t cap,
                           const msrt_epilogue *ep) {
  (void)cig; (void)H; (void)W; (void)kh; (void)kw; (void)cog; (void)OH; (void)OW;
  (void)stride; (void)pad; (void)dil; (void)xc; (void)w; (void)out; (void)buf; (void)cap;
  (void)ep;
  return 0;
}

/* ===================================================================
 * threads (host only: msc's own copy, MSRT_HOST_THREADS)
 *
 * With a parallel callback installed (msrt_set_parallel) a convolution
 * large enough splits its units over the tasks: the forward and the input
 * gradient over images, the filter gradient over output channels (rows
 * of dW). A task runs the same code on its range with its own scratch as
 * the workspace (the same col block and GEMM workspace layout), and every
 * output's chain of multiply-adds is the one of one thread (per image:
 * unchanged; per dW row: the same images, blocks and depth in the same
 * order), so the result is the same bits. A GEMM inside a task runs on
 * that task (the callback refuses nested calls). Generated libraries have
 * no callback: the code below is not in them.
 * =================================================================== */

typedef struct ConvJob ConvJob;
typedef void (*conv_body_fn)(const ConvJob *j, int64_t u0, int64_t u1, void *ws);
struct ConvJob {
  const int64_t *xs, *wsh, *os, *stride, *pad, *dil;
  int64_t group;
  const void *a, *b; /* forward: x, w; input gradient: dy, w; filter gradient: dy, x */
  void *out;
  const msrt_epilogue *ep;
  conv_body_fn body;
  int64_t units;
  int ntask;
};

#ifdef MSRT_HOST_THREADS
/* a split pays for the threads' start above this many multiply-adds (as
 * gemm.c's PAR_MIN_FMAS) */
#define CONV_PAR_MIN_FMAS ((int64_t)1 << 20)
/* a pooling splits above this many window reads */
#define POOL_PAR_MIN ((int64_t)1 << 17)

static void conv_task(void *arg, int i, void *scratch) {
  const ConvJob *j = (const ConvJob *)arg;
  int64_t u0 = j->units * i / j->ntask, u1 = j->units * (i + 1) / j->ntask;
  if (u0 < u1) j->body(j, u0, u1, scratch);
}
#endif

/* j->body over units [0, units), split over the parallel callback's tasks
 * when there is one, there are units to split, the product is large enough
 * and a task's workspace (wsneed bytes) fits its scratch; else here on ws. */
static void conv_run(ConvJob *j, int64_t units, int64_t fmas, int64_t wsneed, void *ws) {
#ifdef MSRT_HOST_THREADS
  int width = msrt_parallel_width();
  if (width > 1 && units > 1 && fmas >= CONV_PAR_MIN_FMAS && wsneed <= MSRT_PAR_SCRATCH) {
    (void)msrt_isa(); /* the kernel set chosen before the tasks start */
    j->units = units;
    j->ntask = (int)nn_min(width, units);
    if (msrt_parallel_run(j->ntask, conv_task, j) == 0) return;
  }
#else
  (void)fmas;
  (void)wsneed;
#endif
  j->body(j, 0, units, ws);
}

/* the workspace of one image's convolution (msrt_conv2d_ws_size's layout:
 * the col block, then the GEMM workspace) */
static int64_t conv_ws_need(int64_t K, int64_t pc, int64_t es, int64_t gws) {
  return align_up(K * pc * es) + gws;
}

/* CONV_DEFINE(T, SUF): im2col_SUF and conv_SUF for element type T. */
#define CONV_DEFINE(T, SUF)                                                    \
  static void im2col_##SUF(const T *xc, int64_t cig, int64_t H, int64_t W,     \
                           int64_t kh, int64_t kw, int64_t OW,                 \
                           const int64_t *stride, const int64_t *pad,          \
                           const int64_t *dil, int64_t p0, int64_t p1,         \
                           T *col) {                                           \
    int64_t pc = p1 - p0, ci, ki, kj;                                          \
    int64_t sh = stride[0], sw = stride[1];                                    \
    T *d = col;                                                                \
    for (ci = 0; ci < cig; ci++)                                               \
      for (ki = 0; ki < kh; ki++)                                              \
        for (kj = 0; kj < kw; kj++, d += pc) {                                 \
          const T *xp = xc + ci * H * W;                                       \
          /* output columns ow in [olo, ohi) read 0 <= iw < W */              \
          int64_t iw0 = kj * dil[1] - pad[2];                                  \
          int64_t olo = iw0 >= 0 ? 0 : (-iw0 + sw - 1) / sw;                   \
          int64_t ohi = iw0 >= W ? 0 : (W - iw0 + sw - 1) / sw;                \
          int64_t p = p0, oh = p0 / OW, ow = p0 % OW;                          \
          T *dr = d;                                                           \
          if (olo > OW) olo = OW;                                              \
          if (ohi > OW) ohi = OW;                                              \
          if (ohi < olo) ohi = olo;                                            \
          while (p < p1) {                                                     \
            int64_t e = nn_min(OW, ow + (p1 - p)), j;                          \
            int64_t ih = oh * sh - pad[0] + ki * dil[0];                       \
            T *dd = dr; /* dd[j - ow] is column ow */                          \
            if (ih < 0 || ih >= H) {                                           \
              for (j = ow; j < e; j++) dd[j - ow] = 0;                         \
            } else {                                                           \
              const T *srow = xp + ih * W;                                     \
              int64_t a = nn_max(ow, olo), b = nn_min(e, ohi);                 \
              for (j = ow; j < a && j < e; j++) dd[j - ow] = 0;                \
              if (a < b) {                                                     \
                if (sw == 1)                                                   \
                  memcpy(dd + (a - ow), srow + (iw0 + a),                      \
                         (size_t)(b - a) * sizeof(T));                         \
                else                                                           \
                  for (j = a; j < b; j++) dd[j - ow] = srow[iw0 + j * sw];     \
              }                                                                \
              for (j = nn_max(b, ow); j < e; j++) dd[j - ow] = 0;              \
            }                                                                  \
            dr += e - ow;                                                      \
            p += e - ow;                                                       \
            ow = 0;                                                            \
            oh++;                                                              \
          }                                                                    \
        }                                                                      \
  }                                                                            \
                                                                               \
  /* images [n0, n1) */                                                       \
  static void conv_body_##SUF(const ConvJob *j, int64_t n0, int64_t n1,        \
                              void *ws) {                                      \
    const int64_t *xs = j->xs, *wsh = j->wsh, *os = j->os;                     \
    const int64_t *stride = j->stride, *pad = j->pad, *dil = j->dil;           \
    const T *x = (const T *)j->a, *w = (const T *)j->b;                        \
    T *out = (T *)j->out;                                                      \
    const msrt_epilogue *ep = j->ep;                                           \
    int64_t group = j->group;                                                  \
    int64_t Cin = xs[1], H = xs[2], W = xs[3];                                 \
    int64_t Cout = wsh[0], cig = wsh[1], kh = wsh[2], kw = wsh[3];             \
    int64_t OH = os[2], OW = os[3], P = OH * OW, K = cig * kh * kw;            \
    int64_t cog = Cout / group, n, g, p0;                                      \
    int dk;                                                                    \
    int64_t pc = col_block(K, P, (int64_t)sizeof(T));                          \
    int direct = kh == 1 && kw == 1 && stride[0] == 1 && stride[1] == 1 &&     \
                 pad[0] == 0 && pad[1] == 0 && pad[2] == 0 && pad[3] == 0;     \
    T *col = (T *)ws;                                                          \
    void *gws = (unsigned char *)ws + align_up(K * pc * (int64_t)sizeof(T));   \
    for (n = n0; n < n1; n++)                                                  \
      for (g = 0; g < group; g++) {                                            \
        const T *xc = x + (n * Cin + g * cig) * H * W;                         \
        const T *wg = w + g * cog * K;                                         \
        T *og = out + (n * Cout + g * cog) * P;                                \
        msrt_epilogue eg, *epg = NULL;                                         \
        if (ep) { /* this group's channels: bias from g * cog */              \
          eg.bias = ep->bias ? (const void *)((const T *)ep->bias + g * cog)   \
                             : NULL;                                           \
          eg.act = ep->act;                                                    \
          epg = &eg;                                                           \
        }                                                                      \
        dk = direct ? 0 : conv_direct_##SUF(cig, H, W, kh, kw, cog, OH, OW,     \
                                            stride, pad, dil, xc, wg, og, col, \
                                            K * pc, epg);                      \
        if (dk) {                                                              \
          if (epg && dk == 1) /* K = 0, beta = 1: the epilogue afterwards */  \
            msrt_gemm_ep_##SUF(0, 0, cog, P, 0, (T)1, NULL, 1, NULL, 1, (T)1,   \
                               og, P, NULL, epg, 1);                           \
          continue;                                                            \
        }                                                                      \
        if (direct) {                                                          \
          msrt_gemm_ep_##SUF(0, 0, cog, P, K, (T)1, wg, K, xc, P, (T)0, og, P, \
                             gws, epg, 1);                                     \
          continue;                                                            \
        }                                                                      \
        for (p0 = 0; p0 < P; p0 += pc) {                                       \
          int64_t p1 = nn_min(P, p0 + pc);                                     \
          im2col_##SUF(xc, cig, H, W, kh, kw, OW, stride, pad, dil, p0, p1,    \
                       col);                                                   \
          msrt_gemm_ep_##SUF(0, 0, cog, p1 - p0, K, (T)1, wg, K, col,          \
                             p1 - p0, (T)0, og + p0, P, gws, epg, 1);          \
        }                                                                      \
      }                                                                        \
  }                                                                            \
                                                                               \
  static void conv_##SUF(const int64_t *xs, const int64_t *wsh,                \
                         const int64_t *os, const int64_t *stride,             \
                         const int64_t *pad, const int64_t *dil,               \
                         int64_t group, const T *x, const T *w, T *out,        \
                         void *ws, const msrt_epilogue *ep) {                  \
    ConvJob j = {xs, wsh, os, stride, pad, dil, group, x, w, out, ep,          \
                 conv_body_##SUF, 0, 0};                                       \
    int64_t K = wsh[1] * wsh[2] * wsh[3], P = os[2] * os[3];                   \
    int64_t pc = col_block(K, P, (int64_t)sizeof(T));                          \
    conv_run(&j, xs[0], xs[0] * wsh[0] * K * P,                                \
             conv_ws_need(K, pc, (int64_t)sizeof(T),                           \
                          (int64_t)msrt_gemm_ws_size(wsh[0] / group,           \
                                                     nn_max(pc, P), K)),       \
             ws);                                                              \
  }

CONV_DEFINE(float, f32)
CONV_DEFINE(double, f64)

/* Conv2D with an optional fused epilogue (bias per output channel, then
 * the activation), applied by the GEMM to each block of output positions
 * as it is stored. */
static int conv2d(msrt_dtype dt, const int64_t *xs, const int64_t *wsh, const int64_t *os,
                  const int64_t *stride, const int64_t *pad, const int64_t *dilation,
                  int64_t group, const void *x, const void *w, void *out, void *ws,
                  const msrt_epilogue *ep) {
  int64_t total, K;
  int i;
  if (dt != MSRT_FLOAT32 && dt != MSRT_FLOAT64) return MSRT_EINVAL;
  if (ep && !ep->bias && ep->act == MSRT_ACT_NONE) ep = NULL;
  if (ep && !msrt_act_ok(ep->act)) return MSRT_EINVAL;
  if (group <= 0 || wsh[0] % group != 0 || xs[1] != wsh[1] * group || os[1] != wsh[0] ||
      os[0] != xs[0])
    return MSRT_EINVAL;
  for (i = 0; i < 4; i++)
    if (xs[i] < 0 || wsh[i] < 0 || os[i] < 0 || pad[i] < 0) return MSRT_EINVAL;
  if (stride[0] <= 0 || stride[1] <= 0 || dilation[0] <= 0 || dilation[1] <= 0)
    return MSRT_EINVAL;
  total = os[0] * os[1] * os[2] * os[3];
  if (total == 0) return MSRT_OK;
  K = wsh[1] * wsh[2] * wsh[3];
  if (K == 0) { /* no input channels per group: zeros, then the epilogue */
    int64_t n, P = os[2] * os[3], no = os[1] * P;
    memset(out, 0, (size_t)total * msrt_dtype_size(dt));
    if (ep)
      for (n = 0; n < os[0]; n++) {
        if (dt == MSRT_FLOAT32)
          msrt_gemm_ep_f32(0, 0, os[1], P, 0, 1.0f, NULL, 1, NULL, 1, 1.0f,
                           (float *)out + n * no, P, NULL, ep, 1);
        else
          msrt_gemm_ep_f64(0, 0, os[1], P, 0, 1.0, NULL, 1, NULL, 1, 1.0,
                           (double *)out + n * no, P, NULL, ep, 1);
      }
    return MSRT_OK;
  }
  if (!ws) return MSRT_EINVAL;
  if (dt == MSRT_FLOAT32)
    conv_f32(xs, wsh, os, stride, pad, dilation, group, (const float *)x, (const float *)w,
             (float *)out, ws, ep);
  else
    conv_f64(xs, wsh, os, stride, pad, dilation, group, (const double *)x, (const double *)w,
             (double *)out, ws, ep);
  return MSRT_OK;
}

int msrt_conv2d(msrt_dtype dt, const int64_t *xs, const int64_t *wsh, const int64_t *os,
                const int64_t *stride, const int64_t *pad, const int64_t *dilation,
                int64_t group, const void *x, const void *w, void *out, void *ws) {
  return conv2d(dt, xs, wsh, os, stride, pad, dilation, group, x, w, out, ws, NULL);
}

/* ===================================================================
 * convolution backward (autodiff, issue 8)
 *
 * With col = im2col(x) [K, P] per image and group (K = cig*kh*kw, P =
 * OH*OW) the forward is out_g = W_g @ col, so
 *   input:  col_grad = W_g^T @ dy_g, scattered back into dx by col2im
 *           (each col element is added to the x element it was read
 *           from; padding positions are dropped);
 *   filter: dW_g += dy_g @ col^T, summed over the images.
 * Both run over blocks of output positions as the forward does (the same
 * col block budget and the same workspace layout: the col block, then the
 * GEMM workspace); a 1x1 kernel with stride 1 and no padding uses x / dx
 * directly as col. The outputs are zeroed first and accumulated.
 * =================================================================== */

static int conv_args_ok(const int64_t *xs, const int64_t *wsh, const int64_t *os,
                        const int64_t *stride, const int64_t *pad, const int64_t *dilation,
                        int64_t group) {
  int i;
  if (group <= 0 || wsh[0] % group != 0 || xs[1] != wsh[1] * group || os[1] != wsh[0] ||
      os[0] != xs[0])
    return 0;
  for (i = 0; i < 4; i++)
    if (xs[i] < 0 || wsh[i] < 0 || os[i] < 0 || pad[i] < 0) return 0;
  return stride[0] > 0 && stride[1] > 0 && dilation[0] > 0 && dilation[1] > 0;
}

static int64_t prod4(const int64_t *s) { return s[0] * s[1] * s[2] * s[3]; }

/* The input gradient of a convolution with stride 1 and dilation 1 is a
 * forward convolution (bpi_transposed): of dy [N, Cout, OH, OW] with the
 * weights flipped in both spatial axes and each group's channels swapped
 * [Cin, cog, kh, kw], padded by kh - 1 - pad (top, bottom), kw - 1 - pad
 * (left, right), giving dx [N, Cin, H, W]. */
static void bpi_shapes(const int64_t *xs, const int64_t *wsh, const int64_t *os, int64_t *txs,
                       int64_t *twsh, int64_t *tos) {
  txs[0] = os[0];
  txs[1] = os[1];
  txs[2] = os[2];
  txs[3] = os[3];
  twsh[0] = xs[1];
  twsh[1] = wsh[1] == 0 ? 0 : wsh[0] * wsh[1] / xs[1]; /* cog */
  twsh[2] = wsh[2];
  twsh[3] = wsh[3];
  tos[0] = xs[0];
  tos[1] = xs[1];
  tos[2] = xs[2];
  tos[3] = xs[3];
}

size_t msrt_conv2d_bp_ws_size(msrt_dtype dt, const int64_t *xs, const int64_t *wsh,
                              const int64_t *os, int64_t group, int filter) {
  int64_t es, K, P, pc, cog, g;
  (void)xs;
  if (dt != MSRT_FLOAT32 && dt != MSRT_FLOAT64) return 0;
  if (group <= 0) return 0;
  es = dt == MSRT_FLOAT32 ? 4 : 8;
  K = wsh[1] * wsh[2] * wsh[3];
  P = os[2] * os[3];
  cog = wsh[0] / group;
  if (K <= 0 || P <= 0 || cog <= 0 || os[0] <= 0) return 0;
  pc = col_block(K, P, es);
  /* input: [K, pc] = W^T[K, cog] @ dy[cog, pc]; filter: [cog, K] +=
   * dy[cog, pc] @ col^T[pc, K] (depth at most P) */
  g = filter ? (int64_t)msrt_gemm_ws_size(cog, K, P) : (int64_t)msrt_gemm_ws_size(K, P, cog);
  g = align_up(K * pc * es) + NN_ALIGN + g;
  if (!filter) { /* or the transposed convolution (bpi_transposed): its
                  * flipped weights, then a forward convolution's */
    int64_t txs[4], twsh[4], tos[4], t;
    bpi_shapes(xs, wsh, os, txs, twsh, tos);
    t = align_up(prod4(wsh) * es) + (int64_t)msrt_conv2d_ws_size(dt, txs, twsh, tos, group);
    if (t > g) g = t;
  }
  return (size_t)g;
}

#define CONV_BP_DEFINE(T, SUF)                                                 \
  static void col2im_##SUF(const T *col, int64_t cig, int64_t H, int64_t W,    \
                           int64_t kh, int64_t kw, int64_t OW,                 \
                           const int64_t *stride, const int64_t *pad,          \
                           const int64_t *dil, int64_t p0, int64_t p1,         \
                           T *xc) {                                            \
    int64_t pc = p1 - p0, ci, ki, kj;                                          \
    int64_t sh = stride[0], sw = stride[1];                                    \
    const T *d = col;                                                          \
    for (ci = 0; ci < cig; ci++)                                               \
      for (ki = 0; ki < kh; ki++)                                              \
        for (kj = 0; kj < kw; kj++, d += pc) {                                 \
          T *xp = xc + ci * H * W;                                             \
          int64_t iw0 = kj * dil[1] - pad[2];                                  \
          int64_t olo = iw0 >= 0 ? 0 : (-iw0 + sw - 1) / sw;                   \
          int64_t ohi = iw0 >= W ? 0 : (W - iw0 + sw - 1) / sw;                \
          int64_t p = p0, oh = p0 / OW, ow = p0 % OW;                          \
          const T *dr = d;                                                     \
          while (p < p1) {                                                     \
            int64_t e = nn_min(OW, ow + (p1 - p)), j;                          \
            int64_t ih = oh * sh - pad[0] + ki * dil[0];                       \
            if (ih >= 0 && ih < H) {                                           \
              T *drow = xp + ih * W;                                           \
              int64_t a = nn_max(ow, olo), b = nn_min(e, ohi);                 \
              for (j = a; j < b; j++) drow[iw0 + j * sw] += dr[j - ow];        \
            }                                                                  \
            dr += e - ow;                                                      \
            p += e - ow;                                                       \
            ow = 0;                                                            \
            oh++;                                                              \
          }                                                                    \
        }                                                                      \
  }                                                                            \
                                                                               \
  /* images [n0, n1) */                                                       \
  static void conv_bpi_body_##SUF(const ConvJob *j, int64_t n0, int64_t n1,    \
                                  void *ws) {                                  \
    const int64_t *xs = j->xs, *wsh = j->wsh, *os = j->os;                     \
    const int64_t *stride = j->stride, *pad = j->pad, *dil = j->dil;           \
    const T *dy = (const T *)j->a, *w = (const T *)j->b;                       \
    T *dx = (T *)j->out;                                                       \
    int64_t group = j->group;                                                  \
    int64_t Cin = xs[1], H = xs[2], W = xs[3];                                 \
    int64_t Cout = wsh[0], cig = wsh[1], kh = wsh[2], kw = wsh[3];             \
    int64_t OW = os[3], P = os[2] * OW, K = cig * kh * kw;                     \
    int64_t cog = Cout / group, n, g, p0;                                      \
    int64_t pc = col_block(K, P, (int64_t)sizeof(T));                          \
    int direct = kh == 1 && kw == 1 && stride[0] == 1 && stride[1] == 1 &&     \
                 pad[0] == 0 && pad[1] == 0 && pad[2] == 0 && pad[3] == 0;     \
    T *col = (T *)ws;                                                          \
    void *gws = (unsigned char *)ws + align_up(K * pc * (int64_t)sizeof(T));   \
    for (n = n0; n < n1; n++)                                                  \
      for (g = 0; g < group; g++) {                                            \
        T *xc = dx + (n * Cin + g * cig) * H * W;                              \
        const T *wg = w + g * cog * K;                                         \
        const T *dyg = dy + (n * Cout + g * cog) * P;                          \
        if (direct) {                                                          \
          msrt_gemm_##SUF(1, 0, K, P, cog, (T)1, wg, K, dyg, P, (T)0, xc, P,   \
                          gws);                                                \
          continue;                                                            \
        }                                                                      \
        for (p0 = 0; p0 < P; p0 += pc) {                                       \
          int64_t p1 = nn_min(P, p0 + pc);                                     \
          msrt_gemm_##SUF(1, 0, K, p1 - p0, cog, (T)1, wg, K, dyg + p0, P,     \
                          (T)0, col, p1 - p0, gws);                            \
          col2im_##SUF(col, cig, H, W, kh, kw, OW, stride, pad, dil, p0, p1,   \
                       xc);                                                    \
        }                                                                      \
      }                                                                        \
  }                                                                            \
                                                                               \
  /* stride 1, dilation 1, a kernel larger than 1x1 and padding at most   \
   * its size - 1: dx is the forward convolution of dy with the flipped,    \
   * channel-swapped weights (bpi_shapes; written into ws first), so it    \
   * runs the forward's kernels (the direct tiles on x86: no im2col, no     \
   * col2im; every kernel set the same chain, as the forward's). Returns   \
   * 0 when it does not apply. */                                           \
  static int bpi_transposed_##SUF(const int64_t *xs, const int64_t *wsh,       \
                                  const int64_t *os, const int64_t *stride,    \
                                  const int64_t *pad, const int64_t *dil,      \
                                  int64_t group, const T *dy, const T *w,      \
                                  T *dx, void *ws) {                           \
    static const int64_t one[2] = {1, 1};                                      \
    int64_t kh = wsh[2], kw = wsh[3], cig = wsh[1], cog = wsh[0] / group;      \
    int64_t txs[4], twsh[4], tos[4], tpad[4], g, co, ci, t, kk = kh * kw;      \
    T *wt = (T *)ws;                                                           \
    if (stride[0] != 1 || stride[1] != 1 || dil[0] != 1 || dil[1] != 1 ||      \
        kk <= 1 || pad[0] > kh - 1 || pad[1] > kh - 1 || pad[2] > kw - 1 ||    \
        pad[3] > kw - 1)                                                       \
      return 0;                                                                \
    bpi_shapes(xs, wsh, os, txs, twsh, tos);                                   \
    tpad[0] = kh - 1 - pad[0];                                                 \
    tpad[1] = kh - 1 - pad[1];                                                 \
    tpad[2] = kw - 1 - pad[2];                                                 \
    tpad[3] = kw - 1 - pad[3];                                                 \
    for (g = 0; g < group; g++)                                                \
      for (co = 0; co < cog; co++)                                             \
        for (ci = 0; ci < cig; ci++) {                                         \
          const T *src = w + ((g * cog + co) * cig + ci) * kk;                 \
          T *dst = wt + ((g * cig + ci) * cog + co) * kk;                      \
          for (t = 0; t < kk; t++) dst[kk - 1 - t] = src[t];                   \
        }                                                                      \
    conv_##SUF(txs, twsh, tos, one, tpad, one, group, dy, wt, dx,              \
               (unsigned char *)ws + align_up(prod4(wsh) * (int64_t)sizeof(T)), \
               NULL);                                                          \
    return 1;                                                                  \
  }                                                                            \
                                                                               \
  static void conv_bpi_##SUF(const int64_t *xs, const int64_t *wsh,            \
                             const int64_t *os, const int64_t *stride,         \
                             const int64_t *pad, const int64_t *dil,           \
                             int64_t group, const T *dy, const T *w, T *dx,    \
                             void *ws) {                                       \
    ConvJob j = {xs, wsh, os, stride, pad, dil, group, dy, w, dx, NULL,        \
                 conv_bpi_body_##SUF, 0, 0};                                   \
    int64_t K = wsh[1] * wsh[2] * wsh[3], P = os[2] * os[3];                   \
    int64_t pc = col_block(K, P, (int64_t)sizeof(T));                          \
    if (bpi_transposed_##SUF(xs, wsh, os, stride, pad, dil, group, dy, w, dx,  \
                             ws))                                              \
      return;                                                                  \
    conv_run(&j, xs[0], xs[0] * wsh[0] * K * P,                                \
             conv_ws_need(K, pc, (int64_t)sizeof(T),                           \
                          (int64_t)msrt_gemm_ws_size(K, P, wsh[0] / group)),   \
             ws);                                                              \
  }                                                                            \
                                                                               \
  /* the rows [c0, c1) of each group's cog rows of dw, over all images */     \
  static void conv_bpf_body_##SUF(const ConvJob *j, int64_t c0, int64_t c1,    \
                                  void *ws) {                                  \
    const int64_t *xs = j->xs, *wsh = j->wsh, *os = j->os;                     \
    const int64_t *stride = j->stride, *pad = j->pad, *dil = j->dil;           \
    const T *dy = (const T *)j->a, *x = (const T *)j->b;                       \
    T *dw = (T *)j->out;                                                       \
    int64_t group = j->group, nc = c1 - c0;                                    \
    int64_t N = xs[0], Cin = xs[1], H = xs[2], W = xs[3];                      \
    int64_t Cout = wsh[0], cig = wsh[1], kh = wsh[2], kw = wsh[3];             \
    int64_t OW = os[3], P = os[2] * OW, K = cig * kh * kw;                     \
    int64_t cog = Cout / group, n, g, p0;                                      \
    int64_t pc = col_block(K, P, (int64_t)sizeof(T));                          \
    int direct = kh == 1 && kw == 1 && stride[0] == 1 && stride[1] == 1 &&     \
                 pad[0] == 0 && pad[1] == 0 && pad[2] == 0 && pad[3] == 0;     \
    T *col = (T *)ws;                                                          \
    void *gws = (unsigned char *)ws + align_up(K * pc * (int64_t)sizeof(T));   \
    for (n = 0; n < N; n++)                                                    \
      for (g = 0; g < group; g++) {                                            \
        const T *xc = x + (n * Cin + g * cig) * H * W;                         \
        T *wg = dw + (g * cog + c0) * K;                                       \
        const T *dyg = dy + (n * Cout + g * cog + c0) * P;                     \
        if (direct) {                                                          \
          msrt_gemm_##SUF(0, 1, nc, K, P, (T)1, dyg, P, xc, P, (T)1, wg, K,    \
                          gws);                                                \
          continue;                                                            \
        }                                                                      \
        for (p0 = 0; p0 < P; p0 += pc) {                                       \
          int64_t p1 = nn_min(P, p0 + pc);                                     \
          im2col_##SUF(xc, cig, H, W, kh, kw, OW, stride, pad, dil, p0, p1,    \
                       col);                                                   \
          msrt_gemm_##SUF(0, 1, nc, K, p1 - p0, (T)1, dyg + p0, P, col,        \
                          p1 - p0, (T)1, wg, K, gws);                          \
        }                                                                      \
      }                                                                        \
  }                                                                            \
                                                                               \
  static void conv_bpf_##SUF(const int64_t *xs, const int64_t *wsh,            \
                             const int64_t *os, const int64_t *stride,         \
                             const int64_t *pad, const int64_t *dil,           \
                             int64_t group, const T *dy, const T *x, T *dw,    \
                             void *ws) {                                       \
    ConvJob j = {xs, wsh, os, stride, pad, dil, group, dy, x, dw, NULL,        \
                 conv_bpf_body_##SUF, 0, 0};                                   \
    int64_t K = wsh[1] * wsh[2] * wsh[3], P = os[2] * os[3];                   \
    int64_t cog = wsh[0] / group, pc = col_block(K, P, (int64_t)sizeof(T));    \
    conv_run(&j, cog, xs[0] * wsh[0] * K * P,                                  \
             conv_ws_need(K, pc, (int64_t)sizeof(T),                           \
                          (int64_t)msrt_gemm_ws_size(cog, K, P)),              \
             ws);                                                              \
  }

CONV_BP_DEFINE(float, f32)
CONV_BP_DEFINE(double, f64)

int msrt_conv2d_backprop_input(msrt_dtype dt, const int64_t *xs, const int64_t *wsh,
                               const int64_t *os, const int64_t *stride, const int64_t *pad,
                               const int64_t *dilation, int64_t group, const void *dy,
                               const void *w, void *dx, void *ws) {
  if (dt != MSRT_FLOAT32 && dt != MSRT_FLOAT64) return MSRT_EINVAL;
  if (!conv_args_ok(xs, wsh, os, stride, pad, dilation, group)) return MSRT_EINVAL;
  if (prod4(xs) == 0) return MSRT_OK;
  memset(dx, 0, (size_t)prod4(xs) * msrt_dtype_size(dt));
  if (prod4(os) == 0 || wsh[1] * wsh[2] * wsh[3] == 0) return MSRT_OK;
  if (!ws) return MSRT_EINVAL;
  if (dt == MSRT_FLOAT32)
    conv_bpi_f32(xs, wsh, os, stride, pad, dilation, group, (const float *)dy,
                 (const float *)w, (float *)dx, ws);
  else
    conv_bpi_f64(xs, wsh, os, stride, pad, dilation, group, (const double *)dy,
                 (const double *)w, (double *)dx, ws);
  return MSRT_OK;
}

int msrt_conv2d_backprop_filter(msrt_dtype dt, const int64_t *xs, const int64_t *wsh,
                                const int64_t *os, const int64_t *stride, const int64_t *pad,
                                const int64_t *dilation, int64_t group, const void *dy,
                                const void *x, void *dw, void *ws) {
  if (dt != MSRT_FLOAT32 && dt != MSRT_FLOAT64) return MSRT_EINVAL;
  if (!conv_args_ok(xs, wsh, os, stride, pad, dilation, group)) return MSRT_EINVAL;
  if (prod4(wsh) == 0) return MSRT_OK;
  memset(dw, 0, (size_t)prod4(wsh) * msrt_dtype_size(dt));
  if (prod4(os) == 0) return MSRT_OK;
  if (!ws) return MSRT_EINVAL;
  if (dt == MSRT_FLOAT32)
    conv_bpf_f32(xs, wsh, os, stride, pad, dilation, group, (const float *)dy,
                 (const float *)x, (float *)dw, ws);
  else
    conv_bpf_f64(xs, wsh, os, stride, pad, dilation, group, (const double *)dy,
                 (const double *)x, (double *)dw, ws);
  return MSRT_OK;
}

/* ===================================================================
 * pooling
 * =================================================================== */

/* Window of output index o along one dim: [*lo, *hi) clipped to [0, n);
 * returns the unclipped start. */
static int64_t window(int64_t o, int64_t k, int64_t s, int64_t padlo, int64_t n, int64_t *lo,
                      int64_t *hi) {
  int64_t st = o * s - padlo;
  *lo = nn_max(st, 0);
  *hi = nn_min(st + k, n);
  return st;
}

#define MAXPOOL_DEFINE(T, SUF, ISNAN)                                               \
  static void maxpool_##SUF(const int64_t *xs, int64_t OH, int64_t OW,         \
                            const int64_t *k, const int64_t *s,                \
                            const int64_t *pad, const T *x, T *out) {          \
    int64_t nc, NC = xs[0] * xs[1], H = xs[2], W = xs[3], oh, ow, i, j;        \
    if (k[0] == 2 && k[1] == 2 && pad[0] == 0 && pad[2] == 0 &&                \
        (OH - 1) * s[0] + 2 <= H && (OW - 1) * s[1] + 2 <= W) {                \
      /* 2x2 windows all inside (LeNet's pools): the same comparisons in       \
       * the same order as below, without the window arithmetic */             \
      int64_t sh = s[0], sw = s[1];                                            \
      for (nc = 0; nc < NC; nc++) {                                            \
        const T *xp = x + nc * H * W;                                          \
        T *op = out + nc * OH * OW;                                            \
        for (oh = 0; oh < OH; oh++) {                                          \
          const T *r0 = xp + oh * sh * W, *r1 = r0 + W;                        \
          for (ow = 0; ow < OW; ow++) {                                        \
            T m = r0[ow * sw], v = r0[ow * sw + 1];                            \
            m = v > m || ISNAN(v) ? v : m;                                     \
            v = r1[ow * sw];                                                   \
            m = v > m || ISNAN(v) ? v : m;                                     \
            v = r1[ow * sw + 1];                                               \
            m = v > m || ISNAN(v) ? v : m;                                     \
            op[oh * OW + ow] = m;                                              \
          }                                                                    \
        }                                                                      \
      }                                                                        \
      return;                                                                  \
    }                                                                          \
    for (nc = 0; nc < NC; nc++) {                                              \
      const T *xp = x + nc * H * W;                                            \
      T *op = out + nc * OH * OW;                                              \
      for (oh = 0; oh < OH; oh++) {                                            \
        int64_t h0, h1;                                                        \
        window(oh, k[0], s[0], pad[0], H, &h0, &h1);                           \
        for (ow = 0; ow < OW; ow++) {                                          \
          int64_t w0, w1;                                                      \
          T m;                                                                 \
          int have = 0;                                                        \
          window(ow, k[1], s[1], pad[2], W, &w0, &w1);                         \
          m = 0;                                                               \
          for (i = h0; i < h1; i++)                                            \
            for (j = w0; j < w1; j++) {                                        \
              T v = xp[i * W + j];                                             \
              /* nan propagates: once m is nan, nothing compares above */      \
              if (!have || v > m || ISNAN(v)) m = v;                          \
              have = 1;                                                        \
            }                                                                  \
          op[oh * OW + ow] = m;                                                \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  }

#define NN_ISNAN(v) ((v) != (v))
#define NN_NOTNAN(v) 0

MAXPOOL_DEFINE(float, f32, NN_ISNAN)
MAXPOOL_DEFINE(double, f64, NN_ISNAN)
MAXPOOL_DEFINE(int8_t, i8, NN_NOTNAN)
MAXPOOL_DEFINE(uint8_t, u8, NN_NOTNAN)
MAXPOOL_DEFINE(int16_t, i16, NN_NOTNAN)
MAXPOOL_DEFINE(uint16_t, u16, NN_NOTNAN)
MAXPOOL_DEFINE(int32_t, i32, NN_NOTNAN)
MAXPOOL_DEFINE(uint32_t, u32, NN_NOTNAN)
MAXPOOL_DEFINE(int64_t, i64, NN_NOTNAN)
MAXPOOL_DEFINE(uint64_t, u64, NN_NOTNAN)

/* 2x2 windows at stride 2, all inside (LeNet's pools), float32 on the
 * AVX-512 set: 16 outputs a step, the scalar loop's selections in the same
 * order (m = first; then m = v where v > m or v is nan, for the three
 * others), so the same bits; returns 0 where it does not apply. */
#ifdef NN_X86
NN_AVX512 NN_NOINLINE static void pool2x2_512(int64_t NC, int64_t H, int64_t W, int64_t OH, int64_t OW,
                                  const float *x, float *out) {
  const __m512i ev = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  const __m512i od = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
  int64_t nc, oh, ow;
  for (nc = 0; nc < NC; nc++)
    for (oh = 0; oh < OH; oh++) {
      const float *r0 = x + (nc * H + 2 * oh) * W, *r1 = r0 + W;
      float *o = out + (nc * OH + oh) * OW;
      for (ow = 0; ow < OW; ow += 16) {
        __mmask16 k0 = nn_mask16(2 * (OW - ow)), k1 = nn_mask16(2 * (OW - ow) - 16);
        __m512 a0 = _mm512_maskz_loadu_ps(k0, r0 + 2 * ow), a1 = _mm512_maskz_loadu_ps(k1, r0 + 2 * ow + 16);
        __m512 b0 = _mm512_maskz_loadu_ps(k0, r1 + 2 * ow), b1 = _mm512_maskz_loadu_ps(k1, r1 + 2 * ow + 16);
        __m512 m = _mm512_permutex2var_ps(a0, ev, a1), v = _mm512_permutex2var_ps(a0, od, a1);
        __mmask16 t = _mm512_cmp_ps_mask(v, m, _CMP_GT_OQ) | _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
        m = _mm512_mask_mov_ps(m, t, v);
        v = _mm512_permutex2var_ps(b0, ev, b1);
        t = _mm512_cmp_ps_mask(v, m, _CMP_GT_OQ) | _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
        m = _mm512_mask_mov_ps(m, t, v);
        v = _mm512_permutex2var_ps(b0, od, b1);
        t = _mm512_cmp_ps_mask(v, m, _CMP_GT_OQ) | _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
        m = _mm512_mask_mov_ps(m, t, v);
        _mm512_mask_storeu_ps(o + ow, nn_mask16(OW - ow), m);
      }
    }
  _mm256_zeroupper();
}
#endif

/* The same on the AVX2 set: 8 outputs a step (the even and odd columns
 * of 16 inputs by a shuffle within lanes and a permute across them), the
 * selection by compare-and-blend, no branch: the scalar loop's data-
 * dependent branches mispredicted half the time on ReLU outputs (LeNet-5's
 * two pools were 38% of its batch-64 forward). A row's last OW % 8 outputs
 * are one step with masked loads and store. */
#ifdef NN_X86
NN_AVX2 static inline __attribute__((always_inline)) __m256 pool_evens(__m256 a0, __m256 a1) {
  return _mm256_castpd_ps(_mm256_permute4x64_pd(
      _mm256_castps_pd(_mm256_shuffle_ps(a0, a1, _MM_SHUFFLE(2, 0, 2, 0))), _MM_SHUFFLE(3, 1, 2, 0)));
}
NN_AVX2 static inline __attribute__((always_inline)) __m256 pool_odds(__m256 a0, __m256 a1) {
  return _mm256_castpd_ps(_mm256_permute4x64_pd(
      _mm256_castps_pd(_mm256_shuffle_ps(a0, a1, _MM_SHUFFLE(3, 1, 3, 1))), _MM_SHUFFLE(3, 1, 2, 0)));
}
/* m = v where v > m or v is nan */
NN_AVX2 static inline __attribute__((always_inline)) __m256 pool_take(__m256 m, __m256 v) {
  return _mm256_blendv_ps(m, v, _mm256_or_ps(_mm256_cmp_ps(v, m, _CMP_GT_OQ), _mm256_cmp_ps(v, v, _CMP_UNORD_Q)));
}
NN_AVX2 static inline __attribute__((always_inline)) __m256 pool_step(__m256 a0, __m256 a1, __m256 b0,
                                                                      __m256 b1) {
  __m256 m = pool_evens(a0, a1);
  m = pool_take(m, pool_odds(a0, a1));
  m = pool_take(m, pool_evens(b0, b1));
  return pool_take(m, pool_odds(b0, b1));
}
NN_AVX2 NN_NOINLINE static void pool2x2_256(int64_t NC, int64_t H, int64_t W, int64_t OH, int64_t OW,
                                  const float *x, float *out) {
  int64_t nc, oh, ow;
  for (nc = 0; nc < NC; nc++)
    for (oh = 0; oh < OH; oh++) {
      const float *r0 = x + (nc * H + 2 * oh) * W, *r1 = r0 + W;
      float *o = out + (nc * OH + oh) * OW;
      for (ow = 0; ow + 8 <= OW; ow += 8)
        _mm256_storeu_ps(o + ow, pool_step(_mm256_loadu_ps(r0 + 2 * ow), _mm256_loadu_ps(r0 + 2 * ow + 8),
                                           _mm256_loadu_ps(r1 + 2 * ow), _mm256_loadu_ps(r1 + 2 * ow + 8)));
      if (ow < OW) { /* the last OW % 8: masked loads and store */
        __m256i k0 = nn_mask8(2 * (OW - ow)), k1 = nn_mask8(2 * (OW - ow) - 8);
        _mm256_maskstore_ps(o + ow, nn_mask8(OW - ow),
                            pool_step(_mm256_maskload_ps(r0 + 2 * ow, k0), _mm256_maskload_ps(r0 + 2 * ow + 8, k1),
                                      _mm256_maskload_ps(r1 + 2 * ow, k0), _mm256_maskload_ps(r1 + 2 * ow + 8, k1)));
      }
    }
  _mm256_zeroupper();
}
#endif

static int maxpool_simd_f32(const int64_t *xs, int64_t OH, int64_t OW, const int64_t *k,
                            const int64_t *s, const int64_t *pad, const float *x, float *out) {
#ifdef NN_X86
  if (msrt_isa() >= MSRT_ISA_AVX2 && k[0] == 2 && k[1] == 2 && s[0] == 2 && s[1] == 2 &&
      pad[0] == 0 && pad[2] == 0 && 2 * OH <= xs[2] && 2 * OW <= xs[3]) {
    if (msrt_isa() >= MSRT_ISA_AVX512)
      pool2x2_512(xs[0] * xs[1], xs[2], xs[3], OH, OW, x, out);
    else
      pool2x2_256(xs[0] * xs[1], xs[2], xs[3], OH, OW, x, out);
    return 1;
  }
#else
  (void)xs; (void)OH; (void)OW; (void)k; (void)s; (void)pad; (void)x; (void)out;
#endif
  return 0;
}

static int pool_args_ok(const int64_t *xs, int64_t oh, int64_t ow, const int64_t *ksize,
                        const int64_t *stride, const int64_t *pad) {
  int i;
  for (i = 0; i < 4; i++)
    if (xs[i] < 0 || pad[i] < 0) return 0;
  return oh >= 0 && ow >= 0 && ksize[0] > 0 && ksize[1] > 0 && stride[0] > 0 && stride[1] > 0;
}

static int maxpool_any(msrt_dtype dt, const int64_t *xs, int64_t oh, int64_t ow, const int64_t *ksize,
                       const int64_t *stride, const int64_t *pad, const void *x, void *out);

#ifdef MSRT_HOST_THREADS
/* A pooling split by images as the convolution before it (conv_run's
 * ranges for the same number of images and tasks), so that each thread
 * reads the images it wrote: pooling another core's output ran 4.6x
 * slower than its own (LeNet-5's first pool, batch 64). */
typedef struct PoolJob {
  msrt_dtype dt;
  const int64_t *xs, *ksize, *stride, *pad;
  int64_t oh, ow, units;
  int ntask;
  const void *x;
  void *out;
} PoolJob;

static void pool_task(void *arg, int i, void *scratch) {
  const PoolJob *j = (const PoolJob *)arg;
  int64_t n0 = j->units * i / j->ntask, n1 = j->units * (i + 1) / j->ntask;
  int64_t xs[4], es = (int64_t)msrt_dtype_size(j->dt);
  (void)scratch;
  if (n0 >= n1) return;
  xs[0] = n1 - n0;
  xs[1] = j->xs[1];
  xs[2] = j->xs[2];
  xs[3] = j->xs[3];
  (void)maxpool_any(j->dt, xs, j->oh, j->ow, j->ksize, j->stride, j->pad,
                    (const unsigned char *)j->x + n0 * xs[1] * xs[2] * xs[3] * es,
                    (unsigned char *)j->out + n0 * xs[1] * j->oh * j->ow * es);
}
#endif

int msrt_maxpool2d(msrt_dtype dt, const int64_t *xs, int64_t oh, int64_t ow,
                   const int64_t *ksize, const int64_t *stride, const int64_t *pad,
                   const void *x, void *out) {
  if (!pool_args_ok(xs, oh, ow, ksize, stride, pad)) return MSRT_EINVAL;
  if (xs[0] * xs[1] * oh * ow == 0) {
    /* nothing to write; still reject dtypes the kernel does not handle */
    return dt == MSRT_BOOL || dt == MSRT_FLOAT16 || (unsigned)dt >= (unsigned)MSRT_NUM_DTYPES
               ? MSRT_EINVAL : MSRT_OK;
  }
#ifdef MSRT_HOST_THREADS
  {
    int width = msrt_parallel_width();
    if (width > 1 && xs[0] > 1 && dt != MSRT_BOOL && dt != MSRT_FLOAT16 &&
        (unsigned)dt < (unsigned)MSRT_NUM_DTYPES &&
        xs[0] * xs[1] * oh * ow * ksize[0] * ksize[1] >= POOL_PAR_MIN) {
      PoolJob j = {dt, xs, ksize, stride, pad, oh, ow, xs[0], (int)nn_min(width, xs[0]), x, out};
      (void)msrt_isa(); /* the kernel set chosen before the tasks start */
      if (msrt_parallel_run(j.ntask, pool_task, &j) == 0) return MSRT_OK;
    }
  }
#endif
  return maxpool_any(dt, xs, oh, ow, ksize, stride, pad, x, out);
}

static int maxpool_any(msrt_dtype dt, const int64_t *xs, int64_t oh, int64_t ow, const int64_t *ksize,
                       const int64_t *stride, const int64_t *pad, const void *x, void *out) {
  switch (dt) {
  case MSRT_FLOAT32:
    if (!maxpool_simd_f32(xs, oh, ow, ksize, stride, pad, (const float *)x, (float *)out))
      maxpool_f32(xs, oh, ow, ksize, stride, pad, (const float *)x, (float *)out);
    break;
  case MSRT_FLOAT64: maxpool_f64(xs, oh, ow, ksize, stride, pad, (const double *)x, (double *)out); break;
  case MSRT_INT8: maxpool_i8(xs, oh, ow, ksize, stride, pad, (const int8_t *)x, (int8_t *)out); break;
  case MSRT_UINT8: maxpool_u8(xs, oh, ow, ksize, stride, pad, (const uint8_t *)x, (uint8_t *)out); break;
  case MSRT_INT16: maxpool_i16(xs, oh, ow, ksize, stride, pad, (const int16_t *)x, (int16_t *)out); break;
  case MSRT_UINT16: maxpool_u16(xs, oh, ow, ksize, stride, pad, (const uint16_t *)x, (uint16_t *)out); break;
  case MSRT_INT32: maxpool_i32(xs, oh, ow, ksize, stride, pad, (const int32_t *)x, (int32_t *)out); break;
  case MSRT_UINT32: maxpool_u32(xs, oh, ow, ksize, stride, pad, (const uint32_t *)x, (uint32_t *)out); break;
  case MSRT_INT64: maxpool_i64(xs, oh, ow, ksize, stride, pad, (const int64_t *)x, (int64_t *)out); break;
  case MSRT_UINT64: maxpool_u64(xs, oh, ow, ksize, stride, pad, (const uint64_t *)x, (uint64_t *)out); break;
  default: return MSRT_EINVAL;
  }
  return MSRT_OK;
}

#define AVGPOOL_DEFINE(T, SUF)                                                 \
  static void avgpool_##SUF(const int64_t *xs, int64_t OH, int64_t OW,         \
                            const int64_t *k, const int64_t *s,                \
                            const int64_t *pad, int cip, const T *x, T *out) { \
    int64_t nc, NC = xs[0] * xs[1], H = xs[2], W = xs[3], oh, ow, i, j;        \
    for (nc = 0; nc < NC; nc++) {                                              \
      const T *xp = x + nc * H * W;                                            \
      T *op = out + nc * OH * OW;                                              \
      for (oh = 0; oh < OH; oh++) {                                            \
        int64_t h0, h1, hs = window(oh, k[0], s[0], pad[0], H, &h0, &h1);      \
        /* the padded window clipped to the padded input */                   \
        int64_t ph = nn_min(hs + k[0], H + pad[1]) - hs;                       \
        for (ow = 0; ow < OW; ow++) {                                          \
          int64_t w0, w1, ws0 = window(ow, k[1], s[1], pad[2], W, &w0, &w1);   \
          int64_t pw = nn_min(ws0 + k[1], W + pad[3]) - ws0, cnt;              \
          double acc = 0;                                                      \
          for (i = h0; i < h1; i++)                                            \
            for (j = w0; j < w1; j++) acc += (double)xp[i * W + j];            \
          cnt = cip ? ph * pw : nn_max(h1 - h0, 0) * nn_max(w1 - w0, 0);       \
          op[oh * OW + ow] = (T)(cnt > 0 ? acc / (double)cnt : NAN);           \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  }

AVGPOOL_DEFINE(float, f32)
AVGPOOL_DEFINE(double, f64)

int msrt_avgpool2d(msrt_dtype dt, const int64_t *xs, int64_t oh, int64_t ow,
                   const int64_t *ksize, const int64_t *stride, const int64_t *pad,
                   int count_include_pad, const void *x, void *out) {
  if (!pool_args_ok(xs, oh, ow, ksize, stride, pad)) return MSRT_EINVAL;
  if (dt == MSRT_FLOAT32)
    avgpool_f32(xs, oh, ow, ksize, stride, pad, count_include_pad, (const float *)x, (float *)out);
  else if (dt == MSRT_FLOAT64)
    avgpool_f64(xs, oh, ow, ksize, stride, pad, count_include_pad, (const double *)x, (double *)out);
  else
    return MSRT_EINVAL;
  return MSRT_OK;
}

/* Pool gradients: dx is zeroed, then each window adds its dy (max: to
 * the element the forward picked, found by the same scan; avg: dy / the
 * forward's divisor to every in-bounds element). float32/float64. */
#define POOL_GRAD_DEFINE(T, SUF)                                               \
  static void maxpool_grad_##SUF(const int64_t *xs, int64_t OH, int64_t OW,    \
                                 const int64_t *k, const int64_t *s,           \
                                 const int64_t *pad, const T *x, const T *dy,  \
                                 T *dx) {                                      \
    int64_t nc, NC = xs[0] * xs[1], H = xs[2], W = xs[3], oh, ow, i, j;        \
    for (nc = 0; nc < NC; nc++) {                                              \
      const T *xp = x + nc * H * W;                                            \
      const T *gp = dy + nc * OH * OW;                                         \
      T *dp = dx + nc * H * W;                                                 \
      for (oh = 0; oh < OH; oh++) {                                            \
        int64_t h0, h1;                                                        \
        window(oh, k[0], s[0], pad[0], H, &h0, &h1);                           \
        for (ow = 0; ow < OW; ow++) {                                          \
          int64_t w0, w1, at = -1;                                             \
          T m = 0;                                                             \
          window(ow, k[1], s[1], pad[2], W, &w0, &w1);                         \
          /* MaxPool's scan: the first maximum, or the last nan */            \
          for (i = h0; i < h1; i++)                                            \
            for (j = w0; j < w1; j++) {                                        \
              T v = xp[i * W + j];                                             \
              if (at < 0 || v > m || v != v) {                                 \
                m = v;                                                         \
                at = i * W + j;                                                \
              }                                                                \
            }                                                                  \
          if (at >= 0) dp[at] += gp[oh * OW + ow];                             \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  }                                                                            \
                                                                               \
  static void avgpool_grad_##SUF(const int64_t *xs, int64_t OH, int64_t OW,    \
                                 const int64_t *k, const int64_t *s,           \
                                 const int64_t *pad, int cip, const T *dy,     \
                                 T *dx) {                                      \
    int64_t nc, NC = xs[0] * xs[1], H = xs[2], W = xs[3], oh, ow, i, j;        \
    for (nc = 0; nc < NC; nc++) {                                              \
      const T *gp = dy + nc * OH * OW;                                         \
      T *dp = dx + nc * H * W;                                                 \
      for (oh = 0; oh < OH; oh++) {                                            \
        int64_t h0, h1, hs = window(oh, k[0], s[0], pad[0], H, &h0, &h1);      \
        int64_t ph = nn_min(hs + k[0], H + pad[1]) - hs;                       \
        for (ow = 0; ow < OW; ow++) {                                          \
          int64_t w0, w1, ws0 = window(ow, k[1], s[1], pad[2], W, &w0, &w1);   \
          int64_t pw = nn_min(ws0 + k[1], W + pad[3]) - ws0, cnt;              \
          T v;                                                                 \
          cnt = cip ? ph * pw : nn_max(h1 - h0, 0) * nn_max(w1 - w0, 0);       \
          if (cnt <= 0) continue;                                              \
          v = (T)((double)gp[oh * OW + ow] / (double)cnt);                     \
          for (i = h0; i < h1; i++)                                            \
            for (j = w0; j < w1; j++) dp[i * W + j] += v;                      \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  }

POOL_GRAD_DEFINE(float, f32)
POOL_GRAD_DEFINE(double, f64)

int msrt_maxpool2d_grad(msrt_dtype dt, const int64_t *xs, int64_t oh, int64_t ow,
                        const int64_t *ksize, const int64_t *stride, const int64_t *pad,
                        const void *x, const void *dy, void *dx) {
  if (!pool_args_ok(xs, oh, ow, ksize, stride, pad)) return MSRT_EINVAL;
  if (dt != MSRT_FLOAT32 && dt != MSRT_FLOAT64) return MSRT_EINVAL;
  if (prod4(xs) == 0) return MSRT_OK;
  memset(dx, 0, (size_t)prod4(xs) * msrt_dtype_size(dt));
  if (dt == MSRT_FLOAT32)
    maxpool_grad_f32(xs, oh, ow, ksize, stride, pad, (const float *)x, (const float *)dy,
                     (float *)dx);
  else
    maxpool_grad_f64(xs, oh, ow, ksize, stride, pad, (const double *)x, (const double *)dy,
                     (double *)dx);
  return MSRT_OK;
}

int msrt_avgpool2d_grad(msrt_dtype dt, const int64_t *xs, int64_t oh, int64_t ow,
                        const int64_t *ksize, const int64_t *stride, const int64_t *pad,
                        int count_include_pad, const void *dy, void *dx) {
  if (!pool_args_ok(xs, oh, ow, ksize, stride, pad)) return MSRT_EINVAL;
  if (dt != MSRT_FLOAT32 && dt != MSRT_FLOAT64) return MSRT_EINVAL;
  if (prod4(xs) == 0) return MSRT_OK;
  memset(dx, 0, (size_t)prod4(xs) * msrt_dtype_size(dt));
  if (dt == MSRT_FLOAT32)
    avgpool_grad_f32(xs, oh, ow, ksize, stride, pad, count_include_pad, (const float *)dy,
                     (float *)dx);
  else
    avgpool_grad_f64(xs, oh, ow, ksize, stride, pad, count_include_pad, (const double *)dy,
                     (double *)dx);
  return MSRT_OK;
}

/* ===================================================================
 * normalisation
 * =================================================================== */

#define BN_DEFINE(T, SUF)                                                      \
  static void bn_##SUF(int64_t n, int64_t c, int64_t inner, double eps,       \
                       const T *x, const T *scale, const T *bias,              \
                       const T *mean, const T *var, T *out) {                  \
    int64_t i, j, k;                                                           \
    for (i = 0; i < n; i++)                                                    \
      for (j = 0; j < c; j++) {                                                \
        double mu = (double)mean[j], b = (double)bias[j];                      \
        double a = (double)scale[j] / sqrt((double)var[j] + eps);              \
        const T *xp = x + (i * c + j) * inner;                                 \
        T *op = out + (i * c + j) * inner;                                     \
        for (k = 0; k < inner; k++)                                            \
          op[k] = (T)(((double)xp[k] - mu) * a + b);                           \
      }                                                                        \
  }

BN_DEFINE(float, f32)
BN_DEFINE(double, f64)

int msrt_batchnorm(msrt_dtype dt, int64_t n, int64_t c, int64_t inner, double eps,
                   const void *x, const void *scale, const void *bias,
                   const void *mean, const void *var, void *out) {
  if (n < 0 || c < 0 || inner < 0) return MSRT_EINVAL;
  if (dt == MSRT_FLOAT32)
    bn_f32(n, c, inner, eps, (const float *)x, (const float *)scale, (const float *)bias,
           (const float *)mean, (const float *)var, (float *)out);
  else if (dt == MSRT_FLOAT64)
    bn_f64(n, c, inner, eps, (const double *)x, (const double *)scale, (const double *)bias,
           (const double *)mean, (const double *)var, (double *)out);
  else
    return MSRT_EINVAL;
  return MSRT_OK;
}

#define LN_DEFINE(T, SUF)                                                      \
  static void ln_##SUF(int64_t outer, int64_t m, int64_t pn, double eps,      \
                       const T *x, const T *gamma, const T *beta, T *out) {    \
    int64_t r, j;                                                              \
    for (r = 0; r < outer; r++) {                                              \
      const T *xp = x + r * m;                                                 \
      T *op = out + r * m;                                                     \
      double mean = 0, var = 0, rstd;                                          \
      int64_t g = (r * m) % pn; /* gamma index of the row's first element */  \
      for (j = 0; j < m; j++) mean += (double)xp[j];                           \
      mean /= (double)m;                                                       \
      for (j = 0; j < m; j++) {                                                \
        double d = (double)xp[j] - mean;                                       \
        var += d * d;                                                          \
      }                                                                        \
      var /= (double)m;                                                        \
      rstd = 1.0 / sqrt(var + eps);                                            \
      for (j = 0; j < m; j++) {                                                \
        op[j] = (T)(((double)xp[j] - mean) * rstd * (double)gamma[g] +         \
                    (double)beta[g]);                                          \
        if (++g == pn) g = 0;                                                  \
      }                                                                        \
    }                                                                          \
  }

LN_DEFINE(float, f32)
LN_DEFINE(double, f64)

int msrt_layernorm(msrt_dtype dt, int64_t outer, int64_t m, int64_t pn, double eps,
                   const void *x, const void *gamma, const void *beta, void *out) {
  if (outer < 0 || m < 0 || pn <= 0) return MSRT_EINVAL;
  if (outer == 0 || m == 0) return dt == MSRT_FLOAT32 || dt == MSRT_FLOAT64 ? MSRT_OK : MSRT_EINVAL;
  if (dt == MSRT_FLOAT32)
    ln_f32(outer, m, pn, eps, (const float *)x, (const float *)gamma, (const float *)beta, (float *)out);
  else if (dt == MSRT_FLOAT64)
    ln_f64(outer, m, pn, eps, (const double *)x, (const double *)gamma, (const double *)beta,
           (double *)out);
  else
    return MSRT_EINVAL;
  return MSRT_OK;
}

int msrt_conv2d_ep(msrt_dtype dt, const int64_t *xs, const int64_t *wsh, const int64_t *os,
                   const int64_t *stride, const int64_t *pad, const int64_t *dilation,
                   int64_t group, const void *x, const void *w, void *out, void *ws,
                   const msrt_epilogue *ep) {
  return conv2d(dt, xs, wsh, os, stride, pad, dilation, group, x, w, out, ws, ep);
}
