/* subclass.c — user classes deriving from dict, list or tuple.
 *
 * An instance of such a class is an ordinary Instance (its class, its
 * attribute dict) whose `base` is the built-in value it is: a dict, list
 * or tuple made by dict/list/tuple.__new__ and filled by __init__ (dict,
 * list) or at __new__ (tuple), as CPython does. The built-in class's
 * native methods called on the instance (d.keys(), super().__setitem__,
 * dict.__getitem__(self, k)) run on that value (interp.c's call_native
 * calls subclass_self); the protocol (iteration, len, in, [], ==, repr,
 * hash, + and the other operators) falls back to it when the class does
 * not define the special method (proto.c, iter.c, num.c); d[k] of a dict
 * subclass calls __missing__ for a missing key. isinstance(x, dict) is
 * true through the MRO.
 *
 * Not there: subclasses of the other built-in types (str, int, set, ...),
 * and C code that wants a dict exactly (**kwargs of a dict subclass are
 * read through keys() and [] like any mapping).
 */
#include <string.h>

#include "valpriv.h"

int class_builtin_base(Class *c) {
  if (!c->mro) return -1;
  for (int64_t i = 0; i < c->mro->len; i++) {
    int k = AS_CLASS(c->mro->items[i])->builtin;
    if (k == OBJ_DICT || k == OBJ_LIST || k == OBJ_TUPLE) return k;
  }
  return -1;
}

Value *subclass_self(Native *nat, int argc, Value *argv, Value *buf) {
  if (argc < 1 || !(nat->h.flags & OF_METHOD) || !nat->data) return argv;
  Value b = inst_base(argv[0]);
  if (b.tag == V_UNDEF || ((Class *)nat->data)->builtin != (int)b.as.o->kind) return argv;
  if (buf != argv) memcpy(buf, argv, sizeof(Value) * (size_t)argc);
  buf[0] = b;
  return buf;
}

bool subclass_is_builtin_method(Interp *I, Value fn, int kind) {
  return v_is(fn, OBJ_NATIVE) && (fn.as.o->flags & OF_METHOD) && AS_NATIVE(fn)->data == (void *)I->cls[kind];
}

/* A new instance of c (a subclass of dict/list/tuple) being base (taken). */
static Value inst_new(Interp *I, Class *c, Value base) {
  Instance *in = (Instance *)obj_alloc(I, OBJ_INSTANCE, sizeof(Instance));
  obj_incref(&c->h);
  in->cls = c;
  in->dict = dict_new(I);
  in->base = base.as.o;
  return v_obj(&in->h);
}

/* The class argument of kind.__new__(cls, ...): kind itself or a subclass. */
static Class *new_cls(Interp *I, int argc, Value *argv, int kind, const char *name) {
  if (argc < 1) rt_raise(I, EXC_TypeError, "%s.__new__(): not enough arguments", name);
  if (!v_is(argv[0], OBJ_CLASS))
    rt_raise(I, EXC_TypeError, "%s.__new__(X): X is not a type object (%s)", name, rt_type_name(I, argv[0]));
  Class *c = AS_CLASS(argv[0]);
  if (class_builtin_base(c) != kind)
    rt_raise(I, EXC_TypeError, "%s.__new__(%s): %s is not a subtype of %s", name, class_name(c), class_name(c), name);
  return c;
}

static Value dict_new_native(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  Class *c = new_cls(I, argc, argv, OBJ_DICT, "dict");
  Value d = v_obj(&dict_new(I)->h);
  return c == I->cls[OBJ_DICT] ? d : inst_new(I, c, d);
}

static Value list_new_native(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  Class *c = new_cls(I, argc, argv, OBJ_LIST, "list");
  Value l = v_obj(&list_new(I, 0)->h);
  return c == I->cls[OBJ_LIST] ? l : inst_new(I, c, l);
}

static Value tuple_new_native(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "tuple", kw);
  Class *c = new_cls(I, argc, argv, OBJ_TUPLE, "tuple");
  if (argc > 2) rt_raise(I, EXC_TypeError, "tuple expected at most 1 argument, got %d", argc - 1);
  Value t = argc == 2 ? tuple_from_iterable(I, argv[1]) : v_obj(&tuple_new(I, 0)->h);
  return c == I->cls[OBJ_TUPLE] ? t : inst_new(I, c, t);
}

/* dict.__init__(self, *args, **kw): self is the dict (subclass_self); as
 * dict.update. */
static Value dict_init_native(Interp *I, int argc, Value *argv, KwArgs *kw) {
  if (argc < 1 || !v_is(argv[0], OBJ_DICT)) rt_raise(I, EXC_TypeError, "descriptor '__init__' requires a 'dict' object");
  if (argc > 2) rt_raise(I, EXC_TypeError, "dict expected at most 1 argument, got %d", argc - 1);
  Str *k = str_intern(I, "update");
  Value up = dict_get_str(I, I->cls[OBJ_DICT]->dict, k);
  obj_decref(I, &k->h);
  Value r = rt_call(I, up, argc, argv, kw);
  v_decref(I, r);
  return v_none();
}

/* list.__init__(self, iterable=()): self is the list. */
static Value list_init_native(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "list", kw);
  if (argc < 1 || !v_is(argv[0], OBJ_LIST)) rt_raise(I, EXC_TypeError, "descriptor '__init__' requires a 'list' object");
  if (argc > 2) rt_raise(I, EXC_TypeError, "list expected at most 1 argument, got %d", argc - 1);
  List *l = AS_LIST(argv[0]);
  while (l->len > 0) v_decref(I, l->items[--l->len]);
  if (argc == 2) list_extend(I, l, argv[1]);
  return v_none();
}

void subclass_init(Interp *I) {
  class_add_native(I, I->cls[OBJ_DICT], "__new__", dict_new_native);
  class_add_native(I, I->cls[OBJ_DICT], "__init__", dict_init_native);
  class_add_native(I, I->cls[OBJ_LIST], "__new__", list_new_native);
  class_add_native(I, I->cls[OBJ_LIST], "__init__", list_init_native);
  class_add_native(I, I->cls[OBJ_TUPLE], "__new__", tuple_new_native);
}
