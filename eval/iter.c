/* iter.c — built-in iterator objects (OBJ_ITER) over lists, tuples, str,
 * ranges, dicts/sets/views, and the enumerate/zip/map/filter/reversed
 * types; rt_iter/rt_next (with the __iter__/__next__ and __getitem__
 * protocols of user classes); the iter/next builtins. Iterators are
 * single-use like CPython's: iter(it) is it.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp.h" /* exc_reraise */
#include "tensor.h" /* iteration over a tensor's first axis */
#include "valpriv.h"

typedef enum {
  IT_LIST, IT_TUPLE, IT_STR, IT_RANGE, IT_DICT, IT_ENUMERATE, IT_ZIP, IT_MAP, IT_FILTER,
  IT_REVLIST, IT_REVSEQ, IT_SEQ, IT_CALLABLE, IT_BYTES, IT_COUNT
} IterKind;

typedef struct Iter {
  Obj h;
  IterKind kind;
  int which;     /* IT_DICT: DV_KEYS/VALUES/ITEMS */
  bool is_set;   /* IT_DICT over a set */
  bool reverse;  /* IT_DICT: reversed(dict) */
  bool strict;   /* IT_ZIP */
  bool done;
  Value src;     /* container, inner iterator, or callable (IT_CALLABLE) */
  Value fn;      /* map/filter function; IT_CALLABLE: the sentinel */
  int64_t pos;   /* next index / byte offset / entry index */
  int64_t end;   /* IT_RANGE: count; IT_DICT: expected len */
  int64_t cur, step; /* IT_RANGE: next value and step; IT_ENUMERATE: count */
  Tuple *its;    /* IT_ZIP / IT_MAP: the iterators */
} Iter;

/* The slots of the iterator classes in Interp.vs (VRootSlots.iter_class):
 * one per IterKind, then these variants. */
enum {
  IC_STR_ASCII = IT_COUNT, IC_SET, IC_RANGE_REV,
  IC_DICT,                 /* + DV_KEYS/DV_VALUES/DV_ITEMS */
  IC_DICT_REV = IC_DICT + 3,
  IC_BYTEARRAY = IC_DICT_REV + 3,
  IC_COUNT
};
_Static_assert(IC_COUNT == ITER_CLASS_SLOTS, "valpriv.h ITER_CLASS_SLOTS");

/* ---- Object protocol -------------------------------------------------- */

void iter_destroy(Interp *I, Obj *o) {
  Iter *it = (Iter *)o;
  v_decref(I, it->src);
  v_decref(I, it->fn);
  if (it->its) obj_decref(I, &it->its->h);
}

void iter_free_mem(Obj *o) { (void)o; }

void iter_traverse(Obj *o, VisitFn visit, void *arg) {
  Iter *it = (Iter *)o;
  if (it->src.tag == V_OBJ) visit(it->src.as.o, arg);
  if (it->fn.tag == V_OBJ) visit(it->fn.as.o, arg);
  if (it->its) visit(&it->its->h, arg);
}

static void add_iter_methods(Interp *I, Class *c);

static Class *get_class(Interp *I, int ic, const char *name) {
  Obj **slot = &VR(I)->iter_class[ic];
  if (!*slot) add_iter_methods(I, class_new_internal(I, name, slot));
  return (Class *)*slot;
}

Class *iter_class(Interp *I, Obj *o) {
  Iter *it = (Iter *)o;
  static const char *const names[IT_COUNT] = {
      "list_iterator", "tuple_iterator", "str_iterator", "range_iterator", "dict_keyiterator",
      "enumerate", "zip", "map", "filter", "list_reverseiterator", "reversed", "iterator",
      "callable_iterator", "bytes_iterator"};
  if (it->kind == IT_STR && v_is(it->src, OBJ_STR) && AS_STR(it->src)->nchars == AS_STR(it->src)->len)
    return get_class(I, IC_STR_ASCII, "str_ascii_iterator");
  if (it->kind == IT_DICT) {
    if (it->is_set) return get_class(I, IC_SET, "set_iterator");
    static const char *const dn[3] = {"dict_keyiterator", "dict_valueiterator", "dict_itemiterator"};
    static const char *const rn[3] = {"dict_reversekeyiterator", "dict_reversevalueiterator", "dict_reverseitemiterator"};
    if (it->reverse) return get_class(I, IC_DICT_REV + it->which, rn[it->which]);
    return get_class(I, IC_DICT + it->which, dn[it->which]);
  }
  if (it->kind == IT_RANGE && it->reverse) return get_class(I, IC_RANGE_REV, "range_iterator");
  if (it->kind == IT_BYTES && v_is(it->src, OBJ_BYTEARRAY)) return get_class(I, IC_BYTEARRAY, "bytearray_iterator");
  return get_class(I, it->kind, names[it->kind]);
}

static Iter *iter_alloc(Interp *I, IterKind kind, Value src) {
  Iter *it = (Iter *)obj_alloc(I, OBJ_ITER, sizeof(Iter));
  it->kind = kind;
  it->src = v_incref(src);
  it->fn = v_undef();
  return it;
}

/* Iterator over a dict's keys/values/items or a set (DV_*). */
static Value iter_dict(Interp *I, Dict *d, int which, bool is_set) {
  Iter *it = iter_alloc(I, IT_DICT, v_obj(&d->h));
  it->which = which;
  it->is_set = is_set;
  it->end = d->len;
  return v_obj(&it->h);
}

static Value iter_range(Interp *I, Range *r, bool reverse) {
  Iter *it = iter_alloc(I, IT_RANGE, v_obj(&r->h));
  int64_t n = range_len(r);
  it->end = n;
  it->step = r->step;
  it->cur = r->start;
  if (reverse) {
    it->reverse = true;
    it->cur = n ? (int64_t)((__int128)r->start + (__int128)(n - 1) * r->step) : 0;
    it->step = -r->step;
  }
  return v_obj(&it->h);
}

static bool is_iterator(Interp *I, Value v) {
  Value fn;
  return v_is(v, OBJ_ITER) || (v_is(v, OBJ_INSTANCE) && rt_find_dunder(I, v, I->s.next, &fn));
}

Value rt_iter(Interp *I, Value v) {
  if (v.tag == V_OBJ) {
    Obj *o = v.as.o;
    switch (o->kind) {
    case OBJ_ITER: return v_incref(v);
    case OBJ_LIST: return v_obj(&iter_alloc(I, IT_LIST, v)->h);
    case OBJ_TUPLE: return v_obj(&iter_alloc(I, IT_TUPLE, v)->h);
    case OBJ_STR: return v_obj(&iter_alloc(I, IT_STR, v)->h);
    case OBJ_BYTES:
    case OBJ_BYTEARRAY: return v_obj(&iter_alloc(I, IT_BYTES, v)->h);
    case OBJ_RANGE: return iter_range(I, (Range *)o, false);
    case OBJ_DICT: return iter_dict(I, (Dict *)o, DV_KEYS, false);
    case OBJ_SET: return iter_dict(I, (Dict *)o, DV_KEYS, true);
    case OBJ_DICTVIEW: return iter_dict(I, ((DictView *)o)->d, ((DictView *)o)->which, false);
    case OBJ_TENSOR: return tensor_iter(I, v); /* rows of the first axis (tensor.c) */
    case OBJ_INSTANCE: {
      Value fn;
      if (user_dunder(I, v, I->s.iter, &fn)) {
        if (fn.tag == V_NONE) break;
        Value r = rt_call1(I, fn, v);
        if (!is_iterator(I, r)) {
          const char *tn = rt_type_name(I, r);
          v_decref(I, r);
          rt_raise(I, EXC_TypeError, "iter() returned non-iterator of type '%s'", tn);
        }
        return r;
      }
      if (((Instance *)o)->base) return rt_iter(I, v_obj(((Instance *)o)->base)); /* subclass.c */
      if (user_dunder(I, v, I->s.getitem, &fn)) return v_obj(&iter_alloc(I, IT_SEQ, v)->h);
      break;
    }
    default:
      break;
    }
  }
  rt_raise(I, EXC_TypeError, "'%s' object is not iterable", rt_type_name(I, v));
}

/* Calls fn(arg) (or fn() when arg is V_UNDEF); false when it raised one of
 * the exceptions in stop (StopIteration, and IndexError for the sequence
 * protocol). */
static bool call_catching(Interp *I, Value fn, Value arg1, Value arg2, bool index_error, Value *out) {
  Catch c;
  if (RT_TRY(I, &c)) {
    if (arg1.tag == V_UNDEF) *out = rt_call0(I, fn);
    else if (arg2.tag == V_UNDEF) *out = rt_call1(I, fn, arg1);
    else *out = rt_call2(I, fn, arg1, arg2);
    rt_catch_pop(I, &c);
    return true;
  }
  Value e = CUR_EXC(I);
  if (rt_exc_matches(I, e, EXC_StopIteration) || (index_error && rt_exc_matches(I, e, EXC_IndexError))) {
    CUR_EXC(I) = v_undef();
    v_decref(I, e);
    return false;
  }
  CUR_EXC(I) = v_undef();
  reraise_owned(I, e);
}

static bool dict_next(Interp *I, Iter *it, Value *out) {
  Dict *d = AS_DICT(it->src);
  if (d->len != it->end) {
    it->done = true;
    it->end = -1;
    if (it->is_set) rt_raise(I, EXC_RuntimeError, "Set changed size during iteration");
    rt_raise(I, EXC_RuntimeError, "dictionary changed size during iteration");
  }
  for (;;) {
    int64_t i;
    if (it->reverse) {
      i = d->nentries - 1 - it->pos;
      if (i < 0) return false;
    } else {
      i = it->pos;
      if (i >= d->nentries) return false;
    }
    it->pos++;
    DictEntry *e = &d->entries[i];
    if (e->key.tag == V_UNDEF) continue;
    switch (it->which) {
    case DV_KEYS: *out = v_incref(e->key); break;
    case DV_VALUES: *out = v_incref(e->val); break;
    default: *out = tuple_pack(I, 2, e->key, e->val); break;
    }
    return true;
  }
}

bool rt_next(Interp *I, Value v, Value *out) {
  rt_step(I);
  if (v_is(v, OBJ_INSTANCE)) {
    Value fn;
    if (!rt_find_dunder(I, v, I->s.next, &fn))
      rt_raise(I, EXC_TypeError, "'%s' object is not an iterator", rt_type_name(I, v));
    return call_catching(I, fn, v, v_undef(), false, out);
  }
  if (!v_is(v, OBJ_ITER)) rt_raise(I, EXC_TypeError, "'%s' object is not an iterator", rt_type_name(I, v));
  Iter *it = (Iter *)v.as.o;
  if (it->done) return false;
  switch (it->kind) {
  case IT_RANGE:
    if (it->pos >= it->end) break;
    *out = v_int(it->cur);
    if (++it->pos < it->end) it->cur += it->step;
    return true;
  case IT_LIST: {
    List *l = AS_LIST(it->src);
    if (it->pos >= l->len) break;
    *out = v_incref(l->items[it->pos++]);
    return true;
  }
  case IT_TUPLE: {
    Tuple *t = AS_TUPLE(it->src);
    if (it->pos >= t->len) break;
    *out = v_incref(t->items[it->pos++]);
    return true;
  }
  case IT_STR: {
    Str *s = AS_STR(it->src);
    if (it->pos >= s->len) break;
    int n = utf8_len1((unsigned char)s->data[it->pos]);
    *out = v_obj(&str_char(I, s->data + it->pos, n)->h);
    it->pos += n;
    return true;
  }
  case IT_BYTES: {
    int64_t n;
    const char *p = bytes_ptr(it->src, &n);
    if (it->pos >= n) break;
    *out = v_int((unsigned char)p[it->pos++]);
    return true;
  }
  case IT_DICT:
    if (dict_next(I, it, out)) return true;
    break;
  case IT_ENUMERATE: {
    Value x;
    if (!rt_next(I, it->src, &x)) break;
    int64_t n = it->cur;
    if (n == INT64_MAX) {
      v_decref(I, x);
      rt_raise(I, EXC_OverflowError, "integer overflow: result does not fit in 64 bits (msc integers are 64-bit)");
    }
    it->cur++;
    Tuple *t = tuple_new(I, 2);
    t->items[0] = v_int(n);
    t->items[1] = x;
    *out = v_obj(&t->h);
    return true;
  }
  case IT_ZIP: {
    int64_t n = it->its->len;
    if (n == 0) break;
    Tuple *t = tuple_new(I, n);
    for (int64_t i = 0; i < n; i++) {
      Value x;
      if (!rt_next(I, it->its->items[i], &x)) {
        obj_decref(I, &t->h);
        it->done = true;
        if (it->strict) {
          if (i > 0)
            rt_raise(I, EXC_ValueError, "zip() argument %" PRId64 " is shorter than argument%s 1%s", i + 1,
                     i > 1 ? "s" : "", i > 1 ? "-" : "");
          for (int64_t j = 1; j < n; j++) {
            Value y;
            if (rt_next(I, it->its->items[j], &y)) {
              v_decref(I, y);
              rt_raise(I, EXC_ValueError, "zip() argument %" PRId64 " is longer than argument%s 1%s", j + 1,
                       j > 1 ? "s" : "", j > 1 ? "-" : "");
            }
          }
        }
        return false;
      }
      t->items[i] = x;
    }
    *out = v_obj(&t->h);
    return true;
  }
  case IT_MAP: {
    int64_t n = it->its->len;
    Value small[4];
    Value *args = n <= 4 ? small : xmalloc((size_t)n * sizeof(Value));
    int64_t got = 0;
    for (; got < n; got++)
      if (!rt_next(I, it->its->items[got], &args[got])) break;
    if (got < n) {
      for (int64_t i = 0; i < got; i++) v_decref(I, args[i]);
      if (args != small) free(args);
      it->done = true;
      return false;
    }
    Value r;
    if (n == 1) r = rt_call1(I, it->fn, args[0]);
    else {
      Tuple *hold = tuple_new(I, n); /* owns the arguments across the call */
      for (int64_t i = 0; i < n; i++) hold->items[i] = args[i];
      if (args != small) free(args);
      args = NULL;
      r = rt_call(I, it->fn, (int)n, hold->items, NULL);
      obj_decref(I, &hold->h);
      *out = r;
      return true;
    }
    v_decref(I, args[0]);
    *out = r;
    return true;
  }
  case IT_FILTER: {
    Value x;
    while (rt_next(I, it->src, &x)) {
      bool keep;
      if (it->fn.tag == V_NONE) keep = rt_truthy(I, x);
      else {
        Value r = rt_call1(I, it->fn, x);
        keep = rt_truthy(I, r);
        v_decref(I, r);
      }
      if (keep) { *out = x; return true; }
      v_decref(I, x);
    }
    break;
  }
  case IT_REVLIST: {
    List *l = AS_LIST(it->src);
    if (it->pos < 0 || it->pos >= l->len) break;
    *out = v_incref(l->items[it->pos--]);
    return true;
  }
  case IT_REVSEQ:
    if (it->pos < 0) break;
    *out = rt_getitem(I, it->src, v_int(it->pos--));
    return true;
  case IT_SEQ: {
    Value fn;
    if (!rt_find_dunder(I, it->src, I->s.getitem, &fn)) break;
    if (call_catching(I, fn, it->src, v_int(it->pos), true, out)) {
      it->pos++;
      return true;
    }
    break;
  }
  case IT_CALLABLE: {
    Value r;
    if (!call_catching(I, it->src, v_undef(), v_undef(), false, &r)) break;
    if (rt_eq(I, r, it->fn)) {
      v_decref(I, r);
      break;
    }
    *out = r;
    return true;
  }
  default:
    break;
  }
  it->done = true;
  return false;
}

/* ---- Builtins ------------------------------------------------------------ */

static Value b_iter(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "iter", kw);
  args_count(I, "iter", argc, 1, 2);
  if (argc == 1) return rt_iter(I, argv[0]);
  if (!rt_callable(I, argv[0])) rt_raise(I, EXC_TypeError, "iter(v, w): v must be callable");
  Iter *it = iter_alloc(I, IT_CALLABLE, argv[0]);
  it->fn = v_incref(argv[1]);
  return v_obj(&it->h);
}

static Value b_next(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "next", kw);
  args_count(I, "next", argc, 1, 2);
  if (!is_iterator(I, argv[0])) rt_raise(I, EXC_TypeError, "'%s' object is not an iterator", rt_type_name(I, argv[0]));
  if (argc == 1 && v_is(argv[0], OBJ_INSTANCE)) { /* its StopIteration (and .value) as raised */
    Str *k = str_intern(I, "__next__");
    Value r = rt_call_method(I, argv[0], k, 0, NULL, NULL);
    obj_decref(I, &k->h);
    return r;
  }
  Value x;
  if (rt_next(I, argv[0], &x)) return x;
  if (argc == 2) return v_incref(argv[1]);
  raise_empty(I, EXC_StopIteration);
}

/* In a graph (graph_builtin_seq) the iterator's items at once, as MindSpore
 * gives them (tutorials/source_en/compile/python_builtin_functions.md):
 * map a tuple, or a list when its first sequence is a list; zip and
 * enumerate a tuple of tuples; filter a list. Takes it. */
static Value graph_seq(Interp *I, Value it, bool as_list) {
  List *l = list_new(I, 0);
  Catch cat;
  if (RT_TRY(I, &cat)) {
    Value x;
    while (rt_next(I, it, &x)) {
      list_append(I, l, x);
      v_decref(I, x);
    }
    rt_catch_pop(I, &cat);
  } else {
    v_decref(I, it);
    obj_decref(I, &l->h);
    exc_reraise(I, CUR_EXC(I));
  }
  v_decref(I, it);
  if (as_list) return v_obj(&l->h);
  Value t = tuple_from_iterable(I, v_obj(&l->h));
  obj_decref(I, &l->h);
  return t;
}

static Value enumerate_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"iterable", "start"};
  Value a[2];
  args_bind(I, "enumerate", argc, argv, kw, 1, 2, names, a);
  int64_t start = a[1].tag == V_UNDEF ? 0 : val_index(I, a[1]);
  Value inner = rt_iter(I, a[0]);
  Iter *it = iter_alloc(I, IT_ENUMERATE, inner);
  v_decref(I, inner);
  it->cur = start;
  if (graph_builtin_seq(I)) return graph_seq(I, v_obj(&it->h), false);
  return v_obj(&it->h);
}

static Tuple *iter_all(Interp *I, int argc, Value *argv) {
  Tuple *t = tuple_new(I, argc);
  for (int i = 0; i < argc; i++) t->items[i] = rt_iter(I, argv[i]);
  return t;
}

static Value zip_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  bool strict = false;
  for (int i = 0; kw && i < kw->n; i++) {
    if (strcmp(kw->names[i]->data, "strict") != 0)
      rt_raise(I, EXC_TypeError, "zip() got an unexpected keyword argument '%s'", kw->names[i]->data);
    strict = rt_truthy(I, kw->vals[i]);
  }
  Tuple *its = iter_all(I, argc, argv);
  Iter *it = iter_alloc(I, IT_ZIP, v_none());
  it->its = its;
  it->strict = strict;
  if (graph_builtin_seq(I)) return graph_seq(I, v_obj(&it->h), false);
  return v_obj(&it->h);
}

static Value map_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "map", kw);
  if (argc < 2) rt_raise(I, EXC_TypeError, "map() must have at least two arguments.");
  Tuple *its = iter_all(I, argc - 1, argv + 1);
  Iter *it = iter_alloc(I, IT_MAP, v_none());
  it->fn = v_incref(argv[0]);
  it->its = its;
  if (graph_builtin_seq(I)) return graph_seq(I, v_obj(&it->h), v_is(argv[1], OBJ_LIST));
  return v_obj(&it->h);
}

static Value filter_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "filter", kw);
  args_count(I, "filter", argc, 2, 2);
  Value inner = rt_iter(I, argv[1]);
  Iter *it = iter_alloc(I, IT_FILTER, inner);
  v_decref(I, inner);
  it->fn = v_incref(argv[0]);
  if (graph_builtin_seq(I)) return graph_seq(I, v_obj(&it->h), true);
  return v_obj(&it->h);
}

static Value reversed_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "reversed", kw);
  args_count(I, "reversed", argc, 1, 1);
  Value v = argv[0];
  if (v.tag == V_OBJ) {
    switch (v.as.o->kind) {
    case OBJ_LIST: {
      Iter *it = iter_alloc(I, IT_REVLIST, v);
      it->pos = AS_LIST(v)->len - 1;
      return v_obj(&it->h);
    }
    case OBJ_TUPLE:
    case OBJ_STR:
    case OBJ_BYTES:
    case OBJ_BYTEARRAY: {
      Iter *it = iter_alloc(I, IT_REVSEQ, v);
      it->pos = rt_len(I, v) - 1;
      return v_obj(&it->h);
    }
    case OBJ_RANGE: return iter_range(I, (Range *)v.as.o, true);
    case OBJ_DICT:
    case OBJ_DICTVIEW: {
      Dict *d = v.as.o->kind == OBJ_DICT ? AS_DICT(v) : ((DictView *)v.as.o)->d;
      int which = v.as.o->kind == OBJ_DICT ? DV_KEYS : ((DictView *)v.as.o)->which;
      Value r = iter_dict(I, d, which, false);
      ((Iter *)r.as.o)->reverse = true;
      return r;
    }
    case OBJ_INSTANCE: {
      Value fn;
      Str *nm = str_intern(I, "__reversed__");
      bool has = user_dunder(I, v, nm, &fn);
      obj_decref(I, &nm->h);
      if (has) {
        if (fn.tag == V_NONE) break;
        return rt_call1(I, fn, v);
      }
      Value lf;
      if (user_dunder(I, v, I->s.len, &lf) && user_dunder(I, v, I->s.getitem, &fn)) {
        Iter *it = iter_alloc(I, IT_REVSEQ, v);
        it->pos = rt_len(I, v) - 1;
        return v_obj(&it->h);
      }
      break;
    }
    default:
      break;
    }
  }
  rt_raise(I, EXC_TypeError, "'%s' object is not reversible", rt_type_name(I, v));
}

static Value it_iter(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__iter__", kw);
  args_count(I, "__iter__", argc - 1, 0, 0);
  return v_incref(argv[0]);
}

static Value it_next(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__next__", kw);
  args_count(I, "__next__", argc - 1, 0, 0);
  Value x;
  if (rt_next(I, argv[0], &x)) return x;
  raise_empty(I, EXC_StopIteration);
}

static void add_iter_methods(Interp *I, Class *c) {
  class_add_native(I, c, "__iter__", it_iter);
  class_add_native(I, c, "__next__", it_next);
}

static void add_builtin_iter_class(Interp *I, IterKind k, const char *name, NativeFn ctor) {
  Class *c = class_new_builtin(I, name, OBJ_ITER, NULL, ctor);
  add_iter_methods(I, c);
  Str *key = str_intern(I, name);
  dict_set_str(I, I->builtins, key, v_obj(&c->h));
  obj_decref(I, &key->h);
  VR(I)->iter_class[k] = &c->h; /* the slot owns the creation reference */
}

void iter_init(Interp *I) {
  dict_add_native(I, I->builtins, "iter", b_iter);
  dict_add_native(I, I->builtins, "next", b_next);
  add_builtin_iter_class(I, IT_ENUMERATE, "enumerate", enumerate_ctor);
  add_builtin_iter_class(I, IT_ZIP, "zip", zip_ctor);
  add_builtin_iter_class(I, IT_MAP, "map", map_ctor);
  add_builtin_iter_class(I, IT_FILTER, "filter", filter_ctor);
  add_builtin_iter_class(I, IT_REVSEQ, "reversed", reversed_ctor);
  add_iter_methods(I, I->cls[OBJ_ITER]);
  static const IterKind internal[] = {IT_LIST, IT_TUPLE, IT_STR, IT_RANGE, IT_REVLIST, IT_SEQ, IT_CALLABLE};
  static const char *const names[] = {"list_iterator", "tuple_iterator", "str_iterator", "range_iterator",
                                      "list_reverseiterator", "iterator", "callable_iterator"};
  for (size_t i = 0; i < sizeof internal / sizeof internal[0]; i++)
    get_class(I, internal[i], names[i]);
}
