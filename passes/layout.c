/* layout.c — weight layout: NN is the GEMM's faster form.
 *
 * Rewrite: MatMul(a, C) {transpose_b: true}, with C a 2-D tensor constant
 * (a weight frozen into the graph, as `msc compile` does), becomes
 * MatMul(a, C^T) {transpose_b: false}, where C^T is a new constant holding
 * C transposed. The product is the same (the GEMM reads the same values
 * in the same order: only the addressing of B changes), and msrt_gemm's
 * NN panels are plain copies where NT panels need 8x8 transposes.
 *
 * Fires only when ctx->aot or ctx->level >= 2 (the O2 pipeline), and
 * never on anything but a constant: a Load of a Parameter is state the
 * script may change between calls, so its layout is the caller's. Other
 * uses of C keep C (the new constant serves this MatMul alone). MatMul
 * only (BatchMatMul, MatMulExt and Conv2D weights are left as they are).
 *
 * Requires: a verifying module. Preserves: node order, names, types,
 * every other node. Breaks: nothing (no node is added or removed; the
 * MatMul's transpose_b attribute is set to false, not dropped). */
#include <stdlib.h>
#include <string.h>

#include "passes.h"

/* The attribute `transpose_b` of n when it is a true BOOL, else NULL. */
static IrAttr *transpose_b_set(IrNode *n) {
  for (int i = 0; i < n->nattr; i++) {
    IrAttr *a = &n->attrs[i];
    if (strcmp(a->name, "transpose_b") == 0)
      return a->kind == IR_A_BOOL && a->i ? a : NULL;
  }
  return NULL;
}

/* A new constant holding the 2-D tensor constant c transposed. */
static IrNode *transposed_const(IrModule *m, const IrNode *c) {
  const IrType *t = c->type;
  int64_t r = t->shape[0], k = t->shape[1], shape[2] = {k, r};
  size_t es = msrt_dtype_size(t->dt);
  unsigned char *dst = malloc((size_t)(r * k) * es + 1);
  const unsigned char *src = c->cst.data;
  if (!dst) return NULL;
  for (int64_t i = 0; i < r; i++)
    for (int64_t j = 0; j < k; j++)
      memcpy(dst + (size_t)(j * r + i) * es, src + (size_t)(i * k + j) * es, es);
  IrNode *n = ir_const_tensor(m, t->dt, 2, shape, dst);
  free(dst);
  return n;
}

static bool is_weight_const(const IrNode *b) {
  return b->kind == IR_NK_CONST && b->cst.kind == IR_C_TENSOR && b->type &&
         b->type->kind == IR_T_TENSOR && b->type->ndim == 2 && b->cst.data &&
         msrt_dtype_size(b->type->dt) > 0 &&
         b->cst.nbytes == (size_t)(b->type->shape[0] * b->type->shape[1]) *
                              msrt_dtype_size(b->type->dt);
}

static bool layout_graph(IrModule *m, IrGraph *g) {
  bool changed = false;
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    if (n->kind != IR_NK_NODE || n->op != OP_MatMul || n->nin != 2) continue;
    IrAttr *tb = transpose_b_set(n);
    if (!tb || !is_weight_const(n->in[1])) continue;
    IrNode *bt = transposed_const(m, n->in[1]);
    if (!bt) continue;
    n->in[1] = bt;
    tb->i = 0;
    changed = true;
  }
  return changed;
}

bool pass_layout(IrModule *m, PassCtx *ctx) {
  bool changed = false;
  if (!ctx->aot && ctx->level < 2) return false;
  for (int gi = 0; gi < m->ngraph; gi++) changed |= layout_graph(m, m->graphs[gi]);
  return changed;
}
