/* fuse_elementwise.c — elementwise fusion: a maximal tree of elementwise
 * primitives whose inner values each have one use (inside the tree) and
 * which all produce the root's shape becomes one Fusion node (ir.h) whose
 * subgraph holds them; C generation emits it as one loop nest with one
 * scalar C expression per node (codegen/emit_fuse.c.inc).
 *
 * Requires: a verified module. Works on the entry graph and every region
 * subgraph of If/While (not on fused kernels).
 * Preserves: results bit for bit. Only ops marked FUSE in ops.def are taken
 *   (their scalar formula in msrt.h is the text the runtime kernel runs),
 *   float32/float64 only (every tensor operand and result of the group has
 *   the same dtype; float16 is rounded per op by the runtime and is left
 *   alone); broadcasting happens only where a value enters the group.
 * Leaves alone: Load/Assign/Print and every other structural op (effects
 *   stay in place and are never inside a Fusion), Parameters (read through
 *   a Load, which stays outside and becomes an operand), reductions,
 *   MatMul and the other OPG_OWN ops, values with several uses (a Print of
 *   an intermediate is a use), groups of one op.
 * Creates: subgraphs "<entry>_fused_<k>" (fuse_new_sub_name, shared with
 *   fuse_epilogue.c), k = 0, 1, .. in creation order.
 */
#include <stdlib.h>
#include <string.h>

#include "passes.h"


/* The most nodes of one Fusion (see Bounds above). */
#define FUSE_MAX_NODES 128

static bool is_float_tensor(const IrType *t, msrt_dtype dt) {
  return t && t->kind == IR_T_TENSOR && t->dt == dt && (dt == MSRT_FLOAT32 || dt == MSRT_FLOAT64);
}

/* Can node n be in an elementwise group? Its result and every operand are
 * float tensors of one dtype. */
static bool candidate(const IrNode *n) {
  if (n->kind != IR_NK_NODE || n->op >= OP_COUNT || !op_has(n->op, OPP_FUSE) || n->nattr) return false;
  msrt_dtype dt = n->type->dt;
  if (!is_float_tensor(n->type, dt)) return false;
  for (int i = 0; i < n->nin; i++)
    if (!is_float_tensor(n->in[i]->type, dt)) return false;
  return true;
}

static bool same_shape(const IrType *a, const IrType *b) {
  return a->ndim == b->ndim && (a->ndim == 0 || memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->ndim) == 0);
}

static bool in_group(IrNode *const *grp, int n, const IrNode *x) {
  for (int i = 0; i < n; i++)
    if (grp[i] == x) return true;
  return false;
}

/* Does x stay inside the subgraph (a 0-d constant, emitted as a literal)? */
static bool inner_const(const IrNode *x) {
  return x->kind == IR_NK_CONST && x->cst.kind == IR_C_TENSOR && x->type->kind == IR_T_TENSOR &&
         x->type->ndim == 0;
}

static const char *new_sub_name(IrModule *m) {
  const char *entry = ir_module_entry(m)->name;
  size_t len = strlen(entry) + 32;
  char *buf = arena_alloc(m->arena, len);
  /* start at the module's graph count: one lookup per name in the usual
   * case (starting at 0 made naming G fusions cost O(G^3) lookups) */
  for (int k = m->ngraph - 1;; k++) {
    snprintf(buf, len, "%s_fused_%d", entry, k);
    if (!ir_module_find(m, buf)) return buf;
  }
}

/* Moves the n nodes grp (in graph order, root last; every value but the
 * root's used only inside grp) into a new subgraph called by a Fusion node
 * put in the root's place. Operands from outside (0-d constants excepted)
 * become the subgraph's params, in order of first use. The moved nodes are
 * marked dead (the caller compacts g). Returns the Fusion node. */
static IrNode *outline(IrModule *m, IrGraph *g, int n, IrNode **grp, IrNode *root) {
  IrGraph *sub = ir_graph_new(m, new_sub_name(m), root->loc);
  int next = 0, cap = 4;
  IrNode **ext = xmalloc(sizeof(IrNode *) * (size_t)cap);
  IrNode **par = xmalloc(sizeof(IrNode *) * (size_t)cap);
  IrNode **copy = xmalloc(sizeof(IrNode *) * (size_t)n);
  for (int i = 0; i < n; i++) {
    IrNode *x = grp[i];
    IrNode *in[8];
    IrNode **ins = x->nin <= 8 ? in : xmalloc(sizeof(IrNode *) * (size_t)x->nin);
    for (int k = 0; k < x->nin; k++) {
      IrNode *o = x->in[k];
      int j;
      for (j = 0; j < i && grp[j] != o; j++) {}
      if (j < i) {
        ins[k] = copy[j];
        continue;
      }
      if (inner_const(o)) {
        ins[k] = o;
        continue;
      }
      for (j = 0; j < next && ext[j] != o; j++) {}
      if (j == next) {
        if (next == cap) {
          cap *= 2;
          ext = xrealloc(ext, sizeof(IrNode *) * (size_t)cap);
          par = xrealloc(par, sizeof(IrNode *) * (size_t)cap);
        }
        char pname[32];
        snprintf(pname, sizeof pname, "in%d", next);
        ext[next] = o;
        par[next++] = ir_param(sub, arena_strdup(m->arena, pname), o->type);
      }
      ins[k] = par[j];
    }
    IrNode *c = ir_node(sub, x->op, x->nin, ins, x->type, x->loc);
    c->nattr = x->nattr;
    c->attrs = x->attrs;
    c->name = x->name;
    copy[i] = c;
    if (ins != in) free(ins);
  }
  int ri = 0;
  while (grp[ri] != root) ri++;
  ir_return(sub, copy[ri], root->loc);
  IrNode *f = ir_fusion(g, sub, next, ext, root->type, root->loc);
  f->name = root->name;
  for (int i = 0; i < n; i++) grp[i]->dead = true;
  free(ext);
  free(par);
  free(copy);
  return f;
}

IrNode *fuse_outline(IrModule *m, IrGraph *g, int n, IrNode **grp, IrNode *root) {
  IrNode *f = outline(m, g, n, grp, root);
  ir_graph_move_before(g, f, root);
  ir_replace_uses(g, root, f);
  return f;
}

/* The nodes of g (numbered, nn of them before the Fusion nodes were
 * appended) with each root's Fusion to[root id] in the root's place and
 * every use of a root, in g and in the subgraphs it calls, made a use of
 * its Fusion: what fuse_outline's move and replace do one group at a
 * time, in one walk (one walk per group made fusing quadratic in the
 * graph's size). */
static void place_fusions(IrGraph *g, int nn, IrNode **to) {
  int n, j = 0;
  IrGraph **gs = ir_graphs_called(g, &n);
  for (int w = 0; w < n; w++) {
    IrGraph *h = gs[w];
    for (int i = 0; i < h->nnode; i++)
      for (int k = 0; k < h->nodes[i]->nin; k++) {
        IrNode *o = h->nodes[i]->in[k];
        if (o->kind == IR_NK_NODE && o->owner == g && o->id >= 0 && o->id < nn && g->nodes[o->id] == o &&
            to[o->id])
          h->nodes[i]->in[k] = to[o->id];
      }
    IrNode *r = h->ret;
    if (r && r->kind == IR_NK_NODE && r->owner == g && r->id >= 0 && r->id < nn && g->nodes[r->id] == r &&
        to[r->id])
      h->ret = to[r->id];
  }
  free(gs);
  for (int i = 0; i < nn; i++) {
    IrNode *x = g->nodes[i];
    if (to[i]) g->nodes[j++] = to[i];
    else if (!x->dead) g->nodes[j++] = x;
  }
  g->nnode = j;
}

static int cmp_id(const void *a, const void *b) {
  const IrNode *x = *(IrNode *const *)a, *y = *(IrNode *const *)b;
  return (x->id > y->id) - (x->id < y->id);
}

static bool fuse_graph(IrModule *m, IrGraph *g) {
  int nn = g->nnode;
  int *uses = ir_use_counts(g); /* numbers g */
  bool *taken = xcalloc((size_t)nn + 1, sizeof(bool));
  IrNode **grp = xmalloc(sizeof(IrNode *) * ((size_t)nn + 1));
  IrNode **roots = xmalloc(sizeof(IrNode *) * ((size_t)nn + 1));
  int *gstart = xmalloc(sizeof(int) * ((size_t)nn + 2));
  IrNode **all = xmalloc(sizeof(IrNode *) * ((size_t)nn + 1));
  int ngroups = 0, nall = 0;
  /* roots from the end: a value's single user is grouped first */
  for (int i = nn - 1; i >= 0; i--) {
    IrNode *r = g->nodes[i];
    if (taken[i] || !candidate(r)) continue;
    int n = 0;
    grp[n++] = r;
    taken[i] = true;
    for (int w = 0; w < n && n < FUSE_MAX_NODES; w++) {
      IrNode *x = grp[w];
      for (int k = 0; k < x->nin && n < FUSE_MAX_NODES; k++) {
        IrNode *o = x->in[k];
        if (o->kind != IR_NK_NODE || o->owner != g || taken[o->id] || uses[o->id] != 1) continue;
        if (!candidate(o) || !same_shape(o->type, r->type) || in_group(grp, n, o)) continue;
        taken[o->id] = true;
        grp[n++] = o;
      }
    }
    if (n < 2) continue;
    qsort(grp, (size_t)n, sizeof(IrNode *), cmp_id);
    gstart[ngroups] = nall;
    roots[ngroups++] = r;
    memcpy(all + nall, grp, sizeof(IrNode *) * (size_t)n);
    nall += n;
  }
  gstart[ngroups] = nall;
  /* outline in graph order so subgraph numbers follow the node order */
  IrNode **to = xcalloc((size_t)nn + 1, sizeof(IrNode *));
  for (int k = ngroups - 1; k >= 0; k--)
    to[roots[k]->id] = outline(m, g, gstart[k + 1] - gstart[k], all + gstart[k], roots[k]);
  if (ngroups) place_fusions(g, nn, to);
  free(to);
  free(uses);
  free(taken);
  free(grp);
  free(roots);
  free(gstart);
  free(all);
  return ngroups > 0;
}

/* Every graph but fused kernels: the entry and the regions of If/While. */
bool pass_fuse_elementwise(IrModule *m, PassCtx *ctx) {
  (void)ctx;
  bool changed = false;
  int n0 = m->ngraph; /* fused kernels made here are appended */
  for (int k = 0; k < n0; k++)
    if (!pass_is_fusion_body(m, m->graphs[k])) changed |= fuse_graph(m, m->graphs[k]);
  return changed;
}
