/* constfold.c — constant folding: a primitive whose operands are all IR
 * constants is evaluated at compile time with the eager kernels (op_run,
 * ir/rules.c: exactly as the reference executor runs the node: the infer
 * rule's casts, the kernel, a cast to the node's dtype when it differs; a
 * result whose shape differs is not folded) and replaced by the constant
 * result.
 *
 * requires  a verifying module
 * preserves the order of the remaining nodes; results bit-identical (the
 *           fold runs the same kernel the reference executor runs)
 * breaks    nothing: folded nodes are removed, their uses take the constant
 *
 * What folds: a primitive (op of ops.def) that has no effect, whose
 * operands are all IR_NK_CONST tensors (creation ops with no operand,
 * Ones/Zeros/Fill/Range/LinSpace, included) and whose result has at most
 * ctx->fold_max_elems elements (0: 65536). Never folded: anything reading
 * a Parameter (a Load is not a constant, so neither is anything computed
 * from it), structural ops (Load, Assign, Print, If, While, Fusion,
 * MakeTuple, TupleGetItem), and nodes whose kernel raises (an index out
 * of range, an integer to a negative power): the error stays where it
 * belongs, at run time. One walk in node order folds whole chains, since
 * a folded node's uses see the constant before they are visited. The
 * subgraphs of If/While are folded too; Fusion subgraphs are left alone.
 */
#include <stdlib.h>
#include <string.h>

#include "passes.h"

#define FOLD_MAX_DEFAULT ((int64_t)1 << 16)

/* Element count, or INT64_MAX when the shape is past the elements limit
 * (frontend/limits.h: never folded). */
static int64_t elems(const IrType *t) {
  int64_t k;
  return shape_elems(t->ndim, t->shape, &k) ? k : INT64_MAX;
}

static bool all_const(const IrNode *n) {
  for (int i = 0; i < n->nin; i++)
    if (n->in[i]->kind != IR_NK_CONST || n->in[i]->cst.kind != IR_C_TENSOR) return false;
  return true;
}

static bool candidate(const IrNode *n, int64_t max) {
  return n->op < OP_COUNT && !ir_has_effect(n) && n->type && n->type->kind == IR_T_TENSOR &&
         elems(n->type) <= max && all_const(n);
}


/* n evaluated on its constant operands as a new constant of n's type, or
 * NULL when it cannot be (an error: it stays for run time, where it is
 * reported at its line). */
static IrNode *fold_node(IrModule *m, const IrNode *n) {
  const OpInfo *oi = &op_info[n->op];
  if ((oi->nin >= 0 && n->nin != oi->nin) || !op_has_rules((OpId)n->op) || n->nin > 16) return NULL;
  OpTensor in[16], *inp[16];
  for (int i = 0; i < n->nin; i++) {
    const IrNode *c = n->in[i];
    const IrType *t = c->type;
    if (!t || t->kind != IR_T_TENSOR) return NULL;
    TType ty;
    memset(&ty, 0, sizeof ty);
    ty.dt = t->dt;
    ty.ndim = t->ndim;
    memcpy(ty.shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
    opt_of_type(&in[i], &ty, (void *)c->cst.data);
    if ((size_t)in[i].size * msrt_dtype_size(in[i].dtype) > c->cst.nbytes) return NULL;
    inp[i] = &in[i];
  }
  Attrs a;
  ir_attrs_decode(n, &a);
  OpTensor o;
  memset(&o, 0, sizeof o);
  OpErr err;
  if (!op_run((OpId)n->op, n->nin, inp, &a, &o, NULL, &err)) return NULL;
  const IrType *nt = n->type;
  IrNode *r = NULL;
  bool same = o.ndim == nt->ndim && (nt->ndim == 0 || memcmp(o.shape, nt->shape, sizeof(int64_t) * (size_t)nt->ndim) == 0);
  if (same && o.dtype == nt->dt) {
    r = ir_const_tensor(m, nt->dt, nt->ndim, nt->shape, o.data);
  } else if (same) {
    void *c = op_alloc_data(nt->dt, o.size);
    if (c) {
      if (o.size) msrt_cast(o.dtype, nt->dt, o.size, o.data, c);
      r = ir_const_tensor(m, nt->dt, nt->ndim, nt->shape, c);
      free(c);
    }
  }
  free(o.data);
  return r;
}

static bool fold_graph(IrModule *m, IrGraph *g, int64_t max) {
  bool changed = false;
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    if (!candidate(n, max)) continue;
    IrNode *c = fold_node(m, n);
    if (!c) continue;
    ir_replace_uses(g, n, c);
    n->dead = true;
    changed = true;
  }
  if (changed) ir_graph_compact(g);
  return changed;
}

bool pass_constfold(IrModule *m, PassCtx *ctx) {
  int64_t max = ctx && ctx->fold_max_elems > 0 ? ctx->fold_max_elems : FOLD_MAX_DEFAULT;
  bool changed = false;
  for (int k = 0; k < m->ngraph; k++)
    if (!pass_is_fusion_body(m, m->graphs[k])) changed |= fold_graph(m, m->graphs[k], max);
  return changed;
}
