/* exec.c — the reference executor (exec.h): runs the entry graph of an IR
 * module node by node with the eager kernels.
 *
 * Values. Every value of the run lives in one table indexed by a number
 * given here to each entry-graph param, node and (operand) constant, kept
 * in IrNode.id (scratch, as print.c and verify.c use it). A value is a
 * tensor (an owned reference), a tuple (the MakeTuple node: its elements
 * are the values of that node's operands), a non-tensor constant
 * (scalar, string, None: Print/TupleGetItem operands) or None (Print).
 *
 * Lifetimes. A value is released right after its last use (a use of a
 * MakeTuple counts as a use of its operands); the returned values and the
 * constants live to the end of the run. Tensor constants are built once
 * per run (tensor_new + memcpy); params are the caller's tensors (one
 * reference held for the run). A Parameter that the graph Assigns is
 * copied by each Load before it, so the Load keeps the value it read;
 * otherwise Load gives the Parameter's tensor itself.
 *
 * Primitives run as prim_call would on MindSpore tensors: attributes
 * decoded from the node (ir_attrs_decode), the op's infer rule for the
 * result type and the dtype each input is converted to (capture already
 * inserted the Casts; the check here only makes the executor robust to
 * hand-written IR), the output allocated, the kernel rule run. When the
 * inferred type disagrees with the node's, a dtype-only difference is
 * cast to the node's type and a shape difference raises.
 *
 * Fusion(@sub, a...) runs sub as its own graph on the operand tensors (a
 * call with its own value table); since sub may share constant nodes with
 * the caller, the caller's numbering is restored after the call. An error
 * inside is located at the fused node that raised.
 *
 * Errors. Everything runs under one catch point: whatever raises (an
 * infer rule, a kernel, tensor_new, the executor itself), every reference
 * the run holds is released, the node's location is put at the innermost
 * end of the traceback (below the frame that called the executor), and
 * the exception is raised again. The node's script location needs a
 * SrcFile: it is found among the files of the traceback's frames (the
 * user's script calling a jitted function is always there); if the file
 * is not on the stack (a node traced from lib/ code while the caller is
 * elsewhere), the node's .mir location is used when it was parsed from a
 * .mir file, else the traceback is left as raised.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../eval/valpriv.h" /* reraise_owned, CUR_EXC */
#include "exec.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

typedef enum XKind { XV_UNDEF = 0, XV_NONE, XV_TENSOR, XV_TUPLE, XV_CONST } XKind;

typedef struct XVal {
  XKind kind;
  Tensor *t;           /* TENSOR: owned */
  const IrNode *node;  /* TUPLE: the MakeTuple; CONST: the constant */
  int last;            /* index of the last node using it (INT_MAX: kept) */
} XVal;

typedef struct Exec {
  Interp *I;
  IrGraph *g;
  Tensor *const *params;
  int nval;
  XVal *val;
  bool *assigned;      /* per entry param: target of an Assign */
  Tensor **tmp;        /* the running node's temporaries (casts) */
  int ntmp;
  Tensor **argv;       /* operand tensors of the running node */
  TType *argty;
  msrt_dtype *argcast;
  const IrNode *cur;   /* the running node (error location) */
  Tensor **outs;
  int nout;
  bool *fresh;         /* outs[i] got a new reference from us */
} Exec;

/* ---- the value table ---------------------------------------------------- */

static XVal *slot(Exec *x, const IrNode *n) {
  Interp *I = x->I;
  if (!n) rt_raise(I, EXC_RuntimeError, "IR: missing operand");
  bool ours = n->kind == IR_NK_CONST || n->owner == x->g;
  if (!ours || n->id < 0 || n->id >= x->nval)
    rt_raise(I, EXC_RuntimeError, "IR: operand of %s is not a value of @%s",
             x->cur ? ir_op_name(x->cur->op) : "Return", x->g->name);
  return &x->val[n->id];
}

static XVal *get(Exec *x, const IrNode *n) {
  XVal *v = slot(x, n);
  if (v->kind == XV_UNDEF)
    rt_raise(x->I, EXC_RuntimeError, "IR: a value of @%s is used before it is computed", x->g->name);
  return v;
}

static void release(Exec *x, XVal *v) {
  if (v->kind == XV_TENSOR && v->t) {
    Tensor *t = v->t;
    v->t = NULL;
    obj_decref(x->I, &t->h);
  }
  v->kind = XV_UNDEF;
}

/* Stores the value of node n: a tensor reference (taken over). */
static void set_tensor(Exec *x, const IrNode *n, Tensor *t) {
  XVal *v = slot(x, n);
  release(x, v);
  v->kind = XV_TENSOR;
  v->t = t;
}

static void set_other(Exec *x, const IrNode *n, XKind kind, const IrNode *node) {
  XVal *v = slot(x, n);
  release(x, v);
  v->kind = kind;
  v->node = node;
}

static Tensor *tensor_of(Exec *x, const IrNode *n, const char *what, int i) {
  XVal *v = get(x, n);
  if (v->kind != XV_TENSOR)
    rt_raise_op(x->I, EXC_TypeError, "%s: operand %d is not a tensor", what, i);
  return v->t;
}

static void drop_tmp(Exec *x) {
  while (x->ntmp) {
    Tensor *t = x->tmp[--x->ntmp];
    obj_decref(x->I, &t->h);
  }
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

/* Numbers params, nodes and operand constants; sizes the scratch arrays;
 * computes last uses and the Assign targets. */
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

static void prepare(Exec *x) {
  IrGraph *g = x->g;
  int id = number_values(g), maxin = 1;
  for (int i = 0; i < g->nnode; i++)
    if (g->nodes[i]->nin > maxin) maxin = g->nodes[i]->nin;
  x->nval = id;
  x->val = xcalloc((size_t)(id ? id : 1), sizeof(XVal));
  for (int i = 0; i < id; i++) x->val[i].last = -1;
  x->assigned = xcalloc((size_t)(g->nparam ? g->nparam : 1), sizeof(bool));
  x->tmp = xcalloc((size_t)maxin, sizeof(Tensor *));
  x->argv = xcalloc((size_t)maxin, sizeof(Tensor *));
  x->argty = xcalloc((size_t)maxin, sizeof(TType));
  x->argcast = xcalloc((size_t)maxin, sizeof(msrt_dtype));
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

/* ---- constants and params ----------------------------------------------- */

static void load_const(Exec *x, const IrNode *c) {
  XVal *v = slot(x, c);
  if (v->kind != XV_UNDEF) return;
  if (c->cst.kind != IR_C_TENSOR) {
    set_other(x, c, XV_CONST, c);
    return;
  }
  const IrType *t = c->type;
  Tensor *r = tensor_new(x->I, t->dt, t->ndim, t->shape, TF_MS);
  size_t nb = (size_t)r->size * msrt_dtype_size(r->dtype);
  if (nb > c->cst.nbytes)
    rt_raise(x->I, EXC_RuntimeError, "IR: tensor constant holds %zu bytes, its type needs %zu", c->cst.nbytes, nb);
  if (nb) memcpy(r->data, c->cst.data, nb);
  set_tensor(x, c, r);
}

/* ---- primitives ----------------------------------------------------------- */

static bool same_shape(int na, const int64_t *a, int nb, const int64_t *b) {
  return na == nb && (na == 0 || memcmp(a, b, sizeof(int64_t) * (size_t)na) == 0);
}

static void run_prim(Exec *x, IrNode *n) {
  Interp *I = x->I;
  OpId op = (OpId)n->op;
  const OpInfo *oi = &op_info[op];
  int nin = n->nin;
  if (oi->nin >= 0 && nin != oi->nin)
    rt_raise_op(I, EXC_TypeError, "%s: takes %d input%s, got %d", oi->name, oi->nin, oi->nin == 1 ? "" : "s", nin);
  InferFn infer = op_infer_rule(op);
  KernelFn kernel = op_kernel_rule(op);
  if (!infer || !kernel) rt_raise(I, EXC_NotImplementedError, "%s: no eager kernel", oi->name);
  for (int i = 0; i < nin; i++) {
    Tensor *t = tensor_of(x, n->in[i], oi->name, i);
    if (!t->data) rt_raise(I, EXC_RuntimeError, "%s: operand %d has no data", oi->name, i);
    TType *ty = &x->argty[i];
    memset(ty, 0, sizeof *ty);
    ty->dt = t->dtype;
    ty->ndim = t->ndim;
    if (t->ndim) memcpy(ty->shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
    x->argv[i] = t;
    x->argcast[i] = t->dtype;
  }
  Attrs a;
  ir_attrs_decode(n, &a);
  TType out;
  memset(&out, 0, sizeof out);
  infer(I, op, nin, x->argty, &a, &out, x->argcast);
  for (int i = 0; i < nin; i++)
    if (x->argcast[i] != x->argv[i]->dtype) {
      x->argv[i] = tensor_cast(I, x->argv[i], x->argcast[i], TF_MS);
      x->tmp[x->ntmp++] = x->argv[i];
    }
  Tensor *o = tensor_new(I, out.dt, out.ndim, out.shape, TF_MS);
  set_tensor(x, n, o);
  kernel(I, op, nin, x->argv, &a, o);
  drop_tmp(x);
  const IrType *nt = n->type;
  if (nt && nt->kind == IR_T_TENSOR && (nt->dt != o->dtype || !same_shape(nt->ndim, nt->shape, o->ndim, o->shape))) {
    if (!same_shape(nt->ndim, nt->shape, o->ndim, o->shape)) {
      char want[128], got[128];
      rt_raise_op(I, EXC_TypeError, "%s: the graph gives the result shape %s, the operands give %s", oi->name,
                  shape_str(want, sizeof want, nt->ndim, nt->shape), shape_str(got, sizeof got, o->ndim, o->shape));
    }
    set_tensor(x, n, tensor_cast(I, o, nt->dt, TF_MS)); /* releases o */
  }
}

/* ---- structural ops --------------------------------------------------------- */

static void run_tuple_get(Exec *x, IrNode *n) {
  if (n->nin != 2) rt_raise(x->I, EXC_RuntimeError, "IR: TupleGetItem takes 2 operands, got %d", n->nin);
  XVal *t = get(x, n->in[0]);
  XVal *iv = get(x, n->in[1]);
  if (t->kind != XV_TUPLE) rt_raise_op(x->I, EXC_TypeError, "TupleGetItem: operand 0 is not a tuple");
  if (iv->kind != XV_CONST || iv->node->cst.kind != IR_C_SCALAR)
    rt_raise_op(x->I, EXC_TypeError, "TupleGetItem: the index is not a constant integer");
  const IrNode *tup = t->node;
  int64_t i = iv->node->cst.i;
  if (i < 0 || i >= tup->nin)
    rt_raise_op(x->I, EXC_IndexError, "TupleGetItem: index %lld out of range for a tuple of %d", (long long)i,
                tup->nin);
  XVal *e = get(x, tup->in[i]);
  if (e->kind == XV_TENSOR) {
    obj_incref(&e->t->h);
    set_tensor(x, n, e->t);
  } else {
    set_other(x, n, e->kind, e->node);
  }
}

static Tensor *param_tensor(Exec *x, const IrNode *p, const char *what) {
  int k = entry_param_index(x, p);
  if (k < 0) rt_raise(x->I, EXC_RuntimeError, "IR: %s of a value that is not a Parameter", what);
  return x->params[k];
}

static void run_load(Exec *x, IrNode *n) {
  if (n->nin != 1) rt_raise(x->I, EXC_RuntimeError, "IR: Load takes 1 operand, got %d", n->nin);
  int k = entry_param_index(x, n->in[0]);
  Tensor *p = param_tensor(x, n->in[0], "Load");
  if (x->assigned[k]) {
    set_tensor(x, n, tensor_copy(x->I, p, TF_MS));
  } else {
    obj_incref(&p->h);
    set_tensor(x, n, p);
  }
}

static void run_assign(Exec *x, IrNode *n) {
  if (n->nin != 2) rt_raise(x->I, EXC_RuntimeError, "IR: Assign takes 2 operands, got %d", n->nin);
  Tensor *p = param_tensor(x, n->in[0], "Assign");
  Tensor *v = tensor_of(x, n->in[1], "Assign", 1);
  if (!same_shape(p->ndim, p->shape, v->ndim, v->shape)) {
    char a[128], b[128];
    rt_raise_op(x->I, EXC_ValueError, "Assign: cannot assign a tensor of shape %s to a Parameter of shape %s",
                shape_str(a, sizeof a, v->ndim, v->shape), shape_str(b, sizeof b, p->ndim, p->shape));
  }
  if (p != v && p->size) {
    if (p->dtype == v->dtype) memcpy(p->data, v->data, (size_t)p->size * msrt_dtype_size(p->dtype));
    else msrt_cast(v->dtype, p->dtype, p->size, v->data, p->data);
  }
  obj_incref(&v->h);
  set_tensor(x, n, v);
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
      rt_raise_op(x->I, EXC_NotImplementedError, "Print: a tuple of tensors is not supported yet");
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
      Tensor *t = v->t;
      if (msrt_print_graph(NULL, NULL, t->dtype, t->data, t->shape, t->ndim, NULL, param_name(n->in[i])) != MSRT_OK)
        rt_raise_op(x->I, EXC_ValueError, "Print: cannot print operand %d", i);
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
    case XV_UNDEF: break;
    }
    write_str("\n");
  }
  set_other(x, n, XV_NONE, NULL);
}

/* ---- the run ---------------------------------------------------------------- */

static void run(Exec *x);
static void cleanup(Exec *x);

/* Fusion(@sub, a...): runs sub on the operand tensors as its own graph
 * (a call). An error inside is reported at the fused node that raised. */
static void run_fusion(Exec *x, IrNode *n) {
  Interp *I = x->I;
  IrGraph *sg = n->sub[0];
  IrNode **o;
  if (!sg || sg->nparam != n->nin || ir_outputs(sg, &o) != 1)
    rt_raise(I, EXC_RuntimeError, "IR: Fusion: the fused subgraph does not match the node");
  for (int k = 0; k < n->nin; k++) x->argv[k] = tensor_of(x, n->in[k], "Fusion", k);
  Tensor *out = NULL;
  Exec *y = xcalloc(1, sizeof *y);
  y->I = I;
  y->g = sg;
  y->params = x->argv;
  y->outs = &out;
  y->fresh = xcalloc(1, sizeof(bool));
  prepare(y);
  Catch c;
  if (RT_TRY(I, &c)) {
    run(y);
    rt_catch_pop(I, &c);
    cleanup(y);
    free(y);
    number_values(x->g);
    set_tensor(x, n, out);
    return;
  }
  Value e = CUR_EXC(I);
  CUR_EXC(I) = v_undef();
  if (y->cur) x->cur = y->cur;
  if (out) obj_decref(I, &out->h);
  cleanup(y);
  free(y);
  number_values(x->g);
  reraise_owned(I, e);
}

static void run_node(Exec *x, IrNode *n) {
  Interp *I = x->I;
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
  case IR_IF: rt_raise_op(I, EXC_NotImplementedError, "If: tensor control flow is not supported yet");
  case IR_WHILE: rt_raise_op(I, EXC_NotImplementedError, "While: tensor control flow is not supported yet");
  default: rt_raise(I, EXC_RuntimeError, "IR: unknown op %d", n->op);
  }
}

/* Output i: written into the caller's tensor, or a new reference (a copy
 * when the value is one of the caller's own tensors). */
static void store_output(Exec *x, int i, const IrNode *o) {
  Interp *I = x->I;
  XVal *v = get(x, o);
  if (v->kind != XV_TENSOR) rt_raise(I, EXC_TypeError, "output %d of @%s is not a tensor", i, x->g->name);
  Tensor *t = v->t;
  Tensor *dst = x->outs[i];
  if (dst) {
    if (!same_shape(dst->ndim, dst->shape, t->ndim, t->shape)) {
      char a[128], b[128];
      rt_raise(I, EXC_ValueError, "output %d of @%s has shape %s, the preallocated tensor %s", i, x->g->name,
               shape_str(a, sizeof a, t->ndim, t->shape), shape_str(b, sizeof b, dst->ndim, dst->shape));
    }
    if (dst == t || !t->size) return;
    if (dst->dtype == t->dtype) memcpy(dst->data, t->data, (size_t)t->size * msrt_dtype_size(t->dtype));
    else msrt_cast(t->dtype, dst->dtype, t->size, t->data, dst->data);
    return;
  }
  bool callers = t->flavour != TF_MS;
  for (int k = 0; k < x->g->nparam && !callers; k++) callers = x->params[k] == t;
  if (callers) {
    t = tensor_copy(I, t, TF_MS);
  } else {
    obj_incref(&t->h);
  }
  x->outs[i] = t;
  x->fresh[i] = true;
}

/* Releases u's value (and a tuple's elements) when node i used it last. */
static void release_last(Exec *x, const IrNode *u, int i) {
  if (!u || (u->kind != IR_NK_CONST && u->owner != x->g) || u->id < 0 || u->id >= x->nval) return;
  XVal *v = &x->val[u->id];
  if (v->last != i || v->kind == XV_UNDEF) return;
  release(x, v);
  if (u->kind == IR_NK_NODE && u->op == IR_MAKE_TUPLE)
    for (int k = 0; k < u->nin; k++) release_last(x, u->in[k], i);
}

static void run(Exec *x) {
  Interp *I = x->I;
  IrGraph *g = x->g;
  for (int i = 0; i < g->nparam; i++) {
    Tensor *t = x->params[i];
    if (!t) rt_raise(I, EXC_RuntimeError, "@%s: no tensor for param %d (%s)", g->name, i, g->params[i]->name);
    obj_incref(&t->h);
    set_tensor(x, g->params[i], t);
  }
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    x->cur = n;
    run_node(x, n);
    for (int k = 0; k < n->nin; k++) release_last(x, n->in[k], i);
    if (x->val[n->id].last < i) release(x, &x->val[n->id]); /* never used */
  }
  x->cur = NULL;
  IrNode **outs;
  if (g->ret && g->ret->kind == IR_NK_CONST) load_const(x, g->ret);
  int nout = ir_outputs(g, &outs);
  x->nout = nout;
  for (int i = 0; i < nout; i++) {
    if (outs[i] && outs[i]->kind == IR_NK_CONST) load_const(x, outs[i]);
    store_output(x, i, outs[i]);
  }
}

static void cleanup(Exec *x) {
  drop_tmp(x);
  free(x->fresh);
  x->fresh = NULL;
  for (int i = 0; i < x->nval; i++) release(x, &x->val[i]);
  free(x->val);
  free(x->assigned);
  free(x->tmp);
  free(x->argv);
  free(x->argty);
  free(x->argcast);
}

/* The byte offset in f of 1-based line:col (display column), or -1. */
static int64_t offset_of(const SrcFile *f, int line, int col) {
  if (line < 1 || line > f->nlines) return -1;
  uint32_t beg = f->line_off[line - 1];
  uint32_t end = line < f->nlines ? f->line_off[line] : (uint32_t)f->len;
  for (uint32_t off = beg; off < end; off++) {
    int l, c;
    src_linecol(f, off, &l, &c);
    if (c >= col) return off;
  }
  return beg;
}

/* Puts node n's location at the innermost end of the current traceback. */
static void relocate(Interp *I, const IrNode *n) {
  if (!n) return;
  Loc at = {0};
  if (n->loc.file) {
    for (int i = 0; i < I->tb_len && !at.file; i++) {
      SrcFile *f = I->tb[i].file;
      if (!f || strcmp(f->name, n->loc.file) != 0) continue;
      int64_t off = offset_of(f, n->loc.line, n->loc.col);
      if (off < 0) continue;
      at.file = f;
      at.beg = (uint32_t)off;
      at.end = (uint32_t)off + (off < (int64_t)f->len);
    }
  }
  if (!at.file) at = n->loc.mir;
  if (!at.file) return;
  if (I->tb_len == I->tb_cap) {
    I->tb_cap = I->tb_cap ? 2 * I->tb_cap : 64;
    I->tb = xrealloc(I->tb, sizeof(Loc) * (size_t)I->tb_cap);
  }
  memmove(I->tb + 1, I->tb, sizeof(Loc) * (size_t)I->tb_len);
  I->tb[0] = at;
  I->tb_len++;
}

void ir_exec_relocate(Interp *I, IrLoc loc) {
  IrNode n;
  memset(&n, 0, sizeof n);
  n.loc = loc;
  relocate(I, &n);
}

void ir_exec(Interp *I, IrModule *m, Tensor *const *params, Tensor **outs) {
  IrGraph *g = ir_module_entry(m);
  if (!g) rt_raise(I, EXC_RuntimeError, "IR: the module has no entry graph");
  Exec *x = xcalloc(1, sizeof *x);
  x->I = I;
  x->g = g;
  x->params = params;
  x->outs = outs;
  IrNode **o;
  int nout = ir_outputs(g, &o);
  x->fresh = xcalloc((size_t)(nout ? nout : 1), sizeof(bool));
  prepare(x);
  Catch c;
  if (RT_TRY(I, &c)) {
    run(x);
    rt_catch_pop(I, &c);
    cleanup(x);
    free(x);
    return;
  }
  Value e = CUR_EXC(I);
  CUR_EXC(I) = v_undef();
  const IrNode *at = x->cur;
  for (int i = 0; i < nout; i++)
    if (x->fresh[i]) {
      obj_decref(I, &outs[i]->h);
      outs[i] = NULL;
    }
  cleanup(x);
  free(x);
  relocate(I, at);
  reraise_owned(I, e);
}
