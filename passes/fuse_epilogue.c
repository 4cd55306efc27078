/* fuse_epilogue.c — epilogue fusion: a MatMul (2-D) or Conv2D followed by
 * a bias add and/or an activation becomes one Fusion node (ir.h) whose
 * subgraph holds them; C generation calls msrt_matmul_ep/msrt_conv2d_ep
 * with the bias and activation as the epilogue (codegen/emit_fuse.c.inc).
 *
 * The pattern, each value but the last with exactly one use (its user in
 * the chain):
 *   MatMul(a, b)   2-D float32/float64 operands of one dtype, any
 *                  transpose attrs, no empty dimension
 *   | Conv2D(x, w) 4-D NCHW float32/float64, no empty dimension
 *   then optionally BiasAdd(y, bias) (bias 1-D over axis 1: MatMul's
 *   columns, Conv2D's channels), or for MatMul Add(y, bias) with a 1-D bias
 *   of the last dim (y first: the epilogue adds r + bias[j])
 *   then optionally an activation: an op marked ACT in ops.def (its eager
 *   kernel is msrt_unary with the op's code; the epilogue applies the same
 *   scalar formula of msrt.h, so the two agree bit for bit).
 * At least two nodes, or nothing fires.
 *
 * Requires: a verified module. Works on the entry graph and every region
 * subgraph of If/While (not on fused kernels).
 * Preserves: results bit for bit (msrt.h: the epilogue rounds exactly as
 *   the unfused kernels). The operands (weights, bias: Loads of Parameters,
 *   constants, inputs) stay outside and become the Fusion's operands.
 * Leaves alone: chains whose intermediate has another use (a Print of it,
 *   a second consumer), other dtypes, Load/Assign/Print.
 * Creates: subgraphs "<entry>_fused_<k>" (fuse_elementwise.c names them).
 */
#include <stdlib.h>
#include <string.h>

#include "passes.h"


static bool fdt(const IrType *t) {
  return t && t->kind == IR_T_TENSOR && (t->dt == MSRT_FLOAT32 || t->dt == MSRT_FLOAT64);
}

static bool nonempty(const IrType *t) {
  for (int i = 0; i < t->ndim; i++)
    if (t->shape[i] <= 0) return false;
  return true;
}

static bool same_type_nd(const IrType *t, const IrType *u, int nd) {
  return fdt(t) && fdt(u) && t->dt == u->dt && t->ndim == nd && u->ndim == nd && nonempty(t) && nonempty(u);
}

/* The head of a chain: MatMul or Conv2D of float operands. */
static bool head(const IrNode *n) {
  if (n->kind != IR_NK_NODE || n->nin != 2) return false;
  if (n->op == OP_MatMul) return same_type_nd(n->in[0]->type, n->type, 2) && same_type_nd(n->in[1]->type, n->type, 2);
  if (n->op == OP_Conv2D) return same_type_nd(n->in[0]->type, n->type, 4) && same_type_nd(n->in[1]->type, n->type, 4);
  return false;
}

/* Is u a bias add of y (the head's result, type t)? */
static bool bias_add(const IrNode *u, const IrNode *y, bool matmul) {
  if (u->nin != 2 || u->in[0] != y || u->in[1] == y || !ir_type_eq(u->type, y->type) || u->nattr) return false;
  const IrType *b = u->in[1]->type, *t = y->type;
  if (!(b->kind == IR_T_TENSOR && b->dt == t->dt && b->ndim == 1)) return false;
  if (u->op == OP_BiasAdd) return b->shape[0] == t->shape[1];
  if (u->op == OP_Add && matmul) return b->shape[0] == t->shape[t->ndim - 1];
  return false;
}

static bool activation(const IrNode *u, const IrNode *y) {
  return op_has(u->op, OPP_ACT) && u->nin == 1 && u->in[0] == y && ir_type_eq(u->type, y->type) && !u->nattr;
}

static bool fuse_graph(IrModule *m, IrGraph *g) {
  int nn = g->nnode;
  int *uses = ir_use_counts(g); /* numbers g */
  int *user = xmalloc(sizeof(int) * ((size_t)nn + 1));
  for (int i = 0; i < nn; i++) user[i] = -1;
  for (int i = 0; i < nn; i++)
    for (int k = 0; k < g->nodes[i]->nin; k++) {
      IrNode *o = g->nodes[i]->in[k];
      if (o->kind == IR_NK_NODE && o->owner == g) user[o->id] = i;
    }
  IrNode **all = xmalloc(sizeof(IrNode *) * ((size_t)nn * 3 + 1));
  int *cnt = xmalloc(sizeof(int) * ((size_t)nn + 1));
  int ngroups = 0, nall = 0;
  for (int i = 0; i < nn; i++) {
    IrNode *h = g->nodes[i];
    if (!head(h)) continue;
    bool mm = h->op == OP_MatMul;
    IrNode **grp = all + nall;
    int n = 0;
    grp[n++] = h;
    IrNode *cur = h;
    if (uses[cur->id] == 1 && user[cur->id] >= 0 && bias_add(g->nodes[user[cur->id]], cur, mm))
      cur = grp[n++] = g->nodes[user[cur->id]];
    if (uses[cur->id] == 1 && user[cur->id] >= 0 && activation(g->nodes[user[cur->id]], cur))
      cur = grp[n++] = g->nodes[user[cur->id]];
    if (n < 2) continue;
    cnt[ngroups++] = n;
    nall += n;
  }
  /* in graph order, so subgraph numbers follow the node order */
  for (int k = 0, at = 0; k < ngroups; at += cnt[k++])
    fuse_outline(m, g, cnt[k], all + at, all[at + cnt[k] - 1]);
  if (ngroups) ir_graph_compact(g);
  free(uses);
  free(user);
  free(all);
  free(cnt);
  return ngroups > 0;
}

/* Every graph but fused kernels: the entry and the regions of If/While. */
bool pass_fuse_epilogue(IrModule *m, PassCtx *ctx) {
  (void)ctx;
  bool changed = false;
  int n0 = m->ngraph; /* fused kernels made here are appended */
  for (int k = 0; k < n0; k++)
    if (!pass_is_fusion_body(m, m->graphs[k])) changed |= fuse_graph(m, m->graphs[k]);
  return changed;
}
