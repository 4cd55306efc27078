/* mod_msc.c — the `_msc` built-in module: the tensor core's contract with
 * lib/ (mindspore/ and numpy/ are Python on top of it).
 *
 * Classes
 *   _msc.Tensor     mindspore.Tensor. Tensor(input_data=None, dtype=None,
 *                   shape=None): from a Tensor/ndarray (keeps its dtype),
 *                   number or nested list/tuple (MindSpore defaults:
 *                   float -> Float32, int -> Int64, bool -> Bool); dtype=
 *                   casts; input_data=None with shape and dtype -> zeros
 *                   (a None dim, as Cell.set_inputs declares dynamic
 *                   shapes, gives a placeholder with 0 in that dim).
 *   _msc.Parameter  subclass of Tensor. Parameter(default_input, name=None,
 *                   requires_grad=True): copies default_input (Tensor,
 *                   ndarray, number, list). Settable .name (str) and
 *                   .requires_grad; .set_data(t) (cast to the Parameter's
 *                   dtype; the shape may change); .data is itself;
 *                   str/repr "Parameter (name=w, shape=(5, 3),
 *                   dtype=Float32, requires_grad=True)". Arithmetic on
 *                   Parameters gives plain Tensors.
 *   _msc.ndarray    numpy.ndarray (not constructible: use _msc.array).
 *   Shared methods/properties (C natives): shape, dtype, ndim, size,
 *   itemsize, nbytes, T, asnumpy()/numpy(), copy(), item(), tolist(),
 *   reshape(*shape | shape), transpose(*axes | axes), astype(dtype),
 *   sum/mean/prod(axis, dtype, [out,] keepdims), max/min/all/any/argmax/
 *   argmin(axis, [out,] keepdims) (numpy has `out`, MindSpore not;
 *   keep_dims= also accepted), squeeze(axis=None), expand_dims(axis),
 *   flatten()/ravel() (MindSpore's start_dim/end_dim too), dim(), numel(),
 *   init_data(); operators + - * / // % ** @ & | ^ (and reflected, with
 *   Python numbers and lists), unary - + ~, abs(), comparisons
 *   (elementwise bool tensors), len(), iteration over the first axis,
 *   bool() (size 1 only), float()/int()/operator.index(), round(),
 *   f-string formats of size-1 tensors, basic indexing and item/slice
 *   assignment. Arbitrary attributes may be set on Tensors/Parameters
 *   (not on ndarrays).
 *
 * Functions
 *   _msc.array(obj, dtype=None, flavour="np")   nested lists/tuples/numbers/
 *       tensors -> a new tensor (always a copy); flavour "np" (numpy
 *       defaults: float64/int64/bool; list of arrays: their promoted dtype)
 *       or "ms" (MindSpore defaults) or "param".
 *   _msc.dtype(name, flavour)   the dtype object ("float32", "int64",
 *       "bool", "Float32"...; flavour "ms" prints Float32, "np" prints
 *       float32 and reprs dtype('float32')). One object per (dtype,
 *       flavour): compare with ==/is. numpy dtype objects are callable:
 *       np.float32(3) -> a numpy scalar (0-d ndarray), np.float32([1, 2])
 *       -> an array. np dtype == "float32" is True. Properties: name,
 *       itemsize, kind.
 *   _msc.prim(name, *inputs, flavour=None, **attrs)   runs the primitive
 *       `name` (ir/ops.def) through prim_call. The first `nin` positional
 *       arguments are the inputs (variadic ops: every positional, or one
 *       list/tuple); further positional arguments are the op's attributes
 *       in ops.def order; keywords are attributes (keepdims = keep_dims).
 *       Result flavour: np if every tensor input is an ndarray, else ms;
 *       ops with no tensor input (Fill, Ones, Zeros, Range, LinSpace) use
 *       flavour= ("ms" default).
 *   _msc.fill(shape, value, dtype, flavour)   dtype None: from value
 *       (int -> int64, float -> float32 (ms) / float64 (np), bool -> bool).
 *   _msc.arange(start, stop, step, dtype, flavour)   numpy's arange (ints
 *       -> int64; the caller handles stop=None and step=0).
 *   _msc.linspace(start, stop, num, dtype, flavour)   numpy's linspace with
 *       endpoint=True.
 *   numpy's legacy RandomState (numpy 1.24, bit-exact; the algorithms are
 *   described at "numpy's legacy RandomState" below). Every random native
 *   takes an optional last argument `state`: None/absent = the global
 *   stream (np.random.*, MindSpore's initialisers), else a state made by
 *   _msc.rng_new() (an np.random.RandomState object's own stream).
 *   _msc.rng_new()   a new, unseeded stream state (a uint32 ndarray).
 *   _msc.seed(n, state=None)   init_genrand(n), 0 <= n < 2**32; resets the
 *       cached Gaussian. Unseeded streams seed from the clock at first use.
 *   _msc.randn(shape, state) / rand(shape, state) / uniform(low, high,
 *       shape, state) / normal(loc, scale, shape, state)   float64 ndarrays:
 *       53-bit doubles (a>>5)*2^26+(b>>6); polar Box-Muller gauss with its
 *       cached second value.
 *   _msc.randint(low, high, shape, dtype=int64, state)   [low, high),
 *       masked rejection sampling (32-bit draws when the range fits in 32
 *       bits, else 64-bit; int8/int16/bool from a buffered 32-bit draw).
 *   _msc.random_interval(max, state)   numpy's random_interval: [0, max].
 *   _msc.shuffle(arr, state)   legacy in-place shuffle along axis 0.
 *   _msc.choice_p(p, atol, shape, replace, state)   the indices of legacy
 *       choice with probabilities p (float64 1-d): validation with numpy's
 *       messages, cdf + random_sample + searchsorted(side='right'), and the
 *       redraw loop of replace=False.
 *   _msc.take_rows(a, idx)   a[idx] for an integer index array on axis 0.
 *   _msc.nonzero(a)   numpy's a.nonzero(): a tuple of int64 index arrays.
 *   _msc.npy_save / npy_load / npz_load / npz_save / file_kind   .npy and
 *       .npz files (eval/npyio.c).
 *   _msc.ckpt_save / ckpt_load / mindir_export / mindir_load / mindir_run
 *       MindSpore's .ckpt and .mindir files (eval/serial_native.c, serial/).
 *   _msc.is_tensor(x)   True for Tensor, Parameter and ndarray.
 *   _msc.flavour(x)   "ms", "param", "np", or None for non-tensors.
 *   _msc.ops()   tuple of the names in ir/ops.def (for tests).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "graph.h"
#include "tensor.h"
#include "valpriv.h"

#define NATIVE(fn) static Value fn(Interp *I, int argc, Value *argv, KwArgs *kw)

static TFlavour parse_flavour(Interp *I, Value v, const char *fname) {
  if (v.tag == V_UNDEF || v.tag == V_NONE) return TF_NP;
  if (!v_is(v, OBJ_STR)) rt_raise(I, EXC_TypeError, "%s: flavour must be 'np' or 'ms'", fname);
  const char *s = AS_STR(v)->data;
  if (strcmp(s, "np") == 0) return TF_NP;
  if (strcmp(s, "ms") == 0) return TF_MS;
  if (strcmp(s, "param") == 0) return TF_PARAM;
  rt_raise(I, EXC_ValueError, "%s: unknown flavour '%s' (expected 'np' or 'ms')", fname, s);
}

NATIVE(f_array) {
  static const char *const names[] = {"obj", "dtype", "flavour"};
  Value v[3];
  args_bind(I, "array", argc, argv, kw, 1, 3, names, v);
  TFlavour fl = parse_flavour(I, v[2], "array");
  int dt = dtype_from_value(I, v[1], "array");
  Value x = v[0];
  if (!v_is(x, OBJ_TENSOR) && !is_num(x) && !is_cplx(x) && !v_is(x, OBJ_LIST) && !v_is(x, OBJ_TUPLE))
    rt_raise(I, EXC_TypeError, "array: cannot convert a '%s' to an array", rt_type_name(I, x));
  return v_obj(&tensor_from_value(I, x, dt, fl)->h);
}

NATIVE(f_dtype) {
  static const char *const names[] = {"name", "flavour"};
  Value v[2];
  args_bind(I, "dtype", argc, argv, kw, 1, 2, names, v);
  TFlavour fl = parse_flavour(I, v[1], "dtype");
  int dt = dtype_from_value(I, v[0], "dtype");
  if (dt < 0) dt = MSRT_FLOAT64;
  return v_incref(dtype_value(I, (msrt_dtype)dt, fl == TF_NP));
}

NATIVE(f_is_tensor) {
  args_no_kw(I, "is_tensor", kw);
  args_count(I, "is_tensor", argc, 1, 1);
  return v_bool(v_is(argv[0], OBJ_TENSOR));
}

NATIVE(f_flavour) {
  args_no_kw(I, "flavour", kw);
  args_count(I, "flavour", argc, 1, 1);
  if (!v_is(argv[0], OBJ_TENSOR)) return v_none();
  static const char *const names[] = {"ms", "param", "np"};
  return v_obj(&str_from_c(I, names[AS_TENSOR(argv[0])->flavour])->h);
}

NATIVE(f_np_types) {
  (void)argv;
  args_no_kw(I, "np_types", kw);
  args_count(I, "np_types", argc, 0, 0);
  return tensor_np_types(I);
}

NATIVE(f_ops) {
  (void)argv;
  args_no_kw(I, "ops", kw);
  args_count(I, "ops", argc, 0, 0);
  Tuple *t = tuple_new(I, OP_COUNT);
  for (int i = 0; i < OP_COUNT; i++) t->items[i] = v_obj(&str_from_c(I, op_info[i].name)->h);
  return v_obj(&t->h);
}

/* ---- prim ------------------------------------------------------------------- */

static OpId lookup_op(Interp *I, Value name) {
  if (!v_is(name, OBJ_STR))
    rt_raise(I, EXC_TypeError, "prim: the op name must be a str, not %s", rt_type_name(I, name));
  /* op name -> OpId, keyed by the interned name string */
  Obj **slot = &VR(I)->op_cache;
  if (!*slot) *slot = &dict_new(I)->h;
  Dict *d = (Dict *)*slot;
  Value hit = dict_get(I, d, name);
  if (hit.tag == V_INT) return (OpId)hit.as.i;
  int op = op_lookup(AS_STR(name)->data);
  if (op < 0) rt_raise(I, EXC_ValueError, "prim: unknown primitive '%s'", AS_STR(name)->data);
  dict_set(I, d, name, v_int(op));
  return (OpId)op;
}

/* The i-th attribute name of op (ops.def order) into buf. */
static bool nth_attr(OpId op, int i, char *buf, size_t cap) {
  const char *s = op_info[op].attrs;
  for (int k = 0; *s; k++) {
    const char *e = strchr(s, ',');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    if (k == i) {
      if (len >= cap) len = cap - 1;
      memcpy(buf, s, len);
      buf[len] = 0;
      return true;
    }
    if (!e) break;
    s = e + 1;
  }
  return false;
}

NATIVE(f_prim) {
  if (argc < 1) rt_raise(I, EXC_TypeError, "prim() missing required argument 'name'");
  OpId op = lookup_op(I, argv[0]);
  const OpInfo *oi = &op_info[op];
  Attrs a;
  attrs_init(&a);
  for (int k = 0; kw && k < kw->n; k++) {
    const char *kn = kw->names[k]->data;
    if (strcmp(kn, "flavour") == 0) {
      a.np = kw->vals[k].tag != V_NONE && parse_flavour(I, kw->vals[k], oi->name) == TF_NP;
      continue;
    }
    attrs_set(I, op, &a, kn, kw->vals[k]);
  }
  Value *in = argv + 1;
  int nin = argc - 1;
  if (oi->nin < 0) {
    if (nin == 1 && (v_is(in[0], OBJ_LIST) || v_is(in[0], OBJ_TUPLE))) {
      Value seq = in[0];
      int64_t n = v_is(seq, OBJ_LIST) ? AS_LIST(seq)->len : AS_TUPLE(seq)->len;
      Value *items = v_is(seq, OBJ_LIST) ? AS_LIST(seq)->items : AS_TUPLE(seq)->items;
      /* the list may be mutated by nothing here: prim_call does not run Python code */
      return prim_call(I, op, (int)n, items, &a);
    }
    return prim_call(I, op, nin, in, &a);
  }
  if (nin < oi->nin)
    rt_raise_op(I, EXC_TypeError, "%s: takes %d input%s, got %d", oi->name, oi->nin, oi->nin == 1 ? "" : "s", nin);
  for (int i = oi->nin; i < nin; i++) {
    char name[32];
    if (!nth_attr(op, i - oi->nin, name, sizeof name))
      rt_raise_op(I, EXC_TypeError, "%s: takes %d input%s and %d attribute(s), got %d arguments", oi->name, oi->nin,
                  oi->nin == 1 ? "" : "s", i - oi->nin, nin);
    attrs_set(I, op, &a, name, in[i]);
  }
  return prim_call(I, op, oi->nin, in, &a);
}

/* ---- creation ------------------------------------------------------------------ */

NATIVE(f_fill) {
  static const char *const names[] = {"shape", "value", "dtype", "flavour"};
  Value v[4];
  args_bind(I, "fill", argc, argv, kw, 2, 4, names, v);
  Attrs a;
  attrs_init(&a);
  a.np = parse_flavour(I, v[3], "fill") == TF_NP;
  attrs_set(I, OP_Fill, &a, "shape", v[0]);
  attrs_set(I, OP_Fill, &a, "value", v[1]);
  if (v[2].tag != V_UNDEF) a.dtype = dtype_from_value(I, v[2], "fill");
  if (a.dtype < 0 && (v[1].tag == V_BOOL || (v_is(v[1], OBJ_TENSOR) && AS_TENSOR(v[1])->dtype == MSRT_BOOL)))
    a.dtype = MSRT_BOOL;
  if (a.dtype < 0 && v_is(v[1], OBJ_TENSOR)) a.dtype = (int)AS_TENSOR(v[1])->dtype;
  return prim_call(I, OP_Fill, 0, NULL, &a);
}

NATIVE(f_arange) {
  static const char *const names[] = {"start", "stop", "step", "dtype", "flavour"};
  Value v[5];
  args_bind(I, "arange", argc, argv, kw, 2, 5, names, v);
  Attrs a;
  attrs_init(&a);
  a.np = parse_flavour(I, v[4], "arange") == TF_NP;
  a.value_is_int = true;
  attrs_set(I, OP_Range, &a, "start", v[0]);
  attrs_set(I, OP_Range, &a, "limit", v[1]);
  attrs_set(I, OP_Range, &a, "delta", v[2].tag == V_UNDEF || v[2].tag == V_NONE ? v_int(1) : v[2]);
  if (v[3].tag != V_UNDEF) a.dtype = dtype_from_value(I, v[3], "arange");
  return prim_call(I, OP_Range, 0, NULL, &a);
}

NATIVE(f_linspace) {
  static const char *const names[] = {"start", "stop", "num", "dtype", "flavour"};
  Value v[5];
  args_bind(I, "linspace", argc, argv, kw, 2, 5, names, v);
  Attrs a;
  attrs_init(&a);
  a.np = parse_flavour(I, v[4], "linspace") == TF_NP;
  attrs_set(I, OP_LinSpace, &a, "start", v[0]);
  attrs_set(I, OP_LinSpace, &a, "stop", v[1]);
  attrs_set(I, OP_LinSpace, &a, "num", v[2].tag == V_UNDEF ? v_int(50) : v[2]);
  if (v[3].tag != V_UNDEF) a.dtype = dtype_from_value(I, v[3], "linspace");
  return prim_call(I, OP_LinSpace, 0, NULL, &a);
}

/* ---- numpy's legacy RandomState (MT19937) -------------------------------------- */
/* The algorithms are numpy 1.24's (numpy/random/_mt19937.pyx, mtrand.pyx,
 * _bounded_integers.pyx.in, src/distributions/distributions.c, legacy/
 * legacy-distributions.c): init_genrand seeding, 53-bit doubles
 * (a>>5)*2^26+(b>>6), the polar Box-Muller with its cached second value,
 * masked rejection sampling for randint (32-bit draws for ranges that fit in
 * 32 bits, 64-bit draws = two 32-bit draws high first otherwise; 8/16-bit
 * and bool draws from a buffered 32-bit draw), random_interval for shuffle. */

#define MT_N 624
#define MT_M 397

/* One stream. The global one (np.random.*, mindspore initialisers) is
 * ValState.rng; a RandomState object keeps its own in a uint32 ndarray of
 * MT_WORDS elements (made by _msc.rng_new(); the buffer is 64-byte aligned). */
typedef struct MtState {
  uint32_t key[MT_N];
  int32_t pos;
  int32_t seeded;
  int32_t has_gauss;
  int32_t pad;
  double gauss;
} MtState;

#define MT_WORDS ((int64_t)(sizeof(MtState) / sizeof(uint32_t)))

static void mt_seed(MtState *s, uint32_t seed) {
  for (int i = 0; i < MT_N; i++) {
    s->key[i] = seed;
    seed = 1812433253u * (seed ^ (seed >> 30)) + (uint32_t)i + 1u;
  }
  s->pos = MT_N;
  s->seeded = 1;
  s->has_gauss = 0;
  s->gauss = 0;
}

static void mt_gen(MtState *s) {
  uint32_t y;
  int i;
  for (i = 0; i < MT_N - MT_M; i++) {
    y = (s->key[i] & 0x80000000u) | (s->key[i + 1] & 0x7fffffffu);
    s->key[i] = s->key[i + MT_M] ^ (y >> 1) ^ (-(y & 1u) & 0x9908b0dfu);
  }
  for (; i < MT_N - 1; i++) {
    y = (s->key[i] & 0x80000000u) | (s->key[i + 1] & 0x7fffffffu);
    s->key[i] = s->key[i + (MT_M - MT_N)] ^ (y >> 1) ^ (-(y & 1u) & 0x9908b0dfu);
  }
  y = (s->key[MT_N - 1] & 0x80000000u) | (s->key[0] & 0x7fffffffu);
  s->key[MT_N - 1] = s->key[MT_M - 1] ^ (y >> 1) ^ (-(y & 1u) & 0x9908b0dfu);
  s->pos = 0;
}

static uint32_t mt_next32(MtState *s) {
  if (!s->seeded) mt_seed(s, (uint32_t)time(NULL) ^ (uint32_t)clock() ^ (uint32_t)(uintptr_t)s);
  if (s->pos >= MT_N || s->pos < 0) mt_gen(s);
  uint32_t y = s->key[s->pos++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

static uint64_t mt_next64(MtState *s) {
  uint64_t hi = mt_next32(s);
  return (hi << 32) | mt_next32(s);
}

static double mt_double(MtState *s) {
  int32_t a = (int32_t)(mt_next32(s) >> 5), b = (int32_t)(mt_next32(s) >> 6);
  return (a * 67108864.0 + b) / 9007199254740992.0;
}

static double mt_gauss(MtState *s) {
  if (s->has_gauss) {
    s->has_gauss = 0;
    double g = s->gauss;
    s->gauss = 0;
    return g;
  }
  double x1, x2, r2;
  do {
    x1 = 2.0 * mt_double(s) - 1.0;
    x2 = 2.0 * mt_double(s) - 1.0;
    r2 = x1 * x1 + x2 * x2;
  } while (r2 >= 1.0 || r2 == 0.0);
  double f = sqrt(-2.0 * log(r2) / r2);
  s->gauss = f * x1;
  s->has_gauss = 1;
  return f * x2;
}

static uint64_t gen_mask(uint64_t m) {
  m |= m >> 1;
  m |= m >> 2;
  m |= m >> 4;
  m |= m >> 8;
  m |= m >> 16;
  m |= m >> 32;
  return m;
}

/* numpy's random_interval(max): a value in [0, max]. */
static uint64_t mt_interval(MtState *s, uint64_t max) {
  if (max == 0) return 0;
  uint64_t mask = gen_mask(max), v;
  if (max <= 0xffffffffu) {
    while ((v = (mt_next32(s) & mask)) > max) {
    }
  } else {
    while ((v = (mt_next64(s) & mask)) > max) {
    }
  }
  return v;
}

/* The stream named by a `state` argument: None/absent -> the global one. */
static MtState *state_arg(Interp *I, Value v) {
  if (v.tag == V_UNDEF || v.tag == V_NONE) {
    if (!I->vs->rng) I->vs->rng = xcalloc(1, sizeof(MtState));
    return I->vs->rng;
  }
  if (!v_is(v, OBJ_TENSOR) || AS_TENSOR(v)->dtype != MSRT_UINT32 || AS_TENSOR(v)->size != MT_WORDS ||
      !AS_TENSOR(v)->data)
    rt_raise(I, EXC_TypeError, "random: state must be made by _msc.rng_new()");
  return (MtState *)AS_TENSOR(v)->data;
}

NATIVE(f_rng_new) {
  (void)argv;
  args_no_kw(I, "rng_new", kw);
  args_count(I, "rng_new", argc, 0, 0);
  int64_t n = MT_WORDS;
  Tensor *t = tensor_new(I, MSRT_UINT32, 1, &n, TF_NP);
  memset(t->data, 0, sizeof(MtState));
  return v_obj(&t->h);
}

NATIVE(f_seed) {
  static const char *const names[] = {"seed", "state"};
  Value v[2];
  args_bind(I, "seed", argc, argv, kw, 1, 2, names, v);
  MtState *s = state_arg(I, v[1]);
  int64_t n = rt_as_int(I, v[0], "seed");
  if (n < 0 || n > 4294967295LL) rt_raise(I, EXC_ValueError, "Seed must be between 0 and 2**32 - 1");
  mt_seed(s, (uint32_t)n);
  return v_none();
}

static Tensor *rand_out(Interp *I, Value shape, const char *fname, msrt_dtype dt) {
  Attrs a;
  attrs_init(&a);
  if (shape.tag != V_NONE && shape.tag != V_UNDEF) attrs_set(I, OP_Zeros, &a, "shape", shape);
  for (int i = 0; i < a.nshape; i++)
    if (a.shape[i] < 0) rt_raise(I, EXC_ValueError, "%s: negative dimensions are not allowed", fname);
  return tensor_new(I, dt, a.nshape, a.shape, TF_NP);
}

NATIVE(f_randn) {
  static const char *const names[] = {"shape", "state"};
  Value v[2];
  args_bind(I, "randn", argc, argv, kw, 1, 2, names, v);
  MtState *s = state_arg(I, v[1]);
  Tensor *t = rand_out(I, v[0], "randn", MSRT_FLOAT64);
  double *d = t->data;
  for (int64_t i = 0; i < t->size; i++) d[i] = mt_gauss(s);
  return v_obj(&t->h);
}

NATIVE(f_rand) {
  static const char *const names[] = {"shape", "state"};
  Value v[2];
  args_bind(I, "rand", argc, argv, kw, 1, 2, names, v);
  MtState *s = state_arg(I, v[1]);
  Tensor *t = rand_out(I, v[0], "rand", MSRT_FLOAT64);
  double *d = t->data;
  for (int64_t i = 0; i < t->size; i++) d[i] = mt_double(s);
  return v_obj(&t->h);
}

NATIVE(f_uniform) {
  static const char *const names[] = {"low", "high", "shape", "state"};
  Value v[4];
  args_bind(I, "uniform", argc, argv, kw, 3, 4, names, v);
  MtState *s = state_arg(I, v[3]);
  double lo = rt_as_float(I, v[0], "low"), hi = rt_as_float(I, v[1], "high"), range = hi - lo;
  if (!isfinite(range)) rt_raise(I, EXC_OverflowError, "Range exceeds valid bounds");
  Tensor *t = rand_out(I, v[2], "uniform", MSRT_FLOAT64);
  double *d = t->data;
  for (int64_t i = 0; i < t->size; i++) d[i] = lo + range * mt_double(s);
  return v_obj(&t->h);
}

NATIVE(f_normal) {
  static const char *const names[] = {"loc", "scale", "shape", "state"};
  Value v[4];
  args_bind(I, "normal", argc, argv, kw, 3, 4, names, v);
  MtState *s = state_arg(I, v[3]);
  double loc = rt_as_float(I, v[0], "loc"), scale = rt_as_float(I, v[1], "scale");
  if (scale < 0) rt_raise(I, EXC_ValueError, "scale < 0");
  Tensor *t = rand_out(I, v[2], "normal", MSRT_FLOAT64);
  double *d = t->data;
  for (int64_t i = 0; i < t->size; i++) d[i] = loc + scale * mt_gauss(s);
  return v_obj(&t->h);
}

/* numpy's legacy randint(low, high, size, dtype): [low, high). */
NATIVE(f_randint) {
  static const char *const names[] = {"low", "high", "shape", "dtype", "state"};
  Value v[5];
  args_bind(I, "randint", argc, argv, kw, 3, 5, names, v);
  MtState *s = state_arg(I, v[4]);
  int dti = v[3].tag == V_UNDEF ? -1 : dtype_from_value(I, v[3], "randint");
  msrt_dtype dt = dti < 0 ? MSRT_INT64 : (msrt_dtype)dti;
  int64_t lo = rt_as_int(I, v[0], "low"), hi = rt_as_int(I, v[1], "high");
  int64_t lb, ub; /* closed bounds of dt */
  int bits;
  const char *tn;
  switch (dt) {
    case MSRT_BOOL: lb = 0, ub = 1, bits = 1, tn = "bool"; break;
    case MSRT_INT8: lb = -128, ub = 127, bits = 8, tn = "int8"; break;
    case MSRT_UINT8: lb = 0, ub = 255, bits = 8, tn = "uint8"; break;
    case MSRT_INT16: lb = -32768, ub = 32767, bits = 16, tn = "int16"; break;
    case MSRT_UINT16: lb = 0, ub = 65535, bits = 16, tn = "uint16"; break;
    case MSRT_INT32: lb = INT32_MIN, ub = INT32_MAX, bits = 32, tn = "int32"; break;
    case MSRT_UINT32: lb = 0, ub = 4294967295LL, bits = 32, tn = "uint32"; break;
    case MSRT_INT64: lb = INT64_MIN, ub = INT64_MAX, bits = 64, tn = "int64"; break;
    case MSRT_UINT64: lb = 0, ub = INT64_MAX, bits = 64, tn = "uint64"; break;
    default:
      rt_raise(I, EXC_TypeError, "Unsupported dtype %s for randint", msrt_dtype_name(dt));
  }
  if (hi == INT64_MIN) rt_raise(I, EXC_ValueError, "low >= high");
  int64_t hic = hi - 1; /* closed */
  if (lo < lb) rt_raise(I, EXC_ValueError, "low is out of bounds for %s", tn);
  if (hic > ub) rt_raise(I, EXC_ValueError, "high is out of bounds for %s", tn);
  if (lo > hic) rt_raise(I, EXC_ValueError, "low >= high");
  uint64_t rng = (uint64_t)hic - (uint64_t)lo, off = (uint64_t)lo, mask = gen_mask(rng);
  Tensor *t = rand_out(I, v[2], "randint", dt);
  uint32_t buf = 0;
  int bcnt = 0;
  for (int64_t i = 0; i < t->size; i++) {
    uint64_t val = 0;
    if (bits == 1) {
      if (rng != 0) {
        if (!bcnt) buf = mt_next32(s), bcnt = 31;
        else buf >>= 1, bcnt--;
        val = buf & 1u;
      }
    } else if (bits == 8 || bits == 16) {
      uint32_t full = bits == 8 ? 0xffu : 0xffffu;
      if (rng != 0) {
        do {
          if (!bcnt) buf = mt_next32(s), bcnt = bits == 8 ? 3 : 1;
          else buf >>= bits, bcnt--;
          val = buf & full;
          if (rng != full) val &= mask;
        } while (val > rng);
      }
    } else if (rng == 0) {
      val = 0;
    } else if (rng <= 0xffffffffu) {
      if (rng == 0xffffffffu) val = mt_next32(s);
      else
        while ((val = (mt_next32(s) & mask)) > rng) {
        }
    } else if (rng == UINT64_MAX) {
      val = mt_next64(s);
    } else {
      while ((val = (mt_next64(s) & mask)) > rng) {
      }
    }
    uint64_t r = off + val;
    switch (dt) {
      case MSRT_BOOL: ((uint8_t *)t->data)[i] = (uint8_t)(r & 1u); break;
      case MSRT_INT8: case MSRT_UINT8: ((uint8_t *)t->data)[i] = (uint8_t)r; break;
      case MSRT_INT16: case MSRT_UINT16: ((uint16_t *)t->data)[i] = (uint16_t)r; break;
      case MSRT_INT32: case MSRT_UINT32: ((uint32_t *)t->data)[i] = (uint32_t)r; break;
      default: ((uint64_t *)t->data)[i] = r; break;
    }
  }
  return v_obj(&t->h);
}

/* random_interval(max, state): numpy's bounded draw in [0, max]. */
NATIVE(f_random_interval) {
  static const char *const names[] = {"max", "state"};
  Value v[2];
  args_bind(I, "random_interval", argc, argv, kw, 1, 2, names, v);
  MtState *s = state_arg(I, v[1]);
  int64_t m = rt_as_int(I, v[0], "max");
  if (m < 0) rt_raise(I, EXC_ValueError, "random_interval: max < 0");
  return v_int((int64_t)mt_interval(s, (uint64_t)m));
}

/* shuffle(arr, state): numpy's legacy shuffle of an ndarray in place along
 * axis 0: for i = n-1 .. 1: j = random_interval(i); swap rows i, j. */
NATIVE(f_shuffle) {
  static const char *const names[] = {"x", "state"};
  Value v[2];
  args_bind(I, "shuffle", argc, argv, kw, 1, 2, names, v);
  MtState *s = state_arg(I, v[1]);
  if (!v_is(v[0], OBJ_TENSOR)) rt_raise(I, EXC_TypeError, "shuffle: expected an array");
  Tensor *t = AS_TENSOR(v[0]);
  tensor_need_data(I, t, "shuffle");
  graph_will_write(I, t);
  if (t->ndim == 0 || t->size == 0) return v_none();
  int64_t n = t->shape[0];
  size_t row = (size_t)(t->size / n) * msrt_dtype_size(t->dtype);
  uint8_t *d = t->data;
  uint8_t tmp[256];
  for (int64_t i = n - 1; i >= 1; i--) {
    int64_t j = (int64_t)mt_interval(s, (uint64_t)i);
    if (i == j) continue;
    uint8_t *a = d + (size_t)i * row, *b = d + (size_t)j * row;
    for (size_t k = 0; k < row; k += sizeof tmp) {
      size_t c = row - k < sizeof tmp ? row - k : sizeof tmp;
      memcpy(tmp, a + k, c);
      memcpy(a + k, b + k, c);
      memcpy(b + k, tmp, c);
    }
  }
  return v_none();
}

static double kahan_sum(const double *d, int64_t n) {
  if (n <= 0) return 0.0;
  double sum = d[0], c = 0.0;
  for (int64_t i = 1; i < n; i++) {
    double y = d[i] - c, t = sum + y;
    c = (t - sum) - y;
    sum = t;
  }
  return sum;
}

/* searchsorted(cdf, x, side='right'): the number of cdf entries <= x. */
static int64_t search_right(const double *cdf, int64_t n, double x) {
  int64_t lo = 0, hi = n;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (x < cdf[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

static void cdf_of(const double *p, double *cdf, int64_t n) {
  double acc = 0;
  for (int64_t i = 0; i < n; i++) cdf[i] = acc += p[i];
  double last = cdf[n - 1];
  for (int64_t i = 0; i < n; i++) cdf[i] /= last;
}

/* choice_p(p, atol, shape, replace, size, state): the indices of numpy's
 * legacy RandomState.choice with probabilities p (float64, 1-d, already
 * checked against the population size). replace: cdf + random_sample(shape)
 * + searchsorted(side='right'); else numpy's loop that redraws until `size`
 * distinct indices are found (kept in order of first occurrence). Returns
 * an int64 array of `shape`. */
NATIVE(f_choice_p) {
  static const char *const names[] = {"p", "atol", "shape", "replace", "state"};
  Value v[5];
  args_bind(I, "choice_p", argc, argv, kw, 4, 5, names, v);
  MtState *s = state_arg(I, v[4]);
  if (!v_is(v[0], OBJ_TENSOR) || AS_TENSOR(v[0])->dtype != MSRT_FLOAT64)
    rt_raise(I, EXC_TypeError, "choice_p: p must be a float64 array");
  Tensor *pt = AS_TENSOR(v[0]);
  double atol = rt_as_float(I, v[1], "atol");
  bool replace = rt_truthy(I, v[3]);
  const double *p = pt->data;
  int64_t n = pt->size;
  double psum = kahan_sum(p, n);
  if (isnan(psum)) rt_raise(I, EXC_ValueError, "probabilities contain NaN");
  int64_t nonzero = 0;
  for (int64_t i = 0; i < n; i++) {
    if (p[i] < 0) rt_raise(I, EXC_ValueError, "probabilities are not non-negative");
    nonzero += p[i] > 0;
  }
  if (fabs(psum - 1.0) > atol) rt_raise(I, EXC_ValueError, "probabilities do not sum to 1");
  Tensor *out = rand_out(I, v[2], "choice", MSRT_INT64);
  int64_t size = out->size, *o = out->data;
  if (!replace && nonzero < size) {
    obj_decref(I, &out->h);
    rt_raise(I, EXC_ValueError, "Fewer non-zero entries in p than size");
  }
  if (size == 0) return v_obj(&out->h);
  double *cdf = malloc((size_t)n * 2 * sizeof(double) + (size_t)size * (sizeof(double) + sizeof(int64_t)));
  if (!cdf) {
    obj_decref(I, &out->h);
    rt_raise(I, EXC_MemoryError, "choice: out of memory");
  }
  double *pc = cdf + n, *x = pc + n;
  int64_t *nw = (int64_t *)(x + size);
  if (replace) {
    cdf_of(p, cdf, n);
    for (int64_t i = 0; i < size; i++) o[i] = search_right(cdf, n, mt_double(s));
  } else {
    memcpy(pc, p, (size_t)n * sizeof(double));
    int64_t got = 0;
    while (got < size) {
      int64_t m = size - got;
      for (int64_t i = 0; i < m; i++) x[i] = mt_double(s);
      for (int64_t i = 0; i < got; i++) pc[o[i]] = 0;
      cdf_of(pc, cdf, n);
      for (int64_t i = 0; i < m; i++) nw[i] = search_right(cdf, n, x[i]);
      /* unique values in order of first occurrence (np.unique with
       * return_index, then the indices sorted) */
      for (int64_t i = 0; i < m; i++) {
        bool seen = false;
        for (int64_t k = 0; k < i && !seen; k++) seen = nw[k] == nw[i];
        if (!seen) o[got++] = nw[i];
      }
    }
  }
  free(cdf);
  return v_obj(&out->h);
}

/* take_rows(a, idx): a[idx] for an integer index array on axis 0 (negative
 * indices count from the end): shape idx.shape + a.shape[1:]. */
NATIVE(f_take_rows) {
  args_no_kw(I, "take_rows", kw);
  args_count(I, "take_rows", argc, 2, 2);
  if (!v_is(argv[0], OBJ_TENSOR) || !v_is(argv[1], OBJ_TENSOR)) rt_raise(I, EXC_TypeError, "take_rows: arrays expected");
  Tensor *a = AS_TENSOR(argv[0]), *ix = AS_TENSOR(argv[1]);
  tensor_need_data(I, a, "take");
  tensor_need_data(I, ix, "take");
  if (!dtype_is_int(ix->dtype)) rt_raise(I, EXC_IndexError, "arrays used as indices must be of integer type");
  if (a->ndim == 0) rt_raise(I, EXC_IndexError, "too many indices for array: array is 0-dimensional, but 1 were indexed");
  if (ix->ndim + a->ndim - 1 > MSRT_MAX_NDIM) rt_raise(I, EXC_ValueError, "take: too many dimensions");
  int64_t n = a->shape[0];
  for (int64_t i = 0; i < ix->size; i++) {
    int64_t k = tensor_get_i64(ix, i);
    if (k < -n || k >= n)
      rt_raise(I, EXC_IndexError, "index %lld is out of bounds for axis 0 with size %lld", (long long)k, (long long)n);
  }
  int64_t shape[MSRT_MAX_NDIM];
  int nd = 0;
  for (int i = 0; i < ix->ndim; i++) shape[nd++] = ix->shape[i];
  for (int i = 1; i < a->ndim; i++) shape[nd++] = a->shape[i];
  Tensor *t = tensor_new(I, a->dtype, nd, shape, (TFlavour)a->flavour);
  size_t row = n ? (size_t)(a->size / n) * msrt_dtype_size(a->dtype) : 0;
  for (int64_t i = 0; i < ix->size; i++) {
    int64_t k = tensor_get_i64(ix, i);
    if (k < 0) k += n;
    if (row) memcpy((uint8_t *)t->data + (size_t)i * row, (const uint8_t *)a->data + (size_t)k * row, row);
  }
  return v_obj(&t->h);
}

/* nonzero(a): numpy's a.nonzero(): a tuple of a.ndim int64 index arrays
 * (C order), eager (the result's size depends on the data). A 0-d array
 * is treated as 1-d, as numpy 1.24 does (with a DeprecationWarning). */
NATIVE(f_nonzero) {
  args_no_kw(I, "nonzero", kw);
  args_count(I, "nonzero", argc, 1, 1);
  if (!v_is(argv[0], OBJ_TENSOR)) rt_raise(I, EXC_TypeError, "nonzero: expected an array");
  Tensor *a = AS_TENSOR(argv[0]);
  tensor_need_data(I, a, "nonzero");
  int nd = a->ndim ? a->ndim : 1;
  int64_t cnt = 0;
  for (int64_t i = 0; i < a->size; i++) cnt += tensor_get_f64(a, i) != 0.0 || (dtype_is_int(a->dtype) && tensor_get_i64(a, i) != 0);
  Tuple *res = tuple_new(I, nd);
  int64_t *cols[MSRT_MAX_NDIM];
  for (int d = 0; d < nd; d++) {
    Tensor *t = tensor_new(I, MSRT_INT64, 1, &cnt, TF_NP);
    cols[d] = t->data;
    res->items[d] = v_obj(&t->h);
  }
  int64_t k = 0;
  for (int64_t i = 0; i < a->size; i++) {
    if (!(tensor_get_f64(a, i) != 0.0 || (dtype_is_int(a->dtype) && tensor_get_i64(a, i) != 0))) continue;
    int64_t r = i;
    for (int d = nd - 1; d >= 0; d--) {
      int64_t dim = a->ndim ? a->shape[d] : 1;
      cols[d][k] = r % dim;
      r /= dim;
    }
    k++;
  }
  return v_obj(&res->h);
}

/* _msc.tensor_method(name, fn, replace=False): fn (a Python function taking
 * the tensor first) becomes mindspore.Tensor's (and so Parameter's) method
 * `name`; numpy's ndarray is not touched. lib/mindspore/common/tensor_methods.py
 * defines MindSpore's Tensor methods this way, on top of the functional
 * ops. A name the C core already defines (numpy's semantics, shared with
 * ndarray) is replaced only with replace=True (else TypeError): Tensor.item. */
static Value f_tensor_method(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  if (argc < 2 || argc > 3 || !v_is(argv[0], OBJ_STR)) rt_raise(I, EXC_TypeError, "tensor_method(name, fn[, replace])");
  Class *c = tensor_class(I, TF_MS);
  Str *name = AS_STR(argv[0]);
  if (!(argc == 3 && rt_truthy(I, argv[2])) && dict_get_str(I, c->dict, name).tag != V_UNDEF)
    rt_raise(I, EXC_TypeError, "tensor_method: Tensor already has '%s'", name->data);
  dict_set_str(I, c->dict, name, argv[1]);
  return v_none();
}

/* ---- module ------------------------------------------------------------------- */

Module *mod_msc_create(Interp *I) {
  static const struct { const char *name; NativeFn fn; } defs[] = {
      {"array", f_array}, {"dtype", f_dtype}, {"prim", f_prim}, {"fill", f_fill},
      {"arange", f_arange}, {"linspace", f_linspace}, {"seed", f_seed}, {"randn", f_randn},
      {"rand", f_rand}, {"uniform", f_uniform}, {"normal", f_normal}, {"randint", f_randint},
      {"rng_new", f_rng_new}, {"random_interval", f_random_interval}, {"shuffle", f_shuffle},
      {"choice_p", f_choice_p}, {"take_rows", f_take_rows}, {"nonzero", f_nonzero},
      {"is_tensor", f_is_tensor}, {"flavour", f_flavour}, {"ops", f_ops}, {"np_types", f_np_types},
      {"jit_new", graph_native_jit_new}, {"jit_call", graph_native_jit_call},
      {"cell_jit", graph_native_cell_jit},
      {"jit_compile", graph_native_jit_compile}, {"capturing", graph_native_capturing},
      {"run_mode", graph_native_run_mode}, {"assign", graph_native_assign}, {"export_name", graph_native_export_name}, {"warn", graph_native_warn},
      {"set_syntax_level", graph_native_set_syntax_level},
      {"grad_call", autodiff_native_grad_call},
      {"npy_save", npyio_npy_save}, {"npy_load", npyio_npy_load}, {"npz_load", npyio_npz_load},
      {"npz_save", npyio_npz_save}, {"file_kind", npyio_file_kind}, {"tensor_method", f_tensor_method},
      {"ckpt_save", serial_ckpt_save}, {"ckpt_load", serial_ckpt_load}, {"mindir_export", serial_mindir_export},
      {"mindir_load", serial_mindir_load}, {"mindir_run", serial_mindir_run}, {"mindir_inline", serial_mindir_inline}, {"file_exists", serial_file_exists},
      {"ds_read_file", dsio_read_file}, {"ds_decode", dsio_decode}, {"ds_idx", dsio_idx}};
  tensor_init(I);
  Module *m = (Module *)obj_alloc(I, OBJ_MODULE, sizeof(Module));
  m->name = str_intern(I, "_msc");
  m->dict = dict_new(I);
  dict_set_str(I, m->dict, I->s.name, v_obj(&m->name->h));
  for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++) dict_add_native(I, m->dict, defs[i].name, defs[i].fn);
  static const char *const cls[] = {"Tensor", "Parameter", "ndarray"};
  for (int i = 0; i < 3; i++) {
    Str *k = str_intern(I, cls[i]);
    dict_set_str(I, m->dict, k, v_obj(&tensor_class(I, (TFlavour)i)->h));
    obj_decref(I, &k->h);
  }
  return m;
}
