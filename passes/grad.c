/* grad.c — reverse-mode automatic differentiation on the graph IR: the
 * core (grad_append), the node builder (gb_*) and the gradient rules of
 * every non-nn primitive of ir/ops.def (the nn ones: grad_nn.c). See
 * grad.h for the contract.
 *
 * The core. Values of g are numbered: node i of g (before anything is
 * appended) is key i, param j of g is key n0 + j. A value is ACTIVE when it
 * depends on a wrt and carries a gradient (a float tensor; a tuple with a
 * float element): a wrt param/node, a Load of a wrt Parameter, or a node
 * with an active operand. A value is NEEDED when it is an out or an
 * operand of an active needed node. Nodes both active and needed are on a
 * path; they are visited in reverse node order, each with its accumulated
 * cotangent (several uses: Add, in the order the uses are visited, so the
 * result is deterministic), and call their op's rule. The gradient of a
 * wrt is its cotangent (the sum over its Loads for a Parameter), zeros
 * when nothing reached it.
 *
 * Structural ops on a path: Load passes its cotangent to its Parameter;
 * TupleGetItem(MakeTuple(a...), i) is a_i; TupleGetItem(r, i) of an If or
 * While r adds to the cotangent of r's element i; anything else (Fusion,
 * Assign, TupleGetItem of another tuple) fails with a message.
 *
 * Control flow (issue 16):
 *   If(c, @T, @E, a...)   the backward is If(c, @T', @E', a..., dy...):
 *                         T' recomputes T's nodes from a... and appends
 *                         their backward (grad_append on T' itself), so
 *                         only the taken branch runs, forward and back;
 *                         it returns the cotangents of the a's that need
 *                         one.
 *   While(@c, @b, s...)   the forward loop is rewritten in place to save
 *                         the state at each iteration: an iteration
 *                         counter and, per state value that changes, a
 *                         stack [N, shape...] written at the counter
 *                         (TensorScatterUpdate); the node gets the
 *                         attribute max_iterations: N (running more is a
 *                         run-time error in every backend, never a write
 *                         past the stack). N is the loop's compile-time
 *                         trip count (a counter from a constant, stepped
 *                         by a constant, compared with a constant by
 *                         Less/LessEqual) or rq->max_loop_iterations;
 *                         neither is an error at the loop. The backward
 *                         is a While that counts the iterations down: it
 *                         reads the state of iteration k from the stacks
 *                         (Gather), recomputes the body from it and runs
 *                         the body's backward (grad_append on the loop's
 *                         body graph), carrying the cotangent of the
 *                         state and summing the cotangents of the values
 *                         the body only reads (weights).
 *
 * Conventions (MindSpore's where they matter; the unit test checks the
 * formulas against finite differences away from kinks):
 *   - Abs'(0) = 0 (sign), ReLU'(0) = 0 (x > 0);
 *   - Maximum/Minimum: ties split the gradient half/half between the two
 *     operands (MindSpore's CPU MaximumGrad/MinimumGrad kernels: dx += dout/2,
 *     dy += dout/2 when x == y; PyTorch does the same);
 *   - ReduceMax/ReduceMin: the gradient is shared equally among the tied
 *     extrema (MindSpore's _min_or_max_grad: indicators / (num_selected +
 *     1e-24));
 *   - GeLU is the erf form (runtime/kernels.c gelu): 0.5(1+erf(x/√2)) +
 *     x·exp(-x²/2)/√(2π);
 *   - Pow: d/dx = y·x^(y-1); d/dy = out·log(x) where x > 0, else 0;
 *   - ReduceProd: products of the other elements (exclusive cumulative
 *     products from both ends), exact with zeros;
 *   - CumProd: MindSpore's bprop, cumsum(out·dout, reverse)/x (inf/nan
 *     where x == 0, as MindSpore);
 *   - TensorScatterUpdate: updates get GatherNd(dout, indices) (for
 *     duplicate indices every duplicate gets it, as MindSpore's bprop);
 *   - StridedSlice: stride 1 pads with zeros (Concat); other strides scatter
 *     into zeros with constant indices (TensorScatterAdd) when the slice has
 *     at most 1<<16 elements, else "no gradient yet".
 * GRAD_ZERO: comparisons, logical and bitwise ops, FloorDiv, Sign, Floor,
 * Ceil, Trunc, Round, IsNan/IsInf/IsFinite, Argmax/Argmin, ReduceAll/Any,
 * OneHot, ArgSort and the creation ops. No primitive of this table is
 * GRAD_NONE: every float-valued op has a rule.
 */
#include "grad.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAXD MSRT_MAX_NDIM

struct GradB {
  IrModule *m;
  IrGraph *g;
  IrLoc loc;          /* of the forward node whose rule runs */
  GradError *err;
  bool failed;
  const bool *need;   /* per input of the running node, or NULL */
  int nneed;
};

IrModule *gb_module(GradB *b) { return b->m; }

bool gb_needs(const GradB *b, int i) {
  if (!b->need || i < 0 || i >= b->nneed) return true;
  return b->need[i];
}

bool gb_fail(GradB *b, const IrNode *n, const char *fmt, ...) {
  if (b->failed) return false;
  b->failed = true;
  if (b->err) {
    b->err->loc = n ? n->loc : b->loc;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->err->msg, sizeof b->err->msg, fmt, ap);
    va_end(ap);
  }
  return false;
}

/* ---- types ------------------------------------------------------------------ */

static bool dt_float(msrt_dtype dt) { return dt == MSRT_FLOAT16 || dt == MSRT_FLOAT32 || dt == MSRT_FLOAT64; }

/* The tensor type of a value (a Ref's tensor type; a scalar as 0-d). */
static IrType *tt(GradB *b, const IrNode *x) {
  IrType *t = x->type;
  if (t->kind == IR_T_TENSOR) return t;
  if (t->kind == IR_T_REF) return ir_type_deref(b->m, t);
  return ir_type_tensor(b->m, t->dt, 0, NULL);
}

static int64_t nelem(int nd, const int64_t *s) {
  int64_t k = 1;
  for (int i = 0; i < nd; i++) k *= s[i];
  return k;
}

static bool same_shape(int na, const int64_t *a, int nb, const int64_t *bb) {
  if (na != nb) return false;
  for (int i = 0; i < na; i++)
    if (a[i] != bb[i]) return false;
  return true;
}

static bool carries(const IrType *t) {
  if (!t) return false;
  if (t->kind == IR_T_TENSOR || t->kind == IR_T_REF) return dt_float(t->dt);
  if (t->kind == IR_T_TUPLE) {
    for (int i = 0; i < t->nelem; i++)
      if (carries(t->elem[i])) return true;
  }
  return false;
}

/* ---- constants ---------------------------------------------------------------- */

static void put_elem(msrt_dtype dt, void *data, size_t i, double v) {
  switch (dt) {
  case MSRT_BOOL: ((uint8_t *)data)[i] = v != 0; break;
  case MSRT_INT8: ((int8_t *)data)[i] = (int8_t)v; break;
  case MSRT_UINT8: ((uint8_t *)data)[i] = (uint8_t)v; break;
  case MSRT_INT16: ((int16_t *)data)[i] = (int16_t)v; break;
  case MSRT_INT32: ((int32_t *)data)[i] = (int32_t)v; break;
  case MSRT_INT64: ((int64_t *)data)[i] = (int64_t)v; break;
  case MSRT_FLOAT16: ((uint16_t *)data)[i] = ir_float_to_half((float)v); break;
  case MSRT_FLOAT32: ((float *)data)[i] = (float)v; break;
  case MSRT_FLOAT64: ((double *)data)[i] = v; break;
  case MSRT_UINT16: ((uint16_t *)data)[i] = (uint16_t)v; break;
  case MSRT_UINT32: ((uint32_t *)data)[i] = (uint32_t)v; break;
  case MSRT_UINT64: ((uint64_t *)data)[i] = (uint64_t)v; break;
  default: break;
  }
}

static IrNode *const_filled(GradB *b, msrt_dtype dt, int nd, const int64_t *shape, double v) {
  int64_t k = nelem(nd, shape);
  size_t es = msrt_dtype_size(dt);
  void *data = xcalloc((size_t)(k > 0 ? k : 1), es);
  for (int64_t i = 0; i < k; i++) put_elem(dt, data, (size_t)i, v);
  IrNode *c = ir_const_tensor(b->m, dt, nd, shape, data);
  free(data);
  return c;
}

IrNode *gb_scalar(GradB *b, msrt_dtype dt, double v) { return const_filled(b, dt, 0, NULL, v); }

IrNode *gb_full(GradB *b, const IrType *t0, double v) {
  const IrType *t = t0->kind == IR_T_TENSOR ? t0 : ir_type_deref(b->m, (IrType *)t0);
  int nd = t->kind == IR_T_TENSOR || t->kind == IR_T_REF ? t->ndim : 0;
  if (nelem(nd, t->shape) <= 64) return const_filled(b, t->dt, nd, t->shape, v);
  IrNode *n = gb_prim(b, OP_Fill, 0, NULL, ir_type_tensor(b->m, t->dt, nd, t->shape));
  ir_attr_ints(n, "shape", nd, t->shape);
  ir_attr_dtype(n, "dtype", t->dt);
  if (v == floor(v) && fabs(v) < 9e15) ir_attr_int(n, "value", (int64_t)v);
  else ir_attr_float(n, "value", v);
  return n;
}

IrNode *gb_zeros(GradB *b, const IrType *t) { return gb_full(b, t, 0); }

/* A scalar constant of v's compute dtype: 0-d tensor constants for IR
 * scalar constants (so the gb_* type rules see tensors). */
static IrNode *tensorize(GradB *b, IrNode *v, msrt_dtype dt) {
  if (v->kind == IR_NK_CONST && v->cst.kind == IR_C_SCALAR)
    return gb_scalar(b, dt, dt_float(v->type->dt) ? v->cst.f : (double)v->cst.i);
  return v;
}

/* ---- builder ------------------------------------------------------------------ */

IrNode *gb_prim(GradB *b, int op, int nin, IrNode *const *in, IrType *t) {
  return ir_node(b->g, op, nin, in, t, b->loc);
}

IrNode *gb_unop(GradB *b, int op, IrNode *x) {
  IrType *t = tt(b, x);
  if (op < OP_COUNT && op_info[op].group == OPG_UNARY_B) t = ir_type_tensor(b->m, MSRT_BOOL, t->ndim, t->shape);
  return gb_prim(b, op, 1, &x, t);
}

IrNode *gb_binop(GradB *b, int op, IrNode *x, IrNode *y) {
  IrType *a = tt(b, x), *c = tt(b, y);
  int nd;
  int64_t shp[MAXD];
  if (!shape_broadcast(a->ndim, a->shape, c->ndim, c->shape, &nd, shp)) {
    gb_fail(b, NULL, "internal error: gradient operands of %s do not broadcast", op_info[op].name);
    nd = a->ndim;
    memcpy(shp, a->shape, sizeof(int64_t) * (size_t)nd);
  }
  msrt_dtype dt = op_info[op].group == OPG_COMPARE ? MSRT_BOOL : a->dt;
  IrNode *in[2] = {x, y};
  return gb_prim(b, op, 2, in, ir_type_tensor(b->m, dt, nd, shp));
}

IrNode *gb_select(GradB *b, IrNode *c, IrNode *x, IrNode *y) {
  IrType *tc = tt(b, c), *tx = tt(b, x), *ty = tt(b, y);
  int nd, nd2;
  int64_t s1[MAXD], s2[MAXD];
  if (!shape_broadcast(tc->ndim, tc->shape, tx->ndim, tx->shape, &nd, s1) ||
      !shape_broadcast(nd, s1, ty->ndim, ty->shape, &nd2, s2)) {
    gb_fail(b, NULL, "internal error: Select operands do not broadcast");
    nd2 = tx->ndim;
    memcpy(s2, tx->shape, sizeof(int64_t) * (size_t)nd2);
  }
  if (tc->dt != MSRT_BOOL) c = gb_cast(b, c, MSRT_BOOL);
  IrNode *in[3] = {c, x, y};
  return gb_prim(b, OP_Select, 3, in, ir_type_tensor(b->m, tx->dt, nd2, s2));
}

IrNode *gb_cast(GradB *b, IrNode *x, msrt_dtype dt) {
  IrType *t = tt(b, x);
  if (t->dt == dt && x->type->kind == IR_T_TENSOR) return x;
  if (x->kind == IR_NK_CONST && x->cst.kind == IR_C_SCALAR) return tensorize(b, x, dt);
  IrNode *n = gb_prim(b, OP_Cast, 1, &x, ir_type_tensor(b->m, dt, t->ndim, t->shape));
  ir_attr_dtype(n, "dtype", dt);
  return n;
}

IrNode *gb_reshape(GradB *b, IrNode *x, int ndim, const int64_t *shape) {
  IrType *t = tt(b, x);
  if (same_shape(t->ndim, t->shape, ndim, shape) && x->type->kind == IR_T_TENSOR) return x;
  IrNode *n = gb_prim(b, OP_Reshape, 1, &x, ir_type_tensor(b->m, t->dt, ndim, shape));
  ir_attr_ints(n, "shape", ndim, shape);
  return n;
}

IrNode *gb_transpose(GradB *b, IrNode *x, const int64_t *perm) {
  IrType *t = tt(b, x);
  bool id = true;
  int64_t shp[MAXD];
  for (int i = 0; i < t->ndim; i++) {
    if (perm[i] != i) id = false;
    shp[i] = t->shape[perm[i]];
  }
  if (id) return x;
  IrNode *n = gb_prim(b, OP_Transpose, 1, &x, ir_type_tensor(b->m, t->dt, t->ndim, shp));
  ir_attr_ints(n, "perm", t->ndim, perm);
  return n;
}

IrNode *gb_broadcast_to(GradB *b, IrNode *x, int ndim, const int64_t *shape) {
  IrType *t = tt(b, x);
  if (same_shape(t->ndim, t->shape, ndim, shape) && x->type->kind == IR_T_TENSOR) return x;
  IrNode *n = gb_prim(b, OP_BroadcastTo, 1, &x, ir_type_tensor(b->m, t->dt, ndim, shape));
  ir_attr_ints(n, "shape", ndim, shape);
  return n;
}

IrNode *gb_reduce_sum(GradB *b, IrNode *x, int naxis, const int64_t *axes, bool keep) {
  IrType *t = tt(b, x);
  if (naxis == 0) return x;
  uint32_t m = 0;
  for (int i = 0; i < naxis; i++) m |= 1u << axes[i];
  int nd = 0;
  int64_t shp[MAXD];
  for (int i = 0; i < t->ndim; i++) {
    if (m & (1u << i)) {
      if (keep) shp[nd++] = 1;
    } else {
      shp[nd++] = t->shape[i];
    }
  }
  int64_t ax[MAXD];
  int k = 0;
  for (int i = 0; i < t->ndim; i++)
    if (m & (1u << i)) ax[k++] = i;
  IrNode *n = gb_prim(b, OP_ReduceSum, 1, &x, ir_type_tensor(b->m, t->dt, nd, shp));
  ir_attr_ints(n, "axis", k, ax);
  if (keep) ir_attr_bool(n, "keep_dims", true);
  return n;
}

IrNode *gb_unbroadcast(GradB *b, IrNode *dy, const IrType *to0) {
  const IrType *to = to0->kind == IR_T_TENSOR ? to0 : tt(b, &(IrNode){.type = (IrType *)to0});
  IrType *t = tt(b, dy);
  if (!same_shape(t->ndim, t->shape, to->ndim, to->shape)) {
    int lead = t->ndim - to->ndim;
    int64_t ax[MAXD];
    int k = 0;
    if (lead < 0) {
      gb_fail(b, NULL, "internal error: a gradient has fewer dimensions than its operand");
      return dy;
    }
    for (int i = 0; i < t->ndim; i++)
      if (i < lead || (to->shape[i - lead] == 1 && t->shape[i] != 1)) ax[k++] = i;
    IrNode *s = gb_reduce_sum(b, dy, k, ax, false);
    dy = gb_reshape(b, s, to->ndim, to->shape);
    if (nelem(tt(b, dy)->ndim, tt(b, dy)->shape) != nelem(to->ndim, to->shape))
      gb_fail(b, NULL, "internal error: a gradient does not reduce to its operand's shape");
  }
  return gb_cast(b, dy, to->dt);
}

IrNode *gb_matmul(GradB *b, IrNode *x, IrNode *y, bool ta, bool tb) {
  IrType *a = tt(b, x), *c = tt(b, y);
  int64_t m = ta ? a->shape[a->ndim - 1] : a->shape[a->ndim - 2];
  int64_t n = tb ? c->shape[c->ndim - 2] : c->shape[c->ndim - 1];
  int64_t shp[MAXD];
  int nd;
  if (!shape_broadcast(a->ndim - 2, a->shape, c->ndim - 2, c->shape, &nd, shp)) {
    gb_fail(b, NULL, "internal error: matmul batch dimensions do not broadcast");
    nd = 0;
  }
  shp[nd++] = m;
  shp[nd++] = n;
  IrNode *in[2] = {x, y};
  int op = a->ndim == 2 && c->ndim == 2 ? OP_MatMul : OP_BatchMatMul;
  IrNode *r = gb_prim(b, op, 2, in, ir_type_tensor(b->m, a->dt, nd, shp));
  if (ta) ir_attr_bool(r, "transpose_a", true);
  if (tb) ir_attr_bool(r, "transpose_b", true);
  return r;
}

IrNode *gb_concat(GradB *b, int n, IrNode *const *x, int axis) {
  if (n == 1) return x[0];
  IrType *t0 = tt(b, x[0]);
  int64_t shp[MAXD];
  memcpy(shp, t0->shape, sizeof(int64_t) * (size_t)t0->ndim);
  for (int i = 1; i < n; i++) shp[axis] += tt(b, x[i])->shape[axis];
  IrNode *r = gb_prim(b, OP_Concat, n, x, ir_type_tensor(b->m, t0->dt, t0->ndim, shp));
  ir_attr_int(r, "axis", axis);
  return r;
}

static int64_t slice_count(int64_t start, int64_t stop, int64_t step) {
  if (step > 0) return start < stop ? (stop - start - 1) / step + 1 : 0;
  return start > stop ? (start - stop - 1) / (-step) + 1 : 0;
}

IrNode *gb_slice(GradB *b, IrNode *x, const int64_t *begin, const int64_t *end, const int64_t *strides) {
  IrType *t = tt(b, x);
  int64_t shp[MAXD];
  bool full = true;
  for (int i = 0; i < t->ndim; i++) {
    shp[i] = slice_count(begin[i], end[i], strides[i]);
    if (shp[i] != t->shape[i] || strides[i] != 1) full = false;
  }
  if (full) return x;
  IrNode *r = gb_prim(b, OP_StridedSlice, 1, &x, ir_type_tensor(b->m, t->dt, t->ndim, shp));
  ir_attr_ints(r, "begin", t->ndim, begin);
  ir_attr_ints(r, "end", t->ndim, end);
  ir_attr_ints(r, "strides", t->ndim, strides);
  return r;
}

/* ---- rule helpers ------------------------------------------------------------ */

/* Operand i of n as a tensor of n's result dtype (elementwise rules). */
static IrNode *opnd(GradB *b, IrNode *n, int i) {
  msrt_dtype dt = n->type->dt;
  IrNode *x = tensorize(b, n->in[i], dt);
  if (tt(b, x)->dt != dt && dt_float(dt)) x = gb_cast(b, x, dt);
  return x;
}

static IrNode *sc(GradB *b, IrNode *like, double v) { return gb_scalar(b, tt(b, like)->dt, v); }
static IrNode *mul(GradB *b, IrNode *x, IrNode *y) { return gb_binop(b, OP_Mul, x, y); }
static IrNode *add(GradB *b, IrNode *x, IrNode *y) { return gb_binop(b, OP_Add, x, y); }
static IrNode *sub(GradB *b, IrNode *x, IrNode *y) { return gb_binop(b, OP_Sub, x, y); }
static IrNode *divv(GradB *b, IrNode *x, IrNode *y) { return gb_binop(b, OP_RealDiv, x, y); }
static IrNode *neg(GradB *b, IrNode *x) { return gb_unop(b, OP_Neg, x); }
static IrNode *mulc(GradB *b, IrNode *x, double c) { return mul(b, x, sc(b, x, c)); }

/* dx[i] = unbroadcast(v, operand i) when input i needs a gradient. */
static void set_dx(GradB *b, IrNode *n, IrNode **dx, int i, IrNode *v) {
  if (v) dx[i] = gb_unbroadcast(b, v, tt(b, n->in[i]));
}

static int64_t norm_ax(int64_t ax, int nd) { return ax < 0 ? ax + nd : ax; }

/* The reduced axes of a reduction node (sorted, non-negative). */
static int reduce_axes(GradB *b, const IrNode *n, int64_t *axes) {
  Attrs a;
  ir_attrs_decode(n, &a);
  int nd = tt(b, n->in[0])->ndim;
  uint32_t m = 0;
  if (!a.has_axis) m = nd ? (1u << nd) - 1 : 0;
  else
    for (int i = 0; i < a.naxis; i++) {
      if (nd == 0) continue;
      m |= 1u << norm_ax(a.axis[i], nd);
    }
  int k = 0;
  for (int i = 0; i < nd; i++)
    if (m & (1u << i)) axes[k++] = i;
  return k;
}

/* x's shape with the axes set to 1 (keep_dims form). */
static void keep_shape(const IrType *x, int k, const int64_t *axes, int64_t *shp) {
  memcpy(shp, x->shape, sizeof(int64_t) * (size_t)x->ndim);
  for (int i = 0; i < k; i++) shp[axes[i]] = 1;
}

static int one_axis(const IrNode *n, int64_t dflt, int nd) {
  Attrs a;
  ir_attrs_decode(n, &a);
  return (int)norm_ax(a.has_axis ? a.axis[0] : dflt, nd);
}

/* ---- rules: elementwise binary --------------------------------------------- */

#define RULE(name) static bool name(GradB *b, IrNode *n, IrNode *dy, IrNode **dx)

RULE(r_add) {
  (void)b;
  set_dx(b, n, dx, 0, gb_needs(b, 0) ? dy : NULL);
  set_dx(b, n, dx, 1, gb_needs(b, 1) ? dy : NULL);
  return true;
}

RULE(r_sub) {
  if (gb_needs(b, 0)) set_dx(b, n, dx, 0, dy);
  if (gb_needs(b, 1)) set_dx(b, n, dx, 1, neg(b, dy));
  return true;
}

RULE(r_mul) {
  if (gb_needs(b, 0)) set_dx(b, n, dx, 0, mul(b, dy, opnd(b, n, 1)));
  if (gb_needs(b, 1)) set_dx(b, n, dx, 1, mul(b, dy, opnd(b, n, 0)));
  return true;
}

RULE(r_div) {
  IrNode *y = opnd(b, n, 1);
  if (gb_needs(b, 0)) set_dx(b, n, dx, 0, divv(b, dy, y));
  if (gb_needs(b, 1)) set_dx(b, n, dx, 1, neg(b, divv(b, mul(b, dy, n), y)));
  return true;
}

RULE(r_floormod) { /* x - floor(x / y) * y */
  if (gb_needs(b, 0)) set_dx(b, n, dx, 0, dy);
  if (gb_needs(b, 1)) set_dx(b, n, dx, 1, neg(b, mul(b, dy, gb_binop(b, OP_FloorDiv, opnd(b, n, 0), opnd(b, n, 1)))));
  return true;
}

RULE(r_pow) {
  IrNode *x = opnd(b, n, 0), *y = opnd(b, n, 1);
  if (gb_needs(b, 0)) {
    IrNode *p = gb_binop(b, OP_Pow, x, sub(b, y, sc(b, y, 1)));
    set_dx(b, n, dx, 0, mul(b, dy, mul(b, y, p)));
  }
  if (gb_needs(b, 1)) {
    IrNode *pos = gb_binop(b, OP_Greater, x, sc(b, x, 0));
    IrNode *lg = gb_select(b, pos, gb_unop(b, OP_Log, gb_select(b, pos, x, sc(b, x, 1))), sc(b, x, 0));
    set_dx(b, n, dx, 1, mul(b, dy, mul(b, n, lg)));
  }
  return true;
}

/* Maximum/Minimum: the winner gets dy, ties split it half/half. */
static bool minmax(GradB *b, IrNode *n, IrNode *dy, IrNode **dx, int strict, int loose) {
  IrNode *x = opnd(b, n, 0), *y = opnd(b, n, 1);
  msrt_dtype dt = n->type->dt;
  IrNode *w = mulc(b, add(b, gb_cast(b, gb_binop(b, strict, x, y), dt), gb_cast(b, gb_binop(b, loose, x, y), dt)), 0.5);
  if (gb_needs(b, 0)) set_dx(b, n, dx, 0, mul(b, dy, w));
  if (gb_needs(b, 1)) set_dx(b, n, dx, 1, mul(b, dy, sub(b, sc(b, w, 1), w)));
  return true;
}

RULE(r_maximum) { return minmax(b, n, dy, dx, OP_Greater, OP_GreaterEqual); }
RULE(r_minimum) { return minmax(b, n, dy, dx, OP_Less, OP_LessEqual); }

RULE(r_atan2) { /* atan2(a, c): da = c / (a² + c²), dc = -a / (a² + c²) */
  IrNode *a = opnd(b, n, 0), *c = opnd(b, n, 1);
  IrNode *den = add(b, mul(b, a, a), mul(b, c, c));
  IrNode *g = divv(b, dy, den);
  if (gb_needs(b, 0)) set_dx(b, n, dx, 0, mul(b, g, c));
  if (gb_needs(b, 1)) set_dx(b, n, dx, 1, neg(b, mul(b, g, a)));
  return true;
}

/* ---- rules: elementwise unary ---------------------------------------------- */

#define UNARY(name, expr)                      \
  RULE(name) {                                 \
    IrNode *x = opnd(b, n, 0);                 \
    (void)x;                                   \
    set_dx(b, n, dx, 0, (expr));               \
    return true;                               \
  }

UNARY(r_neg, neg(b, dy))
UNARY(r_abs, mul(b, dy, gb_unop(b, OP_Sign, x)))
UNARY(r_square, mul(b, dy, mulc(b, x, 2)))
/* ReLU' from the output: sign(relu(x)) is 1 where x > 0 and 0 elsewhere
 * (ReLU'(0) = 0), so the pre-activation need not stay alive for the
 * backward (MatMul + BiasAdd + ReLU then fuse into one epilogue) and the
 * mask fuses with its neighbours into one loop. A NaN input gives NaN
 * (MindSpore's ReluGrad gives 0 there). */
UNARY(r_relu, mul(b, dy, gb_unop(b, OP_Sign, n)))
UNARY(r_sqrt, divv(b, mulc(b, dy, 0.5), n))
UNARY(r_rsqrt, mul(b, mulc(b, dy, -0.5), mul(b, n, mul(b, n, n))))
UNARY(r_reciprocal, neg(b, mul(b, dy, mul(b, n, n))))
UNARY(r_exp, mul(b, dy, n))
UNARY(r_expm1, mul(b, dy, add(b, n, sc(b, n, 1))))
UNARY(r_log, divv(b, dy, x))
UNARY(r_log1p, divv(b, dy, add(b, x, sc(b, x, 1))))
UNARY(r_sin, mul(b, dy, gb_unop(b, OP_Cos, x)))
UNARY(r_cos, neg(b, mul(b, dy, gb_unop(b, OP_Sin, x))))
UNARY(r_tan, mul(b, dy, add(b, sc(b, n, 1), mul(b, n, n))))
UNARY(r_tanh, mul(b, dy, sub(b, sc(b, n, 1), mul(b, n, n))))
UNARY(r_sigmoid, mul(b, dy, mul(b, n, sub(b, sc(b, n, 1), n))))
UNARY(r_softplus, mul(b, dy, gb_unop(b, OP_Sigmoid, x)))
UNARY(r_erf, mul(b, mulc(b, dy, 1.12837916709551257390), gb_unop(b, OP_Exp, neg(b, mul(b, x, x)))))
/* erfc' = -2/sqrt(pi) exp(-x^2) */
UNARY(r_erfc, mul(b, mulc(b, dy, -1.12837916709551257390), gb_unop(b, OP_Exp, neg(b, mul(b, x, x)))))

RULE(r_gelu) {
  IrNode *x = opnd(b, n, 0);
  IrNode *cdf = add(b, sc(b, x, 0.5), mulc(b, gb_unop(b, OP_Erf, mulc(b, x, 0.70710678118654752440)), 0.5));
  IrNode *pdf = mulc(b, gb_unop(b, OP_Exp, mulc(b, mul(b, x, x), -0.5)), 0.39894228040143267794);
  set_dx(b, n, dx, 0, mul(b, dy, add(b, cdf, mul(b, x, pdf))));
  return true;
}

RULE(r_silu) { /* s (1 + x (1 - s)) */
  IrNode *x = opnd(b, n, 0);
  IrNode *s = gb_unop(b, OP_Sigmoid, x);
  IrNode *d = mul(b, s, add(b, sc(b, x, 1), mul(b, x, sub(b, sc(b, s, 1), s))));
  set_dx(b, n, dx, 0, mul(b, dy, d));
  return true;
}

/* MindSpore's HSwishGrad: 0 where x + 3 <= 0, 1 where x >= 3, else (2x + 3) / 6 */
RULE(r_hswish) {
  IrNode *x = opnd(b, n, 0);
  IrNode *lo = gb_binop(b, OP_LessEqual, add(b, x, sc(b, x, 3)), sc(b, x, 0));
  IrNode *hi = gb_binop(b, OP_GreaterEqual, x, sc(b, x, 3));
  IrNode *mid = divv(b, add(b, mulc(b, x, 2), sc(b, x, 3)), sc(b, x, 6));
  IrNode *d = gb_select(b, lo, sc(b, x, 0), gb_select(b, hi, sc(b, x, 1), mid));
  set_dx(b, n, dx, 0, mul(b, dy, d));
  return true;
}

/* MindSpore's HSigmoidGrad: 1/6 where -3 < x < 3, else 0 */
RULE(r_hsigmoid) {
  IrNode *x = opnd(b, n, 0);
  IrNode *out = gb_binop(b, OP_LogicalOr, gb_binop(b, OP_LessEqual, add(b, x, sc(b, x, 3)), sc(b, x, 0)),
                         gb_binop(b, OP_GreaterEqual, x, sc(b, x, 3)));
  IrNode *d = gb_select(b, out, sc(b, x, 0), divv(b, dy, sc(b, x, 6)));
  set_dx(b, n, dx, 0, d);
  return true;
}

/* softsign' = 1 / (1 + |x|)^2 */
RULE(r_softsign) {
  IrNode *x = opnd(b, n, 0);
  IrNode *d = add(b, sc(b, x, 1), gb_unop(b, OP_Abs, x));
  set_dx(b, n, dx, 0, divv(b, dy, mul(b, d, d)));
  return true;
}

/* selu' = scale for x > 0, else scale * alpha * exp(x) */
RULE(r_selu) {
  IrNode *x = opnd(b, n, 0);
  IrNode *d = gb_select(b, gb_binop(b, OP_Greater, x, sc(b, x, 0)), sc(b, x, 1.0507009873554804934),
                        mulc(b, gb_unop(b, OP_Exp, x), 1.7580993408473768599));
  set_dx(b, n, dx, 0, mul(b, dy, d));
  return true;
}

/* mish' = t + x sigmoid(x) (1 - t^2), t = tanh(softplus(x)) */
RULE(r_mish) {
  IrNode *x = opnd(b, n, 0);
  IrNode *t = gb_unop(b, OP_Tanh, gb_unop(b, OP_Softplus, x));
  IrNode *d = add(b, t, mul(b, mul(b, x, gb_unop(b, OP_Sigmoid, x)), sub(b, sc(b, x, 1), mul(b, t, t))));
  set_dx(b, n, dx, 0, mul(b, dy, d));
  return true;
}

/* log(sigmoid(x))' = sigmoid(-x) */
UNARY(r_logsigmoid, mul(b, dy, gb_unop(b, OP_Sigmoid, neg(b, x))))

RULE(r_identity) {
  (void)n;
  set_dx(b, n, dx, 0, dy);
  return true;
}

RULE(r_cast) {
  IrType *t = tt(b, n->in[0]);
  if (dt_float(t->dt)) dx[0] = gb_cast(b, dy, t->dt);
  return true;
}

/* ---- rules: linear algebra --------------------------------------------------- */

/* d/dx and d/dy of op(x) @ op(y) (op = transpose when ta/tb), x and y of
 * >= 2 dims; results unbroadcast to xt and yt. */
static void matmul_grads(GradB *b, IrNode *x, IrNode *y, IrNode *dy, bool ta, bool tb, bool nx, bool ny,
                         IrNode **gx, IrNode **gy, const IrType *xt, const IrType *yt) {
  IrNode *a = NULL, *c = NULL;
  if (!ta && !tb) {
    if (nx) a = gb_matmul(b, dy, y, false, true);
    if (ny) c = gb_matmul(b, x, dy, true, false);
  } else if (ta && !tb) {
    if (nx) a = gb_matmul(b, y, dy, false, true);
    if (ny) c = gb_matmul(b, x, dy, false, false);
  } else if (!ta && tb) {
    if (nx) a = gb_matmul(b, dy, y, false, false);
    if (ny) c = gb_matmul(b, dy, x, true, false);
  } else {
    if (nx) a = gb_matmul(b, y, dy, true, true);
    if (ny) c = gb_matmul(b, dy, x, true, true);
  }
  *gx = a ? gb_unbroadcast(b, a, xt) : NULL;
  *gy = c ? gb_unbroadcast(b, c, yt) : NULL;
}

RULE(r_matmul) {
  Attrs a;
  ir_attrs_decode(n, &a);
  IrNode *x = n->in[0], *y = n->in[1];
  msrt_dtype dt = n->type->dt;
  x = gb_cast(b, x, dt);
  y = gb_cast(b, y, dt);
  IrNode *gx, *gy;
  matmul_grads(b, x, y, dy, a.transpose_a, a.transpose_b, gb_needs(b, 0), gb_needs(b, 1), &gx, &gy,
               tt(b, n->in[0]), tt(b, n->in[1]));
  dx[0] = gx;
  dx[1] = gy;
  return true;
}

RULE(r_matmul_ext) { /* numpy's matmul: 1-D operands promoted */
  msrt_dtype dt = n->type->dt;
  IrNode *x = gb_cast(b, n->in[0], dt), *y = gb_cast(b, n->in[1], dt);
  IrType *xt = tt(b, x), *yt = tt(b, y);
  IrNode *xp = x, *yp = y;
  if (xt->ndim == 1) xp = gb_reshape(b, x, 2, (int64_t[]){1, xt->shape[0]});
  if (yt->ndim == 1) yp = gb_reshape(b, y, 2, (int64_t[]){yt->shape[0], 1});
  IrType *dyt = tt(b, dy);
  int64_t shp[MAXD];
  int nd = dyt->ndim;
  memcpy(shp, dyt->shape, sizeof(int64_t) * (size_t)nd);
  if (xt->ndim == 1 && yt->ndim == 1) nd = 0;
  if (xt->ndim == 1) { /* m = 1 before the last dim (or at the end if y is 1-D too) */
    if (yt->ndim == 1) shp[nd++] = 1;
    else {
      shp[nd] = shp[nd - 1];
      shp[nd - 1] = 1;
      nd++;
    }
  }
  if (yt->ndim == 1) shp[nd++] = 1;
  IrNode *dyp = gb_reshape(b, dy, nd, shp);
  IrNode *gx, *gy;
  matmul_grads(b, xp, yp, dyp, false, false, gb_needs(b, 0), gb_needs(b, 1), &gx, &gy, tt(b, xp), tt(b, yp));
  if (gx) dx[0] = gb_unbroadcast(b, gb_reshape(b, gx, xt->ndim, xt->shape), tt(b, n->in[0]));
  if (gy) dx[1] = gb_unbroadcast(b, gb_reshape(b, gy, yt->ndim, yt->shape), tt(b, n->in[1]));
  return true;
}

RULE(r_biasadd) {
  if (gb_needs(b, 0)) set_dx(b, n, dx, 0, dy);
  if (gb_needs(b, 1)) {
    IrType *t = tt(b, dy);
    int64_t ax[MAXD];
    int k = 0;
    for (int i = 0; i < t->ndim; i++)
      if (i != 1) ax[k++] = i;
    set_dx(b, n, dx, 1, gb_reduce_sum(b, dy, k, ax, false));
  }
  return true;
}

/* ---- rules: reductions ------------------------------------------------------- */

/* dy of a reduction over axes, broadcast back to x's shape. */
static IrNode *unreduce(GradB *b, IrNode *dy, const IrType *x, int k, const int64_t *axes) {
  int64_t ks[MAXD];
  keep_shape(x, k, axes, ks);
  return gb_broadcast_to(b, gb_reshape(b, dy, x->ndim, ks), x->ndim, x->shape);
}

RULE(r_reduce_sum) {
  int64_t axes[MAXD];
  int k = reduce_axes(b, n, axes);
  IrType *x = tt(b, n->in[0]);
  set_dx(b, n, dx, 0, unreduce(b, gb_cast(b, dy, x->dt), x, k, axes));
  return true;
}

RULE(r_reduce_mean) {
  int64_t axes[MAXD];
  int k = reduce_axes(b, n, axes);
  IrType *x = tt(b, n->in[0]);
  int64_t cnt = 1;
  for (int i = 0; i < k; i++) cnt *= x->shape[axes[i]];
  IrNode *d = mulc(b, dy, cnt ? 1.0 / (double)cnt : NAN);
  set_dx(b, n, dx, 0, unreduce(b, gb_cast(b, d, x->dt), x, k, axes));
  return true;
}

RULE(r_reduce_minmax) { /* ties share the gradient equally */
  int64_t axes[MAXD], ks[MAXD];
  int k = reduce_axes(b, n, axes);
  IrNode *x = n->in[0];
  IrType *xt = tt(b, x);
  keep_shape(xt, k, axes, ks);
  IrNode *outk = gb_reshape(b, n, xt->ndim, ks);
  IrNode *mask = gb_cast(b, gb_binop(b, OP_Equal, x, outk), xt->dt);
  /* + 1e-24 as MindSpore's _min_or_max_grad: a nan extremum matches nothing and gets 0, not 0/0 */
  IrNode *cnt = add(b, gb_reduce_sum(b, mask, k, axes, true), sc(b, mask, 1e-24));
  IrNode *g = mul(b, divv(b, mask, cnt), gb_reshape(b, gb_cast(b, dy, xt->dt), xt->ndim, ks));
  set_dx(b, n, dx, 0, g);
  return true;
}

static IrNode *cumulative(GradB *b, int op, IrNode *x, int axis, bool exclusive, bool reverse) {
  IrNode *r = gb_prim(b, op, 1, &x, tt(b, x));
  ir_attr_int(r, "axis", axis);
  if (exclusive) ir_attr_bool(r, "exclusive", true);
  if (reverse) ir_attr_bool(r, "reverse", true);
  return r;
}

RULE(r_reduce_prod) { /* product of the other elements: exclusive cumprods from both ends */
  int64_t axes[MAXD];
  int k = reduce_axes(b, n, axes);
  IrNode *x = n->in[0];
  IrType *xt = tt(b, x);
  if (!dt_float(xt->dt)) return true;
  int64_t perm[MAXD], inv[MAXD], tshape[MAXD];
  uint32_t m = 0;
  for (int i = 0; i < k; i++) m |= 1u << axes[i];
  int j = 0;
  int64_t outer = 1, r = 1;
  for (int i = 0; i < xt->ndim; i++)
    if (!(m & (1u << i))) {
      perm[j++] = i;
      outer *= xt->shape[i];
    }
  for (int i = 0; i < xt->ndim; i++)
    if (m & (1u << i)) {
      perm[j++] = i;
      r *= xt->shape[i];
    }
  for (int i = 0; i < xt->ndim; i++) {
    inv[perm[i]] = i;
    tshape[i] = xt->shape[perm[i]];
  }
  IrNode *x2 = gb_reshape(b, gb_transpose(b, x, perm), 2, (int64_t[]){outer, r});
  IrNode *left = cumulative(b, OP_CumProd, x2, 1, true, false);
  IrNode *right = cumulative(b, OP_CumProd, x2, 1, true, true);
  IrNode *d2 = gb_reshape(b, gb_cast(b, dy, xt->dt), 2, (int64_t[]){outer, 1});
  IrNode *g = mul(b, mul(b, left, right), d2);
  g = gb_transpose(b, gb_reshape(b, g, xt->ndim, tshape), inv);
  set_dx(b, n, dx, 0, g);
  return true;
}

RULE(r_softmax) {
  int ax = one_axis(n, -1, n->type->ndim);
  IrNode *s = gb_reduce_sum(b, mul(b, dy, n), 1, (int64_t[]){ax}, true);
  set_dx(b, n, dx, 0, mul(b, n, sub(b, dy, s)));
  return true;
}

RULE(r_log_softmax) {
  int ax = one_axis(n, -1, n->type->ndim);
  IrNode *s = gb_reduce_sum(b, dy, 1, (int64_t[]){ax}, true);
  set_dx(b, n, dx, 0, sub(b, dy, mul(b, gb_unop(b, OP_Exp, n), s)));
  return true;
}

RULE(r_cumsum) {
  Attrs a;
  ir_attrs_decode(n, &a);
  int ax = (int)norm_ax(a.axis[0], n->type->ndim);
  set_dx(b, n, dx, 0, cumulative(b, OP_CumSum, dy, ax, a.exclusive, !a.reverse));
  return true;
}

RULE(r_cumprod) { /* MindSpore's bprop: cumsum(out * dout, reverse) / x */
  Attrs a;
  ir_attrs_decode(n, &a);
  int ax = (int)norm_ax(a.axis[0], n->type->ndim);
  IrNode *c = cumulative(b, OP_CumSum, mul(b, n, dy), ax, a.exclusive, !a.reverse);
  set_dx(b, n, dx, 0, divv(b, c, opnd(b, n, 0)));
  return true;
}

/* ---- rules: shapes ------------------------------------------------------------ */

RULE(r_reshape) { /* Reshape, Flatten, ExpandDims, Squeeze */
  IrType *x = tt(b, n->in[0]);
  set_dx(b, n, dx, 0, gb_reshape(b, dy, x->ndim, x->shape));
  return true;
}

RULE(r_transpose) {
  Attrs a;
  ir_attrs_decode(n, &a);
  int nd = n->type->ndim;
  int64_t perm[MAXD], inv[MAXD];
  for (int i = 0; i < nd; i++) perm[i] = a.has_axis ? norm_ax(a.axis[i], nd) : nd - 1 - i;
  for (int i = 0; i < nd; i++) inv[perm[i]] = i;
  set_dx(b, n, dx, 0, gb_transpose(b, dy, inv));
  return true;
}

RULE(r_broadcast_to) {
  set_dx(b, n, dx, 0, dy);
  return true;
}

RULE(r_concat) {
  int nd = n->type->ndim;
  int ax = one_axis(n, 0, nd);
  int64_t begin[MAXD], end[MAXD], st[MAXD];
  for (int d = 0; d < nd; d++) {
    begin[d] = 0;
    end[d] = n->type->shape[d];
    st[d] = 1;
  }
  int64_t off = 0;
  for (int i = 0; i < n->nin; i++) {
    int64_t len = tt(b, n->in[i])->shape[ax];
    if (gb_needs(b, i)) {
      begin[ax] = off;
      end[ax] = off + len;
      set_dx(b, n, dx, i, gb_slice(b, dy, begin, end, st));
    }
    off += len;
  }
  return true;
}

RULE(r_stack) {
  int nd = n->type->ndim;
  int ax = one_axis(n, 0, nd);
  int64_t begin[MAXD], end[MAXD], st[MAXD];
  for (int d = 0; d < nd; d++) {
    begin[d] = 0;
    end[d] = n->type->shape[d];
    st[d] = 1;
  }
  for (int i = 0; i < n->nin; i++) {
    if (!gb_needs(b, i)) continue;
    begin[ax] = i;
    end[ax] = i + 1;
    IrType *x = tt(b, n->in[i]);
    set_dx(b, n, dx, i, gb_reshape(b, gb_slice(b, dy, begin, end, st), x->ndim, x->shape));
  }
  return true;
}

RULE(r_tile) {
  Attrs a;
  ir_attrs_decode(n, &a);
  IrType *x = tt(b, n->in[0]);
  int nr = a.nmultiples, nd = nr > x->ndim ? nr : x->ndim;
  int64_t split[2 * MAXD], red[2 * MAXD];
  int ns = 0, nred = 0;
  for (int i = 0; i < nd; i++) {
    int xi = i - (nd - x->ndim), ri = i - (nd - nr);
    int64_t s = xi >= 0 ? x->shape[xi] : 1, r = ri >= 0 ? a.multiples[ri] : 1;
    if (r == 0) {
      set_dx(b, n, dx, 0, gb_zeros(b, x));
      return true;
    }
    if (r > 1) {
      red[nred++] = ns;
      split[ns++] = r;
    }
    if (s > 1 || r == 1) split[ns++] = s;
  }
  if (ns > MAXD) return gb_fail(b, n, "Tile with more than %d split dimensions has no gradient yet", MAXD);
  IrNode *g = gb_reduce_sum(b, gb_reshape(b, dy, ns, split), nred, red, false);
  set_dx(b, n, dx, 0, gb_reshape(b, g, x->ndim, x->shape));
  return true;
}

RULE(r_strided_slice) {
  Attrs a;
  ir_attrs_decode(n, &a);
  IrType *x = tt(b, n->in[0]);
  int nd = x->ndim;
  int64_t cnt[MAXD], beg[MAXD], stp[MAXD];
  bool unit = true;
  for (int d = 0; d < nd; d++) {
    if (a.shrink_mask & (1u << d)) {
      beg[d] = norm_ax(a.begin[d], (int)x->shape[d]);
      cnt[d] = 1;
      stp[d] = 1;
    } else {
      beg[d] = a.begin[d];
      stp[d] = a.strides[d];
      cnt[d] = slice_count(a.begin[d], a.end[d], a.strides[d]);
    }
    if (cnt[d] == 0) {
      set_dx(b, n, dx, 0, gb_zeros(b, x));
      return true;
    }
    if (cnt[d] == 1) stp[d] = 1;
    if (stp[d] != 1) unit = false;
  }
  IrNode *g = gb_reshape(b, gb_cast(b, dy, x->dt), nd, cnt);
  if (unit) {
    int64_t cur[MAXD];
    memcpy(cur, cnt, sizeof cur);
    for (int d = 0; d < nd; d++) {
      if (cnt[d] == x->shape[d]) continue;
      IrNode *parts[3];
      int np = 0;
      int64_t zs[MAXD];
      memcpy(zs, cur, sizeof zs);
      if (beg[d] > 0) {
        zs[d] = beg[d];
        parts[np++] = gb_zeros(b, ir_type_tensor(b->m, x->dt, nd, zs));
      }
      parts[np++] = g;
      int64_t after = x->shape[d] - beg[d] - cnt[d];
      if (after > 0) {
        zs[d] = after;
        parts[np++] = gb_zeros(b, ir_type_tensor(b->m, x->dt, nd, zs));
      }
      g = gb_concat(b, np, parts, d);
      cur[d] = x->shape[d];
    }
    dx[0] = g;
    return true;
  }
  int64_t total = nelem(nd, cnt);
  if (total > (1 << 16))
    return gb_fail(b, n, "StridedSlice with a stride other than 1 has no gradient yet (slices of more than %d "
                         "elements)", 1 << 16);
  int64_t *idx = xcalloc((size_t)(total * nd + 1), sizeof(int64_t));
  int64_t pos[MAXD] = {0};
  for (int64_t t = 0; t < total; t++) {
    for (int d = 0; d < nd; d++) idx[t * nd + d] = beg[d] + pos[d] * stp[d];
    for (int d = nd - 1; d >= 0; d--) {
      if (++pos[d] < cnt[d]) break;
      pos[d] = 0;
    }
  }
  IrNode *ic = ir_const_tensor(b->m, MSRT_INT64, 2, (int64_t[]){total, nd}, idx);
  free(idx);
  IrNode *u = gb_reshape(b, g, 1, &total);
  IrNode *in[3] = {gb_zeros(b, x), ic, u};
  dx[0] = gb_prim(b, OP_TensorScatterAdd, 3, in, x);
  return true;
}

/* ---- rules: selection, gather, scatter --------------------------------------- */

RULE(r_select) {
  IrNode *c = n->in[0];
  IrNode *z = sc(b, dy, 0);
  if (gb_needs(b, 1)) set_dx(b, n, dx, 1, gb_select(b, c, dy, z));
  if (gb_needs(b, 2)) set_dx(b, n, dx, 2, gb_select(b, c, z, dy));
  return true;
}

static IrNode *scatter_add(GradB *b, IrNode *x, IrNode *idx, IrNode *u, IrType *t) {
  IrNode *in[3] = {x, idx, u};
  return gb_prim(b, OP_TensorScatterAdd, 3, in, t);
}

RULE(r_gather) {
  if (!gb_needs(b, 0)) return true;
  IrType *x = tt(b, n->in[0]);
  IrNode *ix = n->in[1];
  IrType *it = tt(b, ix);
  int ax = one_axis(n, 0, x->ndim);
  int ki = it->ndim;
  IrNode *g = gb_cast(b, dy, x->dt);
  if (ki == 0) { /* a scalar index: the dim is gone from dy */
    ix = gb_reshape(b, ix, 1, (int64_t[]){1});
    int64_t shp[MAXD];
    for (int i = 0, j = 0; i < x->ndim; i++) shp[i] = i == ax ? 1 : tt(b, g)->shape[j++];
    g = gb_reshape(b, g, x->ndim, shp);
    ki = 1;
    it = tt(b, ix);
  }
  int64_t ishp[MAXD + 1];
  memcpy(ishp, it->shape, sizeof(int64_t) * (size_t)ki);
  ishp[ki] = 1;
  if (ki + 1 > MAXD) return gb_fail(b, n, "Gather with %d-D indices has no gradient yet", ki);
  IrNode *ix1 = gb_reshape(b, ix, ki + 1, ishp);
  /* move axis first in x, and the index dims first in dy */
  int64_t px[MAXD], pxinv[MAXD], pd[MAXD], xs[MAXD];
  int k = 0;
  px[k++] = ax;
  for (int i = 0; i < x->ndim; i++)
    if (i != ax) px[k++] = i;
  for (int i = 0; i < x->ndim; i++) {
    pxinv[px[i]] = i;
    xs[i] = x->shape[px[i]];
  }
  int gnd = tt(b, g)->ndim;
  k = 0;
  for (int i = 0; i < ki; i++) pd[k++] = ax + i;
  for (int i = 0; i < gnd; i++)
    if (i < ax || i >= ax + ki) pd[k++] = i;
  IrNode *gt = gb_transpose(b, g, pd);
  IrType *xtt = ir_type_tensor(b->m, x->dt, x->ndim, xs);
  IrNode *s = scatter_add(b, gb_zeros(b, xtt), ix1, gt, xtt);
  dx[0] = gb_transpose(b, s, pxinv);
  return true;
}

RULE(r_gather_d) {
  if (!gb_needs(b, 0)) return true;
  IrType *x = tt(b, n->in[0]);
  IrNode *ix = n->in[1];
  IrType *it = tt(b, ix);
  int nd = x->ndim;
  int ax = one_axis(n, 0, nd);
  if (nd + 1 > MAXD) return gb_fail(b, n, "GatherD of a %d-D tensor has no gradient yet", nd);
  int64_t cnt = nelem(it->ndim, it->shape);
  IrNode *coords[MAXD];
  int64_t *buf = xcalloc((size_t)(cnt + 1), sizeof(int64_t));
  for (int d = 0; d < nd; d++) {
    if (d == ax) {
      coords[d] = gb_cast(b, ix, MSRT_INT64);
      continue;
    }
    int64_t inner = 1;
    for (int i = d + 1; i < nd; i++) inner *= it->shape[i];
    for (int64_t e = 0; e < cnt; e++) buf[e] = (e / inner) % it->shape[d];
    coords[d] = ir_const_tensor(b->m, MSRT_INT64, it->ndim, it->shape, buf);
  }
  free(buf);
  int64_t cs[MAXD];
  memcpy(cs, it->shape, sizeof(int64_t) * (size_t)nd);
  cs[nd] = nd;
  IrNode *st = gb_prim(b, OP_Stack, nd, coords, ir_type_tensor(b->m, MSRT_INT64, nd + 1, cs));
  ir_attr_int(st, "axis", nd);
  dx[0] = scatter_add(b, gb_zeros(b, x), st, gb_cast(b, dy, x->dt), x);
  return true;
}

RULE(r_gather_nd) {
  if (!gb_needs(b, 0)) return true;
  IrType *x = tt(b, n->in[0]);
  dx[0] = scatter_add(b, gb_zeros(b, x), n->in[1], gb_cast(b, dy, x->dt), x);
  return true;
}

static IrNode *gather_nd(GradB *b, IrNode *x, IrNode *idx, IrType *t) {
  IrNode *in[2] = {x, idx};
  return gb_prim(b, OP_GatherNd, 2, in, t);
}

RULE(r_scatter_update) {
  IrType *x = tt(b, n->in[0]), *u = tt(b, n->in[2]);
  if (gb_needs(b, 0)) {
    IrNode *in[3] = {gb_cast(b, dy, x->dt), n->in[1], gb_zeros(b, ir_type_tensor(b->m, x->dt, u->ndim, u->shape))};
    dx[0] = gb_prim(b, OP_TensorScatterUpdate, 3, in, x);
  }
  if (gb_needs(b, 2))
    dx[2] = gb_cast(b, gather_nd(b, dy, n->in[1], ir_type_tensor(b->m, n->type->dt, u->ndim, u->shape)), u->dt);
  return true;
}

RULE(r_scatter_add) {
  IrType *u = tt(b, n->in[2]);
  if (gb_needs(b, 0)) set_dx(b, n, dx, 0, dy);
  if (gb_needs(b, 2))
    dx[2] = gb_cast(b, gather_nd(b, dy, n->in[1], ir_type_tensor(b->m, n->type->dt, u->ndim, u->shape)), u->dt);
  return true;
}

/* ---- the table ------------------------------------------------------------------ */

/* ops.def's grad column, expanded (every rule above or in grad_nn.c). */
#define GE_RULE(fn) {GRAD_RULE, fn, NULL}
#define GE_ZERO {GRAD_ZERO, NULL, NULL}
#define GE_NONE(why) {GRAD_NONE, NULL, why}
static const GradEntry table[OP_COUNT] = {
#define OP(name, nin, group, code, props, grad, attrs) GE_##grad,
#include "../ir/ops.def"
#undef OP
};

GradEntry grad_entry(int op) {
  GradEntry none = {GRAD_MISSING, NULL, NULL};
  return op >= 0 && op < OP_COUNT ? table[op] : none;
}

/* ---- the core ------------------------------------------------------------------ */

typedef struct GS {
  GradB b;
  IrGraph *g;
  int n0;             /* nodes of g before anything was appended */
  int nkey;
  bool *active, *needed;
  IrNode **cot;
  IrNode ***tcot;     /* per key of an If/While: its elements' cotangents */
  IrNode **nodes;     /* g's nodes before anything was appended */
  const GradRequest *rq;
} GS;

static int key_of(GS *s, const IrNode *v) {
  if (!v) return -1;
  if (v->kind == IR_NK_NODE && v->owner == s->g && v->id >= 0 && v->id < s->n0 && s->nodes[v->id] == v)
    return v->id;
  if (v->kind == IR_NK_PARAM && v->owner == s->g && v->id >= 0 && v->id < s->g->nparam &&
      s->g->params[v->id] == v)
    return s->n0 + v->id;
  return -1;
}

static bool is_wrt(GS *s, const IrNode *v) {
  for (int i = 0; i < s->rq->nwrt; i++)
    if (s->rq->wrt[i] == v) return true;
  return false;
}

/* The operand a TupleGetItem(MakeTuple(...), i) forwards, or NULL. */
static IrNode *tuple_src(GS *s, const IrNode *n) {
  if (n->op != IR_TUPLE_GET || n->nin != 2) return NULL;
  const IrNode *t = n->in[0], *ix = n->in[1];
  if (key_of(s, t) < 0 || t->kind != IR_NK_NODE || t->op != IR_MAKE_TUPLE) return NULL;
  if (ix->kind != IR_NK_CONST || ix->cst.kind != IR_C_SCALAR || ix->cst.i < 0 || ix->cst.i >= t->nin) return NULL;
  return t->in[ix->cst.i];
}

/* Does a subgraph (transitively) Load a wrt Parameter? */
static bool sub_loads_wrt(GS *s, const IrGraph *sg, int depth) {
  if (!sg || depth > 64) return false;
  for (int i = 0; i < sg->nnode; i++) {
    const IrNode *n = sg->nodes[i];
    if (n->op == IR_LOAD && is_wrt(s, n->in[0])) return true;
    if (sub_loads_wrt(s, n->sub[0], depth + 1) || sub_loads_wrt(s, n->sub[1], depth + 1)) return true;
  }
  return false;
}

static bool act(GS *s, const IrNode *v) {
  int k = key_of(s, v);
  return k >= 0 && s->active[k];
}

/* cot[k] += v (v converted to the value's tensor type). */
static void accumulate(GS *s, int k, IrNode *v, const IrNode *val) {
  if (!v || k < 0) return;
  IrType *t = tt(&s->b, val);
  if (!ir_type_eq(tt(&s->b, v), t)) v = gb_unbroadcast(&s->b, v, t);
  s->cot[k] = s->cot[k] ? gb_binop(&s->b, OP_Add, s->cot[k], v) : v;
}

static const char *struct_name(int op) { return ir_op_name(op); }

/* ---- control flow ------------------------------------------------------------- */

static int nelem_of(const IrType *t) { return t->kind == IR_T_TUPLE ? t->nelem : 1; }

/* Element k of a value r of graph g with nout elements. */
static IrNode *elem_of(IrGraph *g, IrNode *r, int k, int nout, IrLoc loc) {
  if (r->type->kind != IR_T_TUPLE) return nout == 1 ? r : NULL;
  if (r->kind == IR_NK_NODE && r->op == IR_MAKE_TUPLE && r->owner == g) return r->in[k];
  return ir_tuple_get(g, r, k, loc);
}

/* Appends to g copies of sg's nodes, sg's params standing for args;
 * returns the copy of sg's return value. Nested subgraphs are shared, as
 * inline.c's splices share them (a rewrite of a copied While gives it new
 * ones). */
static IrNode *copy_graph(IrModule *m, IrGraph *g, IrGraph *sg, IrNode *const *args) {
  ir_graph_number(sg);
  IrNode **map = xcalloc((size_t)sg->nnode + 1, sizeof(IrNode *));
  int cap = 8;
  IrNode **in = xcalloc((size_t)cap, sizeof(IrNode *));
#define MAPPED(x)                                                                                              \
  ((x)->kind == IR_NK_PARAM && (x)->owner == sg ? args[(x)->id]                                               \
   : (x)->kind == IR_NK_NODE && (x)->owner == sg ? map[(x)->id]                                                \
                                                 : (x))
  for (int i = 0; i < sg->nnode; i++) {
    const IrNode *o = sg->nodes[i];
    if (o->nin > cap) {
      cap = o->nin;
      in = xrealloc(in, sizeof(IrNode *) * (size_t)cap);
    }
    for (int j = 0; j < o->nin; j++) in[j] = MAPPED(o->in[j]);
    IrNode *c = ir_node(g, o->op, o->nin, in, o->type, o->loc);
    c->sub[0] = o->sub[0];
    c->sub[1] = o->sub[1];
    if (o->nattr) {
      c->attrs = arena_alloc(m->arena, sizeof(IrAttr) * (size_t)o->nattr);
      memcpy(c->attrs, o->attrs, sizeof(IrAttr) * (size_t)o->nattr);
      c->nattr = o->nattr;
    }
    if (o->name) ir_node_set_name(c, o->name);
    map[i] = c;
  }
  IrNode *r = MAPPED(sg->ret);
#undef MAPPED
  free(map);
  free(in);
  return r;
}

static IrGraph *new_graph(IrModule *m, const IrGraph *like, const char *what) {
  char nm[256];
  snprintf(nm, sizeof nm, "%s_%s%d", like->name, what, m->ngraph);
  return ir_graph_new(m, nm, like->loc);
}

/* grad_append on subgraph bg; a failure fails the running one. */
static bool grad_sub(GS *s, IrGraph *bg, int nout, IrNode **outs, IrNode **sens, int nwrt, IrNode **wrt,
                     IrNode **grads) {
  GradRequest rq = {nout, outs, sens, nwrt, wrt, s->rq->max_loop_iterations};
  GradError e;
  memset(&e, 0, sizeof e);
  if (grad_append(s->b.m, bg, &rq, grads, &e)) return true;
  if (!s->b.failed) {
    s->b.failed = true;
    if (s->b.err) *s->b.err = e;
  }
  return false;
}

static bool float_value(GradB *b, const IrNode *v) { return dt_float(tt(b, v)->dt); }

/* If(c, @T, @E, a...) with the cotangents dys of its nout elements. */
static bool visit_if(GS *s, IrNode *n, IrNode **dys, int nout) {
  GradB *b = &s->b;
  IrModule *m = b->m;
  IrLoc loc = n->loc;
  int na = n->nin - 1, nneed = 0, nd = 0;
  bool *need = xcalloc((size_t)na + 1, sizeof(bool));
  for (int i = 0; i < na; i++)
    if ((need[i] = act(s, n->in[1 + i]) && float_value(b, n->in[1 + i]))) nneed++;
  for (int k = 0; k < nout; k++) nd += dys[k] != NULL;
  bool ok = true;
  IrGraph *bg[2] = {NULL, NULL};
  IrNode **p = xcalloc((size_t)(na + nd) + 1, sizeof(IrNode *));
  IrNode **outs = xcalloc((size_t)nd + 1, sizeof(IrNode *)), **sens = xcalloc((size_t)nd + 1, sizeof(IrNode *));
  IrNode **wrt = xcalloc((size_t)nneed + 1, sizeof(IrNode *)), **grads = xcalloc((size_t)nneed + 1, sizeof(IrNode *));
  for (int br = 0; br < 2 && ok && nneed; br++) {
    IrGraph *sg = n->sub[br];
    bg[br] = new_graph(m, sg, "bprop");
    for (int i = 0; i < na; i++) p[i] = ir_param(bg[br], sg->params[i]->name, sg->params[i]->type);
    for (int k = 0, j = na; k < nout; k++)
      if (dys[k]) p[j++] = ir_param(bg[br], "dout", tt(b, dys[k]));
    IrNode *r = copy_graph(m, bg[br], sg, p);
    int no = 0;
    for (int k = 0, j = na; k < nout; k++)
      if (dys[k]) {
        outs[no] = elem_of(bg[br], r, k, nout, loc);
        sens[no++] = p[j++];
      }
    for (int i = 0, j = 0; i < na; i++)
      if (need[i]) wrt[j++] = p[i];
    ok = grad_sub(s, bg[br], no, outs, sens, nneed, wrt, grads);
    if (ok) ir_return(bg[br], ir_make_tuple(bg[br], nneed, grads, loc), loc);
  }
  if (ok && nneed) {
    IrNode **args = xcalloc((size_t)(na + nd) + 1, sizeof(IrNode *));
    for (int i = 0; i < na; i++) args[i] = n->in[1 + i];
    for (int k = 0, j = na; k < nout; k++)
      if (dys[k]) args[j++] = dys[k];
    b->loc = loc;
    IrNode *bi = ir_if(s->g, n->in[0], bg[0], bg[1], na + nd, args, NULL, loc);
    for (int i = 0, j = 0; i < na; i++)
      if (need[i]) accumulate(s, key_of(s, n->in[1 + i]), ir_tuple_get(s->g, bi, j++, loc), n->in[1 + i]);
    free(args);
  }
  free(need);
  free(p);
  free(outs);
  free(sens);
  free(wrt);
  free(grads);
  return ok && !b->failed;
}

/* The integer value of a constant (a scalar or a one-element tensor). */
static bool const_int(const IrNode *c, int64_t *v) {
  if (!c || c->kind != IR_NK_CONST || dt_float(c->type->dt) || c->type->dt == MSRT_BOOL) return false;
  if (c->cst.kind == IR_C_SCALAR) {
    *v = c->cst.i;
    return true;
  }
  if (c->cst.kind != IR_C_TENSOR || c->cst.nbytes != msrt_dtype_size(c->type->dt)) return false;
  *v = ir_elem_int(c->type->dt, c->cst.data, 0);
  return true;
}

static int param_index(const IrGraph *g, const IrNode *p) {
  for (int i = 0; i < g->nparam; i++)
    if (g->params[i] == p) return i;
  return -1;
}

/* The trip count of While w when it is known at compile time (a state
 * value starting at a constant, stepped by a positive constant by the
 * body, compared with a constant by Less/LessEqual in the condition),
 * else -1. */
static int64_t static_trips(const IrNode *w) {
  const IrGraph *cg = w->sub[0], *bg = w->sub[1];
  const IrNode *r = cg->ret;
  if (!r || r->kind != IR_NK_NODE || (r->op != OP_Less && r->op != OP_LessEqual) || r->nin != 2) return -1;
  int k = param_index(cg, r->in[0]);
  int64_t lim, init, step;
  if (k < 0 || !const_int(r->in[1], &lim) || !const_int(w->in[k], &init)) return -1;
  const IrNode *o = bg->ret;
  if (o && o->type->kind == IR_T_TUPLE) o = o->kind == IR_NK_NODE && o->op == IR_MAKE_TUPLE ? o->in[k] : NULL;
  if (!o || o->kind != IR_NK_NODE || o->op != OP_Add || o->nin != 2) return -1;
  int pk = param_index(bg, o->in[0]) == k ? 1 : param_index(bg, o->in[1]) == k ? 0 : -1;
  if (pk < 0 || !const_int(o->in[pk], &step) || step <= 0) return -1;
  if (r->op == OP_LessEqual) lim++;
  return lim > init ? (lim - init + step - 1) / step : 0;
}

/* Does body bg return its param k unchanged (a value the loop only reads)? */
static bool loop_keeps(const IrGraph *bg, int k, int n) {
  const IrNode *o = bg->ret;
  if (n > 1) o = o && o->kind == IR_NK_NODE && o->op == IR_MAKE_TUPLE ? o->in[k] : NULL;
  return o == bg->params[k];
}

/* Rewrites While w to save the state each iteration changes: state
 * [s..., it, stack...], max_iterations N. Returns false on failure. */
static bool save_states(GS *s, IrNode *w, int64_t N, const bool *keep) {
  GradB *b = &s->b;
  IrModule *m = b->m;
  IrLoc loc = w->loc;
  int n = w->nin, nsv = 0;
  for (int k = 0; k < n; k++) nsv += !keep[k];
  int n2 = n + 1 + nsv;
  IrType **t = arena_alloc(m->arena, sizeof(IrType *) * (size_t)n2);
  for (int k = 0, j = n + 1; k < n2; k++) {
    if (k < n) t[k] = w->in[k]->type;
    if (k == n) t[k] = ir_type_tensor(m, MSRT_INT64, 0, NULL);
    if (k < n && !keep[k]) {
      IrType *st = tt(b, w->in[k]);
      if (st->ndim + 1 > MSRT_MAX_NDIM)
        return gb_fail(b, w, "gradients through a while loop save its state per iteration: a state of %d "
                       "dimensions is too many", st->ndim);
      int64_t shp[MSRT_MAX_NDIM];
      shp[0] = N;
      memcpy(shp + 1, st->shape, sizeof(int64_t) * (size_t)st->ndim);
      t[j++] = ir_type_tensor(m, st->dt, st->ndim + 1, shp);
    }
  }
  IrGraph *sub[2];
  for (int g2 = 0; g2 < 2; g2++) {
    IrGraph *sg = w->sub[g2];
    IrGraph *ng = sub[g2] = new_graph(m, sg, g2 ? "save" : "cond");
    IrNode **p = arena_alloc(m->arena, sizeof(IrNode *) * (size_t)n2);
    for (int k = 0; k < n2; k++) p[k] = ir_param(ng, k < n ? sg->params[k]->name : k == n ? "it" : "stack", t[k]);
    IrNode *r = copy_graph(m, ng, sg, p);
    if (!g2) {
      ir_return(ng, r, loc);
      continue;
    }
    GradB sb = *b;
    sb.g = ng;
    sb.loc = loc;
    IrNode **out = arena_alloc(m->arena, sizeof(IrNode *) * (size_t)n2);
    for (int k = 0; k < n; k++) out[k] = elem_of(ng, r, k, n, loc);
    out[n] = gb_binop(&sb, OP_Add, p[n], gb_scalar(&sb, MSRT_INT64, 1));
    int64_t one1[2] = {1, 1};
    IrNode *idx = gb_reshape(&sb, p[n], 2, one1);
    for (int k = 0, j = n + 1; k < n; k++) {
      if (keep[k]) continue;
      IrType *st = t[j];
      int64_t shp[MSRT_MAX_NDIM];
      shp[0] = 1;
      memcpy(shp + 1, st->shape + 1, sizeof(int64_t) * (size_t)(st->ndim - 1));
      IrNode *in[3] = {p[j], idx, gb_reshape(&sb, p[k], st->ndim, shp)};
      out[j] = gb_prim(&sb, OP_TensorScatterUpdate, 3, in, st);
      j++;
    }
    if (sb.failed) {
      b->failed = true;
      return false;
    }
    ir_return(ng, ir_make_tuple(ng, n2, out, loc), loc);
  }
  /* the new operands: the counter from 0, the stacks from zeros (placed before w) */
  IrNode **in = arena_alloc(m->arena, sizeof(IrNode *) * (size_t)n2);
  memcpy(in, w->in, sizeof(IrNode *) * (size_t)n);
  b->loc = loc;
  in[n] = gb_scalar(b, MSRT_INT64, 0);
  for (int j = n + 1; j < n2; j++) {
    in[j] = gb_zeros(b, t[j]);
    if (in[j]->kind == IR_NK_NODE) ir_graph_move_before(s->g, in[j], w);
  }
  IrType *old = w->type;
  w->in = in;
  w->nin = n2;
  w->sub[0] = sub[0];
  w->sub[1] = sub[1];
  w->type = ir_type_tuple(m, n2, t);
  ir_attr_int(w, "max_iterations", N);
  if (old->kind != IR_T_TUPLE || n == 1) { /* one state value: its uses now take element 0 */
    IrNode *e0 = ir_tuple_get(s->g, w, 0, loc);
    ir_replace_uses(s->g, w, e0);
    e0->in[0] = w;
    int at = -1;
    for (int i = 0; i < s->g->nnode; i++)
      if (s->g->nodes[i] == w) at = i;
    if (at >= 0 && at + 1 < s->g->nnode && s->g->nodes[at + 1] != e0) ir_graph_move_before(s->g, e0, s->g->nodes[at + 1]);
  }
  return true;
}

/* While(@c, @b, s...) with the cotangents dys of its n elements. */
static bool visit_while(GS *s, IrNode *w, IrNode **dys, int n) {
  GradB *b = &s->b;
  IrModule *m = b->m;
  IrLoc loc = w->loc;
  IrGraph *g = s->g, *body = w->sub[1];
  bool any = false;
  for (int k = 0; k < n; k++) any |= act(s, w->in[k]) && float_value(b, w->in[k]);
  if (!any) return true;
  bool *keep = xcalloc((size_t)n + 1, sizeof(bool));
  for (int k = 0; k < n; k++) keep[k] = loop_keeps(body, k, n);
  int64_t N = static_trips(w);
  if (N < 0) N = s->rq->max_loop_iterations;
  if (N <= 0) {
    free(keep);
    return gb_fail(b, w, "the gradient of this while loop needs a bound on its iterations: its trip count is not "
                   "known at compile time; pass --max-loop-iterations=N (the most iterations any call runs; "
                   "running more is an error at run time)");
  }
  if (!save_states(s, w, N, keep)) {
    free(keep);
    return false;
  }
  /* the backward loop's state: [k, ds (changing float states), acc (kept float values), stacks, kept values] */
  int nf = 0, na = 0, nsv = 0, nk = 0;
  for (int k = 0; k < n; k++) {
    bool f = float_value(b, w->in[k]);
    if (keep[k]) {
      nk++;
      na += f;
    } else {
      nsv++;
      nf += f;
    }
  }
  int nb = 1 + nf + na + nsv + nk;
  IrNode **init = xcalloc((size_t)nb, sizeof(IrNode *));
  IrType **bt = xcalloc((size_t)nb, sizeof(IrType *));
  int *ds_of = xcalloc((size_t)n, sizeof(int)), *sv_of = xcalloc((size_t)n, sizeof(int));
  b->loc = loc;
  init[0] = ir_tuple_get(g, w, n, loc);
  int j = 1;
  for (int k = 0; k < n; k++) /* ds, then acc: their slots */
    if (!keep[k] && float_value(b, w->in[k])) ds_of[k] = j++;
  for (int k = 0; k < n; k++)
    if (keep[k] && float_value(b, w->in[k])) ds_of[k] = j++;
  for (int k = 0, q = 0; k < n; k++)
    if (!keep[k]) sv_of[k] = j++, init[sv_of[k]] = ir_tuple_get(g, w, n + 1 + q++, loc);
  for (int k = 0; k < n; k++)
    if (keep[k]) sv_of[k] = j++, init[sv_of[k]] = w->in[k];
  for (int k = 0; k < n; k++)
    if (float_value(b, w->in[k])) {
      IrType *st = tt(b, w->in[k]);
      init[ds_of[k]] = dys[k] ? dys[k] : gb_zeros(b, st);
    }
  for (int i = 0; i < nb; i++) bt[i] = init[i]->kind == IR_NK_CONST ? tt(b, init[i]) : init[i]->type;
  for (int k = 0; k < n; k++)
    if (float_value(b, w->in[k])) bt[ds_of[k]] = tt(b, w->in[k]);
  /* cond: k > 0 */
  IrGraph *cg = new_graph(m, body, "bcond"), *bg = new_graph(m, body, "bprop");
  IrNode **cp = xcalloc((size_t)nb, sizeof(IrNode *)), **bp = xcalloc((size_t)nb, sizeof(IrNode *));
  for (int i = 0; i < nb; i++) {
    cp[i] = ir_param(cg, i == 0 ? "it" : "v", bt[i]);
    bp[i] = ir_param(bg, i == 0 ? "it" : "v", bt[i]);
  }
  GradB cb = *b;
  cb.g = cg;
  ir_return(cg, gb_binop(&cb, OP_Greater, cp[0], gb_scalar(&cb, MSRT_INT64, 0)), loc);
  /* body: the state of iteration k-1, the body again, its backward */
  GradB sb = *b;
  sb.g = bg;
  IrNode *k1 = gb_binop(&sb, OP_Sub, bp[0], gb_scalar(&sb, MSRT_INT64, 1));
  IrNode **x = xcalloc((size_t)n, sizeof(IrNode *));
  for (int k = 0; k < n; k++) {
    if (keep[k]) {
      x[k] = bp[sv_of[k]];
      continue;
    }
    IrNode *in[2] = {bp[sv_of[k]], k1};
    x[k] = gb_prim(&sb, OP_Gather, 2, in, tt(b, w->in[k]));
    ir_attr_int(x[k], "axis", 0);
  }
  IrNode *r = copy_graph(m, bg, body, x);
  IrNode **outs = xcalloc((size_t)n, sizeof(IrNode *)), **sens = xcalloc((size_t)n, sizeof(IrNode *));
  IrNode **wrt = xcalloc((size_t)n, sizeof(IrNode *)), **grads = xcalloc((size_t)n, sizeof(IrNode *));
  int no = 0, nw = 0;
  for (int k = 0; k < n; k++) {
    if (!float_value(b, w->in[k])) continue;
    if (!keep[k]) {
      outs[no] = elem_of(bg, r, k, n, loc);
      sens[no++] = bp[ds_of[k]];
    }
    wrt[nw++] = x[k];
  }
  bool ok = !sb.failed && grad_sub(s, bg, no, outs, sens, nw, wrt, grads);
  if (ok) {
    IrNode **out = xcalloc((size_t)nb, sizeof(IrNode *));
    for (int i = 0; i < nb; i++) out[i] = bp[i];
    out[0] = k1;
    for (int k = 0, q = 0; k < n; k++) {
      if (!float_value(b, w->in[k])) continue;
      IrNode *gk = grads[q++];
      out[ds_of[k]] = keep[k] ? gb_binop(&sb, OP_Add, bp[ds_of[k]], gk) : gk;
    }
    ir_return(bg, ir_make_tuple(bg, nb, out, loc), loc);
    free(out);
    b->loc = loc;
    IrNode *bw = ir_while(g, cg, bg, nb, init, NULL, loc);
    for (int k = 0; k < n; k++)
      if (float_value(b, w->in[k]) && act(s, w->in[k]))
        accumulate(s, key_of(s, w->in[k]), ir_tuple_get(g, bw, ds_of[k], loc), w->in[k]);
  }
  free(keep);
  free(init);
  free(bt);
  free(ds_of);
  free(sv_of);
  free(cp);
  free(bp);
  free(x);
  free(outs);
  free(sens);
  free(wrt);
  free(grads);
  return ok && !b->failed;
}

static bool visit(GS *s, IrNode *n) {
  GradB *b = &s->b;
  int k = key_of(s, n);
  IrNode *dy = s->cot[k];
  b->loc = n->loc;
  if (n->op >= OP_COUNT) {
    switch (n->op) {
    case IR_LOAD:
    case IR_MAKE_TUPLE: return true;
    case IR_PY_EXECUTE: return true; /* JIT Fallback: Python's value, a constant to autodiff (as PyNative's float()) */
    case IR_TUPLE_GET: {
      IrNode *src = tuple_src(s, n), *t = n->in[0];
      int tk = key_of(s, t);
      if (!src && tk >= 0 && (t->op == IR_IF || t->op == IR_WHILE) && t->type->kind == IR_T_TUPLE &&
          n->in[1]->kind == IR_NK_CONST && n->in[1]->cst.i >= 0 && n->in[1]->cst.i < t->type->nelem) {
        int e = (int)n->in[1]->cst.i;
        if (!s->tcot[tk]) s->tcot[tk] = xcalloc((size_t)t->type->nelem, sizeof(IrNode *));
        IrType *et = tt(b, n);
        if (!ir_type_eq(tt(b, dy), et)) dy = gb_unbroadcast(b, dy, et);
        s->tcot[tk][e] = s->tcot[tk][e] ? gb_binop(b, OP_Add, s->tcot[tk][e], dy) : dy;
        s->cot[tk] = t; /* marks t as reached */
        return true;
      }
      if (!src) return gb_fail(b, n, "gradients through a TupleGetItem of a %s are not supported yet",
                               n->in[0]->kind == IR_NK_NODE ? struct_name(n->in[0]->op) : "tuple value");
      accumulate(s, key_of(s, src), dy, src);
      return true;
    }
    case IR_IF:
    case IR_WHILE: {
      if (sub_loads_wrt(s, n->sub[0], 0) || sub_loads_wrt(s, n->sub[1], 0))
        return gb_fail(b, n, "gradients w.r.t. a Parameter loaded inside an If or While subgraph are not supported: "
                       "load it outside and pass the value in (as graph capture does)");
      int ne = nelem_of(n->type);
      IrNode **dys = s->tcot[k];
      IrNode *one[1] = {dy};
      if (n->type->kind != IR_T_TUPLE) dys = one;
      if (!dys) return true;
      return n->op == IR_IF ? visit_if(s, n, dys, ne) : visit_while(s, n, dys, ne);
    }
    case IR_FUSION:
      return gb_fail(b, n, "gradients through a fused kernel (Fusion) are not supported: differentiate before "
                           "fusion passes run");
    case IR_ASSIGN:
      return gb_fail(b, n, "gradients through Assign (a Parameter update) are not supported");
    default: return gb_fail(b, n, "gradients through %s are not supported", struct_name(n->op));
    }
  }
  GradEntry e = grad_entry(n->op);
  const char *name = n->op >= 0 && n->op < OP_COUNT ? op_info[n->op].name : "?";
  switch (e.kind) {
  case GRAD_ZERO: return true;
  case GRAD_NONE: return gb_fail(b, n, "%s is not differentiable%s%s", name, e.why ? ": " : "", e.why ? e.why : "");
  case GRAD_MISSING: return gb_fail(b, n, "%s has no gradient rule", name);
  case GRAD_RULE: break;
  }
  bool *need = xcalloc((size_t)n->nin + 1, sizeof(bool));
  IrNode **dx = xcalloc((size_t)n->nin + 1, sizeof(IrNode *));
  for (int i = 0; i < n->nin; i++) need[i] = act(s, n->in[i]);
  b->need = need;
  b->nneed = n->nin;
  bool ok = e.fn(b, n, dy, dx) && !b->failed;
  b->need = NULL;
  b->nneed = 0;
  if (!ok && !b->failed) gb_fail(b, n, "%s: its gradient rule refused this case", name);
  for (int i = 0; ok && i < n->nin; i++)
    if (dx[i] && need[i]) accumulate(s, key_of(s, n->in[i]), dx[i], n->in[i]);
  free(need);
  free(dx);
  return ok && !b->failed;
}

bool grad_append(IrModule *m, IrGraph *g, const GradRequest *rq, IrNode **grads, GradError *err) {
  GS s;
  memset(&s, 0, sizeof s);
  s.b.m = m;
  s.b.g = g;
  s.b.loc = g->loc;
  s.b.err = err;
  s.g = g;
  s.rq = rq;
  if (err) {
    err->loc = ir_noloc;
    err->msg[0] = 0;
  }
  ir_graph_number(g);
  s.n0 = g->nnode;
  s.nkey = g->nnode + g->nparam;
  s.active = xcalloc((size_t)s.nkey + 1, sizeof(bool));
  s.needed = xcalloc((size_t)s.nkey + 1, sizeof(bool));
  s.cot = xcalloc((size_t)s.nkey + 1, sizeof(IrNode *));
  s.tcot = xcalloc((size_t)s.nkey + 1, sizeof(IrNode **));
  IrNode **nodes = xcalloc((size_t)s.n0 + 1, sizeof(IrNode *));
  if (s.n0) memcpy(nodes, g->nodes, sizeof(IrNode *) * (size_t)s.n0);
  s.nodes = nodes;
  /* forward: what depends on a wrt */
  for (int j = 0; j < g->nparam; j++) {
    IrNode *p = g->params[j];
    if (!p->is_parameter && is_wrt(&s, p) && carries(p->type)) s.active[s.n0 + j] = true;
  }
  for (int i = 0; i < s.n0; i++) {
    IrNode *n = nodes[i];
    bool a = false;
    if (!carries(n->type)) a = false;
    else if (n->op == IR_LOAD) a = is_wrt(&s, n->in[0]);
    else if (is_wrt(&s, n)) a = true;
    else if (n->op == IR_TUPLE_GET && tuple_src(&s, n)) a = act(&s, tuple_src(&s, n));
    else
      for (int j = 0; j < n->nin && !a; j++) a = act(&s, n->in[j]) || (n->op >= OP_COUNT && is_wrt(&s, n->in[j]));
    /* If/While/Fusion reading a wrt Parameter inside: on a path too (and refused) */
    if (!a && carries(n->type) && (n->sub[0] || n->sub[1]))
      a = sub_loads_wrt(&s, n->sub[0], 0) || sub_loads_wrt(&s, n->sub[1], 0);
    s.active[i] = a;
  }
  /* backward: what an out needs */
  for (int k = 0; k < rq->nout; k++) {
    int key = key_of(&s, rq->outs[k]);
    if (key >= 0) s.needed[key] = true;
  }
  for (int i = s.n0 - 1; i >= 0; i--) {
    IrNode *n = nodes[i];
    if (!s.active[i] || !s.needed[i]) continue;
    IrNode *src = n->op == IR_TUPLE_GET ? tuple_src(&s, n) : NULL;
    if (src) {
      int key = key_of(&s, src);
      if (key >= 0) s.needed[key] = true;
      continue;
    }
    for (int j = 0; j < n->nin; j++) {
      int key = key_of(&s, n->in[j]);
      if (key >= 0) s.needed[key] = true;
    }
  }
  /* seeds */
  for (int k = 0; k < rq->nout; k++) {
    IrNode *o = rq->outs[k];
    int key = key_of(&s, o);
    if (key < 0 || !s.active[key]) continue;
    s.b.loc = o->kind == IR_NK_NODE ? o->loc : g->ret_loc;
    IrType *ot = tt(&s.b, o);
    IrNode *sens = rq->sens && rq->sens[k] ? tensorize(&s.b, rq->sens[k], ot->dt) : gb_full(&s.b, ot, 1);
    IrType *st = tt(&s.b, sens);
    if (st->ndim < ot->ndim || (st->ndim == ot->ndim && !same_shape(st->ndim, st->shape, ot->ndim, ot->shape) &&
                                nelem(st->ndim, st->shape) < nelem(ot->ndim, ot->shape)))
      sens = gb_broadcast_to(&s.b, sens, ot->ndim, ot->shape); /* a smaller sens broadcasts to the out */
    accumulate(&s, key, sens, o);
  }
  /* reverse sweep */
  bool ok = true;
  for (int i = s.n0 - 1; i >= 0 && ok; i--) {
    if (!s.active[i] || !s.needed[i] || !s.cot[i]) continue;
    ok = visit(&s, nodes[i]);
  }
  /* results */
  for (int i = 0; ok && i < rq->nwrt; i++) {
    IrNode *w = rq->wrt[i];
    IrType *t = tt(&s.b, w);
    s.b.loc = w->kind == IR_NK_NODE ? w->loc : g->loc;
    IrNode *r = NULL;
    if (dt_float(t->dt)) {
      if (w->kind == IR_NK_PARAM && w->is_parameter) {
        for (int j = 0; j < s.n0; j++)
          if (nodes[j]->op == IR_LOAD && nodes[j]->in[0] == w && s.cot[j])
            r = r ? gb_binop(&s.b, OP_Add, r, s.cot[j]) : s.cot[j];
      } else {
        int key = key_of(&s, w);
        if (key >= 0) r = s.cot[key];
      }
    }
    grads[i] = r ? r : gb_zeros(&s.b, t);
  }
  if (s.b.failed) ok = false;
  free(nodes);
  free(s.active);
  free(s.needed);
  for (int i = 0; i < s.nkey; i++) free(s.tcot[i]);
  free(s.tcot);
  free(s.cot);
  return ok;
}
