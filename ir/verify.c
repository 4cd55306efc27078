/* verify.c — the IR verifier (QBE ssacheck, tinygrad SPEC).
 *
 * Requires nothing; changes nothing but the node ids (renumbered as the
 * printer numbers them, so messages name %N as a dump shows it).
 * Checks, graph by graph, stopping at the first failure:
 *   - structure: a Return, nodes owned by their graph and listed once,
 *     If/While naming two subgraphs of the module (never the entry),
 *     Fusion one, which holds primitives only (no Load/Assign/Print, no
 *     control flow);
 *   - SSA: an operand is a constant, a param of the same graph, a
 *     Parameter of the entry graph, or a node defined earlier in the graph;
 *   - arity: ops.def nin for primitives (-1: at least one), fixed counts
 *     for the structural ops; attribute names from ops.def's attrs column;
 *   - types: Ref values (Parameters) only through Load/Assign or passed to
 *     If/While; every primitive's result type is the one its infer rule
 *     (ir/rules.c) gives for its operands and attributes, which also checks
 *     the attributes' values (a Transpose perm that is no permutation, a
 *     MatMul of 1-D operands); MakeTuple/TupleGetItem/Load/Assign exactly;
 *     If/While/Fusion subgraph signatures.
 */
#include "ir.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>



typedef struct V {
  IrModule *m;
  IrGraph *g;
} V;

static char *tstr(const IrType *t) {
  static char bufs[4][256];
  static int k;
  Buf b = {0};
  ir_type_print(&b, t);
  char *r = bufs[k++ & 3];
  snprintf(r, 256, "%s", b.data);
  buf_free(&b);
  return r;
}

/* Reports at n (the graph when n is NULL); always returns false. */
static MSC_PRINTF(3, 4) bool fail(V *v, const IrNode *n, const char *fmt, ...) {
  Buf b = {0};
  va_list ap;
  va_start(ap, fmt);
  buf_printf(&b, "in @%s", v->g->name);
  if (n && n->kind == IR_NK_NODE) buf_printf(&b, ", %%%d (%s)", n->id, ir_op_name(n->op));
  buf_puts(&b, ": ");
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  IrLoc l = n ? n->loc : v->g->loc;
  if (l.file) buf_printf(&b, " (from %s:%d:%d)", l.file, l.line, l.col);
  if (l.mir.file) diag_emit(DIAG_ERROR, l.mir, "%s", b.data);
  else diag_plain(DIAG_ERROR, "%s", b.data);
  buf_free(&b);
  return false;
}

static bool is_name(const char *s, bool dots) {
  if (!s || !*s) return false;
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && *s != '_' && !(dots && (*s == '.' || (unsigned char)*s >= 0x80)))
      return false;
  return true;
}

static bool is_bool_scalar(const IrType *t) {
  return t && t->dt == MSRT_BOOL &&
         ((t->kind == IR_T_TENSOR && t->ndim == 0) || t->kind == IR_T_SCALAR);
}

static int index_in(const IrGraph *g, const IrNode *n) {
  for (int i = 0; i < g->nnode; i++)
    if (g->nodes[i] == n) return i;
  return -1;
}

/* One operand of n in graph g: defined, and reachable from g. */
static bool check_operand(V *v, const IrNode *n, int k, const IrNode *x) {
  IrGraph *g = v->g;
  if (!x) return fail(v, n, "operand %d is missing", k + 1);
  if (!x->type) return fail(v, n, "operand %d has no type", k + 1);
  if (x->kind == IR_NK_CONST) return true;
  if (x->kind == IR_NK_PARAM) {
    if (x->owner == g || (x->is_parameter && x->owner == ir_module_entry(v->m))) return true;
    return fail(v, n, "operand %d (%%para%d_%s) is a parameter of @%s", k + 1, x->id, x->name,
                x->owner ? x->owner->name : "?");
  }
  if (x->owner != g)
    return fail(v, n, "operand %d is a node of @%s", k + 1, x->owner ? x->owner->name : "?");
  if (x->id < 0) {
    int at = index_in(g, x);
    if (at < 0) return fail(v, n, "operand %d is not a node of the graph", k + 1);
    return fail(v, n, "operand %d (%%%d) is used before its definition", k + 1, at);
  }
  return true;
}

static bool check_call(V *v, const IrNode *n, const IrGraph *sg, int off, const char *what,
                       const IrType *want_ret) {
  if (!sg) return fail(v, n, "%s subgraph is missing", what);
  if (sg == ir_module_entry(v->m)) return fail(v, n, "%s subgraph is the entry graph", what);
  int nargs = n->nin - off;
  if (sg->nparam != nargs)
    return fail(v, n, "%s subgraph @%s takes %d parameter%s, given %d", what, sg->name, sg->nparam,
                sg->nparam == 1 ? "" : "s", nargs);
  for (int i = 0; i < nargs; i++)
    if (!ir_type_eq(sg->params[i]->type, n->in[off + i]->type))
      return fail(v, n, "argument %d has type %s, @%s's parameter %d is %s", i + 1,
                  tstr(n->in[off + i]->type), sg->name, i + 1, tstr(sg->params[i]->type));
  if (!sg->ret || !sg->ret->type) return fail(v, n, "%s subgraph @%s returns nothing", what, sg->name);
  if (want_ret && !ir_type_eq(sg->ret->type, want_ret))
    return fail(v, n, "%s subgraph @%s returns %s, expected %s", what, sg->name,
                tstr(sg->ret->type), tstr(want_ret));
  return true;
}

static bool check_structural(V *v, const IrNode *n) {
  const IrType *t = n->type;
  switch (n->op) {
  case IR_MAKE_TUPLE: {
    if (t->kind != IR_T_TUPLE || t->nelem != n->nin)
      return fail(v, n, "result type %s is not a tuple of %d elements", tstr(t), n->nin);
    for (int i = 0; i < n->nin; i++)
      if (!ir_type_eq(t->elem[i], n->in[i]->type))
        return fail(v, n, "element %d has type %s, the result type says %s", i + 1,
                    tstr(n->in[i]->type), tstr(t->elem[i]));
    return true;
  }
  case IR_TUPLE_GET: {
    const IrType *tt = n->in[0]->type;
    const IrNode *ix = n->in[1];
    if (tt->kind != IR_T_TUPLE) return fail(v, n, "operand 1 has type %s, not a tuple", tstr(tt));
    if (ix->kind != IR_NK_CONST || ix->cst.kind != IR_C_SCALAR || ix->type->dt != MSRT_INT64)
      return fail(v, n, "the index must be an I64 constant");
    if (ix->cst.i < 0 || ix->cst.i >= tt->nelem)
      return fail(v, n, "index %lld out of range for a tuple of %d", (long long)ix->cst.i, tt->nelem);
    if (!ir_type_eq(t, tt->elem[ix->cst.i]))
      return fail(v, n, "result type %s, element %lld is %s", tstr(t), (long long)ix->cst.i,
                  tstr(tt->elem[ix->cst.i]));
    return true;
  }
  case IR_LOAD:
  case IR_ASSIGN: {
    const IrType *r = n->in[0]->type;
    if (r->kind != IR_T_REF) return fail(v, n, "operand 1 is not a Parameter (type %s)", tstr(r));
    IrType *d = ir_type_deref(v->m, (IrType *)r);
    if (n->op == IR_ASSIGN && !ir_type_eq(n->in[1]->type, d))
      return fail(v, n, "assigns %s to a Parameter of type %s", tstr(n->in[1]->type), tstr(d));
    if (!ir_type_eq(t, d)) return fail(v, n, "result type %s, the Parameter holds %s", tstr(t), tstr(d));
    return true;
  }
  case IR_PRINT:
    if (t->kind != IR_T_NONE) return fail(v, n, "Print returns <None, NoShape>, not %s", tstr(t));
    for (int i = 0; i < n->nin; i++) {
      const IrType *a = n->in[i]->type;
      if (a->kind != IR_T_TENSOR && a->kind != IR_T_STRING)
        return fail(v, n, "operand %d has type %s: Print takes tensors and strings", i + 1, tstr(a));
    }
    return true;
  case IR_PY_EXECUTE: {
    const IrAttr *id = ir_attr_get(n, "id");
    if (!id || id->kind != IR_A_INT || id->i < 0) return fail(v, n, "PyExecute needs an 'id' attribute (an int >= 0)");
    if (t->kind != IR_T_TENSOR) return fail(v, n, "PyExecute returns a tensor, not %s", tstr(t));
    for (int i = 0; i < n->nin; i++)
      if (n->in[i]->type->kind != IR_T_TENSOR)
        return fail(v, n, "operand %d has type %s: PyExecute takes tensors", i + 1, tstr(n->in[i]->type));
    return true;
  }
  case IR_IF:
    if (!is_bool_scalar(n->in[0]->type))
      return fail(v, n, "condition has type %s, not a Bool scalar", tstr(n->in[0]->type));
    return check_call(v, n, n->sub[0], 1, "then", t) && check_call(v, n, n->sub[1], 1, "else", t);
  case IR_WHILE: {
    if (!check_call(v, n, n->sub[0], 0, "condition", NULL)) return false;
    if (!is_bool_scalar(n->sub[0]->ret->type))
      return fail(v, n, "condition subgraph @%s returns %s, not a Bool scalar", n->sub[0]->name,
                  tstr(n->sub[0]->ret->type));
    IrType *state = n->nin == 1 ? n->in[0]->type : NULL;
    if (n->nin != 1) {
      IrType **el = arena_alloc(v->m->arena, sizeof(IrType *) * (size_t)(n->nin + 1));
      for (int i = 0; i < n->nin; i++) el[i] = n->in[i]->type;
      state = ir_type_tuple(v->m, n->nin, el);
    }
    if (!ir_type_eq(t, state))
      return fail(v, n, "result type %s, the loop state is %s", tstr(t), tstr(state));
    return check_call(v, n, n->sub[1], 0, "body", state);
  }
  case IR_FUSION: {
    if (t->kind != IR_T_TENSOR) return fail(v, n, "result type %s is not a tensor", tstr(t));
    if (!check_call(v, n, n->sub[0], 0, "fused", t)) return false;
    const IrGraph *sg = n->sub[0];
    for (int i = 0; i < sg->nnode; i++)
      if (sg->nodes[i]->op >= OP_COUNT)
        return fail(v, n, "fused subgraph @%s holds a %s: a fused kernel holds primitives only", sg->name,
                    ir_op_name(sg->nodes[i]->op));
    return true;
  }
  }
  return true;
}

static bool has_attr_name(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *s = list; *s;) {
    const char *e = strchr(s, ',');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    if (len == n && strncmp(s, name, n) == 0) return true;
    s += len + (e != NULL);
  }
  return false;
}

/* The operand types infer sees: tensors as they are, a scalar as a 0-d
 * weak operand (a Python number), a tuple operand of a variadic op
 * expanded. Returns the count, or -1 when there are more than cap. */
static int infer_operands(const IrNode *n, TType *in, int cap) {
  int k = 0;
  for (int i = 0; i < n->nin; i++) {
    const IrType *t = n->in[i]->type;
    int ne = t->kind == IR_T_TUPLE ? t->nelem : 1;
    for (int j = 0; j < ne; j++) {
      const IrType *e = t->kind == IR_T_TUPLE ? t->elem[j] : t;
      if (k == cap) return -1;
      memset(&in[k], 0, sizeof in[k]);
      in[k].dt = e->dt;
      in[k].weak = e->kind == IR_T_SCALAR;
      if (e->kind == IR_T_TENSOR) {
        in[k].ndim = e->ndim;
        memcpy(in[k].shape, e->shape, sizeof(int64_t) * (size_t)e->ndim);
      }
      k++;
    }
  }
  return k;
}

/* n's result type against its infer rule (ir/rules.c), with MindSpore's
 * promotion and with numpy's (a graph may hold either flavour's ops);
 * either one matching is enough. */
static bool check_inferred(V *v, const IrNode *n) {
  TType in[64], out;
  msrt_dtype cast[64];
  int k = infer_operands(n, in, 64);
  if (k < 0) return fail(v, n, "more than 64 operands");
  Attrs a;
  ir_attrs_decode(n, &a);
  OpErr err;
  bool any = false;
  for (int np = 0; np < 2; np++) {
    a.np = np;
    for (int i = 0; i < k; i++) cast[i] = in[i].dt;
    if (!op_infer((OpId)n->op, k, in, &a, &out, cast, &err)) continue;
    any = true;
    IrType *t = ir_type_tensor(v->m, out.dt, out.ndim, out.shape);
    if (ir_type_eq(t, n->type)) return true;
  }
  if (!any) return fail(v, n, "%s", err.msg);
  return fail(v, n, "result type %s, the operands give %s", tstr(n->type),
              tstr(ir_type_tensor(v->m, out.dt, out.ndim, out.shape)));
}

static bool check_prim(V *v, const IrNode *n) {
  int want = op_info[n->op].nin;
  if (want >= 0 && n->nin != want)
    return fail(v, n, "expected %d operand%s, got %d", want, want == 1 ? "" : "s", n->nin);
  if (want < 0 && n->nin < 1) return fail(v, n, "expected at least 1 operand, got 0");
  for (int i = 0; i < n->nattr; i++)
    if (!has_attr_name(op_info[n->op].attrs, n->attrs[i].name))
      return fail(v, n, "unknown attribute '%s'", n->attrs[i].name);
  for (int i = 0; i < n->nin; i++) {
    IrTypeKind k = n->in[i]->type->kind;
    if (k == IR_T_REF) return fail(v, n, "operand %d is a Parameter: read it with Load", i + 1);
    if (k != IR_T_TENSOR && k != IR_T_SCALAR && !(want < 0 && k == IR_T_TUPLE))
      return fail(v, n, "operand %d has type %s", i + 1, tstr(n->in[i]->type));
  }
  if (n->type->kind != IR_T_TENSOR) return fail(v, n, "result type %s is not a tensor", tstr(n->type));
  return check_inferred(v, n);
}

static bool check_node(V *v, const IrNode *n) {
  if (n->kind != IR_NK_NODE || n->op < 0 || n->op >= IR_NUM_OPS) return fail(v, n, "not an op node");
  if (!n->type) return fail(v, n, "no result type");
  if (n->name && !is_name(n->name, true)) return fail(v, n, "invalid source name '%s'", n->name);
  for (int i = 0; i < n->nin; i++)
    if (!check_operand(v, n, i, n->in[i])) return false;
  for (int i = 0; n->op >= OP_COUNT && i < n->nin; i++) {
    bool ref_ok = (n->op == IR_IF && i > 0) || n->op == IR_WHILE ||
                  (i == 0 && (n->op == IR_LOAD || n->op == IR_ASSIGN));
    if (n->in[i]->type->kind == IR_T_REF && !ref_ok)
      return fail(v, n, "operand %d is a Parameter: only Load, Assign, If and While take one", i + 1);
  }
  if (n->op < OP_COUNT) {
    if (n->sub[0] || n->sub[1]) return fail(v, n, "a primitive names a subgraph");
    return check_prim(v, n);
  }
  static const int arity[] = {[IR_MAKE_TUPLE - OP_COUNT] = -1, [IR_TUPLE_GET - OP_COUNT] = 2,
                              [IR_LOAD - OP_COUNT] = 1,        [IR_ASSIGN - OP_COUNT] = 2,
                              [IR_IF - OP_COUNT] = -2,         [IR_WHILE - OP_COUNT] = -1,
                              [IR_PRINT - OP_COUNT] = -1,      [IR_FUSION - OP_COUNT] = -1,
                              [IR_PY_EXECUTE - OP_COUNT] = -1};
  _Static_assert(sizeof arity / sizeof arity[0] == IR_NUM_OPS - OP_COUNT, "arity[] covers every structural op");
  int a = arity[n->op - OP_COUNT];
  if (a >= 0 && n->nin != a) return fail(v, n, "expected %d operand%s, got %d", a, a == 1 ? "" : "s", n->nin);
  if (a == -2 && n->nin < 1) return fail(v, n, "expected a condition operand");
  if (n->op == IR_WHILE && n->nattr == 1 && strcmp(n->attrs[0].name, "max_iterations") == 0) {
    if (n->attrs[0].kind != IR_A_INT || n->attrs[0].i < 0)
      return fail(v, n, "max_iterations must be a non-negative integer");
  } else if (n->op == IR_PY_EXECUTE) {
    for (int i = 0; i < n->nattr; i++)
      if (strcmp(n->attrs[i].name, "id") != 0 && strcmp(n->attrs[i].name, "call") != 0)
        return fail(v, n, "PyExecute takes the attributes id and call, not %s", n->attrs[i].name);
  } else if (n->nattr) {
    return fail(v, n, "%s takes no attributes%s", ir_op_name(n->op),
                n->op == IR_WHILE ? " but max_iterations" : "");
  }
  if (n->op == IR_FUSION && n->sub[1]) return fail(v, n, "Fusion names one subgraph");
  if (n->op != IR_IF && n->op != IR_WHILE && n->op != IR_FUSION && (n->sub[0] || n->sub[1]))
    return fail(v, n, "only If, While and Fusion name subgraphs");
  return check_structural(v, n);
}

static bool check_graph(V *v, IrGraph *g, bool entry) {
  v->g = g;
  if (!is_name(g->name, true)) return fail(v, NULL, "invalid graph name");
  for (int i = 0; i < g->nparam; i++) {
    IrNode *p = g->params[i];
    if (p->kind != IR_NK_PARAM || p->owner != g) return fail(v, NULL, "parameter %d is not its own", i + 1);
    if (!p->type) return fail(v, NULL, "parameter %d has no type", i + 1);
    if (!is_name(p->name, true)) return fail(v, NULL, "parameter %d has an invalid name", i + 1);
    if (p->is_parameter && !entry)
      return fail(v, NULL, "Parameter %s belongs in the entry graph", p->name);
    if (entry && p->is_parameter != (p->type->kind == IR_T_REF))
      return fail(v, NULL, "entry parameter %s: a Parameter has a Ref type, an input has not", p->name);
  }
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    n->id = i; /* for messages; reset below before the check */
    if (n->owner != g) return fail(v, n, "node is owned by another graph");
    n->id = -1;
  }
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    if (n->id >= 0) {
      n->id = i;
      return fail(v, n, "node listed twice in the graph");
    }
    n->id = i;
    if (!check_node(v, n)) return false;
  }
  if (!g->ret) return fail(v, NULL, "no Return");
  IrNode ret = {.kind = IR_NK_CONST, .loc = g->ret_loc}; /* names no node */
  if (!check_operand(v, &ret, 0, g->ret)) return false;
  return true;
}

static void number_params(IrModule *m) {
  int para = 1;
  for (int gi = 0; gi < m->ngraph; gi++)
    for (int i = 0; i < m->graphs[gi]->nparam; i++) m->graphs[gi]->params[i]->id = para++;
}

/* ---- region nesting ------------------------------------------------------ */

/* The deepest chain of If/While/Fusion regions msc takes (codegen/emit.c
 * refuses deeper ones too); the passes walk regions recursively. */
#define MAX_REGION_DEPTH 1000

static int cmp_ptr(const void *a, const void *b) {
  uintptr_t x = (uintptr_t) * (IrGraph *const *)a, y = (uintptr_t) * (IrGraph *const *)b;
  return (x > y) - (x < y);
}

/* The index of g in the address-sorted graphs (g is one of them). */
static int graph_index(IrGraph *const *sorted, int n, const IrGraph *g) {
  IrGraph *const *p = bsearch(&g, sorted, (size_t)n, sizeof(IrGraph *), cmp_ptr);
  return p ? (int)(p - sorted) : -1;
}

/* No graph is its own region (directly or through others: If/While/Fusion
 * bodies are inlined or emitted, never called recursively), and no chain
 * of regions is deeper than MAX_REGION_DEPTH. An explicit stack, not
 * recursion: a hostile .mir file can nest 10^5 graphs. */
static bool check_nesting(V *v) {
  IrModule *m = v->m;
  int n = m->ngraph;
  IrGraph **sorted = xmalloc(sizeof(IrGraph *) * (size_t)n);
  memcpy(sorted, m->graphs, sizeof(IrGraph *) * (size_t)n);
  qsort(sorted, (size_t)n, sizeof(IrGraph *), cmp_ptr);
  /* state: 0 unvisited, 1 on the stack, 2 done; depth: the graphs of the
   * longest chain of regions from it (1: none) */
  unsigned char *state = xcalloc((size_t)n, 1);
  int *depth = xcalloc((size_t)n, sizeof(int));
  int *stk = xmalloc(sizeof(int) * (size_t)n), *pos = xmalloc(sizeof(int) * (size_t)n);
  bool ok = true;
  for (int root = 0; root < n && ok; root++) {
    if (state[root]) continue;
    int sp = 0;
    stk[sp] = root, pos[sp++] = 0, state[root] = 1, depth[root] = 1;
    while (sp && ok) {
      int gi = stk[sp - 1];
      IrGraph *g = sorted[gi];
      int k = pos[sp - 1]++; /* k: node * 2 + slot */
      if (k >= 2 * g->nnode) {
        state[gi] = 2;
        sp--;
        if (sp && depth[gi] + 1 > depth[stk[sp - 1]]) depth[stk[sp - 1]] = depth[gi] + 1;
        continue;
      }
      IrNode *nd = g->nodes[k / 2];
      IrGraph *sub = nd->sub[k % 2];
      if (!sub) continue;
      int si = graph_index(sorted, n, sub);
      if (si < 0) continue; /* not in the module: check_node reports it */
      if (state[si] == 1) {
        v->g = g;
        nd->id = k / 2;
        ok = fail(v, nd, "subgraph @%s is nested inside itself", sub->name);
      } else if (state[si] == 0) {
        if (sp >= MAX_REGION_DEPTH) {
          v->g = g;
          nd->id = k / 2;
          ok = fail(v, nd, "regions nested deeper than %d", MAX_REGION_DEPTH);
        } else {
          stk[sp] = si, pos[sp++] = 0, state[si] = 1, depth[si] = 1;
        }
      } else if (depth[si] + sp > MAX_REGION_DEPTH) {
        v->g = g;
        nd->id = k / 2;
        ok = fail(v, nd, "regions nested deeper than %d", MAX_REGION_DEPTH);
      }
      else if (depth[si] + 1 > depth[gi]) depth[gi] = depth[si] + 1;
    }
  }
  free(sorted);
  free(state);
  free(depth);
  free(stk);
  free(pos);
  return ok;
}

/* Slots of m->graphs by the graph's name, then by position (so that of
 * two graphs of one name the later is the one reported). */
static int cmp_graph_name(const void *a, const void *b) {
  IrGraph *const *x = *(IrGraph *const *const *)a, *const *y = *(IrGraph *const *const *)b;
  int c = strcmp((*x)->name, (*y)->name);
  return c ? c : (x > y) - (x < y);
}

bool ir_verify(IrModule *m) {
  V v = {m, NULL};
  if (!m->ngraph) {
    diag_plain(DIAG_ERROR, "module has no graph");
    return false;
  }
  number_params(m);
  /* duplicate names: sorted by name (n log n; a module can have 10^4 graphs) */
  IrGraph ***byname = xmalloc(sizeof(IrGraph **) * (size_t)m->ngraph);
  for (int gi = 0; gi < m->ngraph; gi++) byname[gi] = &m->graphs[gi];
  qsort(byname, (size_t)m->ngraph, sizeof(IrGraph **), cmp_graph_name);
  for (int gi = 1; gi < m->ngraph; gi++)
    if (strcmp((*byname[gi])->name, (*byname[gi - 1])->name) == 0) {
      v.g = *byname[gi];
      free(byname);
      return fail(&v, NULL, "duplicate graph name");
    }
  free(byname);
  for (int gi = 0; gi < m->ngraph; gi++)
    if (!check_graph(&v, m->graphs[gi], gi == 0)) return false;
  return check_nesting(&v);
}
