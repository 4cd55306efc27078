/* mindir_out.c — an entry graph as a MindIR ModelProto (ms.export(...,
 * file_format='MINDIR')), laid out as MindSpore 2.x's exporter writes it
 * (mindspore/ccsrc/transform/express_ir/mindir_exporter.cc, IrExportBuilder):
 *
 *   ModelProto  ir_version "0.1.1", producer_name "MindSpore", model_version,
 *               little_endian, mind_ir_version 1, graph, primitives
 *   GraphProto  name; input: one ValueInfoProto per tensor input, named
 *               "<graph>:<input>", with a TensorProto (data_type, dims);
 *               parameter: one TensorProto per Parameter, named
 *               "<graph>:<parameter>", with its raw_data; node: the CNodes in
 *               order; output: a ValueInfoProto naming the returned node
 *   NodeProto   name = output[0] = "<graph>:CNode_<k>:<id>", op_type
 *               "REF::<Prim>:<id>" naming a PrimitiveProto, input = the
 *               names of its operands, attribute "shape" = the abstract of
 *               its result (TENSORS: data_type and dims; TUPLE of them)
 *   effects     a graph that assigns Parameters (a training step,
 *               BatchNorm's moving statistics) is ordered by a U monad as
 *               MindSpore's auto-monad orders it: a Constant UMONAD, each
 *               read Load(param, U) and each Assign(param, value, U)
 *               (attribute side_effect_mem) followed by U =
 *               UpdateState(U, node), the output Depend(output, U); a graph
 *               without Assign refers to its Parameters directly
 *   constants   a NodeProto op_type "Constant", name "<graph>:ValueNode_<k>",
 *               attribute "value": a tensor (TENSORS with raw_data), a scalar
 *               (INT64 i, FLOAT f, DOUBLE d, BOOL i), a tuple (TUPLE of INT64
 *               values), a dtype (TENSORS with data_type only), a string
 *
 * Each primitive is written in MindSpore's layout for the layers msc has
 * (serial/mindir_in.c reads the same layouts back, and MindSpore's own):
 * Reshape/Transpose/ExpandDims/Gather take shape/perm/axis as a constant
 * operand, reductions their axis as a constant operand and keep_dims as an
 * attribute, Cast its dtype as a constant operand, Conv2D and the pools
 * MindSpore's attributes (kernel_size, stride(s), pad_mode, pad, dilation,
 * group, format), BatchNorm returns MindSpore's 5-tuple read by TupleGetItem
 * 0, Concat/Stack take a MakeTuple. Any other primitive carries its msc
 * attributes under their msc names (INT -> INT64, FLOAT -> DOUBLE, BOOL,
 * STR -> STRING, INTS -> TUPLE, DTYPE -> a TENSORS type).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serial.h"
#include "serial/mind_ir.pb-c.h"

typedef MindIr__AttributeProto Attr;
typedef MindIr__NodeProto NodeP;
typedef MindIr__TensorProto TensorP;

typedef struct Ex {
  Arena *a;
  const char *gname;
  MindIr__GraphProto *g;
  size_t capnode;
  MindIr__PrimitiveProto **prims;
  size_t nprim, capprim;
  int uid;          /* MindSpore's GetUniqueID */
  int ncnode, nvalue;
  char **names;     /* per IR node id: its MindIR name */
  char **pnames;    /* per IR param id */
  IrGraph *ir;
  const MindirWeights *w;
  char *err;
  size_t errcap;
  bool failed;
  const char *u;    /* a graph that assigns: the current U monad's name */
  IrGraph *entry;   /* the entry graph and its params' names (Parameters are */
  char **epnames;   /* used from subgraphs by these names) */
  MindIr__GraphProto **funcs; /* ModelProto.functions: the subgraphs */
  size_t nfunc, capfunc;
  int nsub;         /* subgraphs written (their names' numbers) */
} Ex;

static void fail(Ex *x, const char *fmt, ...) MSC_PRINTF(2, 3);
static void fail(Ex *x, const char *fmt, ...) {
  if (x->failed) return;
  x->failed = true;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(x->err, x->errcap, fmt, ap);
  va_end(ap);
}

static char *fmt(Ex *x, const char *f, ...) MSC_PRINTF(2, 3);
static char *fmt(Ex *x, const char *f, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, f);
  vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  return arena_strdup(x->a, buf);
}

/* MindIR's TensorProto.DataType of an msc dtype (exporter's g_data_type_map). */
int mindir_dtype_code(msrt_dtype dt);
int mindir_dtype_code(msrt_dtype dt) {
  switch (dt) {
  case MSRT_BOOL: return 9;
  case MSRT_INT8: return 3;
  case MSRT_UINT8: return 2;
  case MSRT_INT16: return 5;
  case MSRT_UINT16: return 4;
  case MSRT_INT32: return 6;
  case MSRT_INT64: return 7;
  case MSRT_UINT32: return 12;
  case MSRT_UINT64: return 13;
  case MSRT_FLOAT16: return 10;
  case MSRT_FLOAT32: return 1;
  case MSRT_FLOAT64: return 11;
  default: return 0;
  }
}

#define NEWA(x, T) ((T *)arena_alloc((x)->a, sizeof(T)))

static Attr *attr_new(Ex *x, const char *name, MindIr__AttributeProto__AttributeType type) {
  Attr *at = NEWA(x, Attr);
  mind_ir__attribute_proto__init(at);
  at->name = name ? arena_strdup(x->a, name) : NULL;
  at->has_type = 1;
  at->type = type;
  return at;
}

static Attr *attr_int(Ex *x, const char *name, int64_t v) {
  Attr *at = attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT64);
  at->has_i = 1;
  at->i = v;
  return at;
}

static Attr *attr_bool(Ex *x, const char *name, bool v) {
  Attr *at = attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__BOOL);
  at->has_i = 1;
  at->i = v;
  return at;
}

static Attr *attr_double(Ex *x, const char *name, double v) {
  Attr *at = attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__DOUBLE);
  at->has_d = 1;
  at->d = v;
  return at;
}

static Attr *attr_float(Ex *x, const char *name, float v) {
  Attr *at = attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOAT);
  at->has_f = 1;
  at->f = v;
  return at;
}

static Attr *attr_str(Ex *x, const char *name, const char *s) {
  Attr *at = attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING);
  at->has_s = 1;
  at->s.data = (uint8_t *)arena_strdup(x->a, s);
  at->s.len = strlen(s);
  return at;
}

/* A tuple of ints: TUPLE whose values are INT64 elements (the exporter's
 * SetSequenceToAttributeProto: each element's ints[0]). */
static Attr *attr_ints(Ex *x, const char *name, int n, const int64_t *v) {
  Attr *at = attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TUPLE);
  at->n_values = (size_t)n;
  at->values = arena_alloc(x->a, sizeof(Attr *) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++) {
    Attr *e = attr_new(x, NULL, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT64);
    e->n_ints = 1;
    e->ints = arena_alloc(x->a, sizeof(int64_t));
    e->ints[0] = v[i];
    at->values[i] = e;
  }
  return at;
}

static TensorP *tensor_type(Ex *x, msrt_dtype dt, int ndim, const int64_t *shape) {
  TensorP *t = NEWA(x, TensorP);
  mind_ir__tensor_proto__init(t);
  t->has_data_type = 1;
  t->data_type = mindir_dtype_code(dt);
  t->n_dims = (size_t)ndim;
  t->dims = arena_alloc(x->a, sizeof(int64_t) * (size_t)(ndim ? ndim : 1));
  for (int d = 0; d < ndim; d++) t->dims[d] = shape[d];
  return t;
}

/* A dtype value (ms.float32 as a Cast operand): TENSORS with a data_type. */
static Attr *attr_dtype(Ex *x, const char *name, msrt_dtype dt) {
  Attr *at = attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TENSORS);
  at->n_tensors = 1;
  at->tensors = arena_alloc(x->a, sizeof(TensorP *));
  at->tensors[0] = tensor_type(x, dt, 0, NULL);
  at->tensors[0]->name = arena_strdup(x->a, "value0");
  return at;
}

/* The abstract of a value of type t (SetAbstractToNodeProto). */
static Attr *attr_abstract(Ex *x, const char *name, const IrType *t) {
  if (t->kind == IR_T_TUPLE) {
    Attr *at = attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TUPLE);
    at->n_values = (size_t)t->nelem;
    at->values = arena_alloc(x->a, sizeof(Attr *) * (size_t)(t->nelem ? t->nelem : 1));
    for (int i = 0; i < t->nelem; i++) at->values[i] = attr_abstract(x, NULL, t->elem[i]);
    return at;
  }
  if (t->kind == IR_T_TENSOR || t->kind == IR_T_REF) {
    Attr *at = attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TENSORS);
    at->n_tensors = 1;
    at->tensors = arena_alloc(x->a, sizeof(TensorP *));
    at->tensors[0] = tensor_type(x, t->dt, t->ndim, t->shape);
    return at;
  }
  if (t->kind == IR_T_SCALAR && t->dt == MSRT_BOOL) return attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__BOOL);
  if (t->kind == IR_T_SCALAR) {
    int64_t one = 1;
    Attr *at = attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TENSORS);
    at->n_tensors = 1;
    at->tensors = arena_alloc(x->a, sizeof(TensorP *));
    at->tensors[0] = tensor_type(x, t->dt, 1, &one);
    return at;
  }
  if (t->kind == IR_T_STRING) return attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING);
  return attr_new(x, name, MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__NONE);
}

static void add_node(Ex *x, NodeP *n) {
  MindIr__GraphProto *g = x->g;
  if (g->n_node == x->capnode) {
    size_t nc = x->capnode ? 2 * x->capnode : 64;
    NodeP **nv = arena_alloc(x->a, sizeof(NodeP *) * nc);
    if (g->n_node) memcpy(nv, g->node, sizeof(NodeP *) * g->n_node);
    g->node = nv;
    x->capnode = nc;
  }
  g->node[g->n_node++] = n;
}

static MindIr__PrimitiveProto *prim_new(Ex *x, const char *op) {
  if (x->nprim == x->capprim) {
    size_t nc = x->capprim ? 2 * x->capprim : 64;
    MindIr__PrimitiveProto **nv = arena_alloc(x->a, sizeof(void *) * nc);
    if (x->nprim) memcpy(nv, x->prims, sizeof(void *) * x->nprim);
    x->prims = nv;
    x->capprim = nc;
  }
  MindIr__PrimitiveProto *p = NEWA(x, MindIr__PrimitiveProto);
  mind_ir__primitive_proto__init(p);
  p->name = fmt(x, "%s:%d", op, ++x->uid);
  p->op_type = arena_strdup(x->a, op);
  p->instance_name = arena_strdup(x->a, "");
  p->attribute = arena_alloc(x->a, sizeof(Attr *) * 16);
  x->prims[x->nprim++] = p;
  return p;
}

static void prim_attr(MindIr__PrimitiveProto *p, Attr *a) {
  if (p->n_attribute < 16) p->attribute[p->n_attribute++] = a;
}

/* A Constant node holding `value` (its attribute "value"); returns its name. */
static char *const_node(Ex *x, Attr *value) {
  NodeP *n = NEWA(x, NodeP);
  mind_ir__node_proto__init(n);
  n->name = fmt(x, "%s:ValueNode_%d", x->gname, ++x->nvalue);
  n->n_output = 1;
  n->output = arena_alloc(x->a, sizeof(char *));
  n->output[0] = n->name;
  n->op_type = arena_strdup(x->a, "Constant");
  value->name = arena_strdup(x->a, "value");
  n->n_attribute = 1;
  n->attribute = arena_alloc(x->a, sizeof(Attr *));
  n->attribute[0] = value;
  add_node(x, n);
  return n->name;
}

/* The Constant node of an IR constant. */
static char *ir_const_node(Ex *x, const IrNode *c) {
  const IrType *t = c->type;
  switch (c->cst.kind) {
  case IR_C_TENSOR: {
    Attr *at = attr_new(x, "value", MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TENSORS);
    at->n_tensors = 1;
    at->tensors = arena_alloc(x->a, sizeof(TensorP *));
    TensorP *tp = tensor_type(x, t->dt, t->ndim, t->shape);
    tp->name = arena_strdup(x->a, "value0");
    tp->has_raw_data = 1;
    tp->raw_data.len = c->cst.nbytes;
    tp->raw_data.data = arena_alloc(x->a, c->cst.nbytes ? c->cst.nbytes : 1);
    if (c->cst.nbytes) memcpy(tp->raw_data.data, c->cst.data, c->cst.nbytes);
    at->tensors[0] = tp;
    return const_node(x, at);
  }
  case IR_C_SCALAR:
    if (t->dt == MSRT_BOOL) return const_node(x, attr_bool(x, "value", c->cst.i != 0));
    if (t->dt == MSRT_FLOAT32) return const_node(x, attr_float(x, "value", (float)c->cst.f));
    if (ir_dtype_is_float(t->dt)) return const_node(x, attr_double(x, "value", c->cst.f));
    return const_node(x, attr_int(x, "value", c->cst.i));
  case IR_C_STR: return const_node(x, attr_str(x, "value", c->cst.s));
  case IR_C_NONE: return const_node(x, attr_new(x, "value", MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__NONE));
  }
  return NULL;
}

static const char *operand(Ex *x, const IrNode *v) {
  if (v->kind == IR_NK_CONST) return ir_const_node(x, v);
  const char *s = v->kind == IR_NK_PARAM && v->owner == x->entry && x->ir != x->entry ? x->epnames[v->id]
                  : v->kind == IR_NK_PARAM                                         ? x->pnames[v->id]
                                                                                   : x->names[v->id];
  if (!s) fail(x, "internal error: operand used before it is defined");
  return s ? s : "";
}

/* A CNode whose op_type is "REF::<ref>" (a PrimitiveProto, a graph of
 * ModelProto.functions, or a node whose value is called) over operands
 * ins[0..nin) (names), result type t (NULL: no abstract); what names the
 * op in its domain. */
static NodeP *ref_node(Ex *x, const char *ref, const char *what, int nin, const char **ins, const IrType *t) {
  NodeP *n = NEWA(x, NodeP);
  mind_ir__node_proto__init(n);
  n->name = fmt(x, "%s:CNode_%d:%d", x->gname, ++x->ncnode, ++x->uid);
  n->n_output = 1;
  n->output = arena_alloc(x->a, sizeof(char *));
  n->output[0] = n->name;
  n->op_type = fmt(x, "REF::%s", ref);
  n->domain = fmt(x, "Default/%s-op%d", what, x->ncnode);
  n->n_input = (size_t)nin;
  n->input = arena_alloc(x->a, sizeof(char *) * (size_t)(nin ? nin : 1));
  for (int i = 0; i < nin; i++) n->input[i] = arena_strdup(x->a, ins[i]);
  if (t) {
    n->n_attribute = 1;
    n->attribute = arena_alloc(x->a, sizeof(Attr *));
    n->attribute[0] = attr_abstract(x, "shape", t);
  }
  add_node(x, n);
  return n;
}

/* A CNode of primitive op over operands ins[0..nin) (names), result type t;
 * returns its NodeProto (the caller adds the primitive's attributes). */
static NodeP *cnode(Ex *x, const char *op, int nin, const char **ins, const IrType *t,
                    MindIr__PrimitiveProto **prim) {
  MindIr__PrimitiveProto *p = prim_new(x, op);
  if (prim) *prim = p;
  return ref_node(x, p->name, op, nin, ins, t);
}

static const IrAttr *get(const IrNode *n, const char *name) { return ir_attr_get(n, name); }

static Attr *attr_of_ir(Ex *x, const IrAttr *a) {
  switch (a->kind) {
  case IR_A_INT: return attr_int(x, a->name, a->i);
  case IR_A_FLOAT: return attr_double(x, a->name, a->f);
  case IR_A_BOOL: return attr_bool(x, a->name, a->i != 0);
  case IR_A_STR: return attr_str(x, a->name, a->s);
  case IR_A_INTS: return attr_ints(x, a->name, a->n, a->ints);
  case IR_A_DTYPE: return attr_dtype(x, a->name, (msrt_dtype)a->i);
  }
  return attr_int(x, a->name, 0);
}

/* An int-or-ints attribute as a tuple operand/attribute value. */
static Attr *axis_tuple(Ex *x, const IrAttr *a, const char *name) {
  if (!a) return attr_ints(x, name, 0, NULL);
  if (a->kind == IR_A_INTS) return attr_ints(x, name, a->n, a->ints);
  return attr_ints(x, name, 1, &a->i);
}

static void four(const IrAttr *a, int64_t dflt, int64_t out[4]) {
  out[0] = out[1] = 1;
  out[2] = a && a->n >= 1 ? a->ints[0] : dflt;
  out[3] = a && a->n >= 2 ? a->ints[1] : dflt;
}

static bool all_zero(const IrAttr *a) {
  for (int i = 0; a && i < a->n; i++)
    if (a->ints[i]) return false;
  return true;
}

/* One IR primitive node as MindIR; sets x->names[n->id]. */
static void export_prim(Ex *x, IrNode *n) {
  const char *op = op_info[n->op].name;
  const char *ins[8];
  int nin = 0;
  MindIr__PrimitiveProto *p = NULL;
  NodeP *np = NULL;
  switch ((OpId)n->op) {
  case OP_GeLU: {
    /* msc's GeLU is the erf form; MindSpore's GeLU primitive is the tanh
     * approximation, and its erf form (ops.gelu approximate='none',
     * nn.GELU(approximate=False)) is x * (erf(x / sqrt 2) + 1) * 0.5 */
    const char *xv = operand(x, n->in[0]);
    const char *a[2] = {xv, const_node(x, attr_float(x, "value", 1.41421356f))};
    const char *e[1] = {cnode(x, "RealDiv", 2, a, n->type, NULL)->name};
    const char *b[2] = {cnode(x, "Erf", 1, e, n->type, NULL)->name, const_node(x, attr_float(x, "value", 1.0f))};
    const char *c[2] = {xv, cnode(x, "Add", 2, b, n->type, NULL)->name};
    const char *d[2] = {cnode(x, "Mul", 2, c, n->type, NULL)->name, const_node(x, attr_float(x, "value", 0.5f))};
    x->names[n->id] = cnode(x, "Mul", 2, d, n->type, NULL)->name;
    return;
  }
  case OP_Reshape: {
    ins[nin++] = operand(x, n->in[0]);
    ins[nin++] = const_node(x, attr_ints(x, "value", n->type->ndim, n->type->shape));
    np = cnode(x, op, nin, ins, n->type, &p);
    break;
  }
  case OP_Transpose: {
    ins[nin++] = operand(x, n->in[0]);
    ins[nin++] = const_node(x, axis_tuple(x, get(n, "perm"), "value"));
    np = cnode(x, op, nin, ins, n->type, &p);
    break;
  }
  case OP_ExpandDims: {
    ins[nin++] = operand(x, n->in[0]);
    const IrAttr *ax = get(n, "axis");
    ins[nin++] = const_node(x, attr_int(x, "value", ax ? (ax->kind == IR_A_INTS && ax->n ? ax->ints[0] : ax->i) : 0));
    np = cnode(x, op, nin, ins, n->type, &p);
    break;
  }
  case OP_Gather: {
    ins[nin++] = operand(x, n->in[0]);
    ins[nin++] = operand(x, n->in[1]);
    const IrAttr *ax = get(n, "axis");
    ins[nin++] = const_node(x, attr_int(x, "value", ax ? ax->i : 0));
    np = cnode(x, op, nin, ins, n->type, &p);
    prim_attr(p, attr_int(x, "batch_dims", 0));
    break;
  }
  case OP_ReduceSum: case OP_ReduceMean: case OP_ReduceProd: case OP_ReduceMax: case OP_ReduceMin:
  case OP_ReduceAll: case OP_ReduceAny: {
    ins[nin++] = operand(x, n->in[0]);
    ins[nin++] = const_node(x, axis_tuple(x, get(n, "axis"), "value"));
    np = cnode(x, op, nin, ins, n->type, &p);
    prim_attr(p, attr_bool(x, "keep_dims", get(n, "keep_dims") != NULL));
    break;
  }
  case OP_Cast: {
    ins[nin++] = operand(x, n->in[0]);
    ins[nin++] = const_node(x, attr_dtype(x, "value", n->type->dt));
    np = cnode(x, op, nin, ins, n->type, &p);
    break;
  }
  case OP_Softmax: {
    ins[nin++] = operand(x, n->in[0]);
    np = cnode(x, op, nin, ins, n->type, &p);
    prim_attr(p, axis_tuple(x, get(n, "axis"), "axis"));
    break;
  }
  case OP_MatMul: case OP_BatchMatMul: {
    ins[nin++] = operand(x, n->in[0]);
    ins[nin++] = operand(x, n->in[1]);
    np = cnode(x, op, nin, ins, n->type, &p);
    prim_attr(p, attr_bool(x, "transpose_a", get(n, "transpose_a") != NULL));
    prim_attr(p, attr_bool(x, "transpose_b", get(n, "transpose_b") != NULL));
    break;
  }
  case OP_BiasAdd: {
    ins[nin++] = operand(x, n->in[0]);
    ins[nin++] = operand(x, n->in[1]);
    np = cnode(x, op, nin, ins, n->type, &p);
    prim_attr(p, attr_str(x, "format", "NCHW"));
    break;
  }
  case OP_Conv2D: {
    ins[nin++] = operand(x, n->in[0]);
    ins[nin++] = operand(x, n->in[1]);
    np = cnode(x, op, nin, ins, n->type, &p);
    const IrType *w = n->in[1]->type;
    int64_t k[2] = {w->shape[2], w->shape[3]}, s4[4], d4[4];
    four(get(n, "stride"), 1, s4);
    four(get(n, "dilation"), 1, d4);
    const IrAttr *pad = get(n, "pad");
    const IrAttr *grp = get(n, "group");
    int64_t p4[4] = {0, 0, 0, 0};
    for (int i = 0; pad && i < 4 && i < pad->n; i++) p4[i] = pad->ints[i];
    prim_attr(p, attr_ints(x, "kernel_size", 2, k));
    prim_attr(p, attr_int(x, "mode", 1));
    prim_attr(p, attr_int(x, "out_channel", w->shape[0]));
    prim_attr(p, attr_str(x, "pad_mode", all_zero(pad) ? "valid" : "pad"));
    prim_attr(p, attr_ints(x, "pad", 4, p4));
    prim_attr(p, attr_ints(x, "pad_list", 4, p4));
    prim_attr(p, attr_ints(x, "stride", 4, s4));
    prim_attr(p, attr_ints(x, "dilation", 4, d4));
    prim_attr(p, attr_int(x, "group", grp ? grp->i : 1));
    prim_attr(p, attr_int(x, "groups", grp ? grp->i : 1));
    prim_attr(p, attr_str(x, "format", "NCHW"));
    break;
  }
  case OP_MaxPool: case OP_AvgPool: {
    ins[nin++] = operand(x, n->in[0]);
    np = cnode(x, op, nin, ins, n->type, &p);
    const IrAttr *ks = get(n, "kernel_size");
    int64_t k4[4], s4[4];
    four(ks, 1, k4);
    four(get(n, "stride") ? get(n, "stride") : ks, 1, s4);
    const IrAttr *pad = get(n, "pad");
    prim_attr(p, attr_ints(x, "kernel_size", 4, k4));
    prim_attr(p, attr_ints(x, "strides", 4, s4));
    prim_attr(p, attr_str(x, "pad_mode", all_zero(pad) ? "VALID" : "PAD"));
    if (!all_zero(pad)) prim_attr(p, attr_ints(x, "pad", pad->n, pad->ints));
    if (get(n, "ceil_mode")) prim_attr(p, attr_bool(x, "ceil_mode", true));
    if (get(n, "count_include_pad")) prim_attr(p, attr_bool(x, "count_include_pad", true));
    prim_attr(p, attr_str(x, "format", "NCHW"));
    break;
  }
  case OP_BatchNorm: {
    for (int i = 0; i < 5; i++) ins[nin++] = operand(x, n->in[i]);
    /* MindSpore's BatchNorm returns (y, batch_mean, batch_variance,
     * reserve_space_1, reserve_space_2); y is TupleGetItem 0 */
    const IrType *c = n->in[1]->type;
    IrType el[5];
    IrType *elp[5];
    el[0] = *n->type;
    for (int i = 1; i < 5; i++) el[i] = *c;
    for (int i = 0; i < 5; i++) elp[i] = &el[i];
    IrType tup = {.kind = IR_T_TUPLE, .nelem = 5, .elem = elp};
    np = cnode(x, op, nin, ins, &tup, &p);
    const IrAttr *eps = get(n, "epsilon");
    prim_attr(p, attr_bool(x, "is_training", false));
    prim_attr(p, attr_float(x, "epsilon", eps ? (float)eps->f : 1e-5f));
    prim_attr(p, attr_float(x, "momentum", 0.1f));
    prim_attr(p, attr_str(x, "format", "NCHW"));
    const char *gi[2] = {np->name, const_node(x, attr_int(x, "value", 0))};
    np = cnode(x, "TupleGetItem", 2, gi, n->type, NULL);
    x->names[n->id] = np->name;
    return;
  }
  case OP_Concat: case OP_Stack: {
    const char **tin = arena_alloc(x->a, sizeof(char *) * (size_t)(n->nin ? n->nin : 1));
    IrType **el = arena_alloc(x->a, sizeof(IrType *) * (size_t)(n->nin ? n->nin : 1));
    for (int i = 0; i < n->nin; i++) {
      tin[i] = operand(x, n->in[i]);
      el[i] = n->in[i]->type;
    }
    IrType tup = {.kind = IR_T_TUPLE, .nelem = n->nin, .elem = el};
    NodeP *mt = cnode(x, "MakeTuple", n->nin, tin, &tup, NULL);
    ins[nin++] = mt->name;
    np = cnode(x, op, nin, ins, n->type, &p);
    const IrAttr *ax = get(n, "axis");
    prim_attr(p, attr_int(x, "axis", ax ? ax->i : 0));
    break;
  }
  default: {
    if (n->nin > 8) {
      fail(x, "%s with %d operands cannot be exported", op, n->nin);
      return;
    }
    for (int i = 0; i < n->nin; i++) ins[nin++] = operand(x, n->in[i]);
    np = cnode(x, op, nin, ins, n->type, &p);
    for (int i = 0; i < n->nattr; i++) prim_attr(p, attr_of_ir(x, &n->attrs[i]));
    break;
  }
  }
  x->names[n->id] = np->name;
}

static void export_if(Ex *x, IrNode *n);
static void export_while(Ex *x, IrNode *n);

static void export_node(Ex *x, IrNode *n) {
  if (n->op < OP_COUNT) {
    export_prim(x, n);
    return;
  }
  switch (n->op) {
  case IR_LOAD:
    if (!x->u) {
      x->names[n->id] = (char *)operand(x, n->in[0]);
      return;
    }
    {
      /* MindSpore's auto-monad: Load(param, U), then U = UpdateState(U, load) */
      const char *ins[2] = {operand(x, n->in[0]), x->u};
      x->names[n->id] = cnode(x, "Load", 2, ins, n->type, NULL)->name;
      const char *us[2] = {x->u, x->names[n->id]};
      x->u = cnode(x, "UpdateState", 2, us, NULL, NULL)->name;
    }
    return;
  case IR_ASSIGN: {
    /* Assign(param, value, U), then U = UpdateState(U, assign) */
    const char *ins[3] = {operand(x, n->in[0]), operand(x, n->in[1]), x->u};
    MindIr__PrimitiveProto *p;
    x->names[n->id] = cnode(x, "Assign", 3, ins, n->type, &p)->name;
    prim_attr(p, attr_bool(x, "side_effect_mem", true));
    const char *us[2] = {x->u, x->names[n->id]};
    x->u = cnode(x, "UpdateState", 2, us, NULL, NULL)->name;
    return;
  }
  case IR_MAKE_TUPLE: {
    const char **ins = arena_alloc(x->a, sizeof(char *) * (size_t)(n->nin ? n->nin : 1));
    for (int i = 0; i < n->nin; i++) ins[i] = operand(x, n->in[i]);
    x->names[n->id] = cnode(x, "MakeTuple", n->nin, ins, n->type, NULL)->name;
    return;
  }
  case IR_TUPLE_GET: {
    const char *ins[2] = {operand(x, n->in[0]), operand(x, n->in[1])};
    x->names[n->id] = cnode(x, "TupleGetItem", 2, ins, n->type, NULL)->name;
    return;
  }
  case IR_IF: export_if(x, n); return;
  case IR_WHILE: export_while(x, n); return;
  case IR_PRINT: fail(x, "the graph prints: print() inside an exported network is not supported"); return;
  default: fail(x, "%s is not supported in an exported graph", ir_op_name(n->op)); return;
  }
}

static MindIr__ValueInfoProto *value_info(Ex *x, const char *name, const IrType *t) {
  MindIr__ValueInfoProto *v = NEWA(x, MindIr__ValueInfoProto);
  mind_ir__value_info_proto__init(v);
  v->name = arena_strdup(x->a, name);
  if (t->kind == IR_T_TENSOR || t->kind == IR_T_REF) {
    v->n_tensor = 1;
    v->tensor = arena_alloc(x->a, sizeof(TensorP *));
    v->tensor[0] = tensor_type(x, t->dt, t->ndim, t->shape);
  } else {
    v->attr_info = attr_abstract(x, NULL, t);
    v->denotation = arena_strdup(x->a, t->kind == IR_T_TUPLE ? "Tuple" : "None");
  }
  return v;
}

/* ---- control flow -------------------------------------------------------------
 * MindSpore's MindIR has no If or While node: a graph calls another through
 * a node whose op_type is "REF::<graph>" (the graph in ModelProto.functions,
 * its name also naming the graph as an operand), and branches with
 * Switch(cond, Partial(@then, a...), Partial(@else, a...)) called by a node
 * "REF::<the Switch node>" without operands (the exporter's GetOpTypeName of
 * a CNode; anf_model_parser.cc reads it back). A while loop is a recursive
 * header graph: header(s...) = Switch(cond(s...), Partial(@body, s...),
 * Partial(@after, s...))(), body(s...) = header(body's new state), after(s...)
 * = s (a MakeTuple when several). msc writes If and While so, and
 * serial/mindir_in.c reads both back (the While in exactly this shape). */

static void add_func(Ex *x, MindIr__GraphProto *gp) {
  if (x->nfunc == x->capfunc) {
    size_t nc = x->capfunc ? 2 * x->capfunc : 8;
    MindIr__GraphProto **nv = arena_alloc(x->a, sizeof(void *) * nc);
    if (x->nfunc) memcpy(nv, x->funcs, sizeof(void *) * x->nfunc);
    x->funcs = nv;
    x->capfunc = nc;
  }
  x->funcs[x->nfunc++] = gp;
}

static MindIr__ValueInfoProto *value_info(Ex *x, const char *name, const IrType *t);

/* The state of the graph being written (saved around a subgraph). */
typedef struct GState {
  const char *gname;
  MindIr__GraphProto *g;
  size_t capnode;
  char **names, **pnames;
  IrGraph *ir;
  int ncnode, nvalue;
} GState;

static void gstate_save(Ex *x, GState *s) {
  s->gname = x->gname, s->g = x->g, s->capnode = x->capnode, s->names = x->names, s->pnames = x->pnames;
  s->ir = x->ir, s->ncnode = x->ncnode, s->nvalue = x->nvalue;
}

static void gstate_restore(Ex *x, const GState *s) {
  x->gname = s->gname, x->g = s->g, x->capnode = s->capnode, x->names = s->names, x->pnames = s->pnames;
  x->ir = s->ir, x->ncnode = s->ncnode, x->nvalue = s->nvalue;
}

/* A new, empty GraphProto in ModelProto.functions named gname, made the
 * graph being written, with inputs named after params' types (nparam of
 * them, types t[i]); names[i] receive the inputs' names. */
static MindIr__GraphProto *func_begin(Ex *x, const char *gname, int nparam, IrType *const *t, char **pnames) {
  MindIr__GraphProto *gp = NEWA(x, MindIr__GraphProto);
  mind_ir__graph_proto__init(gp);
  gp->name = arena_strdup(x->a, gname);
  gp->input = arena_alloc(x->a, sizeof(void *) * (size_t)(nparam + 1));
  for (int i = 0; i < nparam; i++) {
    pnames[i] = fmt(x, "%s:param_%d", gname, i);
    gp->input[gp->n_input++] = value_info(x, pnames[i], t[i]);
  }
  add_func(x, gp);
  x->gname = gp->name;
  x->g = gp;
  x->capnode = 0;
  x->ncnode = x->nvalue = 0;
  return gp;
}

static void func_output(Ex *x, MindIr__GraphProto *gp, const char *rn, const IrType *t) {
  gp->n_output = 1;
  gp->output = arena_alloc(x->a, sizeof(void *));
  gp->output[0] = value_info(x, rn, t);
}

static void export_nodes(Ex *x, IrGraph *g);

/* IR subgraph sg written as function gname; returns its GraphProto. */
static MindIr__GraphProto *export_sub(Ex *x, IrGraph *sg, const char *gname) {
  GState st;
  gstate_save(x, &st);
  ir_graph_number(sg);
  IrType **t = arena_alloc(x->a, sizeof(IrType *) * (size_t)(sg->nparam + 1));
  for (int i = 0; i < sg->nparam; i++) t[i] = sg->params[i]->type;
  x->pnames = arena_alloc(x->a, sizeof(char *) * (size_t)(sg->nparam + 1));
  x->names = arena_alloc(x->a, sizeof(char *) * (size_t)(sg->nnode + 1));
  x->ir = sg;
  MindIr__GraphProto *gp = func_begin(x, gname, sg->nparam, t, x->pnames);
  export_nodes(x, sg);
  if (!x->failed) func_output(x, gp, operand(x, sg->ret), sg->ret->type);
  gstate_restore(x, &st);
  return gp;
}

/* Switch(cond, Partial(@a, args), Partial(@b, args)) called: the call's name. */
static const char *switch_call(Ex *x, const char *cond, const char *a, const char *b, int nargs, const char **args,
                               const IrType *t) {
  const char **pa = arena_alloc(x->a, sizeof(char *) * (size_t)(nargs + 1));
  pa[0] = a;
  for (int i = 0; i < nargs; i++) pa[i + 1] = args[i];
  const char *p1 = cnode(x, "Partial", nargs + 1, pa, NULL, NULL)->name;
  pa[0] = b;
  const char *p2 = cnode(x, "Partial", nargs + 1, pa, NULL, NULL)->name;
  const char *sw[3] = {cond, p1, p2};
  const char *swn = cnode(x, "Switch", 3, sw, NULL, NULL)->name;
  return ref_node(x, swn, "call", 0, NULL, t)->name; /* a call of the Switch's result */
}

static void export_if(Ex *x, IrNode *n) {
  if (x->u) {
    fail(x, "a graph with control flow that assigns Parameters is not exported yet");
    return;
  }
  int k = ++x->nsub;
  const char *tn = export_sub(x, n->sub[0], fmt(x, "%s_if%d_true", x->gname, k))->name;
  const char *fn = export_sub(x, n->sub[1], fmt(x, "%s_if%d_false", x->gname, k))->name;
  if (x->failed) return;
  const char **args = arena_alloc(x->a, sizeof(char *) * (size_t)n->nin);
  for (int i = 1; i < n->nin; i++) args[i - 1] = operand(x, n->in[i]);
  x->names[n->id] = (char *)switch_call(x, operand(x, n->in[0]), tn, fn, n->nin - 1, args, n->type);
}

/* While(@cond, @body, s...) as MindSpore's recursive header graph. */
static void export_while(Ex *x, IrNode *n) {
  if (x->u) {
    fail(x, "a graph with control flow that assigns Parameters is not exported yet");
    return;
  }
  int k = ++x->nsub, ns = n->nin;
  IrGraph *cg = n->sub[0], *bg = n->sub[1];
  const char *hname = fmt(x, "%s_while%d_header", x->gname, k);
  const char *cname = export_sub(x, cg, fmt(x, "%s_while%d_cond", x->gname, k))->name;
  const char *bname = export_sub(x, bg, fmt(x, "%s_while%d_step", x->gname, k))->name;
  if (x->failed) return;
  IrType **t = arena_alloc(x->a, sizeof(IrType *) * (size_t)(ns + 1));
  for (int i = 0; i < ns; i++) t[i] = n->in[i]->type;
  const IrType *st = n->type; /* the state: one value or a tuple */
  GState gs;
  gstate_save(x, &gs);
  char **hp = arena_alloc(x->a, sizeof(char *) * (size_t)(ns + 1));
  char **bp = arena_alloc(x->a, sizeof(char *) * (size_t)(ns + 1));
  char **ap = arena_alloc(x->a, sizeof(char *) * (size_t)(ns + 1));
  const char *bodyname = fmt(x, "%s_while%d_body", x->gname, k);
  const char *aftername = fmt(x, "%s_while%d_after", x->gname, k);
  /* header(s...) = Switch(cond(s...), Partial(@body, s...), Partial(@after, s...))() */
  MindIr__GraphProto *hg = func_begin(x, hname, ns, t, hp);
  const char *cc = ref_node(x, cname, "call", ns, (const char **)hp, cg->ret->type)->name;
  func_output(x, hg, switch_call(x, cc, bodyname, aftername, ns, (const char **)hp, st), st);
  /* body(s...) = header(step(s...)...) */
  MindIr__GraphProto *bgp = func_begin(x, bodyname, ns, t, bp);
  NodeP *sc = ref_node(x, bname, "call", ns, (const char **)bp, st);
  const char **ns_ = arena_alloc(x->a, sizeof(char *) * (size_t)(ns + 1));
  if (ns == 1) ns_[0] = sc->name;
  for (int i = 0; ns > 1 && i < ns; i++) {
    const char *gi[2] = {sc->name, ir_const_node(x, ir_const_int(x->entry->mod, MSRT_INT64, i))};
    ns_[i] = cnode(x, "TupleGetItem", 2, gi, t[i], NULL)->name;
  }
  func_output(x, bgp, ref_node(x, hname, "call", ns, ns_, st)->name, st);
  /* after(s...) = s */
  MindIr__GraphProto *agp = func_begin(x, aftername, ns, t, ap);
  const char *an = ap[0];
  if (ns > 1) an = cnode(x, "MakeTuple", ns, (const char **)ap, st, NULL)->name;
  func_output(x, agp, an, st);
  gstate_restore(x, &gs);
  /* the loop: header(s0...) */
  const char **args = arena_alloc(x->a, sizeof(char *) * (size_t)(ns + 1));
  for (int i = 0; i < ns; i++) args[i] = operand(x, n->in[i]);
  x->names[n->id] = ref_node(x, hname, "call", ns, args, st)->name;
}

static void export_nodes(Ex *x, IrGraph *g) {
  for (int i = 0; !x->failed && i < g->nnode; i++) export_node(x, g->nodes[i]);
}

bool mindir_encode(IrModule *m, const char *name, const MindirWeights *w, uint8_t **out, size_t *outlen, char *err,
                   size_t errcap) {
  IrGraph *g = ir_module_entry(m);
  Ex x = {0};
  x.entry = g;
  x.a = arena_new();
  x.gname = name;
  x.err = err;
  x.errcap = errcap;
  x.w = w;
  x.ir = g;
  ir_graph_number(g);
  /* ir_graph_number numbers params 0.. and nodes 0..: two maps */
  char **pnames = arena_alloc(x.a, sizeof(char *) * (size_t)(g->nparam + 1));
  x.pnames = x.epnames = pnames;
  x.names = arena_alloc(x.a, sizeof(char *) * (size_t)(g->nnode + 1));
  MindIr__GraphProto gp = MIND_IR__GRAPH_PROTO__INIT;
  x.g = &gp;
  gp.name = arena_strdup(x.a, name);
  gp.input = arena_alloc(x.a, sizeof(void *) * (size_t)(g->nparam + 1));
  gp.parameter = arena_alloc(x.a, sizeof(void *) * (size_t)(g->nparam + 1));
  int wi = 0;
  for (int i = 0; i < g->nparam; i++) {
    IrNode *p = g->params[i];
    pnames[i] = fmt(&x, "%s:%s", name, p->name);
    if (!p->is_parameter) {
      gp.input[gp.n_input++] = value_info(&x, pnames[i], p->type);
      continue;
    }
    const IrType *t = ir_type_deref(m, p->type);
    TensorP *tp = tensor_type(&x, t->dt, t->ndim, t->shape);
    tp->name = pnames[i];
    size_t nb = msrt_dtype_size(t->dt);
    for (int d = 0; d < t->ndim; d++) nb *= (size_t)t->shape[d];
    tp->has_raw_data = 1;
    tp->raw_data.len = nb;
    tp->raw_data.data = (uint8_t *)(wi < w->n ? w->data[wi] : NULL);
    if (!tp->raw_data.data && nb) {
      fail(&x, "no data for Parameter '%s'", p->name);
      break;
    }
    wi++;
    tp->has_compression_type = 1;
    gp.parameter[gp.n_parameter++] = tp;
  }
  /* A graph that assigns Parameters (a training step, BatchNorm's moving
   * statistics) orders its Loads and Assigns by a U monad as MindSpore's
   * auto-monad does, and returns Depend(output, the last state). */
  for (int i = 0; !x.failed && i < g->nnode; i++)
    if (g->nodes[i]->op == IR_ASSIGN) {
      x.u = const_node(&x, attr_new(&x, "value", MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__UMONAD));
      break;
    }
  export_nodes(&x, g);
  if (!x.failed) {
    IrNode *r = g->ret;
    const char *rn = operand(&x, r);
    if (!rn) fail(&x, "the graph returns nothing MindIR can hold");
    else {
      if (x.u) {
        const char *ins[2] = {rn, x.u};
        rn = cnode(&x, "Depend", 2, ins, r->type, NULL)->name;
      }
      gp.n_output = 1;
      gp.output = arena_alloc(x.a, sizeof(void *));
      gp.output[0] = value_info(&x, rn, r->type);
    }
  }
  if (x.failed) {
    arena_free(x.a);
    return false;
  }
  MindIr__ModelProto mp = MIND_IR__MODEL_PROTO__INIT;
  mp.ir_version = "0.1.1";
  mp.producer_name = "MindSpore";
  mp.model_version = "2.2.14";
  mp.has_little_endian = 1;
  mp.little_endian = 1;
  mp.has_mind_ir_version = 1;
  mp.mind_ir_version = 1;
  mp.graph = &gp;
  mp.n_primitives = x.nprim;
  mp.primitives = x.prims;
  mp.n_functions = x.nfunc;
  mp.functions = x.funcs;
  size_t sz = mind_ir__model_proto__get_packed_size(&mp);
  *out = xmalloc(sz ? sz : 1);
  mind_ir__model_proto__pack(&mp, *out);
  *outlen = sz;
  arena_free(x.a);
  return true;
}
