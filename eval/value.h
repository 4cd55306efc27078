/* value.h — the interpreter's object model: values, objects, the runtime
 * protocol (repr, hash, compare, operators, iteration, calls, attributes)
 * and exceptions, as seen from outside eval/: the types, and the functions
 * ir/exec.c, driver/ and tests/unit/ use. eval/'s files share the rest of
 * the protocol (calls, attributes, natives, classes, ...) through
 * valpriv.h, which includes this header.
 *
 * Values. A Value is a 16-byte tagged union: None, bool, int (64-bit; any
 * overflow raises OverflowError, never UB) and float are unboxed; everything
 * else is a reference-counted heap Obj.
 *
 * Ownership (CPython's convention):
 *   - functions returning a Value or Obj* return a NEW reference, unless the
 *     comment says "borrowed";
 *   - arguments are BORROWED: a callee that keeps one increfs it;
 *   - containers own their items (list_append increfs the item).
 * Every Obj is also on a global list (Interp.gc_head) so that cycles left at
 * exit, and objects dropped when an exception unwinds the C stack, are freed
 * by gc_sweep_all().
 *
 * Errors. Script-level exceptions unwind with longjmp to the innermost Catch
 * (see rt_raise). There is no try/except in msc's language, so the only
 * catchers are the top level (which prints the diagnostic and exits 1) and
 * internal probes such as hasattr()/getattr(x, n, default) and the
 * StopIteration of a user __next__.
 *
 * Which file implements what:
 *   value.c    objects, refcounts, gc list/sweep, class_new, natives, args_bind
 *   str.c      Str, interning, all str methods, %-formatting
 *   num.c      int/float arithmetic, rt_binop/rt_unary/rt_compare, float repr
 *   format.c   format-spec mini-language (rt_format, f-strings, format())
 *   list.c     Tuple, List (+ sort), Range, Slice and their methods
 *   dict.c     Dict, Set and their methods and views
 *   iter.c     Iter objects, rt_iter/rt_next, zip/enumerate/map/filter/reversed
 *   proto.c    rt_repr/rt_str/rt_truthy/rt_hash/rt_eq/rt_len/rt_getitem/...
 *   interp.c   Interp, resolver, evaluator, rt_call, attributes, classes,
 *              exceptions, tracebacks                               (evaluator)
 *   builtins.c the builtins module (print, len, isinstance, sorted, ...)
 *   modules.c  import, and the built-in modules math, time, sys
 *   bytes.c    bytes, bytearray, str.encode, int.from_bytes/to_bytes
 */
#ifndef MSC_VALUE_H
#define MSC_VALUE_H

#include <setjmp.h>

#include "../frontend/ast.h"
#include "../frontend/limits.h"
#include "../ir/ops.h"

typedef struct Interp Interp;
typedef struct Tensor Tensor;
typedef struct Obj Obj;
typedef struct Str Str;
typedef struct Tuple Tuple;
typedef struct List List;
typedef struct Dict Dict;
typedef struct Class Class;
typedef struct Module Module;

/* ---- Values ---------------------------------------------------------- */

typedef enum {
  V_UNDEF = 0, /* no value: unbound local, empty cell, missing argument */
  V_NONE,
  V_BOOL,
  V_INT,
  V_FLOAT,
  V_ELLIPSIS,
  V_NOTIMPL, /* NotImplemented */
  V_OBJ,
} VTag;

typedef struct Value {
  VTag tag;
  union {
    bool b;
    int64_t i;
    double f;
    Obj *o;
  } as;
} Value;

static inline Value v_undef(void) { Value v = {V_UNDEF, {.i = 0}}; return v; }
static inline Value v_none(void) { Value v = {V_NONE, {.i = 0}}; return v; }
static inline Value v_bool(bool b) { Value v = {V_BOOL, {.i = 0}}; v.as.b = b; return v; }
static inline Value v_int(int64_t i) { Value v = {V_INT, {.i = i}}; return v; }
static inline Value v_float(double f) { Value v = {V_FLOAT, {.i = 0}}; v.as.f = f; return v; }
static inline Value v_obj(Obj *o) { Value v = {V_OBJ, {.i = 0}}; v.as.o = o; return v; }
static inline Value v_ellipsis(void) { Value v = {V_ELLIPSIS, {.i = 0}}; return v; }
static inline Value v_notimpl(void) { Value v = {V_NOTIMPL, {.i = 0}}; return v; }

/* ---- Objects --------------------------------------------------------- */

typedef enum {
  OBJ_STR,
  OBJ_TUPLE,
  OBJ_LIST,
  OBJ_DICT,
  OBJ_SET,
  OBJ_RANGE,
  OBJ_SLICE,
  OBJ_FUNC,      /* user function or lambda */
  OBJ_NATIVE,    /* function implemented in C */
  OBJ_BOUND,     /* bound method: self + callable */
  OBJ_CLASS,
  OBJ_INSTANCE,  /* instance of a user class (and of exception classes) */
  OBJ_MODULE,
  OBJ_CELL,      /* closure cell */
  OBJ_ITER,      /* built-in iterators (private layout, iter.c) */
  OBJ_DICTVIEW,  /* dict.keys()/values()/items() */
  OBJ_PROPERTY,
  OBJ_STATICMETHOD,
  OBJ_CLASSMETHOD,
  OBJ_SUPER,
  OBJ_TENSOR,    /* mindspore.Tensor, Parameter and numpy.ndarray (eval/tensor.c) */
  OBJ_DTYPE,     /* mindspore/numpy dtype objects (eval/tensor.c) */
  OBJ_COMPLEX,   /* Python's complex (eval/num.c) */
  OBJ_BYTES,     /* bytes (eval/bytes.c) */
  OBJ_BYTEARRAY, /* bytearray (eval/bytes.c) */
  OBJ_KIND_COUNT
} ObjKind;

struct Obj {
  int64_t rc;
  uint16_t kind;    /* ObjKind */
  uint16_t sclass;  /* small-object pool size class; 0 = malloc'd (value.c) */
  uint32_t flags;
  Obj *gc_prev, *gc_next; /* the all-objects list */
};

struct Str {
  Obj h;
  int64_t len;    /* bytes of UTF-8, excluding the NUL */
  int64_t nchars; /* code points; == len for ASCII */
  uint64_t hash;  /* 0 = not computed yet */
  bool interned;
  char data[];    /* NUL-terminated */
};

/* Python's complex: two doubles, immutable (eval/num.c). */
typedef struct Complex {
  Obj h;
  double re, im;
} Complex;

struct Tuple {
  Obj h;
  int64_t len;
  Value items[];
};

struct List {
  Obj h;
  int64_t len, cap;
  Value *items;
};

typedef struct DictEntry {
  Value key; /* V_UNDEF marks a deleted entry */
  Value val;
  uint64_t hash;
} DictEntry;

/* Insertion-ordered hash table (CPython's compact dict). Also the layout of
 * OBJ_SET (values are None). */
struct Dict {
  Obj h;
  int64_t len;      /* live entries */
  int64_t nentries; /* used slots in entries[], including deleted */
  int64_t cap;      /* capacity of entries[] */
  DictEntry *entries;
  int64_t *index;   /* open-addressing table of indices into entries; -1 empty */
  int64_t index_cap;/* power of two */
  uint64_t written; /* ValState.wclock at the last store of a reference (gc_reclaim_young) */
};
typedef Dict Set;

typedef struct Range {
  Obj h;
  int64_t start, stop, step;
} Range;

typedef struct Slice {
  Obj h;
  Value start, stop, step; /* None when omitted */
} Slice;

typedef struct KwArgs { /* keyword arguments of a call; all borrowed */
  int n;
  Str **names; /* interned */
  Value *vals;
} KwArgs;

/* Natives get their arguments as an array; a method's argv[0] is self. */
typedef Value (*NativeFn)(Interp *I, int argc, Value *argv, KwArgs *kw);

typedef struct Native {
  Obj h;
  const char *name; /* static string, used in error messages */
  NativeFn fn;
  Value self;       /* V_UNDEF, or a bound first argument (prepended to argv) */
  void *data;       /* for natives that need a static datum */
} Native;

typedef struct Func {
  Obj h;
  Str *name, *qualname;
  const Node *def;    /* ND_FUNCDEF or ND_LAMBDA (owned by the arena) */
  void *info;         /* the resolver's data for def (arena-owned) */
  Module *module;     /* the globals */
  Tuple *defaults;    /* defaults of the trailing positional params, or NULL */
  Dict *kwdefaults;   /* keyword-only defaults, or NULL */
  Tuple *closure;     /* OBJ_CELL objects for the free variables, or NULL */
  Dict *attrs;        /* function attributes, or NULL */
  Class *owner;       /* class whose body defined it (zero-argument super()), or NULL */
} Func;

typedef struct Bound {
  Obj h;
  Value self;
  Value func;
} Bound;

struct Class {
  Obj h;
  Str *name;
  Tuple *bases; /* of Class */
  Tuple *mro;   /* of Class, starting with this class (C3 linearisation) */
  Dict *dict;
  /* For built-in classes, the kind of their instances (OBJ_STR for str,
   * OBJ_KIND_COUNT + n for the unboxed ones, see CLS_*), else -1. */
  int builtin;
  NativeFn ctor;   /* built-in classes: called by cls(...) */
  bool is_exception; /* BaseException or a subclass */
};

/* Pseudo-kinds for the classes of unboxed values and of `object`/`type`. */
enum {
  CLS_NONE = OBJ_KIND_COUNT, CLS_BOOL, CLS_INT, CLS_FLOAT, CLS_ELLIPSIS,
  CLS_NOTIMPL, CLS_OBJECT, CLS_TYPE, CLS_COUNT
};

typedef struct Instance {
  Obj h;
  Class *cls;
  Dict *dict; /* attributes */
  Obj *base;  /* instances of subclasses of dict, list, tuple: the built-in
                 value they are (eval/subclass.c); NULL otherwise */
} Instance;

struct Module {
  Obj h;
  Str *name;
  Dict *dict;
  SrcFile *src; /* NULL for built-in modules */
};

typedef struct CellObj {
  Obj h;
  Value v; /* V_UNDEF when empty */
} CellObj;

typedef struct Wrapper { /* property, staticmethod, classmethod */
  Obj h;
  Value a, b, c; /* property: fget, fset, fdel; static/classmethod: a = func */
} Wrapper;

typedef struct Super {
  Obj h;
  Class *start; /* look up attributes in self's MRO after this class */
  Value self;
} Super;

static inline bool v_is(Value v, ObjKind k) { return v.tag == V_OBJ && v.as.o->kind == k; }
#define AS_STR(v) ((Str *)(v).as.o)
#define AS_TUPLE(v) ((Tuple *)(v).as.o)
#define AS_LIST(v) ((List *)(v).as.o)
#define AS_DICT(v) ((Dict *)(v).as.o)
#define AS_CLASS(v) ((Class *)(v).as.o)
#define AS_INST(v) ((Instance *)(v).as.o)
#define AS_FUNC(v) ((Func *)(v).as.o)
#define AS_NATIVE(v) ((Native *)(v).as.o)
#define AS_MODULE(v) ((Module *)(v).as.o)
#define AS_COMPLEX(v) ((Complex *)(v).as.o)

/* ---- Exceptions ------------------------------------------------------ */

/* Built-in exception classes, parents first: X(name, parent). */
#define EXC_LIST(X)                              \
  X(BaseException, BaseException)                \
  X(SystemExit, BaseException)                   \
  X(KeyboardInterrupt, BaseException)            \
  X(GeneratorExit, BaseException)                \
  X(Exception, BaseException)                    \
  X(ArithmeticError, Exception)                  \
  X(ZeroDivisionError, ArithmeticError)          \
  X(OverflowError, ArithmeticError)              \
  X(AssertionError, Exception)                   \
  X(AttributeError, Exception)                   \
  X(ImportError, Exception)                      \
  X(ModuleNotFoundError, ImportError)            \
  X(LookupError, Exception)                      \
  X(IndexError, LookupError)                     \
  X(KeyError, LookupError)                       \
  X(MemoryError, Exception)                      \
  X(NameError, Exception)                        \
  X(UnboundLocalError, NameError)                \
  X(OSError, Exception)                          \
  X(FileNotFoundError, OSError)                  \
  X(FileExistsError, OSError)                    \
  X(IsADirectoryError, OSError)                  \
  X(NotADirectoryError, OSError)                 \
  X(PermissionError, OSError)                    \
  X(EOFError, Exception)                         \
  X(RuntimeError, Exception)                     \
  X(NotImplementedError, RuntimeError)           \
  X(RecursionError, RuntimeError)                \
  X(StopIteration, Exception)                    \
  X(SyntaxError, Exception)                      \
  X(TypeError, Exception)                        \
  X(ValueError, Exception)                       \
  X(UnicodeError, ValueError)                    \
  X(UnicodeDecodeError, UnicodeError)            \
  X(UnicodeEncodeError, UnicodeError)            \
  X(Warning, Exception)                          \
  X(UserWarning, Warning)                        \
  X(DeprecationWarning, Warning)                 \
  X(RuntimeWarning, Warning)                     \
  X(FutureWarning, Warning)

typedef enum {
#define X(name, parent) EXC_##name,
  EXC_LIST(X)
#undef X
  EXC_COUNT
} ExcKind;

/* A catch point. Usage:
 *   Catch c;
 *   if (RT_TRY(I, &c)) { ...code that may raise...; rt_catch_pop(I, &c); }
 *   else { ...I->exc_value holds the exception (a reference you now own)... }
 * rt_raise restores I->frame and I->depth to what they were at RT_TRY. */
typedef struct Catch {
  jmp_buf jb;
  struct Catch *prev;
  struct Frame *frame;
  int depth;
  Obj *mark;          /* RT_TRY_RECLAIM: where the young objects begin (else NULL) */
  uint64_t serial;    /* RT_TRY_RECLAIM: Eval.serial when pushed */
  struct GenCo *gen;  /* RT_TRY_RECLAIM: the generator running when pushed */
  int nkept;          /* RT_TRY_RECLAIM: how many references ev_keep held when pushed */
} Catch;
#define RT_TRY(I, c) (rt_catch_push((I), (c)), setjmp((c)->jb) == 0)
void rt_catch_push(Interp *I, Catch *c);
void rt_catch_pop(Interp *I, Catch *c);
/* A catch point that, when an exception reaches it, releases what the C
 * frames it unwound held (the evaluator's and the natives' temporaries):
 * the code that lands must call rt_catch_reclaim, passing every value it
 * holds that was made after RT_TRY_RECLAIM (the exception it took from
 * CUR_EXC, its saved traceback). Dropping those temporaries may run
 * finalizers (a generator's finally), which raise and catch on their own:
 * take the exception and its traceback first (exc.c). */
#define RT_TRY_RECLAIM(I, c) (rt_catch_push_reclaim((I), (c)), setjmp((c)->jb) == 0)
void rt_catch_push_reclaim(Interp *I, Catch *c);
void rt_catch_reclaim(Interp *I, Catch *c, const Value *held, int nheld);

/* Raises a new exception of a built-in class with a printf message. */
_Noreturn void rt_raise(Interp *I, ExcKind kind, const char *fmt, ...) MSC_PRINTF(3, 4);
/* Like rt_raise, for errors a primitive reports about its operands (shape
 * or dtype mismatch): the message names the op ("MatMul: cannot multiply
 * (2, 3) by (4, 5): 3 != 4"); the diagnostic names the class first, as for
 * every exception ("error: ValueError: MatMul: ..."). */
_Noreturn void rt_raise_op(Interp *I, ExcKind kind, const char *fmt, ...) MSC_PRINTF(3, 4);
/* True when exc is an instance of the built-in exception class kind. */
bool rt_exc_matches(Interp *I, Value exc, ExcKind kind);
/* Raises the exception instance e, whose reference we own (taken from the
 * current-exception slot after a catch). */
_Noreturn void reraise_owned(Interp *I, Value e);
/* The exception being propagated (Interp's owned "current exception"). */
#define CUR_EXC(I) ((I)->exc_value)

/* ---- The interpreter ------------------------------------------------- */

/* Well-known interned names: X(field, "text"). */
#define NAME_LIST(X)                                                        \
  X(init, "__init__") X(call, "__call__") X(repr, "__repr__")               \
  X(str, "__str__") X(len, "__len__") X(getitem, "__getitem__")             \
  X(setitem, "__setitem__") X(delitem, "__delitem__")                       \
  X(contains, "__contains__") X(iter, "__iter__") X(next, "__next__")       \
  X(eq, "__eq__") X(ne, "__ne__") X(lt, "__lt__") X(le, "__le__")           \
  X(gt, "__gt__") X(ge, "__ge__") X(hash, "__hash__") X(bool_, "__bool__")  \
  X(neg, "__neg__") X(pos, "__pos__") X(invert, "__invert__")               \
  X(abs, "__abs__") X(index, "__index__") X(int_, "__int__")                \
  X(float_, "__float__") X(format, "__format__") X(name, "__name__")        \
  X(qualname, "__qualname__") X(module, "__module__") X(doc, "__doc__")     \
  X(class_, "__class__") X(dict, "__dict__") X(getattr, "__getattr__")      \
  X(setattr, "__setattr__") X(delattr, "__delattr__") X(new, "__new__")     \
  X(main, "__main__") X(args, "args") X(self, "self") X(round, "__round__") \
  X(getattribute, "__getattribute__") X(mro, "__mro__") X(bases, "__bases__") \
  X(construct, "construct") X(mode, "mode") X(cell_params, "_params")      \
  X(cell_graph, "_msc_graph") X(cell_jit_cfg, "_jit_config_dict")          \
  X(cell_jit_name, "_cell_jit") X(context_name, "_context")                \
  X(nojit_name, "_NOJIT")

typedef struct Names {
#define X(field, text) Str *field;
  NAME_LIST(X)
#undef X
  Str *binop[OP_BINOP_COUNT];  /* "__add__" ... */
  Str *rbinop[OP_BINOP_COUNT]; /* "__radd__" ... */
  Str *ibinop[OP_BINOP_COUNT]; /* "__iadd__" ... */
} Names;

struct Interp {
  Arena *arena;     /* compiler data: AST, resolver info */
  Obj gc_head[3];   /* sentinels of the all-objects lists (value.c GC_*) */
  int64_t nobjects; /* live objects */
  struct ObjPool *pool; /* small-object allocator (value.c) */
  struct ValState *vs;  /* eval/'s caches and scratch (valpriv.h) */
  Dict *interned;   /* Str -> Str */
  Names s;

  Class *cls[CLS_COUNT]; /* class of every built-in kind (NULL if internal) */
  Class *exc[EXC_COUNT];
  Dict *builtins;
  Dict *modules;    /* sys.modules: name -> Module */

  /* errors */
  Catch *catch_top;
  Value exc_value;  /* the exception being propagated (owned) */
  Loc *tb;          /* traceback of exc: tb[0] innermost, taken at raise */
  int tb_len, tb_cap;

  /* evaluator state (interp.c) */
  struct Frame *frame;
  int depth, max_depth;
  void *ev;         /* evaluator-private */
  struct GraphState *graph; /* graph mode (graph.c), NULL until first use */
  OpWorkspace op_ws; /* the eager kernels' reusable workspace (prim.c) */

  int argc;         /* sys.argv */
  char **argv;

  /* > 0: statements and loop iterations left before RuntimeError (the
   * fuzz targets' bound on a script's run time); 0: no bound */
  int64_t steps_left;
};

_Noreturn void rt_steps_exhausted(Interp *I);

/* The one depth guard of the runtime's recursive walkers (comparison,
 * hashing, repr, dict equality, ...): counts one level against
 * sys.getrecursionlimit() and checks the C stack, raising RecursionError
 * "maximum recursion depth exceeded<what>" past either (what: "" or
 * " in comparison", ...). Pair with rt_recursion_leave; an exception
 * unwinding through restores I->depth (Catch saves it). */
void rt_recursion_enter(Interp *I, const char *what);
static inline void rt_recursion_leave(Interp *I) { I->depth--; }
/* One statement or iteration (cheap when there is no bound). */
static inline void rt_step(Interp *I) {
  if (I->steps_left && --I->steps_left <= 0) rt_steps_exhausted(I);
}

Interp *interp_new(int argc, char **argv);
/* Runs a parsed module as __main__; returns the process exit status
 * (0, 1 after an uncaught exception has been reported, or SystemExit's). */
int interp_run_main(Interp *I, SrcFile *src, Node *module);
void interp_free(Interp *I);
/* From now on, every interpreter of this process shares one parse of each
 * embedded lib/ module (each gets a copy of its tree): for a process that
 * makes many interpreters (fuzz/run.c). eval/modules.c. */
void lib_keep_parsed(void);
/* Resolves names in a parsed module without running it (msc run
 * --syntax-only): reports the errors CPython reports at compile time
 * (global/nonlocal misuse, ...). Returns false after reporting any. */
bool interp_check(Interp *I, Node *module);

/* ---- Objects, refcounts, gc (value.c) -------------------------------- */

static inline void obj_incref(Obj *o) { o->rc++; }
void obj_decref_slow(Interp *I, Obj *o);
static inline void obj_decref(Interp *I, Obj *o) {
  if (--o->rc == 0) obj_decref_slow(I, o);
}
static inline Value v_incref(Value v) {
  if (v.tag == V_OBJ) v.as.o->rc++;
  return v;
}
static inline void v_decref(Interp *I, Value v) {
  if (v.tag == V_OBJ) obj_decref(I, v.as.o);
}
/* Objects referenced from outside the object graph and the roots (what
 * MSC_CHECK_LEAKS reports); verbose lists them on stderr. For tests. */
int64_t gc_leak_count(Interp *I, bool verbose);

Value native_new(Interp *I, const char *name, NativeFn fn);
Class *rt_class_of(Interp *I, Value v); /* borrowed */
const char *rt_type_name(Interp *I, Value v); /* "int", "list", "MyClass" */


/* ---- Str (str.c) ----------------------------------------------------- */

Str *str_from_c(Interp *I, const char *s);
Str *str_intern(Interp *I, const char *s);                /* new reference */
/* "%"-formatting: fmt % args (args is a tuple, a dict or a single value). */
Str *str_mod(Interp *I, Str *fmt, Value args);

/* ---- Numbers (num.c) ------------------------------------------------- */

/* CPython's float repr: shortest string that round-trips ("0.1", "1e+16",
 * "1.0", "inf", "nan", "-0.0"). Writes into b. */
void float_repr(Buf *b, double d);
Value rt_binop(Interp *I, BinOp op, Value a, Value b);
Value rt_unary(Interp *I, UnaryOp op, Value a);
Value rt_compare(Interp *I, CmpOp op, Value a, Value b);
/* Round half to even, as Python's round(x, ndigits). */
double float_round(double x, int64_t ndigits);

/* ---- Formatting (format.c) ------------------------------------------- */

/* format(v, spec): the format-spec mini-language for int, float, str, bool;
 * user classes' __format__; TypeError/ValueError like CPython. */
Str *rt_format(Interp *I, Value v, Str *spec);

/* ---- Tuple, List, Range, Slice (list.c) ------------------------------ */

Tuple *tuple_new(Interp *I, int64_t n); /* items are None */
Value tuple_pack(Interp *I, int n, ...); /* borrowed items; returns tuple */
List *list_new(Interp *I, int64_t cap);
void list_append(Interp *I, List *l, Value v); /* increfs v */
void list_sort(Interp *I, List *l, Value key, bool reverse); /* stable */
Value list_from_iterable(Interp *I, Value it);
Value range_new(Interp *I, int64_t start, int64_t stop, int64_t step);
Value slice_new(Interp *I, Value start, Value stop, Value step);
/* Python's slice.indices(len): normalised start/stop/step and count. */
int64_t slice_indices(Interp *I, Slice *s, int64_t len, int64_t *start, int64_t *stop, int64_t *step);

/* ---- Dict and Set (dict.c) ------------------------------------------- */

Dict *dict_new(Interp *I);
/* Borrowed value, or V_UNDEF when absent. Raises TypeError if unhashable. */
Value dict_get(Interp *I, Dict *d, Value key);
void dict_set(Interp *I, Dict *d, Value key, Value val); /* increfs both */
bool dict_del(Interp *I, Dict *d, Value key); /* false if absent */
Set *set_new(Interp *I);
void set_add(Interp *I, Set *s, Value v);

/* ---- Iteration (iter.c) ---------------------------------------------- */

Value rt_iter(Interp *I, Value iterable);           /* TypeError if not iterable */
bool rt_next(Interp *I, Value iter, Value *out);    /* false when exhausted */

/* ---- Protocol (proto.c) ---------------------------------------------- */

Str *rt_repr(Interp *I, Value v);
Str *rt_str(Interp *I, Value v);
uint64_t rt_hash(Interp *I, Value v); /* TypeError: unhashable type: 'list' */
bool rt_eq(Interp *I, Value a, Value b);
int64_t rt_len(Interp *I, Value v);
bool rt_contains(Interp *I, Value container, Value item);
Value rt_getitem(Interp *I, Value obj, Value key);
void rt_setitem(Interp *I, Value obj, Value key, Value val);
void rt_delitem(Interp *I, Value obj, Value key);

/* ---- Calls and attributes (interp.c) --------------------------------- */

/* Looks name up along cls's MRO; borrowed; V_UNDEF if absent. */
Value class_lookup(Interp *I, Class *cls, Str *name);


#endif
