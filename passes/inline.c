/* inline.c — inlining of structured control flow with a constant
 * condition. The IR has no call op: subgraphs are called only by If,
 * While and Fusion. This pass
 *   - replaces an If whose condition is a constant (a Bool scalar, tensor
 *     or not) by the nodes of the branch it takes, spliced into the caller
 *     where the If was (the branch's params become the If's operands, its
 *     return value replaces the If's uses; the other branch is dropped);
 *   - replaces a While whose condition subgraph returns the constant False
 *     and has no effect by its initial state (the body never runs): the
 *     state operand, or a MakeTuple of the state operands;
 *   - removes from the module the subgraphs that only the removed nodes
 *     called.
 * Fusion nodes are never touched. The reference executor and C generation
 * do not run If/While yet ("tensor control flow is not supported"), so
 * this pass is what makes a graph with a constant-condition If runnable.
 *
 * requires  a verifying module
 * preserves the order of effects: the spliced nodes (Load, Assign, Print
 *           among them) take the If's place, in the branch's order
 * breaks    nothing; the spliced nodes keep their source locations
 *
 * Spliced nodes may be Ifs with a now-constant condition themselves (a
 * nested If, or one whose condition was the branch's param): the walk
 * continues at the first spliced node, so they are inlined in the same
 * run.
 */
#include <stdlib.h>
#include <string.h>

#include "passes.h"

/* ---- the constant condition ----------------------------------------------- */

/* 1 (true), 0 (false) or -1 (not a constant) for condition value c. */
static int const_truth(const IrNode *c) {
  if (c->kind != IR_NK_CONST || !c->type) return -1;
  if (c->cst.kind == IR_C_SCALAR)
    return ir_dtype_is_float(c->type->dt) ? c->cst.f != 0.0 : c->cst.i != 0;
  if (c->cst.kind != IR_C_TENSOR || c->type->kind != IR_T_TENSOR || c->type->ndim != 0 ||
      c->cst.nbytes < msrt_dtype_size(c->type->dt))
    return -1;
  if (ir_dtype_is_float(c->type->dt)) return ir_elem_float(c->type->dt, c->cst.data, 0) != 0.0;
  return ir_elem_int(c->type->dt, c->cst.data, 0) != 0;
}

/* ---- splicing a branch ---------------------------------------------------- */

typedef struct Map {
  const IrGraph *sg;
  IrNode *const *args; /* sg->params[i] -> args[i] */
  IrNode **node;       /* sg->nodes[i] -> its copy */
} Map;

static IrNode *mapped(const Map *mp, IrNode *x) {
  if (x->kind == IR_NK_CONST) return x;
  for (int i = 0; i < mp->sg->nparam; i++)
    if (mp->sg->params[i] == x) return mp->args[i];
  for (int i = 0; i < mp->sg->nnode; i++)
    if (mp->sg->nodes[i] == x) return mp->node[i];
  return x; /* an entry Parameter, used from anywhere */
}

/* A copy of node s (of the branch) in g, placed just before `at`. */
static IrNode *copy_node(IrModule *m, IrGraph *g, const Map *mp, const IrNode *s, IrNode *at) {
  IrNode **in = xcalloc((size_t)(s->nin ? s->nin : 1), sizeof(IrNode *));
  for (int i = 0; i < s->nin; i++) in[i] = mapped(mp, s->in[i]);
  IrNode *c = ir_node(g, s->op, s->nin, in, s->type, s->loc);
  free(in);
  c->sub[0] = s->sub[0];
  c->sub[1] = s->sub[1];
  if (s->nattr) {
    c->attrs = arena_alloc(m->arena, sizeof(IrAttr) * (size_t)s->nattr);
    memcpy(c->attrs, s->attrs, sizeof(IrAttr) * (size_t)s->nattr);
    c->nattr = s->nattr;
  }
  if (s->name) ir_node_set_name(c, s->name);
  ir_graph_move_before(g, c, at);
  return c;
}

/* Splices the branch sg of If n into g before n; returns the value that
 * replaces n. */
static IrNode *splice(IrModule *m, IrGraph *g, IrNode *n, const IrGraph *sg, IrNode *const *args) {
  Map mp = {sg, args, xcalloc((size_t)(sg->nnode ? sg->nnode : 1), sizeof(IrNode *))};
  for (int i = 0; i < sg->nnode; i++) mp.node[i] = copy_node(m, g, &mp, sg->nodes[i], n);
  IrNode *r = mapped(&mp, sg->ret);
  free(mp.node);
  return r;
}

/* ---- While with a constant-False condition --------------------------------- */

static bool never_runs(const IrNode *w) {
  const IrGraph *cg = w->sub[0];
  if (!cg || !cg->ret || const_truth(cg->ret) != 0) return false;
  for (int i = 0; i < cg->nnode; i++)
    if (ir_has_effect(cg->nodes[i])) return false;
  return true;
}

static IrNode *initial_state(IrGraph *g, IrNode *w) {
  if (w->nin == 1) return w->in[0];
  IrNode *t = ir_make_tuple(g, w->nin, w->in, w->loc);
  if (w->name) ir_node_set_name(t, w->name);
  ir_graph_move_before(g, t, w);
  return t;
}

/* ---- the walk ----------------------------------------------------------------- */

typedef struct Dropped {
  IrGraph **g;
  int n, cap;
} Dropped;

static void note_dropped(Dropped *d, IrGraph *g) {
  if (!g) return;
  if (d->n == d->cap) {
    d->cap = d->cap ? 2 * d->cap : 8;
    d->g = xrealloc(d->g, sizeof(IrGraph *) * (size_t)d->cap);
  }
  d->g[d->n++] = g;
}

/* The replacement of If/While n, or NULL. */
static IrNode *inline_node(IrModule *m, IrGraph *g, IrNode *n) {
  if (n->op == IR_IF && n->nin >= 1) {
    int t = const_truth(n->in[0]);
    IrGraph *sg = t < 0 ? NULL : n->sub[t ? 0 : 1];
    if (!sg || sg == g || !sg->ret) return NULL;
    return splice(m, g, n, sg, n->in + 1);
  }
  if (n->op == IR_WHILE && never_runs(n)) return initial_state(g, n);
  return NULL;
}

/* The uses of If/While n, a node of g, become r: only g's own nodes can
 * use n (the verifier rejects an operand that is a node of another graph),
 * so the called subgraphs are not walked (ir_replace_uses would walk all
 * of them, once per splice: quadratic in a chain of nested Ifs). */
static void replace_here(IrGraph *g, IrNode *n, IrNode *r) {
  for (int i = 0; i < g->nnode; i++) {
    IrNode *x = g->nodes[i];
    for (int j = 0; j < x->nin; j++)
      if (x->in[j] == n) x->in[j] = r;
  }
  if (g->ret == n) g->ret = r;
}

/* A bound on the splices in one graph: a branch that (through nested Ifs
 * with constant conditions) contains itself would splice forever. */
#define MAX_SPLICES 4096

static bool inline_graph(IrModule *m, IrGraph *g, Dropped *d) {
  bool changed = false;
  int budget = MAX_SPLICES;
  for (int i = 0; i < g->nnode && budget > 0; i++) {
    IrNode *n = g->nodes[i];
    if (n->dead) continue;
    IrNode *r = inline_node(m, g, n);
    if (!r) continue;
    replace_here(g, n, r);
    n->dead = true;
    note_dropped(d, n->sub[0]);
    note_dropped(d, n->sub[1]);
    changed = true;
    budget--;
    i--; /* the spliced nodes took n's index: revisit from the first */
  }
  if (changed) ir_graph_compact(g);
  return changed;
}

/* ---- dropping subgraphs nothing calls ------------------------------------------ */

static bool listed(IrGraph *const *gs, int n, const IrGraph *g) {
  for (int i = 0; i < n; i++)
    if (gs[i] == g) return true;
  return false;
}

/* Does the entry still call g, transitively? */
static bool reachable(const IrModule *m, const IrGraph *g) {
  IrGraph *e = ir_module_entry(m);
  if (!e) return false;
  int n;
  IrGraph **r = ir_graphs_called(e, &n);
  bool found = listed(r, n, g);
  free(r);
  return found;
}

static bool noted(const Dropped *d, const IrGraph *g) { return listed(d->g, d->n, g); }

/* Removes the graphs that only removed nodes called. */
static void drop_unreachable(IrModule *m, const Dropped *d) {
  IrGraph *e = ir_module_entry(m);
  int nr = 0, j = 0;
  IrGraph **r = e ? ir_graphs_called(e, &nr) : NULL;
  for (int k = 0; k < m->ngraph; k++)
    if (!noted(d, m->graphs[k]) || listed(r, nr, m->graphs[k])) m->graphs[j++] = m->graphs[k];
  m->ngraph = j;
  free(r);
}

bool pass_inline(IrModule *m, PassCtx *ctx) {
  (void)ctx;
  Dropped d = {NULL, 0, 0};
  bool changed = false;
  for (int k = 0; k < m->ngraph; k++) {
    IrGraph *g = m->graphs[k];
    /* a callee of a node already inlined that nothing reachable calls any
     * more is about to be dropped: inlining into it would be wasted (a
     * chain of nested constant Ifs: quadratic in the chain) */
    if (d.n && noted(&d, g) && !reachable(m, g)) continue;
    changed |= inline_graph(m, g, &d);
  }
  if (changed) drop_unreachable(m, &d);
  free(d.g);
  return changed;
}
