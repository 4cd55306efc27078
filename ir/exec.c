/* exec.c — the reference executor (exec.h): runs the entry graph of an IR
 * module node by node with the eager kernels (ir/rules.c).
 *
 * Values. Every value of the run lives in one table indexed by a number
 * given here to each param, node and (operand) constant of the graph, kept
 * in IrNode.id (scratch, as print.c and verify.c use it). A value is a
 * tensor (an OpTensor over a buffer: owned and reference-counted, XBuf,
 * or borrowed: a param's or a constant's data), a tuple (the MakeTuple
 * node: its elements are the values of that node's operands), a
 * non-tensor constant (scalar, string, None: Print/TupleGetItem operands)
 * or None (Print).
 *
 * Lifetimes. A value is released right after its last use (a use of a
 * MakeTuple counts as a use of its operands); the returned values and the
 * constants live to the end of the run. Constants are read in place. A
 * Parameter that the graph Assigns is copied by each Load before it, so
 * the Load keeps the value it read; otherwise Load gives the Parameter's
 * buffer itself.
 *
 * Primitives run as the interpreter's prim_call does on MindSpore tensors
 * (op_run: attributes decoded from the node, the infer rule for the result
 * type and the dtype each input is converted to — capture already inserted
 * the Casts; the check here only makes the executor robust to hand-written
 * IR — the output allocated, the kernel run). When the inferred type
 * disagrees with the node's, a dtype-only difference is cast to the node's
 * type and a shape difference is an error.
 *
 * Fusion(@sub, a...) runs sub as its own graph on the operand tensors (a
 * call with its own value table); since sub may share constant nodes with
 * the caller, the caller's numbering is restored after the call. An error
 * inside is located at the fused node that failed.
 *
 * Errors. Everything runs under one setjmp: whatever fails (an infer rule,
 * a kernel, an allocation, the executor itself), every buffer the run
 * holds is released and ir_exec returns the error with the node's script
 * location.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "exec.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

typedef enum XKind { XV_UNDEF = 0, XV_NONE, XV_TENSOR, XV_TUPLE, XV_CONST, XV_MULTI } XKind;

/* A buffer the run owns, shared by the values that alias it. */
typedef struct XBuf {
  int refs;
  void *data;
} XBuf;

/* The results of an If or While whose type is a tuple (owned buffers). */
typedef struct XMulti {
  int n;
  OpTensor *t;
  XBuf **buf;
} XMulti;

typedef struct XVal {
  XKind kind;
  OpTensor t;          /* TENSOR */
  XBuf *buf;           /* TENSOR: owned storage, or NULL (borrowed) */
  XMulti *multi;       /* MULTI */
  const IrNode *node;  /* TUPLE: the MakeTuple; CONST: the constant */
  int last;            /* index of the last node using it (INT_MAX: kept) */
} XVal;

typedef struct Exec {
  IrGraph *g;
  OpTensor *params;
  int nval;
  XVal *val;
  bool *assigned;      /* per entry param: target of an Assign */
  OpTensor *argv;      /* operand tensors of the running node */
  OpTensor **argp;
  const IrNode *cur;   /* the running node (error location) */
  OpTensor *outs;
  bool *fresh;         /* outs[i].data was allocated by us */
  OpWorkspace *ws;
  IrExecError *err;
  jmp_buf *jb;
  IrExecObserve observe; /* the entry graph's node results (ir_exec_observed) */
  void *octx;
} Exec;

_Noreturn MSC_PRINTF(3, 4) static void fail(Exec *x, OpErrKind kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  x->err->kind = kind;
  vsnprintf(x->err->msg, sizeof x->err->msg, fmt, ap);
  va_end(ap);
  longjmp(*x->jb, 1);
}

_Noreturn static void fail_op(Exec *x, const OpErr *e) {
  x->err->kind = e->kind;
  snprintf(x->err->msg, sizeof x->err->msg, "%s", e->msg);
  longjmp(*x->jb, 1);
}

/* ---- buffers -------------------------------------------------------------- */

static XBuf *buf_new(Exec *x, msrt_dtype dt, int64_t size) {
  XBuf *b = malloc(sizeof *b);
  void *d = op_alloc_data(dt, size);
  if (!b || !d) {
    free(b);
    free(d);
    fail(x, OPE_MemoryError, "cannot allocate a tensor of %lld elements", (long long)size);
  }
  b->refs = 1;
  b->data = d;
  return b;
}

static void buf_drop(XBuf *b) {
  if (b && --b->refs == 0) {
    free(b->data);
    free(b);
  }
}

static size_t nbytes(const OpTensor *t) { return (size_t)t->size * msrt_dtype_size(t->dtype); }

static bool same_shape(int na, const int64_t *a, int nb, const int64_t *b) {
  return na == nb && (na == 0 || memcmp(a, b, sizeof(int64_t) * (size_t)na) == 0);
}

/* ---- the value table ---------------------------------------------------- */

static XVal *slot(Exec *x, const IrNode *n) {
  if (!n) fail(x, OPE_RuntimeError, "IR: missing operand");
  bool ours = n->kind == IR_NK_CONST || n->owner == x->g;
  if (!ours || n->id < 0 || n->id >= x->nval)
    fail(x, OPE_RuntimeError, "IR: operand of %s is not a value of @%s", x->cur ? ir_op_name(x->cur->op) : "Return",
         x->g->name);
  return &x->val[n->id];
}

static XVal *get(Exec *x, const IrNode *n) {
  XVal *v = slot(x, n);
  if (v->kind == XV_UNDEF) fail(x, OPE_RuntimeError, "IR: a value of @%s is used before it is computed", x->g->name);
  return v;
}

static void multi_free(XMulti *mu) {
  if (!mu) return;
  for (int i = 0; i < mu->n; i++) buf_drop(mu->buf[i]);
  free(mu->t);
  free(mu->buf);
  free(mu);
}

static void release(XVal *v) {
  buf_drop(v->buf);
  v->buf = NULL;
  multi_free(v->multi);
  v->multi = NULL;
  v->kind = XV_UNDEF;
}

/* Stores the value of node n: tensor t over buf (the reference is taken
 * over; NULL: borrowed). */
static void set_tensor(Exec *x, const IrNode *n, const OpTensor *t, XBuf *buf) {
  XVal *v = slot(x, n);
  release(v);
  v->kind = XV_TENSOR;
  v->t = *t;
  v->buf = buf;
}

static void set_other(Exec *x, const IrNode *n, XKind kind, const IrNode *node) {
  XVal *v = slot(x, n);
  release(v);
  v->kind = kind;
  v->node = node;
}

/* n's value shared by node m (a tuple element, an Assign's value). */
static void set_alias(Exec *x, const IrNode *m, XVal *src) {
  if (src->kind != XV_TENSOR) {
    set_other(x, m, src->kind, src->node);
    return;
  }
  if (src->buf) src->buf->refs++;
  set_tensor(x, m, &src->t, src->buf);
}

static OpTensor *tensor_of(Exec *x, const IrNode *n, const char *what, int i) {
  XVal *v = get(x, n);
  if (v->kind != XV_TENSOR) fail(x, OPE_TypeError, "%s: operand %d is not a tensor", what, i);
  return &v->t;
}

/* Records a use at node index k of n's value (and of a tuple's elements). */
static void mark_use(Exec *x, const IrNode *n, int k) {
  if (!n || (n->kind != IR_NK_CONST && n->owner != x->g) || n->id < 0 || n->id >= x->nval) return;
  XVal *v = &x->val[n->id];
  if (v->last >= k) return;
  v->last = k;
  if (n->kind == IR_NK_NODE && n->op == IR_MAKE_TUPLE)
    for (int i = 0; i < n->nin; i++) mark_use(x, n->in[i], k);
}

static int entry_param_index(Exec *x, const IrNode *p) {
  if (!p || p->kind != IR_NK_PARAM || p->owner != x->g || !p->is_parameter) return -1;
  for (int i = 0; i < x->g->nparam; i++)
    if (x->g->params[i] == p) return i;
  return -1;
}

/* Numbers g's params, nodes and operand constants (the value table's
 * indices); returns the count. Deterministic: a fused subgraph's run,
 * which numbers the constants it shares with g its own way, is followed
 * by a call that restores g's numbers. */
static int number_values(IrGraph *g) {
  int id = 0;
  for (int i = 0; i < g->nparam; i++) g->params[i]->id = id++;
  for (int i = 0; i < g->nnode; i++) g->nodes[i]->id = id++;
  for (int i = 0; i < g->nnode; i++)
    for (int k = 0; k < g->nodes[i]->nin; k++)
      if (g->nodes[i]->in[k] && g->nodes[i]->in[k]->kind == IR_NK_CONST) g->nodes[i]->in[k]->id = -1;
  if (g->ret && g->ret->kind == IR_NK_CONST) g->ret->id = -1;
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    for (int k = 0; k < n->nin; k++)
      if (n->in[k] && n->in[k]->kind == IR_NK_CONST && n->in[k]->id < 0) n->in[k]->id = id++;
  }
  if (g->ret && g->ret->kind == IR_NK_CONST && g->ret->id < 0) g->ret->id = id++;
  return id;
}

/* Numbers the values, sizes the scratch arrays, computes last uses and
 * the Assign targets. */
static void prepare(Exec *x) {
  IrGraph *g = x->g;
  int id = number_values(g), maxin = 1;
  for (int i = 0; i < g->nnode; i++)
    if (g->nodes[i]->nin > maxin) maxin = g->nodes[i]->nin;
  x->nval = id;
  x->val = xcalloc((size_t)(id ? id : 1), sizeof(XVal));
  for (int i = 0; i < id; i++) x->val[i].last = -1;
  x->assigned = xcalloc((size_t)(g->nparam ? g->nparam : 1), sizeof(bool));
  x->argv = xcalloc((size_t)maxin, sizeof(OpTensor));
  x->argp = xcalloc((size_t)maxin, sizeof(OpTensor *));
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    for (int k = 0; k < n->nin; k++) mark_use(x, n->in[k], i);
    if (n->op == IR_ASSIGN && n->nin >= 1) {
      int p = entry_param_index(x, n->in[0]);
      if (p >= 0) x->assigned[p] = true;
    }
  }
  mark_use(x, g->ret, INT_MAX);
  /* constants stay for the run (they may be shared by several uses) */
  for (int i = g->nparam + g->nnode; i < id; i++) x->val[i].last = INT_MAX;
}

/* ---- constants ---------------------------------------------------------- */

static void load_const(Exec *x, const IrNode *c) {
  XVal *v = slot(x, c);
  if (v->kind != XV_UNDEF) return;
  if (c->cst.kind != IR_C_TENSOR) {
    set_other(x, c, XV_CONST, c);
    return;
  }
  const IrType *t = c->type;
  if (!t || t->kind != IR_T_TENSOR) fail(x, OPE_RuntimeError, "IR: a tensor constant without a tensor type");
  OpTensor r;
  memset(&r, 0, sizeof r);
  r.dtype = t->dt;
  r.ndim = t->ndim;
  r.size = 1;
  for (int i = 0; i < t->ndim; i++) {
    r.shape[i] = t->shape[i];
    r.size *= t->shape[i];
  }
  if (nbytes(&r) > c->cst.nbytes)
    fail(x, OPE_RuntimeError, "IR: tensor constant holds %zu bytes, its type needs %zu", c->cst.nbytes, nbytes(&r));
  r.data = (void *)c->cst.data; /* read only: kernels never write their inputs */
  set_tensor(x, c, &r, NULL);
}

/* ---- primitives ----------------------------------------------------------- */

static void run_prim(Exec *x, IrNode *n) {
  OpId op = (OpId)n->op;
  const OpInfo *oi = &op_info[op];
  int nin = n->nin;
  if (oi->nin >= 0 && nin != oi->nin)
    fail(x, OPE_TypeError, "%s: takes %d input%s, got %d", oi->name, oi->nin, oi->nin == 1 ? "" : "s", nin);
  if (!op_has_rules(op)) fail(x, OPE_NotImplementedError, "%s: no eager kernel", oi->name);
  for (int i = 0; i < nin; i++) {
    x->argv[i] = *tensor_of(x, n->in[i], oi->name, i);
    if (!x->argv[i].data && x->argv[i].size) fail(x, OPE_RuntimeError, "%s: operand %d has no data", oi->name, i);
    x->argp[i] = &x->argv[i];
  }
  Attrs a;
  ir_attrs_decode(n, &a);
  OpTensor o;
  memset(&o, 0, sizeof o);
  OpErr e;
  if (!op_run(op, nin, x->argp, &a, &o, x->ws, &e)) fail_op(x, &e);
  XBuf *b = malloc(sizeof *b);
  if (!b) {
    free(o.data);
    fail(x, OPE_MemoryError, "out of memory");
  }
  b->refs = 1;
  b->data = o.data;
  set_tensor(x, n, &o, b);
  const IrType *nt = n->type;
  if (!nt || nt->kind != IR_T_TENSOR || (nt->dt == o.dtype && same_shape(nt->ndim, nt->shape, o.ndim, o.shape)))
    return;
  if (!same_shape(nt->ndim, nt->shape, o.ndim, o.shape)) {
    char want[128], got[128];
    fail(x, OPE_TypeError, "%s: the graph gives the result shape %s, the operands give %s", oi->name,
         shape_str(want, sizeof want, nt->ndim, nt->shape), shape_str(got, sizeof got, o.ndim, o.shape));
  }
  OpTensor c = o;
  c.dtype = nt->dt;
  XBuf *cb = buf_new(x, c.dtype, c.size);
  c.data = cb->data;
  if (c.size) msrt_cast(o.dtype, c.dtype, c.size, o.data, c.data);
  set_tensor(x, n, &c, cb); /* releases o's buffer */
}

/* ---- structural ops --------------------------------------------------------- */

static void run_tuple_get(Exec *x, IrNode *n) {
  if (n->nin != 2) fail(x, OPE_RuntimeError, "IR: TupleGetItem takes 2 operands, got %d", n->nin);
  XVal *t = get(x, n->in[0]);
  XVal *iv = get(x, n->in[1]);
  if (t->kind != XV_TUPLE && t->kind != XV_MULTI) fail(x, OPE_TypeError, "TupleGetItem: operand 0 is not a tuple");
  if (iv->kind != XV_CONST || iv->node->cst.kind != IR_C_SCALAR)
    fail(x, OPE_TypeError, "TupleGetItem: the index is not a constant integer");
  int64_t i = iv->node->cst.i;
  if (t->kind == XV_MULTI) {
    XMulti *mu = t->multi;
    if (i < 0 || i >= mu->n) fail(x, OPE_IndexError, "TupleGetItem: index %lld out of range", (long long)i);
    if (mu->buf[i]) mu->buf[i]->refs++;
    set_tensor(x, n, &mu->t[i], mu->buf[i]);
    return;
  }
  const IrNode *tup = t->node;
  if (i < 0 || i >= tup->nin)
    fail(x, OPE_IndexError, "TupleGetItem: index %lld out of range for a tuple of %d", (long long)i, tup->nin);
  set_alias(x, n, get(x, tup->in[i]));
}

static OpTensor *param_tensor(Exec *x, const IrNode *p, const char *what) {
  int k = entry_param_index(x, p);
  if (k < 0) fail(x, OPE_RuntimeError, "IR: %s of a value that is not a Parameter", what);
  return &x->params[k];
}

static void run_load(Exec *x, IrNode *n) {
  if (n->nin != 1) fail(x, OPE_RuntimeError, "IR: Load takes 1 operand, got %d", n->nin);
  int k = entry_param_index(x, n->in[0]);
  OpTensor *p = param_tensor(x, n->in[0], "Load");
  if (!x->assigned[k]) {
    set_tensor(x, n, p, NULL);
    return;
  }
  OpTensor c = *p;
  XBuf *b = buf_new(x, c.dtype, c.size);
  c.data = b->data;
  if (c.size) memcpy(c.data, p->data, nbytes(p));
  set_tensor(x, n, &c, b);
}

static void run_assign(Exec *x, IrNode *n) {
  if (n->nin != 2) fail(x, OPE_RuntimeError, "IR: Assign takes 2 operands, got %d", n->nin);
  OpTensor *p = param_tensor(x, n->in[0], "Assign");
  OpTensor *v = tensor_of(x, n->in[1], "Assign", 1);
  if (!same_shape(p->ndim, p->shape, v->ndim, v->shape)) {
    char a[128], b[128];
    fail(x, OPE_ValueError, "Assign: cannot assign a tensor of shape %s to a Parameter of shape %s",
         shape_str(a, sizeof a, v->ndim, v->shape), shape_str(b, sizeof b, p->ndim, p->shape));
  }
  if (p->data != v->data && p->size) {
    if (p->dtype == v->dtype) memcpy(p->data, v->data, nbytes(p));
    else msrt_cast(v->dtype, p->dtype, p->size, v->data, p->data);
  }
  set_alias(x, n, get(x, n->in[1]));
}

static void write_str(const char *s) { msrt_write(s, strlen(s)); }

/* A Python scalar as MindSpore's Print shows it (C++ stream defaults). */
static void fmt_scalar(char *buf, size_t cap, const IrNode *c) {
  if (c->cst.kind == IR_C_STR) snprintf(buf, cap, "%s", c->cst.s ? c->cst.s : "");
  else if (c->cst.kind == IR_C_NONE) snprintf(buf, cap, "None");
  else if (c->type && c->type->dt == MSRT_BOOL) snprintf(buf, cap, "%s", c->cst.i ? "True" : "False");
  else if (c->type && ir_dtype_is_float(c->type->dt)) snprintf(buf, cap, "%g", c->cst.f);
  else snprintf(buf, cap, "%lld", (long long)c->cst.i);
}

/* The Parameter name Print shows for operand o (a Load of a Parameter). */
static const char *param_name(const IrNode *o) {
  if (o->kind == IR_NK_NODE && o->op == IR_LOAD && o->nin == 1 && o->in[0] && o->in[0]->is_parameter)
    return o->in[0]->name;
  if (o->kind == IR_NK_PARAM && o->is_parameter) return o->name;
  return NULL;
}

static void print_tuple(Exec *x, const IrNode *tup) {
  char tmp[128];
  write_str("(");
  for (int i = 0; i < tup->nin; i++) {
    XVal *e = get(x, tup->in[i]);
    if (e->kind != XV_CONST || e->node->cst.kind == IR_C_TENSOR)
      fail(x, OPE_NotImplementedError, "Print: a tuple of tensors is not supported yet");
    if (i) write_str(", ");
    if (e->node->cst.kind == IR_C_STR) {
      write_str("'");
      write_str(e->node->cst.s ? e->node->cst.s : "");
      write_str("'");
    } else {
      fmt_scalar(tmp, sizeof tmp, e->node);
      write_str(tmp);
    }
  }
  write_str(tup->nin == 1 ? ",)" : ")");
}

static void run_print(Exec *x, IrNode *n) {
  /* Check every operand before writing anything. */
  for (int i = 0; i < n->nin; i++) get(x, n->in[i]);
  for (int i = 0; i < n->nin; i++) {
    XVal *v = get(x, n->in[i]);
    char tmp[128];
    switch (v->kind) {
    case XV_TENSOR: {
      OpTensor *t = &v->t;
      if (msrt_print_graph(NULL, NULL, t->dtype, t->data, t->shape, t->ndim, NULL, param_name(n->in[i])) != MSRT_OK)
        fail(x, OPE_ValueError, "Print: cannot print operand %d", i);
      break;
    }
    case XV_CONST:
      if (v->node->cst.kind == IR_C_STR) {
        write_str(v->node->cst.s ? v->node->cst.s : "");
      } else {
        fmt_scalar(tmp, sizeof tmp, v->node);
        write_str(tmp);
      }
      break;
    case XV_TUPLE: print_tuple(x, v->node); break;
    case XV_NONE: write_str("None"); break;
    case XV_MULTI: fail(x, OPE_NotImplementedError, "Print: a tuple of tensors is not supported yet");
    case XV_UNDEF: break;
    }
    write_str("\n");
  }
  set_other(x, n, XV_NONE, NULL);
}

/* ---- the run ---------------------------------------------------------------- */

static bool exec_graph(IrGraph *g, OpTensor *params, OpTensor *outs, OpWorkspace *ws, IrExecError *err,
                       IrExecObserve observe, void *ctx);

/* Fusion(@sub, a...): runs sub on the operand tensors as its own graph
 * (a call). An error inside is reported at the fused node that failed. */
static void run_fusion(Exec *x, IrNode *n) {
  IrGraph *sg = n->sub[0];
  IrNode **o;
  if (!sg || sg->nparam != n->nin || ir_outputs(sg, &o) != 1)
    fail(x, OPE_RuntimeError, "IR: Fusion: the fused subgraph does not match the node");
  for (int k = 0; k < n->nin; k++) x->argv[k] = *tensor_of(x, n->in[k], "Fusion", k);
  OpTensor out;
  memset(&out, 0, sizeof out);
  IrExecError e;
  bool ok = exec_graph(sg, x->argv, &out, x->ws, &e, NULL, NULL);
  number_values(x->g);
  if (!ok) {
    *x->err = e;
    if (!e.at_node) x->err->loc = n->loc, x->err->at_node = true;
    x->cur = NULL; /* located already */
    longjmp(*x->jb, 1);
  }
  XBuf *b = malloc(sizeof *b);
  if (!b) {
    free(out.data);
    fail(x, OPE_MemoryError, "out of memory");
  }
  b->refs = 1;
  b->data = out.data;
  set_tensor(x, n, &out, b);
}

/* JIT Fallback: the interpreter's callback (ir_exec_set_interpret). */
static IrInterpretFn interpret_fn;
static void *interpret_ctx;

void ir_exec_set_interpret(IrInterpretFn fn, void *ctx) {
  interpret_fn = fn;
  interpret_ctx = ctx;
}

/* PyExecute(v...) {id}: the interpreter runs Python call `id` on the
 * operands' data and writes the result (the node's type) into a new
 * buffer. */
static void run_py_execute(Exec *x, IrNode *n) {
  const IrAttr *id = ir_attr_get(n, "id");
  if (!interpret_fn || !id)
    fail(x, OPE_RuntimeError, "PyExecute: this graph calls back into the Python interpreter (JIT Fallback), "
         "which only msc run has");
  for (int k = 0; k < n->nin; k++) x->argv[k] = *tensor_of(x, n->in[k], "PyExecute", k);
  void **in = xcalloc((size_t)(n->nin ? n->nin : 1), sizeof(void *));
  for (int k = 0; k < n->nin; k++) in[k] = x->argv[k].data;
  const IrType *t = n->type;
  OpTensor out;
  memset(&out, 0, sizeof out);
  out.dtype = t->dt;
  out.ndim = t->ndim;
  memcpy(out.shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
  out.size = 1;
  for (int d = 0; d < t->ndim; d++) out.size *= t->shape[d];
  out.data = op_alloc_data(out.dtype, out.size);
  XBuf *b = malloc(sizeof *b);
  if (!out.data || !b) {
    free(in);
    free(out.data);
    free(b);
    fail(x, OPE_MemoryError, "out of memory");
  }
  int rc = interpret_fn(interpret_ctx, (uint32_t)id->i, in, out.data);
  free(in);
  if (rc) {
    free(out.data);
    free(b);
    fail(x, OPE_RuntimeError, "PyExecute: the Python call of JIT Fallback raised");
  }
  b->refs = 1;
  b->data = out.data;
  set_tensor(x, n, &out, b);
}

/* Runs subgraph sg on argv (nargs tensors) as a call; its flattened
 * outputs land in fresh buffers (outs, nout of them, zeroed by the
 * caller). An error inside is reported at the failing node, else at n. */
static void call_graph(Exec *x, IrNode *n, IrGraph *sg, OpTensor *argv, OpTensor *outs) {
  IrExecError e;
  bool ok = exec_graph(sg, argv, outs, x->ws, &e, NULL, NULL);
  number_values(x->g);
  if (ok) return;
  *x->err = e;
  if (!e.at_node) x->err->loc = n->loc, x->err->at_node = true;
  x->cur = NULL;
  longjmp(*x->jb, 1);
}

/* The operand tensors of region node n from operand `from` on, copied
 * into a malloc'd array. */
static OpTensor *region_args(Exec *x, IrNode *n, int from) {
  OpTensor *a = xcalloc((size_t)(n->nin - from + 1), sizeof(OpTensor));
  for (int k = from; k < n->nin; k++) a[k - from] = *tensor_of(x, n->in[k], ir_op_name(n->op), k);
  return a;
}

/* Stores the nout fresh tensors outs (taken over) as n's value. */
static void set_results(Exec *x, IrNode *n, OpTensor *outs, int nout) {
  XMulti *mu = xcalloc(1, sizeof *mu);
  mu->n = nout;
  mu->t = outs;
  mu->buf = xcalloc((size_t)(nout ? nout : 1), sizeof(XBuf *));
  for (int i = 0; i < nout; i++) {
    mu->buf[i] = malloc(sizeof(XBuf));
    if (!mu->buf[i]) fail(x, OPE_MemoryError, "out of memory");
    mu->buf[i]->refs = 1;
    mu->buf[i]->data = outs[i].data;
  }
  if (n->type->kind != IR_T_TUPLE && nout == 1) {
    mu->buf[0]->refs++;
    set_tensor(x, n, &outs[0], mu->buf[0]);
    multi_free(mu);
    return;
  }
  XVal *v = slot(x, n);
  release(v);
  v->kind = XV_MULTI;
  v->multi = mu;
}

static int graph_nout(IrGraph *g) {
  IrNode **o;
  return ir_outputs(g, &o);
}

/* If(c, @then, @else, a...): the taken branch as a call. */
static void run_if(Exec *x, IrNode *n) {
  OpTensor *c = tensor_of(x, n->in[0], "If", 0);
  if (c->size != 1) fail(x, OPE_ValueError, "If: the condition has %lld elements, not 1", (long long)c->size);
  bool t = ir_elem_float(c->dtype, c->data, 0) != 0;
  IrGraph *sg = n->sub[t ? 0 : 1];
  int nout = graph_nout(sg);
  OpTensor *a = region_args(x, n, 1);
  OpTensor *outs = xcalloc((size_t)(nout ? nout : 1), sizeof(OpTensor));
  call_graph(x, n, sg, a, outs);
  free(a);
  set_results(x, n, outs, nout);
}

static void free_tensors(OpTensor *t, int n) {
  for (int i = 0; i < n; i++) free(t[i].data);
  free(t);
}

/* Does cond(s...) hold? */
static bool while_test(Exec *x, IrNode *n, OpTensor *s) {
  OpTensor r;
  memset(&r, 0, sizeof r);
  call_graph(x, n, n->sub[0], s, &r);
  bool go = r.size == 1 && ir_elem_float(r.dtype, r.data, 0) != 0;
  free(r.data);
  return go;
}

/* While(@cond, @body, s...): the state in fresh buffers, replaced by each
 * body call's results. */
static void run_while(Exec *x, IrNode *n) {
  int ns = n->nin;
  OpTensor *a = region_args(x, n, 0);
  OpTensor *s = xcalloc((size_t)(ns ? ns : 1), sizeof(OpTensor));
  for (int k = 0; k < ns; k++) {
    s[k] = a[k];
    s[k].data = op_alloc_data(a[k].dtype, a[k].size);
    if (a[k].size) memcpy(s[k].data, a[k].data, nbytes(&a[k]));
  }
  free(a);
  const IrAttr *mx = ir_attr_get(n, "max_iterations");
  for (int64_t it = 0;; it++) {
    if (!while_test(x, n, s)) break;
    if (mx && it >= mx->i) {
      free_tensors(s, ns);
      fail(x, OPE_RuntimeError, "a while loop ran more than its bound of %lld iterations (--max-loop-iterations; "
           "the states saved for its gradient have room for that many)", (long long)mx->i);
    }
    OpTensor *next = xcalloc((size_t)(ns ? ns : 1), sizeof(OpTensor));
    call_graph(x, n, n->sub[1], s, next);
    free_tensors(s, ns);
    s = next;
  }
  set_results(x, n, s, ns);
}

static void run_node(Exec *x, IrNode *n) {
  for (int k = 0; k < n->nin; k++)
    if (n->in[k] && n->in[k]->kind == IR_NK_CONST) load_const(x, n->in[k]);
  if (n->op >= 0 && n->op < OP_COUNT) {
    run_prim(x, n);
    return;
  }
  switch (n->op) {
  case IR_MAKE_TUPLE:
    for (int k = 0; k < n->nin; k++) get(x, n->in[k]);
    set_other(x, n, XV_TUPLE, n);
    break;
  case IR_TUPLE_GET: run_tuple_get(x, n); break;
  case IR_LOAD: run_load(x, n); break;
  case IR_ASSIGN: run_assign(x, n); break;
  case IR_PRINT: run_print(x, n); break;
  case IR_FUSION: run_fusion(x, n); break;
  case IR_PY_EXECUTE: run_py_execute(x, n); break;
  case IR_IF: run_if(x, n); break;
  case IR_WHILE: run_while(x, n); break;
  default: fail(x, OPE_RuntimeError, "IR: unknown op %d", n->op);
  }
}

/* Output i: written into the caller's buffer, or a new one. */
static void store_output(Exec *x, int i, const IrNode *o) {
  XVal *v = get(x, o);
  if (v->kind != XV_TENSOR) fail(x, OPE_TypeError, "output %d of @%s is not a tensor", i, x->g->name);
  OpTensor *t = &v->t, *dst = &x->outs[i];
  if (!dst->data) {
    *dst = *t;
    dst->data = op_alloc_data(t->dtype, t->size);
    if (!dst->data) fail(x, OPE_MemoryError, "cannot allocate output %d", i);
    x->fresh[i] = true;
    if (t->size) memcpy(dst->data, t->data, nbytes(t));
    return;
  }
  if (!same_shape(dst->ndim, dst->shape, t->ndim, t->shape)) {
    char a[128], b[128];
    fail(x, OPE_ValueError, "output %d of @%s has shape %s, the preallocated tensor %s", i, x->g->name,
         shape_str(a, sizeof a, t->ndim, t->shape), shape_str(b, sizeof b, dst->ndim, dst->shape));
  }
  if (dst->data == t->data || !t->size) return;
  if (dst->dtype == t->dtype) memcpy(dst->data, t->data, nbytes(t));
  else msrt_cast(t->dtype, dst->dtype, t->size, t->data, dst->data);
}

/* Releases u's value (and a tuple's elements) when node i used it last. */
static void release_last(Exec *x, const IrNode *u, int i) {
  if (!u || (u->kind != IR_NK_CONST && u->owner != x->g) || u->id < 0 || u->id >= x->nval) return;
  XVal *v = &x->val[u->id];
  if (v->last != i || v->kind == XV_UNDEF) return;
  release(v);
  if (u->kind == IR_NK_NODE && u->op == IR_MAKE_TUPLE)
    for (int k = 0; k < u->nin; k++) release_last(x, u->in[k], i);
}

static void run(Exec *x) {
  IrGraph *g = x->g;
  for (int i = 0; i < g->nparam; i++) {
    OpTensor *t = &x->params[i];
    if (!t->data && t->size) fail(x, OPE_RuntimeError, "@%s: no tensor for param %d (%s)", g->name, i, g->params[i]->name);
    set_tensor(x, g->params[i], t, NULL);
  }
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    x->cur = n;
    run_node(x, n);
    if (x->observe && x->val[n->id].kind == XV_TENSOR) x->observe(x->octx, n, &x->val[n->id].t);
    for (int k = 0; k < n->nin; k++) release_last(x, n->in[k], i);
    if (x->val[n->id].last < i) release(&x->val[n->id]); /* never used */
  }
  x->cur = NULL;
  IrNode **outs;
  if (g->ret && g->ret->kind == IR_NK_CONST) load_const(x, g->ret);
  int nout = ir_outputs(g, &outs);
  for (int i = 0; i < nout; i++) {
    if (outs[i] && outs[i]->kind == IR_NK_CONST) load_const(x, outs[i]);
    store_output(x, i, outs[i]);
  }
}

static void cleanup(Exec *x) {
  for (int i = 0; i < x->nval; i++) release(&x->val[i]);
  free(x->val);
  free(x->assigned);
  free(x->argv);
  free(x->argp);
}

static bool exec_graph(IrGraph *g, OpTensor *params, OpTensor *outs, OpWorkspace *ws, IrExecError *err,
                       IrExecObserve observe, void *ctx) {
  memset(err, 0, sizeof *err);
  IrNode **o;
  int nout = ir_outputs(g, &o);
  Exec *x = xcalloc(1, sizeof *x);
  jmp_buf jb;
  x->g = g;
  x->params = params;
  x->outs = outs;
  x->ws = ws;
  x->err = err;
  x->jb = &jb;
  x->observe = observe;
  x->octx = ctx;
  x->fresh = xcalloc((size_t)(nout ? nout : 1), sizeof(bool));
  prepare(x);
  bool ok = true;
  if (!setjmp(jb)) {
    run(x);
  } else {
    ok = false;
    if (x->cur && !err->at_node) {
      err->loc = x->cur->loc;
      err->at_node = true;
    }
    for (int i = 0; i < nout; i++)
      if (x->fresh[i]) {
        free(outs[i].data);
        outs[i].data = NULL;
      }
  }
  cleanup(x);
  free(x->fresh);
  free(x);
  return ok;
}

static bool exec_entry(IrModule *m, OpTensor *params, OpTensor *outs, OpWorkspace *ws, IrExecError *err,
                       IrExecObserve observe, void *ctx) {
  IrGraph *g = ir_module_entry(m);
  if (!g) {
    memset(err, 0, sizeof *err);
    err->kind = OPE_RuntimeError;
    snprintf(err->msg, sizeof err->msg, "IR: the module has no entry graph");
    return false;
  }
  return exec_graph(g, params, outs, ws, err, observe, ctx);
}

bool ir_exec(IrModule *m, OpTensor *params, OpTensor *outs, OpWorkspace *ws, IrExecError *err) {
  return exec_entry(m, params, outs, ws, err, NULL, NULL);
}

bool ir_exec_observed(IrModule *m, OpTensor *params, OpTensor *outs, OpWorkspace *ws, IrExecError *err,
                      IrExecObserve observe, void *ctx) {
  return exec_entry(m, params, outs, ws, err, observe, ctx);
}
