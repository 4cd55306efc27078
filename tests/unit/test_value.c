/* test_value.c — unit tests of the value layer (eval/value.c str.c num.c
 * format.c list.c dict.c iter.c proto.c): float repr, format specs, str
 * methods, dict/set tables, sorting, integer overflow, division signs,
 * hashing, slices, error messages, and refcount leaks (each test ends by
 * checking that no object is referenced from outside the object graph).
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

#include "../../eval/value.h"
#include "unit.h"

/* ERR() puts a setjmp in the test functions; the locals it reads after a
 * longjmp are never modified after the setjmp, so this warning is noise. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

static Interp *I;
static int64_t base_leaks;

static void setup(void) {
  if (!I) {
    I = interp_new(0, NULL);
    base_leaks = gc_leak_count(I, false);
  }
}

/* Holds results so that the tests can compare C strings and free later. */
static char *reprs[64];
static int nreprs;

static const char *keep(Str *s) {
  if (nreprs == 64) {
    for (int i = 0; i < nreprs; i++) free(reprs[i]);
    nreprs = 0;
  }
  reprs[nreprs] = xstrndup(s->data, (size_t)s->len);
  obj_decref(I, &s->h);
  return reprs[nreprs++];
}

/* repr of v, which is consumed (a new reference). */
static const char *R(Value v) {
  Str *s = rt_repr(I, v);
  v_decref(I, v);
  return keep(s);
}

/* Temporaries of a test, released by drop() at its end. */
static Value pool[256];
static int npool;

static Value P(Value v) {
  if (npool == 256) die("test pool full");
  pool[npool++] = v;
  return v;
}

static void drop(void) {
  while (npool) v_decref(I, pool[--npool]);
}

/* A pooled str. */
static Value S(const char *s) { return P(v_obj(&str_from_c(I, s)->h)); }

/* Calls the built-in method self.name(args...) with n positional
 * arguments (borrowed), straight through its native function. */
static Value M(Value self, const char *name, int n, ...) {
  Value argv[9];
  va_list ap;
  va_start(ap, n);
  argv[0] = self;
  for (int i = 0; i < n; i++) argv[i + 1] = va_arg(ap, Value);
  va_end(ap);
  Str *nm = str_intern(I, name);
  Value f = class_lookup(I, rt_class_of(I, self), nm);
  obj_decref(I, &nm->h);
  if (!v_is(f, OBJ_NATIVE)) die("no native method %s", name);
  return AS_NATIVE(f)->fn(I, n + 1, argv, NULL);
}

static Value S(const char *s);

static const char *FMT(Value v, const char *spec) { return keep(rt_format(I, v, AS_STR(S(spec)))); }

static const char *FREPR(double d) {
  Buf b = {0};
  float_repr(&b, d);
  static char out[8][64];
  static int k;
  k = (k + 1) % 8;
  snprintf(out[k], sizeof out[k], "%s", b.data);
  buf_free(&b);
  return out[k];
}

/* The message of the exception raised by the statement, "" if none; the
 * exception must be of kind `kind`. */
static char errbuf[512];
#define ERR(kind, stmt)                                                     \
  (errbuf[0] = 0, err_catch(kind, #stmt, ({                                 \
     Catch c_;                                                              \
     volatile int raised_ = 1;                                              \
     if (RT_TRY(I, &c_)) {                                                  \
       stmt;                                                                \
       rt_catch_pop(I, &c_);                                                \
       raised_ = 0;                                                         \
     }                                                                      \
     raised_;                                                               \
   })))

static const char *err_catch(ExcKind kind, const char *what, int raised) {
  if (!raised) {
    UNIT_FAIL("no exception from %s", what);
    return "";
  }
  Value e = CUR_EXC(I);
  CUR_EXC(I) = v_undef();
  if (!rt_exc_matches(I, e, kind)) UNIT_FAIL("wrong exception kind from %s: %s", what, rt_type_name(I, e));
  Str *s = rt_str(I, e);
  snprintf(errbuf, sizeof errbuf, "%s", s->data);
  obj_decref(I, &s->h);
  v_decref(I, e);
  return errbuf;
}

static void check_leaks(void) {
  drop();
  int64_t n = gc_leak_count(I, false);
  if (n != base_leaks) {
    gc_leak_count(I, true);
    UNIT_FAIL("refcount leak: %lld objects referenced from outside (baseline %lld)", (long long)n,
              (long long)base_leaks);
  }
}

TEST(float_repr_cpython) {
  setup();
  ASSERT_STR("0.1", FREPR(0.1));
  ASSERT_STR("0.3333333333333333", FREPR(1.0 / 3));
  ASSERT_STR("0.30000000000000004", FREPR(0.1 + 0.2));
  ASSERT_STR("1e+16", FREPR(1e16));
  ASSERT_STR("1000000000000000.0", FREPR(1e15));
  ASSERT_STR("1e-05", FREPR(1e-5));
  ASSERT_STR("0.0001", FREPR(1e-4));
  ASSERT_STR("5e-324", FREPR(5e-324));
  ASSERT_STR("1.7976931348623157e+308", FREPR(1.7976931348623157e308));
  ASSERT_STR("1.2345678901234568e+17", FREPR(123456789012345678.0));
  ASSERT_STR("-0.0", FREPR(-0.0));
  ASSERT_STR("0.0", FREPR(0.0));
  ASSERT_STR("inf", FREPR(INFINITY));
  ASSERT_STR("-inf", FREPR(-INFINITY));
  ASSERT_STR("nan", FREPR(NAN));
  ASSERT_STR("2.5", FREPR(2.5));
  ASSERT_STR("100.0", FREPR(100.0));
  ASSERT_STR("1.5e+300", FREPR(1.5e300));
  ASSERT_STR("1e+22", FREPR(1e22));
  ASSERT_STR("9007199254740992.0", FREPR(9007199254740992.0));
  ASSERT_STR("1.23456789e-07", FREPR(1.23456789e-7));
  ASSERT_STR("-123.456", FREPR(-123.456));
}

TEST(float_round_half_even) {
  setup();
  ASSERT(float_round(2.675, 2) == 2.67);
  ASSERT(float_round(0.125, 2) == 0.12);
  ASSERT(float_round(0.375, 2) == 0.38);
  ASSERT(float_round(2.5, 0) == 2.0);
  ASSERT(float_round(3.5, 0) == 4.0);
  ASSERT(float_round(-2.5, 0) == -2.0);
  ASSERT(float_round(1234.5678, -2) == 1200.0);
  ASSERT(float_round(1250.0, -2) == 1200.0);
  ASSERT(float_round(1350.0, -2) == 1400.0);
  ASSERT(signbit(float_round(-0.4, 0)));
}

TEST(format_spec) {
  setup();
  ASSERT_STR("True", FMT(v_bool(true), ""));
  ASSERT_STR("    1", FMT(v_bool(true), ">5"));
  ASSERT_STR("0xff", FMT(v_int(255), "#x"));
  ASSERT_STR("0o377", FMT(v_int(255), "#o"));
  ASSERT_STR("0b101", FMT(v_int(5), "#b"));
  ASSERT_STR("-0000005", FMT(v_int(-5), "08d"));
  ASSERT_STR("-      5", FMT(v_int(-5), "=8"));
  ASSERT_STR("1,234,567", FMT(v_int(1234567), ","));
  ASSERT_STR("1_234_567", FMT(v_int(1234567), "_"));
  ASSERT_STR("1111_1111_1111_1111_1111_1111_1111_1111", FMT(v_int(0xffffffff), "_b"));
  ASSERT_STR("0,000,000,001,234,567", FMT(v_int(1234567), "020,"));
  ASSERT_STR("A", FMT(v_int(65), "c"));
  ASSERT_STR("0x0000000c", FMT(v_int(12), "#010x"));
  ASSERT_STR("+0xc", FMT(v_int(12), "+#x"));
  ASSERT_STR("123.46", FMT(v_float(123.456), ".2f"));
  ASSERT_STR("1.23e+02", FMT(v_float(123.456), ".2e"));
  ASSERT_STR("1.23457e+08", FMT(v_float(123456789.0), "g"));
  ASSERT_STR("2", FMT(v_float(2.5), ".0f"));
  ASSERT_STR("1.00", FMT(v_float(1.0), "#.3g"));
  ASSERT_STR("50.0%", FMT(v_float(0.5), ".1%"));
  ASSERT_STR("1,234.50", FMT(v_float(1234.5), ",.2f"));
  ASSERT_STR("0.0", FMT(v_float(-0.0), "z.1f"));
  ASSERT_STR("0000000inf", FMT(v_float(INFINITY), "010f"));
  ASSERT_STR("NAN", FMT(v_float(NAN), "F"));
  ASSERT_STR("***1.50****", FMT(v_float(1.5), "*^11.2f"));
  ASSERT_STR("1.23e+04", FMT(v_float(12345.678), ".3"));
  ASSERT_STR("1.0", FMT(v_float(1.0), ".3"));
  ASSERT_STR("1e+16", FMT(v_float(1e16), ","));
  ASSERT_STR("12,345.6789", FMT(v_float(12345.6789), ","));
  ASSERT_STR("       1.5", FMT(v_float(1.5), "10"));
  ASSERT_STR("3.0", FMT(v_int(3), ".1f"));
  ASSERT_STR("300.000000%", FMT(v_int(3), "%"));
  Value abc = S("abc");
  ASSERT_STR("   abc    ", FMT(abc, "^10"));
  ASSERT_STR("ab        ", FMT(abc, "10.2"));
  ASSERT_STR("abc*******", FMT(abc, "*<10"));
  ASSERT_STR("abc00", FMT(abc, "05"));
  ASSERT_STR("Unknown format code 'd' for object of type 'float'", ERR(EXC_ValueError, FMT(v_float(1.5), "d")));
  ASSERT_STR("Unknown format code 'd' for object of type 'str'", ERR(EXC_ValueError, FMT(abc, "d")));
  ASSERT_STR("Precision not allowed in integer format specifier", ERR(EXC_ValueError, FMT(v_int(1), ".2")));
  ASSERT_STR("Cannot specify ',' with 'x'.", ERR(EXC_ValueError, FMT(v_int(1), ",x")));
  ASSERT_STR("Cannot specify both ',' and '_'.", ERR(EXC_ValueError, FMT(v_int(1), ",_")));
  ASSERT_STR("Invalid format specifier 'invalid' for object of type 'int'", ERR(EXC_ValueError, FMT(v_int(1), "invalid")));
  ASSERT_STR("'=' alignment not allowed in string format specifier", ERR(EXC_ValueError, FMT(abc, "=5")));
  ASSERT_STR("Sign not allowed in string format specifier", ERR(EXC_ValueError, FMT(abc, "+")));
  ASSERT_STR("unsupported format string passed to NoneType.__format__", ERR(EXC_TypeError, FMT(v_none(), ">5")));
  ASSERT_STR("None", FMT(v_none(), ""));
  check_leaks();
}

TEST(str_methods) {
  setup();
  Value s = S("  Hello World  "), dash = S("-"), l = S("l"), abc = S("a-b-c"), one = v_int(1);
  ASSERT_STR("'Hello World'", R(M(s, "strip", 0)));
  ASSERT_STR("'  HELLO WORLD  '", R(M(s, "upper", 0)));
  ASSERT_STR("['Hello', 'World']", R(M(s, "split", 0)));
  ASSERT_STR("['a', 'b-c']", R(M(abc, "split", 2, dash, one)));
  ASSERT_STR("['a-b', 'c']", R(M(abc, "rsplit", 2, dash, one)));
  ASSERT_STR("('a', '-', 'b-c')", R(M(abc, "partition", 1, dash)));
  ASSERT_STR("'a+b+c'", R(M(abc, "replace", 2, dash, S("+"))));
  ASSERT_STR("2", R(M(abc, "count", 1, dash)));
  ASSERT_STR("3", R(M(abc, "rfind", 1, dash)));
  ASSERT_STR("4", R(M(s, "find", 1, l)));
  ASSERT_STR("True", R(M(s, "startswith", 1, S(" "))));
  ASSERT_STR("'  Hello World  '", R(M(s, "center", 1, v_int(5))));
  ASSERT_STR("'-0042'", R(M(S("-42"), "zfill", 1, v_int(5))));
  Value parts = P(list_from_iterable(I, abc));
  ASSERT_STR("'a---b---c'", R(M(dash, "join", 1, parts)));
  ASSERT_STR("'Hello World'", R(M(S("hello world"), "title", 0)));
  ASSERT_STR("'strasse'", R(M(S("straße"), "casefold", 0)));
  ASSERT_STR("['a', 'b ']", R(M(S(" a b "), "split", 2, v_none(), one)));
  ASSERT_STR("['a', 'b', '']", R(M(S("a\nb\r\n\n"), "splitlines", 0)));
  ASSERT_STR("5", R(M(S("héllo"), "__len__", 0)));
  ASSERT_STR("'é'", R(rt_getitem(I, S("héllo"), v_int(1))));
  ASSERT_STR("'ollèh'", R(rt_getitem(I, S("hèllo"), P(slice_new(I, v_none(), v_none(), v_int(-1))))));
  ASSERT_STR("substring not found", ERR(EXC_ValueError, M(abc, "index", 1, S("z"))));
  ASSERT_STR("empty separator", ERR(EXC_ValueError, M(abc, "split", 1, S(""))));
  Value bad = P(tuple_pack(I, 2, abc, v_int(3)));
  ASSERT_STR("sequence item 1: expected str instance, int found", ERR(EXC_TypeError, M(dash, "join", 1, bad)));
  ASSERT_STR("'in <string>' requires string as left operand, not int", ERR(EXC_TypeError, rt_contains(I, abc, one)));
  check_leaks();
}

TEST(str_format_and_mod) {
  setup();
  Value f = S("{0}{1}{0}|{:>{w}}");
  ASSERT_STR("cannot switch from manual field specification to automatic field numbering",
             ERR(EXC_ValueError, M(f, "format", 2, S("a"), S("b"))));
  ASSERT_STR("'a|  1.50|a'", R(M(S("{0}|{1:6.2f}|{0[0]}"), "format", 2, S("a"), v_float(1.5))));
  Str *fmt = (Str *)S("%5.2f|%-4d|%s|%r|%x|%%").as.o;
  Value args = P(tuple_pack(I, 5, v_float(3.14159), v_int(42), v_none(), v_bool(true), v_int(255)));
  ASSERT_STR("' 3.14|42  |None|True|ff|%'", R(v_obj(&str_mod(I, fmt, args)->h)));
  Str *fmt2 = (Str *)S("%s %s").as.o;
  Value one = P(tuple_pack(I, 1, v_int(1)));
  ASSERT_STR("not enough arguments for format string", ERR(EXC_TypeError, str_mod(I, fmt2, one)));
  ASSERT_STR("%d format: a real number is required, not str", ERR(EXC_TypeError, str_mod(I, (Str *)S("%d").as.o, S("a"))));
  check_leaks();
}

TEST(str_repr_quotes) {
  setup();
  ASSERT_STR("\"it's\"", R(v_incref(S("it's"))));
  ASSERT_STR("'a\"b'", R(v_incref(S("a\"b"))));
  ASSERT_STR("'a\\'b\"c'", R(v_incref(S("a'b\"c"))));
  ASSERT_STR("'tab\\there\\n'", R(v_incref(S("tab\there\n"))));
  ASSERT_STR("'\\x7f\\x80é'", R(v_incref(S("\x7f" "\xc2\x80" "é"))));
  check_leaks();
}

TEST(dict_insert_delete_resize_order) {
  setup();
  Dict *d = (Dict *)P(v_obj(&dict_new(I)->h)).as.o;
  for (int i = 0; i < 1000; i++) dict_set(I, d, v_int(i), v_int(i * i));
  for (int i = 0; i < 1000; i += 3) ASSERT(dict_del(I, d, v_int(i)));
  ASSERT_INT(666, d->len);
  ASSERT(dict_get(I, d, v_int(3)).tag == V_UNDEF);
  ASSERT_INT(16, dict_get(I, d, v_int(4)).as.i);
  /* 1, 1.0 and True are one key */
  ASSERT_INT(1, dict_get(I, d, v_float(1.0)).as.i);
  ASSERT_INT(1, dict_get(I, d, v_bool(true)).as.i);
  /* insertion order; a deleted key comes back at the end */
  dict_set(I, d, v_int(0), v_int(-1));
  Value keys = P(list_from_iterable(I, v_obj(&d->h)));
  ASSERT_INT(1, AS_LIST(keys)->items[0].as.i);
  ASSERT_INT(0, AS_LIST(keys)->items[AS_LIST(keys)->len - 1].as.i);
  Dict *e = (Dict *)P(v_obj(&dict_new(I)->h)).as.o;
  dict_set(I, e, S("a"), v_int(1));
  ASSERT_STR("{'a': 1}", R(v_incref(v_obj(&e->h))));
  ASSERT_STR("'zz'", ERR(EXC_KeyError, rt_getitem(I, v_obj(&e->h), S("zz"))));
  ASSERT_STR("unhashable type: 'list'", ERR(EXC_TypeError, dict_set(I, d, P(v_obj(&list_new(I, 0)->h)), v_none())));
  ASSERT_STR("dict_keys(['a'])", R(M(v_obj(&e->h), "keys", 0)));
  ASSERT_STR("('a', 1)", R(M(v_obj(&e->h), "popitem", 0)));
  ASSERT_STR("'popitem(): dictionary is empty'", ERR(EXC_KeyError, M(v_obj(&e->h), "popitem", 0)));
  /* many popitems stay consistent */
  for (int i = 0; i < 600; i++) v_decref(I, M(v_obj(&d->h), "popitem", 0));
  ASSERT_INT(67, d->len);
  check_leaks();
}

TEST(set_order_like_cpython) {
  setup();
  Set *s = (Set *)P(v_obj(&set_new(I)->h)).as.o;
  set_add(I, s, v_int(3));
  set_add(I, s, v_int(1));
  set_add(I, s, v_int(2));
  set_add(I, s, v_int(1));
  ASSERT_STR("{1, 2, 3}", R(v_incref(v_obj(&s->h))));
  ASSERT_STR("set()", R(v_obj(&set_new(I)->h)));
  Set *t = (Set *)P(v_obj(&set_new(I)->h)).as.o;
  for (int i = 0; i < 40; i += 3) set_add(I, t, v_int(i));
  ASSERT_STR("{3}", R(rt_binop(I, OP_BITAND, v_obj(&s->h), v_obj(&t->h))));
  ASSERT_STR("{1, 2}", R(rt_binop(I, OP_SUB, v_obj(&s->h), v_obj(&t->h))));
  ASSERT_STR("1", R(M(v_obj(&s->h), "pop", 0)));
  ASSERT_STR("2", R(M(v_obj(&s->h), "pop", 0)));
  check_leaks();
}

static Value key_first(Interp *In, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  (void)argc;
  return rt_getitem(In, argv[0], v_int(0));
}

TEST(list_sort_stable) {
  setup();
  List *l = (List *)P(v_obj(&list_new(I, 0)->h)).as.o;
  int keys[] = {3, 1, 2, 1, 3, 2, 1};
  for (int i = 0; i < 7; i++) list_append(I, l, P(tuple_pack(I, 2, v_int(keys[i]), v_int(i))));
  Value key = P(native_new(I, "key", key_first));
  list_sort(I, l, key, false);
  ASSERT_STR("[(1, 1), (1, 3), (1, 6), (2, 2), (2, 5), (3, 0), (3, 4)]", R(v_incref(v_obj(&l->h))));
  list_sort(I, l, key, true);
  ASSERT_STR("[(3, 0), (3, 4), (2, 2), (2, 5), (1, 1), (1, 3), (1, 6)]", R(v_incref(v_obj(&l->h))));
  List *big = (List *)P(v_obj(&list_new(I, 0)->h)).as.o;
  for (int i = 0; i < 5000; i++) list_append(I, big, v_int((i * 7919) % 5003));
  list_sort(I, big, v_none(), false);
  bool sorted = true;
  for (int i = 1; i < 5000; i++) sorted &= big->items[i - 1].as.i <= big->items[i].as.i;
  ASSERT(sorted);
  list_append(I, big, S("x"));
  ASSERT_STR("'<' not supported between instances of 'str' and 'int'", ERR(EXC_TypeError, list_sort(I, big, v_none(), false)));
  ASSERT_INT(5001, big->len); /* restored after the failed sort */
  check_leaks();
}

TEST(int_overflow) {
  setup();
  const char *msg = "integer overflow: result does not fit in 64 bits (msc integers are 64-bit)";
  ASSERT_STR(msg, ERR(EXC_OverflowError, rt_binop(I, OP_ADD, v_int(INT64_MAX), v_int(1))));
  ASSERT_STR(msg, ERR(EXC_OverflowError, rt_binop(I, OP_MUL, v_int(INT64_MAX / 2 + 1), v_int(2))));
  ASSERT_STR(msg, ERR(EXC_OverflowError, rt_binop(I, OP_POW, v_int(2), v_int(63))));
  ASSERT_STR(msg, ERR(EXC_OverflowError, rt_binop(I, OP_LSHIFT, v_int(1), v_int(63))));
  ASSERT_STR(msg, ERR(EXC_OverflowError, rt_unary(I, UOP_NEG, v_int(INT64_MIN))));
  ASSERT_STR(msg, ERR(EXC_OverflowError, rt_binop(I, OP_FLOORDIV, v_int(INT64_MIN), v_int(-1))));
  ASSERT_INT(INT64_MIN, rt_binop(I, OP_SUB, v_int(INT64_MIN + 1), v_int(1)).as.i);
  ASSERT_INT((int64_t)1 << 62, rt_binop(I, OP_POW, v_int(2), v_int(62)).as.i);
  ASSERT_INT(-1, rt_binop(I, OP_RSHIFT, v_int(-5), v_int(70)).as.i);
  ASSERT_STR("negative shift count", ERR(EXC_ValueError, rt_binop(I, OP_RSHIFT, v_int(1), v_int(-1))));
  check_leaks();
}

TEST(division_signs) {
  setup();
  ASSERT_INT(-4, rt_binop(I, OP_FLOORDIV, v_int(7), v_int(-2)).as.i);
  ASSERT_INT(-1, rt_binop(I, OP_MOD, v_int(7), v_int(-2)).as.i);
  ASSERT_INT(2, rt_binop(I, OP_MOD, v_int(-7), v_int(3)).as.i);
  ASSERT(rt_binop(I, OP_FLOORDIV, v_float(-7.0), v_float(2.0)).as.f == -4.0);
  ASSERT(rt_binop(I, OP_MOD, v_float(7.0), v_float(-2.0)).as.f == -1.0);
  ASSERT(rt_binop(I, OP_MOD, v_int(7), v_float(-2.5)).as.f == -0.5);
  ASSERT(rt_binop(I, OP_DIV, v_int(10), v_int(4)).as.f == 2.5);
  ASSERT(rt_binop(I, OP_POW, v_int(2), v_int(-2)).as.f == 0.25);
  ASSERT(rt_binop(I, OP_BITAND, v_bool(true), v_bool(true)).tag == V_BOOL);
  ASSERT(rt_binop(I, OP_ADD, v_bool(true), v_bool(true)).as.i == 2);
  ASSERT_STR("division by zero", ERR(EXC_ZeroDivisionError, rt_binop(I, OP_DIV, v_int(1), v_int(0))));
  ASSERT_STR("integer division or modulo by zero", ERR(EXC_ZeroDivisionError, rt_binop(I, OP_FLOORDIV, v_int(1), v_int(0))));
  ASSERT_STR("integer modulo by zero", ERR(EXC_ZeroDivisionError, rt_binop(I, OP_MOD, v_int(1), v_int(0))));
  ASSERT_STR("float division by zero", ERR(EXC_ZeroDivisionError, rt_binop(I, OP_DIV, v_float(1), v_int(0))));
  ASSERT_STR("float floor division by zero", ERR(EXC_ZeroDivisionError, rt_binop(I, OP_FLOORDIV, v_float(1), v_int(0))));
  ASSERT_STR("float modulo", ERR(EXC_ZeroDivisionError, rt_binop(I, OP_MOD, v_float(1), v_float(0))));
  ASSERT_STR("0.0 cannot be raised to a negative power", ERR(EXC_ZeroDivisionError, rt_binop(I, OP_POW, v_int(0), v_int(-1))));
  ASSERT_STR("unsupported operand type(s) for +: 'int' and 'str'", ERR(EXC_TypeError, rt_binop(I, OP_ADD, v_int(1), S("a"))));
  ASSERT_STR("can only concatenate str (not \"int\") to str", ERR(EXC_TypeError, rt_binop(I, OP_ADD, S("a"), v_int(1))));
  ASSERT_STR("'<' not supported between instances of 'int' and 'str'", ERR(EXC_TypeError, rt_compare(I, CMP_LT, v_int(1), S("a"))));
  ASSERT_STR("bad operand type for unary -: 'str'", ERR(EXC_TypeError, rt_unary(I, UOP_NEG, S("a"))));
  check_leaks();
}

TEST(compare_int_float_exact) {
  setup();
  ASSERT(!rt_eq(I, v_int(9007199254740993), v_float(9007199254740992.0)));
  ASSERT(rt_compare(I, CMP_GT, v_int(9007199254740993), v_float(9007199254740992.0)).as.b);
  ASSERT(rt_compare(I, CMP_LT, v_int(INT64_MAX), v_float(9223372036854775808.0)).as.b);
  ASSERT(rt_eq(I, v_int(1), v_float(1.0)));
  ASSERT(!rt_eq(I, v_float(NAN), v_float(NAN)));
  Value a = P(tuple_pack(I, 2, v_int(1), S("b"))), b = P(tuple_pack(I, 2, v_int(1), S("c")));
  ASSERT(rt_compare(I, CMP_LT, a, b).as.b);
  ASSERT(!rt_eq(I, a, b));
  check_leaks();
}

TEST(hashing) {
  setup();
  ASSERT(rt_hash(I, v_int(1)) == rt_hash(I, v_float(1.0)));
  ASSERT(rt_hash(I, v_int(1)) == rt_hash(I, v_bool(true)));
  ASSERT_INT(-2, (int64_t)rt_hash(I, v_int(-1)));
  ASSERT_INT(1152921504606846976, (int64_t)rt_hash(I, v_float(0.5)));
  ASSERT_INT(230584300921369408, (int64_t)rt_hash(I, v_float(0.1)));
  ASSERT_INT(-3550055125485641917, (int64_t)rt_hash(I, P(tuple_pack(I, 2, v_int(1), v_int(2)))));
  ASSERT_INT(5740354900026072187, (int64_t)rt_hash(I, P(v_obj(&tuple_new(I, 0)->h))));
  ASSERT(rt_hash(I, S("abc")) == rt_hash(I, S("abc")));
  ASSERT_STR("unhashable type: 'dict'", ERR(EXC_TypeError, rt_hash(I, P(v_obj(&dict_new(I)->h)))));
  check_leaks();
}

TEST(slices) {
  setup();
  int64_t start, stop, step;
  Value s = P(slice_new(I, v_none(), v_none(), v_int(-1)));
  ASSERT_INT(4, slice_indices(I, (Slice *)s.as.o, 4, &start, &stop, &step));
  ASSERT_INT(3, start);
  ASSERT_INT(-1, stop);
  ASSERT_INT(-1, step);
  s = P(slice_new(I, v_int(-100), v_int(100), v_int(3)));
  ASSERT_INT(4, slice_indices(I, (Slice *)s.as.o, 10, &start, &stop, &step));
  ASSERT_INT(0, start);
  ASSERT_INT(10, stop);
  s = P(slice_new(I, v_int(1), v_int(2), v_int(0)));
  ASSERT_STR("slice step cannot be zero", ERR(EXC_ValueError, slice_indices(I, (Slice *)s.as.o, 3, &start, &stop, &step)));
  Value r = P(range_new(I, 10, 0, -2));
  ASSERT_STR("range(10, 0, -2)", R(v_incref(r)));
  ASSERT_INT(5, rt_len(I, r));
  ASSERT_STR("range(8, 4, -2)", R(rt_getitem(I, r, P(slice_new(I, v_int(1), v_int(3), v_none())))));
  ASSERT_STR("range object index out of range", ERR(EXC_IndexError, rt_getitem(I, r, v_int(5))));
  List *l = (List *)P(v_obj(&list_new(I, 0)->h)).as.o;
  for (int i = 0; i < 5; i++) list_append(I, l, v_int(i));
  Value ext = P(slice_new(I, v_none(), v_none(), v_int(2)));
  Value two = P(tuple_pack(I, 2, v_int(7), v_int(8)));
  ASSERT_STR("attempt to assign sequence of size 2 to extended slice of size 3",
             ERR(EXC_ValueError, rt_setitem(I, v_obj(&l->h), ext, two)));
  rt_delitem(I, v_obj(&l->h), ext);
  ASSERT_STR("[1, 3]", R(v_incref(v_obj(&l->h))));
  rt_setitem(I, v_obj(&l->h), P(slice_new(I, v_int(1), v_int(1), v_none())), two);
  ASSERT_STR("[1, 7, 8, 3]", R(v_incref(v_obj(&l->h))));
  ASSERT_STR("list index out of range", ERR(EXC_IndexError, rt_getitem(I, v_obj(&l->h), v_int(4))));
  ASSERT_STR("list indices must be integers or slices, not str", ERR(EXC_TypeError, rt_getitem(I, v_obj(&l->h), S("a"))));
  ASSERT_STR("tuple index out of range", ERR(EXC_IndexError, rt_getitem(I, two, v_int(-3))));
  ASSERT_STR("string index out of range", ERR(EXC_IndexError, rt_getitem(I, S("ab"), v_int(2))));
  ASSERT_STR("'tuple' object does not support item assignment", ERR(EXC_TypeError, rt_setitem(I, two, v_int(0), v_int(1))));
  ASSERT_STR("'int' object is not subscriptable", ERR(EXC_TypeError, rt_getitem(I, v_int(1), v_int(0))));
  ASSERT_STR("object of type 'int' has no len()", ERR(EXC_TypeError, rt_len(I, v_int(1))));
  check_leaks();
}

TEST(constructors) {
  setup();
  Class *ic = I->cls[CLS_INT], *fc = I->cls[CLS_FLOAT];
  Value args[2] = {S(" -0x1f "), v_int(0)};
  ASSERT_INT(-31, ic->ctor(I, 2, args, NULL).as.i);
  Value x = S("x");
  ASSERT_STR("invalid literal for int() with base 10: 'x'", ERR(EXC_ValueError, ic->ctor(I, 1, &x, NULL)));
  ASSERT_STR("could not convert string to float: 'x'", ERR(EXC_ValueError, fc->ctor(I, 1, &x, NULL)));
  Value inf = S(" -Infinity ");
  ASSERT(fc->ctor(I, 1, &inf, NULL).as.f == -INFINITY);
  Value big = v_float(1e300);
  ASSERT_STR("integer overflow: result does not fit in 64 bits (msc integers are 64-bit)",
             ERR(EXC_OverflowError, ic->ctor(I, 1, &big, NULL)));
  Value nan = v_float(NAN);
  ASSERT_STR("cannot convert float NaN to integer", ERR(EXC_ValueError, ic->ctor(I, 1, &nan, NULL)));
  Value rargs[3] = {v_int(1), v_int(2), v_int(0)};
  ASSERT_STR("range() arg 3 must not be zero", ERR(EXC_ValueError, I->cls[OBJ_RANGE]->ctor(I, 3, rargs, NULL)));
  Value one = v_int(1);
  ASSERT_STR("<class 'int'>", R(I->cls[CLS_TYPE]->ctor(I, 1, &one, NULL)));
  Value rng = P(range_new(I, 0, 3, 1));
  ASSERT_STR("[0, 1, 2]", R(I->cls[OBJ_LIST]->ctor(I, 1, &rng, NULL)));
  check_leaks();
}

TEST(iterators) {
  setup();
  Value l = P(list_from_iterable(I, P(range_new(I, 0, 3, 1))));
  Value it = P(rt_iter(I, l));
  ASSERT(rt_iter(I, it).as.o == it.as.o);
  v_decref(I, it); /* the extra reference from rt_iter(it) */
  Value x;
  ASSERT(rt_next(I, it, &x) && x.as.i == 0);
  ASSERT_STR("[1, 2]", R(list_from_iterable(I, it)));
  ASSERT(!rt_next(I, it, &x));
  Dict *d = (Dict *)P(v_obj(&dict_new(I)->h)).as.o;
  dict_set(I, d, v_int(1), v_int(2));
  Value di = P(rt_iter(I, v_obj(&d->h)));
  dict_set(I, d, v_int(3), v_int(4));
  ASSERT_STR("dictionary changed size during iteration", ERR(EXC_RuntimeError, rt_next(I, di, &x)));
  ASSERT_STR("'int' object is not iterable", ERR(EXC_TypeError, rt_iter(I, v_int(1))));
  check_leaks();
}

TEST(no_leaks_at_end) {
  setup();
  check_leaks();
  interp_free(I);
  I = NULL;
  for (int i = 0; i < nreprs; i++) free(reprs[i]);
  nreprs = 0;
}

UNIT_MAIN()
