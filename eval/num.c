/* num.c — int (64-bit, overflow is OverflowError), float and bool
 * arithmetic with Python's semantics; the operator entry points rt_binop,
 * rt_inplace, rt_unary and rt_compare (numbers first, then str/sequences/
 * sets, then user classes' dunders); float repr and rounding; hashing of
 * numbers (CPython's, so that hash(1) == hash(1.0) == hash(True)); the
 * int/float/bool constructors.
 */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tensor.h" /* operators on tensors go to tensor.c */
#include "valpriv.h"

#define OVERFLOW_MSG "integer overflow: result does not fit in 64 bits (msc integers are 64-bit)"

_Noreturn static void overflow(Interp *I) { rt_raise(I, EXC_OverflowError, OVERFLOW_MSG); }

/* ---- Hashing (CPython's numeric hash: modulo 2**61 - 1) ---------------- */

#define HASH_BITS 61
#define HASH_MOD (((uint64_t)1 << HASH_BITS) - 1)

uint64_t hash_int(int64_t i) {
  uint64_t u = i < 0 ? 0 - (uint64_t)i : (uint64_t)i;
  int64_t h = (int64_t)(u % HASH_MOD);
  if (i < 0) h = -h;
  if (h == -1) h = -2;
  return (uint64_t)h;
}

uint64_t hash_float(double v) {
  if (!isfinite(v)) {
    if (isinf(v)) return v > 0 ? 314159u : (uint64_t)-314159;
    return 0;
  }
  int e;
  double m = frexp(v, &e);
  int sign = 1;
  if (m < 0) { sign = -1; m = -m; }
  uint64_t x = 0;
  while (m) {
    x = ((x << 28) & HASH_MOD) | x >> (HASH_BITS - 28);
    m *= 268435456.0;
    e -= 28;
    uint64_t y = (uint64_t)m;
    m -= (double)y;
    x += y;
    if (x >= HASH_MOD) x -= HASH_MOD;
  }
  e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
  x = ((x << e) & HASH_MOD) | x >> (HASH_BITS - e);
  x = x * (uint64_t)(int64_t)sign;
  if (x == (uint64_t)-1) x = (uint64_t)-2;
  return x;
}

/* ---- Conversions --------------------------------------------------------- */

int64_t float_to_int(Interp *I, double d) {
  if (isnan(d)) rt_raise(I, EXC_ValueError, "cannot convert float NaN to integer");
  if (isinf(d)) rt_raise(I, EXC_OverflowError, "cannot convert float infinity to integer");
  double t = trunc(d);
  if (t >= 9223372036854775808.0 || t < -9223372036854775808.0) overflow(I);
  return (int64_t)t;
}

int64_t rt_as_int(Interp *I, Value v, const char *what) {
  switch (v.tag) {
  case V_INT: return v.as.i;
  case V_BOOL: return v.as.b;
  case V_FLOAT: return float_to_int(I, v.as.f);
  default: break;
  }
  if (v_is(v, OBJ_TENSOR)) return tensor_as_int(I, v); /* size-1 tensors (tensor.c) */
  Value fn;
  if (v_is(v, OBJ_INSTANCE) &&
      (rt_find_dunder(I, v, I->s.int_, &fn) || rt_find_dunder(I, v, I->s.index, &fn))) {
    Value r = rt_call1(I, fn, v);
    if (r.tag == V_INT || r.tag == V_BOOL) return num_i(r);
    const char *tn = rt_type_name(I, r);
    v_decref(I, r);
    rt_raise(I, EXC_TypeError, "__int__ returned non-int (type %s)", tn);
  }
  rt_raise(I, EXC_TypeError, "%s must be an integer, not '%s'", what ? what : "argument",
           rt_type_name(I, v));
}

double rt_as_float(Interp *I, Value v, const char *what) {
  switch (v.tag) {
  case V_FLOAT: return v.as.f;
  case V_INT: return (double)v.as.i;
  case V_BOOL: return v.as.b;
  default: break;
  }
  if (v_is(v, OBJ_TENSOR)) return tensor_as_float(I, v); /* size-1 tensors (tensor.c) */
  Value fn;
  if (v_is(v, OBJ_INSTANCE)) {
    if (rt_find_dunder(I, v, I->s.float_, &fn)) {
      Value r = rt_call1(I, fn, v);
      if (r.tag == V_FLOAT) return r.as.f;
      const char *tn = rt_type_name(I, r);
      v_decref(I, r);
      rt_raise(I, EXC_TypeError, "%s.__float__ returned non-float (type %s)", rt_type_name(I, v), tn);
    }
    if (rt_find_dunder(I, v, I->s.index, &fn)) return (double)val_index(I, v);
  }
  rt_raise(I, EXC_TypeError, "%s must be real number, not %s", what ? what : "argument",
           rt_type_name(I, v));
}

/* ---- Integer and float arithmetic --------------------------------------- */

static int64_t int_pow(Interp *I, int64_t base, int64_t exp) {
  int64_t result = 1;
  while (exp > 0) {
    if (exp & 1)
      if (__builtin_mul_overflow(result, base, &result)) overflow(I);
    exp >>= 1;
    if (exp && __builtin_mul_overflow(base, base, &base)) overflow(I);
  }
  return result;
}

static double int_truediv(Interp *I, int64_t a, int64_t b) {
  if (b == 0) rt_raise(I, EXC_ZeroDivisionError, "division by zero");
  const int64_t lim = (int64_t)1 << 53;
  if (a > -lim && a < lim && b > -lim && b < lim) return (double)a / (double)b;
  return (double)((long double)a / (long double)b);
}

static double float_pow(Interp *I, double x, double y) {
  if (x == 0.0 && y < 0.0) rt_raise(I, EXC_ZeroDivisionError, "0.0 cannot be raised to a negative power");
  if (x < 0.0 && isfinite(x) && isfinite(y) && y != floor(y))
    rt_raise(I, EXC_ValueError, "complex numbers are not supported by msc: (%g) ** %g", x, y);
  double r = pow(x, y);
  if (isinf(r) && isfinite(x) && isfinite(y)) rt_raise(I, EXC_OverflowError, "(34, 'Numerical result out of range')");
  return r;
}

static double float_mod(Interp *I, double vx, double wx) {
  if (wx == 0.0) rt_raise(I, EXC_ZeroDivisionError, "float modulo");
  double mod = fmod(vx, wx);
  if (mod) {
    if ((wx < 0) != (mod < 0)) mod += wx;
  } else {
    mod = copysign(0.0, wx);
  }
  return mod;
}

static double float_floordiv(Interp *I, double vx, double wx) {
  if (wx == 0.0) rt_raise(I, EXC_ZeroDivisionError, "float floor division by zero");
  double mod = fmod(vx, wx);
  double div = (vx - mod) / wx;
  if (mod) {
    if ((wx < 0) != (mod < 0)) div -= 1.0;
  }
  double floordiv;
  if (div) {
    floordiv = floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = copysign(0.0, vx / wx);
  }
  return floordiv;
}

static Value float_binop(Interp *I, BinOp op, double a, double b) {
  switch (op) {
  case OP_ADD: return v_float(a + b);
  case OP_SUB: return v_float(a - b);
  case OP_MUL: return v_float(a * b);
  case OP_DIV:
    if (b == 0.0) rt_raise(I, EXC_ZeroDivisionError, "float division by zero");
    return v_float(a / b);
  case OP_FLOORDIV: return v_float(float_floordiv(I, a, b));
  case OP_MOD: return v_float(float_mod(I, a, b));
  case OP_POW:
    if (a < 0.0 && isfinite(a) && isfinite(b) && b != floor(b)) /* CPython: a complex power */
      return complex_binop(I, op, v_float(a), v_float(b));
    return v_float(float_pow(I, a, b));
  default: return v_notimpl();
  }
}

static Value int_binop(Interp *I, BinOp op, int64_t a, int64_t b) {
  int64_t r;
  switch (op) {
  case OP_ADD:
    if (__builtin_add_overflow(a, b, &r)) overflow(I);
    return v_int(r);
  case OP_SUB:
    if (__builtin_sub_overflow(a, b, &r)) overflow(I);
    return v_int(r);
  case OP_MUL:
    if (__builtin_mul_overflow(a, b, &r)) overflow(I);
    return v_int(r);
  case OP_DIV: return v_float(int_truediv(I, a, b));
  case OP_FLOORDIV: {
    if (b == 0) rt_raise(I, EXC_ZeroDivisionError, "integer division or modulo by zero");
    if (b == -1) {
      if (a == INT64_MIN) overflow(I);
      return v_int(-a);
    }
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return v_int(q);
  }
  case OP_MOD: {
    if (b == 0) rt_raise(I, EXC_ZeroDivisionError, "integer modulo by zero");
    if (b == -1) return v_int(0);
    int64_t m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) m += b;
    return v_int(m);
  }
  case OP_POW:
    if (b < 0) {
      if (a == 0) rt_raise(I, EXC_ZeroDivisionError, "0.0 cannot be raised to a negative power");
      return v_float(float_pow(I, (double)a, (double)b));
    }
    return v_int(int_pow(I, a, b));
  case OP_LSHIFT:
    if (b < 0) rt_raise(I, EXC_ValueError, "negative shift count");
    if (a == 0) return v_int(0);
    if (b >= 63) overflow(I);
    {
      int64_t s = (int64_t)((uint64_t)a << b);
      if ((s >> b) != a) overflow(I);
      return v_int(s);
    }
  case OP_RSHIFT:
    if (b < 0) rt_raise(I, EXC_ValueError, "negative shift count");
    if (b >= 64) return v_int(a < 0 ? -1 : 0);
    return v_int(a >= 0 ? a >> b : ~(~a >> b));
  case OP_BITAND: return v_int(a & b);
  case OP_BITOR: return v_int(a | b);
  case OP_BITXOR: return v_int(a ^ b);
  default: return v_notimpl();
  }
}

/* Numbers only; V_NOTIMPL when an operand is not a number or the operator
 * does not apply (float << int). */
static Value num_binop(Interp *I, BinOp op, Value a, Value b) {
  if (a.tag == V_FLOAT || b.tag == V_FLOAT) {
    double x = a.tag == V_FLOAT ? a.as.f : (double)num_i(a);
    double y = b.tag == V_FLOAT ? b.as.f : (double)num_i(b);
    return float_binop(I, op, x, y);
  }
  if (a.tag == V_BOOL && b.tag == V_BOOL) {
    if (op == OP_BITAND) return v_bool(a.as.b & b.as.b);
    if (op == OP_BITOR) return v_bool(a.as.b | b.as.b);
    if (op == OP_BITXOR) return v_bool(a.as.b ^ b.as.b);
  }
  return int_binop(I, op, num_i(a), num_i(b));
}

/* ---- rt_binop ------------------------------------------------------------- */

_Noreturn static void binop_type_error(Interp *I, BinOp op, Value a, Value b) {
  const char *ta = rt_type_name(I, a), *tb = rt_type_name(I, b);
  if (op == OP_ADD && (v_is(a, OBJ_STR) || v_is(a, OBJ_LIST) || v_is(a, OBJ_TUPLE)) && !v_is(b, OBJ_INSTANCE))
    rt_raise(I, EXC_TypeError, "can only concatenate %s (not \"%s\") to %s", ta, tb, ta);
  if (op == OP_MUL) {
    bool sa = v_is(a, OBJ_STR) || v_is(a, OBJ_LIST) || v_is(a, OBJ_TUPLE);
    bool sb = v_is(b, OBJ_STR) || v_is(b, OBJ_LIST) || v_is(b, OBJ_TUPLE);
    if (sa && !v_is(b, OBJ_INSTANCE)) rt_raise(I, EXC_TypeError, "can't multiply sequence by non-int of type '%s'", tb);
    if (sb && !v_is(a, OBJ_INSTANCE)) rt_raise(I, EXC_TypeError, "can't multiply sequence by non-int of type '%s'", ta);
  }
  if (op == OP_POW)
    rt_raise(I, EXC_TypeError, "unsupported operand type(s) for ** or pow(): '%s' and '%s'", ta, tb);
  rt_raise(I, EXC_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'", ast_binop_str(op), ta, tb);
}

static bool is_seq(Value v) { return v_is(v, OBJ_STR) || v_is(v, OBJ_LIST) || v_is(v, OBJ_TUPLE); }

static Value seq_times(Interp *I, Value seq, int64_t n) {
  if (v_is(seq, OBJ_STR)) return v_obj(&str_repeat(I, AS_STR(seq), n)->h);
  return list_repeat(I, seq, n);
}

/* Binary operators of built-in non-numeric types; V_NOTIMPL if none. */
static Value obj_binop(Interp *I, BinOp op, Value a, Value b) {
  if (is_bytes_like(a) || is_bytes_like(b)) { /* bytes.c */
    Value r = bytes_binop(I, op, a, b);
    if (r.tag != V_NOTIMPL) return r;
  }
  switch (op) {
  case OP_ADD:
    if (v_is(a, OBJ_STR) && v_is(b, OBJ_STR)) return v_obj(&str_concat(I, AS_STR(a), AS_STR(b))->h);
    if ((v_is(a, OBJ_LIST) && v_is(b, OBJ_LIST)) || (v_is(a, OBJ_TUPLE) && v_is(b, OBJ_TUPLE)))
      return seq_concat(I, a, b);
    break;
  case OP_MUL:
    if (is_seq(a) && (b.tag == V_INT || b.tag == V_BOOL)) return seq_times(I, a, num_i(b));
    if (is_seq(b) && (a.tag == V_INT || a.tag == V_BOOL)) return seq_times(I, b, num_i(a));
    break;
  case OP_MOD:
    if (v_is(a, OBJ_STR)) return v_obj(&str_mod(I, AS_STR(a), b)->h);
    break;
  case OP_BITOR:
  case OP_BITAND:
  case OP_BITXOR:
  case OP_SUB:
    if (v_is(a, OBJ_SET) || v_is(a, OBJ_DICT) || v_is(a, OBJ_DICTVIEW))
      return setdict_binop(I, op, a, b, false);
    break;
  default:
    break;
  }
  return v_notimpl();
}

static Value try_dunder(Interp *I, Value self, Str *name, Value other, bool *found) {
  Value fn;
  *found = false;
  if (!user_dunder(I, self, name, &fn)) return v_notimpl();
  if (fn.tag == V_NONE) return v_notimpl();
  *found = true;
  return rt_call2(I, fn, self, other);
}

static Value binop_slow(Interp *I, BinOp op, Value a, Value b) {
  bool ai = v_is(a, OBJ_INSTANCE), bi = v_is(b, OBJ_INSTANCE);
  bool found;
  Value r;
  Class *ca = rt_class_of(I, a), *cb = rt_class_of(I, b);
  bool rfirst = bi && ca != cb && class_is_subclass(cb, ca);
  if (rfirst) {
    r = try_dunder(I, b, I->s.rbinop[op], a, &found);
    if (r.tag != V_NOTIMPL) return r;
  }
  if (ai) {
    r = try_dunder(I, a, I->s.binop[op], b, &found);
    if (r.tag != V_NOTIMPL) return r;
  } else if (is_num(a) && is_num(b)) {
    r = num_binop(I, op, a, b);
    if (r.tag != V_NOTIMPL) return r;
  } else if (!bi || !is_num(a)) {
    r = obj_binop(I, op, a, b);
    if (r.tag != V_NOTIMPL) return r;
  }
  if (bi && !rfirst && ca != cb) {
    r = try_dunder(I, b, I->s.rbinop[op], a, &found);
    if (r.tag != V_NOTIMPL) return r;
  }
  Value ba = inst_base(a), bb = inst_base(b);
  if (ba.tag != V_UNDEF || bb.tag != V_UNDEF) /* dict/list/tuple subclasses: their values' operators (subclass.c) */
    return rt_binop(I, op, ba.tag != V_UNDEF ? ba : a, bb.tag != V_UNDEF ? bb : b);
  binop_type_error(I, op, a, b);
}

Value rt_binop(Interp *I, BinOp op, Value a, Value b) {
  if (a.tag == V_INT && b.tag == V_INT) {
    int64_t r;
    switch (op) {
    case OP_ADD:
      if (__builtin_add_overflow(a.as.i, b.as.i, &r)) overflow(I);
      return v_int(r);
    case OP_SUB:
      if (__builtin_sub_overflow(a.as.i, b.as.i, &r)) overflow(I);
      return v_int(r);
    case OP_MUL:
      if (__builtin_mul_overflow(a.as.i, b.as.i, &r)) overflow(I);
      return v_int(r);
    case OP_MATMUL: binop_type_error(I, op, a, b);
    default: return int_binop(I, op, a.as.i, b.as.i);
    }
  }
  if (a.tag == V_FLOAT && b.tag == V_FLOAT) {
    switch (op) {
    case OP_ADD: return v_float(a.as.f + b.as.f);
    case OP_SUB: return v_float(a.as.f - b.as.f);
    case OP_MUL: return v_float(a.as.f * b.as.f);
    default: break;
    }
  }
  if (is_num(a) && is_num(b)) {
    Value r = num_binop(I, op, a, b);
    if (r.tag != V_NOTIMPL) return r;
    binop_type_error(I, op, a, b);
  }
  if (v_is(a, OBJ_STR) && v_is(b, OBJ_STR) && op == OP_ADD)
    return v_obj(&str_concat(I, AS_STR(a), AS_STR(b))->h);
  if (op == OP_MUL && (is_seq(a) || is_seq(b)) && tensor_is_np_integer(is_seq(a) ? b : a))
    return seq_times(I, is_seq(a) ? a : b, val_index(I, is_seq(a) ? b : a)); /* [0] * np.int64(3) */
  if ((is_cplx(a) && (is_num(b) || is_cplx(b))) || (is_cplx(b) && is_num(a))) {
    Value r = complex_binop(I, op, a, b);
    if (r.tag != V_NOTIMPL) return r;
    binop_type_error(I, op, a, b);
  }
  if (v_is(a, OBJ_TENSOR) || v_is(b, OBJ_TENSOR)) { /* tensor operators (tensor.c) */
    Value r = tensor_binop(I, op, a, b);
    if (r.tag != V_NOTIMPL) return r;
  }
  return binop_slow(I, op, a, b);
}

Value rt_inplace(Interp *I, BinOp op, Value a, Value b) {
  if (a.tag == V_OBJ) {
    Obj *o = a.as.o;
    if (o->kind == OBJ_LIST) {
      if (op == OP_ADD) {
        list_extend(I, (List *)o, b);
        return v_incref(a);
      }
      if (op == OP_MUL && (b.tag == V_INT || b.tag == V_BOOL)) {
        List *l = (List *)o;
        int64_t n = num_i(b), len = l->len;
        if (n <= 0) {
          for (int64_t i = 0; i < len; i++) v_decref(I, l->items[i]);
          l->len = 0;
        } else {
          for (int64_t k = 1; k < n; k++)
            for (int64_t i = 0; i < len; i++) list_append(I, l, l->items[i]);
        }
        return v_incref(a);
      }
    } else if (o->kind == OBJ_SET || (o->kind == OBJ_DICT && op == OP_BITOR)) {
      if (op == OP_BITOR || op == OP_BITAND || op == OP_SUB || op == OP_BITXOR) {
        Value r = setdict_binop(I, op, a, b, true);
        if (r.tag != V_NOTIMPL) return r;
      }
    } else if (o->kind == OBJ_INSTANCE) {
      bool found;
      Value r = try_dunder(I, a, I->s.ibinop[op], b, &found);
      if (r.tag != V_NOTIMPL) return r;
    } else if (o->kind == OBJ_BYTEARRAY) { /* in place (bytes.c) */
      Value r = bytes_inplace(I, op, a, b);
      if (r.tag != V_NOTIMPL) return r;
    } else if (o->kind == OBJ_TENSOR) { /* ndarrays update in place (tensor.c) */
      Value r = tensor_inplace(I, op, a, b);
      if (r.tag != V_NOTIMPL) return r;
    }
  }
  return rt_binop(I, op, a, b);
}

/* ---- Unary ---------------------------------------------------------------- */

Value rt_unary(Interp *I, UnaryOp op, Value a) {
  if (op == UOP_NOT) return v_bool(!rt_truthy(I, a));
  switch (a.tag) {
  case V_INT:
  case V_BOOL: {
    int64_t i = num_i(a);
    if (op == UOP_NEG) {
      if (i == INT64_MIN) overflow(I);
      return v_int(-i);
    }
    if (op == UOP_POS) return v_int(i);
    return v_int(~i);
  }
  case V_FLOAT:
    if (op == UOP_NEG) return v_float(-a.as.f);
    if (op == UOP_POS) return a;
    break;
  default:
    break;
  }
  if (v_is(a, OBJ_TENSOR)) return tensor_unary(I, op, a); /* tensor.c */
  if (is_cplx(a) && op != UOP_INVERT)
    return op == UOP_NEG ? v_complex(I, -AS_COMPLEX(a)->re, -AS_COMPLEX(a)->im) : v_incref(a);
  if (v_is(a, OBJ_INSTANCE)) {
    Str *name = op == UOP_NEG ? I->s.neg : op == UOP_POS ? I->s.pos : I->s.invert;
    Value fn;
    if (user_dunder(I, a, name, &fn)) return rt_call1(I, fn, a);
  }
  rt_raise(I, EXC_TypeError, "bad operand type for unary %s: '%s'",
           op == UOP_NEG ? "-" : op == UOP_POS ? "+" : "~", rt_type_name(I, a));
}

/* ---- Comparison ---------------------------------------------------------- */

int num_cmp(Value a, Value b) {
  if (a.tag != V_FLOAT && b.tag != V_FLOAT) {
    int64_t x = num_i(a), y = num_i(b);
    return x < y ? -1 : x > y;
  }
  if (a.tag == V_FLOAT && b.tag == V_FLOAT) {
    double x = a.as.f, y = b.as.f;
    if (x < y) return -1;
    if (x > y) return 1;
    if (x == y) return 0;
    return 2;
  }
  /* int vs float, exactly */
  bool swap = a.tag == V_FLOAT;
  int64_t i = swap ? num_i(b) : num_i(a);
  double f = swap ? a.as.f : b.as.f;
  int r;
  if (isnan(f)) return 2;
  const int64_t lim = (int64_t)1 << 53;
  if (i > -lim && i < lim) {
    double d = (double)i;
    r = d < f ? -1 : d > f;
  } else if (f >= 9223372036854775808.0) {
    r = -1;
  } else if (f < -9223372036854775808.0) {
    r = 1;
  } else {
    double fl = floor(f);
    int64_t fi = (int64_t)fl;
    if (i < fi) r = -1;
    else if (i > fi) r = 1;
    else r = f > fl ? -1 : 0;
  }
  return swap ? -r : r;
}

static bool cmp_result(CmpOp op, int c) {
  if (c == 2) return op == CMP_NE;
  switch (op) {
  case CMP_EQ: return c == 0;
  case CMP_NE: return c != 0;
  case CMP_LT: return c < 0;
  case CMP_LE: return c <= 0;
  case CMP_GT: return c > 0;
  default: return c >= 0;
  }
}

static CmpOp cmp_swap(CmpOp op) {
  switch (op) {
  case CMP_LT: return CMP_GT;
  case CMP_LE: return CMP_GE;
  case CMP_GT: return CMP_LT;
  case CMP_GE: return CMP_LE;
  default: return op;
  }
}

_Noreturn static void cmp_type_error(Interp *I, CmpOp op, Value a, Value b) {
  rt_raise(I, EXC_TypeError, "'%s' not supported between instances of '%s' and '%s'", ast_cmpop_str(op),
           rt_type_name(I, a), rt_type_name(I, b));
}

static Value cmp_dunder(Interp *I, CmpOp op, Value self, Value other) {
  Str *names[] = {I->s.eq, I->s.ne, I->s.lt, I->s.le, I->s.gt, I->s.ge};
  Value fn;
  if (!user_dunder(I, self, names[op], &fn) || fn.tag == V_NONE) return v_notimpl();
  return rt_call2(I, fn, self, other);
}

static Value compare_slow(Interp *I, CmpOp op, Value a, Value b) {
  bool ai = v_is(a, OBJ_INSTANCE), bi = v_is(b, OBJ_INSTANCE);
  Class *ca = rt_class_of(I, a), *cb = rt_class_of(I, b);
  CmpOp rop = cmp_swap(op);
  Value r;
  bool rfirst = bi && ca != cb && class_is_subclass(cb, ca);
  if (rfirst) {
    r = cmp_dunder(I, rop, b, a);
    if (r.tag != V_NOTIMPL) return r;
  }
  if (ai) {
    r = cmp_dunder(I, op, a, b);
    if (r.tag != V_NOTIMPL) return r;
  }
  if (bi && !rfirst) {
    r = cmp_dunder(I, rop, b, a);
    if (r.tag != V_NOTIMPL) return r;
  }
  if (op == CMP_NE) {
    /* object.__ne__ inverts __eq__ */
    Value e = v_notimpl();
    if (ai) e = cmp_dunder(I, CMP_EQ, a, b);
    if (e.tag == V_NOTIMPL && bi) e = cmp_dunder(I, CMP_EQ, b, a);
    if (e.tag != V_NOTIMPL) {
      bool t = rt_truthy(I, e);
      v_decref(I, e);
      return v_bool(!t);
    }
  }
  Value ba = inst_base(a), bb = inst_base(b);
  if (ba.tag != V_UNDEF || bb.tag != V_UNDEF) /* dict/list/tuple subclasses compare as their values (subclass.c) */
    return rt_compare(I, op, ba.tag != V_UNDEF ? ba : a, bb.tag != V_UNDEF ? bb : b);
  if (op == CMP_EQ) return v_bool(rt_is(a, b));
  if (op == CMP_NE) return v_bool(!rt_is(a, b));
  cmp_type_error(I, op, a, b);
}

/* Built-in comparisons between objects; V_NOTIMPL when not applicable. */
/* Sets, and the keys()/items() views of dicts, compare as sets. */
static bool set_like(Value v) {
  if (v_is(v, OBJ_SET)) return true;
  return v_is(v, OBJ_DICTVIEW) && ((DictView *)v.as.o)->which != DV_VALUES;
}

/* Is every element of a in b? */
static bool all_contained_in(Interp *I, Value a, Value b) {
  Value it = rt_iter(I, a), x;
  while (rt_next(I, it, &x)) {
    bool in = rt_contains(I, b, x);
    v_decref(I, x);
    if (!in) {
      v_decref(I, it);
      return false;
    }
  }
  v_decref(I, it);
  return true;
}

static Value obj_compare(Interp *I, CmpOp op, Value a, Value b) {
  if (a.tag != V_OBJ || b.tag != V_OBJ) return v_notimpl();
  ObjKind ka = a.as.o->kind, kb = b.as.o->kind;
  if (ka == OBJ_STR && kb == OBJ_STR) {
    if (op == CMP_EQ) return v_bool(str_eq(AS_STR(a), AS_STR(b)));
    if (op == CMP_NE) return v_bool(!str_eq(AS_STR(a), AS_STR(b)));
    return v_bool(cmp_result(op, str_cmp(AS_STR(a), AS_STR(b))));
  }
  if (is_bytes_like(a) && is_bytes_like(b)) return bytes_compare(I, op, a, b); /* bytes.c */
  if (ka == OBJ_TUPLE && kb == OBJ_TUPLE)
    return v_bool(seq_compare(I, op, AS_TUPLE(a)->items, AS_TUPLE(a)->len, AS_TUPLE(b)->items, AS_TUPLE(b)->len));
  if (ka == OBJ_LIST && kb == OBJ_LIST)
    return v_bool(seq_compare(I, op, AS_LIST(a)->items, AS_LIST(a)->len, AS_LIST(b)->items, AS_LIST(b)->len));
  if (ka == OBJ_DICT && kb == OBJ_DICT && (op == CMP_EQ || op == CMP_NE))
    return v_bool(dict_equal(I, AS_DICT(a), AS_DICT(b)) == (op == CMP_EQ));
  if (set_like(a) && set_like(b)) { /* sets and keys()/items() views */
    if (ka == OBJ_SET && kb == OBJ_SET) return v_bool(set_compare(I, op, AS_DICT(a), AS_DICT(b)));
    if (ka == OBJ_DICTVIEW || kb == OBJ_DICTVIEW) {
      /* CPython's dictview_richcompare: the lengths, then every element of
       * one contained in the other (no set is built: items() views of dicts
       * holding unhashable values compare) */
      int64_t na = rt_len(I, a), nb = rt_len(I, b);
      bool ok;
      switch (op) {
      case CMP_EQ: case CMP_NE: ok = na == nb && all_contained_in(I, a, b); break;
      case CMP_LT: ok = na < nb && all_contained_in(I, a, b); break;
      case CMP_LE: ok = na <= nb && all_contained_in(I, a, b); break;
      case CMP_GT: ok = na > nb && all_contained_in(I, b, a); break;
      default: ok = na >= nb && all_contained_in(I, b, a); break;
      }
      return v_bool(op == CMP_NE ? !ok : ok);
    }
    Value sx = ka == OBJ_SET ? v_incref(a) : set_from_iterable(I, a);
    Value sy = kb == OBJ_SET ? v_incref(b) : set_from_iterable(I, b);
    bool r = set_compare(I, op, AS_DICT(sx), AS_DICT(sy));
    v_decref(I, sx);
    v_decref(I, sy);
    return v_bool(r);
  }
  if (ka == OBJ_RANGE && kb == OBJ_RANGE && (op == CMP_EQ || op == CMP_NE))
    return v_bool(range_eq((Range *)a.as.o, (Range *)b.as.o) == (op == CMP_EQ));
  if (ka == OBJ_SLICE && kb == OBJ_SLICE) { /* as the tuples (start, stop, step) */
    Slice *x = (Slice *)a.as.o, *y = (Slice *)b.as.o;
    Value tx[3] = {x->start, x->stop, x->step}, ty[3] = {y->start, y->stop, y->step};
    return v_bool(seq_compare(I, op, tx, 3, ty, 3));
  }
  if (ka == OBJ_DICTVIEW && kb == OBJ_DICTVIEW && (op == CMP_EQ || op == CMP_NE)) /* values() views */
    return v_bool(op == CMP_NE ? a.as.o != b.as.o : a.as.o == b.as.o);
  return v_notimpl();
}

Value rt_compare(Interp *I, CmpOp op, Value a, Value b) {
  if (a.tag == V_INT && b.tag == V_INT) {
    int64_t x = a.as.i, y = b.as.i;
    switch (op) {
    case CMP_EQ: return v_bool(x == y);
    case CMP_NE: return v_bool(x != y);
    case CMP_LT: return v_bool(x < y);
    case CMP_LE: return v_bool(x <= y);
    case CMP_GT: return v_bool(x > y);
    case CMP_GE: return v_bool(x >= y);
    default: break;
    }
  }
  switch (op) {
  case CMP_IS: return v_bool(rt_is(a, b));
  case CMP_ISNOT: return v_bool(!rt_is(a, b));
  case CMP_IN: return v_bool(rt_contains(I, b, a));
  case CMP_NOTIN: return v_bool(!rt_contains(I, b, a));
  default: break;
  }
  if (is_num(a) && is_num(b)) return v_bool(cmp_result(op, num_cmp(a, b)));
  if ((is_cplx(a) && (is_num(b) || is_cplx(b))) || (is_cplx(b) && is_num(a))) {
    Value r = complex_compare(I, op, a, b);
    if (r.tag != V_NOTIMPL) return r;
    cmp_type_error(I, op, a, b);
  }
  if (v_is(a, OBJ_TENSOR) || v_is(b, OBJ_TENSOR) || v_is(a, OBJ_DTYPE) || v_is(b, OBJ_DTYPE)) {
    Value r = tensor_compare(I, op, a, b); /* elementwise (tensor.c) */
    if (r.tag != V_NOTIMPL) return r;
  }
  if (!v_is(a, OBJ_INSTANCE) && !v_is(b, OBJ_INSTANCE)) {
    Value r = obj_compare(I, op, a, b);
    if (r.tag != V_NOTIMPL) return r;
    if (op == CMP_EQ) return v_bool(rt_is(a, b));
    if (op == CMP_NE) return v_bool(!rt_is(a, b));
    cmp_type_error(I, op, a, b);
  }
  return compare_slow(I, op, a, b);
}

/* ---- float repr and round -------------------------------------------------- */

/* Python's repr(float): the shortest round-tripping digits, correctly
 * rounded — the runtime's Dragon4 (msrt_format_scalar of a float64 is
 * numpy's str of a float64, which is Python's repr). */
void float_repr(Buf *b, double d) {
  char tmp[64];
  int len = msrt_format_scalar(tmp, sizeof tmp, MSRT_FLOAT64, &d);
  buf_append(b, tmp, len > 0 ? (size_t)len : 0);
}

double float_round(double x, int64_t ndigits) {
  if (!isfinite(x) || x == 0.0) return x;
  if (ndigits > 323) return x;
  if (ndigits < -308) return 0.0 * x;
  if (ndigits >= 0) {
    char stackbuf[400];
    int n = snprintf(stackbuf, sizeof stackbuf, "%.*f", (int)ndigits, x);
    double r;
    if (n >= (int)sizeof stackbuf) {
      char *big = xmalloc((size_t)n + 1);
      snprintf(big, (size_t)n + 1, "%.*f", (int)ndigits, x);
      r = strtod(big, NULL);
      free(big);
    } else {
      r = strtod(stackbuf, NULL);
    }
    if (r == 0.0) r = copysign(0.0, x);
    return r;
  }
  /* negative ndigits: round to a multiple of 10**-ndigits, half to even */
  double p = 1.0;
  for (int64_t i = 0; i < -ndigits; i++) p *= 10.0;
  if (isinf(p)) return 0.0 * x;
  double y = x / p;
  double r = nearbyint(y);
  if (fabs(y - trunc(y)) == 0.5) r = 2.0 * nearbyint(y / 2.0);
  r *= p;
  if (r == 0.0) r = copysign(0.0, x);
  return r;
}

/* ---- Parsing numbers from strings ---------------------------------------- */

static bool py_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }

static int digit_val(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

_Noreturn static void bad_int_literal(Interp *I, Str *s, int base) {
  Buf b = {0};
  str_repr_buf(&b, s);
  char msg[256];
  snprintf(msg, sizeof msg, "%.200s", b.data);
  buf_free(&b);
  rt_raise(I, EXC_ValueError, "invalid literal for int() with base %d: %s", base, msg);
}

/* int(string, base): ValueError on a bad literal. */
static Value int_from_str(Interp *I, Str *s, int base) {
  if (base != 0 && (base < 2 || base > 36)) rt_raise(I, EXC_ValueError, "int() base must be >= 2 and <= 36, or 0");
  const char *p = s->data, *end = s->data + s->len;
  while (p < end && py_space(*p)) p++;
  while (end > p && py_space(end[-1])) end--;
  bool neg = false;
  if (p < end && (*p == '+' || *p == '-')) neg = *p++ == '-';
  int b = base;
  bool prefixed = false;
  if (end - p >= 2 && p[0] == '0') {
    char c = (char)(p[1] | 32);
    int pb = c == 'x' ? 16 : c == 'o' ? 8 : c == 'b' ? 2 : 0;
    if (pb && (base == 0 || base == pb)) { b = pb; p += 2; prefixed = true; }
  }
  if (b == 0) b = 10;
  if (p >= end) bad_int_literal(I, s, base);
  /* base 0: a decimal literal may not have leading zeros ("010") */
  if (base == 0 && !prefixed && *p == '0') {
    for (const char *q = p; q < end; q++)
      if (*q != '0' && *q != '_') bad_int_literal(I, s, base);
  }
  uint64_t acc = 0;
  bool prev_us = prefixed, any = false, ovf = false;
  for (; p < end; p++) {
    if (*p == '_') {
      if (prev_us) bad_int_literal(I, s, base);
      prev_us = true;
      continue;
    }
    int d = digit_val(*p);
    if (d >= b) bad_int_literal(I, s, base);
    if (__builtin_mul_overflow(acc, (uint64_t)b, &acc) || __builtin_add_overflow(acc, (uint64_t)d, &acc)) ovf = true;
    prev_us = false;
    any = true;
  }
  if (!any || prev_us) bad_int_literal(I, s, base);
  if (ovf || acc > (uint64_t)INT64_MAX + (neg ? 1u : 0u)) overflow(I);
  return v_int(neg ? (int64_t)(0 - acc) : (int64_t)acc);
}

static double float_from_str(Interp *I, Str *s) {
  const char *p = s->data, *end = s->data + s->len;
  while (p < end && py_space(*p)) p++;
  while (end > p && py_space(end[-1])) end--;
  char small[128];
  size_t n = (size_t)(end - p);
  char *tmp = n < sizeof small ? small : xmalloc(n + 1);
  /* copy without '_' (only allowed between digits) */
  size_t k = 0;
  bool ok = n > 0;
  for (const char *q = p; q < end; q++) {
    if (*q == '_') {
      if (q == p || q + 1 >= end || !isdigit((unsigned char)q[-1]) || !isdigit((unsigned char)q[1])) ok = false;
      continue;
    }
    tmp[k++] = *q;
  }
  tmp[k] = 0;
  double d = 0;
  if (ok) {
    const char *t = tmp;
    if (*t == '+' || *t == '-') t++;
    if (strcasecmp(t, "inf") == 0 || strcasecmp(t, "infinity") == 0) d = INFINITY;
    else if (strcasecmp(t, "nan") == 0) d = NAN;
    else {
      /* digits [. digits] [e [sign] digits], no hex */
      const char *q = t;
      bool digs = false;
      while (isdigit((unsigned char)*q)) { q++; digs = true; }
      if (*q == '.') { q++; while (isdigit((unsigned char)*q)) { q++; digs = true; } }
      if (digs && (*q == 'e' || *q == 'E')) {
        q++;
        if (*q == '+' || *q == '-') q++;
        if (!isdigit((unsigned char)*q)) digs = false;
        while (isdigit((unsigned char)*q)) q++;
      }
      if (!digs || *q) ok = false;
      else d = strtod(t, NULL);
    }
    if (tmp[0] == '-') d = -d;
  }
  if (tmp != small) free(tmp);
  if (!ok) {
    Buf b = {0};
    str_repr_buf(&b, s);
    char msg[256];
    snprintf(msg, sizeof msg, "%.200s", b.data);
    buf_free(&b);
    rt_raise(I, EXC_ValueError, "could not convert string to float: %s", msg);
  }
  return d;
}

/* ---- Constructors ----------------------------------------------------------- */

Value int_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"x", "base"};
  Value a[2];
  if (argc > 2) rt_raise(I, EXC_TypeError, "int() takes at most 2 arguments (%d given)", argc);
  args_bind(I, "int", argc, argv, kw, 0, 2, names, a);
  if (a[0].tag == V_UNDEF) {
    if (a[1].tag != V_UNDEF) rt_raise(I, EXC_TypeError, "int() missing string argument");
    return v_int(0);
  }
  Value x = a[0];
  if (a[1].tag != V_UNDEF) {
    int64_t base = val_index(I, a[1]);
    if (!v_is(x, OBJ_STR)) rt_raise(I, EXC_TypeError, "int() can't convert non-string with explicit base");
    if (base != 0 && (base < 2 || base > 36)) rt_raise(I, EXC_ValueError, "int() base must be >= 2 and <= 36, or 0");
    return int_from_str(I, AS_STR(x), (int)base);
  }
  switch (x.tag) {
  case V_INT: return x;
  case V_BOOL: return v_int(x.as.b);
  case V_FLOAT: return v_int(float_to_int(I, x.as.f));
  default: break;
  }
  if (v_is(x, OBJ_STR)) return int_from_str(I, AS_STR(x), 10);
  if (v_is(x, OBJ_TENSOR)) return v_int(tensor_as_int(I, x)); /* tensor.c */
  Value fn;
  if (v_is(x, OBJ_INSTANCE)) {
    if (rt_find_dunder(I, x, I->s.int_, &fn) || rt_find_dunder(I, x, I->s.index, &fn)) {
      Value r = rt_call1(I, fn, x);
      if (r.tag == V_INT) return r;
      if (r.tag == V_BOOL) return v_int(r.as.b);
      const char *tn = rt_type_name(I, r);
      v_decref(I, r);
      rt_raise(I, EXC_TypeError, "__int__ returned non-int (type %s)", tn);
    }
  }
  rt_raise(I, EXC_TypeError, "int() argument must be a string, a bytes-like object or a real number, not '%s'",
           rt_type_name(I, x));
}

Value float_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "float", kw);
  args_count(I, "float", argc, 0, 1);
  if (argc == 0) return v_float(0.0);
  Value x = argv[0];
  switch (x.tag) {
  case V_FLOAT: return x;
  case V_INT: return v_float((double)x.as.i);
  case V_BOOL: return v_float(x.as.b);
  default: break;
  }
  if (v_is(x, OBJ_STR)) return v_float(float_from_str(I, AS_STR(x)));
  if (v_is(x, OBJ_TENSOR)) return v_float(tensor_as_float(I, x)); /* tensor.c */
  Value fn;
  if (v_is(x, OBJ_INSTANCE) && (rt_find_dunder(I, x, I->s.float_, &fn) || rt_find_dunder(I, x, I->s.index, &fn)))
    return v_float(rt_as_float(I, x, "float() argument"));
  rt_raise(I, EXC_TypeError, "float() argument must be a string or a real number, not '%s'", rt_type_name(I, x));
}

Value bool_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "bool", kw);
  args_count(I, "bool", argc, 0, 1);
  return v_bool(argc ? rt_truthy(I, argv[0]) : false);
}

/* ---- Methods --------------------------------------------------------------- */

static Value int_bit_length(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "bit_length", kw);
  args_count(I, "int.bit_length", argc - 1, 0, 0);
  int64_t i = num_i(argv[0]);
  uint64_t u = i < 0 ? 0 - (uint64_t)i : (uint64_t)i;
  return v_int(u ? 64 - __builtin_clzll(u) : 0);
}

static Value int_bit_count(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "bit_count", kw);
  args_count(I, "int.bit_count", argc - 1, 0, 0);
  int64_t i = num_i(argv[0]);
  uint64_t u = i < 0 ? 0 - (uint64_t)i : (uint64_t)i;
  return v_int(__builtin_popcountll(u));
}

static Value num_conjugate(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "conjugate", kw);
  args_count(I, "conjugate", argc - 1, 0, 0);
  return argv[0].tag == V_BOOL ? v_int(argv[0].as.b) : argv[0];
}

static Value num_real(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)I; (void)argc; (void)kw;
  return argv[0].tag == V_BOOL ? v_int(argv[0].as.b) : argv[0];
}

static Value num_imag(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)I; (void)argc; (void)kw;
  return argv[0].tag == V_FLOAT ? v_float(0.0) : v_int(0);
}

static Value int_index(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__index__", kw);
  args_count(I, "int.__index__", argc - 1, 0, 0);
  return v_int(num_i(argv[0]));
}

static Value float_is_integer(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "is_integer", kw);
  args_count(I, "float.is_integer", argc - 1, 0, 0);
  double d = argv[0].as.f;
  return v_bool(isfinite(d) && d == floor(d));
}

static Value float_as_integer_ratio(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "as_integer_ratio", kw);
  args_count(I, "float.as_integer_ratio", argc - 1, 0, 0);
  double d = argv[0].as.f;
  if (isinf(d)) rt_raise(I, EXC_OverflowError, "cannot convert Infinity to integer ratio");
  if (isnan(d)) rt_raise(I, EXC_ValueError, "cannot convert NaN to integer ratio");
  int e;
  double m = frexp(d, &e);
  for (int i = 0; i < 300 && m != floor(m); i++) { m *= 2.0; e--; }
  if (fabs(m) >= 9223372036854775808.0) overflow(I);
  int64_t num = (int64_t)m, den = 1;
  if (e > 0) {
    for (int i = 0; i < e; i++) if (__builtin_mul_overflow(num, 2, &num)) overflow(I);
  } else {
    if (-e >= 63) overflow(I);
    den = (int64_t)1 << -e;
    while (den > 1 && num % 2 == 0) { num /= 2; den /= 2; }
  }
  return tuple_pack(I, 2, v_int(num), v_int(den));
}

void num_init(Interp *I) {
  Class *ic = I->cls[CLS_INT], *fc = I->cls[CLS_FLOAT];
  class_add_native(I, ic, "bit_length", int_bit_length);
  class_add_native(I, ic, "bit_count", int_bit_count);
  class_add_native(I, ic, "conjugate", num_conjugate);
  class_add_native(I, ic, "__index__", int_index);
  class_add_property(I, ic, "real", num_real);
  class_add_property(I, ic, "imag", num_imag);
  class_add_property(I, ic, "numerator", num_real);
  class_add_native(I, fc, "is_integer", float_is_integer);
  class_add_native(I, fc, "as_integer_ratio", float_as_integer_ratio);
  class_add_native(I, fc, "conjugate", num_conjugate);
  class_add_property(I, fc, "real", num_real);
  class_add_property(I, fc, "imag", num_imag);
}

/* ---- complex ----------------------------------------------------------------
 * Python's complex scalar as CPython 3.11 computes it (Objects/complexobject.c):
 * an int or float operand is converted to complex(x, 0) first; division is
 * Smith's algorithm (_Py_c_quot); z ** n for an integral real n with |n| <=
 * 100 is repeated squaring (c_powi), other powers the polar formula
 * (_Py_c_pow); a power with an infinite part raises OverflowError. // and %
 * are not defined; only == and != compare. A complex meeting a tensor is
 * a complex tensor operand (tensor.c: complex64/complex128). */

typedef struct Cx {
  double re, im;
} Cx;

Value v_complex(Interp *I, double re, double im) {
  Complex *c = (Complex *)obj_alloc(I, OBJ_COMPLEX, sizeof(Complex));
  c->re = re;
  c->im = im;
  return v_obj(&c->h);
}

static bool as_cx(Value v, Cx *c) {
  if (is_cplx(v)) {
    c->re = AS_COMPLEX(v)->re;
    c->im = AS_COMPLEX(v)->im;
    return true;
  }
  if (v.tag == V_FLOAT) {
    *c = (Cx){v.as.f, 0.0};
    return true;
  }
  if (v.tag == V_INT || v.tag == V_BOOL) {
    *c = (Cx){(double)num_i(v), 0.0};
    return true;
  }
  return false;
}

static Cx cx_prod(Cx a, Cx b) { return (Cx){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }

/* false: division by zero */
static bool cx_quot(Cx a, Cx b, Cx *r) {
  double abs_bre = fabs(b.re), abs_bim = fabs(b.im);
  if (abs_bre >= abs_bim) {
    if (abs_bre == 0.0) return false;
    double ratio = b.im / b.re, denom = b.re + b.im * ratio;
    *r = (Cx){(a.re + a.im * ratio) / denom, (a.im - a.re * ratio) / denom};
  } else if (abs_bim >= abs_bre) {
    double ratio = b.re / b.im, denom = b.re * ratio + b.im;
    *r = (Cx){(a.re * ratio + a.im) / denom, (a.im * ratio - a.re) / denom};
  } else {
    *r = (Cx){NAN, NAN}; /* at least one of b's parts is a nan */
  }
  return true;
}

/* false: zero to a negative or complex power */
static bool cx_pow(Cx a, Cx b, Cx *r) {
  if (b.re == 0.0 && b.im == 0.0) {
    *r = (Cx){1.0, 0.0};
  } else if (a.re == 0.0 && a.im == 0.0) {
    *r = (Cx){0.0, 0.0};
    if (b.im != 0.0 || b.re < 0.0) return false;
  } else {
    double vabs = hypot(a.re, a.im), len = pow(vabs, b.re), at = atan2(a.im, a.re), phase = at * b.re;
    if (b.im != 0.0) {
      len /= exp(at * b.im);
      phase += b.im * log(vabs);
    }
    *r = (Cx){len * cos(phase), len * sin(phase)};
  }
  return true;
}

static Cx cx_powu(Cx x, long n) {
  Cx r = {1.0, 0.0}, p = x;
  for (long mask = 1; mask > 0 && n >= mask; mask <<= 1) {
    if (n & mask) r = cx_prod(r, p);
    p = cx_prod(p, p);
  }
  return r;
}

static bool cx_powi(Cx x, long n, Cx *r) {
  if (n > 0) {
    *r = cx_powu(x, n);
    return true;
  }
  return cx_quot((Cx){1.0, 0.0}, cx_powu(x, -n), r);
}

Value complex_binop(Interp *I, BinOp op, Value a, Value b) {
  Cx x, y, r;
  if (!as_cx(a, &x) || !as_cx(b, &y)) return v_notimpl();
  switch (op) {
  case OP_ADD: r = (Cx){x.re + y.re, x.im + y.im}; break;
  case OP_SUB: r = (Cx){x.re - y.re, x.im - y.im}; break;
  case OP_MUL: r = cx_prod(x, y); break;
  case OP_DIV:
    if (!cx_quot(x, y, &r)) rt_raise(I, EXC_ZeroDivisionError, "complex division by zero");
    break;
  case OP_POW: {
    bool ok = y.im == 0.0 && y.re == floor(y.re) && fabs(y.re) <= 100.0 ? cx_powi(x, (long)y.re, &r)
                                                                         : cx_pow(x, y, &r);
    if (!ok) rt_raise(I, EXC_ZeroDivisionError, "0.0 to a negative or complex power");
    if (isinf(r.re) || isinf(r.im)) rt_raise(I, EXC_OverflowError, "complex exponentiation");
    break;
  }
  default: return v_notimpl();
  }
  return v_complex(I, r.re, r.im);
}

Value complex_compare(Interp *I, CmpOp op, Value a, Value b) {
  (void)I;
  Cx x, y;
  if ((op != CMP_EQ && op != CMP_NE) || !as_cx(a, &x) || !as_cx(b, &y)) return v_notimpl();
  bool eq; /* an int is compared exactly (num_cmp), as CPython does */
  if (a.tag == V_INT || a.tag == V_BOOL) eq = y.im == 0.0 && num_cmp(a, v_float(y.re)) == 0;
  else if (b.tag == V_INT || b.tag == V_BOOL) eq = x.im == 0.0 && num_cmp(v_float(x.re), b) == 0;
  else eq = x.re == y.re && x.im == y.im;
  return v_bool(op == CMP_EQ ? eq : !eq);
}

/* One part as CPython's repr writes it: the shortest round trip, no ".0". */
static void cx_part(Buf *b, double d, bool sign) {
  char tmp[64];
  int len = msrt_format_scalar(tmp, sizeof tmp, MSRT_FLOAT64, &d);
  if (len < 0) len = 0;
  if (len >= 2 && tmp[len - 2] == '.' && tmp[len - 1] == '0') len -= 2;
  if (sign && tmp[0] != '-') buf_putc(b, '+');
  buf_append(b, tmp, (size_t)len);
}

void complex_repr(Buf *b, double re, double im) {
  if (re == 0.0 && copysign(1.0, re) == 1.0) {
    cx_part(b, im, false);
    buf_putc(b, 'j');
    return;
  }
  buf_putc(b, '(');
  cx_part(b, re, false);
  cx_part(b, im, true);
  buf_puts(b, "j)");
}

uint64_t complex_hash(double re, double im) {
  uint64_t h = hash_float(re) + 1000003u * hash_float(im);
  return h == (uint64_t)-1 ? (uint64_t)-2 : h;
}

Value complex_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"real", "imag"};
  Value v[2];
  args_bind(I, "complex", argc, argv, kw, 0, 2, names, v);
  Cx r = {0.0, 0.0}, i = {0.0, 0.0};
  bool rc = is_cplx(v[0]), ic = is_cplx(v[1]); /* a part that is complex (a number or a tensor) */
  if (v[0].tag != V_UNDEF) {
    if (v_is(v[0], OBJ_STR)) {
      if (v[1].tag != V_UNDEF) rt_raise(I, EXC_TypeError, "complex() can't take second arg if first is a string");
      rt_raise(I, EXC_ValueError, "msc: complex() of a string is not supported; write complex(real, imag)");
    }
    if (v_is(v[0], OBJ_TENSOR)) rc = tensor_as_complex(I, v[0], &r.re, &r.im);
    else if (!as_cx(v[0], &r))
      rt_raise(I, EXC_TypeError, "complex() first argument must be a string or a number, not '%s'",
               rt_type_name(I, v[0]));
    if (v[1].tag == V_UNDEF && is_cplx(v[0])) return v_incref(v[0]);
  }
  if (v[1].tag != V_UNDEF) {
    if (v_is(v[1], OBJ_TENSOR)) ic = tensor_as_complex(I, v[1], &i.re, &i.im);
    else if (v_is(v[1], OBJ_STR) || !as_cx(v[1], &i))
    {
      if (v_is(v[1], OBJ_STR)) rt_raise(I, EXC_TypeError, "complex() second arg can't be a string");
      rt_raise(I, EXC_TypeError, "complex() second argument must be a number, not '%s'", rt_type_name(I, v[1]));
    }
  }
  /* real + imag * 1j, a part added only when it comes from a complex
   * (CPython's complex_new: complex(1, -0.0) is (1-0j)) */
  double re = r.re, im = i.re;
  if (ic) re -= i.im;
  if (rc) im += r.im;
  return v_complex(I, re, im);
}

static Value complex_real(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)I; (void)argc; (void)kw;
  return v_float(AS_COMPLEX(argv[0])->re);
}

static Value complex_imag(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)I; (void)argc; (void)kw;
  return v_float(AS_COMPLEX(argv[0])->im);
}

static Value complex_conjugate(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "conjugate", kw);
  args_count(I, "complex.conjugate", argc - 1, 0, 0);
  return v_complex(I, AS_COMPLEX(argv[0])->re, -AS_COMPLEX(argv[0])->im);
}

void complex_init(Interp *I) {
  Class *cc = I->cls[OBJ_COMPLEX];
  class_add_native(I, cc, "conjugate", complex_conjugate);
  class_add_property(I, cc, "real", complex_real);
  class_add_property(I, cc, "imag", complex_imag);
}
