/* prim.c — prim_call, the single dispatch point of every tensor operation
 * (operators, Tensor methods, _msc.prim), and the decoding of Python
 * attribute values into Attrs (attrs_set). The per-op rules themselves
 * (inference and kernels) live in ir/rules.c and know nothing of the
 * interpreter; this file turns their errors (OpErr) into exceptions.
 *
 * prim_call(op, inputs, attrs):
 *   1. inputs that are not tensors become tensors: Python numbers are 0-d
 *      "weak" operands (they take part in promotion by kind, as MindSpore's
 *      and numpy's scalar rules say), nested lists become tensors with the
 *      defaults of the call's flavour;
 *   2. the flavour: numpy semantics when every tensor input is an ndarray
 *      (result: an ndarray), else MindSpore's (result: a Tensor, also for
 *      Parameter inputs);
 *   3. op_infer computes the output type and the dtype each input is
 *      converted to (implicit promotion; the rules are in ir/rules.c);
 *   4. inputs are cast, the output is allocated, op_kernel runs.
 * Temporaries live in a root-registered scratch list while the op runs, so
 * an error unwinding out of a rule strands nothing the leak check counts.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "tensor.h"
#include "valpriv.h"

#define OPN(op) (op_info[op].name)

/* The exception an OpErr names. */
static ExcKind exc_of(OpErrKind k) {
  switch (k) {
  case OPE_TypeError: return EXC_TypeError;
  case OPE_ValueError: return EXC_ValueError;
  case OPE_IndexError: return EXC_IndexError;
  case OPE_ZeroDivisionError: return EXC_ZeroDivisionError;
  case OPE_MemoryError: return EXC_MemoryError;
  case OPE_NotImplementedError: return EXC_NotImplementedError;
  default: return EXC_RuntimeError;
  }
}

_Noreturn void prim_raise(Interp *I, const OpErr *err) {
  if (err->kind == OPE_MemoryError) rt_raise(I, EXC_MemoryError, "%s", err->msg);
  rt_raise_op(I, exc_of(err->kind), "%s", err->msg);
}

/* A kernel's view of t. */
static OpTensor opt_view(const Tensor *t) {
  OpTensor o;
  o.dtype = t->dtype;
  o.ndim = t->ndim;
  memcpy(o.shape, t->shape, sizeof o.shape);
  o.size = t->size;
  o.data = t->data;
  return o;
}

/* ---- attributes ------------------------------------------------------------ */

static bool attr_accepted(OpId op, const char *name) {
  const char *s = op_info[op].attrs;
  size_t n = strlen(name);
  while (*s) {
    const char *e = strchr(s, ',');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    if (len == n && memcmp(s, name, n) == 0) return true;
    if (!e) break;
    s = e + 1;
  }
  return false;
}

static int64_t attr_int(Interp *I, OpId op, const char *name, Value v) {
  if (v.tag == V_INT || v.tag == V_BOOL) return num_i(v);
  if (v_is(v, OBJ_TENSOR) && AS_TENSOR(v)->size == 1 && !dtype_is_float(AS_TENSOR(v)->dtype))
    return tensor_get_i64(AS_TENSOR(v), 0);
  rt_raise_op(I, EXC_TypeError, "%s: '%s' must be an int, not %s", OPN(op), name, rt_type_name(I, v));
}

static double attr_num(Interp *I, OpId op, const char *name, Value v, bool *is_int, int64_t *iv) {
  if (v.tag == V_INT || v.tag == V_BOOL) {
    *iv = num_i(v);
    return (double)*iv;
  }
  if (v.tag == V_FLOAT) {
    *is_int = false;
    return v.as.f;
  }
  if (v_is(v, OBJ_TENSOR) && AS_TENSOR(v)->size == 1) {
    Tensor *t = AS_TENSOR(v);
    if (dtype_is_float(t->dtype)) *is_int = false;
    *iv = tensor_get_i64(t, 0);
    return tensor_get_f64(t, 0);
  }
  rt_raise_op(I, EXC_TypeError, "%s: '%s' must be a number, not %s", OPN(op), name, rt_type_name(I, v));
}

/* A tuple/list (or one int) of ints into out; returns the count. */
static int attr_ints(Interp *I, OpId op, const char *name, Value v, int64_t *out, bool allow_none_dim,
                     bool *is_tuple) {
  *is_tuple = false;
  if (!v_is(v, OBJ_TUPLE) && !v_is(v, OBJ_LIST)) {
    out[0] = attr_int(I, op, name, v);
    return 1;
  }
  *is_tuple = true;
  int64_t n = v_is(v, OBJ_TUPLE) ? AS_TUPLE(v)->len : AS_LIST(v)->len;
  Value *items = v_is(v, OBJ_TUPLE) ? AS_TUPLE(v)->items : AS_LIST(v)->items;
  if (n > MSRT_MAX_NDIM)
    rt_raise_op(I, EXC_ValueError, "%s: '%s' has %lld entries; at most %d dimensions are supported", OPN(op),
                name, (long long)n, MSRT_MAX_NDIM);
  for (int64_t i = 0; i < n; i++) {
    if (items[i].tag == V_NONE && allow_none_dim)
      rt_raise(I, EXC_TypeError, "dynamic shapes are not supported yet (a None dimension in %s)", name);
    out[i] = attr_int(I, op, name, items[i]);
  }
  return (int)n;
}

void attrs_set(Interp *I, OpId op, Attrs *a, const char *name, Value v) {
  if (strcmp(name, "keepdims") == 0) name = "keep_dims";
  if (!attr_accepted(op, name))
    rt_raise_op(I, EXC_TypeError, "%s: unexpected attribute '%s'", OPN(op), name);
  bool tup;
  if (strcmp(name, "axis") == 0 || strcmp(name, "perm") == 0) {
    a->has_axis = v.tag != V_NONE;
    if (a->has_axis) {
      a->naxis = attr_ints(I, op, name, v, a->axis, false, &tup);
      a->axis_tuple = tup;
    }
  } else if (strcmp(name, "keep_dims") == 0) {
    a->keep_dims = rt_truthy(I, v);
  } else if (strcmp(name, "transpose_a") == 0) {
    a->transpose_a = rt_truthy(I, v);
  } else if (strcmp(name, "transpose_b") == 0) {
    a->transpose_b = rt_truthy(I, v);
  } else if (strcmp(name, "shape") == 0) {
    a->has_shape = true;
    a->nshape = attr_ints(I, op, name, v, a->shape, true, &tup);
  } else if (strcmp(name, "dtype") == 0 || strcmp(name, "output_type") == 0) {
    a->dtype = dtype_from_value(I, v, name);
  } else if (strcmp(name, "value") == 0) {
    a->value_is_int = true;
    a->value = attr_num(I, op, name, v, &a->value_is_int, &a->ivalue);
    if (v.tag == V_BOOL || (v_is(v, OBJ_TENSOR) && AS_TENSOR(v)->dtype == MSRT_BOOL)) a->value_is_int = true;
  } else if (strcmp(name, "start") == 0 || strcmp(name, "limit") == 0 || strcmp(name, "stop") == 0 ||
             strcmp(name, "delta") == 0) {
    bool isint = true;
    int64_t iv = 0;
    double d = attr_num(I, op, name, v, &isint, &iv);
    if (!isint) a->value_is_int = false;
    if (name[0] == 's' && name[2] == 'a') { a->start = d; a->istart = iv; }
    else if (name[0] == 'd') { a->delta = d; a->idelta = iv; }
    else { a->limit = d; a->ilimit = iv; }
  } else if (strcmp(name, "num") == 0) {
    a->num = attr_int(I, op, name, v);
  } else if (strcmp(name, "begin") == 0 || strcmp(name, "end") == 0 || strcmp(name, "strides") == 0) {
    int64_t *dst = name[0] == 'b' ? a->begin : name[0] == 'e' ? a->end : a->strides;
    int n = attr_ints(I, op, name, v, dst, false, &tup);
    a->has_slice = true;
    if (n > a->nslice) a->nslice = n;
  } else if (strcmp(name, "shrink_axis_mask") == 0) {
    a->shrink_mask = (uint32_t)attr_int(I, op, name, v);
  } else if (strcmp(name, "new_axis") == 0) {
    a->nnew = attr_ints(I, op, name, v, a->new_axis, false, &tup);
  } else if (strcmp(name, "multiples") == 0) {
    a->nmultiples = attr_ints(I, op, name, v, a->multiples, false, &tup);
  } else if (strcmp(name, "depth") == 0) {
    a->depth = attr_int(I, op, name, v);
  } else if (strcmp(name, "select") == 0) {
    a->select = attr_int(I, op, name, v);
  } else if (strcmp(name, "on_value") == 0 || strcmp(name, "off_value") == 0) {
    bool isint = true;
    int64_t iv = 0;
    *(name[1] == 'n' ? &a->on_value : &a->off_value) = attr_num(I, op, name, v, &isint, &iv);
  } else if (strcmp(name, "exclusive") == 0) {
    a->exclusive = rt_truthy(I, v);
  } else if (strcmp(name, "reverse") == 0) {
    a->reverse = rt_truthy(I, v);
  } else if (strcmp(name, "descending") == 0) {
    a->descending = rt_truthy(I, v);
  } else if (strcmp(name, "ceil_mode") == 0) {
    a->ceil_mode = rt_truthy(I, v);
  } else if (strcmp(name, "count_include_pad") == 0) {
    a->count_include_pad = rt_truthy(I, v);
  } else if (strcmp(name, "kernel_size") == 0 || strcmp(name, "stride") == 0 || strcmp(name, "dilation") == 0) {
    /* an int (both dims) or an (h, w) pair */
    int64_t t[MSRT_MAX_NDIM];
    int n = attr_ints(I, op, name, v, t, false, &tup);
    if (n != 1 && n != 2)
      rt_raise_op(I, EXC_ValueError, "%s: '%s' must be an int or a tuple of 2 ints, got %d values", OPN(op), name, n);
    int64_t *dst = name[0] == 'k' ? a->ksize : name[0] == 's' ? a->stride : a->dilation;
    dst[0] = t[0];
    dst[1] = n == 2 ? t[1] : t[0];
    if (name[0] == 's') a->has_stride = true;
  } else if (strcmp(name, "pad") == 0) {
    /* an int (all sides), (h, w), or (top, bottom, left, right) */
    int64_t t[MSRT_MAX_NDIM];
    int n = attr_ints(I, op, name, v, t, false, &tup);
    if (n == 1) a->pad[0] = a->pad[1] = a->pad[2] = a->pad[3] = t[0];
    else if (n == 2) { a->pad[0] = a->pad[1] = t[0]; a->pad[2] = a->pad[3] = t[1]; }
    else if (n == 4) memcpy(a->pad, t, sizeof a->pad);
    else rt_raise_op(I, EXC_ValueError, "%s: 'pad' must be an int or a tuple of 2 or 4 ints, got %d values", OPN(op), n);
  } else if (strcmp(name, "group") == 0) {
    a->group = attr_int(I, op, name, v);
  } else if (strcmp(name, "epsilon") == 0) {
    bool isint = true;
    int64_t iv = 0;
    a->epsilon = attr_num(I, op, name, v, &isint, &iv);
    a->has_epsilon = true;
  } else if (strcmp(name, "begin_norm_axis") == 0) {
    a->begin_norm_axis = attr_int(I, op, name, v);
  } else if (strcmp(name, "begin_params_axis") == 0) {
    a->begin_params_axis = attr_int(I, op, name, v);
  } else if (strcmp(name, "input_shape") == 0) {
    a->ninput_shape = attr_ints(I, op, name, v, a->input_shape, true, &tup);
  } else if (strcmp(name, "filter_shape") == 0) {
    a->nfilter_shape = attr_ints(I, op, name, v, a->filter_shape, true, &tup);
  } else if (strcmp(name, "scale") == 0) {
    bool isint = true;
    int64_t iv = 0;
    a->qscale = attr_num(I, op, name, v, &isint, &iv);
  } else if (strcmp(name, "zero_point") == 0) {
    a->zero_point = attr_int(I, op, name, v);
  } else if (strcmp(name, "x_zero_point") == 0) {
    a->x_zero_point = attr_int(I, op, name, v);
  } else if (strcmp(name, "out_zero_point") == 0) {
    a->out_zero_point = attr_int(I, op, name, v);
  } else if (strcmp(name, "act_min") == 0) {
    a->act_min = attr_int(I, op, name, v);
  } else if (strcmp(name, "act_max") == 0) {
    a->act_max = attr_int(I, op, name, v);
  }
}

/* ---- prim_call -------------------------------------------------------------- */

/* Temporaries of the running call, owned by a List that is one of the
 * interpreter's roots: if a rule raises, they stay referenced (not counted
 * as leaks) until the interpreter frees everything. */
static List *scratch(Interp *I) {
  Obj **slot = &VR(I)->prim_scratch;
  if (!*slot) *slot = &list_new(I, 8)->h;
  return (List *)*slot;
}

static Tensor *keep(Interp *I, Tensor *t) { /* takes the reference */
  list_append(I, scratch(I), v_obj(&t->h));
  obj_decref(I, &t->h);
  return t;
}

static void scratch_pop(Interp *I, int64_t base) {
  List *l = scratch(I);
  while (l->len > base) {
    Value v = l->items[--l->len];
    v_decref(I, v);
  }
}

/* Python's slice semantics for StridedSlice attributes given from Python
 * (begin/end/strides per leading dim; missing dims are taken whole). */
static void slice_normalise(Interp *I, OpId op, Attrs *a, const Tensor *x) {
  int n = a->nslice;
  if (n > x->ndim) rt_raise_op(I, EXC_ValueError, "%s: %d slice entries for %d dimensions", OPN(op), n, x->ndim);
  for (int d = 0; d < x->ndim; d++) {
    int64_t len = x->shape[d];
    if (d >= n) {
      a->begin[d] = 0;
      a->end[d] = len;
      a->strides[d] = 1;
      continue;
    }
    int64_t step = a->strides[d] ? a->strides[d] : 1; /* strides not given: 1 */
    if (a->shrink_mask & (1u << d)) {
      int64_t i = a->begin[d] < 0 ? a->begin[d] + len : a->begin[d];
      if (i < 0 || i >= len)
        rt_raise_op(I, EXC_IndexError, "%s: index %lld is out of bounds for axis %d with size %lld", OPN(op),
                    (long long)a->begin[d], d, (long long)len);
      a->begin[d] = i;
      a->end[d] = i + 1;
      a->strides[d] = 1;
      continue;
    }
    int64_t lo = step < 0 ? -1 : 0, hi = step < 0 ? len - 1 : len;
    int64_t b = a->begin[d], e = a->end[d];
    b = b < 0 ? (b + len < lo ? lo : b + len) : (b > hi ? hi : b);
    e = e < 0 ? (e + len < lo ? lo : e + len) : (e > hi ? hi : e);
    a->begin[d] = b;
    a->end[d] = e;
    a->strides[d] = step;
  }
  a->nslice = x->ndim;
  a->slice_normalised = true;
}

static TFlavour flavour_of(const Attrs *a) { return a->np ? TF_NP : TF_MS; }

/* Is a 0-d numpy result a numpy scalar? numpy's ufuncs (elementwise ops,
 * comparisons), reductions and products return scalars; a scalar's own
 * methods (x.astype, x.reshape(())) keep it one; other functions (where,
 * reshape of an array, ...) return 0-d arrays. */
static bool np_scalar_result(OpId op, int nin, const Value *in) {
  switch (op_info[op].group) {
  case OPG_BINARY: case OPG_DIV: case OPG_BITWISE: case OPG_COMPARE:
  case OPG_UNARY: case OPG_UNARY_F: case OPG_UNARY_B: case OPG_REDUCE:
    return true;
  default: break;
  }
  if (op == OP_MatMul || op == OP_MatMulExt || op == OP_Gather || op == OP_Identity) return true;
  return nin == 1 && v_is(in[0], OBJ_TENSOR) && AS_TENSOR(in[0])->npscalar;
}

/* Zeroed memory that lives until the scratch list is popped (a bare Str
 * block: freeing it needs nothing). */
static void *scratch_mem(Interp *I, size_t n) {
  Str *s = (Str *)obj_alloc(I, OBJ_STR, sizeof(Str) + n + 8);
  list_append(I, scratch(I), v_obj(&s->h));
  obj_decref(I, &s->h);
  return (void *)(((uintptr_t)s->data + 7) & ~(uintptr_t)7);
}

Value prim_call(Interp *I, OpId op, int nin, Value *in, const Attrs *attrs) {
  const OpInfo *oi = &op_info[op];
  if (oi->nin >= 0 && nin != oi->nin)
    rt_raise_op(I, EXC_TypeError, "%s: takes %d input%s, got %d", oi->name, oi->nin, oi->nin == 1 ? "" : "s", nin);
  Attrs a = *attrs;
  int ntensor = 0, nnp = 0, npynum = 0;
  for (int i = 0; i < nin; i++)
    if (v_is(in[i], OBJ_TENSOR)) {
      if (AS_TENSOR(in[i])->pynum) { /* a Python number computed by JIT Fallback: not a tensor */
        npynum++;
        continue;
      }
      ntensor++;
      nnp += AS_TENSOR(in[i])->flavour == TF_NP;
    }
  if (ntensor) a.np = nnp == ntensor;
  TFlavour fl = flavour_of(&a);

  int64_t base = scratch(I)->len;
  Tensor *stack_t[8];
  TType stack_ty[8];
  msrt_dtype stack_c[8];
  Tensor **t = stack_t;
  TType *ty = stack_ty;
  msrt_dtype *cast = stack_c;
  if (nin > 8) {
    t = scratch_mem(I, sizeof(Tensor *) * (size_t)nin);
    ty = scratch_mem(I, sizeof(TType) * (size_t)nin);
    cast = scratch_mem(I, sizeof(msrt_dtype) * (size_t)nin);
  }
  for (int i = 0; i < nin; i++) {
    Value v = in[i];
    memset(&ty[i], 0, sizeof ty[i]);
    if (v_is(v, OBJ_TENSOR)) {
      t[i] = AS_TENSOR(v);
      ty[i].weak = t[i]->pynum;
    } else if (is_num(v) || is_cplx(v)) {
      t[i] = keep(I, tensor_from_value(I, v, -1, fl));
      ty[i].weak = true;
    } else if (v_is(v, OBJ_LIST) || v_is(v, OBJ_TUPLE)) {
      t[i] = keep(I, tensor_from_value(I, v, -1, fl));
    } else {
      scratch_pop(I, base);
      rt_raise_op(I, EXC_TypeError, "%s: unsupported input type '%s'", oi->name, rt_type_name(I, v));
    }
  }
  if (op == OP_StridedSlice && a.has_slice && !a.slice_normalised) slice_normalise(I, op, &a, t[0]);
  for (int i = 0; i < nin; i++) {
    ty[i].dt = t[i]->dtype;
    ty[i].ndim = t[i]->ndim;
    memcpy(ty[i].shape, t[i]->shape, sizeof(int64_t) * (size_t)t[i]->ndim);
    if ((ty[i].weak || (a.np && t[i]->ndim == 0)) && t[i]->data) { /* a graph value has none: by dtype */
      ty[i].valued = true;
      ty[i].val = tensor_get_f64(t[i], 0);
      ty[i].ival = tensor_get_i64(t[i], 0);
    }
    cast[i] = t[i]->dtype;
  }
  TType out;
  OpErr err;
  if (!op_infer(op, nin, ty, &a, &out, cast, &err)) {
    scratch_pop(I, base);
    prim_raise(I, &err);
  }
  bool pynum = npynum && !ntensor; /* Python numbers only: the result is one too (Python's int and float) */
  if (pynum && out.ndim == 0 && out.dt != MSRT_BOOL) {
    msrt_dtype w = dtype_is_float(out.dt) ? MSRT_FLOAT64 : MSRT_INT64;
    out.dt = w;
    for (int i = 0; i < nin; i++) cast[i] = w;
  } else if (pynum && out.ndim == 0) {
    for (int i = 0; i < nin; i++)
      if (cast[i] != MSRT_BOOL) cast[i] = dtype_is_float(cast[i]) ? MSRT_FLOAT64 : MSRT_INT64;
  } else {
    pynum = false;
  }
  if (graph_should_stage(I, nin, in)) { /* ast capture: a graph node, not a kernel run */
    Tensor *o = keep(I, graph_stage(I, op, nin, t, cast, &a, &out, in));
    o->pynum = pynum;
    if (fl == TF_NP) o->flavour = TF_NP; /* numpy on graph values gives numpy's arrays, as eagerly */
    o->npscalar = fl == TF_NP && o->ndim == 0 && np_scalar_result(op, nin, in);
    obj_incref(&o->h);
    scratch_pop(I, base);
    return v_obj(&o->h);
  }
  Tensor *stack_t0[8], **t0 = NULL;
  if (graph_tracing(I)) { /* trace capture: record the inputs before conversion */
    t0 = nin > 8 ? scratch_mem(I, sizeof(Tensor *) * (size_t)nin) : stack_t0;
    memcpy(t0, t, sizeof(Tensor *) * (size_t)nin);
  }
  for (int i = 0; i < nin; i++) {
    if (cast[i] != t[i]->dtype) {
      tensor_need_data(I, t[i], OPN(op));
      t[i] = keep(I, tensor_cast(I, t[i], cast[i], fl));
    } else if (!t[i]->data) {
      tensor_need_data(I, t[i], OPN(op));
    }
  }
  Tensor *o = keep(I, tensor_new(I, out.dt, out.ndim, out.shape, fl));
  OpTensor ov = opt_view(o), sv[8], *kv = nin > 8 ? scratch_mem(I, sizeof(OpTensor) * (size_t)nin) : sv;
  OpTensor *kp8[8], **kp = nin > 8 ? scratch_mem(I, sizeof(OpTensor *) * (size_t)nin) : kp8;
  for (int i = 0; i < nin; i++) {
    kv[i] = opt_view(t[i]);
    kp[i] = &kv[i];
  }
  if (!op_kernel(op, nin, kp, &a, &ov, &I->op_ws, &err)) {
    scratch_pop(I, base);
    prim_raise(I, &err);
  }
  if (t0) graph_record(I, op, nin, t0, cast, &a, o);
  o->npscalar = fl == TF_NP && o->ndim == 0 && np_scalar_result(op, nin, in);
  obj_incref(&o->h);
  scratch_pop(I, base);
  return v_obj(&o->h);
}
