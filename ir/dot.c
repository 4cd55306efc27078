/* dot.c — an IR module as a Graphviz digraph (`msc opt --emit-dot`).
 *
 *   digraph "ENTRY" {            the entry graph at the top level
 *     g0_p0 [shape=ellipse ...]  a param (%paraN_name; a Parameter is
 *                                drawn filled), label: name and type
 *     g0_n3 [shape=box ...]      a node, label: "%3$name = Op", its
 *                                attributes, its result type
 *     g0_n3_c1 [...]             a constant operand (operand 1 of %3): a
 *                                small dashed box of its own at each use,
 *                                as the text form prints constants inline
 *     g0_ret [...]               Return
 *     g0_n1 -> g0_n3 [...]       operand edges (labelled with the operand
 *                                index when the node has several)
 *     subgraph "cluster_g1" {    every other graph (If/While subgraphs),
 *       label="@name"; ... }     a cluster, joined to its If/While node by
 *                                a dashed edge (then/else, cond/body)
 *   }
 *
 * Values are numbered as the text form numbers them (%0.. per graph,
 * %para1.. across the module), so a dot picture and an IR dump of the
 * same module can be read side by side. Output depends only on the
 * module: graphs, nodes and operands in order. Never fails on unverified
 * IR (a missing operand or subgraph is drawn as "?").
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

/* ---- text of labels ------------------------------------------------------- */

/* Appends s to b escaped for a double-quoted dot string. */
static void esc(Buf *b, const char *s) {
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') buf_printf(b, "\\%c", *p);
    else if (*p == '\n') buf_puts(b, "\\n");
    else if (*p < 0x20 || *p == 0x7f) buf_printf(b, "\\\\x%02x", *p);
    else buf_putc(b, (char)*p);
  }
}

static void lit_float(Buf *b, double v, msrt_dtype dt) {
  char tmp[64];
  ir_fmt_float(tmp, sizeof tmp, v, dt);
  buf_puts(b, tmp);
}

static const char *imm_prefix(msrt_dtype dt) {
  static const char *const p[MSRT_NUM_DTYPES] = {
      [MSRT_BOOL] = "Bool", [MSRT_INT8] = "I8",       [MSRT_UINT8] = "U8",
      [MSRT_INT16] = "I16", [MSRT_INT32] = "I32",     [MSRT_INT64] = "I64",
      [MSRT_FLOAT16] = "F16", [MSRT_FLOAT32] = "F32", [MSRT_FLOAT64] = "F64",
      [MSRT_UINT16] = "U16", [MSRT_UINT32] = "U32",   [MSRT_UINT64] = "U64",
      [MSRT_COMPLEX64] = "C64", [MSRT_COMPLEX128] = "C128",
  };
  return (unsigned)dt < MSRT_NUM_DTYPES ? p[dt] : "?";
}

enum { DOT_MAX_ELEMS = 8, DOT_MAX_STR = 40 };

/* A constant, shortened: small tensors show their values, larger ones
 * their type only; long strings are cut. */
static void const_text(Buf *b, const IrNode *n) {
  const IrType *t = n->type;
  switch (n->cst.kind) {
  case IR_C_STR: {
    const char *s = n->cst.s ? n->cst.s : "";
    size_t len = strlen(s);
    buf_printf(b, "\"%.*s%s\"", (int)(len > DOT_MAX_STR ? DOT_MAX_STR : len), s, len > DOT_MAX_STR ? "..." : "");
    return;
  }
  case IR_C_NONE: buf_puts(b, "None"); return;
  case IR_C_SCALAR:
    if (!t) break;
    buf_printf(b, "%s(", imm_prefix(t->dt));
    if (ir_dtype_is_float(t->dt)) lit_float(b, n->cst.f, t->dt);
    else if (t->dt == MSRT_UINT64) buf_printf(b, "%llu", (unsigned long long)n->cst.i);
    else buf_printf(b, "%lld", (long long)n->cst.i);
    buf_putc(b, ')');
    return;
  case IR_C_TENSOR: {
    if (!t) break;
    buf_puts(b, "Tensor[");
    buf_puts(b, msrt_dtype_name(t->dt));
    buf_puts(b, "] (");
    size_t count = 1;
    for (int i = 0; i < t->ndim; i++) {
      buf_printf(b, "%s%lld", i ? ", " : "", (long long)t->shape[i]);
      count *= (size_t)(t->shape[i] > 0 ? t->shape[i] : 0);
    }
    buf_puts(b, t->ndim == 1 ? ",)" : ")");
    if (count <= DOT_MAX_ELEMS && count * msrt_dtype_size(t->dt) <= n->cst.nbytes) {
      buf_puts(b, "\n");
      if (t->ndim) buf_putc(b, '[');
      for (size_t i = 0; i < count; i++) {
        if (i) buf_puts(b, ", ");
        if (t->dt == MSRT_BOOL) buf_puts(b, ir_elem_int(t->dt, n->cst.data, i) ? "True" : "False");
        else if (ir_dtype_is_float(t->dt)) lit_float(b, ir_elem_float(t->dt, n->cst.data, i), t->dt);
        else buf_printf(b, "%lld", (long long)ir_elem_int(t->dt, n->cst.data, i));
      }
      if (t->ndim) buf_putc(b, ']');
    }
    return;
  }
  }
  buf_puts(b, "?");
}

static void attr_text(Buf *b, const IrAttr *a) {
  buf_printf(b, "%s: ", a->name);
  switch (a->kind) {
  case IR_A_INT: buf_printf(b, "%lld", (long long)a->i); break;
  case IR_A_FLOAT: lit_float(b, a->f, MSRT_FLOAT64); break;
  case IR_A_BOOL: buf_puts(b, a->i ? "True" : "False"); break;
  case IR_A_STR: buf_printf(b, "\"%s\"", a->s ? a->s : ""); break;
  case IR_A_INTS:
    buf_putc(b, '(');
    for (int i = 0; i < a->n; i++) buf_printf(b, "%s%lld", i ? ", " : "", (long long)a->ints[i]);
    buf_puts(b, a->n == 1 ? ",)" : ")");
    break;
  case IR_A_DTYPE: buf_puts(b, msrt_dtype_name((msrt_dtype)a->i)); break;
  }
}

/* Short op name: primitives without "PrimFunc_". */
static const char *op_text(int op) {
  const char *s = ir_op_name(op);
  return strncmp(s, "PrimFunc_", 9) == 0 ? s + 9 : s;
}

/* Writes `ID [STYLE, label="<escaped text>"];` and resets text. */
static void emit_node(Buf *out, const char *ind, const char *id, const char *style, Buf *text) {
  buf_printf(out, "%s%s [%s, label=\"", ind, id, style);
  esc(out, text->data ? text->data : "");
  buf_puts(out, "\"];\n");
  text->len = 0;
  if (text->data) text->data[0] = '\0';
}

/* ---- graphs ------------------------------------------------------------------ */

static int graph_index(const IrModule *m, const IrGraph *g) {
  for (int i = 0; i < m->ngraph; i++)
    if (m->graphs[i] == g) return i;
  return -1;
}

/* The dot id of value v (a param or node; constants have per-use ids). */
static void value_id(Buf *b, const IrModule *m, const IrNode *v) {
  int gi = v->owner ? graph_index(m, v->owner) : -1;
  if (v->kind == IR_NK_PARAM) {
    int k = 0;
    while (k < v->owner->nparam && v->owner->params[k] != v) k++;
    buf_printf(b, "g%d_p%d", gi, k);
  } else {
    buf_printf(b, "g%d_n%d", gi, v->id);
  }
}

/* Where dot_graph writes: node statements go into their graph's cluster
 * (ind: its indentation), edges to the top level, after every cluster (an
 * edge inside a cluster would pull a node of another graph into it). */
typedef struct DotOut {
  Buf *nodes, *edges;
  const char *ind;
} DotOut;

/* The edge from operand v into the node with dot id `to`; a constant gets
 * its own node `to`_c`k` first. */
static void operand_edge(DotOut *o, Buf *text, const IrModule *m, const IrNode *v, const char *to, int k, int nin) {
  Buf *out = o->edges;
  Buf from = {0};
  buf_puts(&from, "");
  if (!v) {
    buf_printf(&from, "%s_c%d", to, k);
    buf_puts(text, "?");
    emit_node(o->nodes, o->ind, from.data, "shape=box, style=dashed, fontsize=8", text);
  } else if (v->kind == IR_NK_CONST || !v->owner || graph_index(m, v->owner) < 0) {
    buf_printf(&from, "%s_c%d", to, k);
    if (v->kind == IR_NK_CONST) const_text(text, v);
    else buf_puts(text, "?");
    emit_node(o->nodes, o->ind, from.data, "shape=box, style=dashed, fontsize=8", text);
  } else {
    value_id(&from, m, v);
  }
  buf_printf(out, "  %s -> %s", from.data, to);
  if (nin > 1) buf_printf(out, " [label=\"%d\"]", k);
  buf_puts(out, ";\n");
  buf_free(&from);
}

static void dot_graph(DotOut *o, const IrModule *m, int gi, int *para) {
  IrGraph *g = m->graphs[gi];
  Buf text = {0}, id = {0};
  buf_puts(&text, "");
  buf_puts(&id, "");
  for (int i = 0; i < g->nparam; i++) {
    IrNode *p = g->params[i];
    buf_printf(&text, "%%para%d_%s\n", (*para)++, p->name ? p->name : "?");
    ir_type_print(&text, p->type);
    id.len = 0;
    buf_printf(&id, "g%d_p%d", gi, i);
    emit_node(o->nodes, o->ind, id.data, p->is_parameter ? "shape=ellipse, style=filled, fillcolor=lightgrey" : "shape=ellipse",
              &text);
  }
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    id.len = 0;
    buf_printf(&id, "g%d_n%d", gi, i);
    char *nid = xstrdup(id.data);
    buf_printf(&text, "%%%d", i);
    if (n->name) buf_printf(&text, "$%s", n->name);
    buf_printf(&text, " = %s", op_text(n->op));
    if (n->nattr) {
      buf_puts(&text, "\n{");
      for (int k = 0; k < n->nattr; k++) {
        if (k) buf_puts(&text, ", ");
        attr_text(&text, &n->attrs[k]);
      }
      buf_putc(&text, '}');
    }
    buf_putc(&text, '\n');
    ir_type_print(&text, n->type);
    const char *style = n->op == IR_IF || n->op == IR_WHILE ? "shape=diamond"
                        : n->op == IR_PRINT || n->op == IR_ASSIGN ? "shape=box, style=bold"
                        : n->op == IR_FUSION ? "shape=box3d"
                        : n->op >= OP_COUNT ? "shape=box, style=rounded"
                                            : "shape=box";
    emit_node(o->nodes, o->ind, nid, style, &text);
    for (int k = 0; k < n->nin; k++) operand_edge(o, &text, m, n->in[k], nid, k, n->nin);
    free(nid);
  }
  id.len = 0;
  buf_printf(&id, "g%d_ret", gi);
  buf_puts(&text, "Return\n");
  ir_type_print(&text, g->ret ? g->ret->type : NULL);
  emit_node(o->nodes, o->ind, id.data, "shape=box, style=\"rounded,bold\"", &text);
  if (g->ret) operand_edge(o, &text, m, g->ret, id.data, 0, 1);
  buf_free(&text);
  buf_free(&id);
}

/* Dashed edges from If/While/Fusion nodes to the clusters of their subgraphs. */
static void sub_edges(Buf *out, const IrModule *m, int gi) {
  IrGraph *g = m->graphs[gi];
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    if (n->op != IR_IF && n->op != IR_WHILE && n->op != IR_FUSION) continue;
    static const char *const names[3][2] = {{"then", "else"}, {"cond", "body"}, {"fused", ""}};
    int kind = n->op == IR_IF ? 0 : n->op == IR_WHILE ? 1 : 2;
    for (int k = 0; k < (kind == 2 ? 1 : 2); k++) {
      int si = n->sub[k] ? graph_index(m, n->sub[k]) : -1;
      if (si <= 0) continue; /* missing, or the entry itself (not a cluster) */
      buf_printf(out, "  g%d_n%d -> g%d_ret [lhead=\"cluster_g%d\", style=dashed, label=\"%s\"];\n", gi, i, si, si,
                 names[kind][k]);
    }
  }
}

void ir_print_dot(FILE *out, IrModule *m) {
  Buf b = {0}, edges = {0};
  buf_puts(&b, "");
  buf_puts(&edges, "");
  IrGraph *e = ir_module_entry(m);
  /* Number nodes as the text form does (value_id uses n->id). */
  for (int gi = 0; gi < m->ngraph; gi++)
    for (int i = 0; i < m->graphs[gi]->nnode; i++) m->graphs[gi]->nodes[i]->id = i;
  buf_puts(&b, "digraph \"");
  esc(&b, e ? e->name : "");
  buf_puts(&b, "\" {\n");
  buf_puts(&b, "  compound=true;\n");
  buf_puts(&b, "  node [fontname=\"Courier\", fontsize=10];\n");
  buf_puts(&b, "  edge [fontname=\"Courier\", fontsize=8];\n");
  int para = 1;
  for (int gi = 0; gi < m->ngraph; gi++) {
    IrGraph *g = m->graphs[gi];
    DotOut o = {&b, &edges, gi ? "    " : "  "};
    if (gi == 0) {
      buf_puts(&b, "  // @");
      esc(&b, g->name);
      buf_puts(&b, "\n");
    } else {
      buf_printf(&b, "  subgraph \"cluster_g%d\" {\n", gi);
      buf_puts(&b, "    label=\"@");
      esc(&b, g->name);
      buf_puts(&b, "\";\n");
    }
    dot_graph(&o, m, gi, &para);
    if (gi) buf_puts(&b, "  }\n");
  }
  buf_puts(&b, "  // edges\n");
  buf_puts(&b, edges.data);
  for (int gi = 0; gi < m->ngraph; gi++) sub_edges(&b, m, gi);
  buf_puts(&b, "}\n");
  fputs(b.data, out);
  buf_free(&b);
  buf_free(&edges);
}
