/* modules.c — import, and the built-in modules math, sys and time.
 *
 * Modules are created on first import and cached in I->modules (which is
 * also sys.modules). A name is looked up first in builtin_modules[] (the
 * modules written in C: math, sys, time, and the tensor core's _msc), then
 * in lib/ (mindspore and numpy, written in the Python subset: embedded in
 * the binary, or read from $MSC_LIB_PATH; see "lib/" below). The "no
 * module named" error lists the public top-level names of both.
 *
 * math follows CPython 3.11's Modules/mathmodule.c: the same libm calls
 * where CPython calls libm, and ports of CPython's own algorithms where it
 * has them (gamma, lgamma, fsum, hypot/dist, remainder, the special-value
 * handling of pow, atan2, log, fmod), so results agree bit for bit; errors
 * are ValueError "math domain error" and OverflowError "math range error"
 * exactly where CPython raises them. Integer results that CPython would
 * grow beyond 64 bits raise OverflowError.
 */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <dirent.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

#include "interp.h" /* exc_raise_owned, interp_exec_module */
#include "value.h"

#define NATIVE(fn) static Value fn(Interp *I, int argc, Value *argv, KwArgs *kw)

/* ---- Helpers ---------------------------------------------------------- */

static bool is_int(Value v) { return v.tag == V_INT || v.tag == V_BOOL; }
static int64_t int_of(Value v) { return v.tag == V_BOOL ? (int64_t)v.as.b : v.as.i; }

static _Noreturn void int_overflow(Interp *I) {
  rt_raise(I, EXC_OverflowError,
           "integer overflow: result does not fit in 64 bits (msc integers are 64-bit)");
}

/* METH_O: "math.sqrt() takes exactly one argument (2 given)". */
static void one_arg(Interp *I, const char *name, int argc, KwArgs *kw) {
  if (kw && kw->n) rt_raise(I, EXC_TypeError, "%s() takes no keyword arguments", name);
  if (argc != 1)
    rt_raise(I, EXC_TypeError, "%s() takes exactly one argument (%d given)", name, argc);
}

/* METH_NOARGS: "time.time() takes no arguments (1 given)". */
static void no_args(Interp *I, const char *name, int argc, KwArgs *kw) {
  if (kw && kw->n) rt_raise(I, EXC_TypeError, "%s() takes no keyword arguments", name);
  if (argc) rt_raise(I, EXC_TypeError, "%s() takes no arguments (%d given)", name, argc);
}

/* _PyArg_CheckPositional; qual is the name in the keyword message
 * ("math.atan2"), name the one in the count message ("atan2"). */
static void npos(Interp *I, const char *qual, const char *name, int argc, KwArgs *kw, int lo,
                 int hi) {
  if (kw && kw->n) rt_raise(I, EXC_TypeError, "%s() takes no keyword arguments", qual);
  if (argc < lo)
    rt_raise(I, EXC_TypeError, "%s expected %s%d argument%s, got %d", name,
             lo == hi ? "" : "at least ", lo, lo == 1 ? "" : "s", argc);
  if (argc > hi)
    rt_raise(I, EXC_TypeError, "%s expected %s%d argument%s, got %d", name,
             lo == hi ? "" : "at most ", hi, hi == 1 ? "" : "s", argc);
}

/* operator.index(v). */
static int64_t to_index(Interp *I, Value v) {
  if (is_int(v)) return int_of(v);
  Value fn;
  if (v.tag == V_OBJ && rt_find_dunder(I, v, I->s.index, &fn)) {
    Value r = rt_call1(I, fn, v);
    if (!is_int(r)) {
      const char *tn = rt_type_name(I, r);
      v_decref(I, r);
      rt_raise(I, EXC_TypeError, "__index__ returned non-int (type %s)", tn);
    }
    return int_of(r);
  }
  rt_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer",
           rt_type_name(I, v));
}

/* PyFloat_AsDouble: float, int, __float__, __index__. */
static double to_double(Interp *I, Value v) {
  switch (v.tag) {
  case V_FLOAT: return v.as.f;
  case V_INT: return (double)v.as.i;
  case V_BOOL: return v.as.b;
  default: break;
  }
  Value fn;
  if (v.tag == V_OBJ && rt_find_dunder(I, v, I->s.float_, &fn)) {
    Value r = rt_call1(I, fn, v);
    if (r.tag != V_FLOAT) {
      const char *tn = rt_type_name(I, v), *rn = rt_type_name(I, r);
      v_decref(I, r);
      rt_raise(I, EXC_TypeError, "%s.__float__ returned non-float (type %s)", tn, rn);
    }
    return r.as.f;
  }
  if (v.tag == V_OBJ && rt_find_dunder(I, v, I->s.index, &fn)) return (double)to_index(I, v);
  rt_raise(I, EXC_TypeError, "must be real number, not %s", rt_type_name(I, v));
}

static Module *module_new(Interp *I, const char *name) {
  Module *m = (Module *)obj_alloc(I, OBJ_MODULE, sizeof(Module));
  m->name = str_intern(I, name);
  m->dict = dict_new(I);
  dict_set_str(I, m->dict, I->s.name, v_obj(&m->name->h));
  return m;
}

/* Binds a value (borrowed) in a module. */
static void mod_set(Interp *I, Module *m, const char *name, Value v) {
  Str *k = str_intern(I, name);
  dict_set_str(I, m->dict, k, v);
  obj_decref(I, &k->h);
}

typedef struct NativeDef {
  const char *name;
  NativeFn fn;
} NativeDef;

static void mod_add_natives(Interp *I, Module *m, const NativeDef *defs, size_t n) {
  for (size_t i = 0; i < n; i++) dict_add_native(I, m->dict, defs[i].name, defs[i].fn);
}

/* ---- math: error conventions ------------------------------------------ */

static const double pi = 3.141592653589793238462643383279502884197;
static const double logpi = 1.144729885849400174143427351353058711647;

/* is_error: errno is set after a libm call; false when it only signals an
 * underflow. */
static bool is_error(Interp *I, double r) {
  if (errno == EDOM) rt_raise(I, EXC_ValueError, "math domain error");
  if (errno == ERANGE) {
    if (fabs(r) < 1.5) return false;
    rt_raise(I, EXC_OverflowError, "math range error");
  }
  rt_raise(I, EXC_ValueError, "math domain error");
}

/* math_1: a one-argument libm function. */
static Value math_1(Interp *I, const char *name, int argc, Value *argv, KwArgs *kw,
                    double (*func)(double), bool can_overflow) {
  one_arg(I, name, argc, kw);
  double x = to_double(I, argv[0]);
  errno = 0;
  double r = func(x);
  if (isnan(r) && !isnan(x)) rt_raise(I, EXC_ValueError, "math domain error");
  if (isinf(r) && isfinite(x)) {
    if (can_overflow) rt_raise(I, EXC_OverflowError, "math range error");
    rt_raise(I, EXC_ValueError, "math domain error");
  }
  if (isfinite(r) && errno) is_error(I, r);
  return v_float(r);
}

/* math_1a: for functions that set errno themselves. */
static Value math_1a(Interp *I, const char *name, int argc, Value *argv, KwArgs *kw,
                     double (*func)(double)) {
  one_arg(I, name, argc, kw);
  double x = to_double(I, argv[0]);
  errno = 0;
  double r = func(x);
  if (errno) is_error(I, r);
  return v_float(r);
}

/* math_2: a two-argument libm function. */
static Value math_2(Interp *I, const char *name, int argc, Value *argv, KwArgs *kw,
                    double (*func)(double, double)) {
  npos(I, name, name + 5, argc, kw, 2, 2);
  double x = to_double(I, argv[0]), y = to_double(I, argv[1]);
  errno = 0;
  double r = func(x, y);
  if (isnan(r)) errno = !isnan(x) && !isnan(y) ? EDOM : 0;
  else if (isinf(r)) errno = isfinite(x) && isfinite(y) ? ERANGE : 0;
  if (errno) is_error(I, r);
  return v_float(r);
}

/* ---- math: CPython's own algorithms ----------------------------------- */

static double m_sinpi(double x) {
  double y = fmod(fabs(x), 2.0), r;
  int n = (int)round(2.0 * y);
  switch (n) {
  case 0: r = sin(pi * y); break;
  case 1: r = cos(pi * (y - 0.5)); break;
  case 2: r = sin(pi * (1.0 - y)); break;
  case 3: r = -cos(pi * (y - 1.5)); break;
  default: r = sin(pi * (y - 2.0)); break;
  }
  return copysign(1.0, x) * r;
}

#define LANCZOS_N 13
static const double lanczos_g = 6.024680040776729583740234375;
static const double lanczos_g_minus_half = 5.524680040776729583740234375;
static const double lanczos_num_coeffs[LANCZOS_N] = {
    23531376880.410759688572007674451636754734846804940,
    42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843,
    17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708,
    1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801,
    31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768,
    186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024,
    210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408};
static const double lanczos_den_coeffs[LANCZOS_N] = {
    0.0, 39916800.0, 120543840.0, 150917976.0, 105258076.0, 45995730.0, 13339535.0,
    2637558.0, 357423.0, 32670.0, 1925.0, 66.0, 1.0};
#define NGAMMA_INTEGRAL 23
static const double gamma_integral[NGAMMA_INTEGRAL] = {
    1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0, 362880.0, 3628800.0,
    39916800.0, 479001600.0, 6227020800.0, 87178291200.0, 1307674368000.0,
    20922789888000.0, 355687428096000.0, 6402373705728000.0, 121645100408832000.0,
    2432902008176640000.0, 51090942171709440000.0, 1124000727777607680000.0};

static double lanczos_sum(double x) {
  double num = 0.0, den = 0.0;
  if (x < 5.0) {
    for (int i = LANCZOS_N; --i >= 0;) {
      num = num * x + lanczos_num_coeffs[i];
      den = den * x + lanczos_den_coeffs[i];
    }
  } else {
    for (int i = 0; i < LANCZOS_N; i++) {
      num = num / x + lanczos_num_coeffs[i];
      den = den / x + lanczos_den_coeffs[i];
    }
  }
  return num / den;
}

static double m_tgamma(double x) {
  double absx, r, y, z, sqrtpow;
  if (!isfinite(x)) {
    if (isnan(x) || x > 0.0) return x;
    errno = EDOM;
    return NAN;
  }
  if (x == 0.0) {
    errno = EDOM;
    return copysign(HUGE_VAL, x);
  }
  if (x == floor(x)) {
    if (x < 0.0) {
      errno = EDOM;
      return NAN;
    }
    if (x <= NGAMMA_INTEGRAL) return gamma_integral[(int)x - 1];
  }
  absx = fabs(x);
  if (absx < 1e-20) {
    r = 1.0 / x;
    if (isinf(r)) errno = ERANGE;
    return r;
  }
  if (absx > 200.0) {
    if (x < 0.0) return 0.0 / m_sinpi(x);
    errno = ERANGE;
    return HUGE_VAL;
  }
  y = absx + lanczos_g_minus_half;
  if (absx > lanczos_g_minus_half) {
    double q = y - absx;
    z = q - lanczos_g_minus_half;
  } else {
    double q = y - lanczos_g_minus_half;
    z = q - absx;
  }
  z = z * lanczos_g / y;
  if (x < 0.0) {
    r = -pi / m_sinpi(absx) / absx * exp(y) / lanczos_sum(absx);
    r -= z * r;
    if (absx < 140.0) {
      r /= pow(y, absx - 0.5);
    } else {
      sqrtpow = pow(y, absx / 2.0 - 0.25);
      r /= sqrtpow;
      r /= sqrtpow;
    }
  } else {
    r = lanczos_sum(absx) / exp(y);
    r += z * r;
    if (absx < 140.0) {
      r *= pow(y, absx - 0.5);
    } else {
      sqrtpow = pow(y, absx / 2.0 - 0.25);
      r *= sqrtpow;
      r *= sqrtpow;
    }
  }
  if (isinf(r)) errno = ERANGE;
  return r;
}

static double m_lgamma(double x) {
  double r, absx;
  if (!isfinite(x)) return isnan(x) ? x : HUGE_VAL;
  if (x == floor(x) && x <= 2.0) {
    if (x <= 0.0) {
      errno = EDOM;
      return HUGE_VAL;
    }
    return 0.0;
  }
  absx = fabs(x);
  if (absx < 1e-20) return -log(absx);
  r = log(lanczos_sum(absx)) - lanczos_g;
  r += (absx - 0.5) * (log(absx + lanczos_g - 0.5) - 1);
  if (x < 0.0) r = logpi - log(fabs(m_sinpi(absx))) - log(absx) - r;
  if (isinf(r)) errno = ERANGE;
  return r;
}

static double m_atan2(double y, double x) {
  if (isnan(x) || isnan(y)) return NAN;
  if (isinf(y)) {
    if (isinf(x)) return copysign(copysign(1., x) == 1. ? 0.25 * pi : 0.75 * pi, y);
    return copysign(0.5 * pi, y);
  }
  if (isinf(x) || y == 0.) return copysign(copysign(1., x) == 1. ? 0. : pi, y);
  return atan2(y, x);
}

static double m_remainder(double x, double y) {
  if (isfinite(x) && isfinite(y)) {
    if (y == 0.0) return NAN;
    double absx = fabs(x), absy = fabs(y), m = fmod(absx, absy), c = absy - m, r;
    if (m < c) r = m;
    else if (m > c) r = -c;
    else r = m - 2.0 * fmod(0.5 * (absx - m), absy);
    return copysign(1.0, x) * r;
  }
  if (isnan(x)) return x;
  if (isnan(y)) return y;
  if (isinf(x)) return NAN;
  return x;
}

static double m_log(double x) {
  if (isfinite(x)) {
    if (x > 0.0) return log(x);
    errno = EDOM;
    return x == 0.0 ? -HUGE_VAL : NAN;
  }
  if (isnan(x) || x > 0.0) return x;
  errno = EDOM;
  return NAN;
}

static double m_log2(double x) {
  if (!isfinite(x)) {
    if (isnan(x) || x > 0.0) return x;
    errno = EDOM;
    return NAN;
  }
  if (x > 0.0) return log2(x);
  errno = EDOM;
  return x == 0.0 ? -HUGE_VAL : NAN;
}

static double m_log10(double x) {
  if (isfinite(x)) {
    if (x > 0.0) return log10(x);
    errno = EDOM;
    return x == 0.0 ? -HUGE_VAL : NAN;
  }
  if (isnan(x) || x > 0.0) return x;
  errno = EDOM;
  return NAN;
}

static double m_log1p(double x) { return x == 0.0 ? x : log1p(x); }

/* sqrt(sum(x**2 for x in vec)), CPython's vector_norm; vec holds the |x|
 * as float Values. */
static double vector_norm(int64_t n, const Value *vec, double max, bool found_nan) {
  const double T27 = 134217729.0;
  double x, scale, oldcsum, csum = 1.0, frac1 = 0.0, frac2 = 0.0, frac3 = 0.0;
  double t, hi, lo, h;
  int max_e;
  if (isinf(max)) return max;
  if (found_nan) return NAN;
  if (max == 0.0 || n <= 1) return max;
  frexp(max, &max_e);
  if (max_e >= -1023) {
    scale = ldexp(1.0, -max_e);
    for (int64_t i = 0; i < n; i++) {
      x = vec[i].as.f * scale;
      t = x * T27;
      hi = t - (t - x);
      lo = x - hi;
      x = hi * hi;
      oldcsum = csum;
      csum += x;
      frac1 += (oldcsum - csum) + x;
      x = 2.0 * hi * lo;
      oldcsum = csum;
      csum += x;
      frac2 += (oldcsum - csum) + x;
      frac3 += lo * lo;
    }
    h = sqrt(csum - 1.0 + (frac1 + frac2 + frac3));
    x = h;
    t = x * T27;
    hi = t - (t - x);
    lo = x - hi;
    x = -hi * hi;
    oldcsum = csum;
    csum += x;
    frac1 += (oldcsum - csum) + x;
    x = -2.0 * hi * lo;
    oldcsum = csum;
    csum += x;
    frac2 += (oldcsum - csum) + x;
    x = -lo * lo;
    oldcsum = csum;
    csum += x;
    frac3 += (oldcsum - csum) + x;
    x = csum - 1.0 + (frac1 + frac2 + frac3);
    return (h + x / (2.0 * h)) / scale;
  }
  for (int64_t i = 0; i < n; i++) {
    x = vec[i].as.f / max;
    x = x * x;
    oldcsum = csum;
    csum += x;
    frac1 += (oldcsum - csum) + x;
  }
  return max * sqrt(csum - 1.0 + frac1);
}

/* ---- math: functions -------------------------------------------------- */

#define MATH1(name, func, ovf)                                                  \
  NATIVE(math_##name) { return math_1(I, "math." #name, argc, argv, kw, func, ovf); }
#define MATH1A(name, func)                                                      \
  NATIVE(math_##name) { return math_1a(I, "math." #name, argc, argv, kw, func); }
#define MATH2(name, func)                                                       \
  NATIVE(math_##name) { return math_2(I, "math." #name, argc, argv, kw, func); }

MATH1(acos, acos, false)
MATH1(acosh, acosh, false)
MATH1(asin, asin, false)
MATH1(asinh, asinh, false)
MATH1(atan, atan, false)
MATH2(atan2, m_atan2)
MATH1(atanh, atanh, false)
MATH1(cbrt, cbrt, false)
MATH2(copysign, copysign)
MATH1(cos, cos, false)
MATH1(cosh, cosh, true)
MATH1A(erf, erf)
MATH1A(erfc, erfc)
MATH1(exp, exp, true)
MATH1(exp2, exp2, true)
MATH1(expm1, expm1, true)
MATH1(fabs, fabs, false)
MATH1A(gamma, m_tgamma)
MATH1A(lgamma, m_lgamma)
MATH1(log1p, m_log1p, false)
MATH2(remainder, m_remainder)
MATH1(sin, sin, false)
MATH1(sinh, sinh, true)
MATH1(sqrt, sqrt, false)
MATH1(tan, tan, false)
MATH1(tanh, tanh, false)

/* floor/ceil/trunc: ints pass through; a user __floor__ etc. is honoured. */
static Value round_to_int(Interp *I, const char *dunder, Value x, double (*func)(double)) {
  if (x.tag == V_FLOAT) return v_int(float_to_int(I, func(x.as.f)));
  if (is_int(x)) return v_int(int_of(x));
  if (x.tag == V_OBJ) {
    Str *d = str_intern(I, dunder);
    Value fn;
    bool found = rt_find_dunder(I, x, d, &fn);
    obj_decref(I, &d->h);
    if (found) return rt_call1(I, fn, x);
  }
  if (func == trunc)
    rt_raise(I, EXC_TypeError, "type %s doesn't define __trunc__ method", rt_type_name(I, x));
  return v_int(float_to_int(I, func(to_double(I, x))));
}

NATIVE(math_floor) {
  one_arg(I, "math.floor", argc, kw);
  return round_to_int(I, "__floor__", argv[0], floor);
}
NATIVE(math_ceil) {
  one_arg(I, "math.ceil", argc, kw);
  return round_to_int(I, "__ceil__", argv[0], ceil);
}
NATIVE(math_trunc) {
  one_arg(I, "math.trunc", argc, kw);
  return round_to_int(I, "__trunc__", argv[0], trunc);
}

static Value log_helper(Interp *I, Value x, double (*func)(double), const char *name) {
  if (is_int(x)) {
    if (int_of(x) <= 0) rt_raise(I, EXC_ValueError, "math domain error");
    return v_float(func((double)int_of(x)));
  }
  Value a[1] = {x};
  return math_1(I, name, 1, a, NULL, func, false);
}

NATIVE(math_log) {
  if (kw && kw->n) rt_raise(I, EXC_TypeError, "log() takes no keyword arguments");
  if (argc < 1 || argc > 2) rt_raise(I, EXC_TypeError, "math.log requires 1 to 2 arguments");
  Value num = log_helper(I, argv[0], m_log, "math.log");
  if (argc == 1) return num;
  Value den = log_helper(I, argv[1], m_log, "math.log");
  if (den.as.f == 0.0) rt_raise(I, EXC_ZeroDivisionError, "float division by zero");
  return v_float(num.as.f / den.as.f);
}

NATIVE(math_log2) {
  one_arg(I, "math.log2", argc, kw);
  return log_helper(I, argv[0], m_log2, "math.log2");
}

NATIVE(math_log10) {
  one_arg(I, "math.log10", argc, kw);
  return log_helper(I, argv[0], m_log10, "math.log10");
}

NATIVE(math_fmod) {
  npos(I, "math.fmod", "fmod", argc, kw, 2, 2);
  double x = to_double(I, argv[0]), y = to_double(I, argv[1]);
  if (isinf(y) && isfinite(x)) return v_float(x);
  errno = 0;
  double r = fmod(x, y);
  if (isnan(r)) errno = !isnan(x) && !isnan(y) ? EDOM : 0;
  if (errno) is_error(I, r);
  return v_float(r);
}

NATIVE(math_pow) {
  npos(I, "math.pow", "pow", argc, kw, 2, 2);
  double x = to_double(I, argv[0]), y = to_double(I, argv[1]), r = 0.;
  if (!isfinite(x) || !isfinite(y)) {
    errno = 0;
    if (isnan(x)) {
      r = y == 0. ? 1. : x;
    } else if (isnan(y)) {
      r = x == 1. ? 1. : y;
    } else if (isinf(x)) {
      bool odd_y = isfinite(y) && fmod(fabs(y), 2.0) == 1.0;
      if (y > 0.) r = odd_y ? x : fabs(x);
      else if (y == 0.) r = 1.;
      else r = odd_y ? copysign(0., x) : 0.;
    } else {
      if (fabs(x) == 1.0) r = 1.;
      else if (y > 0. && fabs(x) > 1.0) r = y;
      else if (y < 0. && fabs(x) < 1.0) r = -y;
      else r = 0.;
    }
  } else {
    errno = 0;
    r = pow(x, y);
    if (!isfinite(r)) {
      if (isnan(r)) errno = EDOM;
      else if (isinf(r)) errno = x == 0. ? EDOM : ERANGE;
    }
  }
  if (errno) is_error(I, r);
  return v_float(r);
}

/* The norm of n coordinates: converted into a gc-tracked tuple first,
 * because a conversion may raise. */
static Value norm_of(Interp *I, int64_t n, const Value *a, const Value *b) {
  Tuple *d = tuple_new(I, n);
  double max = 0.0;
  bool found_nan = false;
  for (int64_t i = 0; i < n; i++) {
    double x = to_double(I, a[i]);
    if (b) x -= to_double(I, b[i]);
    x = fabs(x);
    d->items[i] = v_float(x);
    found_nan |= isnan(x);
    if (x > max) max = x;
  }
  double r = vector_norm(n, d->items, max, found_nan);
  obj_decref(I, &d->h);
  return v_float(r);
}

NATIVE(math_hypot) {
  if (kw && kw->n) rt_raise(I, EXC_TypeError, "math.hypot() takes no keyword arguments");
  return norm_of(I, argc, argv, NULL);
}

/* A tuple of the items of a point (new reference). */
static Value as_tuple(Interp *I, Value p) {
  if (v_is(p, OBJ_TUPLE)) return v_incref(p);
  return tuple_from_iterable(I, p);
}

NATIVE(math_dist) {
  npos(I, "math.dist", "dist", argc, kw, 2, 2);
  Value p = as_tuple(I, argv[0]);
  Value q = as_tuple(I, argv[1]);
  Tuple *tp = AS_TUPLE(p), *tq = AS_TUPLE(q);
  if (tp->len != tq->len) {
    v_decref(I, p);
    v_decref(I, q);
    rt_raise(I, EXC_ValueError, "both points must have the same number of dimensions");
  }
  Value r = norm_of(I, tp->len, tp->items, tq->items);
  v_decref(I, p);
  v_decref(I, q);
  return r;
}

NATIVE(math_fsum) {
  one_arg(I, "math.fsum", argc, kw);
  /* At most ~40 non-overlapping partials exist for doubles; 256 on the
   * stack keeps every raise below leak-free. */
  enum { NPART = 256 };
  double p[NPART], special_sum = 0.0, inf_sum = 0.0, x, y, t, xsave;
  volatile double hi, yr, lo = 0.0;
  int64_t n = 0;
  Value it = rt_iter(I, argv[0]), item;
  while (rt_next(I, it, &item)) {
    x = to_double(I, item);
    v_decref(I, item);
    xsave = x;
    int64_t i = 0;
    for (int64_t j = 0; j < n; j++) {
      y = p[j];
      if (fabs(x) < fabs(y)) {
        t = x;
        x = y;
        y = t;
      }
      hi = x + y;
      yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) p[i++] = lo;
      x = hi;
    }
    n = i;
    if (x != 0.0) {
      if (!isfinite(x)) {
        if (isfinite(xsave)) {
          v_decref(I, it);
          rt_raise(I, EXC_OverflowError, "intermediate overflow in fsum");
        }
        if (isinf(xsave)) inf_sum += xsave;
        special_sum += xsave;
        n = 0;
      } else {
        if (n >= NPART) die("math.fsum: too many partials");
        p[n++] = x;
      }
    }
  }
  v_decref(I, it);
  if (special_sum != 0.0) {
    if (isnan(inf_sum)) rt_raise(I, EXC_ValueError, "-inf + inf in fsum");
    return v_float(special_sum);
  }
  hi = 0.0;
  if (n > 0) {
    hi = p[--n];
    while (n > 0) {
      x = hi;
      y = p[--n];
      hi = x + y;
      yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
      y = lo * 2.0;
      x = hi + y;
      yr = x - hi;
      if (y == yr) hi = x;
    }
  }
  return v_float(hi);
}

static int64_t factorial(Interp *I, int64_t n) {
  if (n < 0) rt_raise(I, EXC_ValueError, "factorial() not defined for negative values");
  if (n > 20) int_overflow(I);
  int64_t r = 1;
  for (int64_t i = 2; i <= n; i++) r *= i;
  return r;
}

NATIVE(math_factorial) {
  one_arg(I, "math.factorial", argc, kw);
  return v_int(factorial(I, to_index(I, argv[0])));
}

static uint64_t gcd_u(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static uint64_t uabs(int64_t x) { return x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x; }

static Value uint_result(Interp *I, uint64_t u) {
  if (u > (uint64_t)INT64_MAX) int_overflow(I);
  return v_int((int64_t)u);
}

NATIVE(math_gcd) {
  if (kw && kw->n) rt_raise(I, EXC_TypeError, "math.gcd() takes no keyword arguments");
  uint64_t g = 0;
  for (int i = 0; i < argc; i++) g = gcd_u(g, uabs(to_index(I, argv[i])));
  return uint_result(I, g);
}

NATIVE(math_lcm) {
  if (kw && kw->n) rt_raise(I, EXC_TypeError, "math.lcm() takes no keyword arguments");
  if (argc == 0) return v_int(1);
  uint64_t l = uabs(to_index(I, argv[0]));
  for (int i = 1; i < argc; i++) {
    uint64_t b = uabs(to_index(I, argv[i]));
    if (l == 0 || b == 0) {
      l = 0;
      continue;
    }
    uint64_t g = gcd_u(l, b);
    if (__builtin_mul_overflow(l / g, b, &l)) int_overflow(I);
  }
  return uint_result(I, l);
}

static void perm_comb_args(Interp *I, Value nv, Value kv, int64_t *n, int64_t *k) {
  *n = to_index(I, nv);
  *k = to_index(I, kv);
  if (*n < 0) rt_raise(I, EXC_ValueError, "n must be a non-negative integer");
  if (*k < 0) rt_raise(I, EXC_ValueError, "k must be a non-negative integer");
}

NATIVE(math_comb) {
  npos(I, "math.comb", "comb", argc, kw, 2, 2);
  int64_t n, k;
  perm_comb_args(I, argv[0], argv[1], &n, &k);
  if (k > n) return v_int(0);
  if (k > n - k) k = n - k;
  unsigned __int128 r = 1;
  for (int64_t i = 0; i < k; i++) {
    r = r * (unsigned __int128)(n - i) / (unsigned __int128)(i + 1);
    if (r > (unsigned __int128)INT64_MAX) int_overflow(I);
  }
  return v_int((int64_t)r);
}

NATIVE(math_perm) {
  npos(I, "math.perm", "perm", argc, kw, 1, 2);
  if (argc == 1 || argv[1].tag == V_NONE) return v_int(factorial(I, to_index(I, argv[0])));
  int64_t n, k;
  perm_comb_args(I, argv[0], argv[1], &n, &k);
  if (k > n) return v_int(0);
  int64_t r = 1;
  for (int64_t i = 0; i < k; i++)
    if (__builtin_mul_overflow(r, n - i, &r)) int_overflow(I);
  return v_int(r);
}

/* prod(iterable, /, *, start=1), with CPython's int and float fast paths. */
NATIVE(math_prod) {
  int nkw = kw ? kw->n : 0;
  Value start = v_int(1);
  for (int k = 0; k < nkw; k++) {
    if (strcmp(kw->names[k]->data, "start") != 0)
      rt_raise(I, EXC_TypeError, "'%s' is an invalid keyword argument for prod()",
               kw->names[k]->data);
    start = kw->vals[k];
  }
  if (argc != 1)
    rt_raise(I, EXC_TypeError, "prod() takes exactly 1 positional argument (%d given)", argc);
  Value it = rt_iter(I, argv[0]), item, result = v_incref(start);
  bool more = true;
  if (result.tag == V_INT) {
    int64_t acc = result.as.i;
    for (;;) {
      if (!rt_next(I, it, &item)) { more = false; break; }
      int64_t next;
      if (item.tag == V_INT && !__builtin_mul_overflow(acc, item.as.i, &next)) {
        acc = next;
        continue;
      }
      result = rt_binop(I, OP_MUL, v_int(acc), item);
      v_decref(I, item);
      break;
    }
    if (!more) result = v_int(acc);
  }
  if (more && result.tag == V_FLOAT) {
    double f = result.as.f;
    for (;;) {
      if (!rt_next(I, it, &item)) { more = false; break; }
      if (item.tag == V_FLOAT) { f *= item.as.f; continue; }
      if (item.tag == V_INT) { f *= (double)item.as.i; continue; }
      result = rt_binop(I, OP_MUL, v_float(f), item);
      v_decref(I, item);
      break;
    }
    if (!more) result = v_float(f);
  }
  while (more && rt_next(I, it, &item)) {
    Value r = rt_binop(I, OP_MUL, result, item);
    v_decref(I, result);
    v_decref(I, item);
    result = r;
  }
  v_decref(I, it);
  return result;
}

NATIVE(math_degrees) {
  one_arg(I, "math.degrees", argc, kw);
  return v_float(to_double(I, argv[0]) * (180.0 / pi));
}

NATIVE(math_radians) {
  one_arg(I, "math.radians", argc, kw);
  return v_float(to_double(I, argv[0]) * (pi / 180.0));
}

NATIVE(math_isfinite) {
  one_arg(I, "math.isfinite", argc, kw);
  return v_bool(isfinite(to_double(I, argv[0])));
}

NATIVE(math_isinf) {
  one_arg(I, "math.isinf", argc, kw);
  return v_bool(isinf(to_double(I, argv[0])));
}

NATIVE(math_isnan) {
  one_arg(I, "math.isnan", argc, kw);
  return v_bool(isnan(to_double(I, argv[0])));
}

NATIVE(math_isclose) {
  int nkw = kw ? kw->n : 0;
  static const char *const names[] = {"a", "b", "rel_tol", "abs_tol"};
  Value a[4] = {v_undef(), v_undef(), v_undef(), v_undef()};
  if (argc > 2)
    rt_raise(I, EXC_TypeError, "isclose() takes exactly 2 positional arguments (%d given)", argc);
  for (int i = 0; i < argc; i++) a[i] = argv[i];
  for (int k = 0; k < nkw; k++) {
    int i = 0;
    while (i < 4 && strcmp(names[i], kw->names[k]->data) != 0) i++;
    if (i == 4)
      rt_raise(I, EXC_TypeError, "'%s' is an invalid keyword argument for isclose()",
               kw->names[k]->data);
    if (i < argc)
      rt_raise(I, EXC_TypeError,
               "argument for isclose() given by name ('%s') and position (%d)", names[i], i + 1);
    a[i] = kw->vals[k];
  }
  for (int i = 0; i < 2; i++)
    if (a[i].tag == V_UNDEF)
      rt_raise(I, EXC_TypeError, "isclose() missing required argument '%s' (pos %d)", names[i],
               i + 1);
  double x = to_double(I, a[0]), y = to_double(I, a[1]);
  double rel_tol = a[2].tag == V_UNDEF ? 1e-09 : to_double(I, a[2]);
  double abs_tol = a[3].tag == V_UNDEF ? 0.0 : to_double(I, a[3]);
  if (rel_tol < 0.0 || abs_tol < 0.0)
    rt_raise(I, EXC_ValueError, "tolerances must be non-negative");
  if (x == y) return v_bool(true);
  if (isinf(x) || isinf(y)) return v_bool(false);
  double diff = fabs(y - x);
  return v_bool(diff <= fabs(rel_tol * y) || diff <= fabs(rel_tol * x) || diff <= abs_tol);
}

NATIVE(math_modf) {
  one_arg(I, "math.modf", argc, kw);
  double x = to_double(I, argv[0]), y;
  if (isinf(x)) return tuple_pack(I, 2, v_float(copysign(0., x)), v_float(x));
  if (isnan(x)) return tuple_pack(I, 2, v_float(x), v_float(x));
  x = modf(x, &y);
  return tuple_pack(I, 2, v_float(x), v_float(y));
}

NATIVE(math_frexp) {
  one_arg(I, "math.frexp", argc, kw);
  double x = to_double(I, argv[0]);
  int e = 0;
  if (!(isnan(x) || isinf(x) || !x)) x = frexp(x, &e);
  return tuple_pack(I, 2, v_float(x), v_int(e));
}

NATIVE(math_ldexp) {
  npos(I, "math.ldexp", "ldexp", argc, kw, 2, 2);
  double x = to_double(I, argv[0]), r;
  if (!is_int(argv[1]))
    rt_raise(I, EXC_TypeError, "Expected an int as second argument to ldexp.");
  int64_t e = int_of(argv[1]);
  errno = 0;
  if (x == 0. || !isfinite(x)) {
    r = x;
  } else if (e > INT_MAX) {
    r = copysign(HUGE_VAL, x);
    errno = ERANGE;
  } else if (e < INT_MIN) {
    r = copysign(0., x);
  } else {
    r = ldexp(x, (int)e);
    if (isinf(r)) errno = ERANGE;
  }
  if (errno) is_error(I, r);
  return v_float(r);
}

NATIVE(math_isqrt) {
  one_arg(I, "math.isqrt", argc, kw);
  int64_t n = to_index(I, argv[0]);
  if (n < 0) rt_raise(I, EXC_ValueError, "isqrt() argument must be nonnegative");
  uint64_t r = (uint64_t)sqrt((double)n);
  while ((unsigned __int128)r * r > (unsigned __int128)n) r--;
  while ((unsigned __int128)(r + 1) * (r + 1) <= (unsigned __int128)n) r++;
  return v_int((int64_t)r);
}

NATIVE(math_nextafter) {
  npos(I, "math.nextafter", "nextafter", argc, kw, 2, 2);
  double x = to_double(I, argv[0]), y = to_double(I, argv[1]);
  return v_float(nextafter(x, y));
}

NATIVE(math_ulp) {
  one_arg(I, "math.ulp", argc, kw);
  double x = to_double(I, argv[0]);
  if (isnan(x)) return v_float(x);
  x = fabs(x);
  if (isinf(x)) return v_float(x);
  double x2 = nextafter(x, INFINITY);
  if (isinf(x2)) return v_float(x - nextafter(x, -INFINITY));
  return v_float(x2 - x);
}

static const NativeDef math_defs[] = {
    {"acos", math_acos},         {"acosh", math_acosh},         {"asin", math_asin},
    {"asinh", math_asinh},       {"atan", math_atan},           {"atan2", math_atan2},
    {"atanh", math_atanh},       {"cbrt", math_cbrt},           {"ceil", math_ceil},
    {"copysign", math_copysign}, {"cos", math_cos},             {"cosh", math_cosh},
    {"degrees", math_degrees},   {"dist", math_dist},           {"erf", math_erf},
    {"erfc", math_erfc},         {"exp", math_exp},             {"exp2", math_exp2},
    {"expm1", math_expm1},       {"fabs", math_fabs},           {"factorial", math_factorial},
    {"floor", math_floor},       {"fmod", math_fmod},           {"frexp", math_frexp},
    {"fsum", math_fsum},         {"gamma", math_gamma},         {"gcd", math_gcd},
    {"hypot", math_hypot},       {"isclose", math_isclose},     {"isfinite", math_isfinite},
    {"isinf", math_isinf},       {"isnan", math_isnan},         {"isqrt", math_isqrt},
    {"lcm", math_lcm},           {"ldexp", math_ldexp},         {"lgamma", math_lgamma},
    {"log", math_log},          {"log1p", math_log1p},        {"log10", math_log10},
    {"log2", math_log2},        {"modf", math_modf},           {"pow", math_pow},
    {"radians", math_radians},   {"remainder", math_remainder}, {"sin", math_sin},
    {"sinh", math_sinh},         {"sqrt", math_sqrt},           {"tan", math_tan},
    {"tanh", math_tanh},         {"trunc", math_trunc},         {"prod", math_prod},
    {"perm", math_perm},         {"comb", math_comb},           {"nextafter", math_nextafter},
    {"ulp", math_ulp},
};

static Module *math_create(Interp *I) {
  Module *m = module_new(I, "math");
  mod_add_natives(I, m, math_defs, sizeof math_defs / sizeof math_defs[0]);
  mod_set(I, m, "pi", v_float(pi));
  mod_set(I, m, "e", v_float(2.718281828459045235360287471352662498));
  mod_set(I, m, "tau", v_float(6.283185307179586476925286766559005768));
  mod_set(I, m, "inf", v_float(INFINITY));
  mod_set(I, m, "nan", v_float(NAN));
  return m;
}

/* ---- time ------------------------------------------------------------- */

static int64_t clock_ns(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* CPython converts nanoseconds to seconds as (double)ns / 1e9. */
#define TIME_FN(name, clk)                                                      \
  NATIVE(t_##name) {                                                            \
    (void)argv;                                                                 \
    no_args(I, "time." #name, argc, kw);                                        \
    return v_float((double)clock_ns(clk) / 1e9);                                \
  }                                                                             \
  NATIVE(t_##name##_ns) {                                                       \
    (void)argv;                                                                 \
    no_args(I, "time." #name "_ns", argc, kw);                                  \
    return v_int(clock_ns(clk));                                                \
  }

TIME_FN(time, CLOCK_REALTIME)
TIME_FN(perf_counter, CLOCK_MONOTONIC)
TIME_FN(monotonic, CLOCK_MONOTONIC)
TIME_FN(process_time, CLOCK_PROCESS_CPUTIME_ID)

NATIVE(t_sleep) {
  one_arg(I, "time.sleep", argc, kw);
  double secs = argv[0].tag == V_FLOAT ? argv[0].as.f : (double)to_index(I, argv[0]);
  if (isnan(secs)) rt_raise(I, EXC_ValueError, "Invalid value NaN (not a number)");
  if (secs < 0) rt_raise(I, EXC_ValueError, "sleep length must be non-negative");
  if (secs > 9.2e9) rt_raise(I, EXC_OverflowError, "sleep length is too large");
  if (I->steps_left) return v_none(); /* a bounded run (fuzz targets) never waits */
  struct timespec ts;
  ts.tv_sec = (time_t)secs;
  ts.tv_nsec = (long)((secs - (double)ts.tv_sec) * 1e9);
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
  return v_none();
}

/* A struct tm from a 9-tuple (time.localtime()'s fields), or from now. */
static void tm_from(Interp *I, const char *fn, int argc, Value *argv, int at, struct tm *out, bool utc) {
  memset(out, 0, sizeof *out);
  if (argc <= at || argv[at].tag == V_NONE) {
    time_t now = time(NULL);
    if (utc) gmtime_r(&now, out);
    else localtime_r(&now, out);
    return;
  }
  Value t = argv[at];
  if (!v_is(t, OBJ_TUPLE) || AS_TUPLE(t)->len != 9)
    rt_raise(I, EXC_TypeError, "%s(): Tuple or struct_time argument required", fn);
  int64_t f[9];
  for (int i = 0; i < 9; i++) f[i] = to_index(I, AS_TUPLE(t)->items[i]);
  out->tm_year = (int)(f[0] - 1900);
  out->tm_mon = (int)(f[1] - 1);
  out->tm_mday = (int)f[2];
  out->tm_hour = (int)f[3];
  out->tm_min = (int)f[4];
  out->tm_sec = (int)f[5];
  out->tm_wday = (int)((f[6] + 1) % 7);
  out->tm_yday = (int)(f[7] - 1);
  out->tm_isdst = (int)f[8];
}

static Value tm_tuple(Interp *I, const struct tm *t) {
  Value items[9] = {v_int(t->tm_year + 1900), v_int(t->tm_mon + 1), v_int(t->tm_mday),
                    v_int(t->tm_hour),        v_int(t->tm_min),     v_int(t->tm_sec),
                    v_int((t->tm_wday + 6) % 7), v_int(t->tm_yday + 1), v_int(t->tm_isdst)};
  Tuple *r = tuple_new(I, 9);
  for (int i = 0; i < 9; i++) r->items[i] = items[i];
  return v_obj(&r->h);
}

static Value t_conv(Interp *I, const char *fn, int argc, Value *argv, KwArgs *kw, bool utc) {
  npos(I, fn, fn, argc, kw, 0, 1);
  struct tm t;
  if (argc == 1 && argv[0].tag != V_NONE) {
    time_t secs = (time_t)to_double(I, argv[0]);
    if (utc) gmtime_r(&secs, &t);
    else localtime_r(&secs, &t);
  } else {
    time_t now = time(NULL);
    if (utc) gmtime_r(&now, &t);
    else localtime_r(&now, &t);
  }
  return tm_tuple(I, &t);
}

NATIVE(t_localtime) { return t_conv(I, "localtime", argc, argv, kw, false); }
NATIVE(t_gmtime) { return t_conv(I, "gmtime", argc, argv, kw, true); }

/* time.strftime(format[, tuple]): the C library's strftime. */
NATIVE(t_strftime) {
  npos(I, "strftime", "strftime", argc, kw, 1, 2);
  if (!v_is(argv[0], OBJ_STR))
    rt_raise(I, EXC_TypeError, "strftime() argument 1 must be str, not %s", rt_type_name(I, argv[0]));
  struct tm t;
  tm_from(I, "strftime", argc, argv, 1, &t, false);
  char buf[1024];
  size_t n = strftime(buf, sizeof buf, AS_STR(argv[0])->data, &t);
  return v_obj(&str_new(I, buf, n)->h);
}

static const NativeDef time_defs[] = {
    {"localtime", t_localtime},
    {"gmtime", t_gmtime},
    {"strftime", t_strftime},
    {"time", t_time},
    {"time_ns", t_time_ns},
    {"perf_counter", t_perf_counter},
    {"perf_counter_ns", t_perf_counter_ns},
    {"monotonic", t_monotonic},
    {"monotonic_ns", t_monotonic_ns},
    {"process_time", t_process_time},
    {"process_time_ns", t_process_time_ns},
    {"sleep", t_sleep},
};

static Module *time_create(Interp *I) {
  Module *m = module_new(I, "time");
  mod_add_natives(I, m, time_defs, sizeof time_defs / sizeof time_defs[0]);
  return m;
}

/* ---- sys -------------------------------------------------------------- */

/* sys.stdout and sys.stderr are instances of one small class; the stream
 * is told apart by the instance's name attribute ('<stdout>' or
 * '<stderr>'), as CPython's TextIOWrapper has one. */
static bool is_stderr(Interp *I, Value self) {
  if (!v_is(self, OBJ_INSTANCE) || !AS_INST(self)->dict) return false;
  Str *k = str_intern(I, "name");
  Value v = dict_get_str(I, AS_INST(self)->dict, k);
  obj_decref(I, &k->h);
  return v_is(v, OBJ_STR) && strcmp(AS_STR(v)->data, "<stderr>") == 0;
}

NATIVE(io_write) {
  one_arg(I, "write", argc - 1, kw);
  Value s = argv[1];
  if (!v_is(s, OBJ_STR))
    rt_raise(I, EXC_TypeError, "write() argument must be str, not %s", rt_type_name(I, s));
  if (is_stderr(I, argv[0])) fwrite(AS_STR(s)->data, 1, (size_t)AS_STR(s)->len, stderr);
  else rt_write(I, AS_STR(s)->data, (size_t)AS_STR(s)->len);
  return v_int(AS_STR(s)->nchars);
}

NATIVE(io_flush) {
  no_args(I, "flush", argc - 1, kw);
  fflush(is_stderr(I, argv[0]) ? stderr : stdout); /* rt_write goes through stdio */
  return v_none();
}

NATIVE(io_fileno) {
  no_args(I, "fileno", argc - 1, kw);
  return v_int(is_stderr(I, argv[0]) ? 2 : 1);
}

NATIVE(io_isatty) {
  (void)argv;
  no_args(I, "isatty", argc - 1, kw);
  return v_bool(false);
}

NATIVE(io_repr) {
  no_args(I, "__repr__", argc - 1, kw);
  return v_obj(&str_printf(I, "<_io.TextIOWrapper name='%s' mode='w' encoding='utf-8'>",
                           is_stderr(I, argv[0]) ? "<stderr>" : "<stdout>")
                    ->h);
}

static Value stream_new(Interp *I, Class *cls, const char *name) {
  Instance *o = (Instance *)obj_alloc(I, OBJ_INSTANCE, sizeof(Instance));
  obj_incref(&cls->h);
  o->cls = cls;
  o->dict = dict_new(I);
  Value v = v_obj(&o->h);
  Str *n = str_from_c(I, name), *mode = str_from_c(I, "w"), *enc = str_from_c(I, "utf-8");
  Str *kn = str_intern(I, "name"), *km = str_intern(I, "mode"), *ke = str_intern(I, "encoding");
  dict_set_str(I, o->dict, kn, v_obj(&n->h));
  dict_set_str(I, o->dict, km, v_obj(&mode->h));
  dict_set_str(I, o->dict, ke, v_obj(&enc->h));
  Obj *tmp[] = {&n->h, &mode->h, &enc->h, &kn->h, &km->h, &ke->h};
  for (size_t i = 0; i < sizeof tmp / sizeof tmp[0]; i++) obj_decref(I, tmp[i]);
  return v;
}

NATIVE(sys_exit) {
  npos(I, "sys.exit", "exit", argc, kw, 0, 1);
  Value cls = v_obj(&I->exc[EXC_SystemExit]->h);
  Value none = v_none(); /* a non-NULL argv even when there are no arguments */
  exc_raise_owned(I, rt_call(I, cls, argc, argc ? argv : &none, NULL));
}

NATIVE(sys_getrecursionlimit) {
  (void)argv;
  no_args(I, "sys.getrecursionlimit", argc, kw);
  return v_int(I->max_depth);
}

NATIVE(sys_setrecursionlimit) {
  one_arg(I, "sys.setrecursionlimit", argc, kw);
  if (argv[0].tag == V_FLOAT)
    rt_raise(I, EXC_TypeError, "'float' object cannot be interpreted as an integer");
  int64_t n = to_index(I, argv[0]);
  if (n < 1) rt_raise(I, EXC_ValueError, "recursion limit must be greater or equal than 1");
  /* The evaluator also guards the C stack, so any limit is safe. */
  I->max_depth = n > INT_MAX ? INT_MAX : (int)n;
  return v_none();
}

static const NativeDef sys_defs[] = {
    {"exit", sys_exit},
    {"getrecursionlimit", sys_getrecursionlimit},
    {"setrecursionlimit", sys_setrecursionlimit},
};

static Module *sys_create(Interp *I) {
  Module *m = module_new(I, "sys");
  mod_add_natives(I, m, sys_defs, sizeof sys_defs / sizeof sys_defs[0]);

  List *argv = list_new(I, I->argc);
  for (int i = 0; i < I->argc; i++) {
    Str *s = str_from_c(I, I->argv[i]);
    list_append(I, argv, v_obj(&s->h));
    obj_decref(I, &s->h);
  }
  mod_set(I, m, "argv", v_obj(&argv->h));
  obj_decref(I, &argv->h);

  /* sys.path: the script's directory, as CPython puts it first. */
  List *path = list_new(I, 1);
  const char *script = I->argc > 0 ? I->argv[0] : "";
  const char *slash = strrchr(script, '/');
  Str *dir = slash ? str_new(I, script, (size_t)(slash - script)) : str_from_c(I, "");
  list_append(I, path, v_obj(&dir->h));
  obj_decref(I, &dir->h);
  mod_set(I, m, "path", v_obj(&path->h));
  obj_decref(I, &path->h);

  mod_set(I, m, "modules", v_obj(&I->modules->h));
  mod_set(I, m, "maxsize", v_int(INT64_MAX));
  Str *s;
#if defined(__linux__)
  s = str_from_c(I, "linux");
#elif defined(__APPLE__)
  s = str_from_c(I, "darwin");
#else
  s = str_from_c(I, "unknown");
#endif
  mod_set(I, m, "platform", v_obj(&s->h));
  obj_decref(I, &s->h);
  uint16_t probe = 1;
  unsigned char first;
  memcpy(&first, &probe, 1);
  s = str_from_c(I, first ? "little" : "big");
  mod_set(I, m, "byteorder", v_obj(&s->h));
  obj_decref(I, &s->h);
  s = str_from_c(I, "3.11.0 (msc " MSC_VERSION ")");
  mod_set(I, m, "version", v_obj(&s->h));
  obj_decref(I, &s->h);
  Str *fin = str_from_c(I, "final");
  Value vi = tuple_pack(I, 5, v_int(3), v_int(11), v_int(0), v_obj(&fin->h), v_int(0));
  obj_decref(I, &fin->h);
  mod_set(I, m, "version_info", vi);
  v_decref(I, vi);

  Str *cname = str_intern(I, "TextIOWrapper");
  Tuple *bases = tuple_new(I, 0);
  Dict *cdict = dict_new(I);
  Class *cls = class_new(I, cname, bases, cdict);
  obj_decref(I, &cname->h);
  obj_decref(I, &bases->h);
  obj_decref(I, &cdict->h);
  cls->h.flags |= CF_NATIVE_METHODS; /* its natives bind the stream, like methods */
  class_add_native(I, cls, "write", io_write);
  class_add_native(I, cls, "flush", io_flush);
  class_add_native(I, cls, "fileno", io_fileno);
  class_add_native(I, cls, "isatty", io_isatty);
  class_add_native(I, cls, "__repr__", io_repr);
  Value out = stream_new(I, cls, "<stdout>"), err = stream_new(I, cls, "<stderr>");
  obj_decref(I, &cls->h);
  mod_set(I, m, "stdout", out);
  mod_set(I, m, "__stdout__", out);
  mod_set(I, m, "stderr", err);
  mod_set(I, m, "__stderr__", err);
  v_decref(I, out);
  v_decref(I, err);
  return m;
}

/* ---- _os: the file-system calls of lib/os ------------------------------ */

static const char *path_arg(Interp *I, const char *fn, Value v) {
  if (!v_is(v, OBJ_STR))
    rt_raise(I, EXC_TypeError, "%s: path should be string, bytes or os.PathLike, not %s", fn,
             rt_type_name(I, v));
  return AS_STR(v)->data;
}

/* _os.stat(path) -> (kind, size, mtime) with kind 'f', 'd' or 'o'; raises
 * the OSError of the call. */
NATIVE(os_stat) {
  one_arg(I, "stat", argc, kw);
  const char *p = path_arg(I, "stat", argv[0]);
  struct stat st;
  if (stat(p, &st) != 0) rt_raise_errno(I, errno, p);
  Str *k = str_from_c(I, S_ISREG(st.st_mode) ? "f" : S_ISDIR(st.st_mode) ? "d" : "o");
  Value t = tuple_pack(I, 3, v_obj(&k->h), v_int((int64_t)st.st_size),
                       v_float((double)st.st_mtim.tv_sec + (double)st.st_mtim.tv_nsec * 1e-9));
  obj_decref(I, &k->h);
  return t;
}

/* _os.kind(path): 'f', 'd', 'o', or '' when stat fails (exists/isfile/isdir). */
NATIVE(os_kind) {
  one_arg(I, "kind", argc, kw);
  const char *p = path_arg(I, "kind", argv[0]);
  struct stat st;
  const char *k = stat(p, &st) != 0 ? "" : S_ISREG(st.st_mode) ? "f" : S_ISDIR(st.st_mode) ? "d" : "o";
  return v_obj(&str_from_c(I, k)->h);
}

static int cmp_cstr(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* _os.listdir(path): the entries, sorted (CPython's order is the file
 * system's; sorted is deterministic). */
NATIVE(os_listdir) {
  one_arg(I, "listdir", argc, kw);
  const char *p = path_arg(I, "listdir", argv[0]);
  DIR *d = opendir(p);
  if (!d) rt_raise_errno(I, errno, p);
  List *out = list_new(I, 0);
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    Str *s = str_from_c(I, e->d_name);
    list_append(I, out, v_obj(&s->h));
    obj_decref(I, &s->h);
  }
  closedir(d);
  const char *names[out->len ? out->len : 1];
  for (int64_t i = 0; i < out->len; i++) names[i] = AS_STR(out->items[i])->data;
  qsort(names, (size_t)out->len, sizeof names[0], cmp_cstr);
  List *sorted = list_new(I, out->len);
  for (int64_t i = 0; i < out->len; i++) {
    Str *s = str_from_c(I, names[i]);
    list_append(I, sorted, v_obj(&s->h));
    obj_decref(I, &s->h);
  }
  obj_decref(I, &out->h);
  return v_obj(&sorted->h);
}

NATIVE(os_mkdir) {
  one_arg(I, "mkdir", argc, kw);
  const char *p = path_arg(I, "mkdir", argv[0]);
  if (mkdir(p, 0777) != 0) rt_raise_errno(I, errno, p);
  return v_none();
}

NATIVE(os_remove) {
  one_arg(I, "remove", argc, kw);
  const char *p = path_arg(I, "remove", argv[0]);
  if (unlink(p) != 0) rt_raise_errno(I, errno, p);
  return v_none();
}

NATIVE(os_rmdir) {
  one_arg(I, "rmdir", argc, kw);
  const char *p = path_arg(I, "rmdir", argv[0]);
  if (rmdir(p) != 0) rt_raise_errno(I, errno, p);
  return v_none();
}

NATIVE(os_chdir) {
  one_arg(I, "chdir", argc, kw);
  const char *p = path_arg(I, "chdir", argv[0]);
  if (chdir(p) != 0) rt_raise_errno(I, errno, p);
  return v_none();
}

NATIVE(os_rename) {
  npos(I, "rename", "rename", argc, kw, 2, 2);
  const char *a = path_arg(I, "rename", argv[0]), *b = path_arg(I, "rename", argv[1]);
  if (rename(a, b) != 0) rt_raise_errno(I, errno, a);
  return v_none();
}

NATIVE(os_getcwd) {
  (void)argv;
  no_args(I, "getcwd", argc, kw);
  char buf[4096];
  if (!getcwd(buf, sizeof buf)) rt_raise_errno(I, errno, NULL);
  return v_obj(&str_from_c(I, buf)->h);
}

NATIVE(os_environ) {
  (void)argv;
  no_args(I, "environ", argc, kw);
  Dict *d = dict_new(I);
  for (char **e = environ; e && *e; e++) {
    const char *eq = strchr(*e, '=');
    if (!eq) continue;
    Str *k = str_new(I, *e, (size_t)(eq - *e)), *v = str_from_c(I, eq + 1);
    dict_set(I, d, v_obj(&k->h), v_obj(&v->h));
    obj_decref(I, &k->h);
    obj_decref(I, &v->h);
  }
  return v_obj(&d->h);
}

NATIVE(os_getpid) {
  (void)argv;
  no_args(I, "getpid", argc, kw);
  return v_int((int64_t)getpid());
}

static const NativeDef os_defs[] = {
    {"stat", os_stat},     {"kind", os_kind},       {"listdir", os_listdir}, {"mkdir", os_mkdir},
    {"remove", os_remove}, {"rmdir", os_rmdir},     {"rename", os_rename},   {"getcwd", os_getcwd},
    {"environ", os_environ}, {"getpid", os_getpid},     {"chdir", os_chdir},
};

static Module *os_create(Interp *I) {
  Module *m = module_new(I, "_os");
  mod_add_natives(I, m, os_defs, sizeof os_defs / sizeof os_defs[0]);
  return m;
}

/* ---- import ----------------------------------------------------------- */

/* The tensor core's C module, _msc (eval/mod_msc.c). */

/* What msc provides in C, sorted; a dotted name is a submodule of a package.
 * Names starting with '_' are private to lib/. */
static const struct {
  const char *name;
  bool package;
  Module *(*create)(Interp *I);
} builtin_modules[] = {
    {"_msc", false, mod_msc_create},
    {"_os", false, os_create},
    {"math", false, math_create},
    {"sys", false, sys_create},
    {"time", false, time_create},
};
enum { NBUILTIN_MODULES = sizeof builtin_modules / sizeof builtin_modules[0] };

static int find_builtin(const char *name, size_t n) {
  for (int i = 0; i < NBUILTIN_MODULES; i++)
    if (strlen(builtin_modules[i].name) == n && memcmp(builtin_modules[i].name, name, n) == 0)
      return i;
  return -1;
}

/* ---- lib/: modules written in the Python subset ------------------------ */

/* lib/ is embedded at build time (scripts/embed-lib.py writes
 * $(O)/lib_embed.c): a table of {path under lib/, source text}. With
 * MSC_LIB_PATH set, modules are read from that directory instead, so lib/
 * can be edited without rebuilding. Module a.b is a/b/__init__.py (a
 * package) or a/b.py. Sources are named "<msc-lib>/a/b.py" (embedded) or
 * by their path on disk, and registered with interp_add_lib_src so that
 * exc_report tells them apart from the user's script. */
#include "eval/lib_embed.h"

typedef struct LibSource {
  SrcFile *src;
  bool package;
  const Node *tree; /* kept parsed (lib_keep_parsed), or NULL: parse src */
} LibSource;

/* ---- lib/ modules parsed once per process (opt-in) ------------------------
 * After lib_keep_parsed(), an embedded lib/ module is parsed once per
 * process: its source and syntax tree stay in this table, and every
 * interpreter that imports it gets a copy of the tree (ast_clone) in its own
 * arena, which the resolver annotates as it would a fresh parse. For the
 * fuzz target of the whole pipeline (fuzz/run.c), which makes an
 * interpreter per input: parsing lib/mindspore was three quarters of each
 * input's time. msc itself parses once per process anyway and never calls
 * it. Modules of $MSC_LIB_PATH are read from disk each time, as before. */
static struct {
  bool on;
  pthread_mutex_t mu;
  Arena *arena; /* the trees; never freed */
  struct LibParsed {
    const char *rel;
    SrcFile *src; /* never freed (interp_free asks lib_src_kept) */
    Node *tree;
  } *e;
  int n, cap;
} lib_parsed = {.mu = PTHREAD_MUTEX_INITIALIZER};

void lib_keep_parsed(void) { lib_parsed.on = true; }

bool lib_src_kept(const SrcFile *src) {
  pthread_mutex_lock(&lib_parsed.mu);
  bool kept = false;
  for (int i = 0; i < lib_parsed.n && !kept; i++) kept = lib_parsed.e[i].src == src;
  pthread_mutex_unlock(&lib_parsed.mu);
  return kept;
}

/* The source of embedded file f, named "<msc-lib>/PATH". */
static SrcFile *lib_src_new(const LibFile *f) {
  char *text = xmalloc(f->len + 1);
  memcpy(text, f->text, f->len);
  text[f->len] = 0;
  Buf name = {0};
  buf_printf(&name, "<msc-lib>/%s", f->path);
  SrcFile *src = src_new(name.data, text, f->len);
  buf_free(&name);
  return src;
}

/* The kept source and tree of embedded file f, parsed now if it is not
 * kept yet; false when it does not parse (the caller then parses it as
 * usual, which reports the errors). */
static bool lib_kept(const LibFile *f, LibSource *out) {
  pthread_mutex_lock(&lib_parsed.mu);
  for (int i = 0; i < lib_parsed.n; i++)
    if (strcmp(lib_parsed.e[i].rel, f->path) == 0) {
      out->src = lib_parsed.e[i].src;
      out->tree = lib_parsed.e[i].tree;
      pthread_mutex_unlock(&lib_parsed.mu);
      return true;
    }
  if (!lib_parsed.arena) lib_parsed.arena = arena_new();
  SrcFile *src = lib_src_new(f);
  Node *tree = parse_file(src, lib_parsed.arena);
  if (!tree) {
    src_free(src);
    pthread_mutex_unlock(&lib_parsed.mu);
    return false;
  }
  if (lib_parsed.n == lib_parsed.cap) {
    lib_parsed.cap = lib_parsed.cap ? 2 * lib_parsed.cap : 64;
    lib_parsed.e = xrealloc(lib_parsed.e, sizeof *lib_parsed.e * (size_t)lib_parsed.cap);
  }
  lib_parsed.e[lib_parsed.n++] = (struct LibParsed){f->path, src, tree};
  out->src = src;
  out->tree = tree;
  pthread_mutex_unlock(&lib_parsed.mu);
  return true;
}

static const char *lib_path_env(void) {
  const char *p = getenv("MSC_LIB_PATH");
  return p && *p ? p : NULL;
}

static bool lib_embedded(const char *rel, LibSource *out, bool package) {
  for (int i = 0; i < msc_lib_nfiles; i++) {
    if (strcmp(msc_lib_files[i].path, rel) != 0) continue;
    out->package = package;
    if (lib_parsed.on && lib_kept(&msc_lib_files[i], out)) return true;
    out->tree = NULL;
    out->src = lib_src_new(&msc_lib_files[i]);
    return true;
  }
  return false;
}

static bool lib_on_disk(const char *dir, const char *rel, LibSource *out, bool package) {
  Buf path = {0};
  buf_printf(&path, "%s/%s", dir, rel);
  out->src = src_load(path.data);
  buf_free(&path);
  out->package = package;
  out->tree = NULL;
  return out->src != NULL;
}

/* Finds the source of module dotted[0:n]; false when lib/ has no such module. */
static bool lib_find(const char *dotted, size_t n, LibSource *out) {
  char rel[512];
  if (n + sizeof "/__init__.py" >= sizeof rel) return false;
  for (size_t i = 0; i < n; i++) {
    if (dotted[i] == '/' || (dotted[i] == '.' && (i == 0 || dotted[i - 1] == '.'))) return false;
    rel[i] = dotted[i] == '.' ? '/' : dotted[i];
  }
  const char *dir = lib_path_env();
  for (int package = 1; package >= 0; package--) {
    snprintf(rel + n, sizeof rel - n, "%s", package ? "/__init__.py" : ".py");
    if (dir ? lib_on_disk(dir, rel, out, package) : lib_embedded(rel, out, package)) return true;
  }
  return false;
}

/* Adds name[0:len] to names (at most cap, each stored in store) unless
 * it is private ('_') or already there. */
static int add_name(const char **names, int n, int cap, char store[][32], const char *name,
                    size_t len) {
  if (n >= cap || len == 0 || len >= 32 || name[0] == '_' || name[0] == '.') return n;
  memcpy(store[n], name, len);
  store[n][len] = 0;
  for (int j = 0; j < n; j++)
    if (strcmp(names[j], store[n]) == 0) return n;
  names[n] = store[n];
  return n + 1;
}

/* The top-level modules of lib/ ("mindspore", "numpy"): of the directory
 * $MSC_LIB_PATH when set, else of the embedded table. */
static int lib_toplevel(const char **names, int n, int cap, char store[][32]) {
  const char *dir = lib_path_env();
  if (dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
      size_t len = strlen(e->d_name);
      Buf init = {0};
      buf_printf(&init, "%s/%s/__init__.py", dir, e->d_name);
      struct stat st;
      if (stat(init.data, &st) == 0) n = add_name(names, n, cap, store, e->d_name, len);
      else if (len > 3 && strcmp(e->d_name + len - 3, ".py") == 0)
        n = add_name(names, n, cap, store, e->d_name, len - 3);
      buf_free(&init);
    }
    if (d) closedir(d);
    return n;
  }
  for (int i = 0; i < msc_lib_nfiles; i++) {
    const char *p = msc_lib_files[i].path, *slash = strchr(p, '/');
    if (slash ? strcmp(slash, "/__init__.py") == 0 : strlen(p) > 3)
      n = add_name(names, n, cap, store, p, slash ? (size_t)(slash - p) : strlen(p) - 3);
  }
  return n;
}

/* Module.h.flags bit: the module's body is running (a circular import
 * sees it partly initialised; CPython's __spec__._initializing). */
#define MF_INITIALIZING (1u << 4)

/* Creates the module for a source (of lib/, or the user's file found on
 * sys.path), registers it in sys.modules (before its body runs, so that
 * circular imports see the partly initialised module, as in CPython), runs
 * it, and removes it again if it raises. */
static Module *lib_load(Interp *I, Str *key, LibSource *ls, bool user) {
  SrcFile *src = ls->src;
  if (user) interp_add_user_src(I, src);
  else interp_add_lib_src(I, src);
  if (!I->arena) rt_raise(I, EXC_ImportError, "cannot import '%s': no compilation arena", key->data);
  Node *tree = ls->tree && !user ? ast_clone(ls->tree, I->arena) : parse_file(src, I->arena);
  if (!tree) {
    if (user)
      rt_raise(I, EXC_SyntaxError, "module '%s' (%s) has syntax errors (reported above)", key->data,
               src->name);
    rt_raise(I, EXC_ImportError, "library module '%s' has syntax errors (reported above)",
             key->data);
  }
  Module *m = (Module *)obj_alloc(I, OBJ_MODULE, sizeof(Module));
  m->name = key;
  obj_incref(&key->h);
  m->dict = dict_new(I);
  m->src = src;
  Value mv = v_obj(&m->h);
  dict_set_str(I, m->dict, I->s.name, v_obj(&key->h));
  Str *file = str_from_c(I, src->name);
  mod_set(I, m, "__file__", v_obj(&file->h));
  obj_decref(I, &file->h);
  if (ls->package) { /* __path__: the package's directory, as in CPython */
    const char *slash = strrchr(src->name, '/');
    Str *dir = str_new(I, src->name, slash ? (size_t)(slash - src->name) : 0);
    List *path = list_new(I, 1);
    list_append(I, path, v_obj(&dir->h));
    obj_decref(I, &dir->h);
    mod_set(I, m, "__path__", v_obj(&path->h));
    obj_decref(I, &path->h);
    mod_set(I, m, "__package__", v_obj(&key->h));
  } else {
    const char *dot = strrchr(key->data, '.');
    Str *pkg = str_new(I, key->data, dot ? (size_t)(dot - key->data) : 0);
    mod_set(I, m, "__package__", v_obj(&pkg->h));
    obj_decref(I, &pkg->h);
  }
  dict_set_str(I, I->modules, key, mv);
  m->h.flags |= MF_INITIALIZING;
  Catch c;
  if (RT_TRY(I, &c)) {
    interp_exec_module(I, m, tree);
    rt_catch_pop(I, &c);
    m->h.flags &= ~MF_INITIALIZING;
  } else {
    Value exc = CUR_EXC(I);
    CUR_EXC(I) = v_undef();
    m->h.flags &= ~MF_INITIALIZING;
    dict_del(I, I->modules, v_obj(&key->h));
    obj_decref(I, &m->h);
    exc_reraise(I, exc);
  }
  return m;
}

bool rt_module_initializing(Value m) {
  return v_is(m, OBJ_MODULE) && (AS_MODULE(m)->h.flags & MF_INITIALIZING);
}

/* ---- the user's modules: files on sys.path -------------------------------
 *
 * A top-level name is looked for in each directory of sys.path (read at
 * import time, so scripts may extend it; sys.path[0] is the script's
 * directory): NAME/__init__.py (a package), then NAME.py. lib/ comes after
 * sys.path, as site-packages does in CPython. A directory NAME without
 * __init__.py is a namespace package, used only when no regular module or
 * package of that name exists anywhere (PEP 420). Submodules of a user
 * package are looked for in its __path__. */

static bool is_file(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* dir/name[0:n] into out (name alone for the empty directory, i.e. the
 * current one); false when it does not fit. */
static bool join_path(char *out, size_t cap, const char *dir, const char *name, size_t n,
                      const char *suffix) {
  int k = *dir ? snprintf(out, cap, "%s/%.*s%s", dir, (int)n, name, suffix)
               : snprintf(out, cap, "%.*s%s", (int)n, name, suffix);
  return k >= 0 && (size_t)k < cap;
}

/* Looks for module name[0:n] in the str items of dirs: true with the source
 * loaded into out; else the namespace portions found are appended to ns. */
static bool path_find(Interp *I, List *dirs, const char *name, size_t n, LibSource *out, List *ns) {
  char p[4096];
  for (int64_t i = 0; i < dirs->len; i++) {
    Value d = dirs->items[i];
    if (!v_is(d, OBJ_STR)) continue;
    const char *dir = AS_STR(d)->data;
    if (join_path(p, sizeof p, dir, name, n, "/__init__.py") && is_file(p) &&
        (out->src = src_load(p)) != NULL) {
      out->package = true;
      return true;
    }
    if (join_path(p, sizeof p, dir, name, n, ".py") && is_file(p) && (out->src = src_load(p)) != NULL) {
      out->package = false;
      return true;
    }
    if (ns && join_path(p, sizeof p, dir, name, n, "") && is_dir(p)) {
      Str *s = str_from_c(I, p);
      list_append(I, ns, v_obj(&s->h));
      obj_decref(I, &s->h);
    }
  }
  return false;
}

/* sys.path (borrowed; the list sys holds), or NULL when it is not a list. */
static List *sys_path(Interp *I) {
  Value sys = rt_import(I, "sys");
  Str *k = str_intern(I, "path");
  Value p = dict_get_str(I, AS_MODULE(sys)->dict, k);
  obj_decref(I, &k->h);
  v_decref(I, sys);
  return v_is(p, OBJ_LIST) ? AS_LIST(p) : NULL;
}

/* A namespace package (PEP 420): no source, __path__ = its directories. */
static Module *namespace_new(Interp *I, Str *key, List *ns) {
  Module *m = (Module *)obj_alloc(I, OBJ_MODULE, sizeof(Module));
  m->name = key;
  obj_incref(&key->h);
  m->dict = dict_new(I);
  m->src = NULL;
  dict_set_str(I, m->dict, I->s.name, v_obj(&key->h));
  mod_set(I, m, "__file__", v_none());
  mod_set(I, m, "__path__", v_obj(&ns->h));
  mod_set(I, m, "__package__", v_obj(&key->h));
  dict_set_str(I, I->modules, key, v_obj(&m->h));
  return m;
}

/* A module of lib/ (embedded or $MSC_LIB_PATH) rather than the user's. */
static bool module_is_lib(Interp *I, Value m) {
  return v_is(m, OBJ_MODULE) && AS_MODULE(m)->src && interp_is_lib_src(I, AS_MODULE(m)->src);
}

/* The message's "(looked in ...)" part: the directories searched. */
static void looked_in(Buf *b, List *dirs) {
  buf_puts(b, "looked in ");
  int k = 0;
  for (int64_t i = 0; dirs && i < dirs->len; i++) {
    if (!v_is(dirs->items[i], OBJ_STR)) continue;
    const char *d = AS_STR(dirs->items[i])->data;
    buf_printf(b, "%s'%s'", k++ ? ", " : "", *d ? d : ".");
  }
  if (!k) buf_puts(b, "no directory");
}

static _Noreturn void no_module(Interp *I, const char *name, size_t n, List *dirs) {
  const char *names[64];
  char store[64][32];
  int k = 0;
  for (int i = 0; i < NBUILTIN_MODULES && k < 64; i++) {
    const char *bn = builtin_modules[i].name;
    if (strchr(bn, '.') || bn[0] == '_') continue;
    names[k++] = bn;
  }
  k = lib_toplevel(names, k, 64, store);
  for (int i = 1; i < k; i++) /* insertion sort: a handful of names */
    for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
      const char *t = names[j];
      names[j] = names[j - 1];
      names[j - 1] = t;
    }
  Buf b = {0};
  for (int i = 0; i < k; i++) {
    if (b.len) buf_puts(&b, ", ");
    buf_puts(&b, names[i]);
  }
  Buf d = {0};
  looked_in(&d, dirs);
  char list[1024], where[2048];
  snprintf(list, sizeof list, "%s", b.data ? b.data : "");
  snprintf(where, sizeof where, "%s", d.data ? d.data : "");
  buf_free(&b);
  buf_free(&d);
  rt_raise(I, EXC_ModuleNotFoundError, "No module named '%.*s' (%s; msc provides: %s)", (int)n, name,
           where, list);
}

static bool is_package(Interp *I, Value mod, int builtin_idx) {
  if (builtin_idx >= 0) return builtin_modules[builtin_idx].package;
  Str *k = str_intern(I, "__path__");
  Value p = dict_get_str(I, AS_MODULE(mod)->dict, k);
  obj_decref(I, &k->h);
  return p.tag != V_UNDEF;
}

/* The module named by the first n bytes of dotted (new reference). */
static Value import_prefix(Interp *I, const char *dotted, size_t n) {
  Str *key = str_intern_n(I, dotted, n);
  Value m = dict_get_str(I, I->modules, key);
  if (m.tag != V_UNDEF) {
    obj_decref(I, &key->h);
    return v_incref(m);
  }
  const char *dot = NULL;
  for (size_t i = n; i > 0; i--)
    if (dotted[i - 1] == '.') {
      dot = dotted + i - 1;
      break;
    }
  Value parent = v_undef();
  if (dot) {
    size_t pn = (size_t)(dot - dotted);
    parent = import_prefix(I, dotted, pn);
    if (!is_package(I, parent, find_builtin(dotted, pn))) {
      v_decref(I, parent);
      obj_decref(I, &key->h);
      rt_raise(I, EXC_ModuleNotFoundError, "No module named '%.*s'; '%.*s' is not a package",
               (int)n, dotted, (int)pn, dotted);
    }
    /* The parent's body may have imported this module meanwhile. */
    m = dict_get_str(I, I->modules, key);
    if (m.tag != V_UNDEF) {
      v_decref(I, parent);
      obj_decref(I, &key->h);
      return v_incref(m);
    }
  }
  int idx = find_builtin(dotted, n);
  Module *mod;
  LibSource ls = {0};
  const char *leaf = dot ? dot + 1 : dotted;
  size_t leafn = (size_t)(dotted + n - leaf);
  List *ns = NULL;
  if (idx >= 0) {
    mod = builtin_modules[idx].create(I);
    dict_set_str(I, I->modules, key, v_obj(&mod->h));
  } else if (dot && !module_is_lib(I, parent)) { /* a submodule of the user's package */
    Str *pk = str_intern(I, "__path__");
    Value pp = dict_get_str(I, AS_MODULE(parent)->dict, pk);
    obj_decref(I, &pk->h);
    List *dirs = v_is(pp, OBJ_LIST) ? AS_LIST(pp) : NULL;
    ns = list_new(I, 0);
    if (dirs && path_find(I, dirs, leaf, leafn, &ls, ns)) {
      obj_decref(I, &ns->h);
      ns = NULL;
      mod = lib_load(I, key, &ls, true);
    } else if (ns->len) {
      mod = namespace_new(I, key, ns);
    } else {
      Buf d = {0};
      looked_in(&d, dirs);
      char where[2048];
      snprintf(where, sizeof where, "%s", d.data ? d.data : "");
      buf_free(&d);
      obj_decref(I, &ns->h);
      v_decref(I, parent);
      obj_decref(I, &key->h);
      rt_raise(I, EXC_ModuleNotFoundError, "No module named '%.*s' (%s)", (int)n, dotted, where);
    }
    if (ns) obj_decref(I, &ns->h);
  } else if (dot) {
    if (!lib_find(dotted, n, &ls)) {
      v_decref(I, parent);
      obj_decref(I, &key->h);
      rt_raise(I, EXC_ModuleNotFoundError, "No module named '%.*s'", (int)n, dotted);
    }
    mod = lib_load(I, key, &ls, false);
  } else {
    List *dirs = sys_path(I);
    ns = list_new(I, 0);
    bool found = dirs && path_find(I, dirs, leaf, leafn, &ls, ns);
    if (found || lib_find(dotted, n, &ls)) {
      obj_decref(I, &ns->h);
      ns = NULL;
      mod = lib_load(I, key, &ls, found);
    } else if (ns->len) {
      mod = namespace_new(I, key, ns);
    } else {
      obj_decref(I, &ns->h);
      obj_decref(I, &key->h);
      no_module(I, dotted, n, dirs);
    }
    if (ns) obj_decref(I, &ns->h);
  }
  Value mv = v_obj(&mod->h);
  if (dot) { /* bind the submodule in its package */
    Str *lk = str_intern_n(I, dot + 1, (size_t)(dotted + n - dot - 1));
    dict_set_str(I, AS_MODULE(parent)->dict, lk, mv);
    obj_decref(I, &lk->h);
    v_decref(I, parent);
  }
  obj_decref(I, &key->h);
  return mv;
}

Value rt_import(Interp *I, const char *dotted) {
  return import_prefix(I, dotted, strlen(dotted));
}

/* importlib._bootstrap._resolve_name and _calc___package__: the absolute
 * name of `from <level dots><name> import ...` run in a module whose
 * namespace is globals. */
Str *rt_import_resolve(Interp *I, Dict *globals, const char *name, int level) {
  char base[1024];
  Str *k = str_intern(I, "__package__");
  Value pkg = dict_get_str(I, globals, k);
  obj_decref(I, &k->h);
  if (v_is(pkg, OBJ_STR)) {
    snprintf(base, sizeof base, "%s", AS_STR(pkg)->data);
  } else {
    Value nm = dict_get_str(I, globals, I->s.name);
    if (!v_is(nm, OBJ_STR)) rt_raise(I, EXC_KeyError, "'__name__' not in globals");
    snprintf(base, sizeof base, "%s", AS_STR(nm)->data);
    Str *pk = str_intern(I, "__path__");
    bool ispkg = dict_get_str(I, globals, pk).tag != V_UNDEF;
    obj_decref(I, &pk->h);
    if (!ispkg) {
      char *dot = strrchr(base, '.');
      if (dot) *dot = 0;
      else base[0] = 0;
    }
  }
  if (!base[0]) rt_raise(I, EXC_ImportError, "attempted relative import with no known parent package");
  for (int i = 1; i < level; i++) {
    char *dot = strrchr(base, '.');
    if (!dot) rt_raise(I, EXC_ImportError, "attempted relative import beyond top-level package");
    *dot = 0;
  }
  if (name && *name) return str_printf(I, "%s.%s", base, name);
  return str_from_c(I, base);
}

void modules_init(Interp *I) {
  (void)I; /* modules are created on first import */
}
