/* valpriv.h — eval/'s private interface: what its files share with each
 * other and nothing outside eval/ uses. The public headers (value.h,
 * tensor.h, graph.h, fold.h) declare what ir/, driver/ and tests/unit/
 * use; a function moves there when another folder needs it. interp.h
 * (the evaluator's) includes this header.
 */
#ifndef MSC_VALPRIV_H
#define MSC_VALPRIV_H

#include <stdint.h>

#include "../runtime/msrt.h"
#include "graph.h"
#include "tensor.h"
#include "value.h"

/* Obj.flags bits owned by the value layer (high bits; the low ones are
 * free for interp.c). */
#define OF_REPR (1u << 31)   /* container is being repr'd: print [...] */
#define CF_FINALIZE (1u << 29) /* class whose instances gen_finalize must see die (gen.c) */
#define OF_METHOD (1u << 30) /* Native from class_add_native: data is its Class */
#define OF_YOUNG (1u << 28)  /* gc_reclaim_young is running: allocated after the mark */

/* The kind of a mark in the all-objects list (gc_mark_new). */
enum { OBJ_MARK = OBJ_KIND_COUNT };

typedef void (*VisitFn)(Obj *child, void *arg);

/* ---- Per-interpreter state (Interp.vs) ------------------------------- */

/* iter.c's iterator classes: one per IterKind, then the variants iter.c
 * numbers after them (str_ascii, set, reversed range, dict and reversed
 * dict iterators); iter.c checks the count. */
#define ITER_CLASS_SLOTS 24

/* Objects built on first use and kept for the interpreter's lifetime, one
 * owned reference each, NULL until built. The leak audit counts them as
 * roots and gc_sweep_all drops them, walking them as VRoots.all: only
 * Obj * members here. */
typedef struct VRootSlots {
  Obj *empty_str;                    /* str.c: "" */
  Obj *char_str[128];                /* str.c: the one-character ASCII strings */
  Obj *view_class[3];                /* dict.c: dict_keys/_values/_items (DV_*) */
  Obj *iter_class[ITER_CLASS_SLOTS]; /* iter.c */
  Obj *tensor_class[3];              /* tensor.c: Tensor, Parameter, ndarray (TFlavour) */
  Obj *dtype_class[2];               /* tensor.c: mindspore's Type, numpy's dtype */
  Obj *dtype[2][MSRT_NUM_DTYPES];    /* tensor.c: the dtype objects, [np][msrt_dtype] */
  Obj *np_scalar_class[MSRT_NUM_DTYPES]; /* tensor.c: numpy's scalar types np.float32, ... */
  Obj *np_abstract_class[7];         /* tensor.c: np.generic, number, integer, ... (NPA_*) */
  Obj *index_scratch;                /* tensor.c: a list owning advanced indexing's temporaries */
  Obj *op_cache;                     /* mod_msc.c: _msc.prim's op name -> OpId */
  Obj *prim_scratch;                 /* prim.c: a list owning the running op's temporaries */
} VRootSlots;

typedef union VRoots {
  VRootSlots s;
  Obj *all[sizeof(VRootSlots) / sizeof(Obj *)];
} VRoots;

typedef struct ValState {
  VRoots roots;
  /* value.c: objects waiting for obj_free's loop (linked by gc_next),
   * and whether that loop is running further up the C stack */
  Obj *free_queue;
  bool freeing;
  /* value.c: bumped by every gc_mark_new; a Dict records it when a
   * reference is stored in it (Dict.written), so gc_reclaim_young skips
   * the dicts that took none since the mark */
  uint64_t wclock;
  /* value.c: wclock when a reference was last stored in a function, class
   * or tensor built earlier (gc_stored_late) */
  uint64_t late_written;
  /* value.c: 2 when MSC_CHECK_RECLAIM is set: gc_reclaim_young checks
   * that the objects it does not walk hold no suspect (0 until read) */
  int check_reclaim;
  /* graph.c: 2 when MSC_CHECK_PACKED is set: a reused packed Parameter is
   * repacked and compared (0 until read) */
  int check_packed;
  /* proto.c: containers being repr'd, innermost last (OF_REPR set) */
  Obj **repr_stack;
  int64_t nrepr, caprepr;
  /* mod_msc.c: the global random stream (np.random.*, initialisers),
   * made on first use */
  struct MtState *rng;
} ValState;

#define VR(I) (&(I)->vs->roots.s)

/* Stores of a reference into a function, class or tensor after it was
 * built (its __dict__, __name__, owner, a Parameter's name, ...) call this:
 * gc_reclaim_young skips those kinds unless one happened since its mark. */
static inline void gc_stored_late(Interp *I) { I->vs->late_written = I->vs->wclock; }

/* ---- Exceptions (exc.c) ----------------------------------------------- */

/* Raises an exception instance (or class, which is instantiated). Borrowed. */
_Noreturn void rt_raise_value(Interp *I, Value exc);
/* Raises exc and takes over the caller's reference to it. */
_Noreturn void rt_raise_owned(Interp *I, Value exc);

/* ---- Initialisers ---------------------------------------------------- */

/* Called by interp_new in this order. */
void value_init(Interp *I);    /* value.c: interned names, built-in classes (all files' methods) */
void exc_init(Interp *I);      /* interp.c: exception classes */
void builtins_init(Interp *I); /* builtins.c */
void modules_init(Interp *I);  /* modules.c */

/* Per-file registration, called by value_init. */
void str_init(Interp *I);
void num_init(Interp *I);
void list_init(Interp *I);
void dict_init(Interp *I);
void iter_init(Interp *I);

/* ---- value.c --------------------------------------------------------- */

Obj *obj_alloc(Interp *I, ObjKind kind, size_t size); /* zeroed, rc = 1 */
/* Grows or shrinks o's block to size bytes (contents kept, the gc list
 * relinked); returns the possibly moved object. obj_capacity is the usable
 * size of o's block, at least what was asked for. */
Obj *obj_resize(Interp *I, Obj *o, size_t size);
size_t obj_capacity(const Obj *o);
/* Frees every object still alive (cycles, objects dropped by an unwind).
 * With audit set and MSC_CHECK_LEAKS=1 in the environment, first reports
 * objects referenced from outside the object graph (refcount leaks). Only
 * a normal exit can be audited: an exception unwinding the C stack drops
 * the references its temporaries held. */
void gc_sweep_all(Interp *I, bool audit);
/* Marks the all-objects list: objects allocated from now on are "young"
 * until gc_mark_free (exc.c's reclaiming catch points). */
Obj *gc_mark_new(Interp *I);
void gc_mark_free(Interp *I, Obj *mark);
/* After an exception unwound C frames that all started after mark was
 * made: drops the references those frames held on young objects (what the
 * object graph, the value layer's roots and roots(I, ctx, ...), which must
 * visit every other reference held outside the object graph to an object
 * made since the mark, cannot explain). Returns how many objects had such
 * references. */
typedef void (*GcRoots)(Interp *I, void *ctx, VisitFn visit, void *arg);
int64_t gc_reclaim_young(Interp *I, Obj *mark, GcRoots roots, void *ctx);
void class_add_native(Interp *I, Class *c, const char *name, NativeFn fn);
void dict_add_native(Interp *I, Dict *d, const char *name, NativeFn fn);
/* Creates a class; computes the C3 MRO (TypeError if impossible). For a
 * built-in class, bases may be NULL (object) and builtin is its kind. */
Class *class_new(Interp *I, Str *name, Tuple *bases, Dict *dict);
Class *class_new_builtin(Interp *I, const char *name, int builtin, Class *base, NativeFn ctor);
bool class_is_subclass(Class *c, Class *base);
bool rt_isinstance(Interp *I, Value v, Class *c);
/* Binds call arguments to parameter names, CPython style. names has nparams
 * entries; the first nreq are required; names after a "*" entry are
 * keyword-only (the "*" entry itself gets no slot: out has nparams - 1
 * slots then). Missing optional ones are V_UNDEF in out (borrowed).
 * Raises TypeError: "f() takes at most 2 arguments (3 given)",
 * "f() got an unexpected keyword argument 'x'", "f() missing required
 * argument 'x'", "f() got multiple values for argument 'x'". */
void args_bind(Interp *I, const char *fname, int argc, Value *argv, KwArgs *kw,
               int nreq, int nparams, const char *const *names, Value *out);
/* Number of positional arguments check: TypeError unless lo <= argc <= hi. */
void args_count(Interp *I, const char *fname, int argc, int lo, int hi);
void args_no_kw(Interp *I, const char *fname, KwArgs *kw);
/* Registers a static slot holding a reference (a cache kept outside
 * Interp): the leak check counts *slot as a root and gc_sweep_all clears
 * it. Register a slot once, when first filled. Per-interpreter caches
 * belong in VRootSlots instead; the last user is prim.c's scratch list. */
/* Frees Interp.vs (interp_free, after gc_sweep_all). */
void value_free(Interp *I);
void class_add_property(Interp *I, Class *c, const char *name, NativeFn getter);
void class_add_classmethod(Interp *I, Class *c, const char *name, NativeFn fn);
void class_add_value(Interp *I, Class *c, const char *name, Value v);
/* Raises kind(arg): the exception's args are (arg,) — KeyError(key). */
_Noreturn void raise_with_value(Interp *I, ExcKind kind, Value arg);
_Noreturn void raise_with_value_owned(Interp *I, ExcKind kind, Value arg); /* steals arg */
/* Raises kind() (no arguments: StopIteration). */
_Noreturn void raise_empty(Interp *I, ExcKind kind);
/* The object class's default dunders (native functions). */
bool is_object_default(Value fn);
/* A user-defined (non-default) special method of an Instance. */
bool user_dunder(Interp *I, Value v, Str *name, Value *fn);
/* Python's operator.index(): int, bool or __index__; TypeError otherwise:
 * "'str' object cannot be interpreted as an integer". */
int64_t val_index(Interp *I, Value v);
/* Class name as it appears in messages ("int", "A"). */
const char *class_name(Class *c);
/* A built-in class not visible by name (list_iterator, dict_keys, ...),
 * kept in *slot (a VRootSlots member), which takes the reference. */
Class *class_new_internal(Interp *I, const char *name, Obj **slot);

/* ---- str.c ----------------------------------------------------------- */

Str *str_new(Interp *I, const char *s, size_t n);
Str *str_intern_n(Interp *I, const char *s, size_t n);
Str *str_from_buf(Interp *I, Buf *b);                     /* frees b's memory */
Str *str_printf(Interp *I, const char *fmt, ...) MSC_PRINTF(2, 3);
Str *str_concat(Interp *I, Str *a, Str *b);
bool str_eq(Str *a, Str *b);
uint64_t str_hash(Str *s);
Str *str_char(Interp *I, const char *p, int nbytes); /* one code point */
int utf8_len1(unsigned char c);                      /* bytes of a UTF-8 sequence */
uint32_t utf8_decode(const char *p, int *n);
int utf8_encode(uint32_t cp, char *out);
int64_t str_cp_offset(Str *s, int64_t cp); /* byte offset of code point cp */
Value str_getitem(Interp *I, Str *s, Value key);
bool str_contains(Str *hay, Str *needle);
int str_cmp(Str *a, Str *b); /* code point order (= byte order in UTF-8) */
Str *str_repeat(Interp *I, Str *s, int64_t n);
void str_repr_buf(Buf *b, Str *s);
Value str_ctor(Interp *I, int argc, Value *argv, KwArgs *kw);

/* ---- num.c ----------------------------------------------------------- */

Value rt_inplace(Interp *I, BinOp op, Value a, Value b); /* a op= b */
/* Python's int(v)/float(v) conversions of numbers (not strings). */
int64_t rt_as_int(Interp *I, Value v, const char *what);    /* TypeError if not int-like */
double rt_as_float(Interp *I, Value v, const char *what);   /* TypeError if not a number */
uint64_t hash_int(int64_t i);
uint64_t hash_float(double d);
Value int_ctor(Interp *I, int argc, Value *argv, KwArgs *kw);
Value float_ctor(Interp *I, int argc, Value *argv, KwArgs *kw);
Value bool_ctor(Interp *I, int argc, Value *argv, KwArgs *kw);
/* float -> int with CPython's errors (inf: OverflowError, nan: ValueError). */
int64_t float_to_int(Interp *I, double d);
/* Exact comparison of two numbers (int/float/bool): -1, 0, 1; 2 when
 * unordered (nan). */
int num_cmp(Value a, Value b);
/* Python's complex (num.c): a new complex; complex arithmetic with ints,
 * floats and complexes (V_NOTIMPL when the other operand is none of
 * those), ==/!= (other comparisons raise TypeError), repr, hash. */
Value v_complex(Interp *I, double re, double im);
Value complex_binop(Interp *I, BinOp op, Value a, Value b);
Value complex_compare(Interp *I, CmpOp op, Value a, Value b);
void complex_repr(Buf *b, double re, double im);
uint64_t complex_hash(double re, double im);
Value complex_ctor(Interp *I, int argc, Value *argv, KwArgs *kw);
void complex_init(Interp *I);
/* TypeError: complex tensors (complex64/complex128) are not supported. */
static inline bool is_cplx(Value v) { return v.tag == V_OBJ && v.as.o->kind == OBJ_COMPLEX; }
static inline bool is_num(Value v) { return v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL; }
static inline int64_t num_i(Value v) { return v.tag == V_BOOL ? (int64_t)v.as.b : v.as.i; }

/* ---- bytes.c ---------------------------------------------------------- */

typedef struct Bytes { /* OBJ_BYTES: immutable, data inline (NUL-terminated) */
  Obj h;
  int64_t len;
  uint64_t hash; /* 0 = not computed yet */
  char data[];
} Bytes;

typedef struct ByteArray { /* OBJ_BYTEARRAY: data malloc'd, cap bytes */
  Obj h;
  int64_t len, cap;
  char *data;
} ByteArray;

static inline bool is_bytes_like(Value v) {
  return v.tag == V_OBJ && (v.as.o->kind == OBJ_BYTES || v.as.o->kind == OBJ_BYTEARRAY);
}
/* The data and length of a bytes or bytearray (borrowed). */
static inline const char *bytes_ptr(Value v, int64_t *n) {
  if (v.as.o->kind == OBJ_BYTES) {
    *n = ((Bytes *)v.as.o)->len;
    return ((Bytes *)v.as.o)->data;
  }
  *n = ((ByteArray *)v.as.o)->len;
  return ((ByteArray *)v.as.o)->data ? ((ByteArray *)v.as.o)->data : "";
}
Value bytes_new(Interp *I, const void *p, size_t n);
Value bytearray_new(Interp *I, const void *p, size_t n);
Value bytes_ctor(Interp *I, int argc, Value *argv, KwArgs *kw);
void bytearray_free_mem(Obj *o);
/* Protocol hooks (proto.c, num.c): V_NOTIMPL when not applicable. */
void bytes_repr_buf(Buf *b, Value v);
uint64_t bytes_hash(Interp *I, Value v); /* TypeError for bytearray */
Value bytes_compare(Interp *I, CmpOp op, Value a, Value b);
Value bytes_binop(Interp *I, BinOp op, Value a, Value b);
Value bytes_inplace(Interp *I, BinOp op, Value a, Value b);
Value bytes_getitem(Interp *I, Value self, Value key);
void bytearray_setitem(Interp *I, Value self, Value key, Value val);
bool bytes_contains(Interp *I, Value self, Value item);
/* p[0..n) decoded as a str with CPython's UnicodeDecodeError texts (open()
 * in text mode; enc 0 = utf-8, errs 0 = strict); bytes.decode's arguments. */
Str *bytes_decode(Interp *I, const char *p, int64_t n, int enc, int errs, const char *errname);
Value bytes_decode_args(Interp *I, Value self, Value encoding, Value errors);
void bytes_init(Interp *I); /* classes, methods, str.encode, int.from_bytes/to_bytes */

/* ---- subclass.c: subclasses of dict, list and tuple ---------------------- */

/* The built-in value an instance of a dict/list/tuple subclass is
 * (borrowed), or V_UNDEF. */
static inline Value inst_base(Value v) {
  return v_is(v, OBJ_INSTANCE) && ((Instance *)v.as.o)->base ? v_obj(((Instance *)v.as.o)->base) : v_undef();
}
/* OBJ_DICT, OBJ_LIST or OBJ_TUPLE when c derives from that built-in class,
 * else -1. */
int class_builtin_base(Class *c);
/* A native method of dict/list/tuple called on an instance of a subclass:
 * the arguments with self replaced by its built-in value (argv itself when
 * nothing is to be replaced; else buf, of argc entries). */
Value *subclass_self(Native *nat, int argc, Value *argv, Value *buf);
/* exec_classdef: TypeError unless the bases are classes msc can subclass
 * (object, user classes, and at most one of dict, list, tuple). */
/* Is fn a native method of the built-in class of kind (dict's __getitem__)? */
bool subclass_is_builtin_method(Interp *I, Value fn, int kind);
void subclass_init(Interp *I); /* dict/list __new__, __init__; tuple.__new__ */

/* ---- list.c ---------------------------------------------------------- */

Value tuple_from_iterable(Interp *I, Value it);
Value list_getitem(Interp *I, List *l, Value key);
Value tuple_getitem(Interp *I, Tuple *t, Value key);
Value range_getitem(Interp *I, Range *r, Value key);
void list_setitem(Interp *I, List *l, Value key, Value val);
void list_delitem(Interp *I, List *l, Value key);
void list_extend(Interp *I, List *l, Value iterable);
int64_t range_len(Range *r);
int64_t range_len_checked(Interp *I, Range *r); /* OverflowError past int64 */
void str_check_size(Interp *I, uint64_t n);       /* MemoryError past str-bytes */
bool range_contains(Interp *I, Range *r, Value v);
bool range_eq(Range *a, Range *b);
uint64_t tuple_hash(Interp *I, Tuple *t);
/* Lexicographic rich comparison of two item arrays. */
bool seq_compare(Interp *I, CmpOp op, const Value *a, int64_t na, const Value *b, int64_t nb);
Value list_ctor(Interp *I, int argc, Value *argv, KwArgs *kw);
Value tuple_ctor(Interp *I, int argc, Value *argv, KwArgs *kw);
Value range_ctor(Interp *I, int argc, Value *argv, KwArgs *kw);
Value slice_ctor(Interp *I, int argc, Value *argv, KwArgs *kw);
Value list_repeat(Interp *I, Value seq, int64_t n); /* list or tuple */
Value seq_concat(Interp *I, Value a, Value b);      /* list+list, tuple+tuple */

/* ---- dict.c ---------------------------------------------------------- */

typedef struct DictView {
  Obj h;
  Dict *d;
  int which; /* DV_KEYS, DV_VALUES, DV_ITEMS */
} DictView;
enum { DV_KEYS, DV_VALUES, DV_ITEMS };

Value dict_get_str(Interp *I, Dict *d, Str *key); /* interned fast path; borrowed */
void dict_set_str(Interp *I, Dict *d, Str *key, Value val);
bool set_contains(Interp *I, Set *s, Value v);
Value dict_getitem(Interp *I, Dict *d, Value key); /* new ref; KeyError */
Str *dict_find_cstr(Dict *d, const char *s, size_t n, uint64_t hash); /* interning */
void dict_free_mem(Dict *d);
Class *dictview_class(Interp *I, DictView *v);
void dictview_repr_buf(Interp *I, Buf *b, DictView *v);
bool dictview_contains(Interp *I, DictView *v, Value x);
bool dict_equal(Interp *I, Dict *a, Dict *b);
/* Set comparisons (==, <=, <, ...); op in CMP_EQ..CMP_GE. */
bool set_compare(Interp *I, CmpOp op, Set *a, Set *b);
/* | & - ^ on sets (and | on dicts); V_NOTIMPL if not applicable. */
Value setdict_binop(Interp *I, BinOp op, Value a, Value b, bool inplace);
Value dict_ctor(Interp *I, int argc, Value *argv, KwArgs *kw);
Value set_ctor(Interp *I, int argc, Value *argv, KwArgs *kw);
Value set_from_iterable(Interp *I, Value it);
Dict *dict_copy(Interp *I, Dict *d);

/* ---- iter.c ---------------------------------------------------------- */

void iter_destroy(Interp *I, Obj *o);
void iter_free_mem(Obj *o);
void iter_traverse(Obj *o, VisitFn visit, void *arg);
Class *iter_class(Interp *I, Obj *o);

/* ---- proto.c --------------------------------------------------------- */

void rt_repr_buf(Interp *I, Buf *b, Value v);
void rt_str_buf(Interp *I, Buf *b, Value v);
bool rt_truthy(Interp *I, Value v);
bool rt_is(Value a, Value b);
/* Normalises a sequence index (negative from the end); IndexError with
 * "<what> index out of range" when outside [0, len). */
int64_t rt_seq_index(Interp *I, Value idx, int64_t len, const char *what);
void default_repr_buf(Interp *I, Buf *b, Value v); /* object.__repr__ */
void exc_str_buf(Interp *I, Buf *b, Value exc);

/* ---- Calls and attributes (interp.c, attr.c) -------------------------- */

Value rt_call(Interp *I, Value callee, int argc, Value *argv, KwArgs *kw);
Value rt_call0(Interp *I, Value callee);
Value rt_call1(Interp *I, Value callee, Value a);
Value rt_call2(Interp *I, Value callee, Value a, Value b);
/* Calls self.name(args). */
Value rt_call_method(Interp *I, Value self, Str *name, int argc, Value *argv, KwArgs *kw);
/* Finds a dunder method on the CLASS of obj (not the instance dict), as
 * CPython does for special methods. Returns false if absent. *fn borrowed. */
bool rt_find_dunder(Interp *I, Value obj, Str *name, Value *fn);
Value rt_getattr(Interp *I, Value obj, Str *name);                /* AttributeError */
bool rt_getattr_opt(Interp *I, Value obj, Str *name, Value *out); /* no raise if missing */
void rt_setattr(Interp *I, Value obj, Str *name, Value val);
void rt_delattr(Interp *I, Value obj, Str *name);
bool rt_callable(Interp *I, Value v);

/* ---- modules.c, builtins.c -------------------------------------------- */

/* import: returns the module (cached in I->modules) or raises
 * ModuleNotFoundError "no module named 'x' (msc provides: math, mindspore, numpy, sys, time)".
 * For a dotted name returns the leaf module; the evaluator binds names.
 * (modules.c) */
Value rt_import(Interp *I, const char *dotted);
/* The absolute module name of a relative import (`from ..a import b` has
 * level 2, name "a"; name may be NULL) run in the module of globals, or
 * ImportError as CPython raises it. New reference. (modules.c) */
Str *rt_import_resolve(Interp *I, Dict *globals, const char *name, int level);
/* Raises the OSError subclass of errno err (FileNotFoundError for ENOENT,
 * ...) with CPython's text "[Errno 2] No such file or directory: 'x'"
 * (path may be NULL). (fileio.c) */
_Noreturn void rt_raise_errno(Interp *I, int err, const char *path);
/* True while module m's body runs (imports of it are circular). */
bool rt_module_initializing(Value m);

/* Writes to the script's stdout (buffered; flushed before diagnostics). */
void rt_write(Interp *I, const char *s, size_t n);

/* ---- tensor.c ---------------------------------------------------------- */

Class *tensor_class(Interp *I, TFlavour fl);   /* borrowed */
Class *tensor_class_of(Interp *I, Obj *o);     /* rt_class_of for OBJ_TENSOR/OBJ_DTYPE */
/* {name: class} of numpy's scalar types (float32, ..., bool_) and abstract
 * scalar classes (generic, number, integer, ...): _msc.np_types(). */
Value tensor_np_types(Interp *I);
/* A mindspore.Tensor without data (graph.c makes it symbolic). */
Tensor *tensor_new_nodata(Interp *I, msrt_dtype dt, int ndim, const int64_t *shape);
/* Destructor/traversal hooks (value.c). */
void tensor_destroy(Interp *I, Obj *o);
void tensor_traverse(Obj *o, void (*visit)(Obj *, void *), void *arg);
void tensor_free_mem(Obj *o);
/* msrt_dtype named by a dtype object, a dtype name string ("float32"), or
 * a Python type (float, int, bool: numpy's defaults); -1 for None;
 * TypeError otherwise. */
int dtype_from_value(Interp *I, Value v, const char *what);
bool dtype_is_float(msrt_dtype dt);
bool dtype_is_int(msrt_dtype dt); /* signed or unsigned integer (not bool) */
bool dtype_is_complex(msrt_dtype dt); /* complex64, complex128 */
/* Python value (number, nested list/tuple, tensor) -> new tensor of
 * flavour fl. dt < 0: default dtypes of the flavour (numpy: float64/int64/
 * bool; MindSpore: float32/int64/bool; tensors keep theirs). Always
 * copies. */
Tensor *tensor_from_value(Interp *I, Value v, int dt, TFlavour fl);
double tensor_get_f64(const Tensor *t, int64_t i);
int64_t tensor_get_i64(const Tensor *t, int64_t i);
/* Writes a Python number into element i (converted to t's dtype). */
void tensor_set_value(Interp *I, Tensor *t, int64_t i, Value v);

/* Protocol hooks (num.c, proto.c, format.c, iter.c, attr.c). */
Value tensor_binop(Interp *I, BinOp op, Value a, Value b);   /* V_NOTIMPL if not ours */
Value tensor_inplace(Interp *I, BinOp op, Value a, Value b); /* numpy: in place */
Value tensor_unary(Interp *I, UnaryOp op, Value a);
Value tensor_compare(Interp *I, CmpOp op, Value a, Value b); /* V_NOTIMPL if not ours */
void tensor_repr_buf(Interp *I, Buf *b, Value v);
void tensor_str_buf(Interp *I, Buf *b, Value v);
bool tensor_truthy(Interp *I, Value v);
uint64_t tensor_hash(Interp *I, Value v);
int64_t tensor_len(Interp *I, Value v);
Value tensor_getitem(Interp *I, Value t, Value key);
void tensor_setitem(Interp *I, Value t, Value key, Value val);
Value tensor_iter(Interp *I, Value t);
Str *tensor_format(Interp *I, Value v, Str *spec);
double tensor_as_float(Interp *I, Value v);
bool tensor_as_complex(Interp *I, Value v, double *re, double *im);
bool tensor_is_integral(Value v); /* an int or bool tensor (has __index__) */
bool tensor_is_np_integer(Value v); /* a numpy integer or bool scalar (np.int64(3)) */
int64_t tensor_as_int(Interp *I, Value v);
void tensor_setattr(Interp *I, Value obj, Str *name, Value val);
bool tensor_getattr_extra(Interp *I, Value obj, Str *name, Value *out);

/* ---- graph.c, autodiff.c: graph mode (see graph.h) --------------------- */

/* True while an ast capture runs (prim_call stages instead of running). */
bool graph_staging(Interp *I);
/* True while a trace capture runs (prim_call runs and records). */
bool graph_tracing(Interp *I);

/* prim_call's hook during ast and bytecode capture: stages op on inputs
 * t[] (already converted: cast[i] is the dtype the kernel wants; in[] the
 * call's arguments) and returns a new symbolic tensor of type out. */
Tensor *graph_stage(Interp *I, OpId op, int nin, Tensor *const *t, const msrt_dtype *cast,
                    const Attrs *a, const TType *out, const Value *in);
/* prim_call's hook during trace capture: records op (inputs before
 * conversion t[], cast[], result o) when any input comes from the graph's
 * arguments or Parameters, and marks o with its node. */
void graph_record(Interp *I, OpId op, int nin, Tensor *const *t, const msrt_dtype *cast,
                  const Attrs *a, Tensor *o);
/* Should prim_call stage this call (ast capture, some input symbolic or a
 * Parameter)? */
bool graph_should_stage(Interp *I, int nin, const Value *in);

/* Statements and builtins outside the static-graph syntax (SEMANTICS.md
 * §8: del, import, nonlocal, set displays, sorted/iter/next/id/hash...)
 * (node: where, or NULL for the current call) raise an error diagnostic when met in the user's code during ast
 * capture (a RuntimeError, as MindSpore raises); a no-op otherwise. */
void graph_check_syntax(Interp *I, const struct Node *node, const char *what);
/* Bytecode capture met `what` (a statement outside the static-graph
 * syntax) at node at of the user's code: a graph break, after which the
 * statement runs eagerly; returns true. False (nothing done) otherwise. */
bool graph_break_syntax(Interp *I, const struct Node *at, const char *what);
/* Bytecode capture: t is about to be written in place; when the piece
 * staged so far reads it, the piece runs first (a graph break). */
void graph_will_write(Interp *I, Tensor *t);
/* MindSpore's graphs give sequences where Python gives iterators: is this
 * builtin called from the script's own code during ast capture? Then
 * map/zip/filter/enumerate/range return their tuple or list at once and
 * list.extend(Tensor) appends shape-[1] slices (iter.c, list.c). */
bool graph_builtin_seq(Interp *I);
/* jit_syntax_level STRICT (MindSpore's basic static-graph syntax): inside
 * an ast capture at that level, the script's own code may not use
 * third-party libraries (a module other than mindspore's, functools and
 * the script's own), objects of its classes that are neither Cells nor
 * @jit_class, nor set attributes of a Cell that are not Parameters: the
 * error, at the line, names the level and how to change it (LAX is
 * MindSpore's default and msc's). what: the construct, for the message. */
void graph_strict_check_module(Interp *I, Module *m, Str *attr);
void graph_strict_check_instance(Interp *I, Value obj, Str *attr, bool set, Value val);
/* JIT Fallback (jit_syntax_level LAX): during an ast capture, may the call
 * about to run at frame f (the script's own code) become an interpreted
 * node? Then interp.c calls through graph_call, which is rt_call except
 * that a call of a builtin or library callable failing on a graph
 * tensor's value becomes a PyExecute node (graph.c). */
bool graph_fallback_calls(Interp *I, const struct Frame *f);
Value graph_call(Interp *I, Value callee, int argc, Value *argv, KwArgs *kw);
/* After a graph run failed: re-raises the exception a PyExecute's Python
 * call raised, if there is one. */
void graph_fallback_reraise(Interp *I);
/* Is v a tensor computed in the running bytecode piece (no data yet)? */
bool graph_is_piece_sym(Interp *I, Value v);

/* `name = value` in the user's code during a capture: the node that
 * computes t keeps the source name (printed as CNode_3$name). */
void graph_name_value(Interp *I, Tensor *t, const char *name);

/* builtins.c print() during ast capture: stages a Print node. */
void graph_print(Interp *I, int argc, Value *argv);

/* A new symbolic tensor (data NULL) standing for node n. */
Tensor *tensor_new_sym(Interp *I, msrt_dtype dt, int ndim, const int64_t *shape,
                       struct IrNode *n);
/* The one check (DESIGN.md "Rules the interpreter keeps"): raises at the
 * script line when t has no data (a symbolic tensor), saying that `what`
 * needs a concrete value and what to do instead. */
void tensor_need_data(Interp *I, const Tensor *t, const char *what);

/* _msc natives (registered by mod_msc.c). */
Value graph_native_jit_new(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_jit_call(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_cell_jit(Interp *I, int argc, Value *argv, KwArgs *kw);
/* Cell.__call__'s cached Graph-mode call without its frame's statements
 * (rt_call; graph.c). Call only when I->graph. */
bool graph_cell_call(Interp *I, Func *fn, Value self, int argc, const Value *argv, Value *out);
Value graph_native_jit_compile(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_capturing(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_run_mode(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_assign(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_export_name(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_warn(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_set_syntax_level(Interp *I, int argc, Value *argv, KwArgs *kw);

/* Routes the runtime's output hook to the script's stdout (interp_new). */
void graph_init(Interp *I);
/* Drops every compiled graph and cached reference (interp_free, before
 * the final sweep). */
void graph_free_all(Interp *I);


/* ---- for autodiff (eval/autodiff.c) ------------------------------------------
 * The current capture (any mode): its module, entry graph, the script
 * location of the running line, the IR value of a tensor (cast to dt), the
 * IR param of a Parameter (registered on first use), a symbolic tensor for
 * a node. Each raises when no capture runs. */
struct IrModule *graph_cur_module(Interp *I);
struct IrGraph *graph_cur_graph(Interp *I);
IrLoc graph_cur_loc(Interp *I);
struct IrNode *graph_value(Interp *I, Tensor *t, msrt_dtype dt);
struct IrNode *graph_parameter(Interp *I, Tensor *p);
Tensor *graph_sym(Interp *I, struct IrNode *n);
void graph_trace_value(Interp *I, Tensor *t, struct IrNode *n);

/* ---- regions: tensor control flow in ast capture (eval/ctlflow.c) --------
 * A region is the subgraph of an If or While being captured; values of
 * enclosing graphs used inside it become its params (lifted). */
typedef struct GraphRegion GraphRegion;
GraphRegion *graph_region_push(Interp *I, const char *what); /* a new subgraph, made current */
void graph_region_pop(Interp *I, GraphRegion *r);            /* back to r's enclosing graph */
void graph_region_resume(Interp *I, GraphRegion *r);         /* r current again (from its parent) */
void graph_region_free(GraphRegion *r);
struct IrGraph *graph_region_graph(GraphRegion *r);
int graph_region_nlift(GraphRegion *r);
struct IrNode *graph_region_outer(GraphRegion *r, int i);
/* a and b lift the same values, in one order, as params fixed.. */
void graph_region_align(GraphRegion *a, GraphRegion *b, int fixed);
/* Tensor t as a 0-d Bool condition in the current graph. */
struct IrNode *graph_cond_node(Interp *I, Tensor *t);
/* Is v a tensor whose value is known only when the graph runs (ast)? */
bool graph_is_sym(Interp *I, Value v);
/* trace: warns once per line that a condition on a traced tensor is baked in. */
void graph_trace_branch(Interp *I, const Tensor *t);
/* ctlflow.c's per-capture state slot; cf_free releases it. */
void **graph_cf_state(Interp *I);
void cf_free(Interp *I, void *cf);
/* gen.c: a generator object lost its last reference; false when the
 * close it ran resurrected it. */
bool gen_finalize(Interp *I, Obj *o);
/* Statement results of the evaluator (interp.c). */
enum { CTRL_NONE, CTRL_BREAK, CTRL_CONTINUE, CTRL_RETURN };
/* The evaluator's entries ctlflow.c uses (interp.c). */
int interp_exec_from(Interp *I, struct Frame *f, struct NodeVec *v, int from);
Value interp_eval(Interp *I, struct Frame *f, struct Node *n);
void interp_assign(Interp *I, struct Frame *f, struct Node *target, Value v);
/* The evaluator's hooks (ctlflow.c). Each returns a CTRL_* code, as the
 * statement executors do. */
int cf_if(Interp *I, struct Frame *f, const struct Node *n, Value cond);
int cf_while(Interp *I, struct Frame *f, const struct Node *n);
int cf_for_range(Interp *I, struct Frame *f, const struct Node *n, int nb, Value *bounds);
Value cf_ifexp(Interp *I, struct Frame *f, const struct Node *n, Value cond);
Value cf_andor(Interp *I, struct Frame *f, const struct Node *n, Value a);
Value cf_not(Interp *I, Value a); /* takes a */
/* A Python `for` being unrolled in graph capture: enter before its first
 * iteration (returns the state to give exit), iter runs one iteration's
 * body, exit runs what follows the last (the else clause) and returns the
 * loop's CTRL code (c: how the last iteration ended). */
void *cf_pyloop_enter(Interp *I);
int cf_pyloop_iter(Interp *I, struct Frame *f, const struct Node *n);
int cf_pyloop_exit(Interp *I, struct Frame *f, const struct Node *n, void *saved, int c);
/* The tail stack: statements after the one being run, per block. */
int cf_tail_push(Interp *I, struct Frame *f, struct NodeVec *v, int from);
int cf_tail_push_while(Interp *I, struct Frame *f, struct Node *n); /* a Python while's barrier */
void cf_tail_set(Interp *I, int depth);
/* A read of an unbound local: MindSpore's message when a tensor if left
 * it defined in one branch only, else NULL. */
const char *cf_unbound_msg(Interp *I, struct Frame *f, int slot);
/* A standalone trace capture (PyNative gradients): begin makes it the
 * current capture (the previous one, if any, is restored by end); input
 * makes a tensor a graph param (recorded ops on it are traced); end
 * returns the module and, per entry-graph param, the tensor to pass (new
 * references; free the array) — or frees everything when params is NULL. */
typedef struct GraphTrace GraphTrace;
GraphTrace *graph_trace_begin(Interp *I, const char *name);
struct IrNode *graph_trace_input(Interp *I, GraphTrace *tr, Tensor *t, const char *name);
struct IrModule *graph_trace_end(Interp *I, GraphTrace *tr, Tensor ***params, int *nparam);

/* eval/autodiff.c: _msc.grad_call(fn, args, kwargs, positions, weights, sens,
 * has_aux) -> (value, input_grads, weight_grads). */
Value autodiff_native_grad_call(Interp *I, int argc, Value *argv, KwArgs *kw);

/* The keyword arguments in a dict (borrowed values; free kw->names and
 * kw->vals); none when kwargs is not a dict. */
void graph_kwargs(Value kwargs, KwArgs *kw);
/* ms.export(file_format='MINDIR') (serial_native.c): while a hook is set,
 * every graph call captures a new graph (compiled, not run) and hands it to
 * hook before its passes: m, the entry graph's params' sources (param_src:
 * >= 0 an input, < 0 Parameter -(k+1) of ptens). NULL removes it. */
typedef void (*GraphCaptureHook)(Interp *I, void *ctx, IrModule *m, int nparam, const int *param_src,
                                 Tensor *const *ptens);
void graph_set_capture_hook(Interp *I, GraphCaptureHook hook, void *ctx);
/* Reclaiming catches (exc.c): false while a graph is being captured (its
 * C structures hold references nobody lists); and the references graph
 * mode keeps outside the object graph between captures. */
bool graph_reclaim_ok(Interp *I);
void graph_visit_roots(Interp *I, VisitFn visit, void *arg);
/* Makes s an IR and C identifier in place (other characters -> '_'). */
void graph_ident(char *s);

/* ---- mod_msc.c, npyio.c ------------------------------------------------ */

/* The _msc module (lib/'s access to tensors, primitives, graphs). */
Module *mod_msc_create(Interp *I);
/* _msc's .npy/.npz natives (npyio.c). */
Value npyio_npy_save(Interp *I, int argc, Value *argv, KwArgs *kw);
Value npyio_npy_load(Interp *I, int argc, Value *argv, KwArgs *kw);
Value npyio_npz_load(Interp *I, int argc, Value *argv, KwArgs *kw);
/* What np.load makes of a file's bytes buf[0..n) (malloc'd; freed here):
 * an ndarray (.npy), or the list of (name, ndarray) of a zip (.npz); path
 * names the file in messages. (The fuzz target fuzz/npy.c calls it.) */
Value npyio_load_bytes(Interp *I, uint8_t *buf, size_t n, bool zip, const char *path);
Value npyio_npz_save(Interp *I, int argc, Value *argv, KwArgs *kw);
Value npyio_file_kind(Interp *I, int argc, Value *argv, KwArgs *kw);
/* _msc's dataset-file natives (dsio.c): ds_read_file, ds_decode, ds_idx. */
Value dsio_read_file(Interp *I, int argc, Value *argv, KwArgs *kw);
Value dsio_decode(Interp *I, int argc, Value *argv, KwArgs *kw);
Value dsio_idx(Interp *I, int argc, Value *argv, KwArgs *kw);
/* _msc's checkpoint and MindIR natives (serial_native.c). */
Value serial_ckpt_save(Interp *I, int argc, Value *argv, KwArgs *kw);
Value serial_ckpt_load(Interp *I, int argc, Value *argv, KwArgs *kw);
Value serial_mindir_export(Interp *I, int argc, Value *argv, KwArgs *kw);
Value serial_mindir_load(Interp *I, int argc, Value *argv, KwArgs *kw);
Value serial_mindir_run(Interp *I, int argc, Value *argv, KwArgs *kw);
Value serial_mindir_inline(Interp *I, int argc, Value *argv, KwArgs *kw);
Value serial_file_exists(Interp *I, int argc, Value *argv, KwArgs *kw);

#endif
