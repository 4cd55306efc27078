/* valpriv.h — private interface between the files of the value layer
 * (value.c str.c num.c format.c list.c dict.c iter.c proto.c). Nothing
 * outside these files needs it; the evaluator uses value.h only.
 */
#ifndef MSC_VALPRIV_H
#define MSC_VALPRIV_H

#include <stdint.h>

#include "../runtime/msrt.h"
#include "value.h"

/* Obj.flags bits owned by the value layer (high bits; the low ones are
 * free for interp.c). */
#define OF_REPR (1u << 31)   /* container is being repr'd: print [...] */
#define OF_METHOD (1u << 30) /* Native from class_add_native: data is its Class */

typedef void (*VisitFn)(Obj *child, void *arg);

/* ---- Per-interpreter state (Interp.vs) ------------------------------- */

/* iter.c's iterator classes: one per IterKind, then the variants iter.c
 * numbers after them (str_ascii, set, reversed range, dict and reversed
 * dict iterators); iter.c checks the count. */
#define ITER_CLASS_SLOTS 22

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
  Obj *index_scratch;                /* tensor.c: a list owning advanced indexing's temporaries */
  Obj *op_cache;                     /* mod_msc.c: _msc.prim's op name -> OpId */
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
  /* proto.c: containers being repr'd, innermost last (OF_REPR set) */
  Obj **repr_stack;
  int64_t nrepr, caprepr;
  /* mod_msc.c: the global random stream (np.random.*, initialisers),
   * made on first use */
  struct MtState *rng;
} ValState;

#define VR(I) (&(I)->vs->roots.s)

/* ---- value.c --------------------------------------------------------- */

/* Registers a static slot holding a reference (a cache kept outside
 * Interp): the leak check counts *slot as a root and gc_sweep_all clears
 * it. Register a slot once, when first filled. Per-interpreter caches
 * belong in VRootSlots instead; the last user is prim.c's scratch list. */
void gc_root_slot(Obj **slot);
/* Frees Interp.vs (interp_free, after gc_sweep_all). */
void value_free(Interp *I);
/* Objects referenced from outside the object graph and the roots (what
 * MSC_CHECK_LEAKS reports); verbose lists them on stderr. For tests. */
int64_t gc_leak_count(Interp *I, bool verbose);
void class_add_property(Interp *I, Class *c, const char *name, NativeFn getter);
void class_add_classmethod(Interp *I, Class *c, const char *name, NativeFn fn);
void class_add_value(Interp *I, Class *c, const char *name, Value v);
/* Raises kind(arg): the exception's args are (arg,) — KeyError(key). */
_Noreturn void raise_with_value(Interp *I, ExcKind kind, Value arg);
_Noreturn void raise_with_value_owned(Interp *I, ExcKind kind, Value arg); /* steals arg */
/* Raises the exception instance e, whose reference we own (taken from the
 * current-exception slot after a catch). */
_Noreturn void reraise_owned(Interp *I, Value e);
/* Raises kind() (no arguments: StopIteration). */
_Noreturn void raise_empty(Interp *I, ExcKind kind);
/* The exception being propagated (Interp's owned "current exception"). */
#define CUR_EXC(I) ((I)->exc_value)
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
static inline bool is_num(Value v) { return v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL; }
static inline int64_t num_i(Value v) { return v.tag == V_BOOL ? (int64_t)v.as.b : v.as.i; }

/* ---- list.c ---------------------------------------------------------- */

Value list_getitem(Interp *I, List *l, Value key);
Value tuple_getitem(Interp *I, Tuple *t, Value key);
Value range_getitem(Interp *I, Range *r, Value key);
void list_setitem(Interp *I, List *l, Value key, Value val);
void list_delitem(Interp *I, List *l, Value key);
void list_extend(Interp *I, List *l, Value iterable);
int64_t range_len(Range *r);
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

void default_repr_buf(Interp *I, Buf *b, Value v); /* object.__repr__ */
void exc_str_buf(Interp *I, Buf *b, Value exc);

/* ---- mod_msc.c, npyio.c ------------------------------------------------ */

/* The _msc module (lib/'s access to tensors, primitives, graphs). */
Module *mod_msc_create(Interp *I);
/* _msc's .npy/.npz natives (npyio.c). */
Value npyio_npy_save(Interp *I, int argc, Value *argv, KwArgs *kw);
Value npyio_npy_load(Interp *I, int argc, Value *argv, KwArgs *kw);
Value npyio_npz_load(Interp *I, int argc, Value *argv, KwArgs *kw);
Value npyio_npz_save(Interp *I, int argc, Value *argv, KwArgs *kw);
Value npyio_file_kind(Interp *I, int argc, Value *argv, KwArgs *kw);

#endif
