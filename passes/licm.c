/* licm.c — loop-invariant code motion: a primitive in a While's condition
 * or body whose operands are all constants, values the loop only reads
 * (state k that the body returns unchanged: a weight, a bound) or other
 * invariant nodes is computed once, before the While, instead of once per
 * iteration:
 *
 *   %w = While(@c, @b, %i, %W)        body: %t = Transpose(%W') ...
 *     ->  %t0 = Transpose(%W)          %w = While(@c, @b, %i, %W, %t0)
 *
 * The hoisted copy goes just before the While; each hoisted value the
 * loop still uses becomes a new state value appended to the While (a new
 * param of both subgraphs, returned unchanged by the body, so the memory
 * plan reads it in place), and the nodes it replaces are removed.
 * Hoisted: primitives without an effect, except the index ops that may
 * fail on their operands' values (Gather, GatherD, GatherNd,
 * TensorScatterUpdate/Add: a loop that never runs must not fail).
 * Not touched: a While whose condition or body another node also names
 * (a hand-written module may share them), a While of one state value (its
 * result is not a tuple), a body whose returned tuple is used elsewhere.
 *
 * requires  a verifying module
 * preserves effects and their order (only pure nodes move); results are
 *           bit-identical (the same ops on the same values)
 * breaks    nothing; a hoisted node keeps its source location
 */
#include <stdlib.h>
#include <string.h>

#include "passes.h"

static int graph_uses(const IrModule *m, const IrGraph *sg) {
  int k = 0;
  for (int i = 0; i < m->ngraph; i++)
    for (int j = 0; j < m->graphs[i]->nnode; j++)
      for (int s = 0; s < 2; s++) k += m->graphs[i]->nodes[j]->sub[s] == sg;
  return k;
}

static bool hoistable(const IrNode *n) {
  if (n->op >= OP_COUNT || ir_has_effect(n)) return false;
  switch (n->op) {
  case OP_Gather:
  case OP_GatherD:
  case OP_GatherNd:
  case OP_TensorScatterUpdate:
  case OP_TensorScatterAdd: return false;
  default: return true;
  }
}

/* Appends state value v to While w (a param of both subgraphs, returned
 * unchanged by the body); returns the param of sg (one of them). */
static IrNode *add_state(IrModule *m, IrNode *w, IrNode *v, IrGraph *sg) {
  IrGraph *cg = w->sub[0], *bg = w->sub[1];
  int n = w->nin;
  IrNode **in = arena_alloc(m->arena, sizeof(IrNode *) * (size_t)(n + 1));
  memcpy(in, w->in, sizeof(IrNode *) * (size_t)n);
  in[n] = v;
  w->in = in;
  w->nin = n + 1;
  IrType **el = arena_alloc(m->arena, sizeof(IrType *) * (size_t)(n + 1));
  for (int k = 0; k < n; k++) el[k] = w->type->elem[k];
  el[n] = v->type;
  w->type = ir_type_tuple(m, n + 1, el);
  IrNode *pc = ir_param(cg, v->name ? v->name : "inv", v->type);
  IrNode *pb = ir_param(bg, v->name ? v->name : "inv", v->type);
  IrNode *r = bg->ret;
  IrNode **rin = arena_alloc(m->arena, sizeof(IrNode *) * (size_t)(n + 1));
  memcpy(rin, r->in, sizeof(IrNode *) * (size_t)n);
  rin[n] = pb;
  r->in = rin;
  r->nin = n + 1;
  r->type = w->type;
  return sg == cg ? pc : pb;
}

/* Does body bg return its param k unchanged? */
static bool kept(const IrGraph *bg, int k) { return bg->ret->in[k] == bg->params[k]; }

/* The value outside the loop that operand x of a node of sg stands for,
 * or NULL when x varies. */
static IrNode *outer_of(const IrNode *w, const IrGraph *sg, IrNode *x, IrNode **hoisted) {
  if (x->kind == IR_NK_CONST) return x;
  if (x->owner != sg) return NULL;
  if (x->kind == IR_NK_NODE) return hoisted[x->id];
  int k = x->id;
  return k < w->nin && kept(w->sub[1], k) ? w->in[k] : NULL;
}

static bool hoist_from(IrModule *m, IrGraph *g, IrNode *w, IrGraph *sg) {
  ir_graph_number(sg);
  int nn = sg->nnode;
  IrNode **hoisted = xcalloc((size_t)nn + 1, sizeof(IrNode *));
  IrNode **in = NULL;
  int cap = 0;
  bool any = false;
  for (int i = 0; i < nn; i++) {
    IrNode *x = sg->nodes[i];
    if (!hoistable(x)) continue;
    if (x->nin > cap) {
      cap = x->nin;
      in = xrealloc(in, sizeof(IrNode *) * (size_t)cap);
    }
    bool inv = true;
    for (int j = 0; j < x->nin && inv; j++) inv = (in[j] = outer_of(w, sg, x->in[j], hoisted)) != NULL;
    if (!inv) continue;
    IrNode *c = ir_node(g, x->op, x->nin, in, x->type, x->loc);
    if (x->nattr) {
      c->attrs = arena_alloc(m->arena, sizeof(IrAttr) * (size_t)x->nattr);
      memcpy(c->attrs, x->attrs, sizeof(IrAttr) * (size_t)x->nattr);
      c->nattr = x->nattr;
    }
    if (x->name) ir_node_set_name(c, x->name);
    ir_graph_move_before(g, c, w);
    hoisted[i] = c;
    any = true;
  }
  free(in);
  if (!any) {
    free(hoisted);
    return false;
  }
  /* which hoisted values the loop still uses: a node left in sg, or its return */
  bool *used = xcalloc((size_t)nn + 1, sizeof(bool));
  for (int i = 0; i < nn; i++) {
    IrNode *x = sg->nodes[i];
    if (hoisted[i]) continue;
    for (int j = 0; j < x->nin; j++)
      if (x->in[j]->kind == IR_NK_NODE && x->in[j]->owner == sg && hoisted[x->in[j]->id]) used[x->in[j]->id] = true;
  }
  IrNode *r = sg->ret;
  if (r->kind == IR_NK_NODE && r->owner == sg && hoisted[r->id]) used[r->id] = true;
  if (r->kind == IR_NK_NODE && r->owner == sg && r->op == IR_MAKE_TUPLE && sg == w->sub[1]) /* the body's tuple */
    for (int j = 0; j < r->nin; j++)
      if (r->in[j]->kind == IR_NK_NODE && r->in[j]->owner == sg && hoisted[r->in[j]->id]) used[r->in[j]->id] = true;
  for (int i = 0; i < nn; i++) {
    IrNode *x = sg->nodes[i];
    if (!hoisted[i]) continue;
    if (used[i]) ir_replace_uses(sg, x, add_state(m, w, hoisted[i], sg));
    x->dead = true;
  }
  ir_graph_compact(sg);
  free(used);
  free(hoisted);
  return true;
}

/* The input projection of a recurrent loop, done for every step at once:
 * in the body, MatMulExt(Gather(X, i, axis 0), W) with X and W invariant
 * and i a 0-d index (an RNN's x_t @ W_ih) becomes Gather(P, i, axis 0)
 * with P = MatMulExt(X, W) computed before the While as one GEMM over all
 * of X's rows. The loop then streams one weight matrix per step instead of
 * two. Bit-identical: each output is the same chain over K whichever GEMM
 * path computes it (runtime/gemm.c's numeric contract), and P's rows are
 * the products the body would form. W must be 2-D (no batch broadcasting
 * against X's leading dimension). Costs P's bytes of memory and, when the
 * loop visits few of X's rows, work for the others: only in the JIT
 * (msc compile's arena is a microcontroller's RAM) and for P up to
 * 1 << 20 elements. Returns whether it rewrote anything. */
static bool project_gathered(IrModule *m, IrGraph *g, IrNode *w, IrGraph *bg) {
  ir_graph_number(bg);
  int nn = bg->nnode;
  IrNode **none = xcalloc((size_t)nn + 1, sizeof(IrNode *));
  bool any = false;
  for (int i = 0; i < nn; i++) {
    IrNode *x = bg->nodes[i];
    if (x->dead || x->op != OP_MatMulExt || x->nin != 2) continue;
    IrNode *a = x->in[0], *wt = x->in[1];
    if (a->kind != IR_NK_NODE || a->owner != bg || a->op != OP_Gather || a->nin != 2) continue;
    const IrAttr *ax = ir_attr_get(a, "axis");
    if (!ax || ax->i != 0 || a->in[1]->type->kind != IR_T_TENSOR || a->in[1]->type->ndim != 0) continue;
    IrNode *xo = outer_of(w, bg, a->in[0], none), *wo = outer_of(w, bg, wt, none);
    if (!xo || !wo) continue;
    const IrType *xt = ir_type_deref(m, xo->type), *wtt = ir_type_deref(m, wo->type), *yt = x->type;
    if (xt->kind != IR_T_TENSOR || wtt->kind != IR_T_TENSOR || yt->kind != IR_T_TENSOR) continue;
    if (wtt->ndim != 2 || xt->ndim < 2 || xt->ndim > MSRT_MAX_NDIM || yt->ndim != xt->ndim - 1) continue;
    int64_t shape[MSRT_MAX_NDIM], elems = 1;
    shape[0] = xt->shape[0];
    for (int d = 0; d < yt->ndim; d++) shape[d + 1] = yt->shape[d];
    for (int d = 0; d < xt->ndim && elems <= (INT64_C(1) << 20); d++)
      elems = shape[d] < 0 ? INT64_C(1) << 21 : elems * shape[d];
    if (elems > (INT64_C(1) << 20)) continue;
    IrNode *pin[2] = {xo, wo};
    IrNode *pr = ir_node(g, OP_MatMulExt, 2, pin, ir_type_tensor(m, yt->dt, xt->ndim, shape), x->loc);
    if (x->name) ir_node_set_name(pr, x->name);
    ir_graph_move_before(g, pr, w);
    IrNode *gin[2] = {add_state(m, w, pr, bg), a->in[1]};
    IrNode *y = ir_node(bg, OP_Gather, 2, gin, x->type, x->loc);
    y->attrs = arena_alloc(m->arena, sizeof(IrAttr) * (size_t)a->nattr);
    memcpy(y->attrs, a->attrs, sizeof(IrAttr) * (size_t)a->nattr);
    y->nattr = a->nattr;
    if (x->name) ir_node_set_name(y, x->name);
    ir_graph_move_before(bg, y, x);
    ir_replace_uses(bg, x, y);
    x->dead = true;
    any = true;
  }
  free(none);
  if (any) ir_graph_compact(bg);
  return any;
}

static bool licm_while(IrModule *m, IrGraph *g, IrNode *w, const PassCtx *ctx) {
  IrGraph *cg = w->sub[0], *bg = w->sub[1];
  if (w->type->kind != IR_T_TUPLE || !cg || !bg || cg == bg || graph_uses(m, cg) != 1 || graph_uses(m, bg) != 1)
    return false;
  IrNode *r = bg->ret;
  if (!r || r->kind != IR_NK_NODE || r->owner != bg || r->op != IR_MAKE_TUPLE || r->nin != w->nin) return false;
  int *cnt = ir_use_counts(bg);
  bool alone = cnt[r->id] == 1;
  free(cnt);
  if (!alone) return false;
  bool changed = !(ctx && ctx->aot) && project_gathered(m, g, w, bg);
  changed |= hoist_from(m, g, w, bg);
  changed |= hoist_from(m, g, w, cg);
  return changed;
}

bool pass_licm(IrModule *m, PassCtx *ctx) {
  bool changed = false;
  for (int k = 0; k < m->ngraph; k++) {
    IrGraph *g = m->graphs[k];
    if (pass_is_fusion_body(m, g)) continue;
    for (int i = 0; i < g->nnode; i++)
      if (g->nodes[i]->op == IR_WHILE) changed |= licm_while(m, g, g->nodes[i], ctx);
  }
  return changed;
}
