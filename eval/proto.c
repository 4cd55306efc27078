/* proto.c — the object protocol every kind answers: repr and str (CPython's
 * formats), truth, hashing, equality and identity, len, membership, and
 * item get/set/delete, with user classes' dunders.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tensor.h" /* OBJ_TENSOR/OBJ_DTYPE protocol hooks */
#include "valpriv.h"

/* ---- repr ------------------------------------------------------------- */

static const char *class_module(Interp *I, Class *c) {
  if (!c->dict) return NULL;
  Value m = dict_get_str(I, c->dict, I->s.module);
  if (!v_is(m, OBJ_STR) || strcmp(AS_STR(m)->data, "builtins") == 0) return NULL;
  return AS_STR(m)->data;
}

static const char *class_qualname(Interp *I, Class *c) {
  if (c->dict) {
    Value q = dict_get_str(I, c->dict, I->s.qualname);
    if (v_is(q, OBJ_STR)) return AS_STR(q)->data;
  }
  return class_name(c);
}

static void class_repr_buf(Interp *I, Buf *b, Class *c) {
  const char *mod = class_module(I, c);
  if (mod) buf_printf(b, "<class '%s.%s'>", mod, class_qualname(I, c));
  else buf_printf(b, "<class '%s'>", class_qualname(I, c));
}

void default_repr_buf(Interp *I, Buf *b, Value v) {
  Class *c = rt_class_of(I, v);
  const char *mod = class_module(I, c);
  if (mod) buf_printf(b, "<%s.%s object at %p>", mod, class_qualname(I, c), (void *)v.as.o);
  else buf_printf(b, "<%s object at %p>", class_qualname(I, c), (void *)v.as.o);
}

static Tuple *exc_args_of(Interp *I, Value exc) {
  if (!v_is(exc, OBJ_INSTANCE) || !AS_INST(exc)->dict) return NULL;
  Value a = dict_get_str(I, AS_INST(exc)->dict, I->s.args);
  return v_is(a, OBJ_TUPLE) ? AS_TUPLE(a) : NULL;
}

void exc_str_buf(Interp *I, Buf *b, Value exc) {
  Tuple *t = exc_args_of(I, exc);
  if (!t || t->len == 0) return;
  if (t->len == 1) {
    if (rt_exc_matches(I, exc, EXC_KeyError)) rt_repr_buf(I, b, t->items[0]);
    else rt_str_buf(I, b, t->items[0]);
    return;
  }
  rt_repr_buf(I, b, v_obj(&t->h));
}

static void exc_repr_buf(Interp *I, Buf *b, Value exc) {
  Tuple *t = exc_args_of(I, exc);
  buf_puts(b, rt_type_name(I, exc));
  if (!t || t->len == 0) { buf_puts(b, "()"); return; }
  if (t->len == 1) {
    buf_putc(b, '(');
    rt_repr_buf(I, b, t->items[0]);
    buf_putc(b, ')');
    return;
  }
  rt_repr_buf(I, b, v_obj(&t->h));
}

/* Appends the str returned by a user __repr__/__str__. */
static void call_str_dunder(Interp *I, Buf *b, Value fn, Value self, const char *what) {
  Value r = rt_call1(I, fn, self);
  if (!v_is(r, OBJ_STR)) {
    const char *tn = rt_type_name(I, r);
    v_decref(I, r);
    rt_raise(I, EXC_TypeError, "%s returned non-string (type %s)", what, tn);
  }
  buf_append(b, AS_STR(r)->data, (size_t)AS_STR(r)->len);
  v_decref(I, r);
}

/* Containers being repr'd, innermost last (ValState.repr_stack); each has
 * OF_REPR set. An exception unwinding through a repr truncates the stack
 * back (see guarded_repr), so no flag is left behind. */
static bool repr_enter(Interp *I, Obj *o) {
  if (o->flags & OF_REPR) return false;
  rt_recursion_enter(I, " while getting the repr of an object");
  ValState *vs = I->vs;
  if (vs->nrepr == vs->caprepr) {
    vs->caprepr = vs->caprepr ? vs->caprepr * 2 : 64;
    vs->repr_stack = xrealloc(vs->repr_stack, (size_t)vs->caprepr * sizeof *vs->repr_stack);
  }
  vs->repr_stack[vs->nrepr++] = o;
  o->flags |= OF_REPR;
  return true;
}

static void repr_leave(Interp *I, Obj *o) {
  ValState *vs = I->vs;
  o->flags &= ~OF_REPR;
  vs->nrepr--;
  I->depth--;
  if (vs->nrepr == 0) {
    free(vs->repr_stack);
    vs->repr_stack = NULL;
    vs->caprepr = 0;
  }
}

static void items_repr(Interp *I, Buf *b, Value container, bool is_list) {
  for (int64_t i = 0;; i++) {
    int64_t n = is_list ? AS_LIST(container)->len : AS_TUPLE(container)->len;
    if (i >= n) break;
    if (i) buf_puts(b, ", ");
    Value it = v_incref(is_list ? AS_LIST(container)->items[i] : AS_TUPLE(container)->items[i]);
    rt_repr_buf(I, b, it);
    v_decref(I, it);
  }
}

static void dict_repr_buf(Interp *I, Buf *b, Dict *d, bool is_set) {
  bool first = true;
  for (int64_t i = 0; i < d->nentries; i++) {
    DictEntry *e = &d->entries[i];
    if (e->key.tag == V_UNDEF) continue;
    if (!first) buf_puts(b, ", ");
    first = false;
    Value k = v_incref(e->key), v = v_incref(e->val);
    rt_repr_buf(I, b, k);
    if (!is_set) {
      buf_puts(b, ": ");
      rt_repr_buf(I, b, v);
    }
    v_decref(I, k);
    v_decref(I, v);
  }
}

static void func_name_buf(Interp *I, Buf *b, Value f) {
  if (v_is(f, OBJ_FUNC)) {
    Func *fn = AS_FUNC(f);
    Str *n = fn->qualname ? fn->qualname : fn->name;
    buf_puts(b, n ? n->data : "?");
  } else if (v_is(f, OBJ_NATIVE)) {
    buf_puts(b, AS_NATIVE(f)->name);
  } else {
    Str *s = rt_repr(I, f);
    buf_append(b, s->data, (size_t)s->len);
    obj_decref(I, &s->h);
  }
}

void rt_repr_buf(Interp *I, Buf *b, Value v) {
  switch (v.tag) {
  case V_UNDEF: buf_puts(b, "<undefined>"); return;
  case V_NONE: buf_puts(b, "None"); return;
  case V_BOOL: buf_puts(b, v.as.b ? "True" : "False"); return;
  case V_INT: buf_printf(b, "%" PRId64, v.as.i); return;
  case V_FLOAT: float_repr(b, v.as.f); return;
  case V_ELLIPSIS: buf_puts(b, "Ellipsis"); return;
  case V_NOTIMPL: buf_puts(b, "NotImplemented"); return;
  case V_OBJ: break;
  }
  Obj *o = v.as.o;
  switch (o->kind) {
  case OBJ_STR: str_repr_buf(b, (Str *)o); return;
  case OBJ_LIST:
    if (!repr_enter(I, o)) { buf_puts(b, "[...]"); return; }
    buf_putc(b, '[');
    items_repr(I, b, v, true);
    buf_putc(b, ']');
    repr_leave(I, o);
    return;
  case OBJ_TUPLE:
    if (!repr_enter(I, o)) { buf_puts(b, "(...)"); return; }
    buf_putc(b, '(');
    items_repr(I, b, v, false);
    if (((Tuple *)o)->len == 1) buf_putc(b, ',');
    buf_putc(b, ')');
    repr_leave(I, o);
    return;
  case OBJ_DICT:
    if (!repr_enter(I, o)) { buf_puts(b, "{...}"); return; }
    buf_putc(b, '{');
    dict_repr_buf(I, b, (Dict *)o, false);
    buf_putc(b, '}');
    repr_leave(I, o);
    return;
  case OBJ_SET:
    if (((Dict *)o)->len == 0) { buf_puts(b, "set()"); return; }
    if (!repr_enter(I, o)) { buf_puts(b, "set(...)"); return; }
    buf_putc(b, '{');
    dict_repr_buf(I, b, (Dict *)o, true);
    buf_putc(b, '}');
    repr_leave(I, o);
    return;
  case OBJ_RANGE: {
    Range *r = (Range *)o;
    if (r->step == 1) buf_printf(b, "range(%" PRId64 ", %" PRId64 ")", r->start, r->stop);
    else buf_printf(b, "range(%" PRId64 ", %" PRId64 ", %" PRId64 ")", r->start, r->stop, r->step);
    return;
  }
  case OBJ_SLICE: {
    Slice *s = (Slice *)o;
    buf_puts(b, "slice(");
    rt_repr_buf(I, b, s->start);
    buf_puts(b, ", ");
    rt_repr_buf(I, b, s->stop);
    buf_puts(b, ", ");
    rt_repr_buf(I, b, s->step);
    buf_putc(b, ')');
    return;
  }
  case OBJ_FUNC:
    buf_puts(b, "<function ");
    func_name_buf(I, b, v);
    buf_printf(b, " at %p>", (void *)o);
    return;
  case OBJ_NATIVE: {
    Native *n = (Native *)o;
    if (n->self.tag != V_UNDEF) {
      if (v_is(n->self, OBJ_MODULE)) {
        buf_printf(b, "<built-in function %s>", n->name);
        return;
      }
      buf_printf(b, "<built-in method %s of ", n->name);
      if (v_is(n->self, OBJ_CLASS)) {
        buf_puts(b, "type object at ");
        buf_printf(b, "%p>", (void *)n->self.as.o);
      } else {
        buf_printf(b, "%s object at %p>", rt_type_name(I, n->self), n->self.tag == V_OBJ ? (void *)n->self.as.o : (void *)n);
      }
      return;
    }
    Value cv = (o->flags & OF_METHOD) && n->data ? v_obj((Obj *)n->data) : v_undef();
    if (v_is(cv, OBJ_CLASS) && AS_CLASS(cv)->builtin >= 0) {
      buf_printf(b, "<method '%s' of '%s' objects>", n->name, class_name(AS_CLASS(cv)));
      return;
    }
    buf_printf(b, "<built-in function %s>", n->name);
    return;
  }
  case OBJ_BOUND: {
    Bound *bm = (Bound *)o;
    if (v_is(bm->func, OBJ_NATIVE)) {
      buf_printf(b, "<built-in method %s of %s object at %p>", AS_NATIVE(bm->func)->name,
                 rt_type_name(I, bm->self), bm->self.tag == V_OBJ ? (void *)bm->self.as.o : (void *)o);
      return;
    }
    buf_puts(b, "<bound method ");
    func_name_buf(I, b, bm->func);
    buf_puts(b, " of ");
    rt_repr_buf(I, b, bm->self);
    buf_putc(b, '>');
    return;
  }
  case OBJ_CLASS: class_repr_buf(I, b, (Class *)o); return;
  case OBJ_INSTANCE: {
    Value fn;
    if (user_dunder(I, v, I->s.repr, &fn)) {
      call_str_dunder(I, b, fn, v, "__repr__");
      return;
    }
    if (((Instance *)o)->cls->is_exception) {
      exc_repr_buf(I, b, v);
      return;
    }
    if (((Instance *)o)->base) { /* dict/list/tuple subclass: the value's repr (subclass.c) */
      rt_repr_buf(I, b, v_obj(((Instance *)o)->base));
      return;
    }
    default_repr_buf(I, b, v);
    return;
  }
  case OBJ_MODULE: {
    Module *m = (Module *)o;
    if (m->src) buf_printf(b, "<module '%s' from '%s'>", m->name ? m->name->data : "?", m->src->name);
    else buf_printf(b, "<module '%s' (built-in)>", m->name ? m->name->data : "?");
    return;
  }
  case OBJ_CELL: buf_printf(b, "<cell at %p>", (void *)o); return;
  case OBJ_DICTVIEW:
    if (!repr_enter(I, o)) { buf_puts(b, "..."); return; }
    dictview_repr_buf(I, b, (DictView *)o);
    repr_leave(I, o);
    return;
  case OBJ_STATICMETHOD:
  case OBJ_CLASSMETHOD:
    buf_puts(b, o->kind == OBJ_STATICMETHOD ? "<staticmethod(" : "<classmethod(");
    rt_repr_buf(I, b, ((Wrapper *)o)->a);
    buf_puts(b, ")>");
    return;
  case OBJ_SUPER: {
    Super *s = (Super *)o;
    buf_puts(b, "<super: ");
    if (s->start) class_repr_buf(I, b, s->start);
    else buf_puts(b, "NULL");
    buf_puts(b, ", ");
    if (s->self.tag == V_UNDEF) buf_puts(b, "NULL");
    else buf_printf(b, "<%s object>", rt_type_name(I, s->self));
    buf_putc(b, '>');
    return;
  }
  case OBJ_TENSOR: /* tensor.c: MindSpore's / numpy's repr */
  case OBJ_DTYPE: tensor_repr_buf(I, b, v); return;
  case OBJ_COMPLEX: complex_repr(b, ((Complex *)o)->re, ((Complex *)o)->im); return;
  case OBJ_BYTES:
  case OBJ_BYTEARRAY: bytes_repr_buf(b, v); return; /* bytes.c */
  default: default_repr_buf(I, b, v); return;
  }
}

void rt_str_buf(Interp *I, Buf *b, Value v) {
  if (v_is(v, OBJ_STR)) {
    buf_append(b, AS_STR(v)->data, (size_t)AS_STR(v)->len);
    return;
  }
  if (v_is(v, OBJ_INSTANCE)) {
    Value fn;
    if (user_dunder(I, v, I->s.str, &fn)) {
      call_str_dunder(I, b, fn, v, "__str__");
      return;
    }
    if (!user_dunder(I, v, I->s.repr, &fn) && AS_INST(v)->cls->is_exception) {
      exc_str_buf(I, b, v);
      return;
    }
  }
  if (v_is(v, OBJ_TENSOR) || v_is(v, OBJ_DTYPE)) { /* numpy's str (tensor.c) */
    tensor_str_buf(I, b, v);
    return;
  }
  rt_repr_buf(I, b, v);
}

/* Can repr/str of v run user code or raise (so that a buffer could be
 * stranded by the unwind)? */
static bool may_raise(Value v) {
  if (v.tag != V_OBJ) return false;
  switch (v.as.o->kind) {
  case OBJ_STR: case OBJ_RANGE: case OBJ_FUNC: case OBJ_CLASS: case OBJ_MODULE: case OBJ_CELL: case OBJ_ITER:
    return false;
  default:
    return true;
  }
}

/* repr or str of v into a fresh buffer; if it raises, the buffer is freed
 * and the repr stack unwound before the exception goes on. */
static Str *guarded_repr(Interp *I, Value v, bool str) {
  Buf *out = xcalloc(1, sizeof *out);
  ValState *vs = I->vs;
  int64_t saved = vs->nrepr;
  Catch c;
  if (!RT_TRY(I, &c)) {
    Value e = CUR_EXC(I);
    CUR_EXC(I) = v_undef();
    while (vs->nrepr > saved) vs->repr_stack[--vs->nrepr]->flags &= ~OF_REPR;
    buf_free(out);
    free(out);
    reraise_owned(I, e);
  }
  if (str) rt_str_buf(I, out, v);
  else rt_repr_buf(I, out, v);
  rt_catch_pop(I, &c);
  Str *r = str_from_buf(I, out);
  free(out);
  return r;
}

Str *rt_repr(Interp *I, Value v) {
  if (may_raise(v)) return guarded_repr(I, v, false);
  Buf b = {0};
  rt_repr_buf(I, &b, v);
  return str_from_buf(I, &b);
}

Str *rt_str(Interp *I, Value v) {
  if (v_is(v, OBJ_STR)) {
    obj_incref(v.as.o);
    return AS_STR(v);
  }
  char tmp[32];
  if (v.tag == V_INT) {
    int n = snprintf(tmp, sizeof tmp, "%" PRId64, v.as.i);
    return str_new(I, tmp, (size_t)n);
  }
  if (may_raise(v)) return guarded_repr(I, v, true);
  Buf b = {0};
  rt_str_buf(I, &b, v);
  return str_from_buf(I, &b);
}

/* ---- Truth, hashing, equality ----------------------------------------- */

bool rt_truthy(Interp *I, Value v) {
  switch (v.tag) {
  case V_UNDEF:
  case V_NONE: return false;
  case V_BOOL: return v.as.b;
  case V_INT: return v.as.i != 0;
  case V_FLOAT: return v.as.f != 0.0;
  case V_ELLIPSIS:
  case V_NOTIMPL: return true;
  case V_OBJ: break;
  }
  Obj *o = v.as.o;
  switch (o->kind) {
  case OBJ_STR: return ((Str *)o)->len != 0;
  case OBJ_LIST: return ((List *)o)->len != 0;
  case OBJ_TUPLE: return ((Tuple *)o)->len != 0;
  case OBJ_DICT:
  case OBJ_SET: return ((Dict *)o)->len != 0;
  case OBJ_RANGE: return range_len((Range *)o) != 0;
  case OBJ_DICTVIEW: return ((DictView *)o)->d->len != 0;
  case OBJ_INSTANCE: {
    Value fn;
    if (user_dunder(I, v, I->s.bool_, &fn)) {
      Value r = rt_call1(I, fn, v);
      if (r.tag != V_BOOL) {
        const char *tn = rt_type_name(I, r);
        v_decref(I, r);
        rt_raise(I, EXC_TypeError, "__bool__ should return bool, returned %s", tn);
      }
      return r.as.b;
    }
    if (user_dunder(I, v, I->s.len, &fn)) return rt_len(I, v) != 0;
    return true;
  }
  case OBJ_TENSOR: return tensor_truthy(I, v); /* size-1 only (tensor.c) */
  case OBJ_COMPLEX: return ((Complex *)o)->re != 0.0 || ((Complex *)o)->im != 0.0;
  case OBJ_BYTES: return ((Bytes *)o)->len != 0;
  case OBJ_BYTEARRAY: return ((ByteArray *)o)->len != 0;
  default: return true;
  }
}

static uint64_t ptr_hash(const void *p) {
  uintptr_t y = (uintptr_t)p;
  return (uint64_t)((y >> 4) | (y << (8 * sizeof(uintptr_t) - 4)));
}

_Noreturn static void unhashable(Interp *I, Value v) {
  rt_raise(I, EXC_TypeError, "unhashable type: '%s'", rt_type_name(I, v));
}

uint64_t rt_hash(Interp *I, Value v) {
  switch (v.tag) {
  case V_INT: return hash_int(v.as.i);
  case V_BOOL: return v.as.b;
  case V_FLOAT: return hash_float(v.as.f);
  case V_NONE: return 0xFCA86420u;
  case V_ELLIPSIS: return 0xE111A5Eu;
  case V_NOTIMPL: return 0x0F1A7u;
  case V_UNDEF: return 0;
  case V_OBJ: break;
  }
  Obj *o = v.as.o;
  switch (o->kind) {
  case OBJ_STR: return str_hash((Str *)o);
  case OBJ_TUPLE: {
    rt_recursion_enter(I, "");
    uint64_t h = tuple_hash(I, (Tuple *)o);
    rt_recursion_leave(I);
    return h;
  }
  case OBJ_RANGE: {
    Range *r = (Range *)o;
    int64_t n = range_len(r);
    Value t = n == 0 ? tuple_pack(I, 3, v_int(0), v_none(), v_none())
              : n == 1 ? tuple_pack(I, 3, v_int(1), v_int(r->start), v_none())
                       : tuple_pack(I, 3, v_int(n), v_int(r->start), v_int(r->step));
    uint64_t h = tuple_hash(I, AS_TUPLE(t));
    v_decref(I, t);
    return h;
  }
  case OBJ_LIST:
  case OBJ_DICT:
  case OBJ_SET:
  case OBJ_SLICE:
  case OBJ_DICTVIEW: unhashable(I, v);
  case OBJ_INSTANCE: {
    Value fn;
    if (rt_find_dunder(I, v, I->s.hash, &fn)) {
      if (fn.tag == V_NONE) unhashable(I, v);
      if (!is_object_default(fn)) {
        Value r = rt_call1(I, fn, v);
        if (r.tag != V_INT && r.tag != V_BOOL) {
          v_decref(I, r);
          rt_raise(I, EXC_TypeError, "__hash__ method should return an integer");
        }
        int64_t h = num_i(r);
        return hash_int(h);
      }
    }
    if (((Instance *)o)->base) { /* tuple subclasses hash as tuples; dict/list ones are unhashable */
      if (((Instance *)o)->base->kind != OBJ_TUPLE) unhashable(I, v);
      return rt_hash(I, v_obj(((Instance *)o)->base));
    }
    return ptr_hash(o);
  }
  case OBJ_BOUND: {
    Bound *b = (Bound *)o;
    return rt_hash(I, b->self) ^ rt_hash(I, b->func);
  }
  case OBJ_TENSOR: return tensor_hash(I, v); /* ndarrays are unhashable (tensor.c) */
  case OBJ_COMPLEX: return complex_hash(((Complex *)o)->re, ((Complex *)o)->im);
  case OBJ_BYTES:
  case OBJ_BYTEARRAY: return bytes_hash(I, v); /* bytes.c */
  default: return ptr_hash(o);
  }
}

bool rt_is(Value a, Value b) {
  if (a.tag != b.tag) return false;
  switch (a.tag) {
  case V_BOOL: return a.as.b == b.as.b;
  case V_INT: return a.as.i == b.as.i;
  case V_FLOAT: return memcmp(&a.as.f, &b.as.f, sizeof(double)) == 0;
  case V_OBJ: return a.as.o == b.as.o;
  default: return true;
  }
}

bool rt_eq(Interp *I, Value a, Value b) {
  if (a.tag == V_INT && b.tag == V_INT) return a.as.i == b.as.i;
  if (is_num(a) && is_num(b)) return num_cmp(a, b) == 0;
  if (a.tag == V_OBJ && b.tag == V_OBJ && a.as.o->kind == OBJ_STR && b.as.o->kind == OBJ_STR)
    return str_eq(AS_STR(a), AS_STR(b));
  if (a.tag != V_OBJ && b.tag != V_OBJ) return rt_is(a, b) && a.tag != V_FLOAT;
  Value r = rt_compare(I, CMP_EQ, a, b);
  if (r.tag == V_BOOL) return r.as.b;
  bool t = rt_truthy(I, r);
  v_decref(I, r);
  return t;
}

/* ---- len, contains ------------------------------------------------------ */

int64_t rt_len(Interp *I, Value v) {
  if (v.tag == V_OBJ) {
    Obj *o = v.as.o;
    switch (o->kind) {
    case OBJ_STR: return ((Str *)o)->nchars;
    case OBJ_LIST: return ((List *)o)->len;
    case OBJ_TUPLE: return ((Tuple *)o)->len;
    case OBJ_DICT:
    case OBJ_SET: return ((Dict *)o)->len;
    case OBJ_RANGE: return range_len_checked(I, (Range *)o);
    case OBJ_DICTVIEW: return ((DictView *)o)->d->len;
    case OBJ_INSTANCE: {
      Value fn;
      if (!user_dunder(I, v, I->s.len, &fn)) {
        if (((Instance *)o)->base) return rt_len(I, v_obj(((Instance *)o)->base)); /* subclass.c */
        break;
      }
      Value r = rt_call1(I, fn, v);
      if (r.tag != V_INT && r.tag != V_BOOL) {
        const char *tn = rt_type_name(I, r);
        v_decref(I, r);
        rt_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer", tn);
      }
      if (num_i(r) < 0) rt_raise(I, EXC_ValueError, "__len__() should return >= 0");
      return num_i(r);
    }
    case OBJ_TENSOR: return tensor_len(I, v); /* tensor.c */
    case OBJ_BYTES: return ((Bytes *)o)->len;
    case OBJ_BYTEARRAY: return ((ByteArray *)o)->len;
    default: break;
    }
  }
  rt_raise(I, EXC_TypeError, "object of type '%s' has no len()", rt_type_name(I, v));
}

static bool contains_by_iter(Interp *I, Value container, Value item) {
  Value it = rt_iter(I, container), x;
  while (rt_next(I, it, &x)) {
    bool eq = rt_is(x, item) || rt_eq(I, x, item);
    v_decref(I, x);
    if (eq) {
      v_decref(I, it);
      return true;
    }
  }
  v_decref(I, it);
  return false;
}

bool rt_contains(Interp *I, Value c, Value item) {
  if (c.tag == V_OBJ) {
    Obj *o = c.as.o;
    switch (o->kind) {
    case OBJ_STR:
      if (!v_is(item, OBJ_STR))
        rt_raise(I, EXC_TypeError, "'in <string>' requires string as left operand, not %s", rt_type_name(I, item));
      return str_contains((Str *)o, AS_STR(item));
    case OBJ_LIST:
    case OBJ_TUPLE:
      for (int64_t i = 0;; i++) {
        int64_t n = o->kind == OBJ_LIST ? ((List *)o)->len : ((Tuple *)o)->len;
        if (i >= n) return false;
        Value x = o->kind == OBJ_LIST ? ((List *)o)->items[i] : ((Tuple *)o)->items[i];
        if (rt_is(x, item)) return true;
        v_incref(x);
        bool eq = rt_eq(I, x, item);
        v_decref(I, x);
        if (eq) return true;
      }
    case OBJ_DICT: return dict_get(I, (Dict *)o, item).tag != V_UNDEF;
    case OBJ_SET: return set_contains(I, (Set *)o, item);
    case OBJ_RANGE: return range_contains(I, (Range *)o, item);
    case OBJ_DICTVIEW: return dictview_contains(I, (DictView *)o, item);
    case OBJ_ITER: return contains_by_iter(I, c, item);
    case OBJ_BYTES:
    case OBJ_BYTEARRAY: return bytes_contains(I, c, item); /* bytes.c */
    case OBJ_TENSOR: { /* numpy: (a == item).any() (tensor.c) */
      Value eq = rt_compare(I, CMP_EQ, c, item);
      if (!v_is(eq, OBJ_TENSOR)) return rt_truthy(I, eq);
      Tensor *t = AS_TENSOR(eq);
      bool any = false;
      for (int64_t i = 0; i < t->size && !any; i++) any = tensor_get_i64(t, i) != 0;
      v_decref(I, eq);
      return any;
    }
    case OBJ_INSTANCE: {
      Value fn;
      if (user_dunder(I, c, I->s.contains, &fn)) {
        Value r = rt_call2(I, fn, c, item);
        bool t = rt_truthy(I, r);
        v_decref(I, r);
        return t;
      }
      if (((Instance *)o)->base && !user_dunder(I, c, I->s.iter, &fn)) /* subclass.c */
        return rt_contains(I, v_obj(((Instance *)o)->base), item);
      if (user_dunder(I, c, I->s.iter, &fn) || user_dunder(I, c, I->s.getitem, &fn))
        return contains_by_iter(I, c, item);
      break;
    }
    default: break;
    }
  }
  rt_raise(I, EXC_TypeError, "argument of type '%s' is not iterable", rt_type_name(I, c));
}

/* ---- Items -------------------------------------------------------------------- */

int64_t rt_seq_index(Interp *I, Value idx, int64_t len, const char *what) {
  int64_t i = idx.tag == V_INT ? idx.as.i : val_index(I, idx);
  if (i < 0) i += len;
  if (i < 0 || i >= len) rt_raise(I, EXC_IndexError, "%s index out of range", what);
  return i;
}

Value rt_getitem(Interp *I, Value obj, Value key) {
  if (obj.tag == V_OBJ) {
    Obj *o = obj.as.o;
    switch (o->kind) {
    case OBJ_LIST:
      if (key.tag == V_INT) {
        List *l = (List *)o;
        int64_t i = key.as.i;
        if (i < 0) i += l->len;
        if (i >= 0 && i < l->len) return v_incref(l->items[i]);
      }
      return list_getitem(I, (List *)o, key);
    case OBJ_TUPLE: return tuple_getitem(I, (Tuple *)o, key);
    case OBJ_STR: return str_getitem(I, (Str *)o, key);
    case OBJ_DICT: return dict_getitem(I, (Dict *)o, key);
    case OBJ_RANGE: return range_getitem(I, (Range *)o, key);
    case OBJ_TENSOR: return tensor_getitem(I, obj, key); /* basic indexing (tensor.c) */
    case OBJ_BYTES:
    case OBJ_BYTEARRAY: return bytes_getitem(I, obj, key); /* bytes.c */
    case OBJ_INSTANCE: {
      Value fn;
      Obj *base = ((Instance *)o)->base;
      bool has = user_dunder(I, obj, I->s.getitem, &fn);
      if (base && base->kind == OBJ_DICT && (!has || subclass_is_builtin_method(I, fn, OBJ_DICT))) {
        /* dict.__getitem__ of a subclass: __missing__ for a missing key (subclass.c) */
        Value r = dict_get(I, (Dict *)base, key);
        if (r.tag != V_UNDEF) return v_incref(r);
        Str *nm = str_intern(I, "__missing__");
        bool miss = rt_find_dunder(I, obj, nm, &fn);
        obj_decref(I, &nm->h);
        if (miss) return rt_call2(I, fn, obj, key);
        raise_with_value(I, EXC_KeyError, key);
      }
      if (has) return rt_call2(I, fn, obj, key);
      if (base) return rt_getitem(I, v_obj(base), key);
      break;
    }
    case OBJ_CLASS: {
      Str *nm = str_intern(I, "__class_getitem__");
      Value fn = class_lookup(I, (Class *)o, nm);
      obj_decref(I, &nm->h);
      if (fn.tag != V_UNDEF) return rt_call2(I, fn, obj, key);
      if (((Class *)o)->builtin >= 0 && ((Class *)o)->builtin != CLS_TYPE) return v_incref(obj);
      rt_raise(I, EXC_TypeError, "type '%s' is not subscriptable", class_name((Class *)o));
    }
    default: break;
    }
  }
  rt_raise(I, EXC_TypeError, "'%s' object is not subscriptable", rt_type_name(I, obj));
}

void rt_setitem(Interp *I, Value obj, Value key, Value val) {
  if (obj.tag == V_OBJ) {
    Obj *o = obj.as.o;
    switch (o->kind) {
    case OBJ_LIST:
      if (key.tag == V_INT) {
        List *l = (List *)o;
        int64_t i = key.as.i;
        if (i < 0) i += l->len;
        if (i >= 0 && i < l->len) {
          Value old = l->items[i];
          l->items[i] = v_incref(val);
          v_decref(I, old);
          return;
        }
      }
      list_setitem(I, (List *)o, key, val);
      return;
    case OBJ_DICT: dict_set(I, (Dict *)o, key, val); return;
    case OBJ_TENSOR: tensor_setitem(I, obj, key, val); return; /* tensor.c */
    case OBJ_BYTEARRAY: bytearray_setitem(I, obj, key, val); return; /* bytes.c */
    case OBJ_INSTANCE: {
      Value fn;
      if (user_dunder(I, obj, I->s.setitem, &fn)) {
        Value argv[3] = {obj, key, val};
        Value r = rt_call(I, fn, 3, argv, NULL);
        v_decref(I, r);
        return;
      }
      if (((Instance *)o)->base && ((Instance *)o)->base->kind != OBJ_TUPLE) { /* subclass.c */
        rt_setitem(I, v_obj(((Instance *)o)->base), key, val);
        return;
      }
      break;
    }
    default: break;
    }
  }
  rt_raise(I, EXC_TypeError, "'%s' object does not support item assignment", rt_type_name(I, obj));
}

void rt_delitem(Interp *I, Value obj, Value key) {
  if (obj.tag == V_OBJ) {
    Obj *o = obj.as.o;
    switch (o->kind) {
    case OBJ_LIST: list_delitem(I, (List *)o, key); return;
    case OBJ_DICT:
      if (!dict_del(I, (Dict *)o, key)) raise_with_value(I, EXC_KeyError, key);
      return;
    case OBJ_INSTANCE: {
      Value fn;
      if (user_dunder(I, obj, I->s.delitem, &fn)) {
        Value r = rt_call2(I, fn, obj, key);
        v_decref(I, r);
        return;
      }
      if (((Instance *)o)->base && ((Instance *)o)->base->kind != OBJ_TUPLE) { /* subclass.c */
        rt_delitem(I, v_obj(((Instance *)o)->base), key);
        return;
      }
      break;
    }
    default: break;
    }
  }
  rt_raise(I, EXC_TypeError, "'%s' object doesn't support item deletion", rt_type_name(I, obj));
}
