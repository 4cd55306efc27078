/* mindir_in.c — a MindIR ModelProto (a .mindir file) into an msc IR module
 * (`msc compile model.mindir`, ms.load + nn.GraphCell).
 *
 * The importer reads the layouts MindSpore 2.x writes (mindir_exporter.cc,
 * read back by MindSpore's load_mindir/anf_model_parser.cc) and the one
 * serial/mindir_out.c writes:
 *   - the graph's inputs (ValueInfoProto with a TensorProto: data_type,
 *     dims; -1 dims need --input-shape), its Parameters (TensorProto with
 *     raw_data, or the typed *_data arrays), its nodes in order;
 *   - a node's op_type "REF::<name>" names a PrimitiveProto of
 *     ModelProto.primitives (its op_type is the primitive; attributes
 *     there), or is a plain primitive name with the attributes on the node
 *     (MindSpore 1.x); "Constant" nodes hold their value in attribute
 *     "value"; attribute "shape" of a node is its abstract (ignored: msc
 *     infers every type again);
 *   - primitive names with MindSpore's "PrimFunc_" prefix are the same
 *     primitives; a primitive's arguments may be attributes (MindSpore
 *     <= 2.2) or trailing constant operands (2.3+, "prim functions":
 *     MatMul(x, w, transpose_a, transpose_b), ReduceSum(x, axis, keep_dims),
 *     Reshape(x, shape), ...), and both are read;
 *   - Load(param, U), UpdateState, Depend and monads (MindSpore's side-effect
 *     bookkeeping) are looked through, the nodes' order in the file being
 *     the order of effects; Assign(param, value, U) assigns the Parameter
 *     (an exported training step), and a Load after an Assign reads it
 *     again; MakeTuple/TupleGetItem are tuples.
 * Every unknown primitive, unknown attribute or unsupported attribute value
 * is collected with its node's name; the import fails with the whole list.
 * Malformed input (not a ModelProto, a missing operand, sizes that do not
 * match) fails at the first problem. Types are inferred with msc's own
 * rules (ir/rules.c op_infer), so a file whose shapes do not fit is an
 * error naming the node, never a crash.
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

#define T_(x) MIND_IR__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__##x

/* ---- values ------------------------------------------------------------------- */
/* GRAPH: a function of ModelProto.functions named as an operand; PARTIAL:
 * Partial(graph, args...) (el[0] the graph, then the args); SWITCH:
 * Switch(cond, a, b) (el: cond, a, b); RECUR: a loop body's call of its
 * header (el: the next state). */
typedef enum { VK_TENSOR, VK_CONST, VK_TUPLE, VK_MONAD, VK_MULTI, VK_POISON, VK_GRAPH, VK_PARTIAL, VK_SWITCH,
               VK_RECUR } VKind;

typedef struct Val Val;
struct Val {
  VKind k;
  IrNode *n;        /* TENSOR; MULTI: element 0 */
  IrNode *ref;      /* a Parameter's value: the Parameter (Load, Assign) */
  const Attr *c;    /* CONST: the Constant's value */
  int nel;          /* TUPLE, PARTIAL, SWITCH, RECUR */
  Val **el;
  const MindIr__GraphProto *gp; /* GRAPH */
};

typedef struct Slot {
  const char *name;
  Val *v;
} Slot;

typedef struct Im {
  Arena *a;
  IrModule *m;
  IrGraph *g;
  Slot *tab;        /* open addressing, power of two */
  size_t cap, n;
  MindIr__ModelProto *mp;
  Buf errs;         /* one problem per line */
  int nerr;
  bool fatal;
  const char *node; /* the node being imported (for messages) */
  bool assigned;    /* an Assign was imported: Loads read again */
  MindirInline *inl; /* inlining into a caller's graph (mindir_inline), or NULL */
  int fn_depth;     /* > 0: importing a function's body (its names may be seen again) */
  const MindIr__GraphProto *active[32]; /* the functions being imported (fn_depth of them) */
  long inlined;     /* function-body nodes imported so far (bounded) */
  const MindIr__GraphProto *header; /* a while loop's header being imported */
  int nsub;         /* subgraphs made (their names' numbers) */
} Im;

static void problem(Im *x, const char *fmt, ...) MSC_PRINTF(2, 3);
static void problem(Im *x, const char *fmt, ...) {
  if (x->nerr >= 64) {
    x->nerr++;
    return;
  }
  va_list ap;
  va_start(ap, fmt);
  if (x->errs.len) buf_putc(&x->errs, '\n');
  buf_vprintf(&x->errs, fmt, ap);
  va_end(ap);
  x->nerr++;
}

/* A problem with the file itself: stop at once. */
static void fatal(Im *x, const char *fmt, ...) MSC_PRINTF(2, 3);
static void fatal(Im *x, const char *fmt, ...) {
  if (x->fatal) return;
  x->fatal = true;
  buf_free(&x->errs);
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(&x->errs, fmt, ap);
  va_end(ap);
  x->nerr = 1;
}

static uint64_t hash(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; s++) h = (h ^ (uint8_t)*s) * 1099511628211ull;
  return h;
}

static Slot *slot(Im *x, const char *name) {
  size_t i = hash(name) & (x->cap - 1);
  while (x->tab[i].name && strcmp(x->tab[i].name, name) != 0) i = (i + 1) & (x->cap - 1);
  return &x->tab[i];
}

static Val *lookup(Im *x, const char *name) { return name ? slot(x, name)->v : NULL; }

static void define(Im *x, const char *name, Val *v) {
  if (!name || !*name) {
    fatal(x, "node '%s' has no output name", x->node ? x->node : "?");
    return;
  }
  if (x->n * 2 >= x->cap) {
    Slot *old = x->tab;
    size_t oc = x->cap;
    x->cap *= 2;
    x->tab = xcalloc(x->cap, sizeof(Slot));
    for (size_t i = 0; i < oc; i++)
      if (old[i].name) *slot(x, old[i].name) = old[i];
    free(old);
  }
  Slot *s = slot(x, name);
  if (s->name && x->fn_depth > 0) { /* a function imported again (another call) */
    s->v = v;
    return;
  }
  if (s->name) {
    fatal(x, "the name '%s' is defined twice", name);
    return;
  }
  s->name = name;
  s->v = v;
  x->n++;
}

static Val *val(Im *x, VKind k) {
  Val *v = arena_alloc(x->a, sizeof(Val));
  v->k = k;
  return v;
}

static Val *tensor_val(Im *x, IrNode *n) {
  Val *v = val(x, VK_TENSOR);
  v->n = n;
  return v;
}

/* ---- tensors and attributes --------------------------------------------------- */

static bool dtype_of_code(int64_t code, msrt_dtype *dt) {
  switch (code) {
  case 1: *dt = MSRT_FLOAT32; return true;
  case 2: *dt = MSRT_UINT8; return true;
  case 3: *dt = MSRT_INT8; return true;
  case 4: *dt = MSRT_UINT16; return true;
  case 5: *dt = MSRT_INT16; return true;
  case 6: *dt = MSRT_INT32; return true;
  case 7: *dt = MSRT_INT64; return true;
  case 9: *dt = MSRT_BOOL; return true;
  case 10: *dt = MSRT_FLOAT16; return true;
  case 11: case 17: *dt = MSRT_FLOAT64; return true;
  case 12: *dt = MSRT_UINT32; return true;
  case 13: *dt = MSRT_UINT64; return true;
  default: return false;
  }
}

static const char *code_name(int64_t code) {
  static const char *const n[] = {"UNDEFINED", "FLOAT",     "UINT8",      "INT8",     "UINT16", "INT16",
                                  "INT32",     "INT64",     "STRING",     "BOOL",     "FLOAT16", "DOUBLE",
                                  "UINT32",    "UINT64",    "COMPLEX64",  "COMPLEX128", "BFLOAT16", "FLOAT64"};
  return code >= 0 && code < 18 ? n[code] : "unknown";
}

/* The dtype and static shape of a TensorProto (no data). */
static bool proto_type(Im *x, const TensorP *t, const char *what, msrt_dtype *dt, int *ndim, int64_t *shape,
                       bool allow_dynamic) {
  if (!t->has_data_type || !dtype_of_code(t->data_type, dt)) {
    problem(x, "%s: dtype %s is not supported", what, code_name(t->has_data_type ? t->data_type : 0));
    return false;
  }
  if (t->n_dims > MSRT_MAX_NDIM) {
    problem(x, "%s: %zu dims (msc supports at most %d)", what, t->n_dims, MSRT_MAX_NDIM);
    return false;
  }
  *ndim = (int)t->n_dims;
  for (size_t d = 0; d < t->n_dims; d++) {
    if (t->dims[d] < 0 && !(allow_dynamic && t->dims[d] == -1)) {
      problem(x, "%s: dims %lld is not a size", what, (long long)t->dims[d]);
      return false;
    }
    shape[d] = t->dims[d];
  }
  return true;
}

static bool count_bytes(msrt_dtype dt, int ndim, const int64_t *shape, size_t *out) {
  size_t n = msrt_dtype_size(dt);
  for (int d = 0; d < ndim; d++) {
    if (shape[d] < 0) return false;
    if (shape[d] && n > ((size_t)1 << 40) / (size_t)shape[d]) return false;
    n *= (size_t)shape[d];
  }
  *out = n;
  return true;
}

/* The data of a TensorProto with a known type: raw_data, or the typed
 * arrays of older files. Returns an arena copy, or NULL after a problem. */
static void *proto_data(Im *x, const TensorP *t, const char *what, msrt_dtype dt, int ndim, const int64_t *shape) {
  size_t nb;
  if (!count_bytes(dt, ndim, shape, &nb)) {
    fatal(x, "%s: the shape is too large", what);
    return NULL;
  }
  size_t ne = nb / (msrt_dtype_size(dt) ? msrt_dtype_size(dt) : 1);
  if (t->external_data) {
    problem(x, "%s: its data is in an external file ('%s'), which msc does not read", what,
            t->external_data->location ? t->external_data->location : "");
    return NULL;
  }
  /* the declared shape is checked against the data the file holds before
   * anything is allocated for it (a few bytes must not ask for 12 GB) */
  if (t->has_raw_data) {
    if (t->raw_data.len != nb) {
      fatal(x, "%s: shape and dtype need %zu bytes, the file holds %zu", what, nb, t->raw_data.len);
      return NULL;
    }
    uint8_t *out = arena_alloc(x->a, nb ? nb : 1);
    if (nb) memcpy(out, t->raw_data.data, nb);
    return out;
  }
  size_t have = dt == MSRT_FLOAT32 ? t->n_float_data
                : dt == MSRT_FLOAT64 ? t->n_double_data
                : dt == MSRT_INT64 ? t->n_int64_data
                : dt == MSRT_UINT64 || dt == MSRT_UINT32 ? t->n_uint64_data
                                                         : t->n_int32_data;
  if (have != ne) {
    fatal(x, "%s: shape needs %zu elements, the file holds %zu", what, ne, have);
    return NULL;
  }
  uint8_t *out = arena_alloc(x->a, nb ? nb : 1);
  for (size_t i = 0; i < ne; i++) {
    uint8_t *p = out + i * msrt_dtype_size(dt);
    switch (dt) {
    case MSRT_FLOAT32: memcpy(p, &t->float_data[i], 4); break;
    case MSRT_FLOAT64: memcpy(p, &t->double_data[i], 8); break;
    case MSRT_INT64: memcpy(p, &t->int64_data[i], 8); break;
    case MSRT_UINT64: memcpy(p, &t->uint64_data[i], 8); break;
    case MSRT_UINT32: { uint32_t v = (uint32_t)t->uint64_data[i]; memcpy(p, &v, 4); break; }
    case MSRT_INT32: memcpy(p, &t->int32_data[i], 4); break;
    case MSRT_INT16: case MSRT_UINT16: case MSRT_FLOAT16: { uint16_t v = (uint16_t)t->int32_data[i]; memcpy(p, &v, 2); break; }
    default: *p = (uint8_t)t->int32_data[i]; break;
    }
  }
  return out;
}

static bool is_int_type(int t) {
  return t == T_(INT8) || t == T_(INT16) || t == T_(INT32) || t == T_(INT64) || t == T_(UINT8) || t == T_(UINT16) ||
         t == T_(UINT32) || t == T_(UINT64);
}

/* A scalar int: INT* or BOOL (i, or ints[0] inside tuples), or a 0-d / 1-element int tensor. */
static bool attr_int(const Attr *a, int64_t *out) {
  if (!a) return false;
  int t = a->has_type ? (int)a->type : -1;
  if (is_int_type(t) || t == T_(BOOL) || t < 0) {
    if (a->has_i) *out = a->i;
    else if (a->n_ints) *out = a->ints[0];
    else return t == T_(BOOL) ? (*out = 0, true) : false;
    return true;
  }
  if (t == T_(TENSORS) && a->n_tensors == 1 && a->tensors[0]->has_raw_data) {
    const TensorP *tp = a->tensors[0];
    msrt_dtype dt;
    if (!tp->has_data_type || !dtype_of_code(tp->data_type, &dt)) return false;
    size_t sz = msrt_dtype_size(dt);
    if (tp->raw_data.len != sz || dt == MSRT_FLOAT32 || dt == MSRT_FLOAT64 || dt == MSRT_FLOAT16) return false;
    *out = ir_elem_int(dt, tp->raw_data.data, 0);
    return true;
  }
  return false;
}

static bool attr_float(const Attr *a, double *out) {
  if (!a) return false;
  int t = a->has_type ? (int)a->type : -1;
  if (t == T_(FLOAT)) {
    if (a->has_f) *out = a->f;
    else if (a->n_floats) *out = a->floats[0];
    else return false;
    return true;
  }
  if (t == T_(DOUBLE)) {
    if (a->has_d) *out = a->d;
    else if (a->n_doubles) *out = a->doubles[0];
    else return false;
    return true;
  }
  int64_t i;
  if (attr_int(a, &i)) {
    *out = (double)i;
    return true;
  }
  return false;
}

static bool attr_bool(const Attr *a, bool *out) {
  int64_t i;
  if (!attr_int(a, &i)) return false;
  *out = i != 0;
  return true;
}

static bool attr_str(const Attr *a, char *buf, size_t cap) {
  if (!a) return false;
  const ProtobufCBinaryData *s = a->has_s ? &a->s : a->n_strings ? &a->strings[0] : NULL;
  if (!s) return false;
  size_t n = s->len < cap - 1 ? s->len : cap - 1;
  memcpy(buf, s->data, n);
  buf[n] = 0;
  return true;
}

/* Ints: a TUPLE/LIST of ints, a single int, or a 1-d int tensor. */
static bool attr_ints(const Attr *a, int64_t *out, int *n, int max) {
  if (!a) return false;
  int t = a->has_type ? (int)a->type : -1;
  if (t == T_(TUPLE) || t == T_(LIST)) {
    if ((int)a->n_values > max) return false;
    for (size_t i = 0; i < a->n_values; i++)
      if (!attr_int(a->values[i], &out[i])) return false;
    *n = (int)a->n_values;
    return true;
  }
  if (t == T_(TENSORS) && a->n_tensors == 1 && a->tensors[0]->has_raw_data && a->tensors[0]->n_dims <= 1) {
    const TensorP *tp = a->tensors[0];
    msrt_dtype dt;
    if (!tp->has_data_type || !dtype_of_code(tp->data_type, &dt) || ir_dtype_is_float(dt)) return false;
    size_t sz = msrt_dtype_size(dt), k = tp->raw_data.len / sz;
    if (k * sz != tp->raw_data.len || (int)k > max) return false;
    for (size_t i = 0; i < k; i++) out[i] = ir_elem_int(dt, tp->raw_data.data, i);
    *n = (int)k;
    return true;
  }
  if (a->n_ints && !a->has_i && (t < 0 || is_int_type(t))) {
    if ((int)a->n_ints > max) return false;
    for (size_t i = 0; i < a->n_ints; i++) out[i] = a->ints[i];
    *n = (int)a->n_ints;
    return true;
  }
  int64_t v;
  if (attr_int(a, &v)) {
    out[0] = v;
    *n = 1;
    return true;
  }
  return false;
}

/* A dtype value: TENSORS whose one tensor has a data_type and no data. */
static bool attr_dtype(const Attr *a, msrt_dtype *dt) {
  if (!a || !(a->has_type && a->type == T_(TENSORS)) || a->n_tensors != 1) return false;
  const TensorP *tp = a->tensors[0];
  return tp->has_data_type && !tp->has_raw_data && dtype_of_code(tp->data_type, dt);
}

/* ---- a node's primitive, attributes and operands -------------------------------- */

#define MAX_IN 16
typedef struct Call {
  const char *op;          /* the primitive's name, "PrimFunc_" dropped */
  Attr **attrs;            /* its attributes */
  size_t nattrs;
  bool used[64];
  int nin;
  Val *in[MAX_IN];
  bool bad;                /* an attribute problem was reported */
} Call;

/* Attributes MindSpore puts on primitives that do not change what they compute. */
static bool ignorable(const char *name) {
  static const char *const names[] = {"input_names", "output_names", "primitive_target", "side_effect_mem",
                                      "side_effect_io", "side_effect_hidden", "_side_effect", "cust_aicpu",
                                      "IsFeatureMapOutput", "IsFeatureMapInputList", "io_format", "format",
                                      "data_format", "offset_a", "mode", "out_channel", "kernel_size",
                                      "instance_name", "is_load", "_ms_dynamic_shape", "shape", "dyn_input_sizes",
                                      "batch_dims", "skip_mode", "momentum", "pad_list", "dtype_attr",
                                      "is_ref", "recompute", "visited", "dst_type", "src_type", NULL};
  for (int i = 0; names[i]; i++)
    if (strcmp(name, names[i]) == 0) return true;
  return false;
}

static const Attr *get(Call *c, const char *name) {
  for (size_t i = 0; i < c->nattrs && i < 64; i++)
    if (c->attrs[i]->name && strcmp(c->attrs[i]->name, name) == 0) {
      c->used[i] = true;
      return c->attrs[i];
    }
  return NULL;
}

/* Operand k when it is a constant (2.3+ layout), else NULL. */
static const Attr *cin(Call *c, int k) { return k < c->nin && c->in[k]->k == VK_CONST ? c->in[k]->c : NULL; }

/* An argument: the constant operand k if there is one, else the attribute name. */
static const Attr *arg(Call *c, int k, const char *name) {
  const Attr *a = cin(c, k);
  if (a) {
    get(c, name); /* the same value may be an attribute too */
    return a;
  }
  return get(c, name);
}

static void bad_attr(Im *x, Call *c, const char *name, const char *why) {
  problem(x, "node '%s': %s: attribute '%s' %s", x->node, c->op, name, why);
  c->bad = true;
}

/* ---- building IR ----------------------------------------------------------------- */

static IrType *ttype(Im *x, const TType *t) { return ir_type_tensor(x->m, t->dt, t->ndim, t->shape); }

/* A constant operand as an IR tensor (a scalar is 0-d and weak). */
static IrNode *const_tensor(Im *x, const Attr *a, bool *weak) {
  *weak = false;
  int t = a->has_type ? (int)a->type : -1;
  if (t == T_(TENSORS) && a->n_tensors == 1 && (a->tensors[0]->has_raw_data || a->tensors[0]->n_float_data ||
                                                a->tensors[0]->n_int32_data || a->tensors[0]->n_int64_data ||
                                                a->tensors[0]->n_double_data)) {
    const TensorP *tp = a->tensors[0];
    msrt_dtype dt;
    int nd;
    int64_t sh[MSRT_MAX_NDIM];
    if (!proto_type(x, tp, x->node, &dt, &nd, sh, false)) return NULL;
    void *d = proto_data(x, tp, x->node, dt, nd, sh);
    return d ? ir_const_tensor(x->m, dt, nd, sh, d) : NULL;
  }
  if (t == T_(FLOAT) || t == T_(DOUBLE)) {
    double v;
    if (!attr_float(a, &v)) return NULL;
    float f = (float)v;
    *weak = true;
    return ir_const_tensor(x->m, MSRT_FLOAT32, 0, NULL, &f);
  }
  if (t == T_(BOOL)) {
    bool b;
    if (!attr_bool(a, &b)) return NULL;
    uint8_t v = b;
    *weak = true;
    return ir_const_tensor(x->m, MSRT_BOOL, 0, NULL, &v);
  }
  if (is_int_type(t)) {
    int64_t v;
    if (!attr_int(a, &v)) return NULL;
    *weak = true;
    return ir_const_tensor(x->m, MSRT_INT64, 0, NULL, &v);
  }
  int64_t ints[MSRT_MAX_NDIM];
  int n;
  if ((t == T_(TUPLE) || t == T_(LIST)) && attr_ints(a, ints, &n, MSRT_MAX_NDIM)) {
    int64_t sh = n;
    return ir_const_tensor(x->m, MSRT_INT64, 1, &sh, ints);
  }
  return NULL;
}

/* Operand k of c as a tensor value (constants become IR constants). */
static IrNode *tensor_in(Im *x, Call *c, int k, bool *weak) {
  *weak = false;
  if (k >= c->nin) return NULL;
  Val *v = c->in[k];
  if (v->k == VK_TENSOR) return v->n;
  if (v->k == VK_MULTI) return v->n;
  if (v->k == VK_CONST) {
    IrNode *n = const_tensor(x, v->c, weak);
    if (!n && !x->fatal) problem(x, "node '%s': %s: operand %d is a constant msc cannot use as a tensor", x->node, c->op, k + 1);
    return n;
  }
  problem(x, "node '%s': %s: operand %d is not a tensor", x->node, c->op, k + 1);
  return NULL;
}

/* Appends primitive op over in[0..nin) with the attributes already set on a
 * scratch node; infers the type with msc's rules, casting operands the way
 * capture does. Returns NULL after reporting a problem. */
static IrNode *emit(Im *x, OpId op, int nin, IrNode **in, const bool *weak, IrNode *attrs_from) {
  TType tt[MAX_IN];
  msrt_dtype cast[MAX_IN];
  for (int i = 0; i < nin; i++) {
    memset(&tt[i], 0, sizeof tt[i]);
    const IrType *t = ir_type_deref(x->m, in[i]->type);
    tt[i].dt = t->dt;
    tt[i].ndim = t->ndim;
    memcpy(tt[i].shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
    if (weak && weak[i] && in[i]->kind == IR_NK_CONST) {
      tt[i].weak = tt[i].valued = true;
      tt[i].val = ir_elem_float(t->dt, in[i]->cst.data, 0);
      tt[i].ival = ir_elem_int(t->dt, in[i]->cst.data, 0);
    }
    cast[i] = t->dt;
  }
  Attrs a;
  attrs_init(&a);
  if (attrs_from) ir_attrs_decode(attrs_from, &a);
  a.slice_normalised = true;
  TType out;
  OpErr err;
  if (!op_infer(op, nin, tt, &a, &out, cast, &err)) {
    problem(x, "node '%s': %s", x->node, err.msg);
    return NULL;
  }
  for (int i = 0; i < nin; i++) {
    if (cast[i] == tt[i].dt) continue;
    const IrType *t = ir_type_deref(x->m, in[i]->type);
    IrNode *cn = ir_node1(x->g, OP_Cast, in[i], ir_type_tensor(x->m, cast[i], t->ndim, t->shape), ir_noloc);
    ir_attr_dtype(cn, "dtype", cast[i]);
    in[i] = cn;
  }
  IrNode *n = ir_node(x->g, op, nin, in, ttype(x, &out), ir_noloc);
  if (attrs_from) {
    n->nattr = attrs_from->nattr;
    n->attrs = attrs_from->attrs;
  }
  return n;
}

/* A scratch node carrying the attributes of the node to emit. */
static IrNode *scratch(Im *x, OpId op, int nin, IrNode **in) {
  IrNode *s = arena_alloc(x->m->arena, sizeof(IrNode));
  s->kind = IR_NK_NODE;
  s->owner = x->g;
  s->op = op;
  s->nin = nin;
  s->in = in;
  return s;
}

/* ---- the primitives ---------------------------------------------------------------- */

static Val *prim_unary_like(Im *x, Call *c, OpId op, int ntensor) {
  IrNode *in[MAX_IN];
  bool weak[MAX_IN];
  for (int i = 0; i < ntensor; i++)
    if (!(in[i] = tensor_in(x, c, i, &weak[i]))) return NULL;
  IrNode *n = emit(x, op, ntensor, in, weak, NULL);
  return n ? tensor_val(x, n) : NULL;
}

/* Reads an axis argument (int or tuple) into an IR attribute. */
static bool set_axis(Im *x, Call *c, IrNode *s, const Attr *a, const char *name, bool tuple_ok) {
  int64_t v[MSRT_MAX_NDIM];
  int n;
  if (!attr_ints(a, v, &n, MSRT_MAX_NDIM)) {
    bad_attr(x, c, name, "is not an int or a tuple of ints");
    return false;
  }
  bool is_tuple = a->has_type && (a->type == T_(TUPLE) || a->type == T_(LIST));
  if (is_tuple && tuple_ok) ir_attr_ints(s, "axis", n, v);
  else if (n == 1) ir_attr_int(s, "axis", v[0]);
  else if (n == 0 && tuple_ok) ir_attr_ints(s, "axis", 0, v);
  else {
    bad_attr(x, c, name, "must be one int");
    return false;
  }
  return true;
}

static Val *prim_matmul(Im *x, Call *c, OpId op) {
  IrNode *in[2];
  bool weak[2];
  for (int i = 0; i < 2; i++)
    if (!(in[i] = tensor_in(x, c, i, &weak[i]))) return NULL;
  IrNode *s = scratch(x, op, 2, in);
  const char *na[2] = {"transpose_a", "transpose_b"}, *old[2] = {"transpose_x1", "transpose_x2"};
  for (int i = 0; i < 2; i++) {
    const Attr *a = arg(c, 2 + i, na[i]);
    if (!a) a = get(c, old[i]);
    else get(c, old[i]);
    bool b = false;
    if (a && !attr_bool(a, &b)) bad_attr(x, c, na[i], "is not a bool");
    if (b) ir_attr_bool(s, na[i], true);
  }
  if (c->bad) return NULL;
  IrNode *n = emit(x, op, 2, in, weak, s);
  return n ? tensor_val(x, n) : NULL;
}

static bool check_format(Im *x, Call *c, const Attr *a, const char *name) {
  if (!a) return true;
  char s[32];
  int64_t i;
  if (attr_str(a, s, sizeof s) && strcmp(s, "NCHW") == 0) return true;
  if (attr_int(a, &i) && i == 0) return true; /* MindSpore's Format enum: NCHW = 0 */
  bad_attr(x, c, name, "must be NCHW (msc computes in NCHW only)");
  return false;
}

static Val *prim_biasadd(Im *x, Call *c) {
  IrNode *in[2];
  bool weak[2];
  for (int i = 0; i < 2; i++)
    if (!(in[i] = tensor_in(x, c, i, &weak[i]))) return NULL;
  check_format(x, c, arg(c, 2, "data_format"), "data_format");
  check_format(x, c, get(c, "format"), "format");
  if (c->bad) return NULL;
  IrNode *n = emit(x, OP_BiasAdd, 2, in, weak, NULL);
  return n ? tensor_val(x, n) : NULL;
}

static Val *prim_reshape(Im *x, Call *c) {
  bool w;
  IrNode *in = tensor_in(x, c, 0, &w);
  if (!in) return NULL;
  const Attr *a = arg(c, 1, "shape");
  int64_t v[MSRT_MAX_NDIM];
  int n;
  if (!a || !attr_ints(a, v, &n, MSRT_MAX_NDIM)) {
    bad_attr(x, c, "shape", a ? "is not a tuple of ints" : "is missing");
    return NULL;
  }
  const IrType *t = ir_type_deref(x->m, in->type);
  int64_t total = 1, known = 1;
  int neg = -1;
  for (int d = 0; d < t->ndim; d++) total *= t->shape[d];
  for (int d = 0; d < n; d++) {
    if (v[d] == -1 && neg < 0) neg = d;
    else if (v[d] < 0) {
      bad_attr(x, c, "shape", "has a negative size");
      return NULL;
    } else known *= v[d];
  }
  if (neg >= 0) v[neg] = known ? total / known : 0;
  IrNode *ins[1] = {in};
  IrNode *s = scratch(x, OP_Reshape, 1, ins);
  ir_attr_ints(s, "shape", n, v);
  IrNode *r = emit(x, OP_Reshape, 1, ins, NULL, s);
  return r ? tensor_val(x, r) : NULL;
}

static Val *prim_with_axis(Im *x, Call *c, OpId op, const char *name, int pos, bool tuple_ok, bool required) {
  bool w;
  IrNode *in = tensor_in(x, c, 0, &w);
  if (!in) return NULL;
  IrNode *ins[1] = {in};
  IrNode *s = scratch(x, op, 1, ins);
  const Attr *a = arg(c, pos, name);
  if (a) {
    if (op == OP_Transpose) {
      int64_t v[MSRT_MAX_NDIM];
      int n;
      if (!attr_ints(a, v, &n, MSRT_MAX_NDIM)) bad_attr(x, c, name, "is not a tuple of ints");
      else ir_attr_ints(s, "perm", n, v);
    } else {
      set_axis(x, c, s, a, name, tuple_ok);
    }
  } else if (required) {
    bad_attr(x, c, name, "is missing");
  }
  if (c->bad) return NULL;
  IrNode *n = emit(x, op, 1, ins, NULL, s);
  return n ? tensor_val(x, n) : NULL;
}

static Val *prim_reduce(Im *x, Call *c, OpId op) {
  bool w;
  IrNode *in = tensor_in(x, c, 0, &w);
  if (!in) return NULL;
  IrNode *ins[1] = {in};
  IrNode *s = scratch(x, op, 1, ins);
  const Attr *a = arg(c, 1, "axis");
  if (a) {
    int64_t v[MSRT_MAX_NDIM];
    int n;
    if (!attr_ints(a, v, &n, MSRT_MAX_NDIM)) bad_attr(x, c, "axis", "is not an int or a tuple of ints");
    else if (n > 0) ir_attr_ints(s, "axis", n, v); /* () reduces every axis */
  }
  const Attr *k = arg(c, 2, "keep_dims");
  bool kd = false;
  if (k && !attr_bool(k, &kd)) bad_attr(x, c, "keep_dims", "is not a bool");
  if (kd) ir_attr_bool(s, "keep_dims", true);
  if (c->bad) return NULL;
  IrNode *n = emit(x, op, 1, ins, NULL, s);
  return n ? tensor_val(x, n) : NULL;
}

static Val *prim_cast(Im *x, Call *c) {
  bool w;
  IrNode *in = tensor_in(x, c, 0, &w);
  if (!in) return NULL;
  msrt_dtype dt;
  const Attr *a = arg(c, 1, "dst_type");
  if (!a || !attr_dtype(a, &dt)) {
    bad_attr(x, c, "dtype", a ? "is not a dtype msc has" : "is missing");
    return NULL;
  }
  IrNode *ins[1] = {in};
  IrNode *s = scratch(x, OP_Cast, 1, ins);
  ir_attr_dtype(s, "dtype", dt);
  IrNode *n = emit(x, OP_Cast, 1, ins, NULL, s);
  return n ? tensor_val(x, n) : NULL;
}

/* Two ints from MindSpore's (h, w), (1, 1, h, w) or a single int. */
static bool hw(Im *x, Call *c, const Attr *a, const char *name, int64_t out[2]) {
  int64_t v[MSRT_MAX_NDIM];
  int n;
  if (!attr_ints(a, v, &n, MSRT_MAX_NDIM) || !(n == 1 || n == 2 || n == 4)) {
    bad_attr(x, c, name, "is not an int, (h, w) or (1, 1, h, w)");
    return false;
  }
  out[0] = n == 1 ? v[0] : v[n - 2];
  out[1] = n == 1 ? v[0] : v[n - 1];
  if (out[0] <= 0 || out[1] <= 0) {
    bad_attr(x, c, name, "must be positive");
    return false;
  }
  return true;
}

/* pad_mode: 0/"pad", 1/"same", 2/"valid" (MindSpore's PadMode enum and strings). */
static int pad_mode(Im *x, Call *c, const Attr *a) {
  if (!a) return 2;
  char s[16];
  int64_t i;
  if (attr_str(a, s, sizeof s)) {
    for (char *p = s; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
    if (strcmp(s, "pad") == 0) return 0;
    if (strcmp(s, "same") == 0) return 1;
    if (strcmp(s, "valid") == 0) return 2;
  } else if (attr_int(a, &i) && i >= 0 && i <= 2) {
    return (int)i;
  }
  bad_attr(x, c, "pad_mode", "must be 'pad', 'same' or 'valid'");
  return -1;
}

/* 'same' padding: out = ceil(in / s); the odd pixel goes to the end. */
static void same_pad(int64_t in, int64_t k, int64_t s, int64_t d, int64_t *lo, int64_t *hi) {
  int64_t out = (in + s - 1) / s;
  int64_t need = (out - 1) * s + (k - 1) * d + 1 - in;
  if (need < 0) need = 0;
  *lo = need / 2;
  *hi = need - *lo;
}

static Val *prim_conv2d(Im *x, Call *c) {
  IrNode *in[2];
  bool weak[2];
  for (int i = 0; i < 2; i++)
    if (!(in[i] = tensor_in(x, c, i, &weak[i]))) return NULL;
  int64_t st[2] = {1, 1}, dl[2] = {1, 1}, pad[4] = {0, 0, 0, 0}, group = 1;
  const Attr *a;
  if ((a = arg(c, 2, "stride"))) hw(x, c, a, "stride", st);
  if ((a = arg(c, 4, "dilation"))) hw(x, c, a, "dilation", dl);
  int pm = pad_mode(x, c, arg(c, 3, "pad_mode"));
  const Attr *pa = get(c, "pad");
  if (pm == 0 && pa) {
    int64_t v[MSRT_MAX_NDIM];
    int n;
    if (!attr_ints(pa, v, &n, MSRT_MAX_NDIM) || !(n == 1 || n == 4)) bad_attr(x, c, "pad", "is not an int or 4 ints");
    else
      for (int i = 0; i < 4; i++) pad[i] = n == 1 ? v[0] : v[i];
  }
  const Attr *g1 = get(c, "group"), *g2 = get(c, "groups");
  if ((g1 || g2) && !attr_int(g1 ? g1 : g2, &group)) bad_attr(x, c, "group", "is not an int");
  check_format(x, c, get(c, "format"), "format");
  check_format(x, c, get(c, "data_format"), "data_format");
  if (c->bad || pm < 0) return NULL;
  const IrType *xt = ir_type_deref(x->m, in[0]->type), *wt = ir_type_deref(x->m, in[1]->type);
  if (pm == 1 && xt->ndim == 4 && wt->ndim == 4) {
    same_pad(xt->shape[2], wt->shape[2], st[0], dl[0], &pad[0], &pad[1]);
    same_pad(xt->shape[3], wt->shape[3], st[1], dl[1], &pad[2], &pad[3]);
  }
  IrNode *s = scratch(x, OP_Conv2D, 2, in);
  ir_attr_ints(s, "stride", 2, st);
  ir_attr_ints(s, "pad", 4, pad);
  ir_attr_ints(s, "dilation", 2, dl);
  ir_attr_int(s, "group", group);
  IrNode *n = emit(x, OP_Conv2D, 2, in, weak, s);
  return n ? tensor_val(x, n) : NULL;
}

/* MaxPool, AvgPool; MaxPoolGrad(x, out, dout) (MindSpore's gradient, the
 * pool's attributes) as msc's MaxPoolGrad(x, dout). */
static Val *prim_pool(Im *x, Call *c, OpId op) {
  bool w;
  IrNode *in = tensor_in(x, c, 0, &w), *dy = NULL;
  if (!in) return NULL;
  if (op == OP_MaxPoolGrad && (c->nin != 3 || !(dy = tensor_in(x, c, 2, &w)))) {
    if (!x->fatal) problem(x, "node '%s': MaxPoolGrad needs (x, out, dout)", x->node);
    return NULL;
  }
  int64_t k[2] = {1, 1}, st[2] = {1, 1}, pad[4] = {0, 0, 0, 0};
  const Attr *ka = arg(c, 1, "kernel_size"), *sa = arg(c, 2, "strides");
  if (!sa) sa = get(c, "stride");
  if (!ka) bad_attr(x, c, "kernel_size", "is missing");
  else hw(x, c, ka, "kernel_size", k);
  if (sa) hw(x, c, sa, "strides", st);
  else memcpy(st, k, sizeof st);
  int pm = pad_mode(x, c, arg(c, 3, "pad_mode"));
  check_format(x, c, arg(c, 4, "data_format"), "data_format");
  check_format(x, c, get(c, "format"), "format");
  const Attr *pa = get(c, "pad");
  if (pm == 0 && pa) {
    int64_t v[MSRT_MAX_NDIM];
    int n;
    if (!attr_ints(pa, v, &n, MSRT_MAX_NDIM) || !(n == 1 || n == 2 || n == 4))
      bad_attr(x, c, "pad", "is not an int, 2 or 4 ints");
    else if (n == 2) pad[0] = pad[1] = v[0], pad[2] = pad[3] = v[1];
    else
      for (int i = 0; i < 4; i++) pad[i] = n == 1 ? v[0] : v[i];
  }
  bool ceil = false, cip = false;
  const Attr *ca = get(c, "ceil_mode"), *ia = get(c, "count_include_pad");
  if (ca && !attr_bool(ca, &ceil)) bad_attr(x, c, "ceil_mode", "is not a bool");
  if (ia && !attr_bool(ia, &cip)) bad_attr(x, c, "count_include_pad", "is not a bool");
  if (c->bad || pm < 0) return NULL;
  const IrType *xt = ir_type_deref(x->m, in->type);
  if (pm == 1 && xt->ndim == 4) {
    same_pad(xt->shape[2], k[0], st[0], 1, &pad[0], &pad[1]);
    same_pad(xt->shape[3], k[1], st[1], 1, &pad[2], &pad[3]);
  }
  IrNode *ins[1] = {in};
  IrNode *s = scratch(x, op, 1, ins);
  ir_attr_ints(s, "kernel_size", 2, k);
  ir_attr_ints(s, "stride", 2, st);
  ir_attr_ints(s, "pad", 4, pad);
  if (ceil) ir_attr_bool(s, "ceil_mode", true);
  if (cip && op == OP_AvgPool) ir_attr_bool(s, "count_include_pad", true);
  IrNode *gi[2] = {in, dy};
  IrNode *n = dy ? emit(x, op, 2, gi, NULL, s) : emit(x, op, 1, ins, NULL, s);
  return n ? tensor_val(x, n) : NULL;
}

static Val *prim_batchnorm(Im *x, Call *c) {
  IrNode *in[5];
  bool weak[5];
  for (int i = 0; i < 5; i++)
    if (!(in[i] = tensor_in(x, c, i, &weak[i]))) return NULL;
  const Attr *t = arg(c, 5, "is_training");
  bool training = false;
  if (t && !attr_bool(t, &training)) bad_attr(x, c, "is_training", "is not a bool");
  if (training) bad_attr(x, c, "is_training", "is true: only inference-mode BatchNorm is imported");
  double eps = 1e-5;
  const Attr *e = arg(c, 6, "epsilon");
  if (e && !attr_float(e, &eps)) bad_attr(x, c, "epsilon", "is not a number");
  check_format(x, c, arg(c, 8, "data_format"), "data_format");
  check_format(x, c, get(c, "format"), "format");
  get(c, "momentum");
  if (c->nin > 7) (void)cin(c, 7);
  if (c->bad) return NULL;
  IrNode *s = scratch(x, OP_BatchNorm, 5, in);
  ir_attr_float(s, "epsilon", (double)(float)eps);
  IrNode *n = emit(x, OP_BatchNorm, 5, in, weak, s);
  if (!n) return NULL;
  Val *v = val(x, VK_MULTI); /* MindSpore's 5 outputs: msc computes y, element 0 */
  v->n = n;
  return v;
}

static Val *prim_concat(Im *x, Call *c, OpId op) {
  Val *t = c->nin >= 1 ? c->in[0] : NULL;
  int nt = 0;
  Val **el = NULL;
  if (t && t->k == VK_TUPLE) {
    nt = t->nel;
    el = t->el;
  } else {
    nt = c->nin;
    el = c->in;
  }
  if (nt < 1 || nt > 256) {
    problem(x, "node '%s': %s needs a tuple of tensors", x->node, c->op);
    return NULL;
  }
  IrNode **in = arena_alloc(x->a, sizeof(IrNode *) * (size_t)nt);
  for (int i = 0; i < nt; i++) {
    if (el[i]->k != VK_TENSOR && el[i]->k != VK_MULTI) {
      problem(x, "node '%s': %s: element %d is not a tensor", x->node, c->op, i + 1);
      return NULL;
    }
    in[i] = el[i]->n;
  }
  IrNode *s = scratch(x, op, nt, in);
  const Attr *a = t && t->k == VK_TUPLE ? arg(c, 1, "axis") : get(c, "axis");
  int64_t ax = 0;
  if (a && !attr_int(a, &ax)) bad_attr(x, c, "axis", "is not an int");
  if (c->bad) return NULL;
  ir_attr_int(s, "axis", ax);
  IrNode *n = emit(x, op, nt, in, NULL, s);
  return n ? tensor_val(x, n) : NULL;
}

static Val *prim_gather(Im *x, Call *c) {
  IrNode *in[2];
  bool weak[2];
  for (int i = 0; i < 2; i++)
    if (!(in[i] = tensor_in(x, c, i, &weak[i]))) return NULL;
  int64_t ax = 0, bd = 0;
  const Attr *a = arg(c, 2, "axis"), *b = arg(c, 3, "batch_dims");
  if (a && !attr_int(a, &ax)) bad_attr(x, c, "axis", "is not an int");
  if (b && (!attr_int(b, &bd) || bd != 0)) bad_attr(x, c, "batch_dims", "must be 0");
  if (c->bad) return NULL;
  IrNode *s = scratch(x, OP_Gather, 2, in);
  ir_attr_int(s, "axis", ax);
  IrNode *n = emit(x, OP_Gather, 2, in, NULL, s);
  return n ? tensor_val(x, n) : NULL;
}

/* MindSpore 2.x's Dense(x, w, b): x @ w.T + b. */
static Val *prim_dense(Im *x, Call *c) {
  IrNode *in[3];
  bool weak[3];
  for (int i = 0; i < 2; i++)
    if (!(in[i] = tensor_in(x, c, i, &weak[i]))) return NULL;
  IrNode *s = scratch(x, OP_MatMul, 2, in);
  ir_attr_bool(s, "transpose_b", true);
  IrNode *mm = emit(x, OP_MatMul, 2, in, weak, s);
  if (!mm) return NULL;
  if (c->nin < 3 || (c->in[2]->k == VK_CONST && c->in[2]->c->has_type && c->in[2]->c->type == T_(NONE)))
    return tensor_val(x, mm);
  if (!(in[2] = tensor_in(x, c, 2, &weak[2]))) return NULL;
  IrNode *ab[2] = {mm, in[2]};
  IrNode *n = emit(x, OP_Add, 2, ab, NULL, NULL);
  return n ? tensor_val(x, n) : NULL;
}

/* LayerNorm(x, gamma, beta[, begin_norm_axis, begin_params_axis, epsilon]):
 * MindSpore's 3 outputs (y, mean, variance), y read by TupleGetItem 0. */
static Val *prim_layernorm(Im *x, Call *c) {
  IrNode *in[3];
  bool weak[3];
  for (int i = 0; i < 3; i++)
    if (!(in[i] = tensor_in(x, c, i, &weak[i]))) return NULL;
  int64_t bn = 1, bp = 1;
  double eps = 1e-7;
  const Attr *a;
  if ((a = arg(c, 3, "begin_norm_axis")) && !attr_int(a, &bn)) bad_attr(x, c, "begin_norm_axis", "is not an int");
  if ((a = arg(c, 4, "begin_params_axis")) && !attr_int(a, &bp)) bad_attr(x, c, "begin_params_axis", "is not an int");
  if ((a = arg(c, 5, "epsilon")) && !attr_float(a, &eps)) bad_attr(x, c, "epsilon", "is not a number");
  if (c->bad) return NULL;
  IrNode *s = scratch(x, OP_LayerNorm, 3, in);
  ir_attr_int(s, "begin_norm_axis", bn);
  ir_attr_int(s, "begin_params_axis", bp);
  ir_attr_float(s, "epsilon", (double)(float)eps);
  IrNode *n = emit(x, OP_LayerNorm, 3, in, weak, s);
  if (!n) return NULL;
  Val *v = val(x, VK_MULTI); /* element 0 only */
  v->n = n;
  return v;
}

/* ReLU6(x) = min(max(x, 0), 6): ReLU, then Minimum with a weak 6. */
static Val *prim_relu6(Im *x, Call *c) {
  IrNode *in[2];
  bool weak[2] = {false, true};
  if (!(in[0] = tensor_in(x, c, 0, &weak[0]))) return NULL;
  IrNode *r = emit(x, OP_ReLU, 1, in, weak, NULL);
  if (!r) return NULL;
  float six = 6.0f;
  in[0] = r;
  in[1] = ir_const_tensor(x->m, MSRT_FLOAT32, 0, NULL, &six);
  IrNode *n = emit(x, OP_Minimum, 2, in, weak, NULL);
  return n ? tensor_val(x, n) : NULL;
}

/* Conv2DExt(x, w, bias or None, stride, padding, dilation, groups)
 * (mint.nn.Conv2d's primitive): symmetric (h, w) padding, bias added. */
static Val *prim_conv2d_ext(Im *x, Call *c) {
  IrNode *in[2];
  bool weak[2];
  for (int i = 0; i < 2; i++)
    if (!(in[i] = tensor_in(x, c, i, &weak[i]))) return NULL;
  int64_t st[2] = {1, 1}, dl[2] = {1, 1}, pd[2] = {0, 0}, group = 1;
  const Attr *a;
  if ((a = arg(c, 3, "stride"))) hw(x, c, a, "stride", st);
  if ((a = arg(c, 5, "dilation"))) hw(x, c, a, "dilation", dl);
  if ((a = arg(c, 4, "padding"))) {
    int64_t v[MSRT_MAX_NDIM];
    int n;
    if (!attr_ints(a, v, &n, MSRT_MAX_NDIM) || !(n == 1 || n == 2) || v[0] < 0 || v[n - 1] < 0)
      bad_attr(x, c, "padding", "is not an int or (h, w) of non-negative ints");
    else pd[0] = v[0], pd[1] = v[n - 1];
  }
  if ((a = arg(c, 6, "groups")) && !attr_int(a, &group)) bad_attr(x, c, "groups", "is not an int");
  if (c->bad) return NULL;
  IrNode *s = scratch(x, OP_Conv2D, 2, in);
  int64_t pad[4] = {pd[0], pd[0], pd[1], pd[1]};
  ir_attr_ints(s, "stride", 2, st);
  ir_attr_ints(s, "pad", 4, pad);
  ir_attr_ints(s, "dilation", 2, dl);
  ir_attr_int(s, "group", group);
  IrNode *n = emit(x, OP_Conv2D, 2, in, weak, s);
  if (!n) return NULL;
  if (c->nin < 3 || (c->in[2]->k == VK_CONST && c->in[2]->c->has_type && c->in[2]->c->type == T_(NONE)))
    return tensor_val(x, n);
  IrNode *b[2] = {n, NULL};
  bool bw[2] = {false, false};
  if (!(b[1] = tensor_in(x, c, 2, &bw[1]))) return NULL;
  IrNode *r = emit(x, OP_BiasAdd, 2, b, bw, NULL);
  return r ? tensor_val(x, r) : NULL;
}

/* ---- MindSpore's gradient and optimizer primitives (training exports) ---- */

/* op(a, b) with a weak float scalar operand where b is NULL and v given. */
static IrNode *bin(Im *x, OpId op, IrNode *a, IrNode *b, double v) {
  IrNode *in[2] = {a, b};
  bool weak[2] = {false, b == NULL};
  if (!b) {
    float f = (float)v;
    in[1] = ir_const_tensor(x->m, MSRT_FLOAT32, 0, NULL, &f);
  }
  return a ? emit(x, op, 2, in, weak, NULL) : NULL;
}

/* ReluGrad(dy, y) = dy where y > 0, else 0; SigmoidGrad(y, dy) =
 * dy * y * (1 - y); TanhGrad(y, dy) = dy * (1 - y * y). */
static Val *prim_act_grad(Im *x, Call *c, int kind) {
  IrNode *in[2];
  bool weak[2];
  for (int i = 0; i < 2; i++)
    if (!(in[i] = tensor_in(x, c, i, &weak[i]))) return NULL;
  IrNode *r;
  if (kind == 0) {
    IrNode *z[1] = {in[0]};
    IrNode *zeros = emit(x, OP_ZerosLike, 1, z, NULL, NULL);
    IrNode *gt = bin(x, OP_Greater, in[1], NULL, 0.0);
    IrNode *sel[3] = {gt, in[0], zeros};
    r = gt && zeros ? emit(x, OP_Select, 3, sel, NULL, NULL) : NULL;
  } else if (kind == 1) {
    IrNode *one = bin(x, OP_Sub, in[0], NULL, 1.0); /* y - 1 */
    IrNode *s = one ? bin(x, OP_Mul, in[0], one, 0) : NULL;  /* y (y - 1) */
    r = s ? bin(x, OP_Mul, in[1], bin(x, OP_Mul, s, NULL, -1.0), 0) : NULL;
  } else {
    IrNode *yy = bin(x, OP_Mul, in[0], in[0], 0);
    IrNode *t = yy ? bin(x, OP_Mul, yy, NULL, -1.0) : NULL;
    r = t ? bin(x, OP_Mul, in[1], bin(x, OP_Add, t, NULL, 1.0), 0) : NULL;
  }
  return r ? tensor_val(x, r) : NULL;
}

/* MindSpore's GeLU primitive: the tanh approximation 0.5 x (1 + tanh(
 * sqrt(2 / pi) (x + 0.044715 x^3))) (msc's GeLU op is the erf form), in
 * the order of ops.gelu(approximate='tanh') in lib/. */
static Val *prim_gelu_tanh(Im *x, Call *c) {
  bool w;
  IrNode *in = tensor_in(x, c, 0, &w);
  if (!in) return NULL;
  IrNode *x3 = bin(x, OP_Mul, bin(x, OP_Mul, in, in, 0), in, 0);
  IrNode *inner = bin(x, OP_Mul, bin(x, OP_Add, in, bin(x, OP_Mul, x3, NULL, 0.044715), 0), NULL, 0.7978845608028654);
  IrNode *t[1] = {inner};
  IrNode *th = inner ? emit(x, OP_Tanh, 1, t, NULL, NULL) : NULL;
  IrNode *r = th ? bin(x, OP_Mul, bin(x, OP_Mul, in, NULL, 0.5), bin(x, OP_Add, th, NULL, 1.0), 0) : NULL;
  return r ? tensor_val(x, r) : NULL;
}

/* BiasAddGrad(dy): the sum over every axis but the channel axis 1 (NCHW). */
static Val *prim_bias_add_grad(Im *x, Call *c) {
  bool w;
  IrNode *in = tensor_in(x, c, 0, &w);
  if (!in) return NULL;
  check_format(x, c, arg(c, 1, "data_format"), "data_format");
  check_format(x, c, get(c, "format"), "format");
  const IrType *t = ir_type_deref(x->m, in->type);
  if (t->ndim < 2) bad_attr(x, c, "dout", "must have 2 or more dims");
  if (c->bad) return NULL;
  int64_t ax[MSRT_MAX_NDIM];
  int n = 0;
  for (int d = 0; d < t->ndim; d++)
    if (d != 1) ax[n++] = d;
  IrNode *ins[1] = {in};
  IrNode *s = scratch(x, OP_ReduceSum, 1, ins);
  ir_attr_ints(s, "axis", n, ax);
  IrNode *r = emit(x, OP_ReduceSum, 1, ins, NULL, s);
  return r ? tensor_val(x, r) : NULL;
}

/* ApplyMomentum(variable, accumulation, learning_rate, gradient, momentum):
 * accumulation = accumulation * momentum + gradient * gradient_scale, then
 * variable -= learning_rate * accumulation (use_nesterov: variable -=
 * (gradient * learning_rate + accumulation * momentum * learning_rate));
 * both Parameters are assigned; the value is the new variable. */
static Val *prim_apply_momentum(Im *x, Call *c) {
  if (c->nin < 5 || !c->in[0]->ref || !c->in[1]->ref) {
    problem(x, "node '%s': ApplyMomentum needs two Parameters (variable, accumulation), a learning rate, a gradient "
            "and a momentum", x->node);
    return NULL;
  }
  if (x->inl) {
    problem(x, "node '%s': the model assigns its Parameters (a training step), which a GraphCell called inside a "
            "compiled graph cannot do: call it from the script", x->node);
    return NULL;
  }
  bool nesterov = false;
  double scale = 1.0;
  const Attr *a;
  if ((a = get(c, "use_nesterov")) && !attr_bool(a, &nesterov)) bad_attr(x, c, "use_nesterov", "is not a bool");
  if ((a = get(c, "gradient_scale")) && !attr_float(a, &scale)) bad_attr(x, c, "gradient_scale", "is not a number");
  get(c, "use_locking");
  IrNode *lr, *g, *mom;
  bool w;
  if (!(lr = tensor_in(x, c, 2, &w)) || !(g = tensor_in(x, c, 3, &w)) || !(mom = tensor_in(x, c, 4, &w)) || c->bad)
    return NULL;
  IrNode *var = ir_load(x->g, c->in[0]->ref, ir_noloc), *acc = ir_load(x->g, c->in[1]->ref, ir_noloc);
  IrNode *gs = scale == 1.0 ? g : bin(x, OP_Mul, g, NULL, scale);
  IrNode *acc2 = gs ? bin(x, OP_Add, bin(x, OP_Mul, acc, mom, 0), gs, 0) : NULL;
  if (!acc2) return NULL;
  IrNode *step = nesterov ? bin(x, OP_Add, bin(x, OP_Mul, g, lr, 0), bin(x, OP_Mul, bin(x, OP_Mul, acc2, mom, 0), lr, 0), 0)
                          : bin(x, OP_Mul, lr, acc2, 0);
  IrNode *var2 = step ? bin(x, OP_Sub, var, step, 0) : NULL;
  if (!var2) return NULL;
  if (!ir_type_eq(var2->type, var->type) || !ir_type_eq(acc2->type, acc->type)) {
    problem(x, "node '%s': ApplyMomentum's update does not have its Parameters' types", x->node);
    return NULL;
  }
  ir_assign(x->g, c->in[1]->ref, acc2, ir_noloc);
  ir_assign(x->g, c->in[0]->ref, var2, ir_noloc);
  x->assigned = true;
  return tensor_val(x, var2);
}

/* An op of ops.def taking its msc attributes by their msc names (the
 * generic layout of mindir_out.c). */
static Val *prim_generic(Im *x, Call *c, OpId op) {
  int nt = op_info[op].nin;
  if (nt < 0) nt = c->nin;
  if (nt > MAX_IN || c->nin < nt) {
    problem(x, "node '%s': %s needs %d operands, has %d", x->node, c->op, nt, c->nin);
    return NULL;
  }
  IrNode *in[MAX_IN];
  bool weak[MAX_IN];
  for (int i = 0; i < nt; i++)
    if (!(in[i] = tensor_in(x, c, i, &weak[i]))) return NULL;
  IrNode *s = scratch(x, op, nt, in);
  /* attributes of the ops.def attrs column, by name */
  const char *cols = op_info[op].attrs;
  while (*cols) {
    const char *e = strchr(cols, ',');
    size_t len = e ? (size_t)(e - cols) : strlen(cols);
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(len < 63 ? len : 63), cols);
    cols += len + (e != NULL);
    const Attr *a = get(c, name);
    if (!a) continue;
    int t = a->has_type ? (int)a->type : -1;
    int64_t v[MSRT_MAX_NDIM];
    int n;
    double f;
    msrt_dtype dt;
    char sv[128];
    if (t == T_(BOOL)) {
      bool b;
      if (attr_bool(a, &b)) ir_attr_bool(s, name, b);
    } else if (is_int_type(t) && attr_int(a, &v[0])) ir_attr_int(s, name, v[0]);
    else if ((t == T_(FLOAT) || t == T_(DOUBLE)) && attr_float(a, &f)) ir_attr_float(s, name, f);
    else if ((t == T_(TUPLE) || t == T_(LIST)) && attr_ints(a, v, &n, MSRT_MAX_NDIM)) ir_attr_ints(s, name, n, v);
    else if (attr_dtype(a, &dt)) ir_attr_dtype(s, name, dt);
    else if (t == T_(STRING) && attr_str(a, sv, sizeof sv)) ir_attr_str(s, name, arena_strdup(x->m->arena, sv));
    else bad_attr(x, c, name, "has a value msc cannot read");
  }
  if (c->nin > nt) {
    problem(x, "node '%s': %s has %d operands, msc reads %d", x->node, c->op, c->nin, nt);
    return NULL;
  }
  if (c->bad) return NULL;
  IrNode *r = emit(x, op, nt, in, weak, s);
  return r ? tensor_val(x, r) : NULL;
}

/* The primitives whose MindSpore layout has its own reader. */
static Val *prim_dispatch(Im *x, Call *c, bool *known) {
  const char *op = c->op;
  *known = true;
  if (!strcmp(op, "MatMul")) return prim_matmul(x, c, OP_MatMul);
  if (!strcmp(op, "BatchMatMul")) return prim_matmul(x, c, OP_BatchMatMul);
  if (!strcmp(op, "BiasAdd")) return prim_biasadd(x, c);
  if (!strcmp(op, "Dense")) return prim_dense(x, c);
  if (!strcmp(op, "Reshape")) return prim_reshape(x, c);
  if (!strcmp(op, "Transpose")) return prim_with_axis(x, c, OP_Transpose, "perm", 1, true, true);
  if (!strcmp(op, "ExpandDims")) return prim_with_axis(x, c, OP_ExpandDims, "axis", 1, false, true);
  if (!strcmp(op, "Squeeze")) return prim_with_axis(x, c, OP_Squeeze, "axis", 1, true, false);
  if (!strcmp(op, "Softmax")) return prim_with_axis(x, c, OP_Softmax, "axis", 1, true, false);
  if (!strcmp(op, "LogSoftmax")) return prim_with_axis(x, c, OP_LogSoftmax, "axis", 1, false, false);
  if (!strcmp(op, "ReduceSum")) return prim_reduce(x, c, OP_ReduceSum);
  if (!strcmp(op, "ReduceMean")) return prim_reduce(x, c, OP_ReduceMean);
  if (!strcmp(op, "ReduceMax")) return prim_reduce(x, c, OP_ReduceMax);
  if (!strcmp(op, "ReduceMin")) return prim_reduce(x, c, OP_ReduceMin);
  if (!strcmp(op, "ReduceProd")) return prim_reduce(x, c, OP_ReduceProd);
  if (!strcmp(op, "ReduceAll")) return prim_reduce(x, c, OP_ReduceAll);
  if (!strcmp(op, "ReduceAny")) return prim_reduce(x, c, OP_ReduceAny);
  if (!strcmp(op, "Cast")) return prim_cast(x, c);
  if (!strcmp(op, "Conv2D")) return prim_conv2d(x, c);
  if (!strcmp(op, "MaxPool")) return prim_pool(x, c, OP_MaxPool);
  if (!strcmp(op, "AvgPool")) return prim_pool(x, c, OP_AvgPool);
  if (!strcmp(op, "MaxPoolGrad")) return prim_pool(x, c, OP_MaxPoolGrad);
  if (!strcmp(op, "BatchNorm")) return prim_batchnorm(x, c);
  if (!strcmp(op, "Concat")) return prim_concat(x, c, OP_Concat);
  if (!strcmp(op, "Stack")) return prim_concat(x, c, OP_Stack);
  if (!strcmp(op, "Gather")) return prim_gather(x, c);
  if (!strcmp(op, "Flatten")) return prim_unary_like(x, c, OP_Flatten, 1);
  if (!strcmp(op, "LayerNorm")) return prim_layernorm(x, c);
  if (!strcmp(op, "ReLU6")) return prim_relu6(x, c);
  if (!strcmp(op, "Conv2DExt")) return prim_conv2d_ext(x, c);
  if (!strcmp(op, "GeLU") || !strcmp(op, "Gelu") || !strcmp(op, "GELU")) return prim_gelu_tanh(x, c);
  if (!strcmp(op, "ReluGrad")) return prim_act_grad(x, c, 0);
  if (!strcmp(op, "SigmoidGrad")) return prim_act_grad(x, c, 1);
  if (!strcmp(op, "TanhGrad")) return prim_act_grad(x, c, 2);
  if (!strcmp(op, "BiasAddGrad")) return prim_bias_add_grad(x, c);
  if (!strcmp(op, "ApplyMomentum")) return prim_apply_momentum(x, c);
  int id = op_lookup(op);
  if (!strcmp(op, "Div")) id = OP_RealDiv;
  if (id >= 0 && op_group_elementwise(op_info[id].group) && !op_info[id].attrs[0])
    return prim_unary_like(x, c, (OpId)id, op_info[id].nin);
  if (id >= 0) return prim_generic(x, c, (OpId)id);
  *known = false;
  return NULL;
}

/* ---- nodes ------------------------------------------------------------------------- */

static const char *base_name(const char *s) {
  const char *p = strrchr(s, ':');
  return p ? p + 1 : s;
}

static const MindIr__PrimitiveProto *find_prim(Im *x, const char *name) {
  for (size_t i = 0; i < x->mp->n_primitives; i++)
    if (x->mp->primitives[i]->name && strcmp(x->mp->primitives[i]->name, name) == 0) return x->mp->primitives[i];
  return NULL;
}

static const char *strip_prefix(const char *op) {
  if (strncmp(op, "PrimFunc_", 9) == 0) return op + 9;
  return op;
}

/* Assign(param, value[, U]) (a training step, BatchNorm's moving
 * statistics): the Parameter takes value, of its own dtype and shape. */
static void import_assign(Im *x, const char *out, int nreal, Val **ins) {
  if (x->inl) {
    problem(x, "node '%s': the model assigns its Parameters (a training step), which a GraphCell called inside a "
            "compiled graph cannot do: call it from the script", x->node);
    define(x, out, val(x, VK_POISON));
    return;
  }
  if (nreal != 2 || !ins[0]->ref) {
    problem(x, "node '%s': Assign needs a Parameter and a value", x->node);
    define(x, out, val(x, VK_POISON));
    return;
  }
  IrNode *v = NULL;
  if (ins[1]->k == VK_TENSOR) v = ins[1]->n;
  else if (ins[1]->k == VK_CONST) {
    bool weak;
    v = const_tensor(x, ins[1]->c, &weak);
  }
  IrType *pt = ir_type_deref(x->m, ins[0]->ref->type);
  if (!v || !ir_type_eq(v->type, pt)) {
    Buf a = {0}, b = {0};
    ir_type_print(&a, pt);
    if (v) ir_type_print(&b, v->type);
    problem(x, "node '%s': Assign of %s to the Parameter '%s' of type %s", x->node, v ? b.data : "a non-tensor",
            ins[0]->ref->name, a.data);
    buf_free(&a);
    buf_free(&b);
    define(x, out, val(x, VK_POISON));
    return;
  }
  x->assigned = true;
  define(x, out, tensor_val(x, ir_assign(x->g, ins[0]->ref, v, ir_noloc)));
}

static const MindIr__GraphProto *find_func(Im *x, const char *name) {
  for (size_t i = 0; name && i < x->mp->n_functions; i++)
    if (x->mp->functions[i]->name && strcmp(x->mp->functions[i]->name, name) == 0) return x->mp->functions[i];
  return NULL;
}

static void import_node(Im *x, const NodeP *np);

/* ---- control flow ----------------------------------------------------------------
 * MindSpore's layout (serial/mindir_out.c writes the same): a node whose
 * op_type is "REF::<function>" calls that function (inlined here); one
 * whose op_type names a Switch(cond, Partial(@a, x...), Partial(@b, y...))
 * is an If over a(x..., call args) and b(y..., call args); a function whose
 * Switch's Partial leads to a graph that calls the function again is a
 * while loop's header: header(s) = Switch(c(s), Partial(@body, s),
 * Partial(@after, s))(), body(s) = ... header(s'), read as While(@cond,
 * @body, s0) followed by after(the final state). */

/* The IR value of v (a tensor, a constant, a tuple of them), or NULL. */
static IrNode *val_ir(Im *x, Val *v) {
  if (v->k == VK_TENSOR || v->k == VK_MULTI) return v->n;
  if (v->k == VK_CONST) {
    bool w;
    return const_tensor(x, v->c, &w);
  }
  if (v->k == VK_TUPLE && v->nel <= 64) {
    IrNode *e[64];
    for (int i = 0; i < v->nel; i++)
      if (!(e[i] = val_ir(x, v->el[i]))) return NULL;
    return ir_make_tuple(x->g, v->nel, e, ir_noloc);
  }
  return NULL;
}

/* An IR value of x->g as a Val (a tuple's elements read by TupleGetItem). */
static Val *ir_val(Im *x, IrNode *n) {
  const IrType *t = n->type;
  if (t->kind != IR_T_TUPLE) return tensor_val(x, n);
  Val *v = val(x, VK_TUPLE);
  v->nel = t->nelem;
  v->el = arena_alloc(x->a, sizeof(Val *) * (size_t)(t->nelem ? t->nelem : 1));
  for (int i = 0; i < t->nelem; i++) v->el[i] = ir_val(x, ir_tuple_get(x->g, n, i, ir_noloc));
  return v;
}

/* Imports the nodes of function f into x->g with its inputs bound to
 * args[0..n); returns its output value, or NULL after a problem. */
static Val *import_body(Im *x, const MindIr__GraphProto *f, int n, Val **args) {
  if (x->fn_depth >= 32) {
    problem(x, "node '%s': graph calls nest deeper than 32 (recursion msc does not read)", x->node);
    return NULL;
  }
  for (int i = 0; i < x->fn_depth; i++)
    if (x->active[i] == f) {
      problem(x, "node '%s': the graph '%s' calls itself, which is not a while loop msc reads", x->node, f->name);
      return NULL;
    }
  x->inlined += (long)f->n_node;
  if (x->inlined > 1000000) {
    fatal(x, "the graph calls expand to more than 1000000 nodes");
    return NULL;
  }
  if ((int)f->n_input != n || f->n_output != 1 || !f->output[0]->name) {
    problem(x, "node '%s': the graph '%s' takes %zu inputs, the call gives %d", x->node, f->name, f->n_input, n);
    return NULL;
  }
  if (f->n_parameter) {
    problem(x, "the graph '%s' has Parameters of its own, which msc does not read", f->name);
    return NULL;
  }
  const char *node = x->node;
  x->active[x->fn_depth++] = f;
  for (int i = 0; i < n; i++) define(x, f->input[i]->name, args[i]);
  for (size_t i = 0; i < f->n_node && !x->fatal; i++) import_node(x, f->node[i]);
  x->fn_depth--;
  x->node = node;
  Val *r = x->fatal ? NULL : lookup(x, f->output[0]->name);
  if (!r && !x->fatal) fatal(x, "the graph '%s' returns '%s', which it does not define", f->name, f->output[0]->name);
  return r && r->k != VK_POISON ? r : NULL;
}

/* The graph and bound args of a Switch branch (a Partial or a graph). */
static const MindIr__GraphProto *branch(Val *b, int *nb, Val ***bargs) {
  if (b->k == VK_GRAPH) {
    *nb = 0;
    *bargs = NULL;
    return b->gp;
  }
  if (b->k == VK_PARTIAL && b->el[0]->k == VK_GRAPH) {
    *nb = b->nel - 1;
    *bargs = b->el + 1;
    return b->el[0]->gp;
  }
  return NULL;
}

/* A new subgraph of x->m with params of the types of args[0..n); the
 * Vals of its params in pv. */
static IrGraph *sub_graph(Im *x, const char *what, int n, IrNode **args, Val **pv) {
  char nm[64];
  snprintf(nm, sizeof nm, "%s_%s%d", x->g->name, what, ++x->nsub);
  IrGraph *g = ir_graph_new(x->m, arena_strdup(x->m->arena, nm), ir_noloc);
  for (int i = 0; i < n; i++) {
    char pn[16];
    snprintf(pn, sizeof pn, "a%d", i);
    pv[i] = tensor_val(x, ir_param(g, arena_strdup(x->m->arena, pn), args[i]->type));
  }
  return g;
}

/* Imports function f into subgraph g (x->g meanwhile) over pv; returns its result IR value. */
static IrNode *fill_sub(Im *x, IrGraph *g, const MindIr__GraphProto *f, int n, Val **pv) {
  IrGraph *outer = x->g;
  x->g = g;
  Val *r = import_body(x, f, n, pv);
  IrNode *rn = r ? val_ir(x, r) : NULL;
  if (r && !rn) problem(x, "node '%s': the graph '%s' returns a value that is not a tensor or tuple", x->node, f->name);
  if (rn) ir_return(g, rn, ir_noloc);
  x->g = outer;
  return rn;
}

static Val *import_if(Im *x, Val *sw, int ncall, Val **call) {
  int na = 0, nb = 0;
  Val **aa = NULL, **ba = NULL;
  const MindIr__GraphProto *fa = branch(sw->el[1], &na, &aa), *fb = branch(sw->el[2], &nb, &ba);
  IrNode *c = sw->el[0]->k == VK_TENSOR ? sw->el[0]->n : NULL;
  if (!fa || !fb || !c) {
    problem(x, "node '%s': a Switch of %s", x->node, c ? "values that are not graphs" : "a condition that is not a tensor");
    return NULL;
  }
  int n = na + nb + ncall;
  if (n > 256) return NULL;
  IrNode **args = arena_alloc(x->a, sizeof(IrNode *) * (size_t)(n + 1));
  Val **all = arena_alloc(x->a, sizeof(Val *) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) {
    all[i] = i < na ? aa[i] : i < na + nb ? ba[i - na] : call[i - na - nb];
    if (!(args[i] = val_ir(x, all[i]))) {
      problem(x, "node '%s': a branch's argument %d is not a tensor or tuple", x->node, i + 1);
      return NULL;
    }
  }
  Val **pv = arena_alloc(x->a, sizeof(Val *) * (size_t)(n + 1));
  Val **fv = arena_alloc(x->a, sizeof(Val *) * (size_t)(n + 1));
  IrGraph *tg = sub_graph(x, "then", n, args, pv);
  for (int i = 0; i < na; i++) fv[i] = pv[i];
  for (int i = 0; i < ncall; i++) fv[na + i] = pv[na + nb + i];
  IrNode *tr = fill_sub(x, tg, fa, na + ncall, fv);
  IrGraph *eg = sub_graph(x, "else", n, args, pv);
  for (int i = 0; i < nb; i++) fv[i] = pv[na + i];
  for (int i = 0; i < ncall; i++) fv[nb + i] = pv[na + nb + i];
  IrNode *er = fill_sub(x, eg, fb, nb + ncall, fv);
  if (!tr || !er) return NULL;
  if (!ir_type_eq(tr->type, er->type)) {
    problem(x, "node '%s': the two branches of the Switch return different types", x->node);
    return NULL;
  }
  const IrType *ct = ir_type_deref(x->m, c->type);
  if (ct->dt != MSRT_BOOL || ct->ndim != 0) {
    problem(x, "node '%s': the Switch's condition is not a Bool scalar", x->node);
    return NULL;
  }
  return ir_val(x, ir_if(x->g, c, tg, eg, n, args, tr->type, ir_noloc));
}

static bool calls(const MindIr__GraphProto *g, const char *name) {
  for (size_t i = 0; i < g->n_node; i++)
    if (g->node[i]->op_type && strncmp(g->node[i]->op_type, "REF::", 5) == 0 &&
        strcmp(g->node[i]->op_type + 5, name) == 0)
      return true;
  return false;
}

/* Is f a loop header: does a graph named by one of its nodes' operands call f? */
static bool is_header(Im *x, const MindIr__GraphProto *f) {
  for (size_t i = 0; i < f->n_node; i++)
    for (size_t j = 0; j < f->node[i]->n_input; j++) {
      const MindIr__GraphProto *g = find_func(x, f->node[i]->input[j]);
      if (g && g != f && calls(g, f->name)) return true;
    }
  return false;
}

static Val *import_while(Im *x, const MindIr__GraphProto *h, int n, Val **s0) {
  if (x->header) {
    problem(x, "node '%s': nested while loops are not imported yet", x->node);
    return NULL;
  }
  IrNode **args = arena_alloc(x->a, sizeof(IrNode *) * (size_t)(n + 1));
  for (int i = 0; i < n; i++)
    if (s0[i]->k == VK_TUPLE || !(args[i] = val_ir(x, s0[i]))) {
      problem(x, "node '%s': the loop state %d is not a tensor", x->node, i + 1);
      return NULL;
    }
  Val **pv = arena_alloc(x->a, sizeof(Val *) * (size_t)(n + 1));
  /* cond: the header's nodes; its Switch is the result */
  IrGraph *outer = x->g, *cg = sub_graph(x, "cond", n, args, pv);
  x->header = h;
  x->g = cg;
  Val *sw = import_body(x, h, n, pv);
  x->g = outer;
  int na = 0, nb = 0;
  Val **aa = NULL, **ba = NULL;
  const MindIr__GraphProto *fa = sw && sw->k == VK_SWITCH ? branch(sw->el[1], &na, &aa) : NULL;
  const MindIr__GraphProto *fb = sw && sw->k == VK_SWITCH ? branch(sw->el[2], &nb, &ba) : NULL;
  bool shape = fa && fb && na == n && nb == n && sw->el[0]->k == VK_TENSOR;
  for (int i = 0; shape && i < n; i++) shape = aa[i] == pv[i] && ba[i] == pv[i];
  bool a_body = shape && calls(fa, h->name), b_body = shape && calls(fb, h->name);
  if (!shape || a_body == b_body) {
    if (!x->fatal) problem(x, "node '%s': the loop '%s' is not in the shape msc reads (Switch(cond, Partial(@body, "
                          "state), Partial(@after, state)))", x->node, h->name);
    x->header = NULL;
    return NULL;
  }
  ir_return(cg, sw->el[0]->n, ir_noloc);
  const MindIr__GraphProto *body = a_body ? fa : fb, *after = a_body ? fb : fa;
  /* body: its call of the header gives the next state */
  IrGraph *bg = sub_graph(x, "body", n, args, pv);
  x->g = bg;
  Val *r = import_body(x, body, n, pv);
  x->g = outer;
  x->header = NULL;
  if (!r || r->k != VK_RECUR || r->nel != n) {
    if (!x->fatal) problem(x, "node '%s': the loop body '%s' does not end by calling '%s'", x->node, body->name, h->name);
    return NULL;
  }
  IrNode **next = arena_alloc(x->a, sizeof(IrNode *) * (size_t)(n + 1));
  x->g = bg;
  for (int i = 0; i < n; i++) next[i] = val_ir(x, r->el[i]);
  for (int i = 0; i < n; i++)
    if (!next[i] || !ir_type_eq(next[i]->type, args[i]->type)) {
      x->g = outer;
      problem(x, "node '%s': the loop body changes the type of state %d", x->node, i + 1);
      return NULL;
    }
  ir_return(bg, n == 1 ? next[0] : ir_make_tuple(bg, n, next, ir_noloc), ir_noloc);
  x->g = outer;
  IrNode *w = ir_while(x->g, cg, bg, n, args, NULL, ir_noloc);
  Val **fin = arena_alloc(x->a, sizeof(Val *) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) fin[i] = n == 1 ? tensor_val(x, w) : tensor_val(x, ir_tuple_get(x->g, w, i, ir_noloc));
  return import_body(x, after, n, fin);
}

/* A node calling `callee`: a graph of ModelProto.functions or a Switch's result. */
static Val *import_call(Im *x, const char *callee, int n, Val **ins) {
  Val *fv = lookup(x, callee);
  const MindIr__GraphProto *f = fv ? (fv->k == VK_GRAPH ? fv->gp : NULL) : find_func(x, callee);
  Val *r = NULL;
  if (fv && fv->k == VK_SWITCH) {
    if (x->header && n == 0) return fv; /* the loop header's branch: read by import_while */
    r = import_if(x, fv, n, ins);
  } else if (f && f == x->header) {
    r = val(x, VK_RECUR);
    r->nel = n;
    r->el = arena_alloc(x->a, sizeof(Val *) * (size_t)(n ? n : 1));
    memcpy(r->el, ins, sizeof(Val *) * (size_t)n);
    return r;
  } else if (f && is_header(x, f)) {
    r = import_while(x, f, n, ins);
  } else if (f) {
    r = import_body(x, f, n, ins);
  } else {
    problem(x, "node '%s': calls '%s', which is not a graph", x->node, callee);
  }
  return r ? r : val(x, VK_POISON);
}

static void import_node(Im *x, const NodeP *np) {
  x->node = np->name ? np->name : (np->n_output ? np->output[0] : "?");
  const char *out = np->n_output ? np->output[0] : np->name;
  const char *ot = np->op_type ? np->op_type : "";
  if (np->n_output > 1) {
    problem(x, "node '%s' has %zu outputs", x->node, np->n_output);
    return;
  }
  if (strcmp(ot, "Constant") == 0) {
    const Attr *v = NULL;
    for (size_t i = 0; i < np->n_attribute; i++)
      if (np->attribute[i]->name && strcmp(np->attribute[i]->name, "value") == 0) v = np->attribute[i];
    if (!v) {
      fatal(x, "constant node '%s' has no value", x->node);
      return;
    }
    Val *cv;
    int t = v->has_type ? (int)v->type : -1;
    if (t == T_(UMONAD) || t == T_(IOMONAD)) cv = val(x, VK_MONAD);
    else {
      cv = val(x, VK_CONST);
      cv->c = v;
    }
    define(x, out, cv);
    return;
  }
  /* the primitive */
  const char *pname = ot, *callee = NULL;
  Attr **attrs = np->attribute;
  size_t nattrs = np->n_attribute;
  if (strncmp(ot, "REF::", 5) == 0) {
    const char *ref = ot + 5;
    const MindIr__PrimitiveProto *p = find_prim(x, ref);
    if (p) {
      pname = p->op_type ? p->op_type : base_name(ref);
      attrs = p->attribute;
      nattrs = p->n_attribute;
    } else if (strncmp(ref, "MetaFuncGraph::", 15) == 0 || strncmp(ref, "ClassType::", 11) == 0) {
      problem(x, "node '%s': %s is not supported (a Python-level call MindSpore did not compile away)", x->node, ref);
      define(x, out, val(x, VK_POISON));
      return;
    } else if (lookup(x, ref) || find_func(x, ref)) {
      callee = ref; /* a call of a graph or of a Switch's result */
    } else {
      fatal(x, "node '%s': its op_type names '%s', which the file does not define", x->node, ref);
      define(x, out, val(x, VK_POISON));
      return;
    }
    /* a PrimitiveProto written with node attributes too: those are the
     * abstract ("shape") only */
  }
  const char *op = strip_prefix(base_name(pname));
  if (pname != ot) op = strip_prefix(pname);
  /* operands */
  Call c = {0};
  c.op = op;
  c.attrs = attrs;
  c.nattrs = nattrs;
  bool poisoned = false;
  int nreal = 0;
  Val *ins[MAX_IN];
  for (size_t i = 0; i < np->n_input; i++) {
    Val *v = lookup(x, np->input[i]);
    const MindIr__GraphProto *fg = v ? NULL : find_func(x, np->input[i]);
    if (fg) {
      v = val(x, VK_GRAPH);
      v->gp = fg;
    }
    if (!v) {
      fatal(x, "node '%s': its operand '%s' is not defined before it", x->node, np->input[i]);
      return;
    }
    if (v->k == VK_POISON) poisoned = true;
    if (nreal < MAX_IN) ins[nreal] = v;
    nreal++;
  }
  if (nreal > MAX_IN) {
    problem(x, "node '%s': %s has %d operands (msc reads at most %d)", x->node, op, nreal, MAX_IN);
    define(x, out, val(x, VK_POISON));
    return;
  }
  if (callee) {
    define(x, out, poisoned ? val(x, VK_POISON) : import_call(x, callee, nreal, ins));
    return;
  }
  /* structural primitives */
  if (!strcmp(op, "Partial") || !strcmp(op, "Switch")) {
    bool ok = !strcmp(op, "Partial") ? nreal >= 1 && ins[0]->k == VK_GRAPH : nreal == 3;
    if (!ok) {
      problem(x, "node '%s': %s needs %s", x->node, op, !strcmp(op, "Partial") ? "a graph" : "3 operands");
      define(x, out, val(x, VK_POISON));
      return;
    }
    Val *t = val(x, !strcmp(op, "Partial") ? VK_PARTIAL : VK_SWITCH);
    t->nel = nreal;
    t->el = arena_alloc(x->a, sizeof(Val *) * (size_t)nreal);
    memcpy(t->el, ins, sizeof(Val *) * (size_t)nreal);
    define(x, out, t);
    return;
  }
  if (!strcmp(op, "Load") && nreal >= 1 && ins[0]->ref && x->assigned) {
    /* a read after an Assign: the Parameter's value at this point */
    define(x, out, tensor_val(x, ir_load(x->g, ins[0]->ref, ir_noloc)));
    return;
  }
  if (!strcmp(op, "Load") || !strcmp(op, "Depend") || !strcmp(op, "Identity") || !strcmp(op, "StopGradient")) {
    if (nreal < 1) fatal(x, "node '%s': %s without operands", x->node, op);
    else define(x, out, ins[0]);
    return;
  }
  if (!strcmp(op, "UpdateState")) {
    define(x, out, val(x, VK_MONAD));
    return;
  }
  if (!strcmp(op, "MakeTuple") || !strcmp(op, "make_tuple") || !strcmp(op, "MakeList")) {
    Val *t = val(x, VK_TUPLE);
    t->nel = nreal;
    t->el = arena_alloc(x->a, sizeof(Val *) * (size_t)(nreal ? nreal : 1));
    memcpy(t->el, ins, sizeof(Val *) * (size_t)nreal);
    define(x, out, t);
    return;
  }
  if (!strcmp(op, "TupleGetItem") || !strcmp(op, "tuple_getitem") || !strcmp(op, "ListGetItem")) {
    int64_t i;
    if (nreal != 2 || ins[1]->k != VK_CONST || !attr_int(ins[1]->c, &i)) {
      fatal(x, "node '%s': TupleGetItem needs a tuple and a constant index", x->node);
      return;
    }
    Val *t = ins[0], *r = NULL;
    if (t->k == VK_POISON) r = t;
    else if (t->k == VK_TUPLE && i >= 0 && i < t->nel) r = t->el[i];
    else if (t->k == VK_MULTI && i == 0) r = tensor_val(x, t->n);
    else if (t->k == VK_MULTI)
      problem(x, "node '%s': output %lld of %s (its statistics) is not supported", x->node, (long long)i,
              op_info[t->n->op].name);
    else fatal(x, "node '%s': TupleGetItem index %lld out of range", x->node, (long long)i);
    define(x, out, r ? r : val(x, VK_POISON));
    return;
  }
  if (poisoned) {
    define(x, out, val(x, VK_POISON));
    return;
  }
  /* drop trailing monad operands (side-effect order) */
  while (nreal > 0 && ins[nreal - 1]->k == VK_MONAD) nreal--;
  if (!strcmp(op, "Assign")) {
    import_assign(x, out, nreal, ins);
    return;
  }
  c.nin = nreal;
  memcpy(c.in, ins, sizeof(Val *) * (size_t)nreal);
  bool known;
  int before = x->nerr;
  Val *r = prim_dispatch(x, &c, &known);
  if (!known) {
    problem(x, "node '%s': unknown primitive '%s'", x->node, op);
  } else {
    for (size_t i = 0; i < c.nattrs && i < 64; i++) {
      const char *an = c.attrs[i]->name;
      if (c.used[i] || !an || ignorable(an)) continue;
      problem(x, "node '%s': %s: unknown attribute '%s'", x->node, op, an);
      r = NULL;
    }
  }
  if (!r && x->nerr == before && !x->fatal) problem(x, "node '%s': %s cannot be imported", x->node, op);
  define(x, out, r ? r : val(x, VK_POISON));
}

/* ---- the model ----------------------------------------------------------------------- */

static void import_inputs(Im *x, const MindIr__GraphProto *gp, const MindirShape *const *shapes, int nshapes,
                          int *ninput) {
  int k = 0, used = 0;
  for (size_t i = 0; i < gp->n_input; i++) {
    const MindIr__ValueInfoProto *vi = gp->input[i];
    const char *name = vi->name ? vi->name : "";
    x->node = name;
    if (vi->n_tensor != 1) {
      const Attr *ai = vi->attr_info;
      if (ai && ai->has_type && (ai->type == T_(UMONAD) || ai->type == T_(IOMONAD))) {
        define(x, name, val(x, VK_MONAD));
        continue;
      }
      problem(x, "input '%s': only tensor inputs are supported", name);
      define(x, name, val(x, VK_POISON));
      continue;
    }
    msrt_dtype dt;
    int nd;
    int64_t sh[MSRT_MAX_NDIM];
    char what[300];
    snprintf(what, sizeof what, "input '%s'", base_name(name));
    if (!proto_type(x, vi->tensor[0], what, &dt, &nd, sh, true)) {
      define(x, name, val(x, VK_POISON));
      k++;
      continue;
    }
    const MindirShape *given = NULL;
    for (int j = 0; j < nshapes; j++)
      if (shapes[j]->name ? strcmp(shapes[j]->name, base_name(name)) == 0 : j == k) given = shapes[j];
    if (given) used++;
    bool dynamic = false;
    for (int d = 0; d < nd; d++) dynamic |= sh[d] < 0;
    if (given) {
      bool fits = given->ndim == nd;
      for (int d = 0; fits && d < nd; d++) fits = sh[d] < 0 || sh[d] == given->shape[d];
      if (!fits) {
        char a[128], b[128];
        problem(x, "input '%s' has shape %s in the file; %s gives %s", base_name(name),
                shape_str(a, sizeof a, nd, sh), x->inl ? "the call" : "--input-shape",
                shape_str(b, sizeof b, given->ndim, given->shape));
      }
      nd = given->ndim;
      memcpy(sh, given->shape, sizeof(int64_t) * (size_t)nd);
    } else if (dynamic && nshapes < 0) { /* ms.load: checked with 1s */
      for (int d = 0; d < nd; d++)
        if (sh[d] < 0) sh[d] = 1;
    } else if (dynamic) {
      char a[128];
      for (int d = 0; d < nd; d++)
        if (sh[d] < 0) sh[d] = -1;
      problem(x, "input '%s' has a dynamic shape %s: give its shape with --input-shape", base_name(name),
              shape_str(a, sizeof a, nd, sh));
    }
    IrNode *p;
    if (x->inl) {
      p = k < x->inl->ninput ? x->inl->inputs[k] : NULL;
      if (p && ir_type_deref(x->m, p->type)->dt != dt) {
        problem(x, "input '%s' of the model must be %s, but got %s", base_name(name), msrt_dtype_name(dt),
                msrt_dtype_name(ir_type_deref(x->m, p->type)->dt));
        p = NULL;
      }
      if (!p) {
        define(x, name, val(x, VK_POISON));
        k++;
        continue;
      }
    } else {
      p = ir_param(x->g, arena_strdup(x->m->arena, base_name(name)), ir_type_tensor(x->m, dt, nd, sh));
    }
    define(x, name, tensor_val(x, p));
    k++;
  }
  for (int j = 0; j < nshapes; j++) {
    bool found = false;
    for (size_t i = 0; i < gp->n_input && !found; i++)
      found = gp->input[i]->name && (shapes[j]->name ? strcmp(shapes[j]->name, base_name(gp->input[i]->name)) == 0
                                                     : j < k);
    if (!found && shapes[j]->name) problem(x, "--input-shape names '%s', which is not an input of the model", shapes[j]->name);
    else if (!found) problem(x, "--input-shape gives %d shapes, the model has %d inputs", nshapes, k);
  }
  (void)used;
  *ninput = k;
}

static void import_parameters(Im *x, const MindIr__GraphProto *gp, MindirModel *mm) {
  mm->weights = xcalloc(gp->n_parameter + 1, sizeof(void *));
  mm->weight_names = xcalloc(gp->n_parameter + 1, sizeof(char *));
  for (size_t i = 0; i < gp->n_parameter && !x->fatal; i++) {
    const TensorP *t = gp->parameter[i];
    const char *name = t->name ? t->name : "";
    x->node = name;
    msrt_dtype dt;
    int nd;
    int64_t sh[MSRT_MAX_NDIM];
    char what[300];
    snprintf(what, sizeof what, "Parameter '%s'", base_name(name));
    if (!proto_type(x, t, what, &dt, &nd, sh, false)) {
      define(x, name, val(x, VK_POISON));
      continue;
    }
    if (x->inl) { /* the caller's Parameter of that name */
      IrNode *pv = NULL;
      for (int j = 0; j < x->inl->nparam && !pv; j++)
        if (strcmp(x->inl->names[j], base_name(name)) == 0) pv = x->inl->params[j];
      const IrType *pt = pv ? ir_type_deref(x->m, pv->type) : NULL;
      if (pt && !ir_type_eq(pt, ir_type_tensor(x->m, dt, nd, sh))) {
        Buf a = {0};
        ir_type_print(&a, pt);
        problem(x, "Parameter '%s': the cell's Parameter is %s, the file's %s %s", base_name(name), a.data,
                msrt_dtype_name(dt), shape_str(what, sizeof what, nd, sh));
        buf_free(&a);
        pv = NULL;
      } else if (!pv) {
        problem(x, "Parameter '%s' is not a Parameter of the GraphCell", base_name(name));
      }
      define(x, name, pv ? tensor_val(x, pv) : val(x, VK_POISON));
      continue;
    }
    void *d = proto_data(x, t, what, dt, nd, sh);
    if (!d) {
      define(x, name, val(x, VK_POISON));
      continue;
    }
    size_t nb = 0;
    count_bytes(dt, nd, sh, &nb);
    IrNode *p = ir_parameter(x->g, arena_strdup(x->m->arena, base_name(name)), ir_type_tensor(x->m, dt, nd, sh));
    void *copy = xmalloc(nb ? nb : 1);
    if (nb) memcpy(copy, d, nb);
    mm->weights[mm->nweight] = copy;
    mm->weight_names[mm->nweight++] = xstrdup(base_name(name));
    Val *v = tensor_val(x, ir_load(x->g, p, ir_noloc));
    v->ref = p;
    define(x, name, v);
  }
  if (gp->n_map_parameter) problem(x, "the model has MapParameters, which msc does not support");
}

void mindir_model_free(MindirModel *mm) {
  if (mm->m) ir_module_free(mm->m);
  for (int i = 0; i < mm->nweight; i++) {
    free(mm->weights[i]);
    free(mm->weight_names[i]);
  }
  free(mm->weights);
  free(mm->weight_names);
  free(mm->graph_name);
  memset(mm, 0, sizeof *mm);
}

static bool finish_output(Im *x, const MindIr__GraphProto *gp) {
  if (gp->n_output != 1 || !gp->output[0]->name) {
    fatal(x, "the graph has %zu outputs (MindIR graphs have one)", gp->n_output);
    return false;
  }
  x->node = gp->output[0]->name;
  Val *v = lookup(x, gp->output[0]->name);
  if (!v) {
    fatal(x, "the graph's output '%s' is not defined", gp->output[0]->name);
    return false;
  }
  if (v->k == VK_POISON) return false;
  IrNode *outs[64];
  int n = 0;
  Val *one[1] = {v};
  Val **el = v->k == VK_TUPLE ? v->el : one;
  int nel = v->k == VK_TUPLE ? v->nel : 1;
  for (int i = 0; i < nel; i++) {
    Val *e = el[i];
    if (n >= 64) break;
    if (e->k == VK_TENSOR || e->k == VK_MULTI) outs[n++] = e->n;
    else if (e->k == VK_CONST) {
      bool w;
      IrNode *cn = const_tensor(x, e->c, &w);
      if (!cn) {
        problem(x, "output %d is a constant msc cannot return", i + 1);
        return false;
      }
      IrNode *idn = ir_node1(x->g, OP_Identity, cn, cn->type, ir_noloc);
      outs[n++] = idn;
    } else if (e->k != VK_POISON) {
      problem(x, "output %d is not a tensor", i + 1);
      return false;
    } else {
      return false;
    }
  }
  if (v->k == VK_TUPLE && nel > 64) {
    problem(x, "the graph returns %d values (msc supports 64)", nel);
    return false;
  }
  if (x->inl) {
    memcpy(x->inl->outs, outs, sizeof(IrNode *) * (size_t)n);
    x->inl->nout = n;
    x->inl->tuple = v->k == VK_TUPLE;
    return true;
  }
  IrNode *r = v->k == VK_TUPLE ? ir_make_tuple(x->g, n, outs, ir_noloc) : outs[0];
  ir_return(x->g, r, ir_noloc);
  return true;
}

static bool decode(const uint8_t *buf, size_t n, const MindirShape *const *shapes, int nshapes, MindirModel *mm,
                   MindirInline *inl, char **err) {
  memset(mm, 0, sizeof *mm);
  *err = NULL;
  if (n == 0) {
    *err = xstrdup("the file is empty");
    return false;
  }
  if (n >= 4) {
    uint32_t m = (uint32_t)buf[0] | (uint32_t)buf[1] << 8 | (uint32_t)buf[2] << 16 | (uint32_t)buf[3] << 24;
    if (m == 0x7F3A5ED8u || m == 0x7F3A5ED9u || m == 0x7F3A5EDAu) {
      *err = xstrdup("the file is encrypted; msc cannot decrypt MindIR files: export it again without enc_key");
      return false;
    }
  }
  MindIr__ModelProto *mp = mind_ir__model_proto__unpack(NULL, n, buf);
  if (!mp) {
    *err = xstrdup("the file is not a MindIR model, or it is truncated or corrupted (the protobuf message cannot "
                   "be parsed)");
    return false;
  }
  if (!mp->graph || (!mp->producer_name && !mp->ir_version)) {
    mind_ir__model_proto__free_unpacked(mp, NULL);
    *err = xstrdup("the file is not a MindIR model (no graph, no producer or IR version)");
    return false;
  }
  if (mp->has_little_endian && !mp->little_endian) {
    mind_ir__model_proto__free_unpacked(mp, NULL);
    *err = xstrdup("the model was saved big-endian, which msc does not read");
    return false;
  }
  Im x = {0};
  x.a = arena_new();
  x.mp = mp;
  x.cap = 256;
  x.tab = xcalloc(x.cap, sizeof(Slot));
  x.inl = inl;
  x.m = inl ? inl->m : ir_module_new();
  if (!inl) mm->m = x.m;
  const MindIr__GraphProto *gp = mp->graph;
  const char *gname = gp->name && *gp->name ? gp->name : "mindir_graph";
  char *ident = xstrdup(gname);
  for (char *q = ident; *q; q++)
    if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_')) *q = '_';
  x.g = inl ? inl->g : ir_graph_new(x.m, arena_strdup(x.m->arena, ident), ir_noloc);
  mm->graph_name = ident;
  import_inputs(&x, gp, shapes, nshapes, &mm->ninput);
  if (inl && !x.fatal && mm->ninput != inl->ninput)
    problem(&x, "the model takes %d inputs, but got %d", mm->ninput, inl->ninput);
  if (!x.fatal) import_parameters(&x, gp, mm);
  for (size_t i = 0; i < gp->n_node && !x.fatal; i++) import_node(&x, gp->node[i]);
  bool ok = !x.fatal && x.nerr == 0 && finish_output(&x, gp) && x.nerr == 0;
  if (ok && !inl && !ir_verify(x.m)) {
    ok = false;
    problem(&x, "internal error: the imported graph does not verify");
  }
  if (x.nerr > 64) buf_printf(&x.errs, "\n... and %d more problems", x.nerr - 64);
  mind_ir__model_proto__free_unpacked(mp, NULL);
  free(x.tab);
  arena_free(x.a);
  if (!ok) {
    *err = x.errs.data ? buf_detach(&x.errs) : xstrdup("the model cannot be imported");
    mindir_model_free(mm);
    return false;
  }
  buf_free(&x.errs);
  return true;
}

bool mindir_decode(const uint8_t *buf, size_t n, const MindirShape *const *shapes, int nshapes, MindirModel *mm,
                   char **err) {
  return decode(buf, n, shapes, nshapes, mm, NULL, err);
}

bool mindir_inline(const uint8_t *buf, size_t n, MindirInline *inl, char **err) {
  MindirShape sh[64];
  const MindirShape *sp[64];
  int nin = inl->ninput < 64 ? inl->ninput : 64;
  for (int i = 0; i < nin; i++) {
    const IrType *t = ir_type_deref(inl->m, inl->inputs[i]->type);
    sh[i].name = NULL;
    sh[i].ndim = t->ndim;
    memcpy(sh[i].shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
    sp[i] = &sh[i];
  }
  inl->nout = 0;
  MindirModel mm;
  bool ok = decode(buf, n, sp, nin, &mm, inl, err);
  if (ok) mindir_model_free(&mm);
  return ok;
}
