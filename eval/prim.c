/* prim.c — prim_call, the single dispatch point of every tensor operation
 * (operators, Tensor methods, _msc.prim), and the per-op rules of ir/ops.def:
 * shape/dtype inference (pure: types in, type out, never data) and the
 * eager kernel (which calls the runtime's msrt_* kernels).
 *
 * prim_call(op, inputs, attrs):
 *   1. inputs that are not tensors become tensors: Python numbers are 0-d
 *      "weak" operands (they take part in promotion by kind, as MindSpore's
 *      and numpy's scalar rules say), nested lists become tensors with the
 *      defaults of the call's flavour;
 *   2. the flavour: numpy semantics when every tensor input is an ndarray
 *      (result: an ndarray), else MindSpore's (result: a Tensor, also for
 *      Parameter inputs);
 *   3. infer_rules[op] computes the output type and the dtype each input
 *      is converted to (implicit promotion), raising "Op: ..." errors;
 *   4. inputs are cast, the output is allocated, kernel_rules[op] runs.
 * Temporaries live in a root-registered scratch list while the op runs, so
 * an error unwinding out of a rule strands nothing the leak check counts.
 *
 * Type promotion (decisions; see also tensor.c's header):
 *   MindSpore (https://mindspore.cn/docs/en/r2.0/note/operator_list_implicit.html):
 *     tensor (+) tensor: the higher of bool < uint8 < int8 < int16 < int32 <
 *     int64 < float16 < float32 < float64 (int8 (+) uint8 -> int16);
 *     tensor (+) Python scalar: the tensor's dtype, except an int tensor with
 *     a float scalar -> float32, a bool tensor with an int/float scalar ->
 *     int32/float32. 0-d tensors are tensors (no value-based rule).
 *   numpy 1.24: the standard promotion table (int64 (+) float32 ->
 *     float64, int32 (+) uint32 -> int64) and value-based casting: when the
 *     highest kind (bool < int < float) among the scalars (Python numbers
 *     and 0-d arrays) is not above that of the arrays (ndim > 0), each
 *     scalar counts as the smallest dtype holding its value
 *     (float32_array * 2.0 -> float32, float32_array + 100000 -> float64
 *     because 100000 needs uint32, int32_array + 1 -> int32); otherwise,
 *     and when all operands are scalars, plain promotion (Python int ->
 *     int64, float -> float64).
 *   True division of ints: float32 (MindSpore), float64 (numpy).
 *   Sums/products of bool and ints: numpy accumulates in int64; MindSpore
 *     keeps the dtype (bool -> int64). Means of ints: float32 / float64.
 *   Argmax/Argmin: int32 for the MindSpore primitive (output_type default),
 *     int64 for numpy and when output_type=int64 is given (ops.argmax).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "tensor.h"
#include "valpriv.h"

void attrs_init(Attrs *a) {
  memset(a, 0, sizeof *a);
  a->dtype = -1;
  a->value_is_int = true; /* until a float value/start/limit/delta is set */
  a->on_value = 1;
  a->off_value = 0;
  a->stride[0] = a->stride[1] = 1;
  a->dilation[0] = a->dilation[1] = 1;
  a->group = 1;
  a->begin_norm_axis = a->begin_params_axis = -1;
}

/* ---- shapes ------------------------------------------------------------ */

const char *shape_str(char *buf, size_t cap, int ndim, const int64_t *shape) {
  size_t n = 0;
  n += (size_t)snprintf(buf + n, cap - n, "(");
  for (int i = 0; i < ndim && n < cap; i++)
    n += (size_t)snprintf(buf + n, cap - n, "%s%lld", i ? ", " : "", (long long)shape[i]);
  if (n < cap) snprintf(buf + n, cap - n, ndim == 1 ? ",)" : ")");
  return buf;
}

#define SHP(t) shape_str((char[128]){0}, 128, (t)->ndim, (t)->shape)

bool shape_broadcast(int na, const int64_t *a, int nb, const int64_t *b, int *nout, int64_t *out) {
  int n = na > nb ? na : nb;
  int64_t tmp[MSRT_MAX_NDIM];
  for (int i = 0; i < n; i++) {
    int64_t da = i < n - na ? 1 : a[i - (n - na)];
    int64_t db = i < n - nb ? 1 : b[i - (n - nb)];
    if (da == db || db == 1) tmp[i] = da;
    else if (da == 1) tmp[i] = db;
    else return false;
  }
  *nout = n;
  memcpy(out, tmp, sizeof(int64_t) * (size_t)n);
  return true;
}

static int64_t shape_size(int ndim, const int64_t *shape) {
  int64_t s = 1;
  for (int i = 0; i < ndim; i++) s *= shape[i];
  return s;
}

static void contig_strides(int ndim, const int64_t *shape, int64_t *st) {
  int64_t s = 1;
  for (int i = ndim - 1; i >= 0; i--) {
    st[i] = s;
    s *= shape[i];
  }
}

/* Element strides of t viewed with the broadcast shape (ndim, shape). */
static void bcast_strides(const Tensor *t, int ndim, const int64_t *shape, int64_t *st) {
  int64_t cs[MSRT_MAX_NDIM];
  contig_strides(t->ndim, t->shape, cs);
  int off = ndim - t->ndim;
  for (int i = 0; i < ndim; i++) {
    if (i < off) st[i] = 0;
    else st[i] = t->shape[i - off] == 1 && shape[i] != 1 ? 0 : cs[i - off];
  }
}

static const char *dtname(msrt_dtype dt) { return msrt_dtype_name(dt); }

/* ---- dtype promotion --------------------------------------------------- */

static int dt_kind(msrt_dtype d) { /* bool 0, int 1, float 2 */
  if (d == MSRT_BOOL) return 0;
  return dtype_is_float(d) ? 2 : 1;
}
static int dt_bits(msrt_dtype d) { return (int)msrt_dtype_size(d) * 8; }
static bool dt_unsigned(msrt_dtype d) {
  return d == MSRT_UINT8 || d == MSRT_UINT16 || d == MSRT_UINT32 || d == MSRT_UINT64;
}
static msrt_dtype sint_of_bits(int bits) {
  return bits <= 8 ? MSRT_INT8 : bits <= 16 ? MSRT_INT16 : bits <= 32 ? MSRT_INT32 : MSRT_INT64;
}
static msrt_dtype float_of_bits(int bits) {
  return bits <= 16 ? MSRT_FLOAT16 : bits <= 32 ? MSRT_FLOAT32 : MSRT_FLOAT64;
}

static msrt_dtype promote_np(msrt_dtype a, msrt_dtype b) {
  if (a == b) return a;
  if (a == MSRT_BOOL) return b;
  if (b == MSRT_BOOL) return a;
  bool fa = dtype_is_float(a), fb = dtype_is_float(b);
  if (fa && fb) return dt_bits(a) >= dt_bits(b) ? a : b;
  if (fa || fb) {
    msrt_dtype f = fa ? a : b, i = fa ? b : a;
    int need = dt_bits(i) <= 8 ? 16 : dt_bits(i) <= 16 ? 32 : 64;
    return dt_bits(f) >= need ? f : float_of_bits(need);
  }
  bool ua = dt_unsigned(a), ub = dt_unsigned(b);
  if (ua == ub) return dt_bits(a) >= dt_bits(b) ? a : b;
  msrt_dtype s = ua ? b : a, u = ua ? a : b;
  if (dt_bits(u) < dt_bits(s)) return s;
  if (dt_bits(u) < 64) return sint_of_bits(dt_bits(u) * 2);
  return MSRT_FLOAT64;
}

static int ms_rank(msrt_dtype d) {
  switch (d) {
  case MSRT_BOOL: return 0;
  case MSRT_UINT8: return 1;
  case MSRT_INT8: return 2;
  case MSRT_INT16: case MSRT_UINT16: return 3;
  case MSRT_INT32: case MSRT_UINT32: return 4;
  case MSRT_INT64: case MSRT_UINT64: return 5;
  case MSRT_FLOAT16: return 6;
  case MSRT_FLOAT32: return 7;
  default: return 8;
  }
}

static msrt_dtype promote_ms(msrt_dtype a, msrt_dtype b) {
  if (a == b) return a;
  if ((a == MSRT_INT8 && b == MSRT_UINT8) || (a == MSRT_UINT8 && b == MSRT_INT8)) return MSRT_INT16;
  return ms_rank(a) >= ms_rank(b) ? a : b;
}

/* numpy's min_scalar_type of a valued operand; *small says that an
 * unsigned result also fits the signed type of the same size (numpy's
 * is_small_unsigned: then it promotes with signed ints and floats as that
 * signed type, so int32_array + 100000 stays int32). */
static msrt_dtype min_scalar_type(const TType *t, bool *small) {
  *small = false;
  if (t->dt == MSRT_BOOL) return MSRT_BOOL;
  if (dtype_is_float(t->dt)) {
    double v = fabs(t->val);
    if (isnan(v) || isinf(v) || v <= 65504.0) return MSRT_FLOAT16;
    if (v <= 3.4028234663852886e38) return MSRT_FLOAT32;
    return MSRT_FLOAT64;
  }
  int64_t v = t->ival;
  if (t->dt == MSRT_UINT64 && v < 0) return MSRT_UINT64; /* >= 2^63: ival holds the bit pattern */
  if (v >= 0) {
    if (v <= 255) { *small = v <= 127; return MSRT_UINT8; }
    if (v <= 65535) { *small = v <= 32767; return MSRT_UINT16; }
    if (v <= 4294967295LL) { *small = v <= 2147483647LL; return MSRT_UINT32; }
    *small = true;
    return MSRT_UINT64;
  }
  return v >= -128 ? MSRT_INT8 : v >= -32768 ? MSRT_INT16 : v >= -2147483648LL ? MSRT_INT32 : MSRT_INT64;
}

/* The common dtype of n elementwise operands. */
static msrt_dtype result_type(int n, const TType *in, bool np) {
  if (!np) {
    int strong = -1;
    for (int i = 0; i < n; i++)
      if (!in[i].weak) strong = strong < 0 ? (int)in[i].dt : (int)promote_ms((msrt_dtype)strong, in[i].dt);
    if (strong < 0) { /* only Python scalars */
      msrt_dtype r = in[0].dt;
      for (int i = 1; i < n; i++) r = promote_ms(r, in[i].dt);
      return r;
    }
    msrt_dtype r = (msrt_dtype)strong;
    for (int i = 0; i < n; i++) {
      if (!in[i].weak) continue;
      int kw = dt_kind(in[i].dt), ks = dt_kind(r);
      if (kw <= ks) continue;
      if (ks == 0) r = kw == 1 ? MSRT_INT32 : MSRT_FLOAT32;
      else r = MSRT_FLOAT32;
    }
    return r;
  }
  int karr = -1, ksc = -1;
  for (int i = 0; i < n; i++) {
    bool scalar = in[i].weak || in[i].ndim == 0;
    int k = dt_kind(in[i].dt);
    if (scalar) ksc = k > ksc ? k : ksc;
    else karr = k > karr ? k : karr;
  }
  bool value_based = karr >= 0 && ksc >= 0 && ksc <= karr;
  /* numpy's PyArray_ResultType: the arrays first, then each scalar */
  msrt_dtype r = MSRT_BOOL;
  bool have = false;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < n; i++) {
      bool scalar = in[i].weak || in[i].ndim == 0;
      if (value_based ? scalar != (pass == 1) : pass == 1) continue;
      msrt_dtype d = in[i].dt;
      if (value_based && scalar && in[i].valued) {
        bool small;
        d = min_scalar_type(&in[i], &small);
        if (small && have && r != MSRT_BOOL && !dt_unsigned(r)) d = sint_of_bits(dt_bits(d));
      }
      r = have ? promote_np(r, d) : d;
      have = true;
    }
  return r;
}

/* The float dtype an int/bool input is computed in by float-only ops. */
static msrt_dtype float_for(msrt_dtype d, bool np) {
  if (dtype_is_float(d)) return d;
  if (!np) return MSRT_FLOAT32;
  int bits = d == MSRT_BOOL ? 8 : dt_bits(d);
  return bits <= 8 ? MSRT_FLOAT16 : bits <= 16 ? MSRT_FLOAT32 : MSRT_FLOAT64;
}

static void set_type(TType *o, msrt_dtype dt, int ndim, const int64_t *shape) {
  memset(o, 0, sizeof *o);
  o->dt = dt;
  o->ndim = ndim;
  if (ndim) memcpy(o->shape, shape, sizeof(int64_t) * (size_t)ndim);
}

/* ---- infer rules ------------------------------------------------------- */

#define OPN(op) (op_info[op].name)
#define U __attribute__((unused))
#define INFER(fn) static void fn(U Interp *I, U OpId op, U int nin, U const TType *in, U const Attrs *a, U TType *out, U msrt_dtype *cast)

static int64_t norm_axis(Interp *I, OpId op, int64_t ax, int ndim) {
  if (ax < -ndim || ax >= ndim)
    rt_raise_op(I, EXC_ValueError, "%s: axis %lld is out of bounds for array of dimension %d", OPN(op),
                (long long)ax, ndim);
  return ax < 0 ? ax + ndim : ax;
}

INFER(infer_binary) {
  (void)nin;
  int group = op_info[op].group;
  msrt_dtype dt = result_type(2, in, a->np);
  if (group == OPG_BITWISE && dtype_is_float(dt))
    rt_raise_op(I, EXC_TypeError, "%s: unsupported dtype %s (needs bool or integer)", OPN(op), dtname(dt));
  if (group == OPG_DIV) {
    if (a->np && op != OP_Atan2 && !dtype_is_float(dt)) {
      dt = MSRT_FLOAT64; /* numpy's true_divide: bool/int operands always divide in float64 */
    } else if (a->np && !dtype_is_float(dt) && !in[0].weak && in[0].ndim && !in[1].weak && in[1].ndim) {
      /* numpy's loop search for a float-only ufunc (arctan2): the smallest
       * float every operand casts to safely (int8, uint8 -> float16,
       * although their common int is int16) */
      dt = promote_np(float_for(in[0].dt, true), float_for(in[1].dt, true));
    } else {
      dt = float_for(dt, a->np);
    }
  }
  int nd;
  int64_t shp[MSRT_MAX_NDIM];
  if (!shape_broadcast(in[0].ndim, in[0].shape, in[1].ndim, in[1].shape, &nd, shp))
    rt_raise_op(I, EXC_ValueError, "%s: operands could not be broadcast together with shapes %s %s", OPN(op),
                SHP(&in[0]), SHP(&in[1]));
  set_type(out, group == OPG_COMPARE ? MSRT_BOOL : dt, nd, shp);
  cast[0] = cast[1] = dt;
}

INFER(infer_unary) {
  (void)nin;
  int group = op_info[op].group;
  msrt_dtype dt = in[0].dt;
  if (group == OPG_UNARY_F) dt = float_for(dt, a->np);
  if (op == OP_Neg && dt == MSRT_BOOL)
    rt_raise_op(I, EXC_TypeError, "Neg: the boolean negative, the `-` operator, is not supported, use the `~` "
                "operator or the logical_not function instead");
  if (op == OP_Invert && dtype_is_float(dt))
    rt_raise_op(I, EXC_TypeError, "Invert: unsupported dtype %s (needs bool or integer)", dtname(dt));
  set_type(out, group == OPG_UNARY_B ? MSRT_BOOL : dt, in[0].ndim, in[0].shape);
  cast[0] = dt;
}

/* Reduced-axes mask of a reduction; ValueError on a bad/duplicate axis. */
static uint32_t reduce_mask(Interp *I, OpId op, const TType *x, const Attrs *a) {
  if (!a->has_axis) return x->ndim ? (1u << x->ndim) - 1 : 0;
  uint32_t m = 0;
  if ((op == OP_Argmax || op == OP_Argmin) && a->naxis != 1)
    rt_raise_op(I, EXC_TypeError, "%s: axis must be an int or None", OPN(op));
  for (int i = 0; i < a->naxis; i++) {
    int64_t ax = a->axis[i];
    if (x->ndim == 0 && (ax == 0 || ax == -1)) continue; /* numpy: axis 0 of a 0-d array */
    ax = norm_axis(I, op, ax, x->ndim);
    if (m & (1u << ax)) rt_raise_op(I, EXC_ValueError, "%s: duplicate value in 'axis'", OPN(op));
    m |= 1u << ax;
  }
  return m;
}

INFER(infer_reduce) {
  (void)nin;
  const TType *x = &in[0];
  uint32_t m = reduce_mask(I, op, x, a);
  int nd = 0;
  int64_t shp[MSRT_MAX_NDIM];
  int64_t r = 1;
  for (int i = 0; i < x->ndim; i++) {
    if (m & (1u << i)) {
      r *= x->shape[i];
      if (a->keep_dims) shp[nd++] = 1;
    } else {
      shp[nd++] = x->shape[i];
    }
  }
  int code = op_info[op].code;
  msrt_dtype dt = x->dt, odt = dt;
  cast[0] = dt;
  switch (code) {
  case MSRT_RSUM:
  case MSRT_RPROD:
    if (a->dtype >= 0) odt = (msrt_dtype)a->dtype;
    else if (dt == MSRT_BOOL) odt = MSRT_INT64;
    else if (a->np && dtype_is_int(dt) && dt_bits(dt) < 64) odt = dt_unsigned(dt) ? MSRT_UINT64 : MSRT_INT64;
    if (dtype_is_float(odt) && !dtype_is_float(dt)) cast[0] = odt;
    break;
  case MSRT_RMEAN:
    /* numpy's mean: bool/int -> float64 (whatever their size), float16 stays */
    odt = a->dtype >= 0 ? (msrt_dtype)a->dtype : a->np && !dtype_is_float(dt) ? MSRT_FLOAT64 : float_for(dt, a->np);
    if (dt == MSRT_FLOAT16 && a->np && a->dtype < 0) odt = MSRT_FLOAT16;
    cast[0] = odt;
    break;
  case MSRT_RMAX:
  case MSRT_RMIN:
    if (r == 0 && shape_size(x->ndim, x->shape) == 0)
      rt_raise_op(I, EXC_ValueError, "%s: zero-size array to reduction operation %s which has no identity",
                  OPN(op), code == MSRT_RMAX ? "maximum" : "minimum");
    break;
  case MSRT_RARGMAX:
  case MSRT_RARGMIN:
    if (r == 0)
      rt_raise_op(I, EXC_ValueError, "%s: attempt to get %s of an empty sequence", OPN(op),
                  code == MSRT_RARGMAX ? "argmax" : "argmin");
    odt = a->dtype >= 0 ? (msrt_dtype)a->dtype : a->np ? MSRT_INT64 : MSRT_INT32;
    if (odt != MSRT_INT32 && odt != MSRT_INT64)
      rt_raise_op(I, EXC_TypeError, "%s: output_type must be int32 or int64, not %s", OPN(op), dtname(odt));
    if (!a->has_axis && a->keep_dims) { /* numpy: keepdims with axis=None keeps every dim as 1 */
      nd = x->ndim;
      for (int i = 0; i < nd; i++) shp[i] = 1;
    }
    break;
  default: /* all/any */
    odt = MSRT_BOOL;
    break;
  }
  set_type(out, odt, nd, shp);
}

INFER(infer_softmax) {
  (void)nin;
  const TType *x = &in[0];
  if (x->ndim == 0) rt_raise_op(I, EXC_ValueError, "%s: input must have at least 1 dimension", OPN(op));
  if (a->has_axis) {
    if (a->naxis != 1) rt_raise_op(I, EXC_ValueError, "%s: axis must be a single int", OPN(op));
    norm_axis(I, op, a->axis[0], x->ndim);
  }
  msrt_dtype dt = float_for(x->dt, a->np);
  set_type(out, dt, x->ndim, x->shape);
  cast[0] = dt;
}

_Noreturn static void matmul_error(Interp *I, const char *name, const TType *x, const TType *y, int64_t k1,
                                   int64_t k2) {
  rt_raise_op(I, EXC_ValueError, "%s: cannot multiply %s by %s: %lld != %lld", name, SHP(x), SHP(y),
              (long long)k1, (long long)k2);
}

INFER(infer_matmul) {
  (void)nin;
  const TType *x = &in[0], *y = &in[1];
  msrt_dtype dt = result_type(2, in, a->np);
  cast[0] = cast[1] = dt;
  int64_t shp[MSRT_MAX_NDIM];
  if (op == OP_MatMul) {
    if (x->ndim != 2 || y->ndim != 2)
      rt_raise_op(I, EXC_ValueError, "MatMul: inputs must be 2-D, got %s and %s", SHP(x), SHP(y));
    int64_t m = a->transpose_a ? x->shape[1] : x->shape[0], k1 = a->transpose_a ? x->shape[0] : x->shape[1];
    int64_t k2 = a->transpose_b ? y->shape[1] : y->shape[0], n = a->transpose_b ? y->shape[0] : y->shape[1];
    if (k1 != k2) matmul_error(I, "MatMul", x, y, k1, k2);
    shp[0] = m;
    shp[1] = n;
    set_type(out, dt, 2, shp);
    return;
  }
  const char *name = op == OP_BatchMatMul ? "BatchMatMul" : "MatMul";
  if (x->ndim == 0 || y->ndim == 0)
    rt_raise_op(I, EXC_ValueError, "%s: scalar operands are not allowed, use '*' instead", name);
  if (op == OP_BatchMatMul && (x->ndim < 2 || y->ndim < 2))
    rt_raise_op(I, EXC_ValueError, "BatchMatMul: inputs must be at least 2-D, got %s and %s", SHP(x), SHP(y));
  bool ta = a->transpose_a, tb = a->transpose_b;
  int64_t m = x->ndim == 1 ? 1 : ta ? x->shape[x->ndim - 1] : x->shape[x->ndim - 2];
  int64_t k1 = x->ndim == 1 ? x->shape[0] : ta ? x->shape[x->ndim - 2] : x->shape[x->ndim - 1];
  int64_t k2 = y->ndim == 1 ? y->shape[0] : tb ? y->shape[y->ndim - 1] : y->shape[y->ndim - 2];
  int64_t n = y->ndim == 1 ? 1 : tb ? y->shape[y->ndim - 2] : y->shape[y->ndim - 1];
  if (k1 != k2) matmul_error(I, name, x, y, k1, k2);
  int nbx = x->ndim > 2 ? x->ndim - 2 : 0, nby = y->ndim > 2 ? y->ndim - 2 : 0, nb;
  int64_t bshp[MSRT_MAX_NDIM];
  if (!shape_broadcast(nbx, x->shape, nby, y->shape, &nb, bshp))
    rt_raise_op(I, EXC_ValueError, "%s: batch dimensions of %s and %s could not be broadcast together", name,
                SHP(x), SHP(y));
  int nd = nb;
  memcpy(shp, bshp, sizeof(int64_t) * (size_t)nb);
  if (x->ndim != 1) shp[nd++] = m;
  if (y->ndim != 1) shp[nd++] = n;
  set_type(out, dt, nd, shp);
}

INFER(infer_biasadd) {
  (void)nin;
  const TType *x = &in[0], *b = &in[1];
  if (x->ndim < 2) rt_raise_op(I, EXC_ValueError, "BiasAdd: input must be at least 2-D, got %s", SHP(x));
  if (b->ndim != 1 || b->shape[0] != x->shape[1])
    rt_raise_op(I, EXC_ValueError, "BiasAdd: bias shape %s does not match channel dimension %lld of input %s",
                SHP(b), (long long)x->shape[1], SHP(x));
  msrt_dtype dt = result_type(2, in, a->np);
  set_type(out, dt, x->ndim, x->shape);
  cast[0] = cast[1] = dt;
}

static void need_shape(Interp *I, OpId op, const Attrs *a) {
  if (!a->has_shape) rt_raise_op(I, EXC_TypeError, "%s: missing the 'shape' argument", OPN(op));
}

INFER(infer_reshape) {
  (void)nin;
  const TType *x = &in[0];
  need_shape(I, op, a);
  int64_t shp[MSRT_MAX_NDIM], known = 1, size = shape_size(x->ndim, x->shape);
  int unknown = -1;
  for (int i = 0; i < a->nshape; i++) {
    shp[i] = a->shape[i];
    if (shp[i] == -1) {
      if (unknown >= 0) rt_raise_op(I, EXC_ValueError, "Reshape: can only specify one unknown dimension");
      unknown = i;
    } else if (shp[i] < 0) {
      rt_raise_op(I, EXC_ValueError, "Reshape: negative dimensions not allowed in shape %s",
                  shape_str((char[128]){0}, 128, a->nshape, a->shape));
    } else {
      known *= shp[i];
    }
  }
  if (unknown >= 0 && known != 0 && size % known == 0) shp[unknown] = size / known;
  else if (unknown >= 0) known = -1;
  if ((unknown < 0 && known != size) || known < 0)
    rt_raise_op(I, EXC_ValueError, "Reshape: cannot reshape array of size %lld into shape %s", (long long)size,
                shape_str((char[128]){0}, 128, a->nshape, a->shape));
  set_type(out, x->dt, a->nshape, shp);
  cast[0] = x->dt;
}

/* The permutation of Transpose (reversed axes when no perm is given). */
static void transpose_perm(Interp *I, const TType *x, const Attrs *a, int64_t *perm) {
  if (!a->has_axis) {
    for (int i = 0; i < x->ndim; i++) perm[i] = x->ndim - 1 - i;
    return;
  }
  if (a->naxis != x->ndim)
    rt_raise_op(I, EXC_ValueError, "Transpose: perm %s does not match the %d axes of %s",
                shape_str((char[128]){0}, 128, a->naxis, a->axis), x->ndim, SHP(x));
  uint32_t seen = 0;
  for (int i = 0; i < x->ndim; i++) {
    int64_t p = a->axis[i];
    if (p < -x->ndim || p >= x->ndim || (seen & (1u << (p < 0 ? p + x->ndim : p))))
      rt_raise_op(I, EXC_ValueError, "Transpose: perm %s is not a permutation of the %d axes of %s",
                  shape_str((char[128]){0}, 128, a->naxis, a->axis), x->ndim, SHP(x));
    perm[i] = p < 0 ? p + x->ndim : p;
    seen |= 1u << perm[i];
  }
}

INFER(infer_transpose) {
  (void)nin;
  (void)op;
  const TType *x = &in[0];
  int64_t perm[MSRT_MAX_NDIM], shp[MSRT_MAX_NDIM];
  transpose_perm(I, x, a, perm);
  for (int i = 0; i < x->ndim; i++) shp[i] = x->shape[perm[i]];
  set_type(out, x->dt, x->ndim, shp);
  cast[0] = x->dt;
}

INFER(infer_expand_dims) {
  (void)nin;
  const TType *x = &in[0];
  if (!a->has_axis || a->naxis != 1) rt_raise_op(I, EXC_TypeError, "ExpandDims: axis must be an int");
  if (x->ndim + 1 > MSRT_MAX_NDIM)
    rt_raise_op(I, EXC_ValueError, "ExpandDims: at most %d dimensions are supported", MSRT_MAX_NDIM);
  int64_t ax = norm_axis(I, op, a->axis[0], x->ndim + 1), shp[MSRT_MAX_NDIM];
  for (int i = 0, j = 0; i <= x->ndim; i++) shp[i] = i == ax ? 1 : x->shape[j++];
  set_type(out, x->dt, x->ndim + 1, shp);
  cast[0] = x->dt;
}

INFER(infer_squeeze) {
  (void)nin;
  const TType *x = &in[0];
  uint32_t m = 0;
  if (!a->has_axis) {
    for (int i = 0; i < x->ndim; i++)
      if (x->shape[i] == 1) m |= 1u << i;
  } else {
    for (int i = 0; i < a->naxis; i++) {
      int64_t ax = norm_axis(I, op, a->axis[i], x->ndim);
      if (x->shape[ax] != 1)
        rt_raise_op(I, EXC_ValueError,
                    "Squeeze: cannot select an axis to squeeze out which has size not equal to one "
                    "(axis %lld of %s)", (long long)ax, SHP(x));
      m |= 1u << ax;
    }
  }
  int64_t shp[MSRT_MAX_NDIM];
  int nd = 0;
  for (int i = 0; i < x->ndim; i++)
    if (!(m & (1u << i))) shp[nd++] = x->shape[i];
  set_type(out, x->dt, nd, shp);
  cast[0] = x->dt;
}

INFER(infer_flatten) {
  (void)nin;
  (void)op;
  (void)a;
  const TType *x = &in[0];
  if (x->ndim == 0) rt_raise_op(I, EXC_ValueError, "Flatten: input must have at least 1 dimension");
  int64_t shp[2] = {x->shape[0], 1};
  for (int i = 1; i < x->ndim; i++) shp[1] *= x->shape[i];
  set_type(out, x->dt, 2, shp);
  cast[0] = x->dt;
}

INFER(infer_broadcast_to) {
  (void)nin;
  const TType *x = &in[0];
  need_shape(I, op, a);
  int64_t shp[MSRT_MAX_NDIM];
  bool ok = a->nshape >= x->ndim;
  for (int i = 0; ok && i < a->nshape; i++) {
    int j = i - (a->nshape - x->ndim);
    int64_t d = a->shape[i];
    if (d == -1 && j >= 0) d = x->shape[j];
    if (d < 0) ok = false;
    else if (j >= 0 && x->shape[j] != d && x->shape[j] != 1) ok = false;
    shp[i] = d;
  }
  if (!ok)
    rt_raise_op(I, EXC_ValueError, "BroadcastTo: cannot broadcast an array of shape %s to shape %s", SHP(x),
                shape_str((char[128]){0}, 128, a->nshape, a->shape));
  set_type(out, x->dt, a->nshape, shp);
  cast[0] = x->dt;
}

INFER(infer_concat) {
  if (nin < 1) rt_raise_op(I, EXC_ValueError, "%s: needs at least one input", OPN(op));
  msrt_dtype dt = result_type(nin, in, a->np);
  for (int i = 0; i < nin; i++) cast[i] = dt;
  int64_t ax0 = a->has_axis ? a->axis[0] : 0;
  const TType *x = &in[0];
  int64_t shp[MSRT_MAX_NDIM];
  if (op == OP_Stack) {
    for (int i = 1; i < nin; i++) {
      bool same = in[i].ndim == x->ndim;
      for (int d = 0; same && d < x->ndim; d++) same = in[i].shape[d] == x->shape[d];
      if (!same)
        rt_raise_op(I, EXC_ValueError, "Stack: all input arrays must have the same shape, got %s and %s",
                    SHP(x), SHP(&in[i]));
    }
    if (x->ndim + 1 > MSRT_MAX_NDIM)
      rt_raise_op(I, EXC_ValueError, "Stack: at most %d dimensions are supported", MSRT_MAX_NDIM);
    int64_t ax = norm_axis(I, op, ax0, x->ndim + 1);
    for (int i = 0, j = 0; i <= x->ndim; i++) shp[i] = i == ax ? nin : x->shape[j++];
    set_type(out, dt, x->ndim + 1, shp);
    return;
  }
  if (x->ndim == 0) rt_raise_op(I, EXC_ValueError, "Concat: zero-dimensional arrays cannot be concatenated");
  int64_t ax = norm_axis(I, op, ax0, x->ndim);
  memcpy(shp, x->shape, sizeof(int64_t) * (size_t)x->ndim);
  for (int i = 1; i < nin; i++) {
    const TType *y = &in[i];
    bool ok = y->ndim == x->ndim;
    for (int d = 0; ok && d < x->ndim; d++) ok = d == ax || y->shape[d] == x->shape[d];
    if (!ok)
      rt_raise_op(I, EXC_ValueError, "Concat: shapes %s and %s do not match outside axis %lld", SHP(x), SHP(y),
                  (long long)ax);
    shp[ax] += y->shape[ax];
  }
  set_type(out, dt, x->ndim, shp);
}

INFER(infer_cast) {
  (void)nin;
  if (a->dtype < 0) rt_raise_op(I, EXC_TypeError, "%s: missing the 'dtype' argument", OPN(op));
  set_type(out, (msrt_dtype)a->dtype, in[0].ndim, in[0].shape);
  cast[0] = in[0].dt;
}

INFER(infer_identity) {
  (void)I;
  (void)op;
  (void)nin;
  (void)a;
  set_type(out, in[0].dt, in[0].ndim, in[0].shape);
  cast[0] = in[0].dt;
}

/* Element count of a normalised slice (start, stop, step as slice.indices
 * gives them). */
static int64_t slice_count(int64_t start, int64_t stop, int64_t step) {
  if (step > 0) return start < stop ? (stop - start - 1) / step + 1 : 0;
  return start > stop ? (start - stop - 1) / (-step) + 1 : 0;
}

INFER(infer_strided_slice) {
  (void)nin;
  const TType *x = &in[0];
  if (!a->has_slice) rt_raise_op(I, EXC_TypeError, "%s: missing begin/end/strides", OPN(op));
  int64_t shp[MSRT_MAX_NDIM];
  int nd = 0, ni = 0;
  int ntotal = 0;
  for (int d = 0; d < x->ndim; d++)
    if (!(a->shrink_mask & (1u << d))) ntotal++;
  ntotal += a->nnew;
  if (ntotal > MSRT_MAX_NDIM)
    rt_raise_op(I, EXC_IndexError, "%s: at most %d dimensions are supported", OPN(op), MSRT_MAX_NDIM);
  int d = 0;
  while (nd < ntotal) {
    if (ni < a->nnew && a->new_axis[ni] == nd) {
      shp[nd++] = 1;
      ni++;
      continue;
    }
    while (d < x->ndim && (a->shrink_mask & (1u << d))) d++;
    if (d >= x->ndim) break;
    shp[nd++] = slice_count(a->begin[d], a->end[d], a->strides[d]);
    d++;
  }
  set_type(out, x->dt, nd, shp);
  cast[0] = x->dt;
}

INFER(infer_fill) {
  (void)nin;
  (void)in;
  (void)cast;
  need_shape(I, op, a);
  msrt_dtype dt;
  if (a->dtype >= 0) dt = (msrt_dtype)a->dtype;
  else if (op == OP_Fill && a->value_is_int) dt = MSRT_INT64;
  else dt = a->np ? MSRT_FLOAT64 : MSRT_FLOAT32;
  for (int i = 0; i < a->nshape; i++)
    if (a->shape[i] < 0)
      rt_raise_op(I, EXC_ValueError, "%s: negative dimensions are not allowed", OPN(op));
  set_type(out, dt, a->nshape, a->shape);
}

INFER(infer_like) {
  (void)I;
  (void)op;
  (void)nin;
  set_type(out, a->dtype >= 0 ? (msrt_dtype)a->dtype : in[0].dt, in[0].ndim, in[0].shape);
  cast[0] = in[0].dt;
}

static int64_t range_count(Interp *I, const Attrs *a) {
  if (a->delta == 0) rt_raise_op(I, EXC_ZeroDivisionError, "Range: step must not be zero");
  if (a->value_is_int) {
    int64_t d = a->ilimit - a->istart, s = a->idelta;
    int64_t n = s > 0 ? (d + s - 1) / s : (d + s + 1) / s;
    if ((s > 0 && d <= 0) || (s < 0 && d >= 0)) n = 0;
    return n;
  }
  double n = ceil((a->limit - a->start) / a->delta);
  if (!(n > 0)) return 0;
  if (n > 1e12) rt_raise_op(I, EXC_ValueError, "Range: maximum allowed size exceeded");
  return (int64_t)n;
}

INFER(infer_range) {
  (void)nin;
  (void)in;
  (void)cast;
  int64_t n;
  msrt_dtype dt;
  if (op == OP_Range) {
    n = range_count(I, a);
    dt = a->dtype >= 0 ? (msrt_dtype)a->dtype : a->value_is_int ? MSRT_INT64 : a->np ? MSRT_FLOAT64 : MSRT_FLOAT32;
  } else {
    if (a->num < 0)
      rt_raise_op(I, EXC_ValueError, "LinSpace: number of samples, %lld, must be non-negative", (long long)a->num);
    n = a->num;
    dt = a->dtype >= 0 ? (msrt_dtype)a->dtype : a->np ? MSRT_FLOAT64 : MSRT_FLOAT32;
  }
  set_type(out, dt, 1, &n);
}

/* ---- kernel helpers ---------------------------------------------------- */

#define KERNEL(fn) static void fn(U Interp *I, U OpId op, U int nin, U Tensor *const *in, U const Attrs *a, U Tensor *out)

static void check_rc(Interp *I, OpId op, int rc, msrt_dtype dt) {
  if (rc != MSRT_OK)
    rt_raise_op(I, EXC_TypeError, "%s: dtype %s is not supported by this operation", OPN(op), dtname(dt));
}

/* GEMM workspace, grown on demand and kept (one eager op at a time). */
static void *gemm_ws(size_t n) {
  static void *ws;
  static size_t cap;
  if (n > cap) {
    free(ws);
    cap = n + (n >> 2) + 4096;
    ws = aligned_alloc(64, (cap + 63) & ~(size_t)63);
    if (!ws) die("out of memory");
  }
  return ws;
}

/* ---- kernel rules ------------------------------------------------------- */

KERNEL(kern_binary) {
  (void)nin;
  (void)a;
  int nd = out->ndim;
  int64_t shp[MSRT_MAX_NDIM], as[MSRT_MAX_NDIM], bs[MSRT_MAX_NDIM], os[MSRT_MAX_NDIM];
  if (out->size == 0) return;
  if (op == OP_Pow && dtype_is_int(in[1]->dtype)) {
    for (int64_t i = 0; i < in[1]->size; i++)
      if (tensor_get_i64(in[1], i) < 0)
        rt_raise_op(I, EXC_ValueError, "Pow: integers to negative integer powers are not allowed");
  }
  if (nd == 0) {
    nd = 1;
    shp[0] = 1;
    as[0] = bs[0] = 0;
    os[0] = 1;
  } else {
    memcpy(shp, out->shape, sizeof(int64_t) * (size_t)nd);
    bcast_strides(in[0], nd, shp, as);
    bcast_strides(in[1], nd, shp, bs);
    contig_strides(nd, shp, os);
  }
  int rc = msrt_binary((msrt_binop)op_info[op].code, in[0]->dtype, nd, shp, in[0]->data, as, in[1]->data, bs,
                       out->data, os);
  check_rc(I, op, rc, in[0]->dtype);
}

KERNEL(kern_unary) {
  (void)nin;
  (void)a;
  if (out->size == 0) return;
  if (op == OP_Round && !dtype_is_float(in[0]->dtype)) {
    memcpy(out->data, in[0]->data, (size_t)out->size * msrt_dtype_size(out->dtype));
    return;
  }
  int rc = msrt_unary((msrt_unop)op_info[op].code, in[0]->dtype, in[0]->size, in[0]->data, out->data);
  check_rc(I, op, rc, in[0]->dtype);
}

/* Copies x with its axes permuted (contiguous out). */
static void permute_copy(Interp *I, OpId op, const Tensor *x, const int64_t *perm, void *dst) {
  int64_t cs[MSRT_MAX_NDIM], st[MSRT_MAX_NDIM], shp[MSRT_MAX_NDIM];
  contig_strides(x->ndim, x->shape, cs);
  for (int i = 0; i < x->ndim; i++) {
    shp[i] = x->shape[perm[i]];
    st[i] = cs[perm[i]];
  }
  int rc = msrt_copy_strided(x->dtype, x->ndim, shp, x->data, st, dst);
  check_rc(I, op, rc, x->dtype);
}

KERNEL(kern_reduce) {
  (void)nin;
  const Tensor *x = in[0];
  int code = op_info[op].code;
  TType xt;
  set_type(&xt, x->dtype, x->ndim, x->shape);
  uint32_t m = reduce_mask(I, op, &xt, a);
  /* Are the reduced axes one contiguous block? */
  int first = -1, last = -1;
  for (int i = 0; i < x->ndim; i++)
    if (m & (1u << i)) {
      if (first < 0) first = i;
      last = i;
    }
  const void *src = x->data;
  void *tmp = NULL;
  int64_t outer = 1, r = 1, inner = 1;
  if (first < 0) {
    r = 1;
    outer = x->size;
  } else {
    bool block = true;
    for (int i = first; i <= last; i++)
      if (!(m & (1u << i))) block = false;
    if (block) {
      for (int i = 0; i < first; i++) outer *= x->shape[i];
      for (int i = first; i <= last; i++) r *= x->shape[i];
      for (int i = last + 1; i < x->ndim; i++) inner *= x->shape[i];
    } else { /* move the reduced axes last */
      int64_t perm[MSRT_MAX_NDIM];
      int k = 0;
      for (int i = 0; i < x->ndim; i++)
        if (!(m & (1u << i))) {
          perm[k++] = i;
          outer *= x->shape[i];
        }
      for (int i = 0; i < x->ndim; i++)
        if (m & (1u << i)) {
          perm[k++] = i;
          r *= x->shape[i];
        }
      tmp = malloc((size_t)(x->size ? x->size : 1) * msrt_dtype_size(x->dtype));
      if (!tmp) die("out of memory");
      permute_copy(I, op, x, perm, tmp);
      src = tmp;
    }
  }
  int rc = MSRT_OK;
  if (out->size > 0) {
    if (r == 0 && (code == MSRT_RSUM || code == MSRT_RPROD || code == MSRT_RMEAN || code == MSRT_RANY ||
                   code == MSRT_RALL)) {
      /* identities; mean of nothing is nan (numpy warns) */
      for (int64_t i = 0; i < out->size; i++) {
        Value v = code == MSRT_RSUM ? v_int(0) : code == MSRT_RPROD ? v_int(1)
                  : code == MSRT_RMEAN ? v_float(NAN) : v_bool(code == MSRT_RALL);
        tensor_set_value(I, out, i, v);
      }
    } else {
      rc = msrt_reduce((msrt_reduce_op)code, x->dtype, out->dtype, outer, r, inner, src, out->data);
    }
  }
  free(tmp);
  check_rc(I, op, rc, x->dtype);
}

KERNEL(kern_softmax) {
  (void)nin;
  const Tensor *x = in[0];
  int64_t ax = a->has_axis ? a->axis[0] : -1;
  if (ax < 0) ax += x->ndim;
  int64_t outer = 1, n = x->shape[ax], inner = 1;
  for (int i = 0; i < ax; i++) outer *= x->shape[i];
  for (int i = (int)ax + 1; i < x->ndim; i++) inner *= x->shape[i];
  if (out->size == 0) return;
  int rc = msrt_softmax(x->dtype, op == OP_LogSoftmax, outer, n, inner, x->data, out->data);
  check_rc(I, op, rc, x->dtype);
}

/* C[b] = op(A[b]) @ op(B[b]) for the batch dims of out, broadcasting. */
KERNEL(kern_matmul) {
  (void)nin;
  const Tensor *x = in[0], *y = in[1];
  bool ta = a->transpose_a, tb = a->transpose_b;
  int64_t m, k, n;
  if (op == OP_MatMul || (x->ndim == 2 && y->ndim == 2)) {
    m = ta ? x->shape[1] : x->shape[0];
    k = ta ? x->shape[0] : x->shape[1];
    n = tb ? y->shape[0] : y->shape[1];
  } else {
    m = x->ndim == 1 ? 1 : ta ? x->shape[x->ndim - 1] : x->shape[x->ndim - 2];
    k = x->ndim == 1 ? x->shape[0] : ta ? x->shape[x->ndim - 2] : x->shape[x->ndim - 1];
    n = y->ndim == 1 ? 1 : tb ? y->shape[y->ndim - 2] : y->shape[y->ndim - 1];
  }
  if (out->size == 0) return;
  size_t es = msrt_dtype_size(out->dtype);
  if (k == 0) {
    memset(out->data, 0, (size_t)out->size * es);
    return;
  }
  void *ws = gemm_ws(msrt_gemm_ws_size(m, n, k));
  int nbx = x->ndim > 2 ? x->ndim - 2 : 0, nby = y->ndim > 2 ? y->ndim - 2 : 0;
  int nb = out->ndim - (x->ndim != 1) - (y->ndim != 1);
  int64_t batch = shape_size(nb, out->shape);
  int64_t xsz = m * k, ysz = k * n;
  /* one call when the batches are equal or one side is a single matrix */
  bool xfull = shape_size(nbx, x->shape) == batch, yfull = shape_size(nby, y->shape) == batch;
  bool xone = shape_size(nbx, x->shape) == 1, yone = shape_size(nby, y->shape) == 1;
  bool same = nbx == nby || xone || yone;
  if (same && (xfull || xone) && (yfull || yone)) {
    int rc = msrt_matmul(out->dtype, ta, tb, batch, m, n, k, x->data, xone ? 0 : xsz, y->data, yone ? 0 : ysz,
                         out->data, ws);
    check_rc(I, op, rc, out->dtype);
    return;
  }
  /* general broadcasting: one matrix product per batch index */
  int64_t idx[MSRT_MAX_NDIM] = {0}, xst[MSRT_MAX_NDIM], yst[MSRT_MAX_NDIM];
  Tensor xb = *x, yb = *y;
  xb.ndim = nbx;
  yb.ndim = nby;
  bcast_strides(&xb, nb, out->shape, xst);
  bcast_strides(&yb, nb, out->shape, yst);
  for (int64_t bi = 0; bi < batch; bi++) {
    int64_t xo = 0, yo = 0;
    for (int d = 0; d < nb; d++) {
      xo += idx[d] * xst[d];
      yo += idx[d] * yst[d];
    }
    int rc = msrt_matmul(out->dtype, ta, tb, 1, m, n, k, (const char *)x->data + (size_t)(xo * xsz) * es, 0,
                         (const char *)y->data + (size_t)(yo * ysz) * es, 0,
                         (char *)out->data + (size_t)(bi * m * n) * es, ws);
    check_rc(I, op, rc, out->dtype);
    for (int d = nb - 1; d >= 0; d--) {
      if (++idx[d] < out->shape[d]) break;
      idx[d] = 0;
    }
  }
}

KERNEL(kern_biasadd) {
  (void)nin;
  (void)a;
  const Tensor *x = in[0], *b = in[1];
  if (out->size == 0) return;
  int64_t xs[MSRT_MAX_NDIM], bs[MSRT_MAX_NDIM] = {0}, os[MSRT_MAX_NDIM];
  contig_strides(x->ndim, x->shape, xs);
  contig_strides(x->ndim, x->shape, os);
  bs[1] = 1;
  int rc = msrt_binary(MSRT_ADD, x->dtype, x->ndim, x->shape, x->data, xs, b->data, bs, out->data, os);
  check_rc(I, op, rc, x->dtype);
}

KERNEL(kern_copy) { /* Reshape, ExpandDims, Squeeze, Flatten, Identity */
  (void)I;
  (void)op;
  (void)nin;
  (void)a;
  memcpy(out->data, in[0]->data, (size_t)out->size * msrt_dtype_size(out->dtype));
}

KERNEL(kern_transpose) {
  (void)nin;
  const Tensor *x = in[0];
  TType xt;
  set_type(&xt, x->dtype, x->ndim, x->shape);
  int64_t perm[MSRT_MAX_NDIM];
  transpose_perm(I, &xt, a, perm);
  if (out->size == 0) return;
  if (x->ndim == 0) {
    memcpy(out->data, x->data, msrt_dtype_size(x->dtype));
    return;
  }
  permute_copy(I, op, x, perm, out->data);
}

KERNEL(kern_broadcast_to) {
  (void)nin;
  (void)a;
  if (out->size == 0) return;
  int64_t st[MSRT_MAX_NDIM];
  if (out->ndim == 0) {
    memcpy(out->data, in[0]->data, msrt_dtype_size(out->dtype));
    return;
  }
  bcast_strides(in[0], out->ndim, out->shape, st);
  int rc = msrt_copy_strided(out->dtype, out->ndim, out->shape, in[0]->data, st, out->data);
  check_rc(I, op, rc, out->dtype);
}

KERNEL(kern_concat) {
  int64_t ax = a->has_axis ? a->axis[0] : 0;
  size_t es = msrt_dtype_size(out->dtype);
  if (ax < 0) ax += out->ndim;
  /* rows: the product of the dims before the axis; each input contributes
   * a contiguous chunk per row */
  int64_t rows = 1;
  for (int i = 0; i < ax; i++) rows *= out->shape[i];
  int64_t orow = out->size / (rows ? rows : 1);
  if (out->size == 0) return;
  int64_t off = 0;
  for (int j = 0; j < nin; j++) {
    int64_t chunk = rows ? in[j]->size / rows : 0;
    for (int64_t r = 0; r < rows; r++)
      memcpy((char *)out->data + (size_t)(r * orow + off) * es, (const char *)in[j]->data + (size_t)(r * chunk) * es,
             (size_t)chunk * es);
    off += chunk;
  }
}

KERNEL(kern_cast) {
  (void)nin;
  (void)a;
  if (out->size == 0) return;
  int rc = msrt_cast(in[0]->dtype, out->dtype, out->size, in[0]->data, out->data);
  check_rc(I, op, rc, in[0]->dtype);
}

KERNEL(kern_strided_slice) {
  (void)nin;
  const Tensor *x = in[0];
  if (out->size == 0) return;
  int64_t cs[MSRT_MAX_NDIM], shp[MSRT_MAX_NDIM], st[MSRT_MAX_NDIM], off = 0;
  contig_strides(x->ndim, x->shape, cs);
  int nd = 0;
  for (int d = 0; d < x->ndim; d++) {
    off += a->begin[d] * cs[d];
    if (a->shrink_mask & (1u << d)) continue;
    shp[nd] = slice_count(a->begin[d], a->end[d], a->strides[d]);
    st[nd++] = a->strides[d] * cs[d];
  }
  size_t es = msrt_dtype_size(x->dtype);
  const char *src = (const char *)x->data + (size_t)off * es;
  if (nd == 0) {
    memcpy(out->data, src, es);
    return;
  }
  int rc = msrt_copy_strided(x->dtype, nd, shp, src, st, out->data);
  check_rc(I, op, rc, x->dtype);
}

KERNEL(kern_fill) {
  (void)nin;
  (void)in;
  if (out->size == 0) return;
  Value v = op == OP_Ones || op == OP_OnesLike ? v_int(1)
            : op == OP_Zeros || op == OP_ZerosLike ? v_int(0)
            : a->value_is_int ? v_int(a->ivalue) : v_float(a->value);
  tensor_set_value(I, out, 0, v);
  size_t es = msrt_dtype_size(out->dtype);
  for (int64_t i = 1; i < out->size; i++) memcpy((char *)out->data + (size_t)i * es, out->data, es);
}

KERNEL(kern_range) {
  (void)nin;
  (void)in;
  int64_t n = out->size;
  if (n == 0) return;
  double *tmp = malloc(sizeof(double) * (size_t)n);
  if (!tmp) die("out of memory");
  if (op == OP_Range) {
    if (a->value_is_int && !dtype_is_float(out->dtype)) {
      for (int64_t i = 0; i < n; i++) tensor_set_value(I, out, i, v_int(a->istart + i * a->idelta));
      free(tmp);
      return;
    }
    msrt_arange_f64(a->start, a->delta, n, tmp);
  } else {
    msrt_linspace_f64(a->start, a->limit, n, tmp);
  }
  int rc = msrt_cast(MSRT_FLOAT64, out->dtype, n, tmp, out->data);
  free(tmp);
  check_rc(I, op, rc, out->dtype);
}

/* ---- rule tables --------------------------------------------------------- */

/* The rules of the issue-5 op families, kept together per family; they are
 * part of this file (textually included, to share its static helpers). */
#include "prim_index.c.inc"
#include "prim_nn.c.inc"

static const InferFn infer_rules[OP_COUNT] = {
    [OP_Add] = infer_binary, [OP_Sub] = infer_binary, [OP_Mul] = infer_binary,
    [OP_RealDiv] = infer_binary, [OP_Div] = infer_binary, [OP_FloorDiv] = infer_binary,
    [OP_FloorMod] = infer_binary, [OP_Pow] = infer_binary, [OP_Maximum] = infer_binary,
    [OP_Minimum] = infer_binary, [OP_Atan2] = infer_binary, [OP_BitwiseAnd] = infer_binary,
    [OP_BitwiseOr] = infer_binary, [OP_BitwiseXor] = infer_binary,
    [OP_Equal] = infer_binary, [OP_NotEqual] = infer_binary, [OP_Less] = infer_binary,
    [OP_LessEqual] = infer_binary, [OP_Greater] = infer_binary, [OP_GreaterEqual] = infer_binary,
    [OP_LogicalAnd] = infer_binary, [OP_LogicalOr] = infer_binary,
    [OP_Neg] = infer_unary, [OP_Abs] = infer_unary, [OP_Sign] = infer_unary, [OP_Square] = infer_unary,
    [OP_ReLU] = infer_unary, [OP_Invert] = infer_unary, [OP_Round] = infer_unary, [OP_Floor] = infer_unary,
    [OP_Ceil] = infer_unary, [OP_Trunc] = infer_unary, [OP_Sqrt] = infer_unary, [OP_Rsqrt] = infer_unary,
    [OP_Reciprocal] = infer_unary, [OP_Exp] = infer_unary, [OP_Expm1] = infer_unary, [OP_Log] = infer_unary,
    [OP_Log1p] = infer_unary, [OP_Sin] = infer_unary, [OP_Cos] = infer_unary, [OP_Tan] = infer_unary,
    [OP_Tanh] = infer_unary, [OP_Sigmoid] = infer_unary, [OP_Softplus] = infer_unary, [OP_Erf] = infer_unary,
    [OP_GeLU] = infer_unary, [OP_SiLU] = infer_unary, [OP_LogicalNot] = infer_unary, [OP_IsNan] = infer_unary,
    [OP_IsInf] = infer_unary, [OP_IsFinite] = infer_unary,
    [OP_MatMul] = infer_matmul, [OP_BatchMatMul] = infer_matmul, [OP_MatMulExt] = infer_matmul,
    [OP_BiasAdd] = infer_biasadd,
    [OP_ReduceSum] = infer_reduce, [OP_ReduceMean] = infer_reduce, [OP_ReduceProd] = infer_reduce,
    [OP_ReduceMax] = infer_reduce, [OP_ReduceMin] = infer_reduce, [OP_ReduceAll] = infer_reduce,
    [OP_ReduceAny] = infer_reduce, [OP_Argmax] = infer_reduce, [OP_Argmin] = infer_reduce,
    [OP_Softmax] = infer_softmax, [OP_LogSoftmax] = infer_softmax,
    [OP_Reshape] = infer_reshape, [OP_Transpose] = infer_transpose, [OP_ExpandDims] = infer_expand_dims,
    [OP_Squeeze] = infer_squeeze, [OP_Flatten] = infer_flatten, [OP_BroadcastTo] = infer_broadcast_to,
    [OP_Concat] = infer_concat, [OP_Stack] = infer_concat, [OP_Cast] = infer_cast,
    [OP_Identity] = infer_identity, [OP_StridedSlice] = infer_strided_slice,
    [OP_Fill] = infer_fill, [OP_Ones] = infer_fill, [OP_Zeros] = infer_fill,
    [OP_OnesLike] = infer_like, [OP_ZerosLike] = infer_like,
    [OP_Range] = infer_range, [OP_LinSpace] = infer_range,
    [OP_Tile] = infer_tile, [OP_Select] = infer_select, [OP_OneHot] = infer_one_hot,
    [OP_Gather] = infer_gather, [OP_GatherD] = infer_gather_d, [OP_GatherNd] = infer_gather_nd,
    [OP_TensorScatterUpdate] = infer_scatter, [OP_TensorScatterAdd] = infer_scatter,
    [OP_CumSum] = infer_cumulative, [OP_CumProd] = infer_cumulative, [OP_ArgSort] = infer_argsort,
    [OP_Conv2D] = infer_conv2d, [OP_MaxPool] = infer_pool, [OP_AvgPool] = infer_pool,
    [OP_BatchNorm] = infer_batchnorm, [OP_LayerNorm] = infer_layernorm,
    [OP_StopGradient] = infer_identity, [OP_Conv2DBackpropInput] = infer_conv2d_grad,
    [OP_Conv2DBackpropFilter] = infer_conv2d_grad, [OP_MaxPoolGrad] = infer_pool_grad,
    [OP_AvgPoolGrad] = infer_pool_grad,
};

static const KernelFn kernel_rules[OP_COUNT] = {
    [OP_Add] = kern_binary, [OP_Sub] = kern_binary, [OP_Mul] = kern_binary,
    [OP_RealDiv] = kern_binary, [OP_Div] = kern_binary, [OP_FloorDiv] = kern_binary,
    [OP_FloorMod] = kern_binary, [OP_Pow] = kern_binary, [OP_Maximum] = kern_binary,
    [OP_Minimum] = kern_binary, [OP_Atan2] = kern_binary, [OP_BitwiseAnd] = kern_binary,
    [OP_BitwiseOr] = kern_binary, [OP_BitwiseXor] = kern_binary,
    [OP_Equal] = kern_binary, [OP_NotEqual] = kern_binary, [OP_Less] = kern_binary,
    [OP_LessEqual] = kern_binary, [OP_Greater] = kern_binary, [OP_GreaterEqual] = kern_binary,
    [OP_LogicalAnd] = kern_binary, [OP_LogicalOr] = kern_binary,
    [OP_Neg] = kern_unary, [OP_Abs] = kern_unary, [OP_Sign] = kern_unary, [OP_Square] = kern_unary,
    [OP_ReLU] = kern_unary, [OP_Invert] = kern_unary, [OP_Round] = kern_unary, [OP_Floor] = kern_unary,
    [OP_Ceil] = kern_unary, [OP_Trunc] = kern_unary, [OP_Sqrt] = kern_unary, [OP_Rsqrt] = kern_unary,
    [OP_Reciprocal] = kern_unary, [OP_Exp] = kern_unary, [OP_Expm1] = kern_unary, [OP_Log] = kern_unary,
    [OP_Log1p] = kern_unary, [OP_Sin] = kern_unary, [OP_Cos] = kern_unary, [OP_Tan] = kern_unary,
    [OP_Tanh] = kern_unary, [OP_Sigmoid] = kern_unary, [OP_Softplus] = kern_unary, [OP_Erf] = kern_unary,
    [OP_GeLU] = kern_unary, [OP_SiLU] = kern_unary, [OP_LogicalNot] = kern_unary, [OP_IsNan] = kern_unary,
    [OP_IsInf] = kern_unary, [OP_IsFinite] = kern_unary,
    [OP_MatMul] = kern_matmul, [OP_BatchMatMul] = kern_matmul, [OP_MatMulExt] = kern_matmul,
    [OP_BiasAdd] = kern_biasadd,
    [OP_ReduceSum] = kern_reduce, [OP_ReduceMean] = kern_reduce, [OP_ReduceProd] = kern_reduce,
    [OP_ReduceMax] = kern_reduce, [OP_ReduceMin] = kern_reduce, [OP_ReduceAll] = kern_reduce,
    [OP_ReduceAny] = kern_reduce, [OP_Argmax] = kern_reduce, [OP_Argmin] = kern_reduce,
    [OP_Softmax] = kern_softmax, [OP_LogSoftmax] = kern_softmax,
    [OP_Reshape] = kern_copy, [OP_Transpose] = kern_transpose, [OP_ExpandDims] = kern_copy,
    [OP_Squeeze] = kern_copy, [OP_Flatten] = kern_copy, [OP_BroadcastTo] = kern_broadcast_to,
    [OP_Concat] = kern_concat, [OP_Stack] = kern_concat, [OP_Cast] = kern_cast,
    [OP_Identity] = kern_copy, [OP_StridedSlice] = kern_strided_slice,
    [OP_Fill] = kern_fill, [OP_Ones] = kern_fill, [OP_Zeros] = kern_fill,
    [OP_OnesLike] = kern_fill, [OP_ZerosLike] = kern_fill,
    [OP_Range] = kern_range, [OP_LinSpace] = kern_range,
    [OP_Tile] = kern_tile, [OP_Select] = kern_select, [OP_OneHot] = kern_one_hot,
    [OP_Gather] = kern_gather, [OP_GatherD] = kern_gather_d, [OP_GatherNd] = kern_gather_nd,
    [OP_TensorScatterUpdate] = kern_scatter, [OP_TensorScatterAdd] = kern_scatter,
    [OP_CumSum] = kern_cumulative, [OP_CumProd] = kern_cumulative, [OP_ArgSort] = kern_argsort,
    [OP_Conv2D] = kern_conv2d, [OP_MaxPool] = kern_pool, [OP_AvgPool] = kern_pool,
    [OP_BatchNorm] = kern_batchnorm, [OP_LayerNorm] = kern_layernorm,
    [OP_StopGradient] = kern_copy, [OP_Conv2DBackpropInput] = kern_conv2d_grad,
    [OP_Conv2DBackpropFilter] = kern_conv2d_grad, [OP_MaxPoolGrad] = kern_pool_grad,
    [OP_AvgPoolGrad] = kern_pool_grad,
};

InferFn op_infer_rule(OpId op) { return op >= 0 && op < OP_COUNT ? infer_rules[op] : NULL; }
KernelFn op_kernel_rule(OpId op) { return op >= 0 && op < OP_COUNT ? kernel_rules[op] : NULL; }

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
  }
}

/* ---- prim_call -------------------------------------------------------------- */

/* Temporaries of the running call, owned by a List registered as a gc root:
 * if a rule raises, they stay referenced (not counted as leaks) until the
 * interpreter frees everything. */
static Obj *scratch_slot;
static Interp *scratch_owner;

static List *scratch(Interp *I) {
  if (scratch_owner != I || !scratch_slot) {
    scratch_slot = &list_new(I, 8)->h;
    gc_root_slot(&scratch_slot);
    scratch_owner = I;
  }
  return (List *)scratch_slot;
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
}

static TFlavour flavour_of(const Attrs *a) { return a->np ? TF_NP : TF_MS; }

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
  int ntensor = 0, nnp = 0;
  for (int i = 0; i < nin; i++)
    if (v_is(in[i], OBJ_TENSOR)) {
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
    } else if (is_num(v)) {
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
    if (ty[i].weak || (a.np && t[i]->ndim == 0)) {
      ty[i].valued = true;
      ty[i].val = tensor_get_f64(t[i], 0);
      ty[i].ival = tensor_get_i64(t[i], 0);
    }
    cast[i] = t[i]->dtype;
  }
  TType out;
  infer_rules[op](I, op, nin, ty, &a, &out, cast);
  if (graph_should_stage(I, nin, in)) { /* ast capture: a graph node, not a kernel run */
    Tensor *o = keep(I, graph_stage(I, op, nin, t, cast, &a, &out));
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
  kernel_rules[op](I, op, nin, t, &a, o);
  if (t0) graph_record(I, op, nin, t0, cast, &a, o);
  obj_incref(&o->h);
  scratch_pop(I, base);
  return v_obj(&o->h);
}
