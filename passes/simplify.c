/* simplify.c — algebraic simplification: a table of local rewrite rules
 * (tinygrad's PatternMatcher) run by one generic worklist rewriter.
 *
 * requires  a verifying module
 * preserves node order (a node a rule creates is put where the node it
 *           replaces was, with that node's location and name); results
 *           bit-identical in IEEE arithmetic
 * breaks    leaves the nodes a rewrite stopped using (the inner Transpose
 *           of a pair, ...) in place for dce
 *
 * A rule is {op, match, rewrite, name}: for a node of that op, match says
 * whether the rule applies and rewrite returns the value that replaces the
 * node (an operand, or a new node). The rewriter visits every node of
 * every graph (If/While subgraphs too, never a Fusion's subgraph); when a
 * rule fires, the node's uses take the replacement, the node is removed,
 * and the replacement and its users are visited again, so chains collapse
 * (Neg(Neg(Neg(Neg x))) -> x) in one run.
 *
 * Exactness. A rule applies only when the replacement is bit-identical to
 * the node's result for every input, and has the node's type: dtype AND
 * shape (x * ones((3, 4)) with x of shape (4,) broadcasts: not x). The
 * rewriter checks the type of every replacement. The identities used:
 *   x * 1, 1 * x, x / 1 (RealDiv, Div), x ** 1      any dtype (the product
 *                    is exact; a result of x's dtype computed wider rounds
 *                    back to x)
 *   x // 1                                           integer dtypes only
 *                    (float floor(x / 1) = floor(x) != x)
 *   x + 0, 0 + x, x - 0                              integer and bool dtypes
 *   x + (-0.0), (-0.0) + x, x - (+0.0)               float dtypes. NOT
 *                    x + 0.0: -0.0 + +0.0 = +0.0 changes the sign of a
 *                    zero (an integer 0 converts to +0.0, so x + 0 with a
 *                    float result is not simplified either)
 *   Neg(Neg(x))                                      (wrapping ints too)
 *   Transpose(Transpose(x, p), q) -> Transpose(x, p[q[i]]), or x when that
 *                    is the identity; Transpose(x, identity) -> x
 *   reshapes (Reshape, ExpandDims, Squeeze, Flatten: every one is a copy
 *   in row-major order, only the shape changes): a reshape of a reshape ->
 *   one Reshape to the final shape; a reshape to x's own type -> x
 *   Cast(x, dtype of x) -> x; BroadcastTo(x, shape of x) -> x;
 *   Identity(x) -> x; StopGradient(x) -> x (passes run after autodiff has
 *                    built the gradients, so the marker has done its job)
 *   Cast(Cast(x, A), B) -> Cast(x, B) (or x when B is x's dtype) when A
 *                    holds every value of x's dtype exactly (int8 -> int32,
 *                    float32 -> float64, int16 -> float32, bool -> any),
 *                    and not when x and A are different floats and B is
 *                    an integer (float->int conversion is done per source
 *                    dtype for out-of-range values). float64 -> float32 ->
 *                    float64 or int32 -> int8 -> int32 lose values: kept.
 *                    (A signalling NaN's quieting by the dropped Cast is
 *                    not kept.)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "passes.h"

typedef struct Rw {
  IrModule *m;
  IrGraph *g;
  IrNode **work;
  int nwork, capwork;
} Rw;

typedef struct Rule {
  int op;
  bool (*match)(const IrNode *n);
  IrNode *(*rewrite)(Rw *rw, IrNode *n);
  const char *name;
} Rule;

/* ---- facts about values ---------------------------------------------------- */

static bool is_float(const IrType *t) { return ir_dtype_is_float(t->dt); }
static bool is_int(const IrType *t) {
  return t->dt != MSRT_BOOL && !ir_dtype_is_float(t->dt) && !ir_dtype_is_complex(t->dt);
}

static bool is_op(const IrNode *n, int op) { return n->kind == IR_NK_NODE && n->op == op; }

static int64_t elems(const IrType *t) {
  int64_t k = 1;
  for (int i = 0; i < t->ndim; i++) k *= t->shape[i] > 0 ? t->shape[i] : 0;
  return k;
}

typedef enum Want { W_ONE, W_ZERO, W_NEG_ZERO, W_POS_ZERO } Want;

/* One number of a constant against what a rule needs. W_ZERO: 0 of an
 * integer or bool dtype; W_NEG_ZERO: -0.0 of a float dtype; W_POS_ZERO:
 * a zero that is not -0.0 (an integer 0 converts to +0.0). */
static bool num_is(msrt_dtype dt, int64_t i, double f, Want w) {
  bool fl = ir_dtype_is_float(dt);
  switch (w) {
  case W_ONE: return fl ? f == 1.0 : i == 1;
  case W_ZERO: return !fl && i == 0;
  case W_NEG_ZERO: return fl && f == 0.0 && signbit(f);
  case W_POS_ZERO: return fl ? f == 0.0 && !signbit(f) : i == 0;
  }
  return false;
}

/* Is c a constant (a scalar, or a tensor with every element) as w says? */
static bool const_is(const IrNode *c, Want w) {
  if (c->kind != IR_NK_CONST || !c->type) return false;
  msrt_dtype dt = c->type->dt;
  if (ir_dtype_is_complex(dt)) return false; /* no rule folds complex constants */
  bool fl = ir_dtype_is_float(dt);
  if (c->cst.kind == IR_C_SCALAR) return num_is(dt, c->cst.i, c->cst.f, w);
  if (c->cst.kind != IR_C_TENSOR || c->type->kind != IR_T_TENSOR) return false;
  int64_t n = elems(c->type);
  if (n == 0 || (size_t)n * msrt_dtype_size(dt) > c->cst.nbytes) return false;
  for (int64_t k = 0; k < n; k++) {
    int64_t i = fl ? 0 : ir_elem_int(dt, c->cst.data, (size_t)k);
    double f = fl ? ir_elem_float(dt, c->cst.data, (size_t)k) : 0.0;
    if (!num_is(dt, i, f, w)) return false;
  }
  return true;
}

/* The tensor type of a value (NULL for other kinds). */
static const IrType *ttype(const IrNode *v) {
  return v->type && v->type->kind == IR_T_TENSOR ? v->type : NULL;
}

/* ---- building replacements ---------------------------------------------------- */

/* A new node op(x) of n's type, placed just before n, with n's location
 * and name. */
static IrNode *make1(Rw *rw, IrNode *n, int op, IrNode *x) {
  IrNode *r = ir_node1(rw->g, op, x, n->type, n->loc);
  if (n->name) ir_node_set_name(r, n->name);
  ir_graph_move_before(rw->g, r, n);
  return r;
}

/* ---- binary identities ------------------------------------------------------- */

/* n = a op b where constant b is as w says (right) or a is (left). */
static bool right_is(const IrNode *n, Want w) { return n->nin == 2 && const_is(n->in[1], w); }
static bool left_is(const IrNode *n, Want w) { return n->nin == 2 && const_is(n->in[0], w); }

static IrNode *take_left(Rw *rw, IrNode *n) {
  (void)rw;
  return n->in[0];
}
static IrNode *take_right(Rw *rw, IrNode *n) {
  (void)rw;
  return n->in[1];
}

static bool m_x_one(const IrNode *n) { return right_is(n, W_ONE); }
static bool m_one_x(const IrNode *n) { return left_is(n, W_ONE); }
static bool m_int_x_one(const IrNode *n) { return is_int(n->type) && right_is(n, W_ONE); }
static bool m_int_x_zero(const IrNode *n) { return !is_float(n->type) && right_is(n, W_ZERO); }
static bool m_int_zero_x(const IrNode *n) { return !is_float(n->type) && left_is(n, W_ZERO); }
static bool m_sub_int_zero(const IrNode *n) { return is_int(n->type) && right_is(n, W_ZERO); }
static bool m_x_negzero(const IrNode *n) { return is_float(n->type) && right_is(n, W_NEG_ZERO); }
static bool m_negzero_x(const IrNode *n) { return is_float(n->type) && left_is(n, W_NEG_ZERO); }
static bool m_sub_poszero(const IrNode *n) { return is_float(n->type) && right_is(n, W_POS_ZERO); }

/* ---- unary and data-movement identities ---------------------------------------- */

static bool m_neg_neg(const IrNode *n) { return n->nin == 1 && is_op(n->in[0], OP_Neg) && n->in[0]->nin == 1; }
static IrNode *r_neg_neg(Rw *rw, IrNode *n) {
  (void)rw;
  return n->in[0]->in[0];
}

static bool m_unary(const IrNode *n) { return n->nin == 1; }
static IrNode *r_operand(Rw *rw, IrNode *n) {
  (void)rw;
  return n->in[0];
}

/* Same type as the operand: the op changed nothing (Cast to its own
 * dtype, BroadcastTo its own shape, a reshape to its own shape). */
static bool m_same_type(const IrNode *n) {
  return n->nin == 1 && ttype(n->in[0]) && ir_type_eq(n->in[0]->type, n->type);
}

/* The permutation of a Transpose, normalised; false when malformed. */
static bool perm_of(const IrNode *n, int64_t *p) {
  const IrType *t = ttype(n->in[0]);
  if (!t) return false;
  Attrs a;
  ir_attrs_decode(n, &a);
  if (!a.has_axis || a.naxis != t->ndim) return false;
  for (int i = 0; i < a.naxis; i++) {
    p[i] = a.axis[i] < 0 ? a.axis[i] + t->ndim : a.axis[i];
    if (p[i] < 0 || p[i] >= t->ndim) return false;
  }
  return true;
}

static bool is_identity(int k, const int64_t *p) {
  for (int i = 0; i < k; i++)
    if (p[i] != i) return false;
  return true;
}

static bool m_transpose_id(const IrNode *n) {
  int64_t p[MSRT_MAX_NDIM];
  return n->nin == 1 && perm_of(n, p) && is_identity(n->type->ndim, p);
}

static bool m_transpose2(const IrNode *n) {
  int64_t p[MSRT_MAX_NDIM], q[MSRT_MAX_NDIM];
  const IrNode *in = n->in[0];
  return n->nin == 1 && is_op(in, OP_Transpose) && in->nin == 1 && perm_of(in, p) && perm_of(n, q);
}

/* out = transpose(transpose(x, p), q): out dim i is x dim p[q[i]]. */
static IrNode *r_transpose2(Rw *rw, IrNode *n) {
  int64_t p[MSRT_MAX_NDIM], q[MSRT_MAX_NDIM], r[MSRT_MAX_NDIM];
  IrNode *x = n->in[0]->in[0];
  perm_of(n->in[0], p);
  perm_of(n, q);
  int k = n->type->ndim;
  for (int i = 0; i < k; i++) r[i] = p[q[i]];
  if (is_identity(k, r)) return x;
  IrNode *t = make1(rw, n, OP_Transpose, x);
  ir_attr_ints(t, "perm", k, r);
  return t;
}

static bool is_reshape(const IrNode *n) {
  return n->kind == IR_NK_NODE && n->nin == 1 &&
         (n->op == OP_Reshape || n->op == OP_ExpandDims || n->op == OP_Squeeze || n->op == OP_Flatten);
}

static bool m_reshape2(const IrNode *n) { return is_reshape(n) && is_reshape(n->in[0]) && ttype(n); }

static IrNode *r_reshape2(Rw *rw, IrNode *n) {
  IrNode *x = n->in[0]->in[0];
  if (ttype(x) && ir_type_eq(x->type, n->type)) return x;
  IrNode *r = make1(rw, n, OP_Reshape, x);
  ir_attr_ints(r, "shape", n->type->ndim, n->type->shape);
  return r;
}

/* ---- cast chains ------------------------------------------------------------- */

static int int_bits(msrt_dtype dt) { return (int)msrt_dtype_size(dt) * 8; }
static bool is_unsigned(msrt_dtype dt) {
  return dt == MSRT_UINT8 || dt == MSRT_UINT16 || dt == MSRT_UINT32 || dt == MSRT_UINT64;
}
static int mantissa_bits(msrt_dtype dt) {
  return dt == MSRT_FLOAT16 ? 11 : dt == MSRT_FLOAT32 ? 24 : 53;
}

/* Does dtype a hold every value of dtype s exactly? */
static bool holds_all(msrt_dtype s, msrt_dtype a) {
  if (s == a || s == MSRT_BOOL) return true;
  if (ir_dtype_is_complex(s) || ir_dtype_is_complex(a)) return false; /* not folded */
  if (a == MSRT_BOOL) return false;
  bool sf = ir_dtype_is_float(s), af = ir_dtype_is_float(a);
  if (sf) return af && mantissa_bits(a) >= mantissa_bits(s) && msrt_dtype_size(a) >= msrt_dtype_size(s);
  int sb = int_bits(s) - !is_unsigned(s); /* magnitude bits */
  if (af) return sb <= mantissa_bits(a);
  if (is_unsigned(a)) return is_unsigned(s) && int_bits(a) >= int_bits(s);
  return int_bits(a) - 1 >= sb;
}

static bool m_cast2(const IrNode *n) {
  const IrNode *in = n->in[0];
  if (n->nin != 1 || !is_op(in, OP_Cast) || in->nin != 1 || !ttype(in) || !ttype(in->in[0]) || !ttype(n))
    return false;
  msrt_dtype s = in->in[0]->type->dt, a = in->type->dt, b = n->type->dt;
  if (!holds_all(s, a)) return false;
  return !(ir_dtype_is_float(s) && s != a && !ir_dtype_is_float(b) && b != MSRT_BOOL);
}

static IrNode *r_cast2(Rw *rw, IrNode *n) {
  IrNode *x = n->in[0]->in[0];
  if (ir_type_eq(x->type, n->type)) return x;
  IrNode *c = make1(rw, n, OP_Cast, x);
  ir_attr_dtype(c, "dtype", n->type->dt);
  return c;
}

/* ---- the rule table ------------------------------------------------------------ */

static const Rule rules[] = {
    {OP_Mul, m_x_one, take_left, "x*1"},
    {OP_Mul, m_one_x, take_right, "1*x"},
    {OP_RealDiv, m_x_one, take_left, "x/1"},
    {OP_Div, m_x_one, take_left, "x/1"},
    {OP_FloorDiv, m_int_x_one, take_left, "x//1 (int)"},
    {OP_Pow, m_x_one, take_left, "x**1"},
    {OP_Add, m_int_x_zero, take_left, "x+0 (int)"},
    {OP_Add, m_int_zero_x, take_right, "0+x (int)"},
    {OP_Add, m_x_negzero, take_left, "x+(-0.0)"},
    {OP_Add, m_negzero_x, take_right, "(-0.0)+x"},
    {OP_Sub, m_sub_int_zero, take_left, "x-0 (int)"},
    {OP_Sub, m_sub_poszero, take_left, "x-(+0.0)"},
    {OP_Neg, m_neg_neg, r_neg_neg, "-(-x)"},
    {OP_Identity, m_unary, r_operand, "identity"},
    {OP_StopGradient, m_unary, r_operand, "stop_gradient"},
    {OP_Transpose, m_transpose_id, r_operand, "transpose(x, identity)"},
    {OP_Transpose, m_transpose2, r_transpose2, "transpose(transpose(x))"},
    {OP_Reshape, m_reshape2, r_reshape2, "reshape(reshape(x))"},
    {OP_ExpandDims, m_reshape2, r_reshape2, "reshape(reshape(x))"},
    {OP_Squeeze, m_reshape2, r_reshape2, "reshape(reshape(x))"},
    {OP_Flatten, m_reshape2, r_reshape2, "reshape(reshape(x))"},
    {OP_Reshape, m_same_type, r_operand, "reshape to own shape"},
    {OP_ExpandDims, m_same_type, r_operand, "reshape to own shape"},
    {OP_Squeeze, m_same_type, r_operand, "reshape to own shape"},
    {OP_Flatten, m_same_type, r_operand, "reshape to own shape"},
    {OP_BroadcastTo, m_same_type, r_operand, "broadcast to own shape"},
    {OP_Cast, m_same_type, r_operand, "cast to own dtype"},
    {OP_Cast, m_cast2, r_cast2, "cast(cast(x))"},
};

/* ---- the rewriter ---------------------------------------------------------------- */

static void push(Rw *rw, IrNode *n) {
  if (n->kind != IR_NK_NODE || n->owner != rw->g) return;
  if (rw->nwork == rw->capwork) {
    rw->capwork = rw->capwork ? 2 * rw->capwork : 64;
    rw->work = xrealloc(rw->work, sizeof(IrNode *) * (size_t)rw->capwork);
  }
  rw->work[rw->nwork++] = n;
}

/* Applies the first rule that fires on n; returns the replacement. */
static IrNode *apply(Rw *rw, IrNode *n) {
  if (n->dead || n->kind != IR_NK_NODE || n->op >= OP_COUNT || !n->type) return NULL;
  for (size_t k = 0; k < sizeof rules / sizeof rules[0]; k++) {
    const Rule *r = &rules[k];
    if (r->op != n->op || !r->match(n)) continue;
    IrNode *to = r->rewrite(rw, n);
    /* the type check: a rule's own nodes have n's type by construction,
     * an operand may not (broadcasting, promotion) */
    if (to && to->type && ir_type_eq(to->type, n->type)) return to;
  }
  return NULL;
}

static bool rewrite_graph(Rw *rw) {
  IrGraph *g = rw->g;
  bool changed = false;
  for (int i = g->nnode - 1; i >= 0; i--) push(rw, g->nodes[i]);
  while (rw->nwork) {
    IrNode *n = rw->work[--rw->nwork];
    IrNode *to = apply(rw, n);
    if (!to) continue;
    ir_replace_uses(g, n, to);
    n->dead = true;
    changed = true;
    for (int i = g->nnode - 1; i >= 0; i--) {
      IrNode *u = g->nodes[i];
      for (int k = 0; k < u->nin && !u->dead; k++)
        if (u->in[k] == to) {
          push(rw, u);
          break;
        }
    }
    push(rw, to);
  }
  if (changed) ir_graph_compact(g);
  return changed;
}


bool pass_simplify(IrModule *m, PassCtx *ctx) {
  (void)ctx;
  Rw rw;
  memset(&rw, 0, sizeof rw);
  rw.m = m;
  bool changed = false;
  for (int k = 0; k < m->ngraph; k++) {
    if (pass_is_fusion_body(m, m->graphs[k])) continue;
    rw.g = m->graphs[k];
    rw.nwork = 0;
    changed |= rewrite_graph(&rw);
  }
  free(rw.work);
  return changed;
}
