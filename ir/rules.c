/* rules.c — the per-op rules of ir/ops.def that every stage shares:
 * shape/dtype inference (pure: types in, a type and the inputs' dtype
 * conversions out, never data) and the eager kernel (runs the op on
 * buffers by calling the runtime's msrt_* kernels). Interpreter-free: the
 * interpreter (eval/prim.c prim_call), the reference executor (exec.c),
 * constant folding (passes/constfold.c) and the verifier (verify.c) all
 * call op_infer / op_kernel / op_run (ops.h), which return errors as
 * values (OpErr: an exception kind and a message, "Op: ..." as MindSpore
 * and numpy word them); the interpreter turns them into exceptions.
 *
 * Inside, a rule reports an error with op_raise(X, OPE_Kind, fmt, ...),
 * which unwinds to the entry point (one setjmp per call); temporary memory
 * comes from op_scratch(X, n) (freed when the call returns, error or not)
 * and op_workspace(X, n) (the caller's reusable workspace, if any).
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
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

/* ---- the call context: errors and temporary memory ---------------------- */

typedef struct OpCtx OpCtx;
typedef void (*InferFn)(OpCtx *X, OpId op, int nin, const TType *in, const Attrs *a, TType *out,
                        msrt_dtype *cast);
typedef void (*KernelFn)(OpCtx *X, OpId op, int nin, OpTensor *const *in, const Attrs *a, OpTensor *out);

struct OpCtx {
  jmp_buf jb;
  OpErr *err;
  void **tmp;        /* op_scratch blocks, freed at the end of the call */
  int ntmp, captmp;
  OpWorkspace *ws;   /* the caller's reusable workspace, or NULL */
};

_Noreturn MSC_PRINTF(3, 4) static void op_raise(OpCtx *X, OpErrKind kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (X->err) {
    X->err->kind = kind;
    vsnprintf(X->err->msg, sizeof X->err->msg, fmt, ap);
  }
  va_end(ap);
  longjmp(X->jb, 1);
}

/* Zeroed temporary memory for the rest of the call. */
static void *op_scratch(OpCtx *X, size_t n) {
  if (X->ntmp == X->captmp) {
    int cap = X->captmp ? 2 * X->captmp : 8;
    void **t = realloc(X->tmp, sizeof(void *) * (size_t)cap);
    if (!t) op_raise(X, OPE_MemoryError, "out of memory");
    X->tmp = t;
    X->captmp = cap;
  }
  void *p = calloc(1, n ? n : 1);
  if (!p) op_raise(X, OPE_MemoryError, "cannot allocate %zu bytes of temporary memory", n);
  X->tmp[X->ntmp++] = p;
  return p;
}

/* n bytes of 64-byte aligned workspace: the caller's buffer, grown and
 * kept when it gave one (an eager GEMM per op would otherwise allocate
 * its panels every call), else temporary memory. */
static void *op_workspace(OpCtx *X, size_t n) {
  OpWorkspace *w = X->ws;
  if (!w) return (void *)(((uintptr_t)op_scratch(X, n + 64) + 63) & ~(uintptr_t)63);
  if (n > w->cap) {
    free(w->p);
    w->cap = 0;
    size_t cap = n + (n >> 2) + 4096;
    w->p = aligned_alloc(64, (cap + 63) & ~(size_t)63);
    if (!w->p) op_raise(X, OPE_MemoryError, "cannot allocate %zu bytes of workspace", cap);
    w->cap = cap;
  }
  return w->p;
}

static void op_ctx_end(OpCtx *X) {
  for (int i = 0; i < X->ntmp; i++) free(X->tmp[i]);
  free(X->tmp);
}

/* ---- elements of buffers ------------------------------------------------ */

static bool op_dtype_is_int(msrt_dtype d) {
  return d == MSRT_INT8 || d == MSRT_UINT8 || d == MSRT_INT16 || d == MSRT_UINT16 || d == MSRT_INT32 ||
         d == MSRT_UINT32 || d == MSRT_INT64 || d == MSRT_UINT64;
}

double opt_get_f64(const OpTensor *t, int64_t i) {
  double d = 0;
  msrt_cast(t->dtype, MSRT_FLOAT64, 1, (const char *)t->data + (size_t)i * msrt_dtype_size(t->dtype), &d);
  return d;
}

int64_t opt_get_i64(const OpTensor *t, int64_t i) {
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
    double d = opt_get_f64(t, i);
    if (!(d >= -9.2233720368547758e18 && d < 9.2233720368547758e18)) return INT64_MIN;
    return (int64_t)d;
  }
  }
}

void opt_set_i64(OpTensor *t, int64_t i, int64_t v) {
  msrt_cast(MSRT_INT64, t->dtype, 1, &v, (char *)t->data + (size_t)i * msrt_dtype_size(t->dtype));
}

void opt_set_f64(OpTensor *t, int64_t i, double v) {
  msrt_cast(MSRT_FLOAT64, t->dtype, 1, &v, (char *)t->data + (size_t)i * msrt_dtype_size(t->dtype));
}

/* A Python float stored into element i (ValueError for NaN/inf into an
 * integer dtype, as Python's int() of it). */
static void opt_set_float(OpCtx *X, OpTensor *t, int64_t i, double v) {
  if (op_dtype_is_int(t->dtype) && !isfinite(v))
    op_raise(X, OPE_ValueError, "cannot convert float %s to integer", isnan(v) ? "NaN" : "infinity");
  opt_set_f64(t, i, v);
}

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
  a->qscale = 1;
  a->act_min = -128;
  a->act_max = 127;
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
static void bcast_strides(const OpTensor *t, int ndim, const int64_t *shape, int64_t *st) {
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

static int dt_kind(msrt_dtype d) { /* bool 0, int 1, float 2, complex 3 */
  if (d == MSRT_BOOL) return 0;
  if (ir_dtype_is_complex(d)) return 3;
  return ir_dtype_is_float(d) ? 2 : 1;
}
/* numpy's kind category for value-based casting: bool 0, int 1, float
 * and complex 2 (float32_array + 1j is complex64, int16_array + 1j
 * complex128). */
static int np_cat(msrt_dtype d) { return dt_kind(d) > 2 ? 2 : dt_kind(d); }
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

/* The complex dtype whose parts hold a part of `bits` bits. */
static msrt_dtype complex_of_bits(int bits) { return bits <= 32 ? MSRT_COMPLEX64 : MSRT_COMPLEX128; }

static msrt_dtype promote_np(msrt_dtype a, msrt_dtype b) {
  if (a == b) return a;
  if (a == MSRT_BOOL) return b;
  if (b == MSRT_BOOL) return a;
  if (ir_dtype_is_complex(a) || ir_dtype_is_complex(b)) {
    /* numpy: the complex whose parts hold the other operand's float
     * (int8/uint8 -> float16, 16-bit -> float32, wider ints -> float64) */
    msrt_dtype c = ir_dtype_is_complex(a) ? a : b, o = c == a ? b : a;
    int need = ir_dtype_is_complex(o) ? dt_bits(o) / 2
               : ir_dtype_is_float(o) ? dt_bits(o)
               : dt_bits(o) <= 8 ? 16 : dt_bits(o) <= 16 ? 32 : 64;
    int have = dt_bits(c) / 2;
    return complex_of_bits(need > have ? need : have);
  }
  bool fa = ir_dtype_is_float(a), fb = ir_dtype_is_float(b);
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

msrt_dtype op_promote_np(msrt_dtype a, msrt_dtype b) { return promote_np(a, b); }

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
  case MSRT_COMPLEX64: return 9;
  case MSRT_COMPLEX128: return 10;
  default: return 8;
  }
}

static msrt_dtype promote_ms(msrt_dtype a, msrt_dtype b) {
  if (a == b) return a;
  if ((a == MSRT_FLOAT64 && b == MSRT_COMPLEX64) || (a == MSRT_COMPLEX64 && b == MSRT_FLOAT64))
    return MSRT_COMPLEX128;
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
  if (ir_dtype_is_complex(t->dt)) return fabs(t->val) <= 3.4028234663852886e38 ? MSRT_COMPLEX64 : MSRT_COMPLEX128;
  if (ir_dtype_is_float(t->dt)) {
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
      if (kw == 3) r = r == MSRT_FLOAT64 ? MSRT_COMPLEX128 : MSRT_COMPLEX64; /* a Python complex */
      else if (ks == 0) r = kw == 1 ? MSRT_INT32 : MSRT_FLOAT32;
      else r = MSRT_FLOAT32;
    }
    return r;
  }
  int karr = -1, ksc = -1;
  for (int i = 0; i < n; i++) {
    bool scalar = in[i].weak || in[i].ndim == 0;
    int k = np_cat(in[i].dt);
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

/* numpy's default ufunc type resolver (linear_search_type_resolver), used
 * by floor_divide, remainder, power and the bitwise ops (add, multiply,
 * maximum and the comparisons use the result type above): the first of
 * the ufunc's loops, in numpy's order (bool for the bitwise ops) int8
 * uint8 int16 uint16 int32 uint32 int64 uint64 (float16 float32 float64
 * for the arithmetic ones), that every operand casts to safely: arrays by
 * dtype, scalars by value when value-based casting applies (a small
 * unsigned value also as the signed type of its size when the loop is not
 * unsigned). So uint8_array // np.uint16(402) is int16 where + gives
 * uint16, uint8_array ** 70000 int32 and bool ** bool int8. -1 when no
 * loop fits (floats into a bitwise op). */
static int np_loop_search(int n, const TType *in, bool bitwise) {
  static const msrt_dtype order[] = {MSRT_BOOL,   MSRT_INT8,   MSRT_UINT8,   MSRT_INT16,
                                     MSRT_UINT16, MSRT_INT32,  MSRT_UINT32,  MSRT_INT64,
                                     MSRT_UINT64, MSRT_FLOAT16, MSRT_FLOAT32, MSRT_FLOAT64};
  int karr = -1, ksc = -1;
  for (int i = 0; i < n; i++) {
    int k = np_cat(in[i].dt);
    if (in[i].weak || in[i].ndim == 0) ksc = k > ksc ? k : ksc;
    else karr = k > karr ? k : karr;
  }
  bool value_based = karr >= 0 && ksc <= karr;
  for (size_t l = bitwise ? 0 : 1; l < sizeof order / sizeof order[0]; l++) {
    msrt_dtype to = order[l];
    if (bitwise && ir_dtype_is_float(to)) break;
    bool ok = true;
    for (int i = 0; ok && i < n; i++) {
      msrt_dtype d = in[i].dt;
      if (value_based && (in[i].weak || in[i].ndim == 0) && in[i].valued) {
        bool small;
        d = min_scalar_type(&in[i], &small);
        if (small && !dt_unsigned(to)) d = sint_of_bits(dt_bits(d));
      }
      ok = promote_np(d, to) == to;
    }
    if (ok) return (int)to;
  }
  return -1;
}

/* The float dtype an int/bool input is computed in by float-only ops. */
static msrt_dtype float_for(msrt_dtype d, bool np) {
  if (ir_dtype_is_float(d) || ir_dtype_is_complex(d)) return d;
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
#define INFER(fn) static void fn(U OpCtx *X, U OpId op, U int nin, U const TType *in, U const Attrs *a, U TType *out, U msrt_dtype *cast)

static int64_t norm_axis(OpCtx *X, OpId op, int64_t ax, int ndim) {
  if (ax < -ndim || ax >= ndim)
    op_raise(X, OPE_ValueError, "%s: axis %lld is out of bounds for array of dimension %d", OPN(op),
                (long long)ax, ndim);
  return ax < 0 ? ax + ndim : ax;
}

/* The float dtype of a complex dtype's parts, and back. */
static msrt_dtype part_of(msrt_dtype c) { return c == MSRT_COMPLEX64 ? MSRT_FLOAT32 : MSRT_FLOAT64; }

INFER(infer_binary) {
  (void)nin;
  int group = op_info[op].group;
  msrt_dtype dt = result_type(2, in, a->np);
  if (op == OP_Complex) { /* MindSpore's Complex: float32/float64 parts of one dtype */
    if (in[0].dt != in[1].dt || (in[0].dt != MSRT_FLOAT32 && in[0].dt != MSRT_FLOAT64))
      op_raise(X, OPE_TypeError, "Complex: real and imag must both be float32 or both float64, got %s and %s",
               dtname(in[0].dt), dtname(in[1].dt));
    dt = in[0].dt;
  } else if (ir_dtype_is_complex(dt) && op != OP_Add && op != OP_Sub && op != OP_Mul && op != OP_RealDiv &&
             op != OP_Div && op != OP_Equal && op != OP_NotEqual) {
    op_raise(X, OPE_TypeError, "%s: complex tensors (%s) are not supported by this operation (complex dtypes "
             "have Add, Sub, Mul, Div, Equal, NotEqual)", OPN(op), dtname(dt));
  }
  if (a->np && (group == OPG_BITWISE || op == OP_FloorDiv || op == OP_FloorMod || op == OP_Pow)) {
    int l = np_loop_search(2, in, group == OPG_BITWISE);
    if (l >= 0) dt = (msrt_dtype)l;
  }
  if (group == OPG_BITWISE && ir_dtype_is_float(dt))
    op_raise(X, OPE_TypeError, "%s: unsupported dtype %s (needs bool or integer)", OPN(op), dtname(dt));
  if (group == OPG_DIV && !ir_dtype_is_complex(dt)) {
    if (a->np && op != OP_Atan2 && !ir_dtype_is_float(dt)) {
      dt = MSRT_FLOAT64; /* numpy's true_divide: bool/int operands always divide in float64 */
    } else if (a->np && !ir_dtype_is_float(dt) && !in[0].weak && in[0].ndim && !in[1].weak && in[1].ndim) {
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
    op_raise(X, OPE_ValueError, "%s: operands could not be broadcast together with shapes %s %s", OPN(op),
                SHP(&in[0]), SHP(&in[1]));
  msrt_dtype odt = group == OPG_COMPARE ? MSRT_BOOL : dt;
  if (op == OP_Complex) odt = dt == MSRT_FLOAT32 ? MSRT_COMPLEX64 : MSRT_COMPLEX128;
  set_type(out, odt, nd, shp);
  cast[0] = cast[1] = dt;
}

INFER(infer_unary) {
  (void)nin;
  int group = op_info[op].group;
  msrt_dtype dt = in[0].dt;
  if (ir_dtype_is_complex(dt)) { /* Neg, Square, Conj keep it; Abs, Real, Imag: its parts' float */
    if (op == OP_Abs || op == OP_Real || op == OP_Imag) {
      set_type(out, part_of(dt), in[0].ndim, in[0].shape);
    } else if (op == OP_Neg || op == OP_Square || op == OP_Conj) {
      set_type(out, dt, in[0].ndim, in[0].shape);
    } else {
      op_raise(X, OPE_TypeError, "%s: complex tensors (%s) are not supported by this operation (complex dtypes "
               "have Neg, Square, Abs, Real, Imag, Conj)", OPN(op), dtname(dt));
    }
    cast[0] = dt;
    return;
  }
  if (group == OPG_UNARY_F) dt = float_for(dt, a->np);
  if (op == OP_Neg && dt == MSRT_BOOL)
    op_raise(X, OPE_TypeError, "Neg: the boolean negative, the `-` operator, is not supported, use the `~` "
                "operator or the logical_not function instead");
  if (op == OP_Invert && ir_dtype_is_float(dt))
    op_raise(X, OPE_TypeError, "Invert: unsupported dtype %s (needs bool or integer)", dtname(dt));
  set_type(out, group == OPG_UNARY_B ? MSRT_BOOL : dt, in[0].ndim, in[0].shape);
  cast[0] = dt;
}

/* Reduced-axes mask of a reduction; ValueError on a bad/duplicate axis. */
static uint32_t reduce_mask(OpCtx *X, OpId op, const TType *x, const Attrs *a) {
  if (!a->has_axis) return x->ndim ? (1u << x->ndim) - 1 : 0;
  uint32_t m = 0;
  if ((op == OP_Argmax || op == OP_Argmin) && a->naxis != 1)
    op_raise(X, OPE_TypeError, "%s: axis must be an int or None", OPN(op));
  for (int i = 0; i < a->naxis; i++) {
    int64_t ax = a->axis[i];
    if (x->ndim == 0 && (ax == 0 || ax == -1)) continue; /* numpy: axis 0 of a 0-d array */
    ax = norm_axis(X, op, ax, x->ndim);
    if (m & (1u << ax)) op_raise(X, OPE_ValueError, "%s: duplicate value in 'axis'", OPN(op));
    m |= 1u << ax;
  }
  return m;
}

INFER(infer_reduce) {
  (void)nin;
  const TType *x = &in[0];
  uint32_t m = reduce_mask(X, op, x, a);
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
  if (ir_dtype_is_complex(dt))
    op_raise(X, OPE_TypeError, "%s: complex tensors (%s) are not supported by this operation", OPN(op),
             dtname(dt));
  switch (code) {
  case MSRT_RSUM:
  case MSRT_RPROD:
    if (a->dtype >= 0) odt = (msrt_dtype)a->dtype;
    else if (dt == MSRT_BOOL) odt = MSRT_INT64;
    else if (a->np && op_dtype_is_int(dt) && dt_bits(dt) < 64) odt = dt_unsigned(dt) ? MSRT_UINT64 : MSRT_INT64;
    if (ir_dtype_is_float(odt) && !ir_dtype_is_float(dt)) cast[0] = odt;
    break;
  case MSRT_RMEAN:
    /* numpy's mean: bool/int -> float64 (whatever their size), float16 stays */
    odt = a->dtype >= 0 ? (msrt_dtype)a->dtype : a->np && !ir_dtype_is_float(dt) ? MSRT_FLOAT64 : float_for(dt, a->np);
    if (dt == MSRT_FLOAT16 && a->np && a->dtype < 0) odt = MSRT_FLOAT16;
    cast[0] = odt;
    break;
  case MSRT_RMAX:
  case MSRT_RMIN:
    if (r == 0 && shape_size(x->ndim, x->shape) == 0)
      op_raise(X, OPE_ValueError, "%s: zero-size array to reduction operation %s which has no identity",
                  OPN(op), code == MSRT_RMAX ? "maximum" : "minimum");
    break;
  case MSRT_RARGMAX:
  case MSRT_RARGMIN:
    if (r == 0)
      op_raise(X, OPE_ValueError, "%s: attempt to get %s of an empty sequence", OPN(op),
                  code == MSRT_RARGMAX ? "argmax" : "argmin");
    odt = a->dtype >= 0 ? (msrt_dtype)a->dtype : a->np ? MSRT_INT64 : MSRT_INT32;
    if (odt != MSRT_INT32 && odt != MSRT_INT64)
      op_raise(X, OPE_TypeError, "%s: output_type must be int32 or int64, not %s", OPN(op), dtname(odt));
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
  if (x->ndim == 0) op_raise(X, OPE_ValueError, "%s: input must have at least 1 dimension", OPN(op));
  if (a->has_axis) {
    if (a->naxis != 1) op_raise(X, OPE_ValueError, "%s: axis must be a single int", OPN(op));
    norm_axis(X, op, a->axis[0], x->ndim);
  }
  msrt_dtype dt = float_for(x->dt, a->np);
  set_type(out, dt, x->ndim, x->shape);
  cast[0] = dt;
}

_Noreturn static void matmul_error(OpCtx *X, const char *name, const TType *x, const TType *y, int64_t k1,
                                   int64_t k2) {
  op_raise(X, OPE_ValueError, "%s: cannot multiply %s by %s: %lld != %lld", name, SHP(x), SHP(y),
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
      op_raise(X, OPE_ValueError, "MatMul: inputs must be 2-D, got %s and %s", SHP(x), SHP(y));
    int64_t m = a->transpose_a ? x->shape[1] : x->shape[0], k1 = a->transpose_a ? x->shape[0] : x->shape[1];
    int64_t k2 = a->transpose_b ? y->shape[1] : y->shape[0], n = a->transpose_b ? y->shape[0] : y->shape[1];
    if (k1 != k2) matmul_error(X, "MatMul", x, y, k1, k2);
    shp[0] = m;
    shp[1] = n;
    set_type(out, dt, 2, shp);
    return;
  }
  const char *name = op == OP_BatchMatMul ? "BatchMatMul" : "MatMul";
  if (x->ndim == 0 || y->ndim == 0)
    op_raise(X, OPE_ValueError, "%s: scalar operands are not allowed, use '*' instead", name);
  if (op == OP_BatchMatMul && (x->ndim < 2 || y->ndim < 2))
    op_raise(X, OPE_ValueError, "BatchMatMul: inputs must be at least 2-D, got %s and %s", SHP(x), SHP(y));
  bool ta = a->transpose_a, tb = a->transpose_b;
  int64_t m = x->ndim == 1 ? 1 : ta ? x->shape[x->ndim - 1] : x->shape[x->ndim - 2];
  int64_t k1 = x->ndim == 1 ? x->shape[0] : ta ? x->shape[x->ndim - 2] : x->shape[x->ndim - 1];
  int64_t k2 = y->ndim == 1 ? y->shape[0] : tb ? y->shape[y->ndim - 1] : y->shape[y->ndim - 2];
  int64_t n = y->ndim == 1 ? 1 : tb ? y->shape[y->ndim - 2] : y->shape[y->ndim - 1];
  if (k1 != k2) matmul_error(X, name, x, y, k1, k2);
  int nbx = x->ndim > 2 ? x->ndim - 2 : 0, nby = y->ndim > 2 ? y->ndim - 2 : 0, nb;
  int64_t bshp[MSRT_MAX_NDIM];
  if (!shape_broadcast(nbx, x->shape, nby, y->shape, &nb, bshp))
    op_raise(X, OPE_ValueError, "%s: batch dimensions of %s and %s could not be broadcast together", name,
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
  if (x->ndim < 2) op_raise(X, OPE_ValueError, "BiasAdd: input must be at least 2-D, got %s", SHP(x));
  if (b->ndim != 1 || b->shape[0] != x->shape[1])
    op_raise(X, OPE_ValueError, "BiasAdd: bias shape %s does not match channel dimension %lld of input %s",
                SHP(b), (long long)x->shape[1], SHP(x));
  msrt_dtype dt = result_type(2, in, a->np);
  set_type(out, dt, x->ndim, x->shape);
  cast[0] = cast[1] = dt;
}

static void need_shape(OpCtx *X, OpId op, const Attrs *a) {
  if (!a->has_shape) op_raise(X, OPE_TypeError, "%s: missing the 'shape' argument", OPN(op));
}

INFER(infer_reshape) {
  (void)nin;
  const TType *x = &in[0];
  need_shape(X, op, a);
  int64_t shp[MSRT_MAX_NDIM], known = 1, size = shape_size(x->ndim, x->shape);
  int unknown = -1;
  for (int i = 0; i < a->nshape; i++) {
    shp[i] = a->shape[i];
    if (shp[i] == -1) {
      if (unknown >= 0) op_raise(X, OPE_ValueError, "Reshape: can only specify one unknown dimension");
      unknown = i;
    } else if (shp[i] < 0) {
      op_raise(X, OPE_ValueError, "Reshape: negative dimensions not allowed in shape %s",
                  shape_str((char[128]){0}, 128, a->nshape, a->shape));
    } else {
      known *= shp[i];
    }
  }
  if (unknown >= 0 && known != 0 && size % known == 0) shp[unknown] = size / known;
  else if (unknown >= 0) known = -1;
  if ((unknown < 0 && known != size) || known < 0)
    op_raise(X, OPE_ValueError, "Reshape: cannot reshape array of size %lld into shape %s", (long long)size,
                shape_str((char[128]){0}, 128, a->nshape, a->shape));
  set_type(out, x->dt, a->nshape, shp);
  cast[0] = x->dt;
}

/* The permutation of Transpose (reversed axes when no perm is given). */
static void transpose_perm(OpCtx *X, const TType *x, const Attrs *a, int64_t *perm) {
  if (!a->has_axis) {
    for (int i = 0; i < x->ndim; i++) perm[i] = x->ndim - 1 - i;
    return;
  }
  if (a->naxis != x->ndim)
    op_raise(X, OPE_ValueError, "Transpose: perm %s does not match the %d axes of %s",
                shape_str((char[128]){0}, 128, a->naxis, a->axis), x->ndim, SHP(x));
  uint32_t seen = 0;
  for (int i = 0; i < x->ndim; i++) {
    int64_t p = a->axis[i];
    if (p < -x->ndim || p >= x->ndim || (seen & (1u << (p < 0 ? p + x->ndim : p))))
      op_raise(X, OPE_ValueError, "Transpose: perm %s is not a permutation of the %d axes of %s",
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
  transpose_perm(X, x, a, perm);
  for (int i = 0; i < x->ndim; i++) shp[i] = x->shape[perm[i]];
  set_type(out, x->dt, x->ndim, shp);
  cast[0] = x->dt;
}

INFER(infer_expand_dims) {
  (void)nin;
  const TType *x = &in[0];
  if (!a->has_axis || a->naxis != 1) op_raise(X, OPE_TypeError, "ExpandDims: axis must be an int");
  if (x->ndim + 1 > MSRT_MAX_NDIM)
    op_raise(X, OPE_ValueError, "ExpandDims: at most %d dimensions are supported", MSRT_MAX_NDIM);
  int64_t ax = norm_axis(X, op, a->axis[0], x->ndim + 1), shp[MSRT_MAX_NDIM];
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
      int64_t ax = norm_axis(X, op, a->axis[i], x->ndim);
      if (x->shape[ax] != 1)
        op_raise(X, OPE_ValueError,
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
  if (x->ndim == 0) op_raise(X, OPE_ValueError, "Flatten: input must have at least 1 dimension");
  int64_t shp[2] = {x->shape[0], 1};
  for (int i = 1; i < x->ndim; i++) shp[1] *= x->shape[i];
  set_type(out, x->dt, 2, shp);
  cast[0] = x->dt;
}

INFER(infer_broadcast_to) {
  (void)nin;
  const TType *x = &in[0];
  need_shape(X, op, a);
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
    op_raise(X, OPE_ValueError, "BroadcastTo: cannot broadcast an array of shape %s to shape %s", SHP(x),
                shape_str((char[128]){0}, 128, a->nshape, a->shape));
  set_type(out, x->dt, a->nshape, shp);
  cast[0] = x->dt;
}

INFER(infer_concat) {
  if (nin < 1) op_raise(X, OPE_ValueError, "%s: needs at least one input", OPN(op));
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
        op_raise(X, OPE_ValueError, "Stack: all input arrays must have the same shape, got %s and %s",
                    SHP(x), SHP(&in[i]));
    }
    if (x->ndim + 1 > MSRT_MAX_NDIM)
      op_raise(X, OPE_ValueError, "Stack: at most %d dimensions are supported", MSRT_MAX_NDIM);
    int64_t ax = norm_axis(X, op, ax0, x->ndim + 1);
    for (int i = 0, j = 0; i <= x->ndim; i++) shp[i] = i == ax ? nin : x->shape[j++];
    set_type(out, dt, x->ndim + 1, shp);
    return;
  }
  if (x->ndim == 0) op_raise(X, OPE_ValueError, "Concat: zero-dimensional arrays cannot be concatenated");
  int64_t ax = norm_axis(X, op, ax0, x->ndim);
  memcpy(shp, x->shape, sizeof(int64_t) * (size_t)x->ndim);
  for (int i = 1; i < nin; i++) {
    const TType *y = &in[i];
    bool ok = y->ndim == x->ndim;
    for (int d = 0; ok && d < x->ndim; d++) ok = d == ax || y->shape[d] == x->shape[d];
    if (!ok)
      op_raise(X, OPE_ValueError, "Concat: shapes %s and %s do not match outside axis %lld", SHP(x), SHP(y),
                  (long long)ax);
    shp[ax] += y->shape[ax];
  }
  set_type(out, dt, x->ndim, shp);
}

INFER(infer_cast) {
  (void)nin;
  if (a->dtype < 0) op_raise(X, OPE_TypeError, "%s: missing the 'dtype' argument", OPN(op));
  set_type(out, (msrt_dtype)a->dtype, in[0].ndim, in[0].shape);
  cast[0] = in[0].dt;
}

INFER(infer_identity) {
  (void)X;
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
  if (!a->has_slice) op_raise(X, OPE_TypeError, "%s: missing begin/end/strides", OPN(op));
  int64_t shp[MSRT_MAX_NDIM];
  int nd = 0, ni = 0;
  int ntotal = 0;
  /* begin/end/strides come normalised, one entry per input dim, as
   * slice.indices gives them (capture makes them so; a .mir file may
   * hold anything): checked here, before any stage reads memory by them */
  if (a->nslice != x->ndim)
    op_raise(X, OPE_ValueError, "%s: %d begin/end/strides entries for %d dimensions", OPN(op), a->nslice, x->ndim);
  if (x->ndim < 32 && (a->shrink_mask >> x->ndim) != 0)
    op_raise(X, OPE_ValueError, "%s: shrink_axis_mask names a dimension the input does not have", OPN(op));
  for (int d = 0; d < x->ndim; d++) {
    int64_t n = x->shape[d], b = a->begin[d], e = a->end[d], st = a->strides[d];
    if (st == 0) op_raise(X, OPE_ValueError, "%s: slice step cannot be zero", OPN(op));
    bool ok = (a->shrink_mask & (1u << d)) ? b >= 0 && b < n
              : st > 0                     ? b >= 0 && b <= n && e >= 0 && e <= n
                                           : b >= -1 && b < n && e >= -1 && e < n;
    if (!ok)
      op_raise(X, OPE_IndexError, "%s: begin %lld, end %lld of dimension %d (size %lld) are not normalised", OPN(op),
               (long long)b, (long long)e, d, (long long)n);
  }
  for (int d = 0; d < x->ndim; d++)
    if (!(a->shrink_mask & (1u << d))) ntotal++;
  ntotal += a->nnew;
  if (ntotal > MSRT_MAX_NDIM)
    op_raise(X, OPE_IndexError, "%s: at most %d dimensions are supported", OPN(op), MSRT_MAX_NDIM);
  for (int i = 0; i < a->nnew; i++)
    if (a->new_axis[i] < (i ? a->new_axis[i - 1] + 1 : 0) || a->new_axis[i] >= ntotal)
      op_raise(X, OPE_ValueError, "%s: new_axis positions must increase within the result's %d dimensions",
               OPN(op), ntotal);
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
  need_shape(X, op, a);
  msrt_dtype dt;
  if (a->dtype >= 0) dt = (msrt_dtype)a->dtype;
  else if (op == OP_Fill && a->value_is_int) dt = MSRT_INT64;
  else dt = a->np ? MSRT_FLOAT64 : MSRT_FLOAT32;
  for (int i = 0; i < a->nshape; i++)
    if (a->shape[i] < 0)
      op_raise(X, OPE_ValueError, "%s: negative dimensions are not allowed", OPN(op));
  set_type(out, dt, a->nshape, a->shape);
}

INFER(infer_like) {
  (void)X;
  (void)op;
  (void)nin;
  set_type(out, a->dtype >= 0 ? (msrt_dtype)a->dtype : in[0].dt, in[0].ndim, in[0].shape);
  cast[0] = in[0].dt;
}

static int64_t range_count(OpCtx *X, const Attrs *a) {
  if (a->delta == 0) op_raise(X, OPE_ZeroDivisionError, "Range: step must not be zero");
  if (a->value_is_int) {
    int64_t d = a->ilimit - a->istart, s = a->idelta;
    int64_t n = s > 0 ? (d + s - 1) / s : (d + s + 1) / s;
    if ((s > 0 && d <= 0) || (s < 0 && d >= 0)) n = 0;
    return n;
  }
  double n = ceil((a->limit - a->start) / a->delta);
  if (!(n > 0)) return 0;
  if (n > 1e12) op_raise(X, OPE_ValueError, "Range: maximum allowed size exceeded");
  return (int64_t)n;
}

INFER(infer_range) {
  (void)nin;
  (void)in;
  (void)cast;
  int64_t n;
  msrt_dtype dt;
  if (op == OP_Range) {
    n = range_count(X, a);
    dt = a->dtype >= 0 ? (msrt_dtype)a->dtype : a->value_is_int ? MSRT_INT64 : a->np ? MSRT_FLOAT64 : MSRT_FLOAT32;
  } else {
    if (a->num < 0)
      op_raise(X, OPE_ValueError, "LinSpace: number of samples, %lld, must be non-negative", (long long)a->num);
    n = a->num;
    dt = a->dtype >= 0 ? (msrt_dtype)a->dtype : a->np ? MSRT_FLOAT64 : MSRT_FLOAT32;
  }
  set_type(out, dt, 1, &n);
}

/* ---- kernel helpers ---------------------------------------------------- */

#define KERNEL(fn) static void fn(U OpCtx *X, U OpId op, U int nin, U OpTensor *const *in, U const Attrs *a, U OpTensor *out)

static void check_rc(OpCtx *X, OpId op, int rc, msrt_dtype dt) {
  if (rc != MSRT_OK)
    op_raise(X, OPE_TypeError, "%s: dtype %s is not supported by this operation", OPN(op), dtname(dt));
}

/* ---- kernel rules ------------------------------------------------------- */

KERNEL(kern_binary) {
  (void)nin;
  (void)a;
  int nd = out->ndim;
  int64_t shp[MSRT_MAX_NDIM], as[MSRT_MAX_NDIM], bs[MSRT_MAX_NDIM], os[MSRT_MAX_NDIM];
  if (out->size == 0) return;
  if (op == OP_Pow && op_dtype_is_int(in[1]->dtype)) {
    for (int64_t i = 0; i < in[1]->size; i++)
      if (opt_get_i64(in[1], i) < 0)
        op_raise(X, OPE_ValueError, "Pow: integers to negative integer powers are not allowed");
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
  check_rc(X, op, rc, in[0]->dtype);
}

KERNEL(kern_unary) {
  (void)nin;
  (void)a;
  if (out->size == 0) return;
  if (op == OP_Round && !ir_dtype_is_float(in[0]->dtype)) {
    memcpy(out->data, in[0]->data, (size_t)out->size * msrt_dtype_size(out->dtype));
    return;
  }
  int rc = msrt_unary((msrt_unop)op_info[op].code, in[0]->dtype, in[0]->size, in[0]->data, out->data);
  check_rc(X, op, rc, in[0]->dtype);
}

/* Copies x with its axes permuted (contiguous out). */
static void permute_copy(OpCtx *X, OpId op, const OpTensor *x, const int64_t *perm, void *dst) {
  int64_t cs[MSRT_MAX_NDIM], st[MSRT_MAX_NDIM], shp[MSRT_MAX_NDIM];
  contig_strides(x->ndim, x->shape, cs);
  for (int i = 0; i < x->ndim; i++) {
    shp[i] = x->shape[perm[i]];
    st[i] = cs[perm[i]];
  }
  int rc = msrt_copy_strided(x->dtype, x->ndim, shp, x->data, st, dst);
  check_rc(X, op, rc, x->dtype);
}

KERNEL(kern_reduce) {
  (void)nin;
  const OpTensor *x = in[0];
  int code = op_info[op].code;
  TType xt;
  set_type(&xt, x->dtype, x->ndim, x->shape);
  uint32_t m = reduce_mask(X, op, &xt, a);
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
      tmp = op_scratch(X, (size_t)(x->size ? x->size : 1) * msrt_dtype_size(x->dtype));
      permute_copy(X, op, x, perm, tmp);
      src = tmp;
    }
  }
  int rc = MSRT_OK;
  if (out->size > 0) {
    if (r == 0 && (code == MSRT_RSUM || code == MSRT_RPROD || code == MSRT_RMEAN || code == MSRT_RANY ||
                   code == MSRT_RALL)) {
      /* identities; mean of nothing is nan (numpy warns) */
      for (int64_t i = 0; i < out->size; i++) {
        if (code == MSRT_RMEAN) opt_set_f64(out, i, NAN);
        else opt_set_i64(out, i, code == MSRT_RPROD || code == MSRT_RALL ? 1 : 0);
      }
    } else {
      rc = msrt_reduce((msrt_reduce_op)code, x->dtype, out->dtype, outer, r, inner, src, out->data);
    }
  }
  check_rc(X, op, rc, x->dtype);
}

KERNEL(kern_softmax) {
  (void)nin;
  const OpTensor *x = in[0];
  int64_t ax = a->has_axis ? a->axis[0] : -1;
  if (ax < 0) ax += x->ndim;
  int64_t outer = 1, n = x->shape[ax], inner = 1;
  for (int i = 0; i < ax; i++) outer *= x->shape[i];
  for (int i = (int)ax + 1; i < x->ndim; i++) inner *= x->shape[i];
  if (out->size == 0) return;
  int rc = msrt_softmax(x->dtype, op == OP_LogSoftmax, outer, n, inner, x->data, out->data);
  check_rc(X, op, rc, x->dtype);
}

/* C[b] = op(A[b]) @ op(B[b]) for the batch dims of out, broadcasting. */
KERNEL(kern_matmul) {
  (void)nin;
  const OpTensor *x = in[0], *y = in[1];
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
  void *ws = op_workspace(X, msrt_gemm_ws_size(m, n, k));
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
    check_rc(X, op, rc, out->dtype);
    return;
  }
  /* general broadcasting: one matrix product per batch index */
  int64_t idx[MSRT_MAX_NDIM] = {0}, xst[MSRT_MAX_NDIM], yst[MSRT_MAX_NDIM];
  OpTensor xb = *x, yb = *y;
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
    check_rc(X, op, rc, out->dtype);
    for (int d = nb - 1; d >= 0; d--) {
      if (++idx[d] < out->shape[d]) break;
      idx[d] = 0;
    }
  }
}

KERNEL(kern_biasadd) {
  (void)nin;
  (void)a;
  const OpTensor *x = in[0], *b = in[1];
  if (out->size == 0) return;
  int64_t xs[MSRT_MAX_NDIM], bs[MSRT_MAX_NDIM] = {0}, os[MSRT_MAX_NDIM];
  contig_strides(x->ndim, x->shape, xs);
  contig_strides(x->ndim, x->shape, os);
  bs[1] = 1;
  int rc = msrt_binary(MSRT_ADD, x->dtype, x->ndim, x->shape, x->data, xs, b->data, bs, out->data, os);
  check_rc(X, op, rc, x->dtype);
}

KERNEL(kern_copy) { /* Reshape, ExpandDims, Squeeze, Flatten, Identity */
  (void)X;
  (void)op;
  (void)nin;
  (void)a;
  memcpy(out->data, in[0]->data, (size_t)out->size * msrt_dtype_size(out->dtype));
}

KERNEL(kern_transpose) {
  (void)nin;
  const OpTensor *x = in[0];
  TType xt;
  set_type(&xt, x->dtype, x->ndim, x->shape);
  int64_t perm[MSRT_MAX_NDIM];
  transpose_perm(X, &xt, a, perm);
  if (out->size == 0) return;
  if (x->ndim == 0) {
    memcpy(out->data, x->data, msrt_dtype_size(x->dtype));
    return;
  }
  permute_copy(X, op, x, perm, out->data);
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
  check_rc(X, op, rc, out->dtype);
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
  check_rc(X, op, rc, in[0]->dtype);
}

KERNEL(kern_strided_slice) {
  (void)nin;
  const OpTensor *x = in[0];
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
  check_rc(X, op, rc, x->dtype);
}

KERNEL(kern_fill) {
  (void)nin;
  (void)in;
  if (out->size == 0) return;
  if (op == OP_Ones || op == OP_OnesLike || op == OP_Zeros || op == OP_ZerosLike)
    opt_set_i64(out, 0, op == OP_Ones || op == OP_OnesLike);
  else if (a->value_is_int)
    opt_set_i64(out, 0, a->ivalue);
  else
    opt_set_float(X, out, 0, a->value);
  size_t es = msrt_dtype_size(out->dtype);
  for (int64_t i = 1; i < out->size; i++) memcpy((char *)out->data + (size_t)i * es, out->data, es);
}

KERNEL(kern_range) {
  (void)nin;
  (void)in;
  int64_t n = out->size;
  if (n == 0) return;
  double *tmp = op_scratch(X, sizeof(double) * (size_t)n);
  if (op == OP_Range) {
    if (a->value_is_int && !ir_dtype_is_float(out->dtype)) {
      for (int64_t i = 0; i < n; i++) opt_set_i64(out, i, a->istart + i * a->idelta);
      return;
    }
    msrt_arange_f64(a->start, a->delta, n, tmp);
  } else {
    msrt_linspace_f64(a->start, a->limit, n, tmp);
  }
  int rc = msrt_cast(MSRT_FLOAT64, out->dtype, n, tmp, out->data);
  check_rc(X, op, rc, out->dtype);
}

/* ---- rule tables --------------------------------------------------------- */

/* The rules of the issue-5 op families, kept together per family; they are
 * part of this file (textually included, to share its static helpers). */
#include "rules_index.c.inc"
#include "rules_nn.c.inc"
#include "rules_quant.c.inc"

/* The table-driven families share one rule per stage (ops.def's group
 * column); only OWN ops have rules of their own, listed here. */
static const InferFn family_infer[] = {
    [OPG_BINARY] = infer_binary, [OPG_DIV] = infer_binary, [OPG_BITWISE] = infer_binary,
    [OPG_COMPARE] = infer_binary, [OPG_UNARY] = infer_unary, [OPG_UNARY_F] = infer_unary,
    [OPG_UNARY_B] = infer_unary, [OPG_REDUCE] = infer_reduce,
};
static const KernelFn family_kernel[] = {
    [OPG_BINARY] = kern_binary, [OPG_DIV] = kern_binary, [OPG_BITWISE] = kern_binary,
    [OPG_COMPARE] = kern_binary, [OPG_UNARY] = kern_unary, [OPG_UNARY_F] = kern_unary,
    [OPG_UNARY_B] = kern_unary, [OPG_REDUCE] = kern_reduce,
};

static const struct {
  InferFn infer;
  KernelFn kernel;
} own_rules[OP_COUNT] = {
    [OP_MatMul] = {infer_matmul, kern_matmul}, [OP_BatchMatMul] = {infer_matmul, kern_matmul},
    [OP_MatMulExt] = {infer_matmul, kern_matmul}, [OP_BiasAdd] = {infer_biasadd, kern_biasadd},
    [OP_Softmax] = {infer_softmax, kern_softmax}, [OP_LogSoftmax] = {infer_softmax, kern_softmax},
    [OP_Reshape] = {infer_reshape, kern_copy}, [OP_Transpose] = {infer_transpose, kern_transpose},
    [OP_ExpandDims] = {infer_expand_dims, kern_copy}, [OP_Squeeze] = {infer_squeeze, kern_copy},
    [OP_Flatten] = {infer_flatten, kern_copy}, [OP_BroadcastTo] = {infer_broadcast_to, kern_broadcast_to},
    [OP_Concat] = {infer_concat, kern_concat}, [OP_Stack] = {infer_concat, kern_concat},
    [OP_Cast] = {infer_cast, kern_cast}, [OP_Identity] = {infer_identity, kern_copy},
    [OP_StridedSlice] = {infer_strided_slice, kern_strided_slice},
    [OP_Fill] = {infer_fill, kern_fill}, [OP_Ones] = {infer_fill, kern_fill}, [OP_Zeros] = {infer_fill, kern_fill},
    [OP_OnesLike] = {infer_like, kern_fill}, [OP_ZerosLike] = {infer_like, kern_fill},
    [OP_Range] = {infer_range, kern_range}, [OP_LinSpace] = {infer_range, kern_range},
    [OP_Tile] = {infer_tile, kern_tile}, [OP_Select] = {infer_select, kern_select},
    [OP_OneHot] = {infer_one_hot, kern_one_hot}, [OP_Gather] = {infer_gather, kern_gather},
    [OP_GatherD] = {infer_gather_d, kern_gather_d}, [OP_GatherNd] = {infer_gather_nd, kern_gather_nd},
    [OP_TensorScatterUpdate] = {infer_scatter, kern_scatter}, [OP_TensorScatterAdd] = {infer_scatter, kern_scatter},
    [OP_CumSum] = {infer_cumulative, kern_cumulative}, [OP_CumProd] = {infer_cumulative, kern_cumulative},
    [OP_ArgSort] = {infer_argsort, kern_argsort},
    [OP_Conv2D] = {infer_conv2d, kern_conv2d}, [OP_MaxPool] = {infer_pool, kern_pool},
    [OP_AvgPool] = {infer_pool, kern_pool}, [OP_BatchNorm] = {infer_batchnorm, kern_batchnorm},
    [OP_LayerNorm] = {infer_layernorm, kern_layernorm}, [OP_StopGradient] = {infer_identity, kern_copy},
    [OP_Conv2DBackpropInput] = {infer_conv2d_grad, kern_conv2d_grad},
    [OP_Conv2DBackpropFilter] = {infer_conv2d_grad, kern_conv2d_grad},
    [OP_QuantizeInt8] = {infer_quantize, kern_quantize}, [OP_DequantizeInt8] = {infer_quantize, kern_quantize},
    [OP_QuantDense] = {infer_quant_dense, kern_quant_dense}, [OP_QuantConv2D] = {infer_quant_conv, kern_quant_conv},
    [OP_QuantAvgPool] = {infer_quant_avgpool, kern_quant_avgpool},
    [OP_MaxPoolGrad] = {infer_pool_grad, kern_pool_grad}, [OP_AvgPoolGrad] = {infer_pool_grad, kern_pool_grad},
};

static InferFn infer_rule(OpId op) {
  OpGroup g = op_info[op].group;
  return g == OPG_OWN ? own_rules[op].infer : family_infer[g];
}

static KernelFn kernel_rule(OpId op) {
  OpGroup g = op_info[op].group;
  return g == OPG_OWN ? own_rules[op].kernel : family_kernel[g];
}

/* ---- entry points (ops.h) ------------------------------------------------- */

bool op_has_rules(OpId op) { return op >= 0 && op < OP_COUNT && infer_rule(op) && kernel_rule(op); }

static void err_clear(OpErr *err) {
  if (err) {
    err->kind = OPE_None;
    err->msg[0] = 0;
  }
}

/* Ops that take complex operands: the table-driven families (their
 * rules check each op) and the OWN ops that only move elements. */
static bool complex_ok(OpId op) {
  switch (op) {
  case OP_Reshape: case OP_Transpose: case OP_ExpandDims: case OP_Squeeze: case OP_Flatten:
  case OP_Identity: case OP_StopGradient: case OP_Concat: case OP_Stack: case OP_StridedSlice:
  case OP_BroadcastTo: case OP_Cast: case OP_Tile:
    return true;
  default:
    return op_info[op].group != OPG_OWN;
  }
}

bool op_infer(OpId op, int nin, const TType *in, const Attrs *a, TType *out, msrt_dtype *cast, OpErr *err) {
  err_clear(err);
  OpCtx X = {.err = err};
  if (!op_has_rules(op)) {
    if (err) snprintf(err->msg, sizeof err->msg, "op %d has no rules", (int)op), err->kind = OPE_NotImplementedError;
    return false;
  }
  memset(out, 0, sizeof *out);
  if (setjmp(X.jb)) {
    op_ctx_end(&X);
    return false;
  }
  for (int i = 0; i < nin; i++)
    if (ir_dtype_is_complex(in[i].dt) && !complex_ok(op))
      op_raise(&X, OPE_TypeError, "%s: complex tensors (%s) are not supported by this operation",
               op_info[op].name, dtname(in[i].dt));
  infer_rule(op)(&X, op, nin, in, a, out, cast);
  /* every type a rule makes stays within the shared element limit, so no
   * later stage's shape product overflows (frontend/limits.h) */
  int64_t elems;
  if (!shape_elems(out->ndim, out->shape, &elems))
    op_raise(&X, OPE_MemoryError, "%s: the result would have more than %lld elements (raise the limit with "
             "--limit=elements=N)", op_info[op].name, (long long)limit_get(LIM_ELEMENTS));
  op_ctx_end(&X);
  return true;
}

bool op_kernel(OpId op, int nin, OpTensor *const *in, const Attrs *a, OpTensor *out, OpWorkspace *ws,
               OpErr *err) {
  err_clear(err);
  OpCtx X = {.err = err, .ws = ws};
  if (!op_has_rules(op)) {
    if (err) snprintf(err->msg, sizeof err->msg, "op %d has no rules", (int)op), err->kind = OPE_NotImplementedError;
    return false;
  }
  if (setjmp(X.jb)) {
    op_ctx_end(&X);
    return false;
  }
  kernel_rule(op)(&X, op, nin, in, a, out);
  op_ctx_end(&X);
  return true;
}

void opt_of_type(OpTensor *t, const TType *ty, void *data) {
  memset(t, 0, sizeof *t);
  t->dtype = ty->dt;
  t->ndim = ty->ndim;
  t->size = 1;
  for (int i = 0; i < ty->ndim; i++) {
    t->shape[i] = ty->shape[i];
    t->size *= ty->shape[i];
  }
  t->data = data;
}

void *op_alloc_data(msrt_dtype dt, int64_t size) {
  size_t n = (size_t)(size > 0 ? size : 1) * msrt_dtype_size(dt);
  return aligned_alloc(64, (n + 63) & ~(size_t)63);
}

bool op_run(OpId op, int nin, OpTensor *const *in, const Attrs *a, OpTensor *out, OpWorkspace *ws, OpErr *err) {
  TType ty[8], *tys = nin <= 8 ? ty : malloc(sizeof(TType) * (size_t)nin);
  msrt_dtype cs[8], *cast = nin <= 8 ? cs : malloc(sizeof(msrt_dtype) * (size_t)nin);
  OpTensor cv[8], *conv = nin <= 8 ? cv : malloc(sizeof(OpTensor) * (size_t)nin);
  OpTensor *ap[8], **argv = nin <= 8 ? ap : malloc(sizeof(OpTensor *) * (size_t)nin);
  bool ok = tys && cast && conv && argv, own_out = false;
  memset(ty, 0, sizeof ty);
  if (!ok && err) err->kind = OPE_MemoryError, snprintf(err->msg, sizeof err->msg, "out of memory");
  for (int i = 0; ok && i < nin; i++) {
    memset(&tys[i], 0, sizeof tys[i]);
    tys[i].dt = in[i]->dtype;
    tys[i].ndim = in[i]->ndim;
    memcpy(tys[i].shape, in[i]->shape, sizeof(int64_t) * (size_t)in[i]->ndim);
    cast[i] = in[i]->dtype;
    conv[i].data = NULL;
    argv[i] = in[i];
  }
  TType ot;
  ok = ok && op_infer(op, nin, tys, a, &ot, cast, err);
  for (int i = 0; ok && i < nin; i++) {
    if (cast[i] == in[i]->dtype) continue;
    conv[i] = *in[i];
    conv[i].dtype = cast[i];
    conv[i].data = op_alloc_data(cast[i], in[i]->size);
    if (!conv[i].data) {
      ok = false;
      if (err) err->kind = OPE_MemoryError, snprintf(err->msg, sizeof err->msg, "out of memory");
      break;
    }
    if (in[i]->size) msrt_cast(in[i]->dtype, cast[i], in[i]->size, in[i]->data, conv[i].data);
    argv[i] = &conv[i];
  }
  if (ok && !out->data) {
    opt_of_type(out, &ot, op_alloc_data(ot.dt, 0));
    free(out->data);
    out->data = op_alloc_data(ot.dt, out->size);
    own_out = true;
    if (!out->data) {
      ok = false;
      if (err) err->kind = OPE_MemoryError, snprintf(err->msg, sizeof err->msg, "out of memory");
    }
  } else if (ok) {
    bool same = out->dtype == ot.dt && out->ndim == ot.ndim &&
                (ot.ndim == 0 || memcmp(out->shape, ot.shape, sizeof(int64_t) * (size_t)ot.ndim) == 0);
    if (!same) {
      ok = false;
      if (err) err->kind = OPE_RuntimeError, snprintf(err->msg, sizeof err->msg, "%s: the output buffer has another type", op_info[op].name);
    }
  }
  ok = ok && op_kernel(op, nin, argv, a, out, ws, err);
  if (!ok && own_out) {
    free(out->data);
    out->data = NULL;
  }
  for (int i = 0; tys && cast && conv && argv && i < nin; i++)
    if (argv[i] == &conv[i]) free(conv[i].data);
  if (tys != ty) free(tys);
  if (cast != cs) free(cast);
  if (conv != cv) free(conv);
  if (argv != ap) free(argv);
  return ok;
}
