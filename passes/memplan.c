/* memplan.c — the memory plan of a module's entry graph (memplan.h).
 *
 * Requires: a verified module whose entry graph takes and returns tensors.
 * Produces: a MemPlan: per schedule position where the node's result
 *   lives, its lifetime, view/in-place/snapshot/Parameter-output facts and
 *   scratch slots; the constants' slots; the arena buffers, placed.
 * Changes: only the entry graph's id fields (positions; ir_graph_number).
 *
 * The steps, in order (each a *_fill over the schedule; later ones read
 * what earlier ones found):
 *   1. schedule_fill   positions, refusals, the Parameters some Assign writes
 *   2. snapshots_fill  Loads that copy their Parameter (needs the outputs)
 *   3. param_outs_fill values computed straight into a Parameter (needs 2)
 *   4. outputs_fill    values computed straight into their output (needs 2)
 *   5. views_fill      views (not of values computed into outputs: 4)
 *   6. liveness_fill   last uses (through views), constants in first-use
 *                      order
 *   6b. q8_x16_fill    int8 values kept as x16 rows (needs 4, 5, 6)
 *   7. buffers_fill    the arena buffers in schedule order: each node's
 *                      value or view, then its scratch slots (op_scratch);
 *                      in-place candidates (needs 6)
 *   8. memplan_place   offsets (memplace.c)
 *   9. locations_fill  each position's location from 3, 4, 5, 8
 *  10. figures_fill    bytes outside the arena, for the report
 */
#include "memplan.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The analysis' working state. */
typedef struct Mp {
  MemPlan *p;
  const MemOptions *o;
  char *err;
  size_t errcap;
  bool failed;
  bool *assigned;     /* per param: some Assign writes it */
  int *outslot;       /* per position: output index computed into, or -1 */
  IrNode **viewbase;  /* per position: the operand a view aliases, or NULL */
  int capconst;
} Mp;

static MSC_PRINTF(3, 4) bool fail(Mp *s, const IrNode *n, const char *fmt, ...) {
  if (s->failed) return false;
  s->failed = true;
  Buf b = {0};
  if (n && n->loc.file) buf_printf(&b, "%s:%d:%d: ", n->loc.file, n->loc.line, n->loc.col);
  if (n && n->kind == IR_NK_NODE) buf_printf(&b, "%s: ", n->op < OP_COUNT ? op_info[n->op].name : ir_op_name(n->op));
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  if (s->err && s->errcap) snprintf(s->err, s->errcap, "%s", b.data ? b.data : "");
  buf_free(&b);
  return false;
}

static bool in_graph(const MemPlan *p, const IrNode *x) { return x->kind == IR_NK_NODE && x->owner == p->g; }
static MemValue *val(const MemPlan *p, const IrNode *x) { return &p->val[x->id]; }

static bool is_data(const IrNode *x) {
  return x->type && (x->type->kind == IR_T_TENSOR || x->type->kind == IR_T_SCALAR || x->type->kind == IR_T_REF);
}

static bool is_view_op(int op) { return op < OP_COUNT && op_has(op, OPP_VIEW); }

static bool is_region(const IrNode *n) { return n->kind == IR_NK_NODE && (n->op == IR_IF || n->op == IR_WHILE); }

static bool plan_graph(IrGraph *g, const MemOptions *o, int depth, MemPlan *p, char *err, size_t errcap);

/* ---- queries ---------------------------------------------------------------- */

IrNode *memplan_source(const MemPlan *p, IrNode *x) {
  for (int guard = 0; guard < 1000000 && x; guard++) {
    if (x->kind != IR_NK_NODE) return x;
    if (x->op == IR_TUPLE_GET && x->in[0]->kind == IR_NK_NODE && x->in[0]->op == IR_MAKE_TUPLE &&
        x->in[1]->kind == IR_NK_CONST && x->in[1]->cst.i >= 0 && x->in[1]->cst.i < x->in[0]->nin) {
      x = x->in[0]->in[x->in[1]->cst.i];
    } else if (x->op == IR_LOAD && !(in_graph(p, x) && val(p, x)->snapshot)) {
      x = x->in[0];
    } else if (x->op == IR_ASSIGN) {
      x = x->in[1];
    } else {
      return x;
    }
  }
  return x;
}

static bool is_tuple_node(const IrNode *r) {
  return r->type->kind == IR_T_TUPLE && r->kind == IR_NK_NODE && r->op == IR_MAKE_TUPLE;
}

IrNode **memplan_operands(const MemPlan *p, IrNode *n, int *nin) {
  int cnt = 0;
  for (int i = 0; i < n->nin; i++) {
    IrNode *r = memplan_source(p, n->in[i]);
    cnt += is_tuple_node(r) ? r->nin : 1;
  }
  IrNode **v = xmalloc(sizeof(IrNode *) * (size_t)(cnt ? cnt : 1));
  int k = 0;
  for (int i = 0; i < n->nin; i++) {
    IrNode *r = memplan_source(p, n->in[i]);
    if (!is_tuple_node(r)) v[k++] = r;
    else
      for (int j = 0; j < r->nin; j++) v[k++] = memplan_source(p, r->in[j]);
  }
  *nin = cnt;
  return v;
}

const MemConst *memplan_const(const MemPlan *p, const IrNode *x) {
  for (int i = 0; i < p->nconst; i++)
    if (p->consts[i].node == x) return &p->consts[i];
  return NULL;
}

const MemSlot *memplan_slot(const MemPlan *p, const IrNode *n, int k) {
  if (!in_graph(p, n) || k < 0 || k >= val(p, n)->nslot) return NULL;
  return &p->slots[val(p, n)->slot0 + k];
}

/* ---- 1. the schedule -------------------------------------------------------- */

static int64_t align_up(int64_t n) { return (n + MEMPLAN_ALIGN - 1) / MEMPLAN_ALIGN * MEMPLAN_ALIGN; }

/* The type of result k of region node n. */
static IrNode *region_result_type_of(const IrNode *n, int k, IrNode *tmp) {
  const IrType *t = n->op == IR_WHILE ? n->in[k]->type : n->type->kind == IR_T_TUPLE ? n->type->elem[k] : n->type;
  tmp->type = (IrType *)t;
  return tmp;
}

static int region_nres(const IrNode *n) {
  if (n->op == IR_WHILE) return n->nin;
  return n->type->kind == IR_T_TUPLE ? n->type->nelem : 1;
}

/* Does the While body return its state k unchanged? */
static bool body_keeps(const IrNode *n, int k) {
  const IrGraph *b = n->sub[1];
  const IrNode *r = b->ret;
  if (n->nin == 1) return r == b->params[0];
  return r->kind == IR_NK_NODE && r->op == IR_MAKE_TUPLE && r->nin == n->nin && r->in[k] == b->params[k];
}

/* Is the While body's result k a TensorScatterUpdate of its param k that
 * nothing else in the body reads (MemRegion.inplace)? */
static bool body_updates_in_place(const IrNode *n, int k) {
  const IrGraph *b = n->sub[1];
  const IrNode *r = b->ret, *p = b->params[k];
  if (n->nin == 1 || r->kind != IR_NK_NODE || r->op != IR_MAKE_TUPLE || r->nin != n->nin) return false;
  const IrNode *u = r->in[k];
  if (u->kind != IR_NK_NODE || u->op != OP_TensorScatterUpdate || u->in[0] != p) return false;
  for (int i = 0; i < r->nin; i++)
    if (i != k && (r->in[i] == u || r->in[i] == p)) return false;
  for (int i = 0; i < b->nnode; i++) {
    const IrNode *x = b->nodes[i];
    if (x == r) continue;
    for (int j = 0; j < x->nin; j++)
      if ((x->in[j] == p && (x != u || j != 0)) || (x->in[j] == u && x != r)) return false;
  } /* a region node reads only its operands: covered */
  return true;
}

/* Lays out the region's value buffer and slot (memplan.h "Regions"). */
static bool region_layout(Mp *s, IrNode *n, MemRegion *r) {
  int nr = region_nres(n);
  IrNode tmp;
  r->nres = nr;
  r->res_off = xcalloc((size_t)nr + 1, sizeof(int64_t));
  r->invariant = xcalloc((size_t)nr + 1, sizeof(bool));
  r->next_off = xcalloc((size_t)nr + 1, sizeof(int64_t));
  r->inplace = xcalloc((size_t)nr + 1, sizeof(bool));
  int64_t a = r->sub[0].arena > r->sub[1].arena ? r->sub[0].arena : r->sub[1].arena;
  r->slot = align_up(a);
  for (int k = 0; k < nr; k++) {
    MemShape sh;
    if (!memplan_shape(region_result_type_of(n, k, &tmp), &sh)) return fail(s, n, "result %d is not a tensor", k);
    r->invariant[k] = n->op == IR_WHILE && body_keeps(n, k);
    if (r->invariant[k]) continue;
    r->res_off[k] = r->value;
    r->value += align_up(memplan_nbytes(&sh));
    if (n->op != IR_WHILE) continue;
    r->inplace[k] = body_updates_in_place(n, k);
    if (r->inplace[k]) continue;
    r->next_off[k] = r->slot;
    r->slot += align_up(memplan_nbytes(&sh));
  }
  if (n->op == IR_WHILE) {
    r->flag_off = r->slot;
    r->slot += MEMPLAN_ALIGN;
  }
  return true;
}

/* Plans the subgraphs of region node n, then its layout. */
static bool plan_region(Mp *s, IrNode *n, int i) {
  MemRegion *r = xcalloc(1, sizeof *r);
  s->p->val[i].region = r;
  r->sub = xcalloc(2, sizeof(MemPlan));
  MemOptions o = *s->o;
  o.inline_max = INT64_MAX; /* a subgraph's constants are static arrays */
  char err[512];
  for (int k = 0; k < 2; k++)
    if (!plan_graph(n->sub[k], &o, s->p->depth + 1, &r->sub[k], err, sizeof err)) {
      s->failed = true;
      if (s->err && s->errcap) snprintf(s->err, s->errcap, "%s", err);
      return false;
    }
  return region_layout(s, n, r);
}

static bool schedule_fill(Mp *s) {
  MemPlan *p = s->p;
  IrGraph *g = p->g;
  ir_graph_number(g);
  for (int i = 0; i < g->nparam; i++) {
    MemShape sh;
    if (!memplan_shape(g->params[i], &sh))
      return fail(s, NULL, "param %s of @%s is not a tensor: C generation takes tensors only", g->params[i]->name,
                  g->name);
  }
  p->nnode = g->nnode;
  p->sched = g->nodes;
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    if (is_region(n) && !plan_region(s, n, i)) return false;
    if (n->op != IR_ASSIGN) continue;
    IrNode *par = n->in[0];
    if (par->kind != IR_NK_PARAM || par->owner != g) return fail(s, n, "operand 1 is not a Parameter");
    s->assigned[par->id] = true;
  }
  return true;
}

/* ---- 2. snapshots -----------------------------------------------------------
 * A Load of an assigned Parameter is copied only when some Assign of that
 * Parameter runs between the Load and a later use of its value (or of a
 * view of it); a training step reads every weight before it updates any,
 * so its Loads are the Parameters' data themselves. */

static bool is_out_alias(const MemPlan *p, const bool *alias) {
  for (int k = 0; k < p->nout; k++)
    if (in_graph(p, p->outs[k]) && alias[p->outs[k]->id]) return true;
  return false;
}

static bool snapshot_needed(Mp *s, int i) {
  MemPlan *p = s->p;
  IrNode *n = p->sched[i], *par = n->in[0];
  if (!(n->op == IR_LOAD && par->kind == IR_NK_PARAM && par->owner == p->g && s->assigned[par->id])) return false;
  int nn = p->nnode, first_assign = -1, last_use = i;
  bool *alias = xcalloc((size_t)nn + 1, sizeof(bool)); /* the Load and views of it */
  alias[i] = true;
  for (int j = i + 1; j < nn; j++) {
    IrNode *u = p->sched[j];
    if (first_assign < 0 && u->op == IR_ASSIGN && u->in[0] == par) first_assign = j;
    for (int k = 0; k < u->nin; k++) {
      IrNode *x = u->in[k];
      if (!(in_graph(p, x) && alias[x->id])) continue;
      last_use = u->op == IR_MAKE_TUPLE ? nn : j; /* a tuple: conservatively to the end */
      if (is_view_op(u->op)) alias[j] = true;
    }
  }
  if (is_out_alias(p, alias)) last_use = nn;
  free(alias);
  return first_assign >= 0 && first_assign < last_use;
}

static void snapshots_fill(Mp *s) {
  for (int i = 0; i < s->p->nnode; i++) s->p->val[i].snapshot = snapshot_needed(s, i);
}

/* ---- 3. Parameter outputs ---------------------------------------------------
 * Assign(par, v) where v is computed by this graph to be stored: v is
 * written straight into par (no arena buffer, no copy) when no read of
 * par's current value (a Load of it that is no snapshot) runs between v
 * and the Assign, v reads par only elementwise (same shape, same index)
 * or not at all, and v is no output. v's other uses (an optimizer's
 * moment, stored and read by the parameter's update) then read par: each
 * is a kernel or a Fusion (no view, tuple or region aliases v), and no
 * other Assign of par and no If/While runs from v to the last of them. */

static bool elementwise_node(const IrNode *n) {
  if (n->op != IR_FUSION) return op_has(n->op, OPP_EW);
  const IrGraph *sg = n->sub[0];
  if (!sg) return false;
  for (int i = 0; i < sg->nnode; i++)
    if (!op_has(sg->nodes[i]->op, OPP_FUSE)) return false;
  return true;
}

static bool reads_current(const MemPlan *p, const IrNode *x, const IrNode *par) {
  return x->kind == IR_NK_NODE && x->op == IR_LOAD && x->in[0] == par && !(in_graph(p, x) && val(p, x)->snapshot);
}

/* May u read a value that lives in a Parameter (a plain operand)? */
static bool plain_reader(const IrNode *u) {
  return (u->op < OP_COUNT && !is_view_op(u->op)) || u->op == IR_FUSION;
}

/* May v (position k) be computed into par, stored by the Assign at a? */
static bool param_out_ok(const MemPlan *p, const IrNode *v, const IrNode *par, int k, int a) {
  int last = a;
  for (int j = 0; j < p->nnode; j++) {
    const IrNode *u = p->sched[j];
    for (int q = 0; q < u->nin; q++) {
      const IrNode *x = u->in[q];
      if (x == v && j != a) {
        if (j < k || !plain_reader(u)) return false;
        if (j > last) last = j;
      }
      if (j > k && j < a && reads_current(p, x, par)) return false;
      if (j == k && reads_current(p, x, par) && !(elementwise_node(v) && ir_type_eq(x->type, v->type))) return false;
    }
  }
  for (int q = 0; q < p->nout; q++)
    if (p->outs[q] == v) return false;
  for (int j = k + 1; j < p->nnode; j++) {
    const IrNode *u = p->sched[j];
    if (j != a && u->op == IR_ASSIGN && u->in[0] == par) return false;
    if (j <= last && is_region(u)) return false;
  }
  return true;
}

static void param_outs_fill(Mp *s) {
  MemPlan *p = s->p;
  for (int a = 0; a < p->nnode; a++) {
    IrNode *as = p->sched[a];
    if (as->op != IR_ASSIGN) continue;
    IrNode *par = as->in[0], *v = as->in[1];
    if (!in_graph(p, v) || (v->op >= OP_COUNT && v->op != IR_FUSION)) continue;
    if (!ir_type_eq(ir_type_deref(p->g->mod, par->type), v->type)) continue;
    int k = v->id;
    if (k < 0 || k >= a || p->sched[k] != v || !param_out_ok(p, v, par, k, a)) continue;
    val(p, v)->param_out = true;
    val(p, v)->idx = par->id;
  }
}

/* ---- 4. outputs ------------------------------------------------------------- */

/* Does n write a result of its own (a kernel, or a snapshot's copy)? */
static bool produces(const MemPlan *p, const IrNode *n) {
  return n->op < OP_COUNT || n->op == IR_FUSION || n->op == IR_PY_EXECUTE || (n->op == IR_LOAD && val(p, n)->snapshot);
}

/* A buffer-producing node returned exactly once is computed into it.
 * Any other output (an input, a Parameter: a Load's source or what
 * simplify left of an identity op on one, a constant, a node returned
 * twice) is copied into the caller's buffer at the end (emit.c
 * emit_outputs): the caller never gets the weights' memory. A scalar
 * (not a tensor) output is refused. */
static bool outputs_fill(Mp *s) {
  MemPlan *p = s->p;
  for (int k = 0; k < p->nout; k++) {
    IrNode *r = memplan_source(p, p->outs[k]);
    MemShape sh;
    if (!memplan_shape(r, &sh) || r->type->kind == IR_T_SCALAR)
      return fail(s, NULL, "output %d of @%s is not a tensor", k, p->g->name);
  }
  for (int k = 0; k < p->nout; k++) {
    IrNode *r = memplan_source(p, p->outs[k]);
    if (r->kind != IR_NK_NODE || !produces(p, r)) continue;
    int times = 0;
    for (int j = 0; j < p->nout; j++) times += memplan_source(p, p->outs[j]) == r;
    if (times == 1) s->outslot[r->id] = k;
  }
  return true;
}

/* ---- 5. views ----------------------------------------------------------------
 * A VIEW op of a value with the same element count and dtype that is not
 * computed into an output copies nothing. */

/* TupleGetItem(R, k) of a region node R: a view into R's value buffer,
 * or of R's operand k when R is a While that keeps state k. */
static void region_view(Mp *s, IrNode *n, int i) {
  IrNode *R = n->in[0];
  const MemRegion *r = val(s->p, R)->region;
  int k = (int)n->in[1]->cst.i;
  if (k < 0 || k >= r->nres) return;
  if (r->invariant[k]) {
    s->viewbase[i] = memplan_source(s->p, R->in[k]);
    return;
  }
  s->viewbase[i] = R;
  s->p->val[i].view_off = r->res_off[k];
}

static void views_fill(Mp *s) {
  MemPlan *p = s->p;
  for (int i = 0; i < p->nnode; i++) {
    IrNode *n = p->sched[i];
    if (n->op == IR_TUPLE_GET && in_graph(p, n->in[0]) && is_region(n->in[0])) {
      region_view(s, n, i);
      continue;
    }
    if (!is_view_op(n->op) || s->outslot[i] >= 0) continue;
    int k;
    IrNode **ops = memplan_operands(p, n, &k);
    MemShape a, o;
    if (k == 1 && is_data(ops[0]) && memplan_shape(ops[0], &a) && memplan_shape(n, &o) &&
        n->type->kind == IR_T_TENSOR && a.dt == o.dt && memplan_nelem(&a) == memplan_nelem(&o) &&
        memplan_nelem(&o) > 0)
      s->viewbase[i] = ops[0];
    free(ops);
  }
}

/* ---- 6. liveness and constants ---------------------------------------------- */

static bool same_const(const IrNode *x, const IrNode *y) {
  if (y->cst.kind != x->cst.kind || !ir_type_eq(y->type, x->type)) return false;
  if (x->cst.kind == IR_C_TENSOR)
    return y->cst.nbytes == x->cst.nbytes &&
           (x->cst.nbytes == 0 || memcmp(y->cst.data, x->cst.data, x->cst.nbytes) == 0);
  return y->cst.i == x->cst.i && memcmp(&y->cst.f, &x->cst.f, sizeof(double)) == 0;
}

/* Gives a data constant its slot on its first use (equal ones share). */
static void const_use(Mp *s, IrNode *x) {
  MemPlan *p = s->p;
  MemShape sh;
  if (x->kind != IR_NK_CONST || memplan_const(p, x)) return;
  if ((x->cst.kind != IR_C_TENSOR && x->cst.kind != IR_C_SCALAR) || !memplan_shape(x, &sh)) return;
  if (p->nconst == s->capconst) {
    s->capconst = s->capconst ? 2 * s->capconst : 16;
    p->consts = xrealloc(p->consts, sizeof(MemConst) * (size_t)s->capconst);
  }
  MemConst *c = &p->consts[p->nconst];
  for (int i = 0; i < p->nconst; i++)
    if (same_const(x, p->consts[i].node)) {
      *c = p->consts[i];
      c->node = x;
      c->dup = true;
      p->nconst++;
      return;
    }
  c->node = x;
  c->dup = false;
  c->by_ptr = x->cst.kind == IR_C_TENSOR && memplan_nelem(&sh) > s->o->inline_max;
  c->idx = c->by_ptr ? p->nptr++ : p->ninline++;
  p->nconst++;
}

/* Position at reads x: x stays live until then, and so does what a view
 * aliases (transitively). */
static void use(Mp *s, IrNode *x, int at) {
  const_use(s, x);
  for (int guard = 0; guard < 1000000 && x && in_graph(s->p, x); guard++) {
    if (val(s->p, x)->last < at) val(s->p, x)->last = at;
    x = s->viewbase[x->id];
  }
}

static bool use_operands(Mp *s, IrNode *n, int i) {
  int k;
  IrNode **ops = memplan_operands(s->p, n, &k);
  for (int j = 0; j < k; j++) {
    if (!is_data(ops[j])) {
      free(ops);
      return fail(s, n, "operand %d is not a tensor", j + 1);
    }
    use(s, ops[j], i);
  }
  free(ops);
  if (!n->type || n->type->kind != IR_T_TENSOR) return fail(s, n, "the result is not a tensor");
  return true;
}

static bool use_node(Mp *s, IrNode *n, int i) {
  MemPlan *p = s->p;
  if (n->op < OP_COUNT || n->op == IR_FUSION || n->op == IR_PY_EXECUTE) return use_operands(s, n, i);
  if (is_region(n)) {
    for (int j = 0; j < n->nin; j++) {
      IrNode *r = memplan_source(p, n->in[j]);
      if (!is_data(r)) return fail(s, n, "operand %d is not a tensor", j + 1);
      use(s, r, i);
    }
    return true;
  }
  if (n->op == IR_PRINT) {
    for (int j = 0; j < n->nin; j++) {
      IrNode *r = memplan_source(p, n->in[j]);
      if (r->type->kind == IR_T_TENSOR) use(s, r, i);
    }
  } else if (n->op == IR_ASSIGN || (n->op == IR_LOAD && val(p, n)->snapshot)) {
    use(s, memplan_source(p, n->op == IR_ASSIGN ? n->in[1] : n->in[0]), i);
  } else if (n->op == IR_TUPLE_GET && !(n->in[0]->kind == IR_NK_NODE &&
                                         (n->in[0]->op == IR_MAKE_TUPLE || is_region(n->in[0])))) {
    return fail(s, n, "only a TupleGetItem of a MakeTuple is supported");
  }
  return true;
}

static bool liveness_fill(Mp *s) {
  MemPlan *p = s->p;
  for (int i = 0; i < p->nnode; i++)
    if (!use_node(s, p->sched[i], i)) return false;
  for (int k = 0; k < p->nout; k++) use(s, memplan_source(p, p->outs[k]), p->nnode);
  return true;
}

/* ---- 7. buffers -------------------------------------------------------------- */

/* The value whose storage x's data is: x, or what a view aliases. */
static IrNode *storage_of(Mp *s, IrNode *x) {
  for (int guard = 0; guard < 1000000 && in_graph(s->p, x) && s->viewbase[x->id]; guard++) x = s->viewbase[x->id];
  return x;
}

static bool same_shape(const MemShape *a, const MemShape *b) {
  return a->ndim == b->ndim && memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->ndim) == 0;
}

/* May an operand of type it share its storage with n's result (type ot)?
 * These kernels read element i of such an operand before they write
 * element i of the result, so an operand of exactly the result's shape
 * and element size qualifies (the same dtype but for Cast). Round of an
 * integer is a memcpy: not in place. Elementwise Fusions qualify by the
 * same argument, but are kept out unless MEMPLAN_FUSION_INPLACE is
 * defined (as they always were). */
static bool inplace_kernel(const IrNode *n, const MemShape *it, const MemShape *ot) {
  if (!same_shape(it, ot)) return false;
  if (n->op == IR_FUSION) {
#ifdef MEMPLAN_FUSION_INPLACE
    return it->dt == ot->dt && elementwise_node(n);
#else
    return false;
#endif
  }
  if (!op_has(n->op, OPP_INPL) || msrt_dtype_size(it->dt) != msrt_dtype_size(ot->dt)) return false;
  if (n->op == OP_Round && !ir_dtype_is_float(ot->dt)) return false;
  return n->op == OP_Cast || it->dt == ot->dt;
}

/* Is st read by no operand of ops but j, or only with the result's shape? */
static bool sole_stride(Mp *s, IrNode **ops, int k, int j, const IrNode *st, const MemShape *ot) {
  for (int m = 0; m < k; m++) {
    MemShape mt;
    if (m != j && storage_of(s, ops[m]) == st && !(memplan_shape(ops[m], &mt) && same_shape(&mt, ot))) return false;
  }
  return true;
}

/* The buffer node n (position i, result type ot) may write its result
 * into, or -1: an operand's storage that is an arena value of the same
 * size dying at this node. */
static int inplace_operand(Mp *s, IrNode *n, int i, const MemShape *ot) {
  MemPlan *p = s->p;
  if (n->op >= OP_COUNT && n->op != IR_FUSION) return -1;
  int k, r = -1;
  IrNode **ops = memplan_operands(p, n, &k);
  for (int j = 0; j < k && r < 0; j++) {
    MemShape it;
    if (!memplan_shape(ops[j], &it) || !inplace_kernel(n, &it, ot)) continue;
    IrNode *st = storage_of(s, ops[j]);
    if (!in_graph(p, st) || val(p, st)->buf < 0 || val(p, st)->last != i) continue;
    const MemBuf *b = &p->bufs[val(p, st)->buf];
    if (b->kind == MB_VALUE && b->size == memplan_nbytes(ot) && sole_stride(s, ops, k, j, st, ot)) r = val(p, st)->buf;
  }
  free(ops);
  return r;
}

static void scratch_fill(Mp *s, IrNode *n, int i) {
  MemPlan *p = s->p;
  MemScratch sc;
  op_scratch(n, &p->target, &sc);
  if (val(p, n)->x16) sc.n = 0; /* msrt_q8_dense_x16 reads its input's rows as they are */
  val(p, n)->slot0 = p->nslot;
  val(p, n)->nslot = sc.n;
  p->slots = xrealloc(p->slots, sizeof(MemSlot) * (size_t)(p->nslot + sc.n + 1));
  for (int k = 0; k < sc.n; k++) {
    MemSlot *sl = &p->slots[p->nslot++];
    *sl = (MemSlot){0, sc.bytes[k], sc.what[k], -1};
    if (sl->size > 0) sl->buf = memplan_add(p, MB_SCRATCH, n, sl->size, i, i, -1);
  }
}

/* Does node n get a MemBuf (a value, a view) or scratch? Structural
 * nodes but a snapshot do not. */
static bool has_storage(const MemPlan *p, const IrNode *n) {
  if (n->op == IR_MAKE_TUPLE || n->op == IR_TUPLE_GET || n->op == IR_PRINT || n->op == IR_ASSIGN) return false;
  return n->op != IR_LOAD || val(p, n)->snapshot;
}

/* A region node: its value buffer and its slot. */
static void region_buffers(Mp *s, IrNode *n, int i) {
  MemPlan *p = s->p;
  MemValue *v = val(p, n);
  const MemRegion *r = v->region;
  int last = v->last > i ? v->last : i;
  if (r->value > 0) v->buf = memplan_add(p, MB_VALUE, n, r->value, i, last, -1);
  v->slot0 = p->nslot;
  v->nslot = 1;
  p->slots = xrealloc(p->slots, sizeof(MemSlot) * (size_t)(p->nslot + 2));
  MemSlot *sl = &p->slots[p->nslot++];
  *sl = (MemSlot){0, r->slot, n->op == IR_IF ? "the branches' arenas" : "the loop's arenas and next state", -1};
  if (sl->size > 0) sl->buf = memplan_add(p, MB_SCRATCH, n, sl->size, i, i, -1);
}

/* ---- 6b. x16 rows ----------------------------------------------------------
 * An int8 value goes between layers as x16 rows (runtime/quant.c) when it
 * is the 2-D result of a QuantizeInt8, or of a QuantDense that reads x16
 * rows and can run as msrt_q8_dense_x16 (mem_q8_x16_dense), and every
 * reader is such a QuantDense (its input) or a DequantizeInt8: a chain
 * QuantizeInt8 -> QuantDense ... -> DequantizeInt8, whose layers then
 * neither expand their input nor need scratch. Not for a graph output, a
 * value written into a Parameter, a view's base, nor in a region's
 * subgraphs (the emitter's blocks call the int8 kernels). The candidates
 * shrink until every member's readers are members or DequantizeInt8. */
static int64_t value_bytes(const MemValue *v, const MemShape *sh) {
  return v->x16 ? sh->shape[0] * 4 * msrt_q8_x16_words((int32_t)sh->shape[1]) : memplan_nbytes(sh);
}

static void q8_x16_fill(Mp *s) {
  MemPlan *p = s->p;
  if (p->depth > 0 || p->target.no_simd32) return;
  bool any = false;
  for (int i = 0; i < p->nnode; i++) {
    IrNode *n = p->sched[i];
    MemValue *v = &p->val[i];
    const IrType *t = n->type;
    if (n->kind != IR_NK_NODE || (n->op != OP_QuantizeInt8 && n->op != OP_QuantDense) || !t ||
        t->kind != IR_T_TENSOR || t->ndim != 2 || t->dt != MSRT_INT8 || t->shape[0] <= 0 || t->shape[1] <= 0 ||
        t->shape[1] > INT32_MAX / 2 || s->outslot[i] >= 0 || v->param_out || v->last < 0)
      continue;
    if (n->op == OP_QuantizeInt8 && t->shape[0] > INT32_MAX / 4 / msrt_q8_x16_words((int32_t)t->shape[1])) continue;
    if (n->op == OP_QuantDense) {
      int k = 0;
      IrNode **ops = memplan_operands(p, n, &k);
      bool ok = mem_q8_x16_dense(n, ops, k, &p->target);
      free(ops);
      if (!ok) continue;
    }
    v->x16 = any = true;
  }
  for (bool changed = any; changed;) {
    changed = false;
    for (int i = 0; i < p->nnode; i++) {
      IrNode *n = p->sched[i];
      if (n->kind != IR_NK_NODE || is_region(n)) continue;
      int k = 0;
      IrNode **ops = memplan_operands(p, n, &k);
      for (int j = 0; j < k; j++) {
        IrNode *x = ops[j];
        if (!in_graph(p, x) || !val(p, x)->x16) continue;
        bool reader = j == 0 && (n->op == OP_DequantizeInt8 || (n->op == OP_QuantDense && val(p, n)->x16));
        if (!reader || s->viewbase[i]) val(p, x)->x16 = false, changed = true;
      }
      if (n->op == OP_QuantDense && val(p, n)->x16 && (k < 1 || !in_graph(p, ops[0]) || !val(p, ops[0])->x16))
        val(p, n)->x16 = false, changed = true; /* its input is not rows */
      free(ops);
    }
  }
}

bool memplan_x16(const MemPlan *p, const IrNode *n) { return n && in_graph(p, n) && val(p, n)->x16; }

static bool buffer_node(Mp *s, IrNode *n, int i) {
  MemPlan *p = s->p;
  MemValue *v = val(p, n);
  MemShape ot;
  if (is_region(n)) {
    region_buffers(s, n, i);
    return true;
  }
  if (!memplan_shape(n, &ot)) return fail(s, n, "the result is not a tensor");
  int last = v->last > i ? v->last : i;
  if (s->viewbase[i]) {
    IrNode *st = storage_of(s, s->viewbase[i]);
    v->buf = memplan_add(p, MB_VIEW, n, 0, i, last, in_graph(p, st) ? val(p, st)->buf : -1);
    return true;
  }
  if (memplan_nelem(&ot) > 0 && s->outslot[i] < 0 && !v->param_out)
    v->buf = memplan_add(p, MB_VALUE, n, value_bytes(v, &ot), i, last, v->x16 ? -1 : inplace_operand(s, n, i, &ot));
  if (n->op != IR_LOAD) scratch_fill(s, n, i);
  return true;
}

static bool buffers_fill(Mp *s) {
  for (int i = 0; i < s->p->nnode; i++) {
    IrNode *n = s->p->sched[i];
    if (has_storage(s->p, n) && !buffer_node(s, n, i)) return false;
  }
  return true;
}

/* ---- 9. locations ----------------------------------------------------------- */

/* Where x's data is, as a MemValue's loc/idx/off. */
static void loc_of(const MemPlan *p, const IrNode *x, MemValue *to) {
  to->loc = ML_NONE;
  if (x->kind == IR_NK_PARAM) {
    to->loc = ML_PARAM;
    to->idx = x->id;
  } else if (x->kind == IR_NK_CONST) {
    const MemConst *c = memplan_const(p, x);
    if (c) {
      to->loc = ML_CONST;
      to->idx = (int)(c - p->consts);
    }
  } else if (in_graph(p, x)) {
    to->loc = val(p, x)->loc;
    to->idx = val(p, x)->idx;
    to->off = val(p, x)->off;
  }
}

static void locate_result(Mp *s, IrNode *n, int i) {
  MemPlan *p = s->p;
  MemValue *v = &p->val[i];
  MemShape ot;
  if (!memplan_shape(n, &ot) || memplan_nelem(&ot) == 0) {
    v->loc = ML_NONE;
  } else if (s->outslot[i] >= 0) {
    v->loc = ML_OUTPUT; /* also when an Assign stores it: that one copies */
    v->idx = s->outslot[i];
    v->param_out = false;
  } else if (v->param_out) {
    v->loc = ML_PARAM; /* idx: the Parameter (param_outs_fill) */
  } else if (v->buf >= 0) {
    const MemBuf *b = &p->bufs[v->buf];
    v->loc = ML_ARENA;
    v->off = b->offset;
    v->inplace_of = b->inplace_of >= 0 ? p->bufs[b->inplace_of].node : NULL;
  }
}

static void locations_fill(Mp *s) {
  MemPlan *p = s->p;
  for (int i = 0; i < p->nnode; i++) {
    IrNode *n = p->sched[i];
    MemValue *v = &p->val[i];
    v->def = i;
    if (n->op == IR_MAKE_TUPLE || n->op == IR_PRINT) continue;
    if (s->viewbase[i]) {
      int64_t voff = v->view_off;
      v->view_of = s->viewbase[i];
      loc_of(p, s->viewbase[i], v);
      v->off += voff;
    } else if (is_region(n)) {
      if (v->buf >= 0) {
        v->loc = ML_ARENA;
        v->off = p->bufs[v->buf].offset;
        v->size = v->region->value;
      }
      continue;
    } else if (!has_storage(p, n)) {
      loc_of(p, memplan_source(p, n), v);
    } else {
      locate_result(s, n, i);
    }
    MemShape sh;
    if (v->loc != ML_NONE && memplan_shape(n, &sh)) v->size = value_bytes(v, &sh);
  }
}

/* ---- 10. figures ------------------------------------------------------------ */

static void figures_fill(MemPlan *p) {
  MemShape sh;
  for (int i = 0; i < p->g->nparam; i++) {
    memplan_shape(p->g->params[i], &sh);
    if (p->g->params[i]->is_parameter) p->weights += memplan_nbytes(&sh);
    else p->inputs += memplan_nbytes(&sh);
  }
  for (int i = 0; i < p->nconst; i++)
    if (p->consts[i].by_ptr && !p->consts[i].dup && memplan_shape(p->consts[i].node, &sh))
      p->weights += memplan_nbytes(&sh);
  for (int k = 0; k < p->nout; k++) {
    memplan_shape(memplan_source(p, p->outs[k]), &sh);
    p->outputs += memplan_nbytes(&sh);
  }
}

/* ---- the entry -------------------------------------------------------------- */

static void init(Mp *s, MemPlan *p, IrGraph *g) {
  int nn = g->nnode;
  p->g = g;
  p->val = xcalloc((size_t)nn + 1, sizeof(MemValue));
  for (int i = 0; i < nn; i++) {
    p->val[i].last = -1;
    p->val[i].buf = -1;
  }
  s->assigned = xcalloc((size_t)g->nparam + 1, sizeof(bool));
  s->outslot = xmalloc(sizeof(int) * ((size_t)nn + 1));
  for (int i = 0; i < nn; i++) s->outslot[i] = -1;
  s->viewbase = xcalloc((size_t)nn + 1, sizeof(IrNode *));
  p->nout = ir_outputs(g, &p->outs);
}

static bool compute(Mp *s) {
  if (!schedule_fill(s)) return false;
  snapshots_fill(s);
  param_outs_fill(s);
  if (!outputs_fill(s)) return false;
  views_fill(s);
  if (!liveness_fill(s)) return false;
  q8_x16_fill(s);
  if (!buffers_fill(s)) return false;
  s->p->out_base = s->p->g->nparam + s->p->nptr;
  memplan_place(s->p);
  locations_fill(s);
  figures_fill(s->p);
  return true;
}

static bool plan_graph(IrGraph *g, const MemOptions *o, int depth, MemPlan *p, char *err, size_t errcap) {
  memset(p, 0, sizeof *p);
  p->target = o->target;
  p->depth = depth;
  Mp s = {p, o, err, errcap, false, NULL, NULL, NULL, 0};
  init(&s, p, g);
  bool ok = compute(&s);
  free(s.assigned);
  free(s.outslot);
  free(s.viewbase);
  if (!ok) memplan_free(p);
  return ok;
}

bool memplan_compute(IrModule *m, const MemOptions *o, MemPlan *p, char *err, size_t errcap) {
  static const MemOptions dflt = {.target = {.isa = MEM_ISA_PORTABLE}, .inline_max = 16};
  MemOptions opts = o ? *o : dflt;
  if (opts.inline_max <= 0) opts.inline_max = 16;
  if (err && errcap) err[0] = 0;
  IrGraph *g = ir_module_entry(m);
  if (!g) {
    memset(p, 0, sizeof *p);
    if (err && errcap) snprintf(err, errcap, "the module has no graph");
    return false;
  }
  return plan_graph(g, &opts, 0, p, err, errcap);
}

static void region_free(MemRegion *r) {
  if (!r) return;
  if (r->sub) {
    memplan_free(&r->sub[0]);
    memplan_free(&r->sub[1]);
  }
  free(r->sub);
  free(r->res_off);
  free(r->invariant);
  free(r->next_off);
  free(r->inplace);
  free(r);
}

void memplan_free(MemPlan *p) {
  for (int i = 0; p->val && i < p->nnode; i++) region_free(p->val[i].region);
  free(p->val);
  free(p->slots);
  free(p->consts);
  free(p->bufs);
  memset(p, 0, sizeof *p);
}
