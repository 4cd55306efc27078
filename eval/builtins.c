/* builtins.c — the builtins module: print, len, isinstance, min/max, sum,
 * sorted, round, divmod, pow, getattr & co, chr/ord/bin/oct/hex, ...
 *
 * Every function behaves as CPython 3.11's, down to the TypeError and
 * ValueError messages (the differential tests compare them). Where CPython
 * would grow an int past 64 bits, msc raises OverflowError instead.
 *
 * Not here: the constructors (int, str, list, ..., type, object), the
 * iterator builtins (iter, next, zip, map, ...) which belong to the value
 * layer; super/property/staticmethod/classmethod and the exception classes,
 * which belong to the evaluator.
 *
 * Ownership follows value.h: natives return a new reference and borrow
 * their arguments. Nothing here keeps malloc'd memory across a call that
 * may raise, so an exception unwinding through a builtin leaks nothing
 * (objects are gc-tracked and swept).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "interp.h" /* Frame (globals, locals, dir, vars), exc_raise_owned */
#include "value.h"

#define NATIVE(fn) static Value fn(Interp *I, int argc, Value *argv, KwArgs *kw)

/* ---- Argument checking, with CPython's messages ---------------------- */

/* METH_O functions: "len() takes exactly one argument (2 given)". */
static void one_arg(Interp *I, const char *name, int argc, KwArgs *kw) {
  if (kw && kw->n) rt_raise(I, EXC_TypeError, "%s() takes no keyword arguments", name);
  if (argc != 1)
    rt_raise(I, EXC_TypeError, "%s() takes exactly one argument (%d given)", name, argc);
}

/* METH_NOARGS: "globals() takes no arguments (1 given)". */
static void no_args(Interp *I, const char *name, int argc, KwArgs *kw) {
  if (kw && kw->n) rt_raise(I, EXC_TypeError, "%s() takes no keyword arguments", name);
  if (argc) rt_raise(I, EXC_TypeError, "%s() takes no arguments (%d given)", name, argc);
}

/* _PyArg_CheckPositional: "divmod expected 2 arguments, got 1". */
static void npos(Interp *I, const char *name, int argc, KwArgs *kw, int lo, int hi) {
  if (kw && kw->n) rt_raise(I, EXC_TypeError, "%s() takes no keyword arguments", name);
  if (argc < lo)
    rt_raise(I, EXC_TypeError, "%s expected %s%d argument%s, got %d", name,
             lo == hi ? "" : "at least ", lo, lo == 1 ? "" : "s", argc);
  if (argc > hi)
    rt_raise(I, EXC_TypeError, "%s expected %s%d argument%s, got %d", name,
             lo == hi ? "" : "at most ", hi, hi == 1 ? "" : "s", argc);
}

/* Binds positional-or-keyword parameters the way Argument Clinic does:
 * out[i] is V_UNDEF when not given. nkwonly trailing names are keyword-only.
 * Messages: "round() takes at most 2 arguments (3 given)", "'foo' is an
 * invalid keyword argument for round()", "argument for pow() given by name
 * ('base') and position (1)", "round() missing required argument 'number'
 * (pos 1)". */
static void bind(Interp *I, const char *name, int argc, Value *argv, KwArgs *kw, int nreq,
                 int nparams, int nkwonly, const char *const *names, Value *out) {
  int npos_max = nparams - nkwonly;
  int nkw = kw ? kw->n : 0;
  if (argc > npos_max || argc + nkw > nparams) {
    if (nkwonly && argc > npos_max)
      rt_raise(I, EXC_TypeError, "%s() takes %s %d positional argument%s (%d given)", name,
               nreq == npos_max ? "exactly" : "at most", npos_max, npos_max == 1 ? "" : "s",
               argc);
    rt_raise(I, EXC_TypeError, "%s() takes at most %d argument%s (%d given)", name, nparams,
             nparams == 1 ? "" : "s", argc + nkw);
  }
  for (int i = 0; i < nparams; i++) out[i] = i < argc ? argv[i] : v_undef();
  for (int k = 0; k < nkw; k++) {
    const char *kn = kw->names[k]->data;
    int i = 0;
    while (i < nparams && strcmp(names[i], kn) != 0) i++;
    if (i == nparams)
      rt_raise(I, EXC_TypeError, "'%s' is an invalid keyword argument for %s()", kn, name);
    if (i < argc)
      rt_raise(I, EXC_TypeError, "argument for %s() given by name ('%s') and position (%d)",
               name, kn, i + 1);
    out[i] = kw->vals[k];
  }
  for (int i = 0; i < nreq; i++)
    if (out[i].tag == V_UNDEF) {
      if (i >= npos_max)
        rt_raise(I, EXC_TypeError, "%s() missing required keyword-only argument '%s'", name,
                 names[i]);
      rt_raise(I, EXC_TypeError, "%s() missing required argument '%s' (pos %d)", name,
               names[i], i + 1);
    }
}

static bool is_none(Value v) { return v.tag == V_NONE || v.tag == V_UNDEF; }
static bool is_int(Value v) { return v.tag == V_INT || v.tag == V_BOOL; }
static int64_t int_of(Value v) { return v.tag == V_BOOL ? (int64_t)v.as.b : v.as.i; }

/* operator.index(v): int, bool, or an object with __index__. */
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

static _Noreturn void int_overflow(Interp *I) {
  rt_raise(I, EXC_OverflowError,
           "integer overflow: result does not fit in 64 bits (msc integers are 64-bit)");
}

/* An interned copy of an attribute-name argument (new reference). */
static Str *attr_name(Interp *I, Value v) {
  if (!v_is(v, OBJ_STR))
    rt_raise(I, EXC_TypeError, "attribute name must be string, not '%s'", rt_type_name(I, v));
  return str_intern_n(I, AS_STR(v)->data, (size_t)AS_STR(v)->len);
}

static bool truthy_consume(Interp *I, Value v) {
  bool t = rt_truthy(I, v);
  v_decref(I, v);
  return t;
}

/* ---- Output ----------------------------------------------------------- */

static void write_to(Interp *I, Value file, Value s) {
  if (is_none(file)) {
    rt_write(I, AS_STR(s)->data, (size_t)AS_STR(s)->len);
    return;
  }
  Str *w = str_intern(I, "write");
  Value r = rt_call_method(I, file, w, 1, &s, NULL);
  obj_decref(I, &w->h);
  v_decref(I, r);
}

static bool plain_value(Value v) { return v.tag != V_OBJ || v.as.o->kind == OBJ_STR; }

/* print(*objects, sep=' ', end='\n', file=None, flush=False). Like
 * CPython, each piece is written as soon as it is converted. */
NATIVE(bi_print) {
  static const char *const names[] = {"sep", "end", "file", "flush"};
  Value opt[4] = {v_undef(), v_undef(), v_undef(), v_undef()};
  for (int k = 0; kw && k < kw->n; k++) {
    int i = 0;
    while (i < 4 && strcmp(names[i], kw->names[k]->data) != 0) i++;
    if (i == 4)
      rt_raise(I, EXC_TypeError, "'%s' is an invalid keyword argument for print()",
               kw->names[k]->data);
    opt[i] = kw->vals[k];
  }
  Value sep = opt[0], end = opt[1], file = opt[2];
  if (graph_staging(I) && is_none(file)) { /* graph-mode print: a Print node */
    graph_print(I, argc, argv);
    return v_none();
  }
  if (!is_none(sep) && !v_is(sep, OBJ_STR))
    rt_raise(I, EXC_TypeError, "sep must be None or a string, not %s", rt_type_name(I, sep));
  if (!is_none(end) && !v_is(end, OBJ_STR))
    rt_raise(I, EXC_TypeError, "end must be None or a string, not %s", rt_type_name(I, end));
  const char *seps = is_none(sep) ? " " : AS_STR(sep)->data;
  size_t sepn = is_none(sep) ? 1 : (size_t)AS_STR(sep)->len;
  const char *ends = is_none(end) ? "\n" : AS_STR(end)->data;
  size_t endn = is_none(end) ? 1 : (size_t)AS_STR(end)->len;

  bool fast = is_none(file);
  for (int i = 0; fast && i < argc; i++) fast = plain_value(argv[i]);
  if (fast) { /* nothing can raise: build the line in one buffer */
    Buf b = {0};
    for (int i = 0; i < argc; i++) {
      if (i) buf_append(&b, seps, sepn);
      if (v_is(argv[i], OBJ_STR)) buf_append(&b, AS_STR(argv[i])->data, (size_t)AS_STR(argv[i])->len);
      else rt_str_buf(I, &b, argv[i]);
    }
    buf_append(&b, ends, endn);
    rt_write(I, b.data, b.len);
    buf_free(&b);
  } else {
    for (int i = 0; i < argc; i++) {
      if (i) {
        Value s = is_none(sep) ? v_obj(&str_intern(I, " ")->h) : v_incref(sep);
        write_to(I, file, s);
        v_decref(I, s);
      }
      Value s = v_obj(&rt_str(I, argv[i])->h);
      write_to(I, file, s);
      v_decref(I, s);
    }
    Value e = is_none(end) ? v_obj(&str_intern(I, "\n")->h) : v_incref(end);
    write_to(I, file, e);
    v_decref(I, e);
  }
  if (opt[3].tag != V_UNDEF && rt_truthy(I, opt[3]) && is_none(file)) {
    fflush(stdout); /* rt_write goes through stdio */
  } else if (opt[3].tag != V_UNDEF && rt_truthy(I, opt[3])) {
    Str *f = str_intern(I, "flush");
    Value r = rt_call_method(I, file, f, 0, NULL, NULL);
    obj_decref(I, &f->h);
    v_decref(I, r);
  }
  return v_none();
}

/* ---- Introspection ---------------------------------------------------- */

NATIVE(bi_len) {
  one_arg(I, "len", argc, kw);
  return v_int(rt_len(I, argv[0]));
}

static bool isinstance_of(Interp *I, Value v, Value cls) {
  if (v_is(cls, OBJ_CLASS)) return rt_isinstance(I, v, AS_CLASS(cls));
  if (v_is(cls, OBJ_TUPLE)) {
    Tuple *t = AS_TUPLE(cls);
    for (int64_t i = 0; i < t->len; i++)
      if (isinstance_of(I, v, t->items[i])) return true;
    return false;
  }
  rt_raise(I, EXC_TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
}

NATIVE(bi_isinstance) {
  npos(I, "isinstance", argc, kw, 2, 2);
  return v_bool(isinstance_of(I, argv[0], argv[1]));
}

static bool issubclass_of(Interp *I, Class *c, Value cls) {
  if (v_is(cls, OBJ_CLASS)) return class_is_subclass(c, AS_CLASS(cls));
  if (v_is(cls, OBJ_TUPLE)) {
    Tuple *t = AS_TUPLE(cls);
    for (int64_t i = 0; i < t->len; i++)
      if (issubclass_of(I, c, t->items[i])) return true;
    return false;
  }
  rt_raise(I, EXC_TypeError,
           "issubclass() arg 2 must be a class, a tuple of classes, or a union");
}

NATIVE(bi_issubclass) {
  npos(I, "issubclass", argc, kw, 2, 2);
  if (!v_is(argv[0], OBJ_CLASS)) rt_raise(I, EXC_TypeError, "issubclass() arg 1 must be a class");
  return v_bool(issubclass_of(I, AS_CLASS(argv[0]), argv[1]));
}

NATIVE(bi_repr) {
  one_arg(I, "repr", argc, kw);
  return v_obj(&rt_repr(I, argv[0])->h);
}

/* ascii(x): repr(x) with non-ASCII characters escaped. */
NATIVE(bi_ascii) {
  one_arg(I, "ascii", argc, kw);
  Str *r = rt_repr(I, argv[0]);
  if (r->nchars == r->len) return v_obj(&r->h);
  Buf b = {0};
  const char *p = r->data, *e = p + r->len;
  while (p < e) {
    int n;
    uint32_t cp = utf8_decode(p, &n);
    p += n;
    if (cp < 0x80) buf_putc(&b, (char)cp);
    else if (cp < 0x100) buf_printf(&b, "\\x%02x", cp);
    else if (cp < 0x10000) buf_printf(&b, "\\u%04x", cp);
    else buf_printf(&b, "\\U%08x", cp);
  }
  obj_decref(I, &r->h);
  return v_obj(&str_from_buf(I, &b)->h);
}

NATIVE(bi_callable) {
  one_arg(I, "callable", argc, kw);
  return v_bool(rt_callable(I, argv[0]));
}

NATIVE(bi_hash) {
  graph_check_syntax(I, NULL, "hash()");
  one_arg(I, "hash", argc, kw);
  return v_int((int64_t)rt_hash(I, argv[0]));
}

/* id(): the address for heap objects; a fixed or derived number for the
 * unboxed values (unique enough: equal ints have equal ids, as CPython's
 * small ints do). */
NATIVE(bi_id) {
  graph_check_syntax(I, NULL, "id()");
  static const char tags[8];
  one_arg(I, "id", argc, kw);
  Value v = argv[0];
  switch (v.tag) {
  case V_OBJ: return v_int((int64_t)(uintptr_t)v.as.o);
  case V_INT: return v_int((int64_t)(((uint64_t)v.as.i * 32 + 0x100000000ull) & INT64_MAX) | 1);
  case V_FLOAT: {
    uint64_t bits;
    memcpy(&bits, &v.as.f, sizeof bits);
    return v_int((int64_t)((bits >> 1) | 3));
  }
  case V_BOOL: return v_int((int64_t)(uintptr_t)&tags[v.as.b ? 1 : 2]);
  default: return v_int((int64_t)(uintptr_t)&tags[3 + (int)v.tag % 5]);
  }
}

NATIVE(bi_format) {
  npos(I, "format", argc, kw, 1, 2);
  if (argc == 2 && !v_is(argv[1], OBJ_STR))
    rt_raise(I, EXC_TypeError, "format() argument 2 must be str, not %s",
             rt_type_name(I, argv[1]));
  Str *spec = argc == 2 ? AS_STR(argv[1]) : str_intern(I, "");
  Str *r = rt_format(I, argv[0], spec);
  if (argc < 2) obj_decref(I, &spec->h);
  return v_obj(&r->h);
}

/* ---- Attributes ------------------------------------------------------- */

NATIVE(bi_getattr) {
  npos(I, "getattr", argc, kw, 2, 3);
  Str *name = attr_name(I, argv[1]);
  Value out;
  if (argc == 3) {
    bool found = rt_getattr_opt(I, argv[0], name, &out);
    obj_decref(I, &name->h);
    return found ? out : v_incref(argv[2]);
  }
  out = rt_getattr(I, argv[0], name);
  obj_decref(I, &name->h);
  return out;
}

NATIVE(bi_setattr) {
  npos(I, "setattr", argc, kw, 3, 3);
  Str *name = attr_name(I, argv[1]);
  rt_setattr(I, argv[0], name, argv[2]);
  obj_decref(I, &name->h);
  return v_none();
}

NATIVE(bi_hasattr) {
  npos(I, "hasattr", argc, kw, 2, 2);
  Str *name = attr_name(I, argv[1]);
  Value out;
  bool found = rt_getattr_opt(I, argv[0], name, &out);
  obj_decref(I, &name->h);
  if (found) v_decref(I, out);
  return v_bool(found);
}

NATIVE(bi_delattr) {
  npos(I, "delattr", argc, kw, 2, 2);
  Str *name = attr_name(I, argv[1]);
  rt_delattr(I, argv[0], name);
  obj_decref(I, &name->h);
  return v_none();
}

/* The frame of the code that called the builtin (comprehension frames
 * share their function's namespace for our purposes). */
static Frame *caller_frame(Interp *I) {
  Frame *f = I->frame;
  while (f && f->hidden && f->prev) f = f->prev;
  if (!f) rt_raise(I, EXC_RuntimeError, "no frame is running");
  return f;
}

/* locals() of a frame: a new dict (module level: the globals themselves). */
static Value frame_locals(Interp *I, Frame *f) {
  if (f->ns) return v_incref(v_obj(&f->ns->h));
  if (!f->info) return v_incref(v_obj(&f->globals->h));
  Dict *d = dict_new(I);
  ScopeInfo *si = f->info;
  for (int i = 0; i < si->nlocals; i++) {
    Value v = f->locals[i];
    if (v_is(v, OBJ_CELL)) v = ((CellObj *)v.as.o)->v;
    if (v.tag == V_UNDEF || !si->local_names || !si->local_names[i]) continue;
    Str *k = str_intern(I, si->local_names[i]);
    dict_set_str(I, d, k, v);
    obj_decref(I, &k->h);
  }
  return v_obj(&d->h);
}

NATIVE(bi_globals) {
  (void)argv;
  no_args(I, "globals", argc, kw);
  return v_incref(v_obj(&caller_frame(I)->globals->h));
}

NATIVE(bi_locals) {
  (void)argv;
  no_args(I, "locals", argc, kw);
  return frame_locals(I, caller_frame(I));
}

NATIVE(bi_vars) {
  npos(I, "vars", argc, kw, 0, 1);
  if (argc == 0) return frame_locals(I, caller_frame(I));
  Value out;
  if (!rt_getattr_opt(I, argv[0], I->s.dict, &out))
    rt_raise(I, EXC_TypeError, "vars() argument must have __dict__ attribute");
  return out;
}

static void add_keys(Interp *I, Set *names, Dict *d) {
  if (!d) return;
  for (int64_t i = 0; i < d->nentries; i++)
    if (d->entries[i].key.tag != V_UNDEF && v_is(d->entries[i].key, OBJ_STR))
      set_add(I, names, d->entries[i].key);
}

static void add_class_keys(Interp *I, Set *names, Class *c) {
  if (!c) return;
  if (!c->mro) {
    add_keys(I, names, c->dict);
    return;
  }
  for (int64_t i = 0; i < c->mro->len; i++) add_keys(I, names, AS_CLASS(c->mro->items[i])->dict);
}

/* dir([obj]): the sorted attribute names (best effort: own dictionary plus
 * the class's MRO), or the names of the current scope. */
NATIVE(bi_dir) {
  npos(I, "dir", argc, kw, 0, 1);
  Set *names = set_new(I);
  Value hold = v_obj(&names->h);
  Value v = argc ? argv[0] : v_undef();
  if (argc == 0) { /* the names of the current scope */
    Value l = frame_locals(I, caller_frame(I));
    add_keys(I, names, AS_DICT(l));
    v_decref(I, l);
  } else if (v_is(v, OBJ_MODULE)) {
    add_keys(I, names, AS_MODULE(v)->dict);
  } else if (v_is(v, OBJ_CLASS)) {
    add_class_keys(I, names, AS_CLASS(v));
  } else {
    if (v_is(v, OBJ_INSTANCE)) add_keys(I, names, AS_INST(v)->dict);
    add_class_keys(I, names, rt_class_of(I, v));
  }
  Value l = list_from_iterable(I, hold);
  v_decref(I, hold);
  list_sort(I, AS_LIST(l), v_none(), false);
  return l;
}

/* ---- Numbers ---------------------------------------------------------- */

NATIVE(bi_abs) {
  one_arg(I, "abs", argc, kw);
  Value v = argv[0];
  switch (v.tag) {
  case V_BOOL: return v_int(v.as.b);
  case V_INT:
    if (v.as.i == INT64_MIN) int_overflow(I);
    return v_int(v.as.i < 0 ? -v.as.i : v.as.i);
  case V_FLOAT: return v_float(fabs(v.as.f));
  default: break;
  }
  if (is_cplx(v)) {
    double r = hypot(AS_COMPLEX(v)->re, AS_COMPLEX(v)->im);
    if (isinf(r) && isfinite(AS_COMPLEX(v)->re) && isfinite(AS_COMPLEX(v)->im))
      rt_raise(I, EXC_OverflowError, "absolute value too large");
    return v_float(r);
  }
  Value fn;
  if (v.tag == V_OBJ && rt_find_dunder(I, v, I->s.abs, &fn)) return rt_call1(I, fn, v);
  rt_raise(I, EXC_TypeError, "bad operand type for abs(): '%s'", rt_type_name(I, v));
}

/* Python's floor division and modulo of floats (CPython _float_div_mod). */
static void float_divmod(double vx, double wx, double *floordiv, double *mod) {
  double div;
  *mod = fmod(vx, wx);
  div = (vx - *mod) / wx;
  if (*mod) {
    if ((wx < 0) != (*mod < 0)) {
      *mod += wx;
      div -= 1.0;
    }
  } else {
    *mod = copysign(0.0, wx);
  }
  if (div) {
    *floordiv = floor(div);
    if (div - *floordiv > 0.5) *floordiv += 1.0;
  } else {
    *floordiv = copysign(0.0, vx / wx);
  }
}

NATIVE(bi_divmod) {
  npos(I, "divmod", argc, kw, 2, 2);
  Value a = argv[0], b = argv[1];
  if (is_int(a) && is_int(b)) {
    int64_t x = int_of(a), y = int_of(b);
    if (y == 0) rt_raise(I, EXC_ZeroDivisionError, "integer division or modulo by zero");
    if (x == INT64_MIN && y == -1) int_overflow(I);
    int64_t q = x / y, r = x % y;
    if (r != 0 && ((r < 0) != (y < 0))) {
      r += y;
      q -= 1;
    }
    Value qv = v_int(q), rv = v_int(r);
    return tuple_pack(I, 2, qv, rv);
  }
  bool an = is_int(a) || a.tag == V_FLOAT, bn = is_int(b) || b.tag == V_FLOAT;
  if (an && bn) {
    double x = a.tag == V_FLOAT ? a.as.f : (double)int_of(a);
    double y = b.tag == V_FLOAT ? b.as.f : (double)int_of(b);
    if (y == 0.0) rt_raise(I, EXC_ZeroDivisionError, "float divmod()");
    double q, r;
    float_divmod(x, y, &q, &r);
    Value qv = v_float(q), rv = v_float(r);
    return tuple_pack(I, 2, qv, rv);
  }
  Value fn;
  Str *dm = str_intern(I, "__divmod__"), *rdm = str_intern(I, "__rdivmod__");
  Value res = v_notimpl();
  if (a.tag == V_OBJ && rt_find_dunder(I, a, dm, &fn)) res = rt_call2(I, fn, a, b);
  if (res.tag == V_NOTIMPL && b.tag == V_OBJ && rt_find_dunder(I, b, rdm, &fn))
    res = rt_call2(I, fn, b, a);
  obj_decref(I, &dm->h);
  obj_decref(I, &rdm->h);
  if (res.tag != V_NOTIMPL) return res;
  rt_raise(I, EXC_TypeError, "unsupported operand type(s) for divmod(): '%s' and '%s'",
           rt_type_name(I, a), rt_type_name(I, b));
}

/* base**exp % mod for 64-bit ints, the result taking mod's sign. */
static Value int_powmod(Interp *I, int64_t base, int64_t exp, int64_t mod) {
  if (mod == 0) rt_raise(I, EXC_ValueError, "pow() 3rd argument cannot be 0");
  uint64_t m = mod < 0 ? (uint64_t)0 - (uint64_t)mod : (uint64_t)mod;
  __int128 b = (__int128)base % (__int128)m;
  if (b < 0) b += m;
  uint64_t e;
  if (exp < 0) { /* modular inverse by the extended Euclidean algorithm */
    __int128 r0 = (__int128)m, r1 = b, t0 = 0, t1 = 1;
    while (r1 != 0) {
      __int128 q = r0 / r1, t;
      t = r0 - q * r1; r0 = r1; r1 = t;
      t = t0 - q * t1; t0 = t1; t1 = t;
    }
    if (r0 != 1 && m != 1) rt_raise(I, EXC_ValueError, "base is not invertible for the given modulus");
    b = t0 % (__int128)m;
    if (b < 0) b += m;
    e = (uint64_t)0 - (uint64_t)exp;
  } else {
    e = (uint64_t)exp;
  }
  __int128 r = 1 % (__int128)m;
  while (e) {
    if (e & 1) r = r * b % (__int128)m;
    b = b * b % (__int128)m;
    e >>= 1;
  }
  if (mod < 0 && r != 0) r -= m;
  return v_int((int64_t)r);
}

NATIVE(bi_pow) {
  static const char *const names[] = {"base", "exp", "mod"};
  Value a[3];
  bind(I, "pow", argc, argv, kw, 2, 3, 0, names, a);
  if (is_none(a[2])) return rt_binop(I, OP_POW, a[0], a[1]);
  if (is_int(a[0]) && is_int(a[1]) && is_int(a[2]))
    return int_powmod(I, int_of(a[0]), int_of(a[1]), int_of(a[2]));
  Value fn;
  if (a[0].tag == V_OBJ && rt_find_dunder(I, a[0], I->s.binop[OP_POW], &fn)) {
    Value r = rt_call(I, fn, 3, a, NULL);
    if (r.tag != V_NOTIMPL) return r;
  }
  bool nums = true;
  for (int i = 0; i < 3; i++) nums = nums && (is_int(a[i]) || a[i].tag == V_FLOAT);
  if (nums)
    rt_raise(I, EXC_TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
  rt_raise(I, EXC_TypeError, "unsupported operand type(s) for ** or pow(): '%s', '%s', '%s'",
           rt_type_name(I, a[0]), rt_type_name(I, a[1]), rt_type_name(I, a[2]));
}

/* round(int, n) for n < 0: round half to even at 10**-n. */
static Value int_round(Interp *I, int64_t x, int64_t nd) {
  if (nd >= 0) return v_int(x);
  if (nd < -19) return v_int(0); /* |x| < 0.5 * 10**20 */
  __int128 p = 1;
  for (int64_t i = 0; i < -nd; i++) p *= 10;
  __int128 q = x / p, r = x % p;
  if (r < 0) { r += p; q -= 1; } /* floor division */
  if (2 * r > p || (2 * r == p && (q & 1))) q += 1;
  __int128 res = q * p;
  if (res > INT64_MAX || res < INT64_MIN) int_overflow(I);
  return v_int((int64_t)res);
}

NATIVE(bi_round) {
  static const char *const names[] = {"number", "ndigits"};
  Value a[2];
  bind(I, "round", argc, argv, kw, 1, 2, 0, names, a);
  Value x = a[0], nd = a[1];
  if (x.tag == V_FLOAT) {
    if (is_none(nd)) {
      double d = x.as.f, r = round(d);
      if (fabs(d - r) == 0.5) r = 2.0 * round(d / 2.0);
      return v_int(float_to_int(I, r));
    }
    return v_float(float_round(x.as.f, to_index(I, nd)));
  }
  if (is_int(x)) return is_none(nd) ? v_int(int_of(x)) : int_round(I, int_of(x), to_index(I, nd));
  Value fn;
  if (x.tag == V_OBJ && rt_find_dunder(I, x, I->s.round, &fn))
    return is_none(nd) ? rt_call1(I, fn, x) : rt_call2(I, fn, x, nd);
  rt_raise(I, EXC_TypeError, "type %s doesn't define __round__ method", rt_type_name(I, x));
}

/* ---- Iterables -------------------------------------------------------- */

NATIVE(bi_all) {
  one_arg(I, "all", argc, kw);
  Value it = rt_iter(I, argv[0]), item;
  bool res = true;
  while (res && rt_next(I, it, &item)) res = truthy_consume(I, item);
  v_decref(I, it);
  return v_bool(res);
}

NATIVE(bi_any) {
  one_arg(I, "any", argc, kw);
  Value it = rt_iter(I, argv[0]), item;
  bool res = false;
  while (!res && rt_next(I, it, &item)) res = truthy_consume(I, item);
  v_decref(I, it);
  return v_bool(res);
}

typedef struct MinMax {
  const char *name;
  CmpOp op;
  Value key;           /* borrowed; None for no key */
  Value best, bestkey; /* owned; V_UNDEF until the first item */
} MinMax;

/* Offers one item (owned) to the running min/max; the first of equal
 * items wins, as in CPython. */
static void minmax_offer(Interp *I, MinMax *m, Value item) {
  Value k = is_none(m->key) ? v_incref(item) : rt_call1(I, m->key, item);
  if (m->best.tag == V_UNDEF) {
    m->best = item;
    m->bestkey = k;
  } else if (truthy_consume(I, rt_compare(I, m->op, k, m->bestkey))) {
    v_decref(I, m->best);
    v_decref(I, m->bestkey);
    m->best = item;
    m->bestkey = k;
  } else {
    v_decref(I, item);
    v_decref(I, k);
  }
}

static Value minmax(Interp *I, int argc, Value *argv, KwArgs *kw, bool is_max) {
  MinMax m = {is_max ? "max" : "min", is_max ? CMP_GT : CMP_LT, v_none(), v_undef(), v_undef()};
  Value dflt = v_undef();
  for (int k = 0; kw && k < kw->n; k++) {
    const char *n = kw->names[k]->data;
    if (strcmp(n, "key") == 0) m.key = kw->vals[k];
    else if (strcmp(n, "default") == 0) dflt = kw->vals[k];
    else rt_raise(I, EXC_TypeError, "'%s' is an invalid keyword argument for %s()", n, m.name);
  }
  if (argc == 0) rt_raise(I, EXC_TypeError, "%s expected at least 1 argument, got 0", m.name);
  if (argc > 1) {
    if (dflt.tag != V_UNDEF)
      rt_raise(I, EXC_TypeError,
               "Cannot specify a default for %s() with multiple positional arguments", m.name);
    for (int i = 0; i < argc; i++) minmax_offer(I, &m, v_incref(argv[i]));
  } else {
    Value it = rt_iter(I, argv[0]), item;
    while (rt_next(I, it, &item)) minmax_offer(I, &m, item);
    v_decref(I, it);
  }
  if (m.best.tag == V_UNDEF) {
    if (dflt.tag != V_UNDEF) return v_incref(dflt);
    rt_raise(I, EXC_ValueError, "%s() arg is an empty sequence", m.name);
  }
  v_decref(I, m.bestkey);
  return m.best;
}

NATIVE(bi_max) { return minmax(I, argc, argv, kw, true); }
NATIVE(bi_min) { return minmax(I, argc, argv, kw, false); }

/* sum(iterable, /, start=0), CPython 3.11's algorithm: exact ints in C,
 * then floats added one by one in C (plain addition, no compensation),
 * then the generic + for everything else. */
NATIVE(bi_sum) {
  static const char *const names[] = {"iterable", "start"};
  Value a[2];
  if (argc == 0)
    rt_raise(I, EXC_TypeError, "sum() takes at least 1 positional argument (0 given)");
  bind(I, "sum", argc, argv, kw, 1, 2, 0, names, a);
  Value it = rt_iter(I, a[0]), item;
  Value result = a[1].tag == V_UNDEF ? v_int(0) : v_incref(a[1]);
  if (v_is(result, OBJ_STR)) {
    v_decref(I, it);
    v_decref(I, result);
    rt_raise(I, EXC_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
  }
  bool more = true;
  if (result.tag == V_INT) {
    int64_t acc = result.as.i;
    for (;;) {
      if (!rt_next(I, it, &item)) { more = false; break; }
      int64_t next;
      if (is_int(item) && !__builtin_add_overflow(acc, int_of(item), &next)) {
        acc = next;
        continue;
      }
      result = rt_binop(I, OP_ADD, v_int(acc), item); /* raises on int overflow */
      v_decref(I, item);
      break;
    }
    if (!more) result = v_int(acc);
  }
  if (more && result.tag == V_FLOAT) {
    double f = result.as.f;
    for (;;) {
      if (!rt_next(I, it, &item)) { more = false; break; }
      if (item.tag == V_FLOAT) { f += item.as.f; continue; }
      if (is_int(item)) { f += (double)int_of(item); continue; }
      result = rt_binop(I, OP_ADD, v_float(f), item);
      v_decref(I, item);
      break;
    }
    if (!more) result = v_float(f);
  }
  while (more && rt_next(I, it, &item)) {
    Value r = rt_binop(I, OP_ADD, result, item);
    v_decref(I, result);
    v_decref(I, item);
    result = r;
  }
  v_decref(I, it);
  return result;
}

NATIVE(bi_sorted) {
  graph_check_syntax(I, NULL, "sorted()");
  Value key = v_none();
  bool reverse = false;
  for (int k = 0; kw && k < kw->n; k++) {
    const char *n = kw->names[k]->data;
    if (strcmp(n, "key") == 0) key = kw->vals[k];
    else if (strcmp(n, "reverse") == 0) reverse = to_index(I, kw->vals[k]) != 0;
    else rt_raise(I, EXC_TypeError, "'%s' is an invalid keyword argument for sort()", n);
  }
  if (argc != 1) rt_raise(I, EXC_TypeError, "sorted expected 1 argument, got %d", argc);
  Value l = list_from_iterable(I, argv[0]);
  list_sort(I, AS_LIST(l), key, reverse);
  return l;
}

/* ---- Characters and integer formatting -------------------------------- */

NATIVE(bi_chr) {
  one_arg(I, "chr", argc, kw);
  int64_t c = to_index(I, argv[0]);
  if (c < 0 || c > 0x10FFFF) rt_raise(I, EXC_ValueError, "chr() arg not in range(0x110000)");
  char buf[4];
  int n = utf8_encode((uint32_t)c, buf);
  return v_obj(&str_new(I, buf, (size_t)n)->h);
}

NATIVE(bi_ord) {
  one_arg(I, "ord", argc, kw);
  if (!v_is(argv[0], OBJ_STR))
    rt_raise(I, EXC_TypeError, "ord() expected string of length 1, but %s found",
             rt_type_name(I, argv[0]));
  Str *s = AS_STR(argv[0]);
  if (s->nchars != 1)
    rt_raise(I, EXC_TypeError, "ord() expected a character, but string of length %lld found",
             (long long)s->nchars);
  int n;
  return v_int(utf8_decode(s->data, &n));
}

static Value int_in_base(Interp *I, Value v, int shift, const char *prefix) {
  int64_t x = to_index(I, v);
  uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
  char digits[80];
  int n = 0;
  do {
    digits[n++] = "0123456789abcdef"[u & ((1u << shift) - 1)];
    u >>= shift;
  } while (u);
  Buf b = {0};
  if (x < 0) buf_putc(&b, '-');
  buf_puts(&b, prefix);
  while (n) buf_putc(&b, digits[--n]);
  return v_obj(&str_from_buf(I, &b)->h);
}

NATIVE(bi_bin) { one_arg(I, "bin", argc, kw); return int_in_base(I, argv[0], 1, "0b"); }
NATIVE(bi_oct) { one_arg(I, "oct", argc, kw); return int_in_base(I, argv[0], 3, "0o"); }
NATIVE(bi_hex) { one_arg(I, "hex", argc, kw); return int_in_base(I, argv[0], 4, "0x"); }

/* ---- Process and environment ------------------------------------------ */

/* exit([code]), quit([code]): raise SystemExit like sys.exit. */
static Value do_exit(Interp *I, const char *name, int argc, Value *argv, KwArgs *kw) {
  npos(I, name, argc, kw, 0, 1);
  Value cls = v_obj(&I->exc[EXC_SystemExit]->h);
  Value none = v_none(); /* a non-NULL argv even when there are no arguments */
  exc_raise_owned(I, rt_call(I, cls, argc, argc ? argv : &none, NULL));
}

NATIVE(bi_exit) { return do_exit(I, "exit", argc, argv, kw); }
NATIVE(bi_quit) { return do_exit(I, "quit", argc, argv, kw); }

NATIVE(bi_input) {
  (void)argc, (void)argv, (void)kw;
  rt_raise(I, EXC_NotImplementedError, "input() is not supported by msc");
}

NATIVE(bi_open) {
  (void)argc, (void)argv, (void)kw;
  rt_raise(I, EXC_NotImplementedError, "open() is not supported by msc");
}

/* __import__(name): the top-level package, as CPython returns it. */
NATIVE(bi_import) {
  if (argc < 1 || !v_is(argv[0], OBJ_STR))
    rt_raise(I, EXC_TypeError, "__import__() argument 1 must be str");
  (void)kw;
  const char *name = AS_STR(argv[0])->data;
  Value leaf = rt_import(I, name);
  const char *dot = strchr(name, '.');
  if (!dot) return leaf;
  v_decref(I, leaf);
  char *top = xstrndup(name, (size_t)(dot - name));
  Str *key = str_intern(I, top);
  free(top);
  Value m = dict_get_str(I, I->modules, key);
  obj_decref(I, &key->h);
  return v_incref(m);
}

/* ---- Registration ----------------------------------------------------- */

static const struct {
  const char *name;
  NativeFn fn;
} builtin_table[] = {
    {"print", bi_print},       {"len", bi_len},           {"isinstance", bi_isinstance},
    {"issubclass", bi_issubclass}, {"repr", bi_repr},     {"ascii", bi_ascii},
    {"abs", bi_abs},           {"min", bi_min},           {"max", bi_max},
    {"sum", bi_sum},           {"sorted", bi_sorted},     {"round", bi_round},
    {"divmod", bi_divmod},     {"pow", bi_pow},           {"all", bi_all},
    {"any", bi_any},           {"getattr", bi_getattr},   {"setattr", bi_setattr},
    {"hasattr", bi_hasattr},   {"delattr", bi_delattr},   {"callable", bi_callable},
    {"format", bi_format},     {"hash", bi_hash},         {"id", bi_id},
    {"chr", bi_chr},           {"ord", bi_ord},           {"bin", bi_bin},
    {"oct", bi_oct},           {"hex", bi_hex},           {"vars", bi_vars},
    {"dir", bi_dir},           {"input", bi_input},       {"open", bi_open},
    {"exit", bi_exit},         {"quit", bi_quit},         {"__import__", bi_import},
    {"globals", bi_globals},   {"locals", bi_locals},
};

static void set_builtin(Interp *I, const char *name, Value v) {
  Str *k = str_intern(I, name);
  dict_set_str(I, I->builtins, k, v);
  obj_decref(I, &k->h);
}

void builtins_init(Interp *I) {
  for (size_t i = 0; i < sizeof builtin_table / sizeof builtin_table[0]; i++)
    dict_add_native(I, I->builtins, builtin_table[i].name, builtin_table[i].fn);
  set_builtin(I, "NotImplemented", v_notimpl());
  set_builtin(I, "Ellipsis", v_ellipsis());
}
