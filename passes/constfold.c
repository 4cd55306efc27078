/* constfold.c — constant folding: a primitive whose operands are all IR
 * constants is evaluated at compile time (through ctx->fold, the eval/
 * side's eager kernels: eval/fold.c) and replaced by the constant result.
 *
 * requires  a verifying module; ctx->fold (NULL: the pass does nothing)
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
#include "passes.h"

#define FOLD_MAX_DEFAULT ((int64_t)1 << 16)

static int64_t elems(const IrType *t) {
  int64_t k = 1;
  for (int i = 0; i < t->ndim; i++) k *= t->shape[i] > 0 ? t->shape[i] : 0;
  return k;
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


static bool fold_graph(IrModule *m, IrGraph *g, PassCtx *ctx, int64_t max) {
  bool changed = false;
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    if (!candidate(n, max)) continue;
    IrNode *c = ctx->fold(ctx->fold_ctx, m, n);
    if (!c) continue;
    ir_replace_uses(g, n, c);
    n->dead = true;
    changed = true;
  }
  if (changed) ir_graph_compact(g);
  return changed;
}

bool pass_constfold(IrModule *m, PassCtx *ctx) {
  if (!ctx || !ctx->fold) return false;
  int64_t max = ctx->fold_max_elems > 0 ? ctx->fold_max_elems : FOLD_MAX_DEFAULT;
  bool changed = false;
  for (int k = 0; k < m->ngraph; k++)
    if (!pass_is_fusion_body(m, m->graphs[k])) changed |= fold_graph(m, m->graphs[k], ctx, max);
  return changed;
}
