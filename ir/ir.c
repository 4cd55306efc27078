/* ir.c — graph construction, types, op names (see ir.h). Everything lives
 * in the module's arena; arrays grow by doubling into fresh arena blocks. */
#include "ir.h"

#include <ctype.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>

const IrLoc ir_noloc;

static const char *const struct_names[IR_NUM_OPS - OP_COUNT] = {
#define OP(...)
#define SOP(name, en, nin, props) #name,
#include "ops.def"
#undef SOP
#undef OP
};

static const char *const prim_names[OP_COUNT] = {
#define OP(name, nin, group, code, props, grad, attrs) "PrimFunc_" #name,
#include "ops.def"
#undef OP
};

const char *ir_op_name(int op) {
  if (op >= 0 && op < OP_COUNT) return prim_names[op];
  if (op >= OP_COUNT && op < IR_NUM_OPS) return struct_names[op - OP_COUNT];
  return "?";
}

int ir_op_lookup(const char *name) {
  for (int i = 0; i < IR_NUM_OPS - OP_COUNT; i++)
    if (strcmp(name, struct_names[i]) == 0) return OP_COUNT + i;
  const char *bare = strncmp(name, "PrimFunc_", 9) == 0 ? name + 9 : name;
  for (int i = 0; i < OP_COUNT; i++)
    if (strcmp(bare, prim_names[i] + 9) == 0) return i;
  return -1;
}

/* Grows *arr (n used, *cap allocated, elements of size sz) by one slot. */
static void *grow(Arena *a, void *arr, int n, int *cap, size_t sz) {
  if (n < *cap) return arr;
  int ncap = *cap ? *cap * 2 : 8;
  void *p = arena_alloc(a, sz * (size_t)ncap);
  if (n) memcpy(p, arr, sz * (size_t)n);
  *cap = ncap;
  return p;
}

/* ---- types ---------------------------------------------------------------- */

static IrType *type_new(IrModule *m, IrTypeKind k) {
  IrType *t = arena_alloc(m->arena, sizeof *t);
  t->kind = k;
  return t;
}

static IrType *type_shaped(IrModule *m, IrTypeKind k, msrt_dtype dt, int ndim, const int64_t *shape) {
  MSC_ASSERT(ndim >= 0 && ndim <= MSRT_MAX_NDIM);
  IrType *t = type_new(m, k);
  t->dt = dt;
  t->ndim = ndim;
  if (ndim) memcpy(t->shape, shape, sizeof(int64_t) * (size_t)ndim);
  return t;
}

IrType *ir_type_tensor(IrModule *m, msrt_dtype dt, int ndim, const int64_t *shape) {
  return type_shaped(m, IR_T_TENSOR, dt, ndim, shape);
}

IrType *ir_type_ref(IrModule *m, msrt_dtype dt, int ndim, const int64_t *shape) {
  return type_shaped(m, IR_T_REF, dt, ndim, shape);
}

IrType *ir_type_scalar(IrModule *m, msrt_dtype dt) {
  IrType *t = type_new(m, IR_T_SCALAR);
  t->dt = dt;
  return t;
}

IrType *ir_type_string(IrModule *m) { return type_new(m, IR_T_STRING); }
IrType *ir_type_none(IrModule *m) { return type_new(m, IR_T_NONE); }

IrType *ir_type_tuple(IrModule *m, int n, IrType *const *elem) {
  IrType *t = type_new(m, IR_T_TUPLE);
  t->nelem = n;
  t->elem = arena_alloc(m->arena, sizeof(IrType *) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++) t->elem[i] = elem[i];
  return t;
}

IrType *ir_type_deref(IrModule *m, IrType *t) {
  if (!t || t->kind != IR_T_REF) return t;
  return ir_type_tensor(m, t->dt, t->ndim, t->shape);
}

bool ir_type_eq(const IrType *a, const IrType *b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind) return false;
  switch (a->kind) {
  case IR_T_TENSOR:
  case IR_T_REF:
    if (a->dt != b->dt || a->ndim != b->ndim) return false;
    return a->ndim == 0 || memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->ndim) == 0;
  case IR_T_SCALAR: return a->dt == b->dt;
  case IR_T_STRING:
  case IR_T_NONE: return true;
  case IR_T_TUPLE:
    if (a->nelem != b->nelem) return false;
    for (int i = 0; i < a->nelem; i++)
      if (!ir_type_eq(a->elem[i], b->elem[i])) return false;
    return true;
  }
  return false;
}

static void shape_print(Buf *b, int ndim, const int64_t *shape) {
  buf_putc(b, '(');
  for (int i = 0; i < ndim; i++) buf_printf(b, "%s%lld", i ? ", " : "", (long long)shape[i]);
  buf_putc(b, ')');
}

void ir_type_print(Buf *b, const IrType *t) {
  if (!t) {
    buf_puts(b, "<?>");
    return;
  }
  switch (t->kind) {
  case IR_T_TENSOR:
    buf_printf(b, "<Tensor[%s], ", msrt_dtype_name(t->dt));
    shape_print(b, t->ndim, t->shape);
    buf_putc(b, '>');
    break;
  case IR_T_REF:
    buf_printf(b, "<Ref[Tensor[%s]], ", msrt_dtype_name(t->dt));
    shape_print(b, t->ndim, t->shape);
    buf_putc(b, '>');
    break;
  case IR_T_SCALAR: buf_printf(b, "<%s, NoShape>", msrt_dtype_name(t->dt)); break;
  case IR_T_STRING: buf_puts(b, "<String, NoShape>"); break;
  case IR_T_NONE: buf_puts(b, "<None, NoShape>"); break;
  case IR_T_TUPLE:
    buf_puts(b, "<Tuple[");
    for (int i = 0; i < t->nelem; i++) {
      if (i) buf_puts(b, ", ");
      ir_type_print(b, t->elem[i]);
    }
    buf_puts(b, "]>");
    break;
  }
}

/* ---- locations ------------------------------------------------------------ */

IrLoc ir_loc(IrModule *m, Loc l) {
  IrLoc r = ir_noloc;
  if (!l.file) return r;
  r.file = arena_strdup(m->arena, l.file->name);
  src_linecol(l.file, l.beg, &r.line, &r.col);
  return r;
}

IrLoc ir_loc_at(IrModule *m, const char *file, int line, int col) {
  IrLoc r = ir_noloc;
  r.file = file ? arena_strdup(m->arena, file) : NULL;
  r.line = line;
  r.col = col;
  return r;
}

/* ---- modules and graphs --------------------------------------------------- */

IrModule *ir_module_new(void) {
  Arena *a = arena_new();
  IrModule *m = arena_alloc(a, sizeof *m);
  m->arena = a;
  return m;
}

void ir_module_free(IrModule *m) {
  if (m) arena_free(m->arena);
}

IrGraph *ir_module_entry(const IrModule *m) { return m->ngraph ? m->graphs[0] : NULL; }

IrGraph *ir_module_find(const IrModule *m, const char *name) {
  for (int i = 0; i < m->ngraph; i++)
    if (strcmp(m->graphs[i]->name, name) == 0) return m->graphs[i];
  return NULL;
}

void ir_module_set_entry(IrModule *m, IrGraph *g) {
  int i = 0;
  while (i < m->ngraph && m->graphs[i] != g) i++;
  MSC_ASSERT(i < m->ngraph);
  for (; i > 0; i--) m->graphs[i] = m->graphs[i - 1];
  m->graphs[0] = g;
}

IrGraph *ir_graph_new(IrModule *m, const char *name, IrLoc loc) {
  IrGraph *g = arena_alloc(m->arena, sizeof *g);
  g->name = arena_strdup(m->arena, name);
  g->mod = m;
  g->loc = loc;
  m->graphs = grow(m->arena, m->graphs, m->ngraph, &m->capgraph, sizeof(IrGraph *));
  m->graphs[m->ngraph++] = g;
  return g;
}

static IrNode *param_new(IrGraph *g, const char *name, IrType *t) {
  IrNode *p = arena_alloc(g->mod->arena, sizeof *p);
  p->kind = IR_NK_PARAM;
  p->type = t;
  p->name = arena_strdup(g->mod->arena, name && *name ? name : "p");
  p->owner = g;
  IrNode **np = arena_alloc(g->mod->arena, sizeof(IrNode *) * (size_t)(g->nparam + 1));
  if (g->nparam) memcpy(np, g->params, sizeof(IrNode *) * (size_t)g->nparam);
  np[g->nparam++] = p;
  g->params = np;
  return p;
}

IrNode *ir_param(IrGraph *g, const char *name, IrType *t) { return param_new(g, name, t); }

IrNode *ir_parameter(IrGraph *g, const char *name, IrType *t) {
  IrType *r = t;
  if (t && t->kind == IR_T_TENSOR) r = ir_type_ref(g->mod, t->dt, t->ndim, t->shape);
  IrNode *p = param_new(g, name, r);
  p->is_parameter = true;
  return p;
}

IrNode *ir_node(IrGraph *g, int op, int nin, IrNode *const *in, IrType *t, IrLoc loc) {
  Arena *a = g->mod->arena;
  IrNode *n = arena_alloc(a, sizeof *n);
  n->kind = IR_NK_NODE;
  n->op = op;
  n->type = t;
  n->nin = nin;
  n->in = arena_alloc(a, sizeof(IrNode *) * (size_t)(nin ? nin : 1));
  for (int i = 0; i < nin; i++) n->in[i] = in[i];
  n->loc = loc;
  n->owner = g;
  g->nodes = grow(a, g->nodes, g->nnode, &g->capnode, sizeof(IrNode *));
  g->nodes[g->nnode++] = n;
  return n;
}

IrNode *ir_node1(IrGraph *g, int op, IrNode *a, IrType *t, IrLoc loc) {
  return ir_node(g, op, 1, &a, t, loc);
}

IrNode *ir_node2(IrGraph *g, int op, IrNode *a, IrNode *b, IrType *t, IrLoc loc) {
  IrNode *in[2] = {a, b};
  return ir_node(g, op, 2, in, t, loc);
}

IrNode *ir_make_tuple(IrGraph *g, int n, IrNode *const *v, IrLoc loc) {
  IrType **el = arena_alloc(g->mod->arena, sizeof(IrType *) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++) el[i] = v[i]->type;
  return ir_node(g, IR_MAKE_TUPLE, n, v, ir_type_tuple(g->mod, n, el), loc);
}

IrNode *ir_tuple_get(IrGraph *g, IrNode *t, int64_t i, IrLoc loc) {
  IrType *rt = NULL;
  if (t->type && t->type->kind == IR_T_TUPLE && i >= 0 && i < t->type->nelem) rt = t->type->elem[i];
  return ir_node2(g, IR_TUPLE_GET, t, ir_const_int(g->mod, MSRT_INT64, i), rt, loc);
}

IrNode *ir_load(IrGraph *g, IrNode *parameter, IrLoc loc) {
  return ir_node1(g, IR_LOAD, parameter, ir_type_deref(g->mod, parameter->type), loc);
}

IrNode *ir_assign(IrGraph *g, IrNode *parameter, IrNode *v, IrLoc loc) {
  return ir_node2(g, IR_ASSIGN, parameter, v, v->type, loc);
}

IrNode *ir_if(IrGraph *g, IrNode *cond, IrGraph *then_g, IrGraph *else_g, int nargs,
              IrNode *const *args, IrType *t, IrLoc loc) {
  IrNode **in = arena_alloc(g->mod->arena, sizeof(IrNode *) * (size_t)(nargs + 1));
  in[0] = cond;
  for (int i = 0; i < nargs; i++) in[i + 1] = args[i];
  if (!t && then_g->ret) t = then_g->ret->type;
  IrNode *n = ir_node(g, IR_IF, nargs + 1, in, t, loc);
  n->sub[0] = then_g;
  n->sub[1] = else_g;
  return n;
}

IrNode *ir_while(IrGraph *g, IrGraph *cond_g, IrGraph *body_g, int nargs, IrNode *const *args,
                 IrType *t, IrLoc loc) {
  if (!t && body_g->ret) t = body_g->ret->type;
  IrNode *n = ir_node(g, IR_WHILE, nargs, args, t, loc);
  n->sub[0] = cond_g;
  n->sub[1] = body_g;
  return n;
}

IrNode *ir_fusion(IrGraph *g, IrGraph *sub, int nargs, IrNode *const *args, IrType *t, IrLoc loc) {
  if (!t && sub->ret) t = sub->ret->type;
  IrNode *n = ir_node(g, IR_FUSION, nargs, args, t, loc);
  n->sub[0] = sub;
  return n;
}

void ir_return(IrGraph *g, IrNode *v, IrLoc loc) {
  g->ret = v;
  g->ret_loc = loc;
}

IrNode *ir_print_node(IrGraph *g, int n, IrNode *const *v, IrLoc loc) {
  return ir_node(g, IR_PRINT, n, v, ir_type_none(g->mod), loc);
}

int ir_outputs(IrGraph *g, IrNode ***outs) {
  IrNode *r = g->ret;
  if (!r || r->type->kind == IR_T_NONE) {
    *outs = NULL;
    return 0;
  }
  if (r->kind == IR_NK_NODE && r->op == IR_MAKE_TUPLE) {
    *outs = r->in;
    return r->nin;
  }
  *outs = &g->ret;
  return 1;
}

void ir_node_set_name(IrNode *n, const char *name) {
  n->name = name ? arena_strdup(n->owner->mod->arena, name) : NULL;
}

/* ---- attributes ----------------------------------------------------------- */

static IrAttr *attr_add(IrNode *n, const char *name, IrAttrKind k) {
  Arena *a = n->owner->mod->arena;
  IrAttr *na = arena_alloc(a, sizeof(IrAttr) * (size_t)(n->nattr + 1));
  if (n->nattr) memcpy(na, n->attrs, sizeof(IrAttr) * (size_t)n->nattr);
  n->attrs = na;
  IrAttr *at = &na[n->nattr++];
  at->name = arena_strdup(a, name);
  at->kind = k;
  return at;
}

void ir_attr_int(IrNode *n, const char *name, int64_t v) { attr_add(n, name, IR_A_INT)->i = v; }
void ir_attr_float(IrNode *n, const char *name, double v) { attr_add(n, name, IR_A_FLOAT)->f = v; }
void ir_attr_bool(IrNode *n, const char *name, bool v) { attr_add(n, name, IR_A_BOOL)->i = v; }
void ir_attr_dtype(IrNode *n, const char *name, msrt_dtype dt) { attr_add(n, name, IR_A_DTYPE)->i = dt; }

void ir_attr_str(IrNode *n, const char *name, const char *v) {
  attr_add(n, name, IR_A_STR)->s = arena_strdup(n->owner->mod->arena, v);
}

void ir_attr_ints(IrNode *n, const char *name, int k, const int64_t *v) {
  IrAttr *at = attr_add(n, name, IR_A_INTS);
  int64_t *c = arena_alloc(n->owner->mod->arena, sizeof(int64_t) * (size_t)(k ? k : 1));
  if (k) memcpy(c, v, sizeof(int64_t) * (size_t)k);
  at->n = k;
  at->ints = c;
}

const IrAttr *ir_attr_get(const IrNode *n, const char *name) {
  for (int i = 0; i < n->nattr; i++)
    if (strcmp(n->attrs[i].name, name) == 0) return &n->attrs[i];
  return NULL;
}

/* ---- constants ------------------------------------------------------------ */

static IrNode *const_new(IrModule *m, IrConstKind k, IrType *t) {
  IrNode *n = arena_alloc(m->arena, sizeof *n);
  n->kind = IR_NK_CONST;
  n->cst.kind = k;
  n->type = t;
  return n;
}

IrNode *ir_const_int(IrModule *m, msrt_dtype dt, int64_t v) {
  IrNode *n = const_new(m, IR_C_SCALAR, ir_type_scalar(m, dt));
  n->cst.i = v;
  return n;
}

IrNode *ir_const_float(IrModule *m, msrt_dtype dt, double v) {
  IrNode *n = const_new(m, IR_C_SCALAR, ir_type_scalar(m, dt));
  n->cst.f = v;
  return n;
}

IrNode *ir_const_bool(IrModule *m, bool v) { return ir_const_int(m, MSRT_BOOL, v); }

IrNode *ir_const_str(IrModule *m, const char *s) {
  IrNode *n = const_new(m, IR_C_STR, ir_type_string(m));
  n->cst.s = arena_strdup(m->arena, s);
  return n;
}

IrNode *ir_const_none(IrModule *m) { return const_new(m, IR_C_NONE, ir_type_none(m)); }

IrNode *ir_const_tensor(IrModule *m, msrt_dtype dt, int ndim, const int64_t *shape,
                        const void *data) {
  IrNode *n = const_new(m, IR_C_TENSOR, ir_type_tensor(m, dt, ndim, shape));
  size_t count = 1;
  for (int i = 0; i < ndim; i++) count *= (size_t)(shape[i] > 0 ? shape[i] : 0);
  n->cst.nbytes = count * msrt_dtype_size(dt);
  void *d = arena_alloc(m->arena, n->cst.nbytes ? n->cst.nbytes : 1);
  if (n->cst.nbytes) memcpy(d, data, n->cst.nbytes);
  n->cst.data = d;
  return n;
}

/* ---- editing ---------------------------------------------------------------- */

void ir_graph_number(IrGraph *g) {
  for (int i = 0; i < g->nparam; i++) g->params[i]->id = i;
  for (int i = 0; i < g->nnode; i++) g->nodes[i]->id = i;
}

IrGraph **ir_graphs_called(IrGraph *g, int *count) {
  int n = 0, cap = 8;
  IrGraph **work = xcalloc((size_t)cap, sizeof(IrGraph *));
  work[n++] = g;
  g->walk_mark = true;
  for (int w = 0; w < n; w++)
    for (int i = 0; i < work[w]->nnode; i++)
      for (int s = 0; s < 2; s++) {
        IrGraph *sg = work[w]->nodes[i]->sub[s];
        if (!sg || sg->walk_mark) continue;
        if (n == cap) {
          cap *= 2;
          work = xrealloc(work, sizeof(IrGraph *) * (size_t)cap);
        }
        sg->walk_mark = true;
        work[n++] = sg;
      }
  for (int w = 0; w < n; w++) work[w]->walk_mark = false;
  *count = n;
  return work;
}

/* Each graph once (ir_graphs_called): a walk down every call was
 * exponential in the nesting (a chain of 30 If(c, @next, @next) took over
 * a minute). */
int ir_replace_uses(IrGraph *g, IrNode *from, IrNode *to) {
  int k = 0, n;
  IrGraph **gs = ir_graphs_called(g, &n);
  for (int w = 0; w < n; w++) {
    IrGraph *h = gs[w];
    for (int i = 0; i < h->nnode; i++)
      for (int j = 0; j < h->nodes[i]->nin; j++)
        if (h->nodes[i]->in[j] == from) {
          h->nodes[i]->in[j] = to;
          k++;
        }
    if (h->ret == from) {
      h->ret = to;
      k++;
    }
  }
  free(gs);
  return k;
}

void ir_graph_compact(IrGraph *g) {
  int j = 0;
  for (int i = 0; i < g->nnode; i++)
    if (!g->nodes[i]->dead) g->nodes[j++] = g->nodes[i];
  g->nnode = j;
}

void ir_graph_move_before(IrGraph *g, IrNode *n, IrNode *before) {
  int from = -1, to = -1;
  for (int i = 0; i < g->nnode; i++) {
    if (g->nodes[i] == n) from = i;
    if (g->nodes[i] == before) to = i;
  }
  if (from < 0 || to < 0 || from == to) return;
  if (from < to) {
    for (int i = from; i < to - 1; i++) g->nodes[i] = g->nodes[i + 1];
    g->nodes[to - 1] = n;
  } else {
    for (int i = from; i > to; i--) g->nodes[i] = g->nodes[i - 1];
    g->nodes[to] = n;
  }
}

int *ir_use_counts(IrGraph *g) {
  ir_graph_number(g);
  int *cnt = xcalloc((size_t)g->nnode + 1, sizeof(int));
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    for (int j = 0; j < n->nin; j++)
      if (n->in[j]->kind == IR_NK_NODE && n->in[j]->owner == g) cnt[n->in[j]->id]++;
  }
  if (g->ret && g->ret->kind == IR_NK_NODE && g->ret->owner == g) cnt[g->ret->id]++;
  return cnt;
}

static bool graph_has_effect(const IrGraph *g, int depth) {
  if (!g || depth > 64) return false;
  for (int i = 0; i < g->nnode; i++) {
    const IrNode *n = g->nodes[i];
    if (op_has(n->op, OPP_EFFECT)) return true;
    if (graph_has_effect(n->sub[0], depth + 1) || graph_has_effect(n->sub[1], depth + 1)) return true;
  }
  return false;
}

bool ir_has_effect(const IrNode *n) {
  if (n->kind != IR_NK_NODE) return false;
  if (op_has(n->op, OPP_EFFECT)) return true;
  return op_has(n->op, OPP_CALL) && (graph_has_effect(n->sub[0], 0) || graph_has_effect(n->sub[1], 0));
}
