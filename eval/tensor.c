/* tensor.c — Tensor objects (mindspore.Tensor, mindspore.Parameter,
 * numpy.ndarray) and dtype objects: creation, conversion from and to
 * Python values, basic indexing, the C methods and properties of the three
 * classes, and the protocol hooks (operators, printing, truth, len, iter,
 * float()/int(), format) that value.c/num.c/proto.c/format.c call.
 *
 * Every computation goes through prim_call (prim.c); this file only moves
 * data in and out of tensors (conversions, item access, setitem).
 *
 * Decisions (where MindSpore/numpy leave room, or msc differs):
 *   - Slicing copies: there are no views. `b = a[1:3]; b[0] = 9` does not
 *     change a (it does in numpy). Assignment through the array itself,
 *     `a[1:3] = x`, `a[0] = 1`, works.
 *   - numpy scalars (np.float32(3), a[0], a.sum()) are 0-d ndarrays: they
 *     print like numpy scalars ("3.0"), their repr too.
 *   - Default dtypes. MindSpore: Tensor(1.0)/lists of floats -> Float32,
 *     ints -> Int64, bools -> Bool, Tensor(ndarray) keeps the dtype.
 *     numpy: float64 / int64 / bool.
 *   - Promotion rules: see prim.c's header (MindSpore r2.0's implicit
 *     conversion list; numpy 1.24 incl. value-based casting).
 *   - `x += y`: in place for ndarrays (numpy's same_kind casting into x's
 *     dtype, result shape must equal x's), a new Tensor for MindSpore.
 *   - Tensor.argmax/argmin methods return int64 (as ops.argmax does); the
 *     Argmax primitive's default output_type is int32.
 *   - Tensors are hashable by identity; ndarrays are unhashable.
 *   - Advanced indexing (integer arrays, lists, boolean masks) follows
 *     numpy and is built from Gather/GatherNd/Select/TensorScatterUpdate
 *     (see "advanced indexing" below); a boolean scalar index (x[True])
 *     raises TypeError.
 *   - dtype objects: one per (dtype, flavour); ms.float32 != np.float32
 *     but every API accepts either. numpy's are callable (np.float32(3) is
 *     a numpy scalar) and compare equal to their name ("float32"); the
 *     numpy scalar *types* of real numpy do not exist (print(np.float32)
 *     shows "float32", not "<class 'numpy.float32'>").
 *   - Arithmetic on a Parameter gives a plain Tensor; MindSpore's
 *     "a Parameter is never implicitly cast" RuntimeError is not raised.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "tensor.h"
#include "valpriv.h"

#define NATIVE(fn) static Value fn(Interp *I, int argc, Value *argv, KwArgs *kw)

/* ---- classes and dtype objects ------------------------------------------ */

/* The classes and dtype objects live in Interp.vs (VRootSlots). */

static const char *const np_names[MSRT_NUM_DTYPES] = {
    "bool", "int8", "uint8", "int16", "int32", "int64", "float16", "float32", "float64",
    "uint16", "uint32", "uint64", "complex64", "complex128"};

bool dtype_is_float(msrt_dtype dt) { return dt == MSRT_FLOAT16 || dt == MSRT_FLOAT32 || dt == MSRT_FLOAT64; }
bool dtype_is_complex(msrt_dtype dt) { return dt == MSRT_COMPLEX64 || dt == MSRT_COMPLEX128; }
bool dtype_is_int(msrt_dtype dt) { return dt != MSRT_BOOL && !dtype_is_float(dt) && !dtype_is_complex(dt); }

Class *tensor_class(Interp *I, TFlavour fl) {
  tensor_init(I);
  return (Class *)VR(I)->tensor_class[fl];
}

static Class *dtype_class(Interp *I, bool np) { /* borrowed */
  tensor_init(I);
  return (Class *)VR(I)->dtype_class[np];
}

static Class *np_scalar_class(Interp *I, msrt_dtype dt) { /* borrowed */
  tensor_init(I);
  return (Class *)VR(I)->np_scalar_class[dt];
}

Class *tensor_class_of(Interp *I, Obj *o) {
  if (o->kind == OBJ_DTYPE) return dtype_class(I, ((DType *)o)->np);
  if (((Tensor *)o)->npscalar) return np_scalar_class(I, ((Tensor *)o)->dtype);
  return tensor_class(I, (TFlavour)((Tensor *)o)->flavour);
}

/* The dtype of numpy's scalar type c (np.float32 -> float32), or -1. */
static int np_scalar_class_dtype(Interp *I, const Class *c) {
  tensor_init(I);
  for (int i = 0; i < MSRT_NUM_DTYPES; i++)
    if (VR(I)->np_scalar_class[i] == &c->h) return i;
  return -1;
}

Value dtype_value(Interp *I, msrt_dtype dt, bool np) {
  tensor_init(I);
  Obj **slot = &VR(I)->dtype[np][dt];
  if (!*slot) {
    DType *d = (DType *)obj_alloc(I, OBJ_DTYPE, sizeof(DType));
    d->dt = dt;
    d->np = np;
    *slot = &d->h;
  }
  return v_obj(*slot);
}

static int dtype_by_name(const char *s) {
  for (int i = 0; i < MSRT_NUM_DTYPES; i++) {
    if (strcmp(s, np_names[i]) == 0) return i;
    const char *m = msrt_dtype_name((msrt_dtype)i);
    if (strcmp(s, m) == 0) return i;
  }
  if (strcmp(s, "bool_") == 0) return MSRT_BOOL;
  if (strcmp(s, "float") == 0 || strcmp(s, "double") == 0) return MSRT_FLOAT64;
  if (strcmp(s, "int") == 0) return MSRT_INT64;
  if (strcmp(s, "half") == 0) return MSRT_FLOAT16;
  return -1;
}

int dtype_from_value(Interp *I, Value v, const char *what) {
  if (v.tag == V_NONE || v.tag == V_UNDEF) return -1;
  if (v_is(v, OBJ_DTYPE)) return (int)((DType *)v.as.o)->dt;
  if (v_is(v, OBJ_STR)) {
    int d = dtype_by_name(AS_STR(v)->data);
    if (d >= 0) return d;
    rt_raise(I, EXC_TypeError, "data type '%s' not understood", AS_STR(v)->data);
  }
  if (v_is(v, OBJ_CLASS)) {
    Class *c = AS_CLASS(v);
    if (c == I->cls[CLS_FLOAT]) return MSRT_FLOAT64;
    if (c == I->cls[CLS_INT]) return MSRT_INT64;
    if (c == I->cls[CLS_BOOL]) return MSRT_BOOL;
    int d = np_scalar_class_dtype(I, c);
    if (d >= 0) return d;
  }
  rt_raise(I, EXC_TypeError, "%s: expected a dtype, got %s", what ? what : "dtype", rt_type_name(I, v));
}

/* ---- allocation ----------------------------------------------------------- */

/* A tensor of a checked shape; data NULL unless with_data. */
static Tensor *tensor_make(Interp *I, msrt_dtype dt, int ndim, const int64_t *shape, TFlavour fl, bool with_data) {
  if (ndim > MSRT_MAX_NDIM)
    rt_raise(I, EXC_ValueError, "at most %d dimensions are supported, got %d", MSRT_MAX_NDIM, ndim);
  int64_t size = 1;
  for (int i = 0; i < ndim; i++)
    if (shape[i] < 0) rt_raise(I, EXC_ValueError, "negative dimensions are not allowed");
  /* the shared checked product and the byte limit (frontend/limits.h) */
  if (!shape_elems(ndim, shape, &size))
    rt_raise(I, EXC_MemoryError, "a tensor of more than %lld elements (raise the limit with --limit=elements=N)",
             (long long)limit_get(LIM_ELEMENTS));
  size_t es = msrt_dtype_size(dt);
  if ((uint64_t)size > (uint64_t)limit_get(LIM_TENSOR_BYTES) / es)
    rt_raise(I, EXC_MemoryError, "a tensor of %lld bytes is past the limit of %lld (raise it with "
             "--limit=tensor-bytes=N)", (long long)size * (long long)es, (long long)limit_get(LIM_TENSOR_BYTES));
  void *data = NULL;
  if (with_data) {
    size_t bytes = ((size_t)size * es + 63) & ~(size_t)63;
    data = aligned_alloc(64, bytes ? bytes : 64);
    if (!data) rt_raise(I, EXC_MemoryError, "cannot allocate %zu bytes for a tensor", bytes);
  }
  tensor_init(I);
  Tensor *t = (Tensor *)obj_alloc(I, OBJ_TENSOR, sizeof(Tensor));
  t->dtype = dt;
  t->flavour = (uint8_t)fl;
  t->requires_grad = true;
  t->ndim = ndim;
  if (ndim) memcpy(t->shape, shape, sizeof(int64_t) * (size_t)ndim);
  t->size = size;
  t->data = data;
  return t;
}

Tensor *tensor_new(Interp *I, msrt_dtype dt, int ndim, const int64_t *shape, TFlavour fl) {
  return tensor_make(I, dt, ndim, shape, fl, true);
}

Tensor *tensor_new_nodata(Interp *I, msrt_dtype dt, int ndim, const int64_t *shape) {
  return tensor_make(I, dt, ndim, shape, TF_MS, false);
}

Tensor *tensor_copy(Interp *I, Tensor *t, TFlavour fl) {
  tensor_need_data(I, t, "copying a tensor");
  Tensor *r = tensor_new(I, t->dtype, t->ndim, t->shape, fl);
  memcpy(r->data, t->data, (size_t)t->size * msrt_dtype_size(t->dtype));
  r->npscalar = t->npscalar && fl == TF_NP;
  return r;
}

void tensor_destroy(Interp *I, Obj *o) {
  Tensor *t = (Tensor *)o;
  free(t->data);
  t->data = NULL;
  if (t->name) obj_decref(I, &t->name->h);
  if (t->attrs) obj_decref(I, &t->attrs->h);
}

void tensor_free_mem(Obj *o) {
  if (o->kind == OBJ_TENSOR) {
    free(((Tensor *)o)->data);
    ((Tensor *)o)->data = NULL;
  }
}

void tensor_traverse(Obj *o, void (*visit)(Obj *, void *), void *arg) {
  if (o->kind != OBJ_TENSOR) return;
  Tensor *t = (Tensor *)o;
  if (t->name) visit(&t->name->h, arg);
  if (t->attrs) visit(&t->attrs->h, arg);
}

/* ---- elements ---------------------------------------------------------- */

double tensor_get_f64(const Tensor *t, int64_t i) {
  double d = 0;
  msrt_cast(t->dtype, MSRT_FLOAT64, 1, (const char *)t->data + (size_t)i * msrt_dtype_size(t->dtype), &d);
  return d;
}

int64_t tensor_get_i64(const Tensor *t, int64_t i) {
  const char *p = (const char *)t->data + (size_t)i * msrt_dtype_size(t->dtype);
  switch (t->dtype) {
  case MSRT_BOOL: return *(const uint8_t *)p != 0;
  case MSRT_INT8: return *(const int8_t *)p;
  case MSRT_UINT8: return *(const uint8_t *)p;
  case MSRT_INT16: return *(const int16_t *)p;
  case MSRT_UINT16: return *(const uint16_t *)p;
  case MSRT_INT32: return *(const int32_t *)p;
  case MSRT_UINT32: return *(const uint32_t *)p;
  case MSRT_INT64: return *(const int64_t *)p;
  case MSRT_UINT64: return (int64_t) * (const uint64_t *)p;
  default: {
    double d = tensor_get_f64(t, i);
    if (!(d >= -9.2233720368547758e18 && d < 9.2233720368547758e18)) return INT64_MIN;
    return (int64_t)d;
  }
  }
}

/* Element i as a Python number (float for float dtypes, int, bool). */
static Value tensor_item_value(Interp *I, Tensor *t, int64_t i) {
  if (dtype_is_complex(t->dtype)) {
    msrt_complex128 c;
    msrt_cast(t->dtype, MSRT_COMPLEX128, 1, (const char *)t->data + (size_t)i * msrt_dtype_size(t->dtype), &c);
    return v_complex(I, c.re, c.im);
  }
  if (dtype_is_float(t->dtype)) return v_float(tensor_get_f64(t, i));
  if (t->dtype == MSRT_BOOL) return v_bool(tensor_get_i64(t, i) != 0);
  return v_int(tensor_get_i64(t, i));
}

static void store_value(Interp *I, msrt_dtype dt, void *p, Value v) {
  if (is_cplx(v)) {
    if (!dtype_is_complex(dt)) rt_raise(I, EXC_TypeError, "can't convert complex to %s", dtype_is_float(dt) ? "float" : "int");
    msrt_complex128 c = {AS_COMPLEX(v)->re, AS_COMPLEX(v)->im};
    msrt_cast(MSRT_COMPLEX128, dt, 1, &c, p);
  } else if (v.tag == V_FLOAT) {
    double d = v.as.f;
    if (dtype_is_int(dt) && !isfinite(d))
      rt_raise(I, EXC_ValueError, "cannot convert float %s to integer", isnan(d) ? "NaN" : "infinity");
    msrt_cast(MSRT_FLOAT64, dt, 1, &d, p);
  } else {
    int64_t x = num_i(v);
    msrt_cast(MSRT_INT64, dt, 1, &x, p);
  }
}

void tensor_set_value(Interp *I, Tensor *t, int64_t i, Value v) {
  store_value(I, t->dtype, (char *)t->data + (size_t)i * msrt_dtype_size(t->dtype), v);
}

Tensor *tensor_cast(Interp *I, Tensor *t, msrt_dtype dt, TFlavour fl) {
  if (dt == t->dtype && fl == t->flavour) {
    obj_incref(&t->h);
    return t;
  }
  tensor_need_data(I, t, "converting a tensor");
  Tensor *r = tensor_new(I, dt, t->ndim, t->shape, fl);
  if (t->size) msrt_cast(t->dtype, dt, t->size, t->data, r->data);
  return r;
}

/* ---- Python values -> tensors ------------------------------------------ */

typedef struct Scan {
  int nseq;                     /* list/tuple levels */
  int ndim;
  int64_t shape[MSRT_MAX_NDIM];
  int kind;                     /* highest Python scalar kind: -1 none, 0 bool, 1 int, 2 float, 3 complex */
  int tdt;                      /* promoted dtype of tensors inside, -1 none */
  bool np;                      /* numpy's promotion (TF_NP) */
} Scan;

static bool is_seq(Value v) { return v_is(v, OBJ_LIST) || v_is(v, OBJ_TUPLE); }
static int64_t seq_len(Value v) { return v_is(v, OBJ_LIST) ? AS_LIST(v)->len : AS_TUPLE(v)->len; }
static Value *seq_items(Value v) { return v_is(v, OBJ_LIST) ? AS_LIST(v)->items : AS_TUPLE(v)->items; }

_Noreturn static void inhomogeneous(Interp *I, const Scan *s, int depth) {
  char buf[128];
  rt_raise(I, EXC_ValueError,
           "setting an array element with a sequence. The requested array has an inhomogeneous shape "
           "after %d dimensions. The detected shape was %s + inhomogeneous part.",
           depth, shape_str(buf, sizeof buf, depth, s->shape));
}

static msrt_dtype promote_any(msrt_dtype a, msrt_dtype b, bool np) {
  /* tensors inside a list: numpy's promote_types (np.array([np.uint64(7), 1])
   * is float64); MindSpore's: the higher of the two by kind then size */
  if (np) return op_promote_np(a, b);
  int ka = a == MSRT_BOOL ? 0 : dtype_is_complex(a) ? 3 : dtype_is_float(a) ? 2 : 1;
  int kb = b == MSRT_BOOL ? 0 : dtype_is_complex(b) ? 3 : dtype_is_float(b) ? 2 : 1;
  if (ka != kb) return ka > kb ? a : b;
  return msrt_dtype_size(a) >= msrt_dtype_size(b) ? a : b;
}

/* Validates v against the shape found from the first elements. */
static void scan_check(Interp *I, Value v, int depth, Scan *s) {
  if (depth < s->nseq) {
    if (!is_seq(v) || seq_len(v) != s->shape[depth]) inhomogeneous(I, s, depth);
    Value *it = seq_items(v);
    for (int64_t i = 0; i < seq_len(v); i++) scan_check(I, it[i], depth + 1, s);
    return;
  }
  if (v_is(v, OBJ_TENSOR)) {
    Tensor *t = AS_TENSOR(v);
    bool ok = t->ndim == s->ndim - depth;
    for (int i = 0; ok && i < t->ndim; i++) ok = t->shape[i] == s->shape[depth + i];
    if (!ok) inhomogeneous(I, s, depth);
    s->tdt = s->tdt < 0 ? (int)t->dtype : (int)promote_any((msrt_dtype)s->tdt, t->dtype, s->np);
    return;
  }
  if (is_seq(v) || depth != s->ndim) inhomogeneous(I, s, depth);
  int k;
  switch (v.tag) {
  case V_BOOL: k = 0; break;
  case V_INT: k = 1; break;
  case V_FLOAT: k = 2; break;
  default:
    if (is_cplx(v)) {
      k = 3;
      break;
    }
    rt_raise(I, EXC_TypeError, "cannot convert a '%s' to a tensor element (expected a number)",
             rt_type_name(I, v));
  }
  if (k > s->kind) s->kind = k;
}

static void fill_from(Interp *I, Value v, int depth, const Scan *s, Tensor *t, int64_t *pos) {
  if (depth < s->nseq) {
    Value *it = seq_items(v);
    for (int64_t i = 0; i < seq_len(v); i++) fill_from(I, it[i], depth + 1, s, t, pos);
    return;
  }
  size_t es = msrt_dtype_size(t->dtype);
  if (v_is(v, OBJ_TENSOR)) {
    Tensor *x = AS_TENSOR(v);
    tensor_need_data(I, x, "building a tensor from a list");
    if (x->size) msrt_cast(x->dtype, t->dtype, x->size, x->data, (char *)t->data + (size_t)*pos * es);
    *pos += x->size;
    return;
  }
  store_value(I, t->dtype, (char *)t->data + (size_t)*pos * es, v);
  (*pos)++;
}

static Tensor *staged_copy(Interp *I, Value x, int dt, TFlavour fl);

Tensor *tensor_from_value(Interp *I, Value v, int dt, TFlavour fl) {
  bool np = fl == TF_NP;
  if (v_is(v, OBJ_TENSOR)) {
    Tensor *t = AS_TENSOR(v);
    if (graph_is_sym(I, v) || (fl != TF_NP && graph_is_piece_sym(I, v))) return staged_copy(I, v, dt, fl);
    tensor_need_data(I, t, "converting a tensor");
    Tensor *r = tensor_new(I, dt >= 0 ? (msrt_dtype)dt : t->dtype, t->ndim, t->shape, fl);
    if (t->size) msrt_cast(t->dtype, r->dtype, t->size, t->data, r->data);
    return r;
  }
  Scan s = {0, 0, {0}, -1, -1, np};
  Value x = v;
  while (is_seq(x)) {
    if (s.ndim == MSRT_MAX_NDIM)
      rt_raise(I, EXC_ValueError, "at most %d dimensions are supported", MSRT_MAX_NDIM);
    s.shape[s.ndim++] = seq_len(x);
    s.nseq++;
    if (seq_len(x) == 0) break;
    x = seq_items(x)[0];
  }
  if (v_is(x, OBJ_TENSOR)) {
    Tensor *t = AS_TENSOR(x);
    if (s.ndim + t->ndim > MSRT_MAX_NDIM)
      rt_raise(I, EXC_ValueError, "at most %d dimensions are supported", MSRT_MAX_NDIM);
    for (int i = 0; i < t->ndim; i++) s.shape[s.ndim++] = t->shape[i];
  }
  scan_check(I, v, 0, &s);
  msrt_dtype d;
  if (dt >= 0) {
    d = (msrt_dtype)dt;
  } else {
    int kind = s.kind < 0 ? (s.tdt >= 0 ? -1 : 2) : s.kind; /* empty list: float */
    /* Python complex: complex128 in both (MindSpore's Tensor sets no default
     * for it and keeps numpy's) */
    msrt_dtype pd = kind == 0 ? MSRT_BOOL : kind == 1 ? MSRT_INT64 : kind == 3 ? MSRT_COMPLEX128
                    : np ? MSRT_FLOAT64 : MSRT_FLOAT32;
    if (s.tdt < 0) d = pd;
    else if (kind < 0) d = (msrt_dtype)s.tdt;
    else d = promote_any((msrt_dtype)s.tdt, pd, np);
  }
  Tensor *t = tensor_new(I, d, s.ndim, s.shape, fl);
  int64_t pos = 0;
  fill_from(I, v, 0, &s, t, &pos);
  return t;
}

/* ---- printing ------------------------------------------------------------ */

static void buf_writer(void *ctx, const char *s, size_t n) { buf_append((Buf *)ctx, s, n); }

static void param_str_buf(Interp *I, Buf *b, Tensor *t) {
  char sh[160];
  (void)I;
  buf_printf(b, "Parameter (name=%s, shape=%s, dtype=%s, requires_grad=%s)", t->name ? t->name->data : "Parameter",
             shape_str(sh, sizeof sh, t->ndim, t->shape), msrt_dtype_name(t->dtype),
             t->requires_grad ? "True" : "False");
}

static void dtype_str_buf(Buf *b, DType *d, bool repr) {
  if (!d->np) buf_puts(b, msrt_dtype_name(d->dt));
  else if (repr) buf_printf(b, "dtype('%s')", np_names[d->dt]);
  else buf_puts(b, np_names[d->dt]);
}

void tensor_str_buf(Interp *I, Buf *b, Value v) {
  if (v_is(v, OBJ_DTYPE)) {
    dtype_str_buf(b, AS_DTYPE(v), false);
    return;
  }
  Tensor *t = AS_TENSOR(v);
  if (t->flavour == TF_PARAM) {
    param_str_buf(I, b, t);
    return;
  }
  tensor_need_data(I, t, "str() of a tensor");
  msrt_print_numpy(buf_writer, b, t->dtype, t->data, t->shape, t->ndim, NULL);
}

void tensor_repr_buf(Interp *I, Buf *b, Value v) {
  if (v_is(v, OBJ_DTYPE)) {
    dtype_str_buf(b, AS_DTYPE(v), true);
    return;
  }
  Tensor *t = AS_TENSOR(v);
  if (t->flavour != TF_PARAM) tensor_need_data(I, t, "repr() of a tensor");
  if (t->npscalar) { /* numpy 1.24: a scalar's repr is its str (np.float32(1.2) -> 1.2) */
    msrt_print_numpy(buf_writer, b, t->dtype, t->data, t->shape, t->ndim, NULL);
    return;
  }
  switch (t->flavour) {
  case TF_PARAM: param_str_buf(I, b, t); return;
  case TF_NP: msrt_print_numpy_repr(buf_writer, b, t->dtype, t->data, t->shape, t->ndim, NULL); return;
  default: msrt_print_repr(buf_writer, b, t->dtype, t->data, t->shape, t->ndim, NULL); return;
  }
}

/* ---- protocol hooks ------------------------------------------------------- */

static bool operand_ok(Value v) { return v_is(v, OBJ_TENSOR) || is_num(v) || is_cplx(v) || is_seq(v); }

static Value attrs_call(Interp *I, OpId op, int n, Value *in) {
  Attrs a;
  attrs_init(&a);
  return prim_call(I, op, n, in, &a);
}

static const OpId binop_ops[OP_BINOP_COUNT] = {
    [OP_ADD] = OP_Add, [OP_SUB] = OP_Sub, [OP_MUL] = OP_Mul, [OP_MATMUL] = OP_MatMulExt,
    [OP_DIV] = OP_RealDiv, [OP_FLOORDIV] = OP_FloorDiv, [OP_MOD] = OP_FloorMod, [OP_POW] = OP_Pow,
    [OP_LSHIFT] = OP_COUNT, [OP_RSHIFT] = OP_COUNT, [OP_BITOR] = OP_BitwiseOr,
    [OP_BITXOR] = OP_BitwiseXor, [OP_BITAND] = OP_BitwiseAnd};

/* numpy's fast_scalar_power (ndarray ** number, not a numpy scalar's **):
 * x ** 2 is square(x) — bool arrays square as int8, int arrays ** 2.0 in
 * float64 — and float x ** 0.5 is sqrt(x) (sqrt(-0.) is -0., of -inf nan).
 * The other exponents it special-cases give pow's values. */
static bool np_fast_power(Interp *I, Value a, Value b, Value *out) {
  if (!v_is(a, OBJ_TENSOR) || AS_TENSOR(a)->flavour != TF_NP || AS_TENSOR(a)->npscalar) return false;
  Tensor *x = AS_TENSOR(a);
  double e;
  bool efloat;
  if (b.tag == V_INT || b.tag == V_BOOL || b.tag == V_FLOAT) {
    efloat = b.tag == V_FLOAT;
    e = efloat ? b.as.f : (double)num_i(b);
  } else if (v_is(b, OBJ_TENSOR) && AS_TENSOR(b)->flavour == TF_NP && AS_TENSOR(b)->ndim == 0 &&
             AS_TENSOR(b)->dtype != MSRT_BOOL) {
    efloat = dtype_is_float(AS_TENSOR(b)->dtype);
    e = tensor_get_f64(AS_TENSOR(b), 0);
  } else {
    return false;
  }
  if (dtype_is_float(x->dtype) && e == 0.5) {
    *out = attrs_call(I, OP_Sqrt, 1, &a);
    return true;
  }
  if (e != 2.0 || dtype_is_float(x->dtype)) return false;
  msrt_dtype to = x->dtype == MSRT_BOOL ? MSRT_INT8 : efloat ? MSRT_FLOAT64 : x->dtype;
  Tensor *c = tensor_from_value(I, a, (int)to, TF_NP);
  Value in[2] = {v_obj(&c->h), v_obj(&c->h)};
  *out = attrs_call(I, OP_Mul, 2, in);
  obj_decref(I, &c->h);
  return true;
}

Value tensor_binop(Interp *I, BinOp op, Value a, Value b) {
  if (!operand_ok(a) || !operand_ok(b)) return v_notimpl();
  Value fast;
  if (op == OP_POW && np_fast_power(I, a, b, &fast)) return fast;
  OpId id = binop_ops[op];
  if (id == OP_COUNT) return v_notimpl();
  if (op == OP_MATMUL && (is_num(a) || is_num(b) || is_cplx(a) || is_cplx(b)))
    rt_raise_op(I, EXC_ValueError, "MatMul: scalar operands are not allowed, use '*' instead");
  Value in[2] = {a, b};
  return attrs_call(I, id, 2, in);
}

Value tensor_inplace(Interp *I, BinOp op, Value a, Value b) {
  if (!v_is(a, OBJ_TENSOR) || AS_TENSOR(a)->flavour != TF_NP || AS_TENSOR(a)->npscalar)
    return tensor_binop(I, op, a, b); /* MindSpore's Tensors and numpy's scalars: a new object */
  Value r = tensor_binop(I, op, a, b);
  if (r.tag == V_NOTIMPL) return r;
  Tensor *x = AS_TENSOR(a), *y = AS_TENSOR(r);
  bool same = x->ndim == y->ndim;
  for (int i = 0; same && i < x->ndim; i++) same = x->shape[i] == y->shape[i];
  if (!same) {
    char s1[128], s2[128];
    v_decref(I, r);
    rt_raise(I, EXC_ValueError, "non-broadcastable output operand with shape %s doesn't match the broadcast shape %s",
             shape_str(s1, sizeof s1, x->ndim, x->shape), shape_str(s2, sizeof s2, y->ndim, y->shape));
  }
  /* numpy's same_kind casting: no float result into an int/bool array, no int into bool */
  int kx = x->dtype == MSRT_BOOL ? 0 : dtype_is_complex(x->dtype) ? 3 : dtype_is_float(x->dtype) ? 2 : 1;
  int ky = y->dtype == MSRT_BOOL ? 0 : dtype_is_complex(y->dtype) ? 3 : dtype_is_float(y->dtype) ? 2 : 1;
  if (ky > kx) {
    const char *fy = np_names[y->dtype], *fx = np_names[x->dtype];
    v_decref(I, r);
    rt_raise(I, EXC_TypeError, "Cannot cast ufunc output from dtype('%s') to dtype('%s') with casting rule 'same_kind'",
             fy, fx);
  }
  if (x->size) msrt_cast(y->dtype, x->dtype, x->size, y->data, x->data);
  v_decref(I, r);
  return v_incref(a);
}

Value tensor_unary(Interp *I, UnaryOp op, Value a) {
  if (op == UOP_POS) return attrs_call(I, OP_Identity, 1, &a);
  return attrs_call(I, op == UOP_NEG ? OP_Neg : OP_Invert, 1, &a);
}

Value tensor_compare(Interp *I, CmpOp op, Value a, Value b) {
  if (v_is(a, OBJ_DTYPE) || v_is(b, OBJ_DTYPE)) {
    if (op != CMP_EQ && op != CMP_NE) return v_notimpl();
    bool eq = rt_is(a, b);
    Value d = v_is(a, OBJ_DTYPE) ? a : b, o = v_is(a, OBJ_DTYPE) ? b : a;
    if (!eq && v_is(o, OBJ_STR) && AS_DTYPE(d)->np) eq = dtype_by_name(AS_STR(o)->data) == (int)AS_DTYPE(d)->dt;
    if (!eq && v_is(o, OBJ_DTYPE)) eq = AS_DTYPE(o)->np == AS_DTYPE(d)->np && AS_DTYPE(o)->dt == AS_DTYPE(d)->dt;
    if (!eq && v_is(o, OBJ_CLASS) && AS_DTYPE(d)->np) /* np.dtype('float32') == np.float32 */
      eq = np_scalar_class_dtype(I, AS_CLASS(o)) == (int)AS_DTYPE(d)->dt;
    return v_bool(op == CMP_EQ ? eq : !eq);
  }
  if (!operand_ok(a) || !operand_ok(b)) {
    if (op == CMP_EQ) return v_bool(false);
    if (op == CMP_NE) return v_bool(true);
    return v_notimpl();
  }
  static const OpId ops[] = {[CMP_EQ] = OP_Equal, [CMP_NE] = OP_NotEqual, [CMP_LT] = OP_Less,
                             [CMP_LE] = OP_LessEqual, [CMP_GT] = OP_Greater, [CMP_GE] = OP_GreaterEqual};
  if (op > CMP_GE) return v_notimpl();
  Value in[2] = {a, b};
  return attrs_call(I, ops[op], 2, in);
}

bool tensor_truthy(Interp *I, Value v) {
  if (v_is(v, OBJ_DTYPE)) return true;
  Tensor *t = AS_TENSOR(v);
  tensor_need_data(I, t, "using a tensor as a condition (if, while, and, or, not, bool())");
  if (I->graph) graph_trace_branch(I, t);
  if (t->size == 1) return tensor_get_f64(t, 0) != 0 || tensor_get_i64(t, 0) != 0;
  if (t->size == 0) return false;
  rt_raise(I, EXC_ValueError,
           "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
}

uint64_t tensor_hash(Interp *I, Value v) {
  if (v_is(v, OBJ_TENSOR) && AS_TENSOR(v)->npscalar) /* numpy: hash(np.float64(1.5)) == hash(1.5) */
    return rt_hash(I, tensor_item_value(I, AS_TENSOR(v), 0));
  if (v_is(v, OBJ_TENSOR) && AS_TENSOR(v)->flavour == TF_NP)
    rt_raise(I, EXC_TypeError, "unhashable type: 'numpy.ndarray'");
  uintptr_t y = (uintptr_t)v.as.o;
  return (uint64_t)((y >> 4) | (y << (8 * sizeof(uintptr_t) - 4)));
}

int64_t tensor_len(Interp *I, Value v) {
  Tensor *t = AS_TENSOR(v);
  if (t->npscalar) rt_raise(I, EXC_TypeError, "object of type 'numpy.%s' has no len()", rt_type_name(I, v));
  if (t->ndim == 0) rt_raise(I, EXC_TypeError, "len() of unsized object");
  return t->shape[0];
}

static Value scalar_of(Interp *I, Value v, const char *what) {
  Tensor *t = AS_TENSOR(v);
  tensor_need_data(I, t, "converting a tensor to a Python number");
  if (t->size != 1) rt_raise(I, EXC_TypeError, "only size-1 arrays can be converted to Python scalars%s", what);
  return tensor_item_value(I, t, 0);
}

_Noreturn static void complex_to_real(Interp *I, Value x, const char *to) {
  v_decref(I, x);
  rt_raise(I, EXC_TypeError, "can't convert complex to %s", to);
}

double tensor_as_float(Interp *I, Value v) {
  Value x = scalar_of(I, v, "");
  if (is_cplx(x)) complex_to_real(I, x, "float");
  return x.tag == V_FLOAT ? x.as.f : (double)num_i(x);
}

/* complex(t) of a one-element tensor: its parts (a real one: (x, 0));
 * true when the tensor is complex. */
bool tensor_as_complex(Interp *I, Value v, double *re, double *im) {
  Value x = scalar_of(I, v, "");
  *im = 0.0;
  if (is_cplx(x)) {
    *re = AS_COMPLEX(x)->re;
    *im = AS_COMPLEX(x)->im;
    v_decref(I, x);
    return true;
  }
  *re = x.tag == V_FLOAT ? x.as.f : (double)num_i(x);
  return false;
}

bool tensor_is_integral(Value v) { return v_is(v, OBJ_TENSOR) && !dtype_is_float(AS_TENSOR(v)->dtype); }
bool tensor_is_np_integer(Value v) { return tensor_is_integral(v) && AS_TENSOR(v)->npscalar; }

int64_t tensor_as_int(Interp *I, Value v) {
  Value x = scalar_of(I, v, "");
  if (is_cplx(x)) complex_to_real(I, x, "int");
  return x.tag == V_FLOAT ? float_to_int(I, x.as.f) : num_i(x);
}

Str *tensor_format(Interp *I, Value v, Str *spec) {
  if (v_is(v, OBJ_TENSOR) && AS_TENSOR(v)->npscalar) /* numpy: format(float(x), spec), f'{np.float32(0.1)}' */
    return rt_format(I, tensor_item_value(I, AS_TENSOR(v), 0), spec);
  if (spec->len == 0) return rt_str(I, v);
  if (v_is(v, OBJ_TENSOR)) tensor_need_data(I, AS_TENSOR(v), "formatting a tensor");
  if (v_is(v, OBJ_TENSOR) && AS_TENSOR(v)->size == 1)
    return rt_format(I, tensor_item_value(I, AS_TENSOR(v), 0), spec);
  rt_raise(I, EXC_TypeError, "unsupported format string passed to %s.__format__",
           v_is(v, OBJ_TENSOR) && AS_TENSOR(v)->flavour == TF_NP ? "numpy.ndarray" : rt_type_name(I, v));
}

/* ---- indexing ---------------------------------------------------------------- */

/* An index entry that is neither basic nor an index array (the advanced
 * ones never reach the basic path: key_is_basic routes them). */
_Noreturn static void advanced_index(Interp *I) {
  rt_raise(I, EXC_IndexError, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                              "integer or boolean arrays are valid indices");
}

static bool is_int_index(Interp *I, Value k, int64_t *out) {
  if (k.tag == V_INT) {
    *out = k.as.i;
    return true;
  }
  if (v_is(k, OBJ_TENSOR)) {
    Tensor *t = AS_TENSOR(k);
    if (t->ndim == 0 && dtype_is_int(t->dtype)) {
      *out = tensor_get_i64(t, 0);
      return true;
    }
    if (t->ndim == 0 && dtype_is_float(t->dtype))
      rt_raise(I, EXC_IndexError, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                                  "integer or boolean arrays are valid indices");
    advanced_index(I);
  }
  if (v_is(k, OBJ_INSTANCE)) {
    *out = val_index(I, k);
    return true;
  }
  return false;
}

/* Parses a basic index into StridedSlice attributes (normalised). Returns
 * the number of result dims, their shape in vshape (for setitem). */
static int index_parse(Interp *I, Tensor *t, Value key, Attrs *a, int64_t *vshape) {
  Value one[1] = {key};
  Value *items = one;
  int64_t n = 1;
  if (v_is(key, OBJ_TUPLE)) {
    items = AS_TUPLE(key)->items;
    n = AS_TUPLE(key)->len;
  }
  int consumed = 0, nell = 0;
  for (int64_t i = 0; i < n; i++) {
    Value k = items[i];
    int64_t dummy;
    if (k.tag == V_NONE) continue;
    if (k.tag == V_ELLIPSIS) {
      if (++nell > 1) rt_raise(I, EXC_IndexError, "an index can only have a single ellipsis ('...')");
      continue;
    }
    if (k.tag == V_BOOL || is_seq(k)) advanced_index(I);
    if (v_is(k, OBJ_SLICE) || is_int_index(I, k, &dummy)) {
      consumed++;
      continue;
    }
    if (k.tag == V_FLOAT || v_is(k, OBJ_STR) || v_is(k, OBJ_DICT) || v_is(k, OBJ_SET))
      rt_raise(I, EXC_IndexError, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                                  "integer or boolean arrays are valid indices");
    advanced_index(I);
  }
  if (consumed > t->ndim)
    rt_raise(I, EXC_IndexError, "too many indices for array: array is %d-dimensional, but %d were indexed", t->ndim,
             consumed);
  attrs_init(a);
  a->has_slice = true;
  a->slice_normalised = true;
  a->nslice = t->ndim; /* every dim gets its entry below */
  int d = 0, out = 0;
  for (int64_t i = 0; i < n; i++) {
    Value k = items[i];
    int64_t idx;
    if (k.tag == V_NONE) {
      if (out >= MSRT_MAX_NDIM) rt_raise(I, EXC_IndexError, "at most %d dimensions are supported", MSRT_MAX_NDIM);
      a->new_axis[a->nnew++] = out;
      vshape[out++] = 1;
      continue;
    }
    if (k.tag == V_ELLIPSIS) {
      for (int e = 0; e < t->ndim - consumed; e++, d++) {
        a->begin[d] = 0;
        a->end[d] = t->shape[d];
        a->strides[d] = 1;
        if (out >= MSRT_MAX_NDIM) rt_raise(I, EXC_IndexError, "at most %d dimensions are supported", MSRT_MAX_NDIM);
        vshape[out++] = t->shape[d];
      }
      continue;
    }
    if (v_is(k, OBJ_SLICE)) {
      int64_t start, stop, step;
      int64_t cnt = slice_indices(I, (Slice *)k.as.o, t->shape[d], &start, &stop, &step);
      a->begin[d] = start;
      a->end[d] = stop;
      a->strides[d] = step;
      if (out >= MSRT_MAX_NDIM) rt_raise(I, EXC_IndexError, "at most %d dimensions are supported", MSRT_MAX_NDIM);
      vshape[out++] = cnt;
      d++;
      continue;
    }
    is_int_index(I, k, &idx);
    int64_t len = t->shape[d];
    if (idx < -len || idx >= len)
      rt_raise(I, EXC_IndexError, "index %lld is out of bounds for axis %d with size %lld", (long long)idx, d,
               (long long)len);
    a->begin[d] = idx < 0 ? idx + len : idx;
    a->end[d] = a->begin[d] + 1;
    a->strides[d] = 1;
    a->shrink_mask |= 1u << d;
    d++;
  }
  for (; d < t->ndim; d++) {
    a->begin[d] = 0;
    a->end[d] = t->shape[d];
    a->strides[d] = 1;
    if (out >= MSRT_MAX_NDIM) rt_raise(I, EXC_IndexError, "at most %d dimensions are supported", MSRT_MAX_NDIM);
    vshape[out++] = t->shape[d];
  }
  return out;
}

/* ---- advanced indexing --------------------------------------------------------
 * numpy's rules (https://numpy.org/doc/1.24/user/basics.indexing.html
 * "Advanced indexing"; MindSpore Tensor indexing follows them), built from
 * primitives through prim_call so that graph capture stages them too:
 *   - one index array (int tensor, list, ndarray): basic indexing of the
 *     other entries (StridedSlice, with the array's axis kept whole), then
 *     Gather along that axis;
 *   - several index arrays: broadcast together (BroadcastTo), stacked on a
 *     last axis (Stack) and gathered with GatherNd from x with those axes
 *     moved first (Transpose);
 *   - placement: when the advanced entries (arrays and, as in numpy,
 *     integers next to them) are adjacent in the key, the result's array
 *     dims stand where they were; otherwise they come first (Transpose);
 *   - a boolean mask of k dims stands for the k index arrays of its true
 *     positions (numpy's nonzero): its values are needed, so a mask
 *     computed inside a graph is an error at capture (tensor_need_data);
 *   - index values known here are range-checked with numpy's IndexError
 *     text and x's own axis number (the Gather kernels check again).
 * Assignment: `x[mask] = scalar` is Select(mask, value, x); every other
 * advanced assignment indexes x's element numbers (an int64 arange of x's
 * shape) with the same key to get the flat positions it selects, broadcasts
 * the value to that shape (numpy's "shape mismatch" ValueError otherwise)
 * and scatters it with TensorScatterUpdate into x's flattened elements (in
 * order: the last duplicate wins, as numpy). The result is copied into x
 * (in place, as numpy and PyNative MindSpore). Assignment to a tensor
 * computed inside a graph stays an error at capture (as for basic
 * indexing): it needs x's value. */

#define IX_MAX 32 /* entries of one index key */

typedef enum IEKind { IE_INT, IE_SLICE, IE_NONE, IE_ARR } IEKind;

typedef struct IEnt {
  IEKind k;
  int dim;      /* x's axis (-1 for None) */
  int64_t i;    /* IE_INT: the index */
  Value v;      /* IE_SLICE: the slice; IE_ARR: an int tensor (kept) */
  int q;        /* IE_ARR: its axis after the basic part */
} IEnt;

typedef struct IKey {
  int n;
  IEnt e[IX_MAX];
  int narr;
  bool has_mask;
  Value mask;   /* the mask when the key is one boolean mask (else undef) */
} IKey;

/* Temporaries of advanced indexing, owned by a rooted list (an error
 * unwinding out of the middle strands nothing the leak check counts). */
static List *ix_scratch(Interp *I) {
  Obj **slot = &VR(I)->index_scratch;
  if (!*slot) *slot = &list_new(I, 8)->h;
  return (List *)*slot;
}

static Value ix_keep(Interp *I, Value v) { /* takes the reference */
  list_append(I, ix_scratch(I), v);
  v_decref(I, v);
  return v;
}

static void ix_pop(Interp *I, int64_t base) {
  List *l = ix_scratch(I);
  while (l->len > base) {
    Value v = l->items[--l->len];
    v_decref(I, v);
  }
}

static Value ix_tensor(Interp *I, Tensor *t) { return ix_keep(I, v_obj(&t->h)); }

_Noreturn static void bad_index_type(Interp *I) {
  rt_raise(I, EXC_IndexError, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                              "integer or boolean arrays are valid indices");
}

/* Is this key entry an array index (advanced)? */
static bool adv_item(Value k) {
  if (is_seq(k) || k.tag == V_BOOL) return true;
  if (v_is(k, OBJ_TENSOR)) {
    Tensor *t = AS_TENSOR(k);
    if (t->ndim > 0 || t->dtype == MSRT_BOOL) return true;
    return dtype_is_int(t->dtype) && !t->data;
  }
  return false;
}

static bool key_is_basic(Value key) {
  if (v_is(key, OBJ_LIST)) return false;
  if (!v_is(key, OBJ_TUPLE)) return !adv_item(key);
  Tuple *tp = AS_TUPLE(key);
  for (int64_t i = 0; i < tp->len; i++)
    if (adv_item(tp->items[i])) return false;
  return true;
}

static void ix_add(Interp *I, IKey *K, IEKind k, int dim, int64_t i, Value v) {
  if (K->n == IX_MAX) rt_raise(I, EXC_IndexError, "too many entries in one index (at most %d)", IX_MAX);
  IEnt *e = &K->e[K->n++];
  e->k = k;
  e->dim = dim;
  e->i = i;
  e->v = v;
  e->q = -1;
  if (k == IE_ARR) K->narr++;
}

/* An array-like key entry as a tensor (kept): int or bool. */
static Tensor *index_array(Interp *I, Value k) {
  Tensor *t;
  if (v_is(k, OBJ_TENSOR)) {
    t = AS_TENSOR(k);
  } else {
    t = AS_TENSOR(ix_tensor(I, tensor_from_value(I, k, -1, TF_NP)));
    if (t->size == 0 && dtype_is_float(t->dtype)) /* numpy: an empty list is an empty int index */
      t = AS_TENSOR(ix_tensor(I, tensor_cast(I, t, MSRT_INT64, TF_NP)));
  }
  if (dtype_is_float(t->dtype))
    rt_raise(I, EXC_IndexError, "arrays used as indices must be of integer (or boolean) type");
  return t;
}

static void check_bound(Interp *I, int64_t v, int dim, int64_t len) {
  if (v < -len || v >= len)
    rt_raise(I, EXC_IndexError, "index %lld is out of bounds for axis %d with size %lld", (long long)v, dim,
             (long long)len);
}

/* Parses key against t into K (ellipsis expanded, trailing dims added as
 * full slices, masks turned into the index arrays of their true
 * positions). */
static void adv_parse(Interp *I, Tensor *t, Value key, IKey *K) {
  Value one[1] = {key};
  Value *items = one;
  int64_t n = 1;
  if (v_is(key, OBJ_TUPLE)) {
    items = AS_TUPLE(key)->items;
    n = AS_TUPLE(key)->len;
  }
  memset(K, 0, sizeof *K);
  K->mask = v_undef();
  /* pass 1: what each entry consumes */
  int consumed = 0, nell = 0, nmask = 0, nother = 0;
  Tensor *arr[IX_MAX];
  if (n > IX_MAX) rt_raise(I, EXC_IndexError, "too many entries in one index (at most %d)", IX_MAX);
  for (int64_t i = 0; i < n; i++) {
    Value k = items[i];
    int64_t dummy;
    arr[i] = NULL;
    if (k.tag == V_NONE) continue;
    if (k.tag == V_ELLIPSIS) {
      if (++nell > 1) rt_raise(I, EXC_IndexError, "an index can only have a single ellipsis ('...')");
      continue;
    }
    if (k.tag == V_BOOL || (v_is(k, OBJ_TENSOR) && AS_TENSOR(k)->ndim == 0 && AS_TENSOR(k)->dtype == MSRT_BOOL))
      rt_raise(I, EXC_TypeError, "indexing with a boolean scalar (x[True]) is not supported; use a boolean array "
                                 "with the shape of the indexed dimensions");
    if (adv_item(k)) {
      arr[i] = index_array(I, k);
      if (arr[i]->dtype == MSRT_BOOL) {
        consumed += arr[i]->ndim;
        nmask++;
      } else {
        consumed++;
        nother++;
      }
      continue;
    }
    nother++;
    if (v_is(k, OBJ_SLICE) || is_int_index(I, k, &dummy)) {
      consumed++;
      continue;
    }
    bad_index_type(I);
  }
  if (consumed > t->ndim)
    rt_raise(I, EXC_IndexError, "too many indices for array: array is %d-dimensional, but %d were indexed", t->ndim,
             consumed);
  /* pass 2: entries with their axes */
  int d = 0;
  for (int64_t i = 0; i < n; i++) {
    Value k = items[i];
    int64_t idx;
    if (k.tag == V_NONE) {
      ix_add(I, K, IE_NONE, -1, 0, k);
    } else if (k.tag == V_ELLIPSIS) {
      for (int e = 0; e < t->ndim - consumed; e++) ix_add(I, K, IE_SLICE, d++, 0, v_none());
    } else if (arr[i] && arr[i]->dtype == MSRT_BOOL) {
      Tensor *m = arr[i];
      for (int j = 0; j < m->ndim; j++)
        if (m->shape[j] != t->shape[d + j])
          rt_raise(I, EXC_IndexError,
                   "boolean index did not match indexed array along dimension %d; dimension is %lld but "
                   "corresponding boolean dimension is %lld",
                   d + j, (long long)t->shape[d + j], (long long)m->shape[j]);
      tensor_need_data(I, m, "indexing with a boolean mask");
      if (nmask == 1 && nother == 0) K->mask = v_obj(&m->h);
      int64_t nnz = 0;
      for (int64_t p = 0; p < m->size; p++) nnz += ((const uint8_t *)m->data)[p] != 0;
      int64_t cs[MSRT_MAX_NDIM], s = 1;
      for (int j = m->ndim - 1; j >= 0; j--) {
        cs[j] = s;
        s *= m->shape[j];
      }
      if (m->ndim == 0) rt_raise(I, EXC_TypeError, "indexing with a 0-d boolean mask is not supported");
      for (int j = 0; j < m->ndim; j++) {
        Tensor *pos = tensor_new(I, MSRT_INT64, 1, &nnz, TF_NP);
        Value pv = ix_tensor(I, pos);
        int64_t w = 0;
        for (int64_t p = 0; p < m->size; p++)
          if (((const uint8_t *)m->data)[p]) ((int64_t *)pos->data)[w++] = (p / cs[j]) % m->shape[j];
        ix_add(I, K, IE_ARR, d++, 0, pv);
      }
      K->has_mask = true;
    } else if (arr[i]) {
      Tensor *a = arr[i];
      if (a->data)
        for (int64_t p = 0; p < a->size; p++) check_bound(I, tensor_get_i64(a, p), d, t->shape[d]);
      ix_add(I, K, IE_ARR, d++, 0, v_obj(&a->h));
    } else if (v_is(k, OBJ_SLICE)) {
      ix_add(I, K, IE_SLICE, d++, 0, k);
    } else {
      is_int_index(I, k, &idx);
      check_bound(I, idx, d, t->shape[d]);
      ix_add(I, K, IE_INT, d, idx < 0 ? idx + t->shape[d] : idx, k);
      d++;
    }
  }
  for (; d < t->ndim; d++) ix_add(I, K, IE_SLICE, d, 0, v_none());
}

/* Are the advanced entries (arrays, and integers when there is an array)
 * one run of adjacent entries? */
static bool adv_adjacent(const IKey *K) {
  int first = -1, last = -1;
  for (int i = 0; i < K->n; i++)
    if (K->e[i].k == IE_ARR || K->e[i].k == IE_INT) {
      if (first < 0) first = i;
      last = i;
    }
  for (int i = first; i >= 0 && i <= last; i++)
    if (K->e[i].k != IE_ARR && K->e[i].k != IE_INT) return false;
  return true;
}

static Value call1(Interp *I, OpId op, Value x, const Attrs *a) { return ix_keep(I, prim_call(I, op, 1, &x, a)); }

static Value transpose_to(Interp *I, Value x, int nd, const int64_t *perm) {
  bool id = true;
  for (int i = 0; i < nd; i++) id = id && perm[i] == i;
  if (id) return x;
  Attrs a;
  attrs_init(&a);
  a.has_axis = true;
  a.naxis = nd;
  a.axis_tuple = true;
  memcpy(a.axis, perm, sizeof(int64_t) * (size_t)nd);
  return call1(I, OP_Transpose, x, &a);
}

static Value adv_getitem(Interp *I, Value tv, Value key) {
  Tensor *t = AS_TENSOR(tv);
  IKey K;
  adv_parse(I, t, key, &K);
  /* the basic part: slices, ints, None; array axes kept whole */
  Attrs a;
  attrs_init(&a);
  a.has_slice = true;
  a.slice_normalised = true;
  a.nslice = t->ndim; /* every dim gets its entry below */
  int out = 0;
  bool identity = true;
  for (int i = 0; i < K.n; i++) {
    IEnt *e = &K.e[i];
    if (out >= MSRT_MAX_NDIM && e->k != IE_INT)
      rt_raise(I, EXC_IndexError, "at most %d dimensions are supported", MSRT_MAX_NDIM);
    if (e->k == IE_NONE) {
      a.new_axis[a.nnew++] = out++;
      identity = false;
    } else if (e->k == IE_INT) {
      a.begin[e->dim] = e->i;
      a.end[e->dim] = e->i + 1;
      a.strides[e->dim] = 1;
      a.shrink_mask |= 1u << e->dim;
      identity = false;
    } else if (e->k == IE_SLICE && v_is(e->v, OBJ_SLICE)) {
      int64_t start, stop, step, len = t->shape[e->dim];
      slice_indices(I, (Slice *)e->v.as.o, len, &start, &stop, &step);
      a.begin[e->dim] = start;
      a.end[e->dim] = stop;
      a.strides[e->dim] = step;
      if (!(start == 0 && stop == len && step == 1)) identity = false;
      out++;
    } else { /* a whole axis */
      a.begin[e->dim] = 0;
      a.end[e->dim] = t->shape[e->dim];
      a.strides[e->dim] = 1;
      if (e->k == IE_ARR) e->q = out;
      out++;
    }
  }
  Value y = identity ? tv : call1(I, OP_StridedSlice, tv, &a);
  int ynd = out;
  bool adjacent = adv_adjacent(&K);
  IEnt *arrs[IX_MAX];
  int m = 0;
  for (int i = 0; i < K.n; i++)
    if (K.e[i].k == IE_ARR) arrs[m++] = &K.e[i];
  int64_t perm[MSRT_MAX_NDIM];
  if (m == 1) {
    Tensor *ix = AS_TENSOR(arrs[0]->v);
    int q = arrs[0]->q, an = ix->ndim;
    if (ynd - 1 + an > MSRT_MAX_NDIM) rt_raise(I, EXC_IndexError, "at most %d dimensions are supported", MSRT_MAX_NDIM);
    attrs_init(&a);
    a.has_axis = true;
    a.naxis = 1;
    a.axis[0] = q;
    Value in2[2] = {y, arrs[0]->v};
    Value r = ix_keep(I, prim_call(I, OP_Gather, 2, in2, &a));
    if (!adjacent && q != 0) { /* numpy: the array's dims first */
      int rnd = ynd - 1 + an, k = 0;
      for (int j = 0; j < an; j++) perm[k++] = q + j;
      for (int j = 0; j < rnd; j++)
        if (j < q || j >= q + an) perm[k++] = j;
      r = transpose_to(I, r, rnd, perm);
    }
    return r;
  }
  /* several arrays: broadcast, stack, GatherNd */
  int bnd = 0;
  int64_t bshape[MSRT_MAX_NDIM];
  for (int j = 0; j < m; j++) {
    Tensor *ix = AS_TENSOR(arrs[j]->v);
    if (!shape_broadcast(bnd, bshape, ix->ndim, ix->shape, &bnd, bshape)) {
      Buf b = {0};
      for (int i = 0; i < m; i++) {
        char s1[128];
        Tensor *u = AS_TENSOR(arrs[i]->v);
        buf_printf(&b, "%s ", shape_str(s1, sizeof s1, u->ndim, u->shape));
      }
      Str *msg = str_new(I, b.data, b.len ? b.len - 1 : 0);
      buf_free(&b);
      ix_keep(I, v_obj(&msg->h));
      rt_raise(I, EXC_IndexError, "shape mismatch: indexing arrays could not be broadcast together with shapes %s",
               msg->data);
    }
  }
  if (bnd + 1 > MSRT_MAX_NDIM || bnd + ynd - m > MSRT_MAX_NDIM)
    rt_raise(I, EXC_IndexError, "at most %d dimensions are supported", MSRT_MAX_NDIM);
  Value cols[IX_MAX];
  for (int j = 0; j < m; j++) {
    Tensor *ix = AS_TENSOR(arrs[j]->v);
    bool same = ix->ndim == bnd;
    for (int i = 0; same && i < bnd; i++) same = ix->shape[i] == bshape[i];
    cols[j] = arrs[j]->v;
    if (!same) {
      attrs_init(&a);
      a.has_shape = true;
      a.nshape = bnd;
      memcpy(a.shape, bshape, sizeof(int64_t) * (size_t)bnd);
      cols[j] = call1(I, OP_BroadcastTo, cols[j], &a);
    }
  }
  attrs_init(&a);
  a.has_axis = true;
  a.naxis = 1;
  a.axis[0] = -1;
  Value idx = ix_keep(I, prim_call(I, OP_Stack, m, cols, &a));
  /* x's indexed axes first */
  int k = 0;
  for (int j = 0; j < m; j++) perm[k++] = arrs[j]->q;
  for (int j = 0; j < ynd; j++) {
    bool is_arr = false;
    for (int i = 0; i < m; i++) is_arr = is_arr || arrs[i]->q == j;
    if (!is_arr) perm[k++] = j;
  }
  Value yt = transpose_to(I, y, ynd, perm);
  Value in2[2] = {yt, idx};
  attrs_init(&a);
  Value r = ix_keep(I, prim_call(I, OP_GatherNd, 2, in2, &a));
  int q0 = arrs[0]->q, rnd = bnd + ynd - m;
  if (adjacent && q0 > 0) { /* back to where the arrays stood */
    k = 0;
    for (int j = 0; j < q0; j++) perm[k++] = bnd + j;
    for (int j = 0; j < bnd; j++) perm[k++] = j;
    for (int j = bnd + q0; j < rnd; j++) perm[k++] = j;
    r = transpose_to(I, r, rnd, perm);
  }
  return r;
}

/* Copies r (x's shape) into x's data, converting the dtype. */
static void store_result(Interp *I, Tensor *x, Value rv) {
  Tensor *r = AS_TENSOR(rv);
  tensor_need_data(I, r, "assigning to tensor elements");
  graph_will_write(I, x);
  if (x->size) msrt_cast(r->dtype, x->dtype, x->size, r->data, x->data);
}

/* numpy's "(2,4)" shape text of its assignment errors. */
static const char *np_shape_tight(char *buf, size_t cap, int ndim, const int64_t *shape) {
  size_t n = (size_t)snprintf(buf, cap, "(");
  for (int i = 0; i < ndim && n < cap; i++) n += (size_t)snprintf(buf + n, cap - n, "%s%lld", i ? "," : "", (long long)shape[i]);
  if (n < cap) snprintf(buf + n, cap - n, ndim == 1 ? ",)" : ")");
  return buf;
}

static void adv_setitem(Interp *I, Value tv, Value key, Value val) {
  Tensor *t = AS_TENSOR(tv);
  if (!v_is(val, OBJ_TENSOR) && !is_num(val) && !is_cplx(val) && !is_seq(val))
    rt_raise(I, EXC_TypeError, "cannot assign a '%s' to tensor elements", rt_type_name(I, val));
  Attrs a;
  /* x[mask] = scalar: Select(mask, value, x) */
  bool scalar = is_num(val) || is_cplx(val) || (v_is(val, OBJ_TENSOR) && AS_TENSOR(val)->ndim == 0);
  if (scalar && !v_is(key, OBJ_TUPLE) && v_is(key, OBJ_TENSOR) && AS_TENSOR(key)->dtype == MSRT_BOOL) {
    IKey K;
    adv_parse(I, t, key, &K); /* checks the mask's shape and data */
    Tensor *m = AS_TENSOR(K.mask);
    Value mv = K.mask;
    if (m->ndim < t->ndim) {
      attrs_init(&a);
      a.has_shape = true;
      a.nshape = t->ndim;
      for (int i = 0; i < t->ndim; i++) a.shape[i] = i < m->ndim ? m->shape[i] : 1;
      mv = call1(I, OP_Reshape, mv, &a);
    }
    Value v = ix_tensor(I, tensor_from_value(I, val, (int)t->dtype, TF_NP));
    Value in3[3] = {mv, v, tv};
    attrs_init(&a);
    store_result(I, t, ix_keep(I, prim_call(I, OP_Select, 3, in3, &a)));
    return;
  }
  /* every other key: the flat positions of the selected elements are x's
   * element numbers indexed the same way; the value is broadcast to that
   * shape and scattered into x's elements in order (the last duplicate
   * wins, as numpy) */
  Tensor *num = tensor_new(I, MSRT_INT64, t->ndim, t->shape, TF_NP);
  Value numv = ix_tensor(I, num);
  for (int64_t i = 0; i < num->size; i++) ((int64_t *)num->data)[i] = i;
  Tensor *pos = AS_TENSOR(adv_getitem(I, numv, key)); /* kept by the scratch list */
  Tensor *u = AS_TENSOR(ix_tensor(I, tensor_from_value(I, val, (int)t->dtype, TF_NP)));
  int rnd;
  int64_t rsh[MSRT_MAX_NDIM];
  bool ok = shape_broadcast(u->ndim, u->shape, pos->ndim, pos->shape, &rnd, rsh) && rnd == pos->ndim;
  for (int i = 0; ok && i < rnd; i++) ok = rsh[i] == pos->shape[i];
  if (!ok) {
    char s1[128], s2[128];
    if (v_is(key, OBJ_TENSOR) && AS_TENSOR(key)->dtype == MSRT_BOOL && AS_TENSOR(key)->ndim == t->ndim &&
        u->ndim == 1)
      rt_raise(I, EXC_ValueError, "NumPy boolean array indexing assignment cannot assign %lld input values to the "
                                  "%lld output values where the mask is true",
               (long long)u->size, (long long)pos->size);
    rt_raise(I, EXC_ValueError, "shape mismatch: value array of shape %s could not be broadcast to indexing "
                                "result of shape %s",
             np_shape_tight(s1, sizeof s1, u->ndim, u->shape), np_shape_tight(s2, sizeof s2, pos->ndim, pos->shape));
  }
  int64_t n = pos->size, flat = t->size, pshape[2] = {n, 1};
  Value uv = v_obj(&u->h);
  attrs_init(&a);
  a.has_shape = true;
  a.nshape = pos->ndim;
  memcpy(a.shape, pos->shape, sizeof(int64_t) * (size_t)pos->ndim);
  if (u->ndim != pos->ndim || u->size != n) uv = call1(I, OP_BroadcastTo, uv, &a);
  attrs_init(&a);
  a.has_shape = true;
  a.nshape = 1;
  a.shape[0] = n;
  uv = call1(I, OP_Reshape, uv, &a);
  a.shape[0] = flat;
  Value xf = call1(I, OP_Reshape, tv, &a);
  a.nshape = 2;
  memcpy(a.shape, pshape, sizeof pshape);
  Value pv = call1(I, OP_Reshape, v_obj(&pos->h), &a);
  Value in3[3] = {xf, pv, uv};
  attrs_init(&a);
  store_result(I, t, ix_keep(I, prim_call(I, OP_TensorScatterUpdate, 3, in3, &a)));
}

/* Does the key hold an Ellipsis? (numpy: a[0, ...] is a 0-d array, a[0] a scalar) */
static bool key_has_ellipsis(Value key) {
  if (key.tag == V_ELLIPSIS) return true;
  if (!v_is(key, OBJ_TUPLE)) return false;
  for (int64_t i = 0; i < AS_TUPLE(key)->len; i++)
    if (AS_TUPLE(key)->items[i].tag == V_ELLIPSIS) return true;
  return false;
}

Value tensor_getitem(Interp *I, Value tv, Value key) {
  Tensor *t = AS_TENSOR(tv);
  if (t->npscalar) { /* numpy's scalars: x[()] is x; x[...] and x[None] arrays */
    if (v_is(key, OBJ_TUPLE) && AS_TUPLE(key)->len == 0) return v_incref(tv);
    bool ok = key.tag == V_ELLIPSIS || key.tag == V_NONE;
    for (int64_t i = 0; v_is(key, OBJ_TUPLE) && i < AS_TUPLE(key)->len; i++) {
      VTag k = AS_TUPLE(key)->items[i].tag;
      ok = k == V_ELLIPSIS || k == V_NONE;
      if (!ok) break;
    }
    if (!ok) rt_raise(I, EXC_IndexError, "invalid index to scalar variable.");
  }
  if (!key_is_basic(key)) {
    int64_t base = ix_scratch(I)->len;
    Value r = adv_getitem(I, tv, key);
    v_incref(r);
    ix_pop(I, base);
    return r;
  }
  Attrs a;
  int64_t vshape[MSRT_MAX_NDIM];
  index_parse(I, t, key, &a, vshape);
  Value r = prim_call(I, OP_StridedSlice, 1, &tv, &a);
  Tensor *rt = AS_TENSOR(r);
  /* numpy: indexing every axis with an integer gives a scalar */
  rt->npscalar = rt->flavour == TF_NP && rt->ndim == 0 && !key_has_ellipsis(key);
  return r;
}

void tensor_setitem(Interp *I, Value tv, Value key, Value val) {
  Tensor *t = AS_TENSOR(tv);
  if (t->npscalar)
    rt_raise(I, EXC_TypeError, "'numpy.%s' object does not support item assignment", rt_type_name(I, tv));
  tensor_need_data(I, t, "assigning to tensor elements");
  graph_will_write(I, t);
  if (!key_is_basic(key)) {
    int64_t base = ix_scratch(I)->len;
    adv_setitem(I, tv, key, val);
    ix_pop(I, base);
    return;
  }
  Attrs a;
  int64_t vshape[MSRT_MAX_NDIM];
  int vnd = index_parse(I, t, key, &a, vshape);
  if (!v_is(val, OBJ_TENSOR) && !is_num(val) && !is_cplx(val) && !is_seq(val))
    rt_raise(I, EXC_TypeError, "cannot assign a '%s' to tensor elements", rt_type_name(I, val));
  /* the value in t's dtype (numpy's unsafe casting for assignment) */
  Tensor *v = tensor_from_value(I, val, (int)t->dtype, TF_NP);
  int64_t bshape[MSRT_MAX_NDIM];
  int bnd;
  bool ok = shape_broadcast(v->ndim, v->shape, vnd, vshape, &bnd, bshape) && bnd == vnd;
  for (int i = 0; ok && i < vnd; i++) ok = bshape[i] == vshape[i];
  if (!ok) {
    char s1[128], s2[128];
    shape_str(s1, sizeof s1, v->ndim, v->shape);
    shape_str(s2, sizeof s2, vnd, vshape);
    obj_decref(I, &v->h);
    rt_raise(I, EXC_ValueError, "could not broadcast input array from shape %s into shape %s", s1, s2);
  }
  /* destination strides per result dim (new axes: stride 0), source strides broadcast */
  int64_t cs[MSRT_MAX_NDIM], dst[MSRT_MAX_NDIM], srcst[MSRT_MAX_NDIM], vcs[MSRT_MAX_NDIM];
  int64_t s = 1;
  for (int i = t->ndim - 1; i >= 0; i--) {
    cs[i] = s;
    s *= t->shape[i];
  }
  int64_t base = 0;
  int d = 0, ni = 0;
  for (int o = 0; o < vnd; o++) {
    if (ni < a.nnew && a.new_axis[ni] == o) {
      dst[o] = 0;
      ni++;
      continue;
    }
    while (a.shrink_mask & (1u << d)) {
      base += a.begin[d] * cs[d];
      d++;
    }
    base += a.begin[d] * cs[d];
    dst[o] = a.strides[d] * cs[d];
    d++;
  }
  for (; d < t->ndim; d++) base += a.begin[d] * cs[d];
  s = 1;
  for (int i = v->ndim - 1; i >= 0; i--) {
    vcs[i] = s;
    s *= v->shape[i];
  }
  for (int o = 0; o < vnd; o++) {
    int j = o - (vnd - v->ndim);
    srcst[o] = j < 0 || v->shape[j] == 1 ? 0 : vcs[j];
  }
  int64_t total = 1;
  for (int o = 0; o < vnd; o++) total *= vshape[o];
  size_t es = msrt_dtype_size(t->dtype);
  int64_t idx[MSRT_MAX_NDIM] = {0};
  for (int64_t k = 0; k < total; k++) {
    int64_t di = base, si = 0;
    for (int o = 0; o < vnd; o++) {
      di += idx[o] * dst[o];
      si += idx[o] * srcst[o];
    }
    memcpy((char *)t->data + (size_t)di * es, (char *)v->data + (size_t)si * es, es);
    for (int o = vnd - 1; o >= 0; o--) {
      if (++idx[o] < vshape[o]) break;
      idx[o] = 0;
    }
  }
  obj_decref(I, &v->h);
}

Value tensor_iter(Interp *I, Value tv) {
  Tensor *t = AS_TENSOR(tv);
  if (t->npscalar) rt_raise(I, EXC_TypeError, "'numpy.%s' object is not iterable", rt_type_name(I, tv));
  if (t->ndim == 0) rt_raise(I, EXC_TypeError, "iteration over a 0-d array");
  List *l = list_new(I, t->shape[0]);
  Value lv = v_obj(&l->h);
  for (int64_t i = 0; i < t->shape[0]; i++) {
    Value row = tensor_getitem(I, tv, v_int(i));
    list_append(I, l, row);
    v_decref(I, row);
  }
  Value it = rt_iter(I, lv);
  v_decref(I, lv);
  return it;
}

/* ---- attributes ------------------------------------------------------------- */

void tensor_setattr(Interp *I, Value obj, Str *name, Value val) {
  if (v_is(obj, OBJ_TENSOR)) {
    Tensor *t = AS_TENSOR(obj);
    if (t->flavour == TF_PARAM && strcmp(name->data, "name") == 0) {
      if (!v_is(val, OBJ_STR))
        rt_raise(I, EXC_TypeError, "Parameter name must be a str, not %s", rt_type_name(I, val));
      gc_stored_late(I);
      obj_incref(val.as.o);
      if (t->name) obj_decref(I, &t->name->h);
      t->name = AS_STR(val);
      return;
    }
    if (t->flavour == TF_PARAM && strcmp(name->data, "requires_grad") == 0) {
      t->requires_grad = rt_truthy(I, val);
      return;
    }
    Value cv = class_lookup(I, rt_class_of(I, obj), name);
    if (t->flavour != TF_NP && cv.tag == V_UNDEF) {
      if (!t->attrs) {
        t->attrs = dict_new(I);
        gc_stored_late(I);
      }
      dict_set_str(I, t->attrs, name, val);
      return;
    }
    if (cv.tag != V_UNDEF)
      rt_raise(I, EXC_AttributeError, "attribute '%s' of '%s' objects is not writable", name->data,
               rt_type_name(I, obj));
  }
  rt_raise(I, EXC_AttributeError, "'%s' object has no attribute '%s'", rt_type_name(I, obj), name->data);
}

bool tensor_getattr_extra(Interp *I, Value obj, Str *name, Value *out) {
  if (!v_is(obj, OBJ_TENSOR) || !AS_TENSOR(obj)->attrs) return false;
  Value v = dict_get_str(I, AS_TENSOR(obj)->attrs, name);
  if (v.tag == V_UNDEF) return false;
  *out = v_incref(v);
  return true;
}

/* ---- properties ------------------------------------------------------------- */

static Tensor *self_t(Interp *I, int argc, Value *argv, const char *name) {
  if (argc < 1 || !v_is(argv[0], OBJ_TENSOR))
    rt_raise(I, EXC_TypeError, "descriptor '%s' requires a tensor", name);
  return AS_TENSOR(argv[0]);
}

static Value shape_tuple(Interp *I, int ndim, const int64_t *shape) {
  Tuple *tp = tuple_new(I, ndim);
  for (int i = 0; i < ndim; i++) tp->items[i] = v_int(shape[i]);
  return v_obj(&tp->h);
}

NATIVE(p_shape) {
  (void)kw;
  Tensor *t = self_t(I, argc, argv, "shape");
  return shape_tuple(I, t->ndim, t->shape);
}
NATIVE(p_dtype) {
  (void)kw;
  Tensor *t = self_t(I, argc, argv, "dtype");
  return v_incref(dtype_value(I, t->dtype, t->flavour == TF_NP));
}
NATIVE(p_ndim) {
  (void)kw;
  return v_int(self_t(I, argc, argv, "ndim")->ndim);
}
NATIVE(p_size) {
  (void)kw;
  return v_int(self_t(I, argc, argv, "size")->size);
}
NATIVE(p_itemsize) {
  (void)kw;
  return v_int((int64_t)msrt_dtype_size(self_t(I, argc, argv, "itemsize")->dtype));
}
NATIVE(p_nbytes) {
  (void)kw;
  Tensor *t = self_t(I, argc, argv, "nbytes");
  return v_int(t->size * (int64_t)msrt_dtype_size(t->dtype));
}
NATIVE(p_T) {
  (void)kw;
  self_t(I, argc, argv, "T");
  return attrs_call(I, OP_Transpose, 1, argv);
}
NATIVE(p_name) {
  (void)kw;
  Tensor *t = self_t(I, argc, argv, "name");
  if (!t->name) return v_obj(&str_from_c(I, "Parameter")->h);
  return v_incref(v_obj(&t->name->h));
}
NATIVE(p_requires_grad) {
  (void)kw;
  return v_bool(self_t(I, argc, argv, "requires_grad")->requires_grad);
}
NATIVE(p_data) { /* Parameter.data is the Parameter itself */
  (void)kw;
  self_t(I, argc, argv, "data");
  return v_incref(argv[0]);
}

/* ---- methods --------------------------------------------------------------- */

static Value call_op1(Interp *I, OpId op, Value x, Attrs *a) { return prim_call(I, op, 1, &x, a); }

/* A copy of the graph value x as a new symbolic tensor of flavour fl and
 * dtype dt (-1: x's): inside a graph, x.asnumpy() and Tensor(x) stage a
 * Cast/Identity, as MindSpore's JIT Fallback runs them when the graph runs
 * (tensor(x.asnumpy(), dtype=ms.float32) in a jit function is a cast). */
static Tensor *staged_copy(Interp *I, Value x, int dt, TFlavour fl) {
  Attrs a;
  attrs_init(&a);
  Tensor *t = AS_TENSOR(x);
  bool same = dt < 0 || dt == (int)t->dtype;
  a.dtype = same ? (int)t->dtype : dt;
  Value r = call_op1(I, same ? OP_Identity : OP_Cast, x, &a);
  Tensor *o = AS_TENSOR(r);
  if (o == t) { /* never handed back the input itself: that would retag it */
    v_decref(I, r);
    rt_raise(I, EXC_RuntimeError, "internal error: a staged copy returned its input");
  }
  o->flavour = (uint8_t)fl;
  return o;
}

NATIVE(m_asnumpy) {
  args_no_kw(I, "asnumpy", kw);
  Tensor *t = self_t(I, argc, argv, "asnumpy");
  args_count(I, "asnumpy", argc - 1, 0, 0);
  if (graph_is_sym(I, argv[0])) return v_obj(&staged_copy(I, argv[0], -1, TF_NP)->h);
  tensor_need_data(I, t, "asnumpy()");
  return v_obj(&tensor_copy(I, t, TF_NP)->h);
}

NATIVE(m_copy) {
  args_no_kw(I, "copy", kw);
  Tensor *t = self_t(I, argc, argv, "copy");
  return v_obj(&tensor_copy(I, t, t->flavour == TF_PARAM ? TF_MS : (TFlavour)t->flavour)->h);
}

NATIVE(m_item) {
  args_no_kw(I, "item", kw);
  Tensor *t = self_t(I, argc, argv, "item");
  tensor_need_data(I, t, "item()");
  if (argc == 1) {
    if (t->size != 1) rt_raise(I, EXC_ValueError, "can only convert an array of size 1 to a Python scalar");
    return tensor_item_value(I, t, 0);
  }
  if (argc == 2 && v_is(argv[1], OBJ_TUPLE)) { /* t.item((i, j)): numpy's tuple form */
    Tuple *ix = AS_TUPLE(argv[1]);
    if (ix->len > 7) rt_raise(I, EXC_ValueError, "incorrect number of indices for array");
    Value a[8];
    a[0] = argv[0];
    for (int64_t k = 0; k < ix->len; k++) a[k + 1] = ix->items[k];
    return m_item(I, (int)ix->len + 1, a, kw);
  }
  if (argc == 2) {
    int64_t i = val_index(I, argv[1]);
    if (i < -t->size || i >= t->size) rt_raise(I, EXC_IndexError, "index %lld is out of bounds for size %lld",
                                               (long long)i, (long long)t->size);
    return tensor_item_value(I, t, i < 0 ? i + t->size : i);
  }
  if (argc - 1 != t->ndim) rt_raise(I, EXC_ValueError, "incorrect number of indices for array");
  int64_t off = 0;
  for (int d = 0; d < t->ndim; d++) {
    int64_t i = val_index(I, argv[1 + d]);
    if (i < -t->shape[d] || i >= t->shape[d])
      rt_raise(I, EXC_IndexError, "index %lld is out of bounds for axis %d with size %lld", (long long)i, d,
               (long long)t->shape[d]);
    off = off * t->shape[d] + (i < 0 ? i + t->shape[d] : i);
  }
  return tensor_item_value(I, t, off);
}

static Value tolist_rec(Interp *I, Tensor *t, int d, int64_t *pos) {
  if (d == t->ndim) return tensor_item_value(I, t, (*pos)++);
  List *l = list_new(I, t->shape[d]);
  for (int64_t i = 0; i < t->shape[d]; i++) {
    Value x = tolist_rec(I, t, d + 1, pos);
    list_append(I, l, x);
    v_decref(I, x);
  }
  return v_obj(&l->h);
}

NATIVE(m_tolist) {
  args_no_kw(I, "tolist", kw);
  Tensor *t = self_t(I, argc, argv, "tolist");
  tensor_need_data(I, t, "tolist()");
  int64_t pos = 0;
  return tolist_rec(I, t, 0, &pos);
}

/* Shape arguments: f(2, 3), f((2, 3)), f([2, 3]). */
static void shape_args(Interp *I, OpId op, Attrs *a, int argc, Value *argv, const char *attr) {
  if (argc == 1 && (is_seq(argv[0]) || argv[0].tag == V_NONE)) {
    if (argv[0].tag != V_NONE) attrs_set(I, op, a, attr, argv[0]);
    return;
  }
  Tuple *tp = tuple_new(I, argc);
  for (int i = 0; i < argc; i++) tp->items[i] = v_incref(argv[i]);
  Value tv = v_obj(&tp->h);
  Catch c;
  if (!RT_TRY(I, &c)) {
    Value e = CUR_EXC(I);
    CUR_EXC(I) = v_undef();
    v_decref(I, tv);
    reraise_owned(I, e);
  }
  attrs_set(I, op, a, attr, tv);
  rt_catch_pop(I, &c);
  v_decref(I, tv);
}

static Value kwarg(KwArgs *kw, const char *name) {
  for (int i = 0; kw && i < kw->n; i++)
    if (strcmp(kw->names[i]->data, name) == 0) return kw->vals[i];
  return v_undef();
}

static void only_kw(Interp *I, const char *fname, KwArgs *kw, const char *const *allowed) {
  for (int i = 0; kw && i < kw->n; i++) {
    bool ok = false;
    for (int j = 0; allowed[j]; j++) ok |= strcmp(kw->names[i]->data, allowed[j]) == 0;
    if (!ok) rt_raise(I, EXC_TypeError, "%s() got an unexpected keyword argument '%s'", fname, kw->names[i]->data);
  }
}

NATIVE(m_reshape) {
  static const char *const ok[] = {"shape", "order", NULL};
  only_kw(I, "reshape", kw, ok);
  self_t(I, argc, argv, "reshape");
  Attrs a;
  attrs_init(&a);
  Value s = kwarg(kw, "shape");
  if (s.tag != V_UNDEF) shape_args(I, OP_Reshape, &a, 1, &s, "shape");
  else if (argc < 2) rt_raise(I, EXC_TypeError, "reshape() missing required argument 'shape'");
  else shape_args(I, OP_Reshape, &a, argc - 1, argv + 1, "shape");
  return call_op1(I, OP_Reshape, argv[0], &a);
}

NATIVE(m_transpose) {
  args_no_kw(I, "transpose", kw);
  self_t(I, argc, argv, "transpose");
  Attrs a;
  attrs_init(&a);
  if (argc > 1) shape_args(I, OP_Transpose, &a, argc - 1, argv + 1, "perm");
  return call_op1(I, OP_Transpose, argv[0], &a);
}

NATIVE(m_astype) {
  static const char *const ok[] = {"dtype", "copy", NULL};
  only_kw(I, "astype", kw, ok);
  Tensor *t = self_t(I, argc, argv, "astype");
  Value d = argc > 1 ? argv[1] : kwarg(kw, "dtype");
  if (d.tag == V_UNDEF) rt_raise(I, EXC_TypeError, "astype() missing required argument 'dtype'");
  int dt = dtype_from_value(I, d, "astype");
  if (dt < 0) dt = t->flavour == TF_NP ? MSRT_FLOAT64 : MSRT_FLOAT32;
  Attrs a;
  attrs_init(&a);
  a.dtype = dt;
  return call_op1(I, OP_Cast, argv[0], &a);
}

/* sum/mean/prod(axis=None, dtype=None, out=None, keepdims=False) and
 * max/min/all/any/argmax/argmin(axis=None, out=None, keepdims=False) as
 * numpy has them; MindSpore's Tensor methods have no `out`: sum(axis,
 * dtype, keepdims), max(axis, keepdims). keep_dims= and (for argmax)
 * output_type= are accepted by keyword. */
static int slot_of(const char *const *names, int n, const char *name) {
  for (int i = 0, k = 0; i < n; i++) {
    if (strcmp(names[i], "*") == 0) continue;
    if (strcmp(names[i], name) == 0) return k;
    k++;
  }
  return -1;
}

static Value reduce_method(Interp *I, OpId op, const char *fname, int argc, Value *argv, KwArgs *kw) {
  Tensor *t = self_t(I, argc, argv, fname);
  bool np = t->flavour == TF_NP;
  bool is_arg = op == OP_Argmax || op == OP_Argmin;
  bool has_dtype = op == OP_ReduceSum || op == OP_ReduceMean || op == OP_ReduceProd;
  const char *names[12];
  int n = 0;
  names[n++] = "axis";
  if (has_dtype) names[n++] = "dtype";
  if (np) names[n++] = "out";
  names[n++] = "keepdims";
  names[n++] = "*";
  names[n++] = "keep_dims";
  names[n++] = "initial";
  names[n++] = "where";
  if (is_arg) names[n++] = "output_type";
  if (!np) names[n++] = "out";
  Value v[12];
  args_bind(I, fname, argc - 1, argv + 1, kw, 0, n, names, v);
#define ARG(nm) (slot_of(names, n, nm) >= 0 ? v[slot_of(names, n, nm)] : v_undef())
  Value out = ARG("out");
  if (out.tag != V_UNDEF && out.tag != V_NONE) rt_raise(I, EXC_TypeError, "%s(): 'out' is not supported", fname);
  if (ARG("initial").tag != V_UNDEF || ARG("where").tag != V_UNDEF)
    rt_raise(I, EXC_TypeError, "%s(): 'initial' and 'where' are not supported yet", fname);
  Attrs a;
  attrs_init(&a);
  if (ARG("axis").tag != V_UNDEF) attrs_set(I, op, &a, "axis", ARG("axis"));
  if (has_dtype && ARG("dtype").tag != V_UNDEF) a.dtype = dtype_from_value(I, ARG("dtype"), fname);
  if (is_arg && ARG("output_type").tag != V_UNDEF) a.dtype = dtype_from_value(I, ARG("output_type"), fname);
  if (ARG("keepdims").tag != V_UNDEF) a.keep_dims = rt_truthy(I, ARG("keepdims"));
  if (ARG("keep_dims").tag != V_UNDEF) a.keep_dims = rt_truthy(I, ARG("keep_dims"));
#undef ARG
  if (is_arg && a.dtype < 0) a.dtype = MSRT_INT64;
  if (is_arg && a.has_axis && (a.naxis != 1 || a.axis_tuple))
    rt_raise(I, EXC_TypeError, "%s(): axis must be an int or None", fname);
  return call_op1(I, op, argv[0], &a);
}

#define REDUCE_METHOD(fn, op, name) \
  NATIVE(fn) { return reduce_method(I, op, name, argc, argv, kw); }
REDUCE_METHOD(m_sum, OP_ReduceSum, "sum")
REDUCE_METHOD(m_mean, OP_ReduceMean, "mean")
REDUCE_METHOD(m_prod, OP_ReduceProd, "prod")
REDUCE_METHOD(m_max, OP_ReduceMax, "max")
REDUCE_METHOD(m_min, OP_ReduceMin, "min")
REDUCE_METHOD(m_all, OP_ReduceAll, "all")
REDUCE_METHOD(m_any, OP_ReduceAny, "any")
REDUCE_METHOD(m_argmax, OP_Argmax, "argmax")
REDUCE_METHOD(m_argmin, OP_Argmin, "argmin")

NATIVE(m_squeeze) {
  static const char *const names[] = {"axis"};
  Value v[1];
  self_t(I, argc, argv, "squeeze");
  args_bind(I, "squeeze", argc - 1, argv + 1, kw, 0, 1, names, v);
  Attrs a;
  attrs_init(&a);
  if (v[0].tag != V_UNDEF) attrs_set(I, OP_Squeeze, &a, "axis", v[0]);
  return call_op1(I, OP_Squeeze, argv[0], &a);
}

NATIVE(m_expand_dims) {
  static const char *const names[] = {"axis"};
  Value v[1];
  self_t(I, argc, argv, "expand_dims");
  args_bind(I, "expand_dims", argc - 1, argv + 1, kw, 1, 1, names, v);
  Attrs a;
  attrs_init(&a);
  attrs_set(I, OP_ExpandDims, &a, "axis", v[0]);
  return call_op1(I, OP_ExpandDims, argv[0], &a);
}

NATIVE(m_flatten) {
  static const char *const ok[] = {"order", "start_dim", "end_dim", NULL};
  only_kw(I, "flatten", kw, ok);
  Tensor *t = self_t(I, argc, argv, "flatten");
  Attrs a;
  attrs_init(&a);
  a.has_shape = true;
  a.nshape = 1;
  a.shape[0] = t->size;
  Value sd = kwarg(kw, "start_dim"), ed = kwarg(kw, "end_dim");
  if (sd.tag != V_UNDEF || ed.tag != V_UNDEF) { /* MindSpore: flatten dims start_dim..end_dim */
    int64_t s = sd.tag == V_UNDEF ? 0 : val_index(I, sd), e = ed.tag == V_UNDEF ? -1 : val_index(I, ed);
    int nd = t->ndim ? t->ndim : 1;
    if (s < 0) s += nd;
    if (e < 0) e += nd;
    if (s < 0 || e >= nd || s > e) rt_raise(I, EXC_ValueError, "flatten: bad start_dim/end_dim");
    a.nshape = 0;
    for (int i = 0; i < s; i++) a.shape[a.nshape++] = t->shape[i];
    int64_t p = 1;
    for (int64_t i = s; i <= e && i < t->ndim; i++) p *= t->shape[i];
    a.shape[a.nshape++] = p;
    for (int64_t i = e + 1; i < t->ndim; i++) a.shape[a.nshape++] = t->shape[i];
  }
  return call_op1(I, OP_Reshape, argv[0], &a);
}

NATIVE(m_abs) {
  args_no_kw(I, "__abs__", kw);
  self_t(I, argc, argv, "__abs__");
  return attrs_call(I, OP_Abs, 1, argv);
}

/* round(x, n) of a numpy scalar: numpy's around, rint(x * 10**n) / 10**n in
 * x's dtype (float16 in float32, then rounded to float16); ints unchanged
 * for n >= 0, else rounded half to even to a multiple of 10**-n. */
static Value np_scalar_round(Interp *I, Tensor *t, int64_t n) {
  Tensor *r = tensor_new(I, t->dtype, 0, NULL, TF_NP);
  r->npscalar = true;
  if (dtype_is_float(t->dtype)) {
    double x = tensor_get_f64(t, 0), p = pow(10.0, (double)(n < 0 ? -n : n)), y;
    if (t->dtype == MSRT_FLOAT64) {
      y = n >= 0 ? nearbyint(x * p) / p : nearbyint(x / p) * p;
    } else {
      float xf = (float)x, pf = (float)p;
      y = n >= 0 ? nearbyintf(xf * pf) / pf : nearbyintf(xf / pf) * pf;
    }
    msrt_cast(MSRT_FLOAT64, t->dtype, 1, &y, r->data);
  } else {
    int64_t x = tensor_get_i64(t, 0), y = x;
    if (n < 0 && t->dtype != MSRT_BOOL) {
      int64_t p = 1;
      for (int64_t i = 0; i < -n && p <= INT64_MAX / 10; i++) p *= 10;
      double q = nearbyint((double)x / (double)p);
      y = (int64_t)q * p;
    }
    msrt_cast(MSRT_INT64, t->dtype, 1, &y, r->data);
  }
  return v_obj(&r->h);
}

NATIVE(m_round) {
  args_no_kw(I, "__round__", kw);
  Tensor *t = self_t(I, argc, argv, "__round__");
  if (t->npscalar && argc > 1 && argv[1].tag != V_NONE) return np_scalar_round(I, t, val_index(I, argv[1]));
  if (argc > 1 && argv[1].tag != V_NONE && val_index(I, argv[1]) != 0)
    rt_raise(I, EXC_TypeError, "round() with ndigits is not supported for tensors yet");
  if (t->size == 1 && argc == 1) { /* round(x) of a scalar: a Python int */
    double d = tensor_as_float(I, argv[0]);
    return v_int(float_to_int(I, nearbyint(d)));
  }
  return attrs_call(I, OP_Round, 1, argv);
}

NATIVE(m_init_data) {
  args_no_kw(I, "init_data", kw);
  self_t(I, argc, argv, "init_data");
  return v_incref(argv[0]);
}

NATIVE(m_set_data) {
  static const char *const names[] = {"data", "slice_shape"};
  Value v[2];
  Tensor *t = self_t(I, argc, argv, "set_data");
  args_bind(I, "set_data", argc - 1, argv + 1, kw, 1, 2, names, v);
  if (!v_is(v[0], OBJ_TENSOR) && !is_num(v[0]) && !is_cplx(v[0]) && !is_seq(v[0]))
    rt_raise(I, EXC_TypeError, "set_data: expected a Tensor, got %s", rt_type_name(I, v[0]));
  if (graph_is_piece_sym(I, v[0])) tensor_need_data(I, AS_TENSOR(v[0]), "set_data"); /* bytecode: a break */
  graph_will_write(I, t);
  Tensor *src = tensor_from_value(I, v[0], (int)t->dtype, TF_MS);
  /* take over src's buffer and shape */
  free(t->data);
  t->data = src->data;
  src->data = aligned_alloc(64, 64);
  t->ndim = src->ndim;
  memcpy(t->shape, src->shape, sizeof t->shape);
  t->size = src->size;
  obj_decref(I, &src->h);
  return v_incref(argv[0]);
}

NATIVE(m_dim) {
  args_no_kw(I, "dim", kw);
  return v_int(self_t(I, argc, argv, "dim")->ndim);
}

NATIVE(m_numel) {
  args_no_kw(I, "numel", kw);
  return v_int(self_t(I, argc, argv, "numel")->size);
}

NATIVE(m_len) {
  args_no_kw(I, "__len__", kw);
  self_t(I, argc, argv, "__len__");
  return v_int(tensor_len(I, argv[0]));
}

NATIVE(m_getitem) {
  args_no_kw(I, "__getitem__", kw);
  self_t(I, argc, argv, "__getitem__");
  args_count(I, "__getitem__", argc - 1, 1, 1);
  return tensor_getitem(I, argv[0], argv[1]);
}

NATIVE(m_setitem) {
  args_no_kw(I, "__setitem__", kw);
  self_t(I, argc, argv, "__setitem__");
  args_count(I, "__setitem__", argc - 1, 2, 2);
  tensor_setitem(I, argv[0], argv[1], argv[2]);
  return v_none();
}

NATIVE(m_float) {
  args_no_kw(I, "__float__", kw);
  self_t(I, argc, argv, "__float__");
  return v_float(tensor_as_float(I, argv[0]));
}

NATIVE(m_int) {
  args_no_kw(I, "__int__", kw);
  self_t(I, argc, argv, "__int__");
  return v_int(tensor_as_int(I, argv[0]));
}

NATIVE(m_index) {
  args_no_kw(I, "__index__", kw);
  Tensor *t = self_t(I, argc, argv, "__index__");
  if (t->size != 1 || !(dtype_is_int(t->dtype) || t->dtype == MSRT_BOOL))
    rt_raise(I, EXC_TypeError, "only integer scalar arrays can be converted to a scalar index");
  return v_int(tensor_get_i64(t, 0));
}

NATIVE(m_bool) {
  args_no_kw(I, "__bool__", kw);
  self_t(I, argc, argv, "__bool__");
  return v_bool(tensor_truthy(I, argv[0]));
}

NATIVE(m_format) {
  args_no_kw(I, "__format__", kw);
  self_t(I, argc, argv, "__format__");
  args_count(I, "__format__", argc - 1, 1, 1);
  if (!v_is(argv[1], OBJ_STR)) rt_raise(I, EXC_TypeError, "__format__() argument must be str");
  return v_obj(&tensor_format(I, argv[0], AS_STR(argv[1]))->h);
}

/* divmod(x, y) of numpy arrays and scalars: (x // y, x % y) */
static Value divmod_pair(Interp *I, Value a, Value b) {
  Value q = tensor_binop(I, OP_FLOORDIV, a, b);
  if (q.tag == V_NOTIMPL) return q;
  Value r = tensor_binop(I, OP_MOD, a, b);
  Value t = tuple_pack(I, 2, q, r);
  v_decref(I, q);
  v_decref(I, r);
  return t;
}
NATIVE(m_divmod) {
  args_no_kw(I, "__divmod__", kw);
  args_count(I, "__divmod__", argc - 1, 1, 1);
  return divmod_pair(I, argv[0], argv[1]);
}
NATIVE(m_rdivmod) {
  args_no_kw(I, "__rdivmod__", kw);
  args_count(I, "__rdivmod__", argc - 1, 1, 1);
  return divmod_pair(I, argv[1], argv[0]);
}

/* ---- constructors ------------------------------------------------------------ */

/* Tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False) */
static Value tensor_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"input_data", "dtype", "shape", "init", "internal", "const_arg"};
  Value v[6];
  args_bind(I, "Tensor", argc, argv, kw, 0, 6, names, v);
  int dt = dtype_from_value(I, v[1], "Tensor");
  if (v[0].tag == V_UNDEF || v[0].tag == V_NONE) {
    if (v[2].tag == V_UNDEF || v[2].tag == V_NONE)
      rt_raise(I, EXC_TypeError, "Tensor: input_data must be given (or shape and dtype)");
    if (dt < 0) rt_raise(I, EXC_TypeError, "Tensor: a dtype must be given with shape");
    if (v[3].tag != V_UNDEF && v[3].tag != V_NONE) {
      /* Tensor(shape=, dtype=, init=One()): the initializer's values now
       * (MindSpore defers them to init_data(); msc has no lazy tensors),
       * made by lib/'s _init_tensor(init, shape, dtype), which
       * lib/mindspore/common/tensor_methods.py registers on Tensor */
      Str *nm = str_from_c(I, "_init_tensor");
      Value fn = dict_get_str(I, tensor_class(I, TF_MS)->dict, nm);
      obj_decref(I, &nm->h);
      if (fn.tag == V_UNDEF) rt_raise(I, EXC_TypeError, "Tensor: init= needs mindspore imported");
      Value args[3] = {v[3], v[2], v[1]};
      return rt_call(I, fn, 3, args, NULL);
    }
    /* a None dim declares a dynamic dimension (Cell.set_inputs): the
     * placeholder has 0 there, so it holds no data */
    Value shp = v[2];
    bool dyn = false;
    if (v_is(shp, OBJ_TUPLE) || v_is(shp, OBJ_LIST)) {
      int64_t n = v_is(shp, OBJ_TUPLE) ? AS_TUPLE(shp)->len : AS_LIST(shp)->len;
      Value *it = v_is(shp, OBJ_TUPLE) ? AS_TUPLE(shp)->items : AS_LIST(shp)->items;
      for (int64_t i = 0; i < n; i++) dyn |= it[i].tag == V_NONE;
      if (dyn) {
        Tuple *t = tuple_new(I, n);
        for (int64_t i = 0; i < n; i++) t->items[i] = it[i].tag == V_NONE ? v_int(0) : v_incref(it[i]);
        shp = v_obj(&t->h);
      }
    }
    Attrs a;
    attrs_init(&a);
    Catch c;
    if (RT_TRY(I, &c)) {
      attrs_set(I, OP_Zeros, &a, "shape", shp);
      rt_catch_pop(I, &c);
    } else {
      Value e = CUR_EXC(I);
      CUR_EXC(I) = v_undef();
      if (dyn) v_decref(I, shp);
      rt_raise_owned(I, e);
    }
    if (dyn) v_decref(I, shp);
    a.dtype = dt;
    return prim_call(I, OP_Zeros, 0, NULL, &a);
  }
  Value x = v[0];
  if (!v_is(x, OBJ_TENSOR) && !is_num(x) && !is_cplx(x) && !is_seq(x))
    rt_raise(I, EXC_TypeError, "Tensor: input_data must be a Tensor, numpy array, number, list or tuple, not %s",
             rt_type_name(I, x));
  return v_obj(&tensor_from_value(I, x, dt, TF_MS)->h);
}

/* Parameter(default_input, name=None, requires_grad=True, layerwise_parallel=False, parallel_optimizer=True) */
static Value param_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"default_input", "name", "requires_grad", "layerwise_parallel",
                                      "parallel_optimizer"};
  Value v[5];
  args_bind(I, "Parameter", argc, argv, kw, 1, 5, names, v);
  Value x = v[0];
  if (!v_is(x, OBJ_TENSOR) && !is_num(x) && !is_cplx(x) && !is_seq(x))
    rt_raise(I, EXC_TypeError, "Parameter: default_input must be a Tensor, numpy array or number, not %s",
             rt_type_name(I, x));
  if (v[1].tag != V_UNDEF && v[1].tag != V_NONE && !v_is(v[1], OBJ_STR))
    rt_raise(I, EXC_TypeError, "Parameter: name must be a str, not %s", rt_type_name(I, v[1]));
  Tensor *t = tensor_from_value(I, x, -1, TF_PARAM);
  if (v_is(v[1], OBJ_STR)) {
    obj_incref(v[1].as.o);
    t->name = AS_STR(v[1]);
  }
  t->requires_grad = v[2].tag == V_UNDEF ? true : rt_truthy(I, v[2]);
  return v_obj(&t->h);
}

static Value ndarray_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)argc;
  (void)argv;
  (void)kw;
  rt_raise(I, EXC_TypeError, "numpy.ndarray cannot be constructed directly in msc; use np.array()");
}

/* dtype objects are callable: np.float32(3) is a numpy scalar, np.float32([1, 2]) an array. */
NATIVE(dt_call) {
  args_no_kw(I, "dtype", kw);
  DType *d = (DType *)argv[0].as.o;
  if (argc != 2) rt_raise(I, EXC_TypeError, "%s() takes exactly one argument (%d given)", np_names[d->dt], argc - 1);
  return v_obj(&tensor_from_value(I, argv[1], (int)d->dt, d->np ? TF_NP : TF_MS)->h);
}

/* numpy's scalar types: np.float32(x) is a scalar for a number, a numeric
 * string or a 0-d array, and an array for a list or an array; no argument
 * is zero. */
static Value np_scalar_new(Interp *I, msrt_dtype dt, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, np_names[dt], kw);
  if (argc > 1) rt_raise(I, EXC_TypeError, "function takes at most 1 argument (%d given)", argc);
  Value x = argc ? argv[0] : v_int(0);
  Value conv = v_undef();
  if (v_is(x, OBJ_STR) && dtype_is_complex(dt))
    rt_raise(I, EXC_ValueError, "msc: %s() of a string is not supported; write %s(complex(real, imag))",
             np_names[dt], np_names[dt]);
  if (v_is(x, OBJ_STR)) { /* np.float32('1.5'), np.int64('3'): Python's float()/int() parse */
    if (dt == MSRT_BOOL) x = v_bool(AS_STR(x)->len > 0);
    else x = conv = rt_call1(I, v_obj(&I->cls[dtype_is_float(dt) ? CLS_FLOAT : CLS_INT]->h), x);
  }
  if (x.tag == V_NONE && dtype_is_float(dt)) x = v_float(NAN); /* np.float32(None) is nan */
  if (!v_is(x, OBJ_TENSOR) && !is_num(x) && !is_seq(x) && dt != MSRT_BOOL &&
      !(is_cplx(x) && dtype_is_complex(dt))) /* numpy: int()'s / float()'s error */
    rt_raise(I, EXC_TypeError, dtype_is_float(dt) ? "float() argument must be a string or a real number, not '%s'"
                                                  : "int() argument must be a string, a bytes-like object or a "
                                                    "real number, not '%s'",
             rt_type_name(I, x));
  if (!v_is(x, OBJ_TENSOR) && !is_seq(x) && dt == MSRT_BOOL) x = v_bool(rt_truthy(I, x)); /* np.bool_(obj) */
  if (dt == MSRT_BOOL && is_num(x)) x = v_bool(rt_truthy(I, x));
  Tensor *t = tensor_from_value(I, x, (int)dt, TF_NP);
  v_decref(I, conv);
  t->npscalar = t->ndim == 0;
  return v_obj(&t->h);
}

#define NP_SCALAR_CTOR(D)                                                    \
  static Value np_new_##D(Interp *I, int argc, Value *argv, KwArgs *kw) {    \
    return np_scalar_new(I, MSRT_##D, argc, argv, kw);                      \
  }
NP_SCALAR_CTOR(BOOL)
NP_SCALAR_CTOR(INT8)
NP_SCALAR_CTOR(UINT8)
NP_SCALAR_CTOR(INT16)
NP_SCALAR_CTOR(INT32)
NP_SCALAR_CTOR(INT64)
NP_SCALAR_CTOR(FLOAT16)
NP_SCALAR_CTOR(FLOAT32)
NP_SCALAR_CTOR(FLOAT64)
NP_SCALAR_CTOR(UINT16)
NP_SCALAR_CTOR(UINT32)
NP_SCALAR_CTOR(UINT64)
NP_SCALAR_CTOR(COMPLEX64)
NP_SCALAR_CTOR(COMPLEX128)

static const NativeFn np_scalar_ctors[MSRT_NUM_DTYPES] = {
    [MSRT_BOOL] = np_new_BOOL, [MSRT_INT8] = np_new_INT8, [MSRT_UINT8] = np_new_UINT8,
    [MSRT_INT16] = np_new_INT16, [MSRT_INT32] = np_new_INT32, [MSRT_INT64] = np_new_INT64,
    [MSRT_FLOAT16] = np_new_FLOAT16, [MSRT_FLOAT32] = np_new_FLOAT32, [MSRT_FLOAT64] = np_new_FLOAT64,
    [MSRT_UINT16] = np_new_UINT16, [MSRT_UINT32] = np_new_UINT32, [MSRT_UINT64] = np_new_UINT64,
    [MSRT_COMPLEX64] = np_new_COMPLEX64, [MSRT_COMPLEX128] = np_new_COMPLEX128};

#define NP_ABSTRACT_CTOR(N)                                                          \
  static Value abstract_new_##N(Interp *I, int argc, Value *argv, KwArgs *kw) {      \
    (void)argc, (void)argv, (void)kw;                                                \
    rt_raise(I, EXC_TypeError, "cannot create 'numpy." #N "' instances");            \
  }
NP_ABSTRACT_CTOR(generic)
NP_ABSTRACT_CTOR(number)
NP_ABSTRACT_CTOR(integer)
NP_ABSTRACT_CTOR(signedinteger)
NP_ABSTRACT_CTOR(unsignedinteger)
NP_ABSTRACT_CTOR(inexact)
NP_ABSTRACT_CTOR(floating)

/* np.floating's is_integer/as_integer_ratio/conjugate/real/imag (np.float64
 * also derives from float, whose natives expect a Python float) */
NATIVE(s_is_integer) {
  args_no_kw(I, "is_integer", kw);
  double d = tensor_as_float(I, argv[0]);
  (void)argc;
  return v_bool(isfinite(d) && d == floor(d));
}
NATIVE(s_as_integer_ratio) {
  (void)argc;
  Value f = v_float(tensor_as_float(I, argv[0]));
  Str *nm = str_from_c(I, "as_integer_ratio");
  Value fn = class_lookup(I, I->cls[CLS_FLOAT], nm);
  obj_decref(I, &nm->h);
  return rt_call(I, fn, 1, &f, kw);
}
NATIVE(s_self) {
  (void)I, (void)argc, (void)kw;
  return v_incref(argv[0]);
}
NATIVE(s_imag) {
  (void)argc, (void)kw;
  Tensor *t = self_t(I, 1, argv, "imag");
  Tensor *r = tensor_new(I, t->dtype, 0, NULL, TF_NP);
  memset(r->data, 0, msrt_dtype_size(t->dtype));
  r->npscalar = true;
  return v_obj(&r->h);
}

/* numpy's ndarray.real / .imag / .conj() (and a complex scalar's): the
 * Real / Imag / Conj ops, which give a real array itself or zeros. */
static Value cx_part(Interp *I, OpId op, Value x) {
  Attrs a;
  attrs_init(&a);
  return prim_call(I, op, 1, &x, &a);
}
NATIVE(nd_real) {
  (void)kw;
  self_t(I, argc, argv, "real");
  return cx_part(I, OP_Real, argv[0]);
}
NATIVE(nd_imag) {
  (void)kw;
  self_t(I, argc, argv, "imag");
  return cx_part(I, OP_Imag, argv[0]);
}
NATIVE(nd_conj) {
  (void)kw;
  self_t(I, argc, argv, "conj");
  return cx_part(I, OP_Conj, argv[0]);
}

NATIVE(dt_type) { /* np.dtype('float32').type is np.float32 */
  (void)kw, (void)argc;
  DType *d = (DType *)argv[0].as.o;
  if (!d->np) rt_raise(I, EXC_AttributeError, "'mindspore.dtype' object has no attribute 'type'");
  return v_incref(v_obj(&np_scalar_class(I, d->dt)->h));
}

NATIVE(dt_name) {
  (void)kw;
  (void)argc;
  DType *d = (DType *)argv[0].as.o;
  return v_obj(&str_from_c(I, d->np ? np_names[d->dt] : msrt_dtype_name(d->dt))->h);
}

NATIVE(dt_itemsize) {
  (void)I;
  (void)kw;
  (void)argc;
  return v_int((int64_t)msrt_dtype_size(((DType *)argv[0].as.o)->dt));
}

NATIVE(dt_kind) {
  (void)kw;
  (void)argc;
  msrt_dtype dt = ((DType *)argv[0].as.o)->dt;
  const char *k = dt == MSRT_BOOL ? "b" : dtype_is_float(dt) ? "f"
                  : (dt == MSRT_UINT8 || dt == MSRT_UINT16 || dt == MSRT_UINT32 || dt == MSRT_UINT64) ? "u" : "i";
  return v_obj(&str_from_c(I, k)->h);
}

/* ---- class setup --------------------------------------------------------------- */

static Class *new_class(Interp *I, const char *name, const char *module, Class *base, NativeFn ctor, Obj **slot) {
  Class *c = class_new_builtin(I, name, OBJ_TENSOR, base, ctor);
  Str *m = str_from_c(I, module);
  class_add_value(I, c, "__module__", v_obj(&m->h));
  obj_decref(I, &m->h);
  *slot = &c->h;
  return c;
}

static void add_common(Interp *I, Class *c) {
  static const struct { const char *name; NativeFn fn; } props[] = {
      {"shape", p_shape}, {"dtype", p_dtype}, {"ndim", p_ndim}, {"size", p_size},
      {"itemsize", p_itemsize}, {"nbytes", p_nbytes}, {"T", p_T}};
  static const struct { const char *name; NativeFn fn; } meths[] = {
      {"asnumpy", m_asnumpy}, {"numpy", m_asnumpy}, {"copy", m_copy}, {"item", m_item},
      {"tolist", m_tolist}, {"reshape", m_reshape}, {"transpose", m_transpose}, {"astype", m_astype},
      {"sum", m_sum}, {"mean", m_mean}, {"prod", m_prod}, {"max", m_max}, {"min", m_min},
      {"all", m_all}, {"any", m_any}, {"argmax", m_argmax}, {"argmin", m_argmin},
      {"squeeze", m_squeeze}, {"expand_dims", m_expand_dims}, {"flatten", m_flatten}, {"ravel", m_flatten},
      {"__abs__", m_abs}, {"__round__", m_round}, {"__len__", m_len}, {"__getitem__", m_getitem},
      {"__setitem__", m_setitem}, {"__float__", m_float}, {"__int__", m_int}, {"__index__", m_index},
      {"__bool__", m_bool}, {"__format__", m_format}, {"dim", m_dim}, {"numel", m_numel},
      {"init_data", m_init_data}};
  for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) class_add_property(I, c, props[i].name, props[i].fn);
  for (size_t i = 0; i < sizeof meths / sizeof meths[0]; i++) class_add_native(I, c, meths[i].name, meths[i].fn);
}

/* numpy's abstract scalar classes (VRootSlots.np_abstract_class) */
enum { NPA_GENERIC, NPA_NUMBER, NPA_INTEGER, NPA_SIGNED, NPA_UNSIGNED, NPA_INEXACT, NPA_FLOATING, NPA_COUNT };

static Class *np_class(Interp *I, const char *name, Class *base, NativeFn ctor, Obj **slot) {
  Class *c = class_new_builtin(I, name, OBJ_TENSOR, base, ctor);
  Str *m = str_from_c(I, "numpy");
  class_add_value(I, c, "__module__", v_obj(&m->h));
  obj_decref(I, &m->h);
  *slot = &c->h;
  return c;
}

/* numpy's scalar types, as numpy 1.24 has them: generic > number >
 * integer > signedinteger (int8..int64) / unsignedinteger (uint8..uint64),
 * number > inexact > floating (float16..float64); bool_ derives from
 * generic; np.float64 also from float (isinstance(np.float64(1), float)).
 * generic has the ndarray's methods (x.item(), x.astype(), x.dtype, ...). */
static void np_scalar_classes_init(Interp *I) {
  VRootSlots *vr = VR(I);
  Obj **ab = vr->np_abstract_class;
  Class *gen = np_class(I, "generic", NULL, abstract_new_generic, &ab[NPA_GENERIC]);
  add_common(I, gen);
  class_add_native(I, gen, "__divmod__", m_divmod);
  class_add_native(I, gen, "__rdivmod__", m_rdivmod);
  Class *num = np_class(I, "number", gen, abstract_new_number, &ab[NPA_NUMBER]);
  Class *integ = np_class(I, "integer", num, abstract_new_integer, &ab[NPA_INTEGER]);
  Class *sint = np_class(I, "signedinteger", integ, abstract_new_signedinteger, &ab[NPA_SIGNED]);
  Class *uns = np_class(I, "unsignedinteger", integ, abstract_new_unsignedinteger, &ab[NPA_UNSIGNED]);
  Class *inex = np_class(I, "inexact", num, abstract_new_inexact, &ab[NPA_INEXACT]);
  Class *flt = np_class(I, "floating", inex, abstract_new_floating, &ab[NPA_FLOATING]);
  class_add_native(I, flt, "is_integer", s_is_integer);
  class_add_native(I, flt, "as_integer_ratio", s_as_integer_ratio);
  class_add_native(I, gen, "conjugate", s_self);
  class_add_property(I, gen, "real", s_self);
  class_add_property(I, gen, "imag", s_imag);
  for (int i = 0; i < MSRT_NUM_DTYPES; i++) {
    msrt_dtype dt = (msrt_dtype)i;
    Class *base = dt == MSRT_BOOL ? gen : dtype_is_float(dt) ? flt : dtype_is_complex(dt) ? inex
                  : (dt == MSRT_UINT8 || dt == MSRT_UINT16 || dt == MSRT_UINT32 || dt == MSRT_UINT64) ? uns : sint;
    Class *c = np_class(I, dt == MSRT_BOOL ? "bool_" : np_names[i], base, np_scalar_ctors[i],
                        &vr->np_scalar_class[i]);
    if (dtype_is_complex(dt)) {
      class_add_property(I, c, "real", nd_real);
      class_add_property(I, c, "imag", nd_imag);
      class_add_native(I, c, "conjugate", nd_conj);
      class_add_native(I, c, "conj", nd_conj);
    }
    if (dt == MSRT_FLOAT64) { /* bases (floating, float); float just before object in the MRO */
      Class *pyf = I->cls[CLS_FLOAT];
      Tuple *nb = (Tuple *)tuple_pack(I, 2, v_obj(&flt->h), v_obj(&pyf->h)).as.o;
      Tuple *nm = tuple_new(I, c->mro->len + 1);
      int64_t n = c->mro->len;
      for (int64_t k = 0; k < n - 1; k++) nm->items[k] = v_incref(c->mro->items[k]);
      nm->items[n - 1] = v_incref(v_obj(&pyf->h));
      nm->items[n] = v_incref(c->mro->items[n - 1]);
      obj_decref(I, &c->bases->h);
      obj_decref(I, &c->mro->h);
      c->bases = nb;
      c->mro = nm;
      gc_stored_late(I);
    }
  }
}

Value tensor_np_types(Interp *I) {
  static const char *const abstract[NPA_COUNT] = {"generic", "number", "integer", "signedinteger",
                                                  "unsignedinteger", "inexact", "floating"};
  tensor_init(I);
  Dict *d = dict_new(I);
  for (int i = 0; i < MSRT_NUM_DTYPES; i++) {
    Class *c = np_scalar_class(I, (msrt_dtype)i);
    dict_set_str(I, d, c->name, v_obj(&c->h));
  }
  for (int i = 0; i < NPA_COUNT; i++) {
    Str *k = str_from_c(I, abstract[i]);
    dict_set_str(I, d, k, v_obj(VR(I)->np_abstract_class[i]));
    obj_decref(I, &k->h);
  }
  return v_obj(&d->h);
}

void tensor_init(Interp *I) {
  VRootSlots *vr = VR(I);
  if (vr->tensor_class[TF_MS]) return;
  Class *t = new_class(I, "Tensor", "mindspore.common.tensor", NULL, tensor_ctor, &vr->tensor_class[TF_MS]);
  add_common(I, t);
  Class *p = new_class(I, "Parameter", "mindspore.common.parameter", t, param_ctor, &vr->tensor_class[TF_PARAM]);
  class_add_property(I, p, "name", p_name);
  class_add_property(I, p, "requires_grad", p_requires_grad);
  class_add_property(I, p, "data", p_data);
  class_add_native(I, p, "set_data", m_set_data);
  Class *n = new_class(I, "ndarray", "numpy", NULL, ndarray_ctor, &vr->tensor_class[TF_NP]);
  add_common(I, n);
  class_add_native(I, n, "__divmod__", m_divmod);
  class_add_property(I, n, "real", nd_real);
  class_add_property(I, n, "imag", nd_imag);
  class_add_native(I, n, "conj", nd_conj);
  class_add_native(I, n, "conjugate", nd_conj);
  class_add_native(I, n, "__rdivmod__", m_rdivmod);
  for (int np = 0; np < 2; np++) {
    Class *c = class_new_builtin(I, np ? "dtype" : "Type", OBJ_DTYPE, NULL, NULL);
    Str *m = str_from_c(I, np ? "numpy" : "mindspore.common.dtype");
    class_add_value(I, c, "__module__", v_obj(&m->h));
    obj_decref(I, &m->h);
    class_add_native(I, c, "__call__", dt_call);
    class_add_property(I, c, "name", dt_name);
    class_add_property(I, c, "itemsize", dt_itemsize);
    class_add_property(I, c, "kind", dt_kind);
    if (np) class_add_property(I, c, "type", dt_type);
    vr->dtype_class[np] = &c->h;
  }
  np_scalar_classes_init(I);
}
