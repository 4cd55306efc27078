/* scratch.c — the scratch query of the memory plan (memplan.h): how many
 * bytes of temporary storage a node's kernel needs beside its operands and
 * its result, per op (scratch_rules[], indexed by OpId, as emit_rules[] is)
 * and per target; and the kernel geometry (matmul dims, reduction blocks)
 * that the query and C emission (codegen/emit.c) both need, kept here once.
 *
 * Requires: a node of a verified entry graph whose operands' types are
 * final. Pure: reads the node, its operands' types and its attributes.
 * Agrees with the emitter by construction: each rule mirrors the early
 * returns of the op's emission rule (an empty result, k == 0, a reduction
 * over nothing need no scratch) and sizes slots with the runtime's own
 * functions (msrt_gemm_ws_size, msrt_conv2d_ws_size,
 * msrt_conv2d_bp_ws_size). Operand types an emission rule refuses get no
 * scratch (the emitter reports them).
 *
 * Why here and not in ir/: scratch is a property of the kernels a target
 * links (the same op needs different scratch with another GEMM), not of
 * the op; ops.def stays target-free, and the memory plan that asks is
 * the only caller besides the emitter's geometry.
 */
#include <stdlib.h>
#include <string.h>

#include "memplan.h"

bool memplan_shape(const IrNode *x, MemShape *s) {
  const IrType *t = x->type;
  memset(s, 0, sizeof *s);
  if (!t) return false;
  if (t->kind == IR_T_TENSOR || t->kind == IR_T_REF) {
    s->dt = t->dt;
    s->ndim = t->ndim;
    memcpy(s->shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
    return t->dt < MSRT_NUM_DTYPES && t->ndim <= MSRT_MAX_NDIM;
  }
  if (t->kind == IR_T_SCALAR) {
    s->dt = t->dt;
    return t->dt < MSRT_NUM_DTYPES;
  }
  return false;
}

static int64_t prod(int n, const int64_t *v) {
  int64_t s = 1;
  for (int i = 0; i < n; i++) s *= v[i];
  return s;
}

int64_t memplan_nelem(const MemShape *s) { return prod(s->ndim, s->shape); }
int64_t memplan_nbytes(const MemShape *s) { return memplan_nelem(s) * (int64_t)msrt_dtype_size(s->dt); }

/* ---- geometry --------------------------------------------------------------- */

/* m, k, n of x @ y: MatMul (and any 2-D pair) as 2-D, else numpy's rules
 * with a 1-D operand as a row or column. */
static const char *matmul_mkn(int op, const MemShape *x, const MemShape *y, bool ta, bool tb, MemMatmul *d) {
  if (x->ndim < 1 || y->ndim < 1) return "scalar operands";
  if (op == OP_MatMul || (x->ndim == 2 && y->ndim == 2)) {
    if (x->ndim != 2 || y->ndim != 2) return "inputs must be 2-D";
    d->m = ta ? x->shape[1] : x->shape[0];
    d->k = ta ? x->shape[0] : x->shape[1];
    d->n = tb ? y->shape[0] : y->shape[1];
    return NULL;
  }
  int xn = x->ndim, yn = y->ndim;
  d->m = xn == 1 ? 1 : ta ? x->shape[xn - 1] : x->shape[xn - 2];
  d->k = xn == 1 ? x->shape[0] : ta ? x->shape[xn - 2] : x->shape[xn - 1];
  d->n = yn == 1 ? 1 : tb ? y->shape[yn - 2] : y->shape[yn - 1];
  return NULL;
}

const char *scratch_matmul_dims(int op, const MemShape *x, const MemShape *y, const MemShape *out, bool ta,
                                bool tb, const MemTarget *t, MemMatmul *d) {
  memset(d, 0, sizeof *d);
  const char *why = matmul_mkn(op, x, y, ta, tb, d);
  if (why) return why;
  int nbx = x->ndim > 2 ? x->ndim - 2 : 0, nby = y->ndim > 2 ? y->ndim - 2 : 0;
  d->nb = out->ndim - (x->ndim != 1) - (y->ndim != 1);
  if (d->nb < 0 || d->nb < nbx || d->nb < nby) return "the result type does not match the operands";
  d->batch = prod(d->nb, out->shape);
  if (d->batch * d->m * d->n != memplan_nelem(out)) return "the result type does not match the operands";
  if (t && !ta && x->ndim > 2 && d->batch > 1 && prod(nbx, x->shape) == d->batch && prod(nby, y->shape) == 1 &&
      (d->m > 1 || t->isa != MEM_ISA_MCU)) {
    d->m *= d->batch;
    d->batch = 1;
    d->folded = true;
  }
  return NULL;
}

/* The bit mask of the reduced axes of x, or false (d->bad_axis). */
static bool reduce_mask(const MemShape *x, const Attrs *a, uint32_t *mask, MemReduce *d) {
  *mask = 0;
  if (!a->has_axis) {
    *mask = x->ndim ? (1u << x->ndim) - 1 : 0;
    return true;
  }
  for (int i = 0; i < a->naxis; i++) {
    int64_t ax = a->axis[i];
    if (x->ndim == 0 && (ax == 0 || ax == -1)) continue;
    if (ax < -x->ndim || ax >= x->ndim) {
      d->bad_axis = ax;
      return false;
    }
    *mask |= 1u << (ax < 0 ? ax + x->ndim : ax);
  }
  return true;
}

/* Not adjacent: the kept axes first, then the reduced ones. */
static void reduce_permuted(const MemShape *x, uint32_t m, MemReduce *d) {
  int k = 0;
  d->block = false;
  d->outer = d->r = d->inner = 1;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < x->ndim; i++) {
      if (((m >> i) & 1u) != (unsigned)pass) continue;
      d->perm[k++] = i;
      if (pass) d->r *= x->shape[i];
      else d->outer *= x->shape[i];
    }
}

bool scratch_reduce_dims(const MemShape *x, const Attrs *a, MemReduce *d) {
  uint32_t m;
  memset(d, 0, sizeof *d);
  if (!reduce_mask(x, a, &m, d)) return false;
  int first = -1, last = -1;
  for (int i = 0; i < x->ndim; i++)
    if (m & (1u << i)) {
      if (first < 0) first = i;
      last = i;
    }
  d->block = true;
  d->r = d->inner = 1;
  if (first < 0) {
    d->outer = memplan_nelem(x);
    return true;
  }
  for (int i = first; i <= last; i++)
    if (!(m & (1u << i))) {
      reduce_permuted(x, m, d);
      return true;
    }
  d->outer = prod(first, x->shape);
  d->r = prod(last + 1 - first, x->shape + first);
  d->inner = prod(x->ndim - last - 1, x->shape + last + 1);
  return true;
}

bool scratch_reduce_identity(int code) {
  return code == MSRT_RSUM || code == MSRT_RPROD || code == MSRT_RMEAN || code == MSRT_RANY || code == MSRT_RALL;
}

/* ---- the rules ---------------------------------------------------------------
 * Each fills s->bytes[] for node n with operand types in[] (nin of them)
 * and result type out; s->n is set by the caller to the slots the op has. */

typedef struct ScratchArgs {
  const IrNode *n;
  const MemTarget *t;
  int nin;
  MemShape in[MEM_SCRATCH_MAX];
  MemShape out;
  Attrs a;
} ScratchArgs;

typedef void (*ScratchFn)(const ScratchArgs *x, MemScratch *s);

static void slot(MemScratch *s, int k, int64_t bytes, const char *what) {
  if (k >= MEM_SCRATCH_MAX) return;
  if (s->n <= k) s->n = k + 1;
  s->bytes[k] = bytes > 0 ? bytes : 0;
  s->what[k] = what;
}

static void sc_matmul(const ScratchArgs *x, MemScratch *s) {
  MemMatmul d;
  if (x->nin != 2 || scratch_matmul_dims(x->n->op, &x->in[0], &x->in[1], &x->out, x->a.transpose_a,
                                         x->a.transpose_b, x->t, &d))
    return;
  if (memplan_nelem(&x->out) == 0 || d.k == 0) return;
  slot(s, 0, (int64_t)msrt_gemm_ws_size(d.m, d.n, d.k), "gemm workspace");
}

static void sc_reduce(const ScratchArgs *x, MemScratch *s) {
  MemReduce d;
  int64_t on = memplan_nelem(&x->out);
  if (x->nin != 1 || !scratch_reduce_dims(&x->in[0], &x->a, &d) || d.outer * d.inner != on || on == 0) return;
  if (d.r == 0 && scratch_reduce_identity(op_info[x->n->op].code)) return;
  if (!d.block) slot(s, 0, memplan_nbytes(&x->in[0]), "operand permuted, reduced axes last");
}

static msrt_dtype compute_dt(msrt_dtype dt) { return dt == MSRT_FLOAT16 ? MSRT_FLOAT32 : dt; }

/* The NCHW kernels compute in float32 for float16: a copy of each operand
 * and the result. */
static bool sc_nn_common(const ScratchArgs *x, MemScratch *s) {
  static const char *const copy[MEM_SCRATCH_MAX] = {
      "float32 copy of operand 1", "float32 copy of operand 2", "float32 copy of operand 3",
      "float32 copy of operand 4", "float32 copy of operand 5", "float32 copy of operand 6",
  };
  if (memplan_nelem(&x->out) == 0) return false;
  for (int i = 0; i < x->nin; i++)
    if (x->in[i].dt == MSRT_FLOAT16) slot(s, i, memplan_nelem(&x->in[i]) * 4, copy[i]);
  if (x->out.dt == MSRT_FLOAT16) slot(s, x->nin, memplan_nelem(&x->out) * 4, "float32 result");
  return true;
}

static void sc_nn(const ScratchArgs *x, MemScratch *s) { sc_nn_common(x, s); }

static bool conv_shapes_ok(const MemShape *xs, const MemShape *wsh, const MemShape *os, int64_t group) {
  return xs->ndim == 4 && wsh->ndim == 4 && os->ndim == 4 && group > 0 && xs->shape[1] == wsh->shape[1] * group &&
         wsh->shape[0] % group == 0 && xs->shape[0] == os->shape[0];
}

bool mem_mcu_conv(const MemTarget *t, msrt_dtype dt, int64_t group) {
  return t && t->isa == MEM_ISA_MCU && dt == MSRT_FLOAT32 && group == 1;
}

static void sc_conv2d(const ScratchArgs *x, MemScratch *s) {
  if (x->nin != 2 || !conv_shapes_ok(&x->in[0], &x->in[1], &x->out, x->a.group) || !sc_nn_common(x, s)) return;
  if (mem_mcu_conv(x->t, x->out.dt, x->a.group) && x->in[0].dt == MSRT_FLOAT32 && x->in[1].dt == MSRT_FLOAT32)
    return; /* runtime/mcu.c: direct */
  msrt_dtype cd = compute_dt(x->out.dt);
  slot(s, 3, (int64_t)msrt_conv2d_ws_size(cd, x->in[0].shape, x->in[1].shape, x->out.shape, x->a.group),
       "conv workspace");
}

/* Conv2DBackpropInput(dy, w) -> dx, Conv2DBackpropFilter(dy, x) -> dw. */
static void sc_conv2d_grad(const ScratchArgs *x, MemScratch *s) {
  bool bpi = x->n->op == OP_Conv2DBackpropInput;
  const MemShape *dy = &x->in[0], *xs = bpi ? &x->out : &x->in[1], *wsh = bpi ? &x->in[1] : &x->out;
  if (x->nin != 2 || !conv_shapes_ok(xs, wsh, dy, x->a.group) || !sc_nn_common(x, s)) return;
  msrt_dtype cd = compute_dt(x->out.dt);
  slot(s, 3, (int64_t)msrt_conv2d_bp_ws_size(cd, xs->shape, wsh->shape, dy->shape, x->a.group, bpi ? 0 : 1),
       "conv workspace");
}

/* QuantDense: msrt_q8_dense_packed's input row as int16 pairs and the
 * sums of a few channel groups (msrt_q8_dense_scratch_words), which
 * codegen/emit_quant.c.inc uses with constant operands on a target with
 * SIMD32. */
static void sc_quant_dense(const ScratchArgs *x, MemScratch *s) {
  if (x->nin != 5 || x->in[1].ndim != 2 || (x->t && x->t->no_simd32) || memplan_nelem(&x->out) == 0) return;
  if (x->in[1].shape[1] > INT32_MAX / 2) return;
  slot(s, 0, msrt_q8_dense_scratch_words((int32_t)x->in[1].shape[1]) * 4, "int8 input as int16 pairs");
}

/* a constant tensor of dtype dt and n elements: its data, else NULL */
static const void *const_data(const IrNode *x, msrt_dtype dt, int64_t n) {
  if (x->kind != IR_NK_CONST || x->cst.kind != IR_C_TENSOR || !x->type || x->type->kind != IR_T_TENSOR ||
      x->type->dt != dt || x->cst.nbytes != (size_t)n * msrt_dtype_size(dt))
    return NULL;
  return x->cst.data;
}

bool mem_q8_x16_dense(const IrNode *n, IrNode *const *in, int nin, const MemTarget *t) {
  if (!t || t->no_simd32 || n->kind != IR_NK_NODE || n->op != OP_QuantDense || nin != 5) return false;
  const IrType *xt = in[0]->type, *wt = in[1]->type;
  if (!xt || xt->kind != IR_T_TENSOR || xt->ndim != 2 || xt->dt != MSRT_INT8 || !wt || wt->kind != IR_T_TENSOR ||
      wt->ndim != 2)
    return false;
  int64_t N = wt->shape[0], K = wt->shape[1];
  if (N <= 0 || K <= 0 || N % 4 == 3 || xt->shape[1] != K || N > INT32_MAX / 2 || K > INT32_MAX / 2 ||
      N * K > INT32_MAX / 2 || xt->shape[0] > INT32_MAX / 4 / msrt_q8_x16_words((int32_t)(N > K ? N : K)))
    return false;
  Attrs a;
  ir_attrs_decode(n, &a);
  const int8_t *w = const_data(in[1], MSRT_INT8, N * K);
  const int32_t *b = const_data(in[2], MSRT_INT32, N), *m = const_data(in[3], MSRT_INT32, N),
                *sh = const_data(in[4], MSRT_INT32, N);
  if (!w || !b || !m || !sh || a.act_min > -128 || a.act_max < 127 || a.x_zero_point < -128 ||
      a.x_zero_point > 127 || a.out_zero_point < -128 || a.out_zero_point > 127)
    return false;
  int32_t *blob = xmalloc(sizeof(int32_t) * (size_t)msrt_q8_packed_words((int32_t)N, (int32_t)K));
  bool ok = msrt_q8_pack_dense_x16((int32_t)N, (int32_t)K, w, b, m, sh, (int32_t)a.x_zero_point,
                                   (int32_t)a.out_zero_point, blob) == MSRT_OK;
  free(blob);
  return ok;
}

/* QuantConv2D of group 1: msrt_q8_conv2d_packed's windows as int16
 * (msrt_q8_conv_scratch_words). */
static void sc_quant_conv(const ScratchArgs *x, MemScratch *s) {
  const MemShape *w = &x->in[1];
  if (x->nin != 5 || w->ndim != 4 || x->a.group != 1 || (x->t && x->t->no_simd32) || memplan_nelem(&x->out) == 0)
    return;
  int64_t K = w->shape[1] * w->shape[2] * w->shape[3];
  if (K > INT32_MAX / 2 || x->in[0].ndim != 4 || x->out.ndim != 4) return;
  slot(s, 0, msrt_q8_conv_scratch_words(x->in[0].shape, w->shape, x->out.shape, x->a.stride, x->a.dilation) * 4,
       "int8 windows as int16");
}

/* A fused MatMul/Conv2D epilogue (emit_fuse.c.inc): the head's workspace. */
static void sc_fusion(const ScratchArgs *x, MemScratch *s) {
  const IrGraph *sub = x->n->sub[0];
  if (!sub || sub->nnode < 1 || memplan_nelem(&x->out) == 0) return;
  const IrNode *h = sub->nodes[0];
  int ia = -1, ib = -1;
  for (int i = 0; i < sub->nparam && i < x->nin; i++) {
    if (h->nin == 2 && sub->params[i] == h->in[0]) ia = i;
    if (h->nin == 2 && sub->params[i] == h->in[1]) ib = i;
  }
  if ((h->op != OP_MatMul && h->op != OP_Conv2D) || ia < 0 || ib < 0) return;
  const MemShape *xs = &x->in[ia], *ys = &x->in[ib], *os = &x->out;
  Attrs a;
  ir_attrs_decode(h, &a);
  MemMatmul d;
  if (h->op == OP_MatMul && !scratch_matmul_dims(OP_MatMul, xs, ys, os, a.transpose_a, a.transpose_b, NULL, &d) && d.k > 0)
    slot(s, 0, (int64_t)msrt_gemm_ws_size(d.m, d.n, d.k), "gemm workspace");
  if (h->op == OP_Conv2D && conv_shapes_ok(xs, ys, os, a.group) && !mem_mcu_conv(x->t, os->dt, a.group))
    slot(s, 0, (int64_t)msrt_conv2d_ws_size(os->dt, xs->shape, ys->shape, os->shape, a.group), "conv workspace");
}

static const ScratchFn scratch_rules[OP_COUNT] = {
    [OP_MatMul] = sc_matmul, [OP_BatchMatMul] = sc_matmul, [OP_MatMulExt] = sc_matmul,
    [OP_ReduceSum] = sc_reduce, [OP_ReduceMean] = sc_reduce, [OP_ReduceProd] = sc_reduce,
    [OP_ReduceMax] = sc_reduce, [OP_ReduceMin] = sc_reduce, [OP_ReduceAll] = sc_reduce,
    [OP_ReduceAny] = sc_reduce, [OP_Argmax] = sc_reduce, [OP_Argmin] = sc_reduce,
    [OP_Conv2D] = sc_conv2d, [OP_MaxPool] = sc_nn, [OP_AvgPool] = sc_nn,
    [OP_BatchNorm] = sc_nn, [OP_LayerNorm] = sc_nn,
    [OP_Conv2DBackpropInput] = sc_conv2d_grad, [OP_Conv2DBackpropFilter] = sc_conv2d_grad,
    [OP_MaxPoolGrad] = sc_nn, [OP_AvgPoolGrad] = sc_nn,
    [OP_QuantDense] = sc_quant_dense, [OP_QuantConv2D] = sc_quant_conv,
};

/* The rule of n on target t. The rules ask mem_mcu_conv where the
 * Cortex-M kernels (runtime/mcu.c) differ. */
static ScratchFn rule_of(const IrNode *n, const MemTarget *t) {
  (void)t;
  if (n->kind != IR_NK_NODE) return NULL;
  if (n->op == IR_FUSION) return sc_fusion;
  return n->op < OP_COUNT ? scratch_rules[n->op] : NULL;
}

void op_scratch(const IrNode *n, const MemTarget *t, MemScratch *s) {
  memset(s, 0, sizeof *s);
  ScratchFn fn = rule_of(n, t);
  if (!fn || n->nin > MEM_SCRATCH_MAX - 2) return;
  ScratchArgs x;
  memset(&x, 0, sizeof x);
  x.n = n;
  x.t = t;
  x.nin = n->nin;
  for (int i = 0; i < n->nin; i++)
    if (!memplan_shape(n->in[i], &x.in[i])) return;
  if (!memplan_shape(n, &x.out)) return;
  if (n->op < OP_COUNT) ir_attrs_decode(n, &x.a);
  fn(&x, s);
}
