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
 *   _msc.seed(n)   numpy's legacy seeding (init_genrand(n), 0 <= n < 2**32);
 *       resets the cached Gaussian.
 *   _msc.randn(shape) / rand(shape) / uniform(low, high, shape) /
 *   _msc.normal(loc, scale, shape)   float64 ndarrays from numpy's legacy
 *       RandomState MT19937 stream: bit-exact with numpy for these (53-bit
 *       doubles (a>>5)*2^26+(b>>6); Box-Muller polar gauss with its cached
 *       second value). Unseeded: seeded from the clock at first use.
 *   _msc.randint(low, high, shape)   numpy legacy randint (int64, masked
 *       rejection sampling), bit-exact for high - low <= 2**32.
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
  if (!v_is(x, OBJ_TENSOR) && !is_num(x) && !v_is(x, OBJ_LIST) && !v_is(x, OBJ_TUPLE))
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

NATIVE(f_ops) {
  (void)argv;
  args_no_kw(I, "ops", kw);
  args_count(I, "ops", argc, 0, 0);
  Tuple *t = tuple_new(I, OP_COUNT);
  for (int i = 0; i < OP_COUNT; i++) t->items[i] = v_obj(&str_from_c(I, op_info[i].name)->h);
  return v_obj(&t->h);
}

/* ---- prim ------------------------------------------------------------------- */

/* Op name -> OpId, keyed by the interned name string. */
static Obj *opcache_slot;
static Interp *opcache_owner;

static OpId lookup_op(Interp *I, Value name) {
  if (!v_is(name, OBJ_STR))
    rt_raise(I, EXC_TypeError, "prim: the op name must be a str, not %s", rt_type_name(I, name));
  if (opcache_owner != I || !opcache_slot) {
    opcache_slot = &dict_new(I)->h;
    gc_root_slot(&opcache_slot);
    opcache_owner = I;
  }
  Dict *d = (Dict *)opcache_slot;
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

#define MT_N 624
#define MT_M 397

static struct {
  uint32_t key[MT_N];
  int pos;
  bool seeded;
  bool has_gauss;
  double gauss;
} rng;

static void mt_seed(uint32_t s) {
  for (int i = 0; i < MT_N; i++) {
    rng.key[i] = s;
    s = 1812433253u * (s ^ (s >> 30)) + (uint32_t)i + 1u;
  }
  rng.pos = MT_N;
  rng.seeded = true;
  rng.has_gauss = false;
  rng.gauss = 0;
}

static void mt_gen(void) {
  uint32_t y;
  int i;
  for (i = 0; i < MT_N - MT_M; i++) {
    y = (rng.key[i] & 0x80000000u) | (rng.key[i + 1] & 0x7fffffffu);
    rng.key[i] = rng.key[i + MT_M] ^ (y >> 1) ^ (-(y & 1u) & 0x9908b0dfu);
  }
  for (; i < MT_N - 1; i++) {
    y = (rng.key[i] & 0x80000000u) | (rng.key[i + 1] & 0x7fffffffu);
    rng.key[i] = rng.key[i + (MT_M - MT_N)] ^ (y >> 1) ^ (-(y & 1u) & 0x9908b0dfu);
  }
  y = (rng.key[MT_N - 1] & 0x80000000u) | (rng.key[0] & 0x7fffffffu);
  rng.key[MT_N - 1] = rng.key[MT_M - 1] ^ (y >> 1) ^ (-(y & 1u) & 0x9908b0dfu);
  rng.pos = 0;
}

static uint32_t mt_next32(void) {
  if (!rng.seeded) mt_seed((uint32_t)time(NULL) ^ (uint32_t)clock());
  if (rng.pos == MT_N) mt_gen();
  uint32_t y = rng.key[rng.pos++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

static double mt_double(void) {
  int32_t a = (int32_t)(mt_next32() >> 5), b = (int32_t)(mt_next32() >> 6);
  return (a * 67108864.0 + b) / 9007199254740992.0;
}

static double mt_gauss(void) {
  if (rng.has_gauss) {
    rng.has_gauss = false;
    double g = rng.gauss;
    rng.gauss = 0;
    return g;
  }
  double x1, x2, r2;
  do {
    x1 = 2.0 * mt_double() - 1.0;
    x2 = 2.0 * mt_double() - 1.0;
    r2 = x1 * x1 + x2 * x2;
  } while (r2 >= 1.0 || r2 == 0.0);
  double f = sqrt(-2.0 * log(r2) / r2);
  rng.gauss = f * x1;
  rng.has_gauss = true;
  return f * x2;
}

NATIVE(f_seed) {
  args_no_kw(I, "seed", kw);
  args_count(I, "seed", argc, 1, 1);
  int64_t s = rt_as_int(I, argv[0], "seed");
  if (s < 0 || s > 4294967295LL) rt_raise(I, EXC_ValueError, "Seed must be between 0 and 2**32 - 1");
  mt_seed((uint32_t)s);
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
  args_no_kw(I, "randn", kw);
  args_count(I, "randn", argc, 1, 1);
  Tensor *t = rand_out(I, argv[0], "randn", MSRT_FLOAT64);
  double *d = t->data;
  for (int64_t i = 0; i < t->size; i++) d[i] = mt_gauss();
  return v_obj(&t->h);
}

NATIVE(f_rand) {
  args_no_kw(I, "rand", kw);
  args_count(I, "rand", argc, 1, 1);
  Tensor *t = rand_out(I, argv[0], "rand", MSRT_FLOAT64);
  double *d = t->data;
  for (int64_t i = 0; i < t->size; i++) d[i] = mt_double();
  return v_obj(&t->h);
}

NATIVE(f_uniform) {
  static const char *const names[] = {"low", "high", "shape"};
  Value v[3];
  args_bind(I, "uniform", argc, argv, kw, 3, 3, names, v);
  double lo = rt_as_float(I, v[0], "low"), hi = rt_as_float(I, v[1], "high"), range = hi - lo;
  if (!isfinite(range)) rt_raise(I, EXC_OverflowError, "Range exceeds valid bounds");
  Tensor *t = rand_out(I, v[2], "uniform", MSRT_FLOAT64);
  double *d = t->data;
  for (int64_t i = 0; i < t->size; i++) d[i] = lo + range * mt_double();
  return v_obj(&t->h);
}

NATIVE(f_normal) {
  static const char *const names[] = {"loc", "scale", "shape"};
  Value v[3];
  args_bind(I, "normal", argc, argv, kw, 3, 3, names, v);
  double loc = rt_as_float(I, v[0], "loc"), scale = rt_as_float(I, v[1], "scale");
  if (scale < 0) rt_raise(I, EXC_ValueError, "scale < 0");
  Tensor *t = rand_out(I, v[2], "normal", MSRT_FLOAT64);
  double *d = t->data;
  for (int64_t i = 0; i < t->size; i++) d[i] = loc + scale * mt_gauss();
  return v_obj(&t->h);
}

/* numpy's legacy randint for int64: masked rejection sampling on 32-bit
 * draws when the range fits in 32 bits, 64-bit draws otherwise. */
NATIVE(f_randint) {
  static const char *const names[] = {"low", "high", "shape"};
  Value v[3];
  args_bind(I, "randint", argc, argv, kw, 3, 3, names, v);
  int64_t lo = rt_as_int(I, v[0], "low"), hi = rt_as_int(I, v[1], "high");
  if (lo >= hi) rt_raise(I, EXC_ValueError, "low >= high");
  uint64_t rngv = (uint64_t)hi - (uint64_t)lo - 1u;
  uint64_t mask = rngv;
  mask |= mask >> 1;
  mask |= mask >> 2;
  mask |= mask >> 4;
  mask |= mask >> 8;
  mask |= mask >> 16;
  mask |= mask >> 32;
  Tensor *t = rand_out(I, v[2], "randint", MSRT_INT64);
  int64_t *d = t->data;
  for (int64_t i = 0; i < t->size; i++) {
    uint64_t val;
    if (rngv == 0) {
      val = 0;
    } else if (rngv <= 0xffffffffu) {
      if (rngv == 0xffffffffu) val = mt_next32();
      else
        while ((val = (mt_next32() & mask)) > rngv) {
        }
    } else {
      do {
        uint64_t hi32 = mt_next32();
        val = ((hi32 << 32) | mt_next32()) & mask;
      } while (val > rngv);
    }
    d[i] = (int64_t)((uint64_t)lo + val);
  }
  return v_obj(&t->h);
}

/* ---- module ------------------------------------------------------------------- */

Module *mod_msc_create(Interp *I);

Module *mod_msc_create(Interp *I) {
  static const struct { const char *name; NativeFn fn; } defs[] = {
      {"array", f_array}, {"dtype", f_dtype}, {"prim", f_prim}, {"fill", f_fill},
      {"arange", f_arange}, {"linspace", f_linspace}, {"seed", f_seed}, {"randn", f_randn},
      {"rand", f_rand}, {"uniform", f_uniform}, {"normal", f_normal}, {"randint", f_randint},
      {"is_tensor", f_is_tensor}, {"flavour", f_flavour}, {"ops", f_ops},
      {"jit_new", graph_native_jit_new}, {"jit_call", graph_native_jit_call},
      {"jit_compile", graph_native_jit_compile}, {"capturing", graph_native_capturing},
      {"run_mode", graph_native_run_mode}};
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
