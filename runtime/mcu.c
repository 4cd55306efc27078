/* mcu.c — float32 kernels shaped for 32-bit microcontrollers (Cortex-M4F,
 * M7, M0+), called by code `msc compile --target=cortex-m*` generates
 * (codegen/emit_fuse.c.inc, emit_nn.c.inc; the scratch they take, none,
 * in passes/scratch.c). Host kernels stay in gemm.c and nn.c.
 *
 * The numbers are gemm.c's: every output is the sequential fused chain
 *     c = 0;  for p = 0, 1, ..., K-1:  c = fmaf(a(p), w(p), c)
 * in increasing p (a convolution's p runs over ci, kh, kw in that order),
 * then the epilogue c + bias, then the activation, by the same scalar
 * expressions (msrt.h's msrt_<act>_f32). So a library built for a
 * microcontroller computes the bits the reference executor (gemm.c, nn.c)
 * computes, with one exception: a convolution skips the taps that fall
 * into the zero padding, where im2col multiplies by a stored 0, which can
 * only turn a -0.0 chain into +0.0 (or a nan/inf weight times 0 into nan).
 * tests/unit/test_mcu.c checks each kernel against the host kernels.
 *
 * What makes them fast on a 32-bit core: sizes are int32_t (msc knows
 * them at compile time; no add/adc pairs for 64-bit counters), the
 * accumulators of a tile are locals the compiler keeps in registers at
 * -O2 and -Os (8 outputs of a dense layer; 4 channels x 2 positions of a
 * convolution; 2 channels x 7 columns of a 3-wide one, msrt_mcu_conv3_f32,
 * which a library calls only for those), every weight is loaded once per
 * tile and every input once per tile, and fmaf is explicit (-std=c99 implies -ffp-contract=off; on
 * an FPU with FMA, fmaf is one vfma.f32; on the M0+ it is newlib's
 * software fmaf, the same bits).
 *
 * Dense weights are laid out at compile time by msrt_mcu_pack_dense_f32
 * (the same K * N elements): column groups of 8, then one group of 4 when
 * 4 or more columns remain, then single columns; a group of w columns is
 * [K][w], so the kernel streams it once. Convolution weights stay OIHW.
 *
 * No malloc, no VLAs, no recursion, no workspace. */
#include "msrt.h"

#include <math.h>
#include <string.h>

/* The tile kernels stay functions of their own: inlined into the loops
 * that call them, their integer registers spill. */
#if defined(__GNUC__) || defined(__clang__)
#define MCU_NOINLINE __attribute__((noinline))
#else
#define MCU_NOINLINE
#endif

/* ===================================================================
 * the epilogue, one output at a time (gemm.c's ep_apply_f32)
 * =================================================================== */

#define MCU_ACT_CASE(E, fn)                                                    \
  case MSRT_##E:                                                               \
    return msrt_##fn##_f32(v);

static float mcu_act(int act, float v) {
  switch (act) {
    MSRT_ACTIVATIONS(MCU_ACT_CASE)
  default:
    return v;
  }
}
#undef MCU_ACT_CASE

/* act(v + bias) with gemm.c's expressions; ReLU inline (the common one). */
static inline float mcu_ep(const msrt_epilogue *ep, const float *bias, int32_t j, float v) {
  if (!ep) return v;
  if (bias) v = v + bias[j];
  if (ep->act == MSRT_RELU) return v < 0 ? 0.0f : v;
  if (ep->act == MSRT_ACT_NONE) return v;
  return mcu_act(ep->act, v);
}

/* ===================================================================
 * dense: C [M, N] = A [M, K] B [K, N], B packed
 * =================================================================== */

/* The width of the column group starting at column j of N. */
static int32_t mcu_group_width(int32_t j, int32_t N) {
  int32_t left = N - j;
  return left >= 8 ? 8 : left >= 4 ? 4 : 1;
}

void msrt_mcu_pack_dense_f32(int transb, int32_t K, int32_t N, const float *B, float *Wp) {
  int32_t j = 0, p, r, w;
  while (j < N) {
    w = mcu_group_width(j, N);
    for (p = 0; p < K; p++)
      for (r = 0; r < w; r++)
        *Wp++ = transb ? B[(j + r) * K + p] : B[p * N + j + r];
    j += w;
  }
}

/* c[0:8] by the chain over p, x[0:K], w [K][8]. Two steps of p per trip. */
static void mcu_dense8(int32_t K, const float *x, const float *w, float *c) {
  float c0 = 0.0f, c1 = 0.0f, c2 = 0.0f, c3 = 0.0f, c4 = 0.0f, c5 = 0.0f, c6 = 0.0f, c7 = 0.0f;
  const float *xe = x + (K & ~(int32_t)1);
  for (; x < xe; x += 2, w += 16) {
    float a = x[0], b = x[1];
    c0 = fmaf(a, w[0], c0);
    c1 = fmaf(a, w[1], c1);
    c2 = fmaf(a, w[2], c2);
    c3 = fmaf(a, w[3], c3);
    c4 = fmaf(a, w[4], c4);
    c5 = fmaf(a, w[5], c5);
    c6 = fmaf(a, w[6], c6);
    c7 = fmaf(a, w[7], c7);
    c0 = fmaf(b, w[8], c0);
    c1 = fmaf(b, w[9], c1);
    c2 = fmaf(b, w[10], c2);
    c3 = fmaf(b, w[11], c3);
    c4 = fmaf(b, w[12], c4);
    c5 = fmaf(b, w[13], c5);
    c6 = fmaf(b, w[14], c6);
    c7 = fmaf(b, w[15], c7);
  }
  if (K & 1) {
    float a = x[0];
    c0 = fmaf(a, w[0], c0);
    c1 = fmaf(a, w[1], c1);
    c2 = fmaf(a, w[2], c2);
    c3 = fmaf(a, w[3], c3);
    c4 = fmaf(a, w[4], c4);
    c5 = fmaf(a, w[5], c5);
    c6 = fmaf(a, w[6], c6);
    c7 = fmaf(a, w[7], c7);
  }
  c[0] = c0;
  c[1] = c1;
  c[2] = c2;
  c[3] = c3;
  c[4] = c4;
  c[5] = c5;
  c[6] = c6;
  c[7] = c7;
}

/* c[0:4], w [K][4]. */
static void mcu_dense4(int32_t K, const float *x, const float *w, float *c) {
  float c0 = 0.0f, c1 = 0.0f, c2 = 0.0f, c3 = 0.0f;
  const float *xe = x + K;
  for (; x < xe; x++, w += 4) {
    float a = x[0];
    c0 = fmaf(a, w[0], c0);
    c1 = fmaf(a, w[1], c1);
    c2 = fmaf(a, w[2], c2);
    c3 = fmaf(a, w[3], c3);
  }
  c[0] = c0;
  c[1] = c1;
  c[2] = c2;
  c[3] = c3;
}

/* c[0], w [K]. */
static void mcu_dense1(int32_t K, const float *x, const float *w, float *c) {
  float c0 = 0.0f;
  const float *xe = x + K;
  for (; x < xe; x++, w++) c0 = fmaf(x[0], w[0], c0);
  c[0] = c0;
}

int msrt_mcu_dense_f32(int32_t M, int32_t N, int32_t K, const float *A, const float *Wp, float *C,
                       const msrt_epilogue *ep) {
  const float *bias = ep ? (const float *)ep->bias : (const float *)0;
  int32_t i, j, r, w;
  float t[8];
  if (M < 0 || N < 0 || K < 0) return MSRT_EINVAL;
  if (ep && !msrt_act_ok(ep->act)) return MSRT_EINVAL;
  for (i = 0; i < M; i++, A += K, C += N) {
    const float *wp = Wp;
    for (j = 0; j < N; j += w, wp += w * K) {
      w = mcu_group_width(j, N);
      if (w == 8) mcu_dense8(K, A, wp, t);
      else if (w == 4) mcu_dense4(K, A, wp, t);
      else mcu_dense1(K, A, wp, t);
      for (r = 0; r < w; r++) C[j + r] = mcu_ep(ep, bias, j + r, t[r]);
    }
  }
  return MSRT_OK;
}

/* ===================================================================
 * direct convolution, NCHW, group 1
 * =================================================================== */

/* The geometry (msrt.h MSRT_MCU_CONV_*): */
#define G_N 0
#define G_CI 1
#define G_H 2
#define G_W 3
#define G_CO 4
#define G_KH 5
#define G_KW 6
#define G_OH 7
#define G_OW 8
#define G_SH 9
#define G_SW 10
#define G_PT 11
#define G_PL 12
#define G_DH 13
#define G_DW 14

typedef struct McuConv {
  int32_t ci, h, w, kh, kw, sh, sw, dh, dw, k; /* k = ci * kh * kw */
  int32_t kh0, kh1;                            /* the row's valid taps */
  int32_t ih0;                                 /* the row's first input row (kh = 0) */
} McuConv;

/* The taps of one kernel row at x row xr, weight row wr: four channels
 * (weights wr, wr + K, wr + 2K, wr + 3K) at two output columns (xr, xr +
 * sw), or one channel. TAPS(T): KW = 3 and 5 unrolled (the common
 * kernels: no loop overhead per tap), others by a loop. */
#define MCU_TAP4(k)                                                            \
  do {                                                                         \
    float a_ = xr[(k) * dw], b_ = xr[(k) * dw + sw];                           \
    float w0_ = wr[k], w1_ = wr[K + (k)], w2_ = wr[2 * K + (k)], w3_ = wr[3 * K + (k)]; \
    c00 = fmaf(a_, w0_, c00);                                                  \
    c01 = fmaf(b_, w0_, c01);                                                  \
    c10 = fmaf(a_, w1_, c10);                                                  \
    c11 = fmaf(b_, w1_, c11);                                                  \
    c20 = fmaf(a_, w2_, c20);                                                  \
    c21 = fmaf(b_, w2_, c21);                                                  \
    c30 = fmaf(a_, w3_, c30);                                                  \
    c31 = fmaf(b_, w3_, c31);                                                  \
  } while (0)
/* stride 1, dilation 1: the x offsets are constants */
#define MCU_TAP4U(k)                                                           \
  do {                                                                         \
    float a_ = xr[k], b_ = xr[(k) + 1];                                        \
    float w0_ = wr[k], w1_ = w1r[k], w2_ = w2r[k], w3_ = w3r[k];               \
    c00 = fmaf(a_, w0_, c00);                                                  \
    c01 = fmaf(b_, w0_, c01);                                                  \
    c10 = fmaf(a_, w1_, c10);                                                  \
    c11 = fmaf(b_, w1_, c11);                                                  \
    c20 = fmaf(a_, w2_, c20);                                                  \
    c21 = fmaf(b_, w2_, c21);                                                  \
    c30 = fmaf(a_, w3_, c30);                                                  \
    c31 = fmaf(b_, w3_, c31);                                                  \
  } while (0)
#define MCU_TAP1(k)                                                            \
  do {                                                                         \
    float w0_ = wr[k];                                                         \
    c00 = fmaf(xr[(k) * dw], w0_, c00);                                        \
    c01 = fmaf(xr[(k) * dw + sw], w0_, c01);                                   \
  } while (0)
/* The loops over ci and the valid kernel rows around ROW (one row's taps,
 * xr and wr set). */
#define MCU_ROWS(ROW)                                                          \
  for (ci = 0; ci < g->ci; ci++) {                                             \
    const float *xr = x + ci * g->h * g->w + (g->ih0 + g->kh0 * g->dh) * g->w + iw; \
    const float *wr = w + ci * g->kh * KW + g->kh0 * KW;                       \
    for (kh = g->kh0; kh < g->kh1; kh++, xr += dhw, wr += KW) {                \
      ROW;                                                                     \
    }                                                                          \
  }
#define MCU_TAPS(T)                                                            \
  do {                                                                         \
    if (KW == 3) {                                                             \
      MCU_ROWS(T(0); T(1); T(2))                                               \
    } else if (KW == 5) {                                                      \
      MCU_ROWS(T(0); T(1); T(2); T(3); T(4))                                   \
    } else {                                                                   \
      MCU_ROWS(for (kw = 0; kw < KW; kw++) T(kw))                              \
    }                                                                          \
  } while (0)

/* Four channels (weights w, w + K, w + 2K, w + 3K) at output columns iw
 * and iw + sw (input column of kw = 0; every tap in bounds):
 * c[r * 2 + q]. */
static void mcu_conv4x2(const McuConv *g, const float *x, const float *w, int32_t iw, float *c) {
  float c00 = 0.0f, c01 = 0.0f, c10 = 0.0f, c11 = 0.0f, c20 = 0.0f, c21 = 0.0f, c30 = 0.0f, c31 = 0.0f;
  const int32_t K = g->k, sw = g->sw, dw = g->dw, KW = g->kw, dhw = g->dh * g->w;
  int32_t ci, kh, kw;
  if (sw == 1 && dw == 1 && (KW == 3 || KW == 5)) {
    /* the four weight rows by pointers of their own, the taps at constant
     * offsets */
    for (ci = 0; ci < g->ci; ci++) {
      const float *xr = x + ci * g->h * g->w + (g->ih0 + g->kh0 * g->dh) * g->w + iw;
      const float *wr = w + ci * g->kh * KW + g->kh0 * KW;
      const float *w1r = wr + K, *w2r = wr + 2 * K, *w3r = wr + 3 * K;
      for (kh = g->kh0; kh < g->kh1; kh++, xr += dhw, wr += KW, w1r += KW, w2r += KW, w3r += KW) {
        MCU_TAP4U(0);
        MCU_TAP4U(1);
        MCU_TAP4U(2);
        if (KW == 5) {
          MCU_TAP4U(3);
          MCU_TAP4U(4);
        }
      }
    }
  } else {
    MCU_TAPS(MCU_TAP4);
  }
  c[0] = c00;
  c[1] = c01;
  c[2] = c10;
  c[3] = c11;
  c[4] = c20;
  c[5] = c21;
  c[6] = c30;
  c[7] = c31;
}

/* One channel at columns iw and iw + sw (every tap in bounds). */
static void mcu_conv1x2(const McuConv *g, const float *x, const float *w, int32_t iw, float *c) {
  float c00 = 0.0f, c01 = 0.0f;
  const int32_t sw = g->sw, dw = g->dw, KW = g->kw, dhw = g->dh * g->w;
  int32_t ci, kh, kw;
  MCU_TAPS(MCU_TAP1);
  c[0] = c00;
  c[1] = c01;
}
#undef MCU_TAP4
#undef MCU_TAP4U
#undef MCU_TAP1
#undef MCU_ROWS
#undef MCU_TAPS

/* act(c[q] + bias) for q < 7, stored at o[q] (mcu_ep's expressions; the
 * branches once per call, ReLU in registers). */
static inline void mcu_out7(float *o, const float *bias, int act, float c0, float c1, float c2, float c3, float c4,
                            float c5, float c6) {
  if (bias) {
    float b = *bias;
    c0 = c0 + b;
    c1 = c1 + b;
    c2 = c2 + b;
    c3 = c3 + b;
    c4 = c4 + b;
    c5 = c5 + b;
    c6 = c6 + b;
  }
  if (act == MSRT_RELU) {
    c0 = c0 < 0 ? 0.0f : c0;
    c1 = c1 < 0 ? 0.0f : c1;
    c2 = c2 < 0 ? 0.0f : c2;
    c3 = c3 < 0 ? 0.0f : c3;
    c4 = c4 < 0 ? 0.0f : c4;
    c5 = c5 < 0 ? 0.0f : c5;
    c6 = c6 < 0 ? 0.0f : c6;
  }
  o[0] = c0;
  o[1] = c1;
  o[2] = c2;
  o[3] = c3;
  o[4] = c4;
  o[5] = c5;
  o[6] = c6;
  if (act != MSRT_RELU && act != MSRT_ACT_NONE) {
    int q;
    for (q = 0; q < 7; q++) o[q] = mcu_act(act, o[q]);
  }
}

/* A stored zero for the padding column of mcu_conv3_2x7 (read with
 * stride 0). */
static const float mcu_zero = 0.0f;

/* KW = 3, stride and dilation 1 along W (3x3 'same' and 'valid'): two
 * channels (weights w and w + K) at the seven output columns whose taps
 * read input columns iw .. iw + 8 of each kernel row. Columns iw + 1 ..
 * iw + 7 are in bounds; column iw (iw = -1) and iw + 8 (= W) may be the
 * padding: then they are read from mcu_zero, so the padding is multiplied
 * as im2col's stored zeros are. Per kernel row the nine inputs and six
 * weights are loaded once for 42 multiply-adds; the 14 accumulators, the
 * inputs and a weight stay in registers. Stores act(c + bias) of channel
 * r at o + r * P, bias at bias[r]. */
MCU_NOINLINE static void mcu_conv3_2x7(const McuConv *g, const float *x, const float *w, int32_t iw, float *o, int32_t P,
                          const float *bias, int act) {
  float c0 = 0.0f, c1 = 0.0f, c2 = 0.0f, c3 = 0.0f, c4 = 0.0f, c5 = 0.0f, c6 = 0.0f;
  float d0 = 0.0f, d1 = 0.0f, d2 = 0.0f, d3 = 0.0f, d4 = 0.0f, d5 = 0.0f, d6 = 0.0f;
  const int32_t dhw = g->dh * g->w, rows = g->kh1 - g->kh0;
  const int32_t xstep = g->h * g->w - rows * dhw, wstep = (g->kh - rows) * 3;
  const float *xr = x + (g->ih0 + g->kh0 * g->dh) * g->w + iw;
  const float *w0 = w + g->kh0 * 3, *w1 = w0 + g->k;
  /* columns iw and iw + 8: in the row, or mcu_zero (stride 0) */
  const int lz = iw < 0, rz = iw + 8 >= g->w;
  const float *xa = lz ? &mcu_zero : xr, *xb = rz ? &mcu_zero : xr + 8;
  const int32_t da = lz ? 0 : dhw, db = rz ? 0 : dhw, sa = lz ? 0 : xstep, sb = rz ? 0 : xstep;
  int32_t ci, kh;
  for (ci = 0; ci < g->ci; ci++, xr += xstep, xa += sa, xb += sb, w0 += wstep, w1 += wstep)
    for (kh = 0; kh < rows; kh++, xr += dhw, xa += da, xb += db, w0 += 3, w1 += 3) {
      float x0 = *xa, x1 = xr[1], x2 = xr[2], x3 = xr[3], x4 = xr[4], x5 = xr[5], x6 = xr[6], x7 = xr[7];
      float x8 = *xb, v;
#define MCU_T7(c0, c1, c2, c3, c4, c5, c6, v, a0, a1, a2, a3, a4, a5, a6)      \
  c0 = fmaf(a0, v, c0);                                                        \
  c1 = fmaf(a1, v, c1);                                                        \
  c2 = fmaf(a2, v, c2);                                                        \
  c3 = fmaf(a3, v, c3);                                                        \
  c4 = fmaf(a4, v, c4);                                                        \
  c5 = fmaf(a5, v, c5);                                                        \
  c6 = fmaf(a6, v, c6)
      v = w0[0];
      MCU_T7(c0, c1, c2, c3, c4, c5, c6, v, x0, x1, x2, x3, x4, x5, x6);
      v = w1[0];
      MCU_T7(d0, d1, d2, d3, d4, d5, d6, v, x0, x1, x2, x3, x4, x5, x6);
      v = w0[1];
      MCU_T7(c0, c1, c2, c3, c4, c5, c6, v, x1, x2, x3, x4, x5, x6, x7);
      v = w1[1];
      MCU_T7(d0, d1, d2, d3, d4, d5, d6, v, x1, x2, x3, x4, x5, x6, x7);
      v = w0[2];
      MCU_T7(c0, c1, c2, c3, c4, c5, c6, v, x2, x3, x4, x5, x6, x7, x8);
      v = w1[2];
      MCU_T7(d0, d1, d2, d3, d4, d5, d6, v, x2, x3, x4, x5, x6, x7, x8);
#undef MCU_T7
    }
  mcu_out7(o, bias, act, c0, c1, c2, c3, c4, c5, c6);
  mcu_out7(o + P, bias ? bias + 1 : bias, act, d0, d1, d2, d3, d4, d5, d6);
}

/* nr (4 or 1) channels at one column, input column iw of kw = 0: the
 * taps out of bounds (the padding) skipped, by the column's kw range;
 * c[r]. */
static void mcu_conv_edge(const McuConv *g, const float *x, const float *w, int32_t iw, int nr, float *c) {
  float c0 = 0.0f, c1 = 0.0f, c2 = 0.0f, c3 = 0.0f;
  const int32_t K = g->k, KW = g->kw, dw = g->dw, dhw = g->dh * g->w;
  int32_t ci, kh, kw, kw0 = 0, kw1 = KW;
  while (kw0 < KW && iw + kw0 * dw < 0) kw0++;
  while (kw1 > kw0 && iw + (kw1 - 1) * dw >= g->w) kw1--;
  for (ci = 0; ci < g->ci; ci++) {
    const float *xr = x + ci * g->h * g->w + (g->ih0 + g->kh0 * g->dh) * g->w + iw;
    const float *wr = w + ci * g->kh * KW + g->kh0 * KW;
    for (kh = g->kh0; kh < g->kh1; kh++, xr += dhw, wr += KW)
      if (nr == 4) {
        for (kw = kw0; kw < kw1; kw++) {
          float a = xr[kw * dw];
          c0 = fmaf(a, wr[kw], c0);
          c1 = fmaf(a, wr[K + kw], c1);
          c2 = fmaf(a, wr[2 * K + kw], c2);
          c3 = fmaf(a, wr[3 * K + kw], c3);
        }
      } else {
        for (kw = kw0; kw < kw1; kw++) c0 = fmaf(xr[kw * dw], wr[kw], c0);
      }
  }
  c[0] = c0;
  c[1] = c1;
  c[2] = c2;
  c[3] = c3;
}

/* mcu_conv3_2x7's outputs one at a time (a tile whose padding is wider
 * than one column): two channels at seven columns from input column iw. */
static void mcu_conv_cols(const McuConv *g, const float *x, const float *w, int32_t iw, float *o, int32_t P,
                          const float *bias, const msrt_epilogue *ep) {
  float t[4];
  int32_t r, q;
  for (r = 0; r < 2; r++)
    for (q = 0; q < 7; q++) {
      mcu_conv_edge(g, x, w + r * g->k, iw + q, 1, t);
      o[r * P + q] = mcu_ep(ep, bias, r, t[0]);
    }
}

/* g from geo (all but the row's fields), or MSRT_EINVAL. */
static int mcu_conv_init(const int32_t *geo, const msrt_epilogue *ep, McuConv *g) {
  int r;
  for (r = 0; r < 15; r++)
    if (geo[r] < 0) return MSRT_EINVAL;
  if (geo[G_SH] <= 0 || geo[G_SW] <= 0 || geo[G_DH] <= 0 || geo[G_DW] <= 0) return MSRT_EINVAL;
  if (ep && !msrt_act_ok(ep->act)) return MSRT_EINVAL;
  g->ci = geo[G_CI];
  g->h = geo[G_H];
  g->w = geo[G_W];
  g->kh = geo[G_KH];
  g->kw = geo[G_KW];
  g->sh = geo[G_SH];
  g->sw = geo[G_SW];
  g->dh = geo[G_DH];
  g->dw = geo[G_DW];
  g->k = g->ci * g->kh * g->kw;
  return MSRT_OK;
}

/* g's fields of output row oh: its first input row and valid kernel rows. */
static void mcu_conv_row(McuConv *g, int32_t oh, int32_t pt) {
  g->ih0 = oh * g->sh - pt;
  g->kh0 = 0;
  while (g->kh0 < g->kh && g->ih0 + g->kh0 * g->dh < 0) g->kh0++;
  g->kh1 = g->kh;
  while (g->kh1 > g->kh0 && g->ih0 + (g->kh1 - 1) * g->dh >= g->h) g->kh1--;
}

int msrt_mcu_conv3_f32(const int32_t *geo, const float *x, const float *w, float *out, const msrt_epilogue *ep) {
  const float *bias = ep ? (const float *)ep->bias : (const float *)0;
  const int act = ep ? ep->act : MSRT_ACT_NONE;
  const int32_t OH = geo[G_OH], OW = geo[G_OW], CO = geo[G_CO], pl = geo[G_PL], P = OH * OW;
  const int32_t xstride = geo[G_CI] * geo[G_H] * geo[G_W];
  McuConv g;
  int32_t n, co, oh, ow;
  int rc = mcu_conv_init(geo, ep, &g);
  if (rc != MSRT_OK) return rc;
  if (g.kw != 3 || g.sw != 1 || g.dw != 1 || CO < 2 || OW < 7) return msrt_mcu_conv2d_f32(geo, x, w, out, ep);
  for (n = 0; n < geo[G_N]; n++, x += xstride, out += CO * P)
    for (oh = 0; oh < OH; oh++) {
      mcu_conv_row(&g, oh, geo[G_PT]);
      /* pairs of channels, seven columns at a time; the last pair and
       * the last seven columns may overlap the ones before */
      for (co = 0; co < CO; co += 2) {
        const int32_t c = co + 2 <= CO ? co : CO - 2;
        const float *wc = w + c * g.k, *bc = bias ? bias + c : bias;
        float *oc = out + c * P + oh * OW;
        for (ow = 0; ow < OW; ow += 7) {
          const int32_t o0 = ow + 7 <= OW ? ow : OW - 7, iw = o0 - pl;
          if (iw >= -1 && iw + 8 <= g.w) mcu_conv3_2x7(&g, x, wc, iw, oc + o0, P, bc, act);
          else mcu_conv_cols(&g, x, wc, iw, oc + o0, P, bc, ep);
        }
      }
    }
  return MSRT_OK;
}

int msrt_mcu_conv2d_f32(const int32_t *geo, const float *x, const float *w, float *out,
                        const msrt_epilogue *ep) {
  const float *bias = ep ? (const float *)ep->bias : (const float *)0;
  McuConv g;
  int32_t n, co, oh, ow, r, OH = geo[G_OH], OW = geo[G_OW], CO = geo[G_CO], pl = geo[G_PL];
  int32_t olo, ohi; /* output columns whose taps are all in bounds */
  int32_t xstride = geo[G_CI] * geo[G_H] * geo[G_W], P = OH * OW;
  float t[8];
  r = mcu_conv_init(geo, ep, &g);
  if (r != MSRT_OK) return r;
  /* ow in [olo, ohi): ow * sw - pl >= 0 and ow * sw - pl + (kw - 1) * dw < W */
  olo = (pl + g.sw - 1) / g.sw;
  r = g.w + pl - (g.kw > 0 ? g.kw - 1 : 0) * g.dw;
  ohi = r <= 0 ? 0 : (r + g.sw - 1) / g.sw;
  if (ohi > OW) ohi = OW;
  if (ohi < olo) ohi = olo;
  if (olo > OW) olo = ohi = OW;
  for (n = 0; n < geo[G_N]; n++, x += xstride, out += CO * P) {
    for (oh = 0; oh < OH; oh++) {
      mcu_conv_row(&g, oh, geo[G_PT]);
      for (co = 0; co < CO;) {
        const float *wc = w + co * g.k;
        float *oc = out + co * P + oh * OW;
        if (co + 4 <= CO) {
          for (ow = 0; ow < OW; ow++) {
            if (ow >= olo && ow + 2 <= ohi) { /* a pair, every tap in bounds */
              mcu_conv4x2(&g, x, wc, ow * g.sw - pl, t);
              for (r = 0; r < 4; r++) {
                oc[r * P + ow] = mcu_ep(ep, bias, co + r, t[2 * r]);
                oc[r * P + ow + 1] = mcu_ep(ep, bias, co + r, t[2 * r + 1]);
              }
              ow++;
            } else {
              mcu_conv_edge(&g, x, wc, ow * g.sw - pl, 4, t);
              for (r = 0; r < 4; r++) oc[r * P + ow] = mcu_ep(ep, bias, co + r, t[r]);
            }
          }
          co += 4;
        } else {
          for (ow = 0; ow < OW; ow++) {
            if (ow >= olo && ow + 2 <= ohi) {
              mcu_conv1x2(&g, x, wc, ow * g.sw - pl, t);
              oc[ow] = mcu_ep(ep, bias, co, t[0]);
              oc[ow + 1] = mcu_ep(ep, bias, co, t[1]);
              ow++;
            } else {
              mcu_conv_edge(&g, x, wc, ow * g.sw - pl, 1, t);
              oc[ow] = mcu_ep(ep, bias, co, t[0]);
            }
          }
          co++;
        }
      }
    }
  }
  return MSRT_OK;
}

/* ===================================================================
 * max pooling, NCHW (nn.c's maxpool: the first maximum, nan wins), float32
 * and int8 (quantized activations: the max commutes with the quantization)
 * =================================================================== */

/* the body of msrt_mcu_maxpool_f32 and _i8: T the element, ISNAN(v) */
#define MCU_MAXPOOL(T, ISNAN)                                                                                      \
  {                                                                                                                \
    const int32_t NC = geo[0], H = geo[1], W = geo[2], OH = geo[3], OW = geo[4];                                   \
    const int32_t KH = geo[5], KW = geo[6], SH = geo[7], SW = geo[8], PT = geo[9], PL = geo[10];                   \
    int32_t nc, oh, ow, i, j;                                                                                      \
    for (i = 0; i < 11; i++)                                                                                       \
      if (geo[i] < 0) return MSRT_EINVAL;                                                                          \
    if (KH <= 0 || KW <= 0 || SH <= 0 || SW <= 0) return MSRT_EINVAL;                                              \
    if (KH == 2 && KW == 2 && PT == 0 && PL == 0 && (OH - 1) * SH + 2 <= H && (OW - 1) * SW + 2 <= W) {            \
      /* 2x2 windows all inside: the same comparisons in the same order */                                        \
      for (nc = 0; nc < NC; nc++, x += H * W)                                                                      \
        for (oh = 0; oh < OH; oh++) {                                                                              \
          const T *r0 = x + oh * SH * W, *r1 = r0 + W;                                                             \
          for (ow = 0; ow < OW; ow++, r0 += SW, r1 += SW) {                                                        \
            T m = r0[0], v = r0[1];                                                                                \
            if (v > m || ISNAN(v)) m = v;                                                                          \
            v = r1[0];                                                                                             \
            if (v > m || ISNAN(v)) m = v;                                                                          \
            v = r1[1];                                                                                             \
            if (v > m || ISNAN(v)) m = v;                                                                          \
            *out++ = m;                                                                                            \
          }                                                                                                        \
        }                                                                                                          \
      return MSRT_OK;                                                                                              \
    }                                                                                                              \
    for (nc = 0; nc < NC; nc++, x += H * W) {                                                                      \
      for (oh = 0; oh < OH; oh++) {                                                                                \
        int32_t h0 = oh * SH - PT, h1 = h0 + KH;                                                                   \
        if (h0 < 0) h0 = 0;                                                                                        \
        if (h1 > H) h1 = H;                                                                                        \
        for (ow = 0; ow < OW; ow++) {                                                                              \
          int32_t w0 = ow * SW - PL, w1 = w0 + KW;                                                                 \
          T m = 0;                                                                                                 \
          int have = 0;                                                                                            \
          if (w0 < 0) w0 = 0;                                                                                      \
          if (w1 > W) w1 = W;                                                                                      \
          for (i = h0; i < h1; i++) {                                                                              \
            const T *xr = x + i * W;                                                                               \
            for (j = w0; j < w1; j++) {                                                                            \
              T v = xr[j];                                                                                         \
              if (!have || v > m || ISNAN(v)) m = v;                                                               \
              have = 1;                                                                                            \
            }                                                                                                      \
          }                                                                                                        \
          *out++ = m;                                                                                              \
        }                                                                                                          \
      }                                                                                                            \
    }                                                                                                              \
    return MSRT_OK;                                                                                                \
  }
#define MCU_ISNAN_F32(v) ((v) != (v))
#define MCU_ISNAN_I8(v) 0
int msrt_mcu_maxpool_f32(const int32_t *geo, const float *x, float *out) MCU_MAXPOOL(float, MCU_ISNAN_F32)
static int mcu_maxpool_i8(const int32_t *geo, const int8_t *x, int8_t *out) MCU_MAXPOOL(int8_t, MCU_ISNAN_I8)
#if defined(__ARM_FEATURE_SIMD32) && !defined(__ARM_BIG_ENDIAN) && !defined(MSRT_NO_SIMD)
#include <arm_acle.h>
/* 2x2 windows of stride 2 all inside, on Armv7E-M: two windows a step,
 * the four bytes of each row by SSUB8 + SEL (the larger byte per lane),
 * then lanes 0, 1 and 2, 3 the same way (ints: the maximum is the maximum) */
static int mcu_maxpool2_i8(const int32_t *geo, const int8_t *x, int8_t *out) {
  const int32_t NC = geo[0], H = geo[1], W = geo[2], OH = geo[3], OW = geo[4];
  for (int32_t nc = 0; nc < NC; nc++, x += H * W)
    for (int32_t oh = 0; oh < OH; oh++) {
      const int8_t *r0 = x + 2 * oh * W, *r1 = r0 + W;
      int32_t ow = 0;
      for (; ow + 2 <= OW; ow += 2, r0 += 4, r1 += 4, out += 2) {
        uint32_t a, b;
        memcpy(&a, r0, 4);
        memcpy(&b, r1, 4);
        (void)__ssub8((int8x4_t)a, (int8x4_t)b);
        uint32_t m = (uint32_t)__sel((uint8x4_t)a, (uint8x4_t)b), t = m >> 8;
        (void)__ssub8((int8x4_t)m, (int8x4_t)t);
        m = (uint32_t)__sel((uint8x4_t)m, (uint8x4_t)t);
        out[0] = (int8_t)(uint8_t)m;
        out[1] = (int8_t)(uint8_t)(m >> 16);
      }
      if (ow < OW) {
        int8_t m = r0[0];
        m = r0[1] > m ? r0[1] : m;
        m = r1[0] > m ? r1[0] : m;
        *out++ = r1[1] > m ? r1[1] : m;
      }
    }
  return MSRT_OK;
}
#endif
/* geo is 2x2 windows of stride 2, no padding, all inside */
static int mcu_pool2(const int32_t *geo) {
  int ok = 1;
  for (int i = 0; i < 11; i++) ok &= geo[i] >= 0;
  return ok && geo[5] == 2 && geo[6] == 2 && geo[7] == 2 && geo[8] == 2 && geo[9] == 0 && geo[10] == 0 &&
         2 * geo[3] <= geo[1] && 2 * geo[4] <= geo[2];
}

int msrt_mcu_maxpool_i8(const int32_t *geo, const int8_t *x, int8_t *out) {
#if defined(__ARM_FEATURE_SIMD32) && !defined(__ARM_BIG_ENDIAN) && !defined(MSRT_NO_SIMD)
  if (mcu_pool2(geo)) return mcu_maxpool2_i8(geo, x, out);
#endif
  return mcu_maxpool_i8(geo, x, out);
}

int msrt_mcu_maxpool2_i8(const int32_t *geo, const int8_t *x, int8_t *out) {
  if (!mcu_pool2(geo)) return MSRT_EINVAL;
#if defined(__ARM_FEATURE_SIMD32) && !defined(__ARM_BIG_ENDIAN) && !defined(MSRT_NO_SIMD)
  return mcu_maxpool2_i8(geo, x, out);
#else
  return mcu_maxpool_i8(geo, x, out);
#endif
}
