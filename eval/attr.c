/* attr.c — attribute lookup and assignment, descriptors (functions become
 * bound methods, natives of built-in classes become bound natives,
 * property, staticmethod, classmethod), class instantiation, super().
 *
 * Lookup order for an instance (CPython's object.__getattribute__): a
 * property on the class (data descriptor), the instance dict, the class
 * MRO (binding what it finds), then a user __getattr__.
 */
#include <string.h>

#include "interp.h"
#include "tensor.h" /* Parameter.name & co, attributes set on Tensors */

/* ---- Helpers --------------------------------------------------------------- */

/* Natives stored in a class's dict are methods (bound when read through
 * an instance) only in msc's own classes: the built-in ones and those
 * flagged CF_NATIVE_METHODS (exceptions, generator). A native a script
 * stores in its class (`f = len`) stays a plain function, as in CPython. */
static bool binds_natives(Class *c) { return c->builtin >= 0 || (c->h.flags & CF_NATIVE_METHODS); }

/* class_lookup that also says whether a native found binds. */
static Value class_lookup_nb(Interp *I, Class *cls, Str *name, bool *nbind) {
  Tuple *mro = cls->mro;
  *nbind = true;
  if (!mro) return dict_get_str(I, cls->dict, name);
  for (int64_t i = 0; i < mro->len; i++) {
    Class *c = AS_CLASS(mro->items[i]);
    Value v = dict_get_str(I, c->dict, name);
    if (v.tag != V_UNDEF) {
      *nbind = binds_natives(c);
      return v;
    }
  }
  return v_undef();
}

Value class_lookup(Interp *I, Class *cls, Str *name) {
  Tuple *mro = cls->mro;
  if (!mro) return dict_get_str(I, cls->dict, name);
  for (int64_t i = 0; i < mro->len; i++) {
    Value v = dict_get_str(I, AS_CLASS(mro->items[i])->dict, name);
    if (v.tag != V_UNDEF) return v;
  }
  return v_undef();
}

bool rt_find_dunder(Interp *I, Value obj, Str *name, Value *fn) {
  Value v = class_lookup(I, rt_class_of(I, obj), name);
  if (v.tag == V_UNDEF) return false;
  *fn = v;
  return true;
}

static Value bound_new(Interp *I, Value self, Value func) {
  Bound *b = (Bound *)obj_alloc(I, OBJ_BOUND, sizeof(Bound));
  b->self = v_incref(self);
  b->func = v_incref(func);
  return v_obj(&b->h);
}

static Value native_bind(Interp *I, Native *nat, Value self) {
  Native *b = (Native *)obj_alloc(I, OBJ_NATIVE, sizeof(Native));
  b->name = nat->name;
  b->fn = nat->fn;
  b->data = nat->data;
  b->h.flags |= nat->h.flags & OF_METHOD;
  b->self = v_incref(self);
  return v_obj(&b->h);
}

static bool is_unbound_native(Value v) { return v_is(v, OBJ_NATIVE) && AS_NATIVE(v)->self.tag == V_UNDEF; }

static Value str_value(Interp *I, const char *s) { return v_obj(&str_from_c(I, s)->h); }

static Value incref_obj(Obj *o) {
  obj_incref(o);
  return v_obj(o);
}

/* Calls a getter; with opt, an AttributeError it raises means "missing". */
static bool call_getter(Interp *I, Value fn, int argc, Value *argv, Value *out, bool opt) {
  if (!opt) {
    *out = rt_call(I, fn, argc, argv, NULL);
    return true;
  }
  Catch c;
  if (RT_TRY(I, &c)) {
    *out = rt_call(I, fn, argc, argv, NULL);
    rt_catch_pop(I, &c);
    return true;
  }
  Value e = CUR_EXC(I);
  CUR_EXC(I) = v_undef();
  if (rt_exc_matches(I, e, EXC_AttributeError)) {
    v_decref(I, e);
    return false;
  }
  exc_reraise(I, e);
}

/* What a class attribute becomes when read through an instance (or, for
 * classmethods, through anything). */
static Value bind_attr(Interp *I, Value cv, Value self, Class *cls, bool nbind) {
  if (cv.tag == V_OBJ) {
    switch (cv.as.o->kind) {
    case OBJ_FUNC: return bound_new(I, self, cv);
    case OBJ_NATIVE:
      if (nbind && AS_NATIVE(cv)->self.tag == V_UNDEF) return native_bind(I, AS_NATIVE(cv), self);
      break;
    case OBJ_STATICMETHOD: return v_incref(((Wrapper *)cv.as.o)->a);
    case OBJ_CLASSMETHOD: {
      Value fn = ((Wrapper *)cv.as.o)->a;
      if (is_unbound_native(fn)) return native_bind(I, AS_NATIVE(fn), v_obj(&cls->h));
      return bound_new(I, v_obj(&cls->h), fn);
    }
    default: break;
    }
  }
  return v_incref(cv);
}

/* ---- getattr by kind ---------------------------------------------------------- */

static bool property_get(Interp *I, Value prop, Value self, Str *name, Value *out, bool opt) {
  Wrapper *w = (Wrapper *)prop.as.o;
  if (w->a.tag == V_NONE) {
    if (opt) return false;
    rt_raise(I, EXC_AttributeError, "property '%s' of '%s' object has no getter", name->data,
             rt_type_name(I, self));
  }
  return call_getter(I, w->a, 1, &self, out, opt);
}

static bool getattr_instance(Interp *I, Value obj, Str *name, Value *out, bool opt) {
  Instance *in = AS_INST(obj);
  bool nbind;
  Value cv = class_lookup_nb(I, in->cls, name, &nbind);
  if (v_is(cv, OBJ_PROPERTY)) return property_get(I, cv, obj, name, out, opt);
  Value v = dict_get_str(I, in->dict, name);
  if (v.tag != V_UNDEF) {
    *out = v_incref(v);
    return true;
  }
  if (cv.tag != V_UNDEF) {
    *out = bind_attr(I, cv, obj, in->cls, nbind);
    return true;
  }
  if (name == I->s.class_) {
    *out = incref_obj(&in->cls->h);
    return true;
  }
  if (name == I->s.dict) {
    *out = incref_obj(&in->dict->h);
    return true;
  }
  Value ga = class_lookup(I, in->cls, I->s.getattr);
  if (v_is(ga, OBJ_FUNC)) {
    Value args[2] = {obj, v_obj(&name->h)};
    return call_getter(I, ga, 2, args, out, opt);
  }
  return false;
}

static bool getattr_class(Interp *I, Class *c, Str *name, Value *out) {
  if (name == I->s.name) {
    *out = incref_obj(&c->name->h);
    return true;
  }
  if (name == I->s.mro) {
    *out = incref_obj(&c->mro->h);
    return true;
  }
  if (name == I->s.bases) {
    *out = incref_obj(&c->bases->h);
    return true;
  }
  if (name == I->s.dict) {
    *out = incref_obj(&c->dict->h);
    return true;
  }
  if (name == I->s.class_) {
    *out = incref_obj(&I->cls[CLS_TYPE]->h);
    return true;
  }
  if (name == I->s.qualname) {
    Value q = dict_get_str(I, c->dict, name);
    *out = q.tag != V_UNDEF ? v_incref(q) : incref_obj(&c->name->h);
    return true;
  }
  Value cv = class_lookup(I, c, name);
  if (cv.tag != V_UNDEF) {
    if (v_is(cv, OBJ_STATICMETHOD)) *out = v_incref(((Wrapper *)cv.as.o)->a);
    else if (v_is(cv, OBJ_CLASSMETHOD)) *out = bind_attr(I, cv, v_obj(&c->h), c, true);
    else *out = v_incref(cv);
    return true;
  }
  if (name == I->s.module) {
    *out = str_value(I, "builtins");
    return true;
  }
  if (name == I->s.doc) {
    *out = v_none();
    return true;
  }
  return false;
}

static bool getattr_func(Interp *I, Func *fn, Str *name, Value *out) {
  ScopeInfo *fi = fn->info;
  if (name == I->s.name) *out = incref_obj(&fn->name->h);
  else if (name == I->s.qualname) *out = incref_obj(&fn->qualname->h);
  else if (name == I->s.module) *out = incref_obj(&fn->module->name->h);
  else if (name == I->s.doc && !(fn->attrs && dict_get_str(I, fn->attrs, name).tag != V_UNDEF))
    *out = fi->doc ? incref_obj(&fi->doc->h) : v_none();
  else if (name == I->s.dict) {
    if (!fn->attrs) {
      fn->attrs = dict_new(I);
      gc_stored_late(I);
    }
    *out = incref_obj(&fn->attrs->h);
  } else if (strcmp(name->data, "__defaults__") == 0)
    *out = fn->defaults ? incref_obj(&fn->defaults->h) : v_none();
  else if (strcmp(name->data, "__kwdefaults__") == 0)
    *out = fn->kwdefaults ? incref_obj(&fn->kwdefaults->h) : v_none();
  else if (strcmp(name->data, "__globals__") == 0)
    *out = incref_obj(&fn->module->dict->h);
  else {
    Value v = fn->attrs ? dict_get_str(I, fn->attrs, name) : v_undef();
    if (v.tag == V_UNDEF) return false;
    *out = v_incref(v);
  }
  return true;
}

static bool getattr_super(Interp *I, Super *s, Str *name, Value *out, bool opt) {
  Value self = s->self;
  Class *sc = v_is(self, OBJ_CLASS) ? AS_CLASS(self) : rt_class_of(I, self);
  Tuple *mro = sc->mro;
  int64_t i = 0;
  while (i < mro->len && mro->items[i].as.o != &s->start->h) i++;
  for (i++; i < mro->len; i++) {
    Value cv = dict_get_str(I, AS_CLASS(mro->items[i])->dict, name);
    if (cv.tag == V_UNDEF) continue;
    bool nbind = binds_natives(AS_CLASS(mro->items[i]));
    if (name == I->s.new) *out = v_is(cv, OBJ_STATICMETHOD) ? v_incref(((Wrapper *)cv.as.o)->a) : v_incref(cv);
    else if (v_is(cv, OBJ_PROPERTY) && !v_is(self, OBJ_CLASS)) return property_get(I, cv, self, name, out, opt);
    else if (v_is(self, OBJ_CLASS) && (v_is(cv, OBJ_FUNC) || is_unbound_native(cv))) *out = v_incref(cv);
    else *out = bind_attr(I, cv, self, sc, nbind);
    return true;
  }
  if (name == I->s.class_) {
    *out = incref_obj(&I->cls[OBJ_SUPER]->h);
    return true;
  }
  return false;
}

static bool getattr_impl(Interp *I, Value obj, Str *name, Value *out, bool opt) {
  if (obj.tag == V_OBJ) {
    Obj *o = obj.as.o;
    switch (o->kind) {
    case OBJ_INSTANCE:
      if (I->graph) graph_strict_check_instance(I, obj, name, false, v_undef());
      return getattr_instance(I, obj, name, out, opt);
    case OBJ_CLASS: return getattr_class(I, (Class *)o, name, out);
    case OBJ_MODULE: {
      Module *m = (Module *)o;
      if (I->graph) graph_strict_check_module(I, m, name);
      Value v = dict_get_str(I, m->dict, name);
      if (v.tag != V_UNDEF) *out = v_incref(v);
      else if (name == I->s.dict) *out = incref_obj(&m->dict->h);
      else if (name == I->s.name) *out = incref_obj(&m->name->h);
      else if (name == I->s.class_) *out = incref_obj(&I->cls[OBJ_MODULE]->h);
      else {
        /* PEP 562: a module's own __getattr__(name) answers what its dict
         * lacks (lib/mindspore imports mindspore.train and .dataset so) */
        Value ga = name == I->s.getattr ? v_undef() : dict_get_str(I, m->dict, I->s.getattr);
        if (!v_is(ga, OBJ_FUNC)) return false;
        Value args[1] = {v_obj(&name->h)};
        return call_getter(I, ga, 1, args, out, opt);
      }
      return true;
    }
    case OBJ_FUNC:
      if (getattr_func(I, (Func *)o, name, out)) return true;
      break;
    case OBJ_BOUND: {
      Bound *b = (Bound *)o;
      if (strcmp(name->data, "__self__") == 0) *out = v_incref(b->self);
      else if (strcmp(name->data, "__func__") == 0) *out = v_incref(b->func);
      else if (name != I->s.class_ && getattr_impl(I, b->func, name, out, true)) return true;
      else break;
      return true;
    }
    case OBJ_NATIVE: {
      Native *nat = (Native *)o;
      if (name == I->s.name || name == I->s.qualname) *out = str_value(I, nat->name);
      else if (name == I->s.doc) *out = v_none();
      else if (strcmp(name->data, "__self__") == 0)
        *out = nat->self.tag == V_UNDEF ? v_none() : v_incref(nat->self);
      else break;
      return true;
    }
    case OBJ_SUPER: return getattr_super(I, (Super *)o, name, out, opt);
    case OBJ_PROPERTY:
    case OBJ_STATICMETHOD:
    case OBJ_CLASSMETHOD: {
      Wrapper *w = (Wrapper *)o;
      const char *s = name->data;
      if (o->kind == OBJ_PROPERTY && strcmp(s, "fget") == 0) *out = v_incref(w->a);
      else if (o->kind == OBJ_PROPERTY && strcmp(s, "fset") == 0) *out = v_incref(w->b);
      else if (o->kind == OBJ_PROPERTY && strcmp(s, "fdel") == 0) *out = v_incref(w->c);
      else if (o->kind != OBJ_PROPERTY && (strcmp(s, "__func__") == 0 || strcmp(s, "__wrapped__") == 0))
        *out = v_incref(w->a);
      else if (name == I->s.doc && o->kind == OBJ_PROPERTY) return getattr_impl(I, w->a, name, out, true);
      else break;
      return true;
    }
    default: break;
    }
  }
  /* Built-in values: methods and properties of their class. */
  Class *cls = rt_class_of(I, obj);
  Value cv = class_lookup(I, cls, name);
  if (cv.tag != V_UNDEF) {
    if (v_is(cv, OBJ_PROPERTY)) return property_get(I, cv, obj, name, out, opt);
    *out = bind_attr(I, cv, obj, cls, true);
    return true;
  }
  if (name == I->s.class_) {
    *out = incref_obj(&cls->h);
    return true;
  }
  if (v_is(obj, OBJ_TENSOR)) return tensor_getattr_extra(I, obj, name, out); /* tensor.c */
  return false;
}

static _Noreturn void no_attr(Interp *I, Value obj, Str *name) {
  if (v_is(obj, OBJ_CLASS))
    rt_raise(I, EXC_AttributeError, "type object '%s' has no attribute '%s'", AS_CLASS(obj)->name->data,
             name->data);
  if (v_is(obj, OBJ_MODULE))
    rt_raise(I, EXC_AttributeError, "module '%s' has no attribute '%s'", AS_MODULE(obj)->name->data,
             name->data);
  rt_raise(I, EXC_AttributeError, "'%s' object has no attribute '%s'", rt_type_name(I, obj), name->data);
}

Value rt_getattr(Interp *I, Value obj, Str *name) {
  Value out;
  if (!getattr_impl(I, obj, name, &out, false)) no_attr(I, obj, name);
  return out;
}

bool rt_getattr_opt(Interp *I, Value obj, Str *name, Value *out) {
  return getattr_impl(I, obj, name, out, true);
}

/* obj.name for a call: returns the callable and sets *with_self when obj
 * must be passed as the first argument (no bound method is allocated). */
Value lookup_method(Interp *I, Value obj, Str *name, bool *with_self) {
  *with_self = false;
  if (obj.tag == V_OBJ) {
    ObjKind k = obj.as.o->kind;
    if (k == OBJ_INSTANCE) {
      if (I->graph) graph_strict_check_instance(I, obj, name, false, v_undef());
      Instance *in = AS_INST(obj);
      bool nbind;
      Value cv = class_lookup_nb(I, in->cls, name, &nbind);
      if ((v_is(cv, OBJ_FUNC) || (nbind && is_unbound_native(cv))) &&
          dict_get_str(I, in->dict, name).tag == V_UNDEF) {
        *with_self = true;
        return v_incref(cv);
      }
      return rt_getattr(I, obj, name);
    }
    if (k == OBJ_CLASS || k == OBJ_MODULE || k == OBJ_SUPER || k == OBJ_FUNC || k == OBJ_BOUND ||
        k == OBJ_NATIVE || k == OBJ_PROPERTY || k == OBJ_STATICMETHOD || k == OBJ_CLASSMETHOD)
      return rt_getattr(I, obj, name);
  }
  Value cv = class_lookup(I, rt_class_of(I, obj), name);
  if (is_unbound_native(cv)) {
    *with_self = true;
    return v_incref(cv);
  }
  return rt_getattr(I, obj, name);
}

/* ---- Caches ------------------------------------------------------------------ */

static Value user_func(Value v) { return v_is(v, OBJ_FUNC) || v_is(v, OBJ_STATICMETHOD) ? v : v_undef(); }

static ClassInfo *class_info(Interp *I, Class *c) {
  Eval *ev = EV(I);
  ClassInfo *ci = &ev->cinfo[((uintptr_t)c >> 6) % CLASS_CACHE];
  if (ci->cls == c && ci->epoch == ev->epoch) return ci;
  ci->cls = c;
  ci->epoch = ev->epoch;
  Value init = class_lookup(I, c, I->s.init);
  Value objinit = dict_get_str(I, I->cls[CLS_OBJECT]->dict, I->s.init);
  ci->init = init.tag == V_OBJ && objinit.tag == V_OBJ && init.as.o == objinit.as.o ? v_undef() : init;
  Value nf = class_lookup(I, c, I->s.new);
  if (v_is(nf, OBJ_STATICMETHOD)) nf = ((Wrapper *)nf.as.o)->a;
  Value objnew = dict_get_str(I, I->cls[CLS_OBJECT]->dict, I->s.new);
  ci->new_ = nf.tag == V_UNDEF || (nf.tag == V_OBJ && objnew.tag == V_OBJ && nf.as.o == objnew.as.o) ? v_undef() : nf;
  ci->setattr = user_func(class_lookup(I, c, I->s.setattr));
  if (v_is(ci->setattr, OBJ_STATICMETHOD)) ci->setattr = v_undef();
  ci->getattr = v_is(class_lookup(I, c, I->s.getattr), OBJ_FUNC) ? class_lookup(I, c, I->s.getattr) : v_undef();
  return ci;
}

static inline Value cached_lookup(Interp *I, Class *cls, AttrCache *ac) {
  uint32_t epoch = EV(I)->epoch;
  if (ac->cls == cls && ac->epoch == epoch) return ac->cv;
  ac->cv = class_lookup_nb(I, cls, ac->name, &ac->nbind);
  ac->cls = cls;
  ac->epoch = epoch;
  return ac->cv;
}

Value getattr_cached(Interp *I, Value obj, AttrCache *ac) {
  if (!v_is(obj, OBJ_INSTANCE)) return rt_getattr(I, obj, ac->name);
  if (I->graph) graph_strict_check_instance(I, obj, ac->name, false, v_undef());
  Instance *in = AS_INST(obj);
  Value cv = cached_lookup(I, in->cls, ac);
  if (!v_is(cv, OBJ_PROPERTY)) {
    Value v = dict_get_str(I, in->dict, ac->name);
    if (v.tag != V_UNDEF) return v_incref(v);
    if (cv.tag != V_UNDEF) return bind_attr(I, cv, obj, in->cls, ac->nbind);
  }
  return rt_getattr(I, obj, ac->name);
}

Value lookup_method_cached(Interp *I, Value obj, AttrCache *ac, bool *with_self) {
  if (!v_is(obj, OBJ_INSTANCE)) return lookup_method(I, obj, ac->name, with_self);
  if (I->graph) graph_strict_check_instance(I, obj, ac->name, false, v_undef());
  Instance *in = AS_INST(obj);
  Value cv = cached_lookup(I, in->cls, ac);
  if ((v_is(cv, OBJ_FUNC) || (ac->nbind && is_unbound_native(cv))) &&
      dict_get_str(I, in->dict, ac->name).tag == V_UNDEF) {
    *with_self = true;
    return v_incref(cv);
  }
  *with_self = false;
  return rt_getattr(I, obj, ac->name);
}

/* ---- setattr / delattr ---------------------------------------------------------- */

static void generic_setattr(Interp *I, Value obj, Str *name, Value val) {
  Instance *in = AS_INST(obj);
  Value cv = class_lookup(I, in->cls, name);
  if (v_is(cv, OBJ_PROPERTY)) {
    Wrapper *w = (Wrapper *)cv.as.o;
    if (w->b.tag == V_NONE)
      rt_raise(I, EXC_AttributeError, "property '%s' of '%s' object has no setter", name->data,
               in->cls->name->data);
    Value r = rt_call2(I, w->b, obj, val);
    v_decref(I, r);
    return;
  }
  dict_set_str(I, in->dict, name, val);
}

static void generic_delattr(Interp *I, Value obj, Str *name) {
  Instance *in = AS_INST(obj);
  Value cv = class_lookup(I, in->cls, name);
  if (v_is(cv, OBJ_PROPERTY)) {
    Wrapper *w = (Wrapper *)cv.as.o;
    if (w->c.tag == V_NONE)
      rt_raise(I, EXC_AttributeError, "property '%s' of '%s' object has no deleter", name->data,
               in->cls->name->data);
    Value r = rt_call1(I, w->c, obj);
    v_decref(I, r);
    return;
  }
  if (!dict_del(I, in->dict, v_obj(&name->h)))
    rt_raise(I, EXC_AttributeError, "'%s' object has no attribute '%s'", in->cls->name->data, name->data);
}

void rt_setattr(Interp *I, Value obj, Str *name, Value val) {
  if (obj.tag == V_OBJ) {
    Obj *o = obj.as.o;
    switch (o->kind) {
    case OBJ_INSTANCE: {
      if (I->graph) graph_strict_check_instance(I, obj, name, true, val);
      Value sa = class_lookup(I, AS_INST(obj)->cls, I->s.setattr);
      if (v_is(sa, OBJ_FUNC)) {
        Value args[3] = {obj, v_obj(&name->h), val};
        Value r = rt_call(I, sa, 3, args, NULL);
        v_decref(I, r);
        return;
      }
      generic_setattr(I, obj, name, val);
      return;
    }
    case OBJ_CLASS: {
      Class *c = (Class *)o;
      if (c->builtin >= 0)
        rt_raise(I, EXC_TypeError, "cannot set '%s' attribute of immutable type '%s'", name->data,
                 c->name->data);
      dict_set_str(I, c->dict, name, val);
      EV(I)->epoch++;
      return;
    }
    case OBJ_MODULE:
      dict_set_str(I, ((Module *)o)->dict, name, val);
      return;
    case OBJ_TENSOR: tensor_setattr(I, obj, name, val); return; /* Parameter.name, ... (tensor.c) */
    case OBJ_FUNC: {
      Func *fn = (Func *)o;
      if (name == I->s.name || name == I->s.qualname) {
        if (!v_is(val, OBJ_STR))
          rt_raise(I, EXC_TypeError, "%s must be set to a string object", name->data);
        Str **slot = name == I->s.name ? &fn->name : &fn->qualname;
        gc_stored_late(I);
        obj_incref(val.as.o);
        obj_decref(I, &(*slot)->h);
        *slot = AS_STR(val);
        return;
      }
      if (!fn->attrs) {
        fn->attrs = dict_new(I);
        gc_stored_late(I);
      }
      dict_set_str(I, fn->attrs, name, val);
      return;
    }
    default: break;
    }
  }
  rt_raise(I, EXC_AttributeError, "'%s' object has no attribute '%s'", rt_type_name(I, obj), name->data);
}

void setattr_cached(Interp *I, Value obj, AttrCache *ac, Value val) {
  if (!v_is(obj, OBJ_INSTANCE)) {
    rt_setattr(I, obj, ac->name, val);
    return;
  }
  if (I->graph) graph_strict_check_instance(I, obj, ac->name, true, val);
  Instance *in = AS_INST(obj);
  ClassInfo *ci = class_info(I, in->cls);
  if (ci->setattr.tag == V_UNDEF && !v_is(cached_lookup(I, in->cls, ac), OBJ_PROPERTY)) {
    dict_set_str(I, in->dict, ac->name, val);
    return;
  }
  rt_setattr(I, obj, ac->name, val);
}

void rt_delattr(Interp *I, Value obj, Str *name) {
  if (obj.tag == V_OBJ) {
    Obj *o = obj.as.o;
    switch (o->kind) {
    case OBJ_INSTANCE: {
      Value da = class_lookup(I, AS_INST(obj)->cls, I->s.delattr);
      if (v_is(da, OBJ_FUNC)) {
        Value r = rt_call2(I, da, obj, v_obj(&name->h));
        v_decref(I, r);
        return;
      }
      generic_delattr(I, obj, name);
      return;
    }
    case OBJ_CLASS: {
      Class *c = (Class *)o;
      if (c->builtin >= 0)
        rt_raise(I, EXC_TypeError, "cannot delete '%s' attribute of immutable type '%s'", name->data,
                 c->name->data);
      if (!dict_del(I, c->dict, v_obj(&name->h))) no_attr(I, obj, name);
      EV(I)->epoch++;
      return;
    }
    case OBJ_MODULE:
      if (!dict_del(I, ((Module *)o)->dict, v_obj(&name->h))) no_attr(I, obj, name);
      return;
    case OBJ_FUNC: {
      Func *fn = (Func *)o;
      if (!fn->attrs || !dict_del(I, fn->attrs, v_obj(&name->h))) no_attr(I, obj, name);
      return;
    }
    default: break;
    }
  }
  no_attr(I, obj, name);
}

/* ---- Classes ------------------------------------------------------------------ */

static Value new_instance(Interp *I, Class *c, int argc, Value *argv) {
  Instance *in = (Instance *)obj_alloc(I, OBJ_INSTANCE, sizeof(Instance));
  obj_incref(&c->h);
  in->cls = c;
  in->dict = dict_new(I);
  if (c->is_exception) {
    Tuple *args = tuple_new(I, argc);
    for (int i = 0; i < argc; i++) args->items[i] = v_incref(argv[i]);
    dict_set_str(I, in->dict, I->s.args, v_obj(&args->h));
    obj_decref(I, &args->h);
  }
  return v_obj(&in->h);
}

Value call_class(Interp *I, Class *c, int argc, Value *argv, KwArgs *kw) {
  if (c->ctor) return c->ctor(I, argc, argv, kw);
  if (c->builtin >= 0) rt_raise(I, EXC_TypeError, "cannot create '%s' instances", c->name->data);
  ClassInfo *ci = class_info(I, c);
  Value self;
  Value init = ci->init;
  bool user_new = ci->new_.tag != V_UNDEF;
  if (user_new) {
    Value nf = ci->new_;
    Value buf[argc + 1];
    buf[0] = v_obj(&c->h);
    if (argc) memcpy(buf + 1, argv, sizeof(Value) * (size_t)argc);
    self = rt_call(I, nf, argc + 1, buf, kw);
    if (!rt_isinstance(I, self, c)) return self;
    init = class_info(I, c)->init; /* __new__ may have run arbitrary code */
  } else {
    self = new_instance(I, c, argc, argv);
  }
  if (init.tag == V_UNDEF) {
    if (!user_new && (argc || (kw && kw->n)))
      rt_raise(I, EXC_TypeError, "%s() takes no arguments", c->name->data);
    return self;
  }
  Value r;
  if (argc < 8) {
    Value buf[8];
    buf[0] = self;
    if (argc) memcpy(buf + 1, argv, sizeof(Value) * (size_t)argc);
    r = rt_call(I, init, argc + 1, buf, kw);
  } else {
    List *hold = list_new(I, argc + 1); /* gc-tracked: safe if __init__ raises */
    list_append(I, hold, self);
    for (int i = 0; i < argc; i++) list_append(I, hold, argv[i]);
    r = rt_call(I, init, argc + 1, hold->items, kw);
    obj_decref(I, &hold->h);
  }
  if (r.tag != V_NONE)
    rt_raise(I, EXC_TypeError, "__init__() should return None, not '%s'", rt_type_name(I, r));
  return self;
}

static void set_owner(Interp *I, Value v, Class *c) {
  if (v_is(v, OBJ_FUNC) && !AS_FUNC(v)->owner) {
    gc_stored_late(I);
    obj_incref(&c->h);
    AS_FUNC(v)->owner = c;
  }
}

/* Methods defined in a class body remember their class (zero-arg super). */
void class_set_owner(Interp *I, Class *c) {
  Dict *d = c->dict;
  for (int64_t i = 0; i < d->nentries; i++) {
    DictEntry *e = &d->entries[i];
    if (e->key.tag == V_UNDEF || e->val.tag != V_OBJ) continue;
    Obj *o = e->val.as.o;
    if (o->kind == OBJ_FUNC) set_owner(I, e->val, c);
    else if (o->kind == OBJ_PROPERTY || o->kind == OBJ_STATICMETHOD || o->kind == OBJ_CLASSMETHOD) {
      Wrapper *w = (Wrapper *)o;
      set_owner(I, w->a, c);
      set_owner(I, w->b, c);
      set_owner(I, w->c, c);
    }
  }
}

/* ---- Natives: super, object.__setattr__ & co ------------------------------------ */

static Value super_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "super", kw);
  Class *start;
  Value self;
  if (argc == 0) {
    Frame *f = I->frame;
    if (!f || !f->func || f->info->nparams == 0 || f->func->def->params[0].kind != PARAM_POS)
      rt_raise(I, EXC_RuntimeError, "super(): no arguments");
    if (!f->func->owner) rt_raise(I, EXC_RuntimeError, "super(): __class__ cell not found");
    self = f->locals[0];
    if (v_is(self, OBJ_CELL)) self = ((CellObj *)self.as.o)->v;
    if (self.tag == V_UNDEF) rt_raise(I, EXC_RuntimeError, "super(): arg[0] deleted");
    start = f->func->owner;
  } else if (argc == 2) {
    if (!v_is(argv[0], OBJ_CLASS))
      rt_raise(I, EXC_TypeError, "super() argument 1 must be a type, not %s", rt_type_name(I, argv[0]));
    start = AS_CLASS(argv[0]);
    self = argv[1];
  } else {
    rt_raise(I, EXC_TypeError, "super() takes 0 or 2 arguments (%d given)", argc);
  }
  bool ok = rt_isinstance(I, self, start) || (v_is(self, OBJ_CLASS) && class_is_subclass(AS_CLASS(self), start));
  if (!ok) rt_raise(I, EXC_TypeError, "super(type, obj): obj must be an instance or subtype of type");
  Super *s = (Super *)obj_alloc(I, OBJ_SUPER, sizeof(Super));
  obj_incref(&start->h);
  s->start = start;
  s->self = v_incref(self);
  return v_obj(&s->h);
}

static Str *name_arg(Interp *I, Value v) {
  if (!v_is(v, OBJ_STR))
    rt_raise(I, EXC_TypeError, "attribute name must be string, not '%s'", rt_type_name(I, v));
  Str *s = AS_STR(v);
  if (s->interned) {
    obj_incref(&s->h);
    return s;
  }
  return str_intern_n(I, s->data, (size_t)s->len);
}

static void need_instance(Interp *I, const char *what, int argc, Value *argv, int n) {
  if (argc != n)
    rt_raise(I, EXC_TypeError, "expected %d argument%s, got %d", n - 1, n == 2 ? "" : "s", argc - 1);
  if (!v_is(argv[0], OBJ_INSTANCE))
    rt_raise(I, EXC_TypeError, "descriptor '%s' requires a 'object' object but received a '%s'", what,
             rt_type_name(I, argv[0]));
}

static Value object_setattr(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__setattr__", kw);
  need_instance(I, "__setattr__", argc, argv, 3);
  Str *name = name_arg(I, argv[1]);
  generic_setattr(I, argv[0], name, argv[2]);
  obj_decref(I, &name->h);
  return v_none();
}

static Value object_delattr(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__delattr__", kw);
  need_instance(I, "__delattr__", argc, argv, 2);
  Str *name = name_arg(I, argv[1]);
  generic_delattr(I, argv[0], name);
  obj_decref(I, &name->h);
  return v_none();
}

static Value object_getattribute(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__getattribute__", kw);
  need_instance(I, "__getattribute__", argc, argv, 2);
  Str *name = name_arg(I, argv[1]);
  Instance *in = AS_INST(argv[0]);
  bool nbind;
  Value cv = class_lookup_nb(I, in->cls, name, &nbind), out;
  bool found;
  if (v_is(cv, OBJ_PROPERTY)) {
    found = property_get(I, cv, argv[0], name, &out, false);
  } else {
    Value v = dict_get_str(I, in->dict, name);
    found = true;
    if (v.tag != V_UNDEF) out = v_incref(v);
    else if (cv.tag != V_UNDEF) out = bind_attr(I, cv, argv[0], in->cls, nbind);
    else found = getattr_impl(I, argv[0], name, &out, false);
  }
  if (!found) no_attr(I, argv[0], name);
  obj_decref(I, &name->h);
  return out;
}

static Value object_new(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  if (argc < 1) rt_raise(I, EXC_TypeError, "object.__new__(): not enough arguments");
  if (!v_is(argv[0], OBJ_CLASS))
    rt_raise(I, EXC_TypeError, "object.__new__(X): X is not a type object (%s)", rt_type_name(I, argv[0]));
  Class *c = AS_CLASS(argv[0]);
  if (c->builtin >= 0 && c->builtin != CLS_OBJECT)
    rt_raise(I, EXC_TypeError, "object.__new__(%s) is not safe, use %s.__new__()", c->name->data,
             c->name->data);
  return new_instance(I, c, argc - 1, argv + 1);
}

static void add_if_absent(Interp *I, Class *c, const char *name, NativeFn fn) {
  Str *k = str_intern(I, name);
  if (dict_get_str(I, c->dict, k).tag == V_UNDEF) class_add_native(I, c, name, fn);
  obj_decref(I, &k->h);
}

static void set_builtin(Interp *I, const char *name, Value v) {
  Str *k = str_intern(I, name);
  dict_set_str(I, I->builtins, k, v);
  obj_decref(I, &k->h);
}

void attr_builtins_init(Interp *I) {
  Class *object = I->cls[CLS_OBJECT];
  add_if_absent(I, object, "__setattr__", object_setattr);
  add_if_absent(I, object, "__delattr__", object_delattr);
  add_if_absent(I, object, "__getattribute__", object_getattribute);
  add_if_absent(I, object, "__new__", object_new);
  I->cls[OBJ_SUPER]->ctor = super_ctor;
  set_builtin(I, "super", v_obj(&I->cls[OBJ_SUPER]->h));
  set_builtin(I, "property", v_obj(&I->cls[OBJ_PROPERTY]->h));
  set_builtin(I, "staticmethod", v_obj(&I->cls[OBJ_STATICMETHOD]->h));
  set_builtin(I, "classmethod", v_obj(&I->cls[OBJ_CLASSMETHOD]->h));
}
