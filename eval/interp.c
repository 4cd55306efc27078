/* interp.c — the tree-walking evaluator: statements, expressions, calls,
 * functions and classes, and the entry points interp_new / interp_run_main
 * / interp_free.
 *
 * Every Python-level call gets a Frame on the C stack with its locals in a
 * slot array (resolve.c decides the slots). eval() returns a new reference;
 * exec() returns a control code (CTRL_*), the value of `return` travels in
 * Frame.ret. Before anything that may raise, Frame.cur is pointed at the
 * node being evaluated so that the traceback (taken at raise time, exc.c)
 * has precise spans; fast paths that cannot raise skip that store.
 *
 * An exception unwinds with longjmp: locals of the frames it crosses are
 * not decref'd (the objects stay on the all-objects list and gc_sweep_all
 * frees them at exit). No malloc'd memory is held across a call that may
 * raise: temporary arrays are VLAs or gc-tracked objects.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "interp.h"


/* Keeps rare or VLA-using cases out of eval()'s own stack frame, which
 * every level of expression nesting and Python recursion pays for. */
#define NOINLINE __attribute__((noinline))

static Value eval(Interp *I, Frame *f, Node *n);
static int exec_block(Interp *I, Frame *f, NodeVec *v);
static int exec_block_from(Interp *I, Frame *f, NodeVec *v, int from);
static void assign(Interp *I, Frame *f, Node *t, Value v);
static inline Value eval_leaf(Interp *I, Frame *f, Node *n);


/* ---- Small helpers ------------------------------------------------------ */

void ev_keep(Interp *I, Obj *o) {
  Eval *ev = EV(I);
  if (ev->nconsts == ev->capconsts) {
    ev->capconsts = ev->capconsts ? 2 * ev->capconsts : 256;
    ev->consts = xrealloc(ev->consts, sizeof(Obj *) * (size_t)ev->capconsts);
  }
  ev->consts[ev->nconsts++] = o;
}

static inline Value *cell_v(Value cell) { return &((CellObj *)cell.as.o)->v; }

static Value cell_new(Interp *I, Value v) {
  CellObj *c = (CellObj *)obj_alloc(I, OBJ_CELL, sizeof(CellObj));
  c->v = v_incref(v);
  return v_obj(&c->h);
}

static inline bool truthy(Interp *I, Value v) {
  switch (v.tag) {
  case V_BOOL: return v.as.b;
  case V_INT: return v.as.i != 0;
  case V_NONE: return false;
  default: return rt_truthy(I, v);
  }
}

static void check_stack(Interp *I) {
  char here;
  if ((uintptr_t)&here < EV(I)->stack_limit) rt_raise(I, EXC_RecursionError, "maximum recursion depth exceeded");
}

void rt_recursion_enter(Interp *I, const char *what) {
  char here;
  if ((I->max_depth > 0 && I->depth + 1 > I->max_depth) || (uintptr_t)&here < EV(I)->stack_limit)
    rt_raise(I, EXC_RecursionError, "maximum recursion depth exceeded%s", what);
  I->depth++;
}

/* ---- Names -------------------------------------------------------------- */

static _Noreturn void unbound_local(Interp *I, Frame *f, Node *n) {
  f->cur = n;
  const char *ms = I->graph ? cf_unbound_msg(I, f, n->slot) : NULL;
  if (ms) rt_raise(I, EXC_UnboundLocalError, "%s", ms);
  rt_raise(I, EXC_UnboundLocalError,
           "cannot access local variable '%s' where it is not associated with a value", n->name);
}

static _Noreturn void unbound_free(Interp *I, Frame *f, Node *n) {
  f->cur = n;
  rt_raise(I, EXC_NameError,
           "cannot access free variable '%s' where it is not associated with a value in enclosing scope",
           n->name);
}

/* Index of the entry holding name in d, or -1 (d's layout is value.h's). */
static int64_t dict_entry_index(Dict *d, Str *name) {
  for (int64_t i = 0; i < d->nentries; i++)
    if (d->entries[i].key.tag == V_OBJ && d->entries[i].key.as.o == &name->h) return i;
  return -1;
}

/* Globals: a hit remembers its entry index in n->slot (index + 1); the
 * entry is valid while it still holds this very key object (a deleted
 * entry loses its key, a resized dict is re-checked). */
static Value load_global(Interp *I, Frame *f, Node *n) {
  Dict *g = f->globals;
  int64_t ix = n->slot - 1;
  if (ix >= 0 && ix < g->nentries && g->entries[ix].key.tag == V_OBJ &&
      g->entries[ix].key.as.o == (Obj *)n->aux)
    return v_incref(g->entries[ix].val);
  Value v = dict_get_str(I, g, (Str *)n->aux);
  if (v.tag != V_UNDEF) {
    int64_t k = dict_entry_index(g, (Str *)n->aux);
    if (k >= 0 && k < INT32_MAX) n->slot = (int)(k + 1);
  }
  if (v.tag == V_UNDEF) {
    v = dict_get_str(I, I->builtins, (Str *)n->aux);
    if (v.tag == V_UNDEF) {
      f->cur = n;
      rt_raise(I, EXC_NameError, "name '%s' is not defined", n->name);
    }
  }
  return v_incref(v);
}

NOINLINE static Value load_name(Interp *I, Frame *f, Node *n) {
  Value v;
  switch (n->scope) {
  case SCOPE_LOCAL:
    v = f->locals[n->slot];
    if (v.tag == V_UNDEF) unbound_local(I, f, n);
    return v_incref(v);
  case SCOPE_CELL:
    v = *cell_v(f->locals[n->slot]);
    if (v.tag == V_UNDEF) unbound_local(I, f, n);
    return v_incref(v);
  case SCOPE_FREE:
    v = *cell_v(f->closure->items[n->slot]);
    if (v.tag == V_UNDEF) unbound_free(I, f, n);
    return v_incref(v);
  case SCOPE_CLASS:
    v = dict_get_str(I, f->ns, (Str *)n->aux);
    if (v.tag != V_UNDEF) return v_incref(v);
    return load_global(I, f, n);
  case SCOPE_GLOBAL:
    return load_global(I, f, n);
  default:
    die("unresolved name '%s'", n->name);
  }
}

static inline void set_slot(Interp *I, Value *slot, Value v) {
  Value old = *slot;
  *slot = v_incref(v);
  v_decref(I, old);
}

static void store_ref(Interp *I, Frame *f, Scope sc, int slot, Str *name, Value v) {
  switch (sc) {
  case SCOPE_LOCAL: set_slot(I, &f->locals[slot], v); break;
  case SCOPE_CELL: set_slot(I, cell_v(f->locals[slot]), v); break;
  case SCOPE_FREE: set_slot(I, cell_v(f->closure->items[slot]), v); break;
  case SCOPE_CLASS: dict_set_str(I, f->ns, name, v); break;
  case SCOPE_GLOBAL: dict_set_str(I, f->globals, name, v); break;
  default: die("unresolved name '%s'", name->data);
  }
}

static void delete_name(Interp *I, Frame *f, Node *n) {
  Value *slot = NULL;
  switch (n->scope) {
  case SCOPE_LOCAL: slot = &f->locals[n->slot]; break;
  case SCOPE_CELL: slot = cell_v(f->locals[n->slot]); break;
  case SCOPE_FREE: slot = cell_v(f->closure->items[n->slot]); break;
  case SCOPE_CLASS:
  case SCOPE_GLOBAL: {
    Dict *d = n->scope == SCOPE_CLASS ? f->ns : f->globals;
    if (!dict_del(I, d, v_obj(n->aux))) {
      f->cur = n;
      rt_raise(I, EXC_NameError, "name '%s' is not defined", n->name);
    }
    return;
  }
  default: die("unresolved name '%s'", n->name);
  }
  if (slot->tag == V_UNDEF) {
    if (n->scope == SCOPE_FREE) unbound_free(I, f, n);
    unbound_local(I, f, n);
  }
  Value old = *slot;
  *slot = v_undef();
  v_decref(I, old);
}

/* ---- Arithmetic fast paths ----------------------------------------------- */

static inline int64_t floordiv_i(int64_t x, int64_t y) {
  int64_t q = x / y;
  if ((x % y != 0) && ((x < 0) != (y < 0))) q--;
  return q;
}

static inline int64_t mod_i(int64_t x, int64_t y) {
  int64_t r = x % y;
  if (r != 0 && ((r < 0) != (y < 0))) r += y;
  return r;
}

#define EXACT53(x) ((x) >= -(INT64_C(1) << 53) && (x) <= (INT64_C(1) << 53))

/* int/int and float/float operations that cannot raise; false otherwise. */
static inline bool fast_binop(int op, Value a, Value b, Value *out) {
  if (a.tag == V_INT && b.tag == V_INT) {
    int64_t x = a.as.i, y = b.as.i, r;
    switch (op) {
    case OP_ADD: if (__builtin_add_overflow(x, y, &r)) return false; break;
    case OP_SUB: if (__builtin_sub_overflow(x, y, &r)) return false; break;
    case OP_MUL: if (__builtin_mul_overflow(x, y, &r)) return false; break;
    case OP_FLOORDIV:
      if (y == 0 || (y == -1 && x == INT64_MIN)) return false;
      r = floordiv_i(x, y);
      break;
    case OP_MOD:
      if (y == 0 || y == -1) return false;
      r = mod_i(x, y);
      break;
    case OP_DIV:
      if (y == 0 || !EXACT53(x) || !EXACT53(y)) return false;
      *out = v_float((double)x / (double)y);
      return true;
    case OP_BITAND: r = x & y; break;
    case OP_BITOR: r = x | y; break;
    case OP_BITXOR: r = x ^ y; break;
    default: return false;
    }
    *out = v_int(r);
    return true;
  }
  double x, y;
  if (a.tag == V_FLOAT) x = a.as.f;
  else if (a.tag == V_INT && EXACT53(a.as.i)) x = (double)a.as.i;
  else return false;
  if (b.tag == V_FLOAT) y = b.as.f;
  else if (b.tag == V_INT && EXACT53(b.as.i)) y = (double)b.as.i;
  else return false;
  if (a.tag != V_FLOAT && b.tag != V_FLOAT) return false;
  switch (op) {
  case OP_ADD: *out = v_float(x + y); return true;
  case OP_SUB: *out = v_float(x - y); return true;
  case OP_MUL: *out = v_float(x * y); return true;
  case OP_DIV:
    if (y == 0) return false;
    *out = v_float(x / y);
    return true;
  default: return false;
  }
}

/* Numeric comparisons that are exact; false when the slow path is needed. */
static inline bool fast_compare(CmpOp op, Value a, Value b, bool *out) {
  if (a.tag == V_INT && b.tag == V_INT) {
    int64_t x = a.as.i, y = b.as.i;
    switch (op) {
    case CMP_EQ: *out = x == y; return true;
    case CMP_NE: *out = x != y; return true;
    case CMP_LT: *out = x < y; return true;
    case CMP_LE: *out = x <= y; return true;
    case CMP_GT: *out = x > y; return true;
    case CMP_GE: *out = x >= y; return true;
    default: return false;
    }
  }
  double x, y;
  if (a.tag == V_FLOAT) x = a.as.f;
  else if (a.tag == V_INT && EXACT53(a.as.i)) x = (double)a.as.i;
  else return false;
  if (b.tag == V_FLOAT) y = b.as.f;
  else if (b.tag == V_INT && EXACT53(b.as.i)) y = (double)b.as.i;
  else return false;
  switch (op) {
  case CMP_EQ: *out = x == y; return true;
  case CMP_NE: *out = x != y; return true;
  case CMP_LT: *out = x < y; return true;
  case CMP_LE: *out = x <= y; return true;
  case CMP_GT: *out = x > y; return true;
  case CMP_GE: *out = x >= y; return true;
  default: return false;
  }
}

static Value compare(Interp *I, CmpOp op, Value a, Value b) {
  bool r;
  if (fast_compare(op, a, b, &r)) return v_bool(r);
  switch (op) {
  case CMP_IS: return v_bool(rt_is(a, b));
  case CMP_ISNOT: return v_bool(!rt_is(a, b));
  case CMP_IN: return v_bool(rt_contains(I, b, a));
  case CMP_NOTIN: return v_bool(!rt_contains(I, b, a));
  default: return rt_compare(I, op, a, b);
  }
}

/* ---- Calls ---------------------------------------------------------------- */

static const char *plural(int n) { return n == 1 ? "" : "s"; }

static _Noreturn void missing_args(Interp *I, Func *fn, const char *kind, int n, const char **names) {
  Buf b = {0};
  for (int i = 0; i < n; i++) {
    if (i > 0) buf_puts(&b, n == 2 ? " and " : i == n - 1 ? ", and " : ", ");
    buf_printf(&b, "'%s'", names[i]);
  }
  Str *s = str_from_buf(I, &b);
  ev_keep(I, &s->h); /* freed at teardown: we are about to unwind */
  rt_raise(I, EXC_TypeError, "%s() missing %d required %s argument%s: %s", fn->qualname->data, n,
           kind, plural(n), s->data);
}

static int find_param(ScopeInfo *fi, Str *name) {
  for (int i = 0; i < fi->nparams; i++)
    if (fi->param_names[i] == name && i != fi->varargs_slot && i != fi->kwargs_slot) return i;
  for (int i = 0; i < fi->nparams; i++)
    if (fi->param_names[i] && i != fi->varargs_slot && i != fi->kwargs_slot &&
        str_eq(fi->param_names[i], name))
      return i;
  return -1;
}

/* CPython's argument binding (ceval.c initialize_locals), with its errors. */
static void bind_args(Interp *I, Func *fn, ScopeInfo *fi, int argc, Value *argv, KwArgs *kw,
                      Value *locals) {
  const Node *def = fn->def;
  int npos = fi->nargs;
  int ncopy = argc < npos ? argc : npos;
  for (int i = 0; i < ncopy; i++) locals[i] = v_incref(argv[i]);
  if (fi->varargs_slot >= 0) {
    int extra = argc > npos ? argc - npos : 0;
    Tuple *t = tuple_new(I, extra);
    for (int i = 0; i < extra; i++) t->items[i] = v_incref(argv[npos + i]);
    locals[fi->varargs_slot] = v_obj(&t->h);
  }
  Dict *kwd = NULL;
  if (fi->kwargs_slot >= 0) {
    kwd = dict_new(I);
    locals[fi->kwargs_slot] = v_obj(&kwd->h);
  }
  for (int k = 0; kw && k < kw->n; k++) {
    int j = find_param(fi, kw->names[k]);
    if (j < 0) {
      if (!kwd)
        rt_raise(I, EXC_TypeError, "%s() got an unexpected keyword argument '%s'",
                 fn->qualname->data, kw->names[k]->data);
      dict_set_str(I, kwd, kw->names[k], kw->vals[k]);
      continue;
    }
    if (locals[j].tag != V_UNDEF)
      rt_raise(I, EXC_TypeError, "%s() got multiple values for argument '%s'", fn->qualname->data,
               kw->names[k]->data);
    locals[j] = v_incref(kw->vals[k]);
  }
  if (argc > npos && fi->varargs_slot < 0) {
    int kwonly_given = 0;
    for (int i = 0; i < def->nparams; i++)
      if (def->params[i].kind == PARAM_KWONLY && locals[i].tag != V_UNDEF) kwonly_given++;
    char sig[64], kwsig[96] = "";
    if (fi->ndefaults)
      snprintf(sig, sizeof sig, "from %d to %d", npos - fi->ndefaults, npos);
    else
      snprintf(sig, sizeof sig, "%d", npos);
    if (kwonly_given)
      snprintf(kwsig, sizeof kwsig, " positional argument%s (and %d keyword-only argument%s)",
               plural(argc), kwonly_given, plural(kwonly_given));
    rt_raise(I, EXC_TypeError, "%s() takes %s positional argument%s but %d%s %s given",
             fn->qualname->data, sig, plural(npos), argc, kwsig,
             argc == 1 && !kwonly_given ? "was" : "were");
  }
  if (argc < npos) {
    int first_def = npos - fi->ndefaults;
    const char *miss[npos + 1];
    int nmiss = 0;
    for (int i = argc; i < first_def; i++)
      if (locals[i].tag == V_UNDEF) miss[nmiss++] = def->params[i].name;
    if (nmiss) missing_args(I, fn, "positional", nmiss, miss);
    for (int i = first_def > argc ? first_def : argc; i < npos; i++)
      if (locals[i].tag == V_UNDEF) locals[i] = v_incref(fn->defaults->items[i - first_def]);
  }
  if (fi->nkwonly) {
    const char *miss[def->nparams + 1];
    int nmiss = 0;
    for (int i = 0; i < def->nparams; i++) {
      if (def->params[i].kind != PARAM_KWONLY || locals[i].tag != V_UNDEF) continue;
      Value d = fn->kwdefaults ? dict_get_str(I, fn->kwdefaults, fi->param_names[i]) : v_undef();
      if (d.tag != V_UNDEF) locals[i] = v_incref(d);
      else miss[nmiss++] = def->params[i].name;
    }
    if (nmiss) missing_args(I, fn, "keyword-only", nmiss, miss);
  }
}

/* Runs fn's body in a new frame whose locals array the caller provides. */
static inline Value run_func(Interp *I, Func *fn, int argc, Value *argv, KwArgs *kw, Value *locals) {
  ScopeInfo *fi = fn->info;
  int n = fi->nlocals;
  if (fi->simple && argc == fi->nargs && !(kw && kw->n)) {
    for (int i = 0; i < argc; i++) locals[i] = v_incref(argv[i]);
    for (int i = argc; i < n; i++) locals[i] = v_undef();
  } else {
    for (int i = 0; i < n; i++) locals[i] = v_undef();
    bind_args(I, fn, fi, argc, argv, kw, locals);
  }
  for (int i = 0; i < fi->ncells; i++) {
    int s = fi->cell_slots[i];
    Value c = cell_new(I, locals[s]);
    v_decref(I, locals[s]);
    locals[s] = c;
  }
  if (fi->generator) return gen_new(I, fn, locals);
  Frame fr;
  fr.prev = I->frame;
  fr.cur = (Node *)fn->def;
  fr.locals = locals;
  fr.info = fi;
  fr.func = fn;
  fr.closure = fn->closure;
  fr.globals = fn->module->dict;
  fr.module = fn->module;
  fr.ns = NULL;
  fr.ret = v_none();
  fr.hidden = false;
  I->frame = &fr;
  I->depth++;
  Node *def = (Node *)fn->def;
  Value ret;
  if (def->kind == ND_LAMBDA) {
    ret = eval(I, &fr, def->a);
  } else {
    exec_block(I, &fr, &def->body);
    ret = fr.ret;
  }
  I->depth--;
  I->frame = fr.prev;
  for (int i = 0; i < n; i++) v_decref(I, locals[i]);
  return ret;
}

NOINLINE static Value call_func_big(Interp *I, Func *fn, int argc, Value *argv, KwArgs *kw) {
  Value locals[((ScopeInfo *)fn->info)->nlocals];
  return run_func(I, fn, argc, argv, kw, locals);
}

#define SMALL_FRAME 12

static Value call_func(Interp *I, Func *fn, int argc, Value *argv, KwArgs *kw) {
  if (I->depth >= I->max_depth) rt_raise(I, EXC_RecursionError, "maximum recursion depth exceeded");
  check_stack(I);
  if (((ScopeInfo *)fn->info)->nlocals > SMALL_FRAME) return call_func_big(I, fn, argc, argv, kw);
  Value locals[SMALL_FRAME];
  return run_func(I, fn, argc, argv, kw, locals);
}

static Value call_native(Interp *I, Native *nat, int argc, Value *argv, KwArgs *kw) {
  if (nat->self.tag == V_UNDEF) {
    if (argc && v_is(argv[0], OBJ_INSTANCE) && AS_INST(argv[0])->base) { /* a dict/list/tuple subclass */
      Value buf[argc];
      return nat->fn(I, argc, subclass_self(nat, argc, argv, buf), kw);
    }
    return nat->fn(I, argc, argv, kw);
  }
  Value buf[argc + 1];
  buf[0] = nat->self;
  if (argc) memcpy(buf + 1, argv, sizeof(Value) * (size_t)argc);
  return nat->fn(I, argc + 1, subclass_self(nat, argc + 1, buf, buf), kw);
}

Value rt_call(Interp *I, Value callee, int argc, Value *argv, KwArgs *kw) {
  if (callee.tag == V_OBJ) {
    Obj *o = callee.as.o;
    switch (o->kind) {
    case OBJ_FUNC: return call_func(I, (Func *)o, argc, argv, kw);
    case OBJ_NATIVE: return call_native(I, (Native *)o, argc, argv, kw);
    case OBJ_BOUND: {
      Bound *b = (Bound *)o;
      Value buf[argc + 1];
      buf[0] = b->self;
      if (argc) memcpy(buf + 1, argv, sizeof(Value) * (size_t)argc);
      return rt_call(I, b->func, argc + 1, buf, kw);
    }
    case OBJ_CLASS: return call_class(I, (Class *)o, argc, argv, kw);
    case OBJ_STATICMETHOD: return rt_call(I, ((Wrapper *)o)->a, argc, argv, kw);
    case OBJ_DTYPE: /* np.float32(3): dtype objects have a native __call__ (tensor.c) */
    case OBJ_INSTANCE: {
      Value fn;
      if (rt_find_dunder(I, callee, I->s.call, &fn)) {
        check_stack(I);
        Value r;
        if (__builtin_expect(I->graph != NULL, 0) && (!kw || !kw->n) && v_is(fn, OBJ_FUNC) &&
            graph_cell_call(I, AS_FUNC(fn), callee, argc, argv, &r))
          return r; /* Cell.__call__ in Graph mode (graph.c) */
        Value buf[argc + 1];
        buf[0] = callee;
        if (argc) memcpy(buf + 1, argv, sizeof(Value) * (size_t)argc);
        return rt_call(I, fn, argc + 1, buf, kw);
      }
      break;
    }
    default: break;
    }
  }
  rt_raise(I, EXC_TypeError, "'%s' object is not callable", rt_type_name(I, callee));
}

Value rt_call0(Interp *I, Value callee) { return rt_call(I, callee, 0, NULL, NULL); }
Value rt_call1(Interp *I, Value callee, Value a) { return rt_call(I, callee, 1, &a, NULL); }
Value rt_call2(Interp *I, Value callee, Value a, Value b) {
  Value args[2] = {a, b};
  return rt_call(I, callee, 2, args, NULL);
}

Value rt_call_method(Interp *I, Value self, Str *name, int argc, Value *argv, KwArgs *kw) {
  bool with_self;
  Value fn = lookup_method(I, self, name, &with_self);
  Value r;
  if (with_self) {
    Value buf[argc + 1];
    buf[0] = self;
    if (argc) memcpy(buf + 1, argv, sizeof(Value) * (size_t)argc);
    r = rt_call(I, fn, argc + 1, buf, kw);
  } else {
    r = rt_call(I, fn, argc, argv, kw);
  }
  v_decref(I, fn);
  return r;
}

bool rt_callable(Interp *I, Value v) {
  if (v.tag != V_OBJ) return false;
  switch (v.as.o->kind) {
  case OBJ_FUNC: case OBJ_NATIVE: case OBJ_BOUND: case OBJ_CLASS: case OBJ_STATICMETHOD:
    return true;
  case OBJ_INSTANCE: {
    Value fn;
    return rt_find_dunder(I, v, I->s.call, &fn);
  }
  default:
    return false;
  }
}

/* Name of a callee for "f() argument after * must be ..." messages. */
static const char *callee_name(Interp *I, Value v, char *buf, size_t n) {
  if (v_is(v, OBJ_FUNC))
    snprintf(buf, n, "%s.%s()", AS_FUNC(v)->module->name->data, AS_FUNC(v)->qualname->data);
  else if (v_is(v, OBJ_NATIVE)) snprintf(buf, n, "%s()", AS_NATIVE(v)->name);
  else if (v_is(v, OBJ_CLASS)) snprintf(buf, n, "%s()", AS_CLASS(v)->name->data);
  else if (v_is(v, OBJ_BOUND)) return callee_name(I, ((Bound *)v.as.o)->func, buf, n);
  else snprintf(buf, n, "%s object", rt_type_name(I, v));
  return buf;
}

static bool maybe_iterable(Interp *I, Value v) {
  if (v.tag != V_OBJ) return false;
  if (v.as.o->kind != OBJ_INSTANCE) return true;
  Value fn;
  return rt_find_dunder(I, v, I->s.iter, &fn) || rt_find_dunder(I, v, I->s.getitem, &fn);
}

/* Appends the items of an iterable to l (for *x in calls and displays). */
static void extend_list(Interp *I, List *l, Value it) {
  if (v_is(it, OBJ_TUPLE) || v_is(it, OBJ_LIST)) {
    int64_t n = v_is(it, OBJ_TUPLE) ? AS_TUPLE(it)->len : AS_LIST(it)->len;
    for (int64_t i = 0; i < n; i++)
      list_append(I, l, v_is(it, OBJ_TUPLE) ? AS_TUPLE(it)->items[i] : AS_LIST(it)->items[i]);
    return;
  }
  Value iter = rt_iter(I, it), x;
  while (rt_next(I, iter, &x)) {
    list_append(I, l, x);
    v_decref(I, x);
  }
  v_decref(I, iter);
}

static void add_kwarg(Interp *I, Value callee, List *names, List *vals, Value name, Value val) {
  for (int64_t i = 0; i < names->len; i++)
    if (str_eq(AS_STR(names->items[i]), AS_STR(name))) {
      char buf[160];
      rt_raise(I, EXC_TypeError, "%s got multiple values for keyword argument '%s'",
               callee_name(I, callee, buf, sizeof buf), AS_STR(name)->data);
    }
  list_append(I, names, name);
  list_append(I, vals, val);
}

/* rt_call from the script's code at frame f; during an ast capture with
 * JIT Fallback the call may become an interpreted node (graph.c). */
static inline Value call_at(Interp *I, Frame *f, Value callee, int argc, Value *argv, KwArgs *kw) {
  if (__builtin_expect(I->graph != NULL, 0) && graph_fallback_calls(I, f)) return graph_call(I, callee, argc, argv, kw);
  return rt_call(I, callee, argc, argv, kw);
}

/* A call with *args, keywords or **kwargs. */
NOINLINE static Value call_general(Interp *I, Frame *f, Node *n, Value callee, Value self) {
  List *pos = list_new(I, n->elts.len + 1);
  List *kn = list_new(I, 4), *kv = list_new(I, 4);
  if (self.tag != V_UNDEF) list_append(I, pos, self);
  for (int i = 0; i < n->elts.len; i++) {
    Node *a = n->elts.items[i];
    if (a->kind == ND_STARRED) {
      Value it = eval(I, f, a->a);
      if (!maybe_iterable(I, it)) {
        char buf[160];
        f->cur = a;
        rt_raise(I, EXC_TypeError, "%s argument after * must be an iterable, not %s",
                 callee_name(I, callee, buf, sizeof buf), rt_type_name(I, it));
      }
      f->cur = a;
      extend_list(I, pos, it);
      v_decref(I, it);
    } else if (a->kind == ND_KEYWORD) {
      Value v = eval(I, f, a->a);
      f->cur = n;
      add_kwarg(I, callee, kn, kv, v_obj(a->aux), v);
      v_decref(I, v);
    } else if (a->kind == ND_DSTAR) {
      Value m = eval(I, f, a->a);
      f->cur = a;
      Value mb = inst_base(m); /* a dict subclass: its dict (subclass.c) */
      if (!v_is(m, OBJ_DICT) && !v_is(mb, OBJ_DICT)) {
        char buf[160];
        rt_raise(I, EXC_TypeError, "%s argument after ** must be a mapping, not %s",
                 callee_name(I, callee, buf, sizeof buf), rt_type_name(I, m));
      }
      Dict *d = AS_DICT(v_is(m, OBJ_DICT) ? m : mb);
      for (int64_t j = 0; j < d->nentries; j++) {
        DictEntry *e = &d->entries[j];
        if (e->key.tag == V_UNDEF) continue;
        if (!v_is(e->key, OBJ_STR)) rt_raise(I, EXC_TypeError, "keywords must be strings");
        Str *k = AS_STR(e->key);
        Str *ki = k->interned ? k : str_intern_n(I, k->data, (size_t)k->len);
        if (ki != k) ev_keep(I, &ki->h);
        add_kwarg(I, callee, kn, kv, v_obj(&ki->h), e->val);
      }
      v_decref(I, m);
    } else {
      Value v = eval(I, f, a);
      list_append(I, pos, v);
      v_decref(I, v);
    }
  }
  int nk = (int)kn->len;
  Str *names[nk + 1];
  for (int i = 0; i < nk; i++) names[i] = AS_STR(kn->items[i]);
  KwArgs kw = {nk, names, kv->items};
  f->cur = n;
  Value r = call_at(I, f, callee, (int)pos->len, pos->items, nk ? &kw : NULL);
  obj_decref(I, &pos->h);
  obj_decref(I, &kn->h);
  obj_decref(I, &kv->h);
  return r;
}

#define SMALL_ARGS 8

/* f(a, b, k=v): positional arguments then plain keywords, few of them. */
NOINLINE static Value call_keywords(Interp *I, Frame *f, Node *n, Value callee, Value self) {
  Value args[SMALL_ARGS], kvals[SMALL_ARGS];
  Str *knames[SMALL_ARGS];
  int argc = 0, nk = 0;
  args[argc++] = self;
  for (int i = 0; i < n->elts.len; i++) {
    Node *a = n->elts.items[i];
    if (a->kind == ND_KEYWORD) {
      knames[nk] = a->aux;
      kvals[nk++] = eval_leaf(I, f, a->a);
    } else {
      args[argc++] = eval_leaf(I, f, a);
    }
  }
  KwArgs kw = {nk, knames, kvals};
  f->cur = n;
  Value r = self.tag != V_UNDEF ? call_at(I, f, callee, argc, args, &kw)
                                : call_at(I, f, callee, argc - 1, args + 1, &kw);
  for (int i = 1; i < argc; i++) v_decref(I, args[i]);
  for (int i = 0; i < nk; i++) v_decref(I, kvals[i]);
  return r;
}

/* A call with many plain positional arguments. */
NOINLINE static Value call_many(Interp *I, Frame *f, Node *n, Value callee, Value self) {
  int argc = n->elts.len;
  Value args[argc + 1];
  args[0] = self;
  for (int i = 0; i < argc; i++) args[i + 1] = eval(I, f, n->elts.items[i]);
  f->cur = n;
  Value r = self.tag != V_UNDEF ? call_at(I, f, callee, argc + 1, args, NULL)
                                : call_at(I, f, callee, argc, args + 1, NULL);
  for (int i = 1; i <= argc; i++) v_decref(I, args[i]);
  return r;
}

NOINLINE static Value eval_call(Interp *I, Frame *f, Node *n) {
  Node *fn = n->a;
  if (n->slot == 0) { /* classify once: 1 plain positional, 3 with keywords, 2 general */
    n->slot = 1;
    for (int i = 0; i < n->elts.len; i++) {
      NodeKind k = n->elts.items[i]->kind;
      if (k == ND_STARRED || k == ND_DSTAR) n->slot = 2;
      else if (k == ND_KEYWORD && n->slot == 1) n->slot = 3;
    }
    if (n->slot == 3 && n->elts.len >= SMALL_ARGS) n->slot = 2;
  }
  Value callee, self = v_undef();
  if (fn->kind == ND_ATTR) {
    Value obj = eval_leaf(I, f, fn->a);
    f->cur = fn;
    bool with_self;
    callee = lookup_method_cached(I, obj, (AttrCache *)fn->aux, &with_self);
    if (with_self) self = obj;
    else v_decref(I, obj);
  } else {
    callee = eval(I, f, fn);
  }
  Value r;
  if (n->slot == 2) {
    r = call_general(I, f, n, callee, self);
  } else if (n->slot == 3) {
    r = call_keywords(I, f, n, callee, self);
  } else if (n->elts.len < SMALL_ARGS) {
    int argc = n->elts.len;
    Value args[SMALL_ARGS];
    args[0] = self;
    for (int i = 0; i < argc; i++) args[i + 1] = eval_leaf(I, f, n->elts.items[i]);
    f->cur = n;
    if (self.tag != V_UNDEF) r = call_at(I, f, callee, argc + 1, args, NULL);
    else r = call_at(I, f, callee, argc, args + 1, NULL);
    for (int i = 1; i <= argc; i++) v_decref(I, args[i]);
  } else {
    r = call_many(I, f, n, callee, self);
  }
  v_decref(I, self);
  v_decref(I, callee);
  return r;
}

/* ---- Displays and comprehensions ----------------------------------------- */

static bool has_starred(NodeVec *v) {
  for (int i = 0; i < v->len; i++)
    if (v->items[i]->kind == ND_STARRED) return true;
  return false;
}

NOINLINE static Value eval_list(Interp *I, Frame *f, Node *n) {
  List *l = list_new(I, n->elts.len);
  for (int i = 0; i < n->elts.len; i++) {
    Node *e = n->elts.items[i];
    if (e->kind == ND_STARRED) {
      Value it = eval(I, f, e->a);
      f->cur = e;
      extend_list(I, l, it);
      v_decref(I, it);
    } else {
      Value v = eval(I, f, e);
      list_append(I, l, v);
      v_decref(I, v);
    }
  }
  return v_obj(&l->h);
}

NOINLINE static Value eval_tuple(Interp *I, Frame *f, Node *n) {
  if (has_starred(&n->elts)) {
    Value l = eval_list(I, f, n);
    Tuple *t = tuple_new(I, AS_LIST(l)->len);
    for (int64_t i = 0; i < t->len; i++) t->items[i] = v_incref(AS_LIST(l)->items[i]);
    v_decref(I, l);
    return v_obj(&t->h);
  }
  int len = n->elts.len;
  Value items[len + 1];
  for (int i = 0; i < len; i++) items[i] = eval(I, f, n->elts.items[i]);
  Tuple *t = tuple_new(I, len);
  if (len) memcpy(t->items, items, sizeof(Value) * (size_t)len);
  return v_obj(&t->h);
}

NOINLINE static Value eval_set(Interp *I, Frame *f, Node *n) {
  Set *s = set_new(I);
  Value sv = v_obj(&s->h);
  for (int i = 0; i < n->elts.len; i++) {
    Node *e = n->elts.items[i];
    Value v = eval(I, f, e->kind == ND_STARRED ? e->a : e);
    f->cur = e;
    if (e->kind == ND_STARRED) {
      Value iter = rt_iter(I, v), x;
      while (rt_next(I, iter, &x)) {
        set_add(I, s, x);
        v_decref(I, x);
      }
      v_decref(I, iter);
    } else {
      set_add(I, s, v);
    }
    v_decref(I, v);
  }
  return sv;
}

static void dict_update_from(Interp *I, Frame *f, Node *at, Dict *d, Value m) {
  f->cur = at;
  if (v_is(m, OBJ_DICT)) {
    Dict *src = AS_DICT(m);
    for (int64_t j = 0; j < src->nentries; j++)
      if (src->entries[j].key.tag != V_UNDEF) dict_set(I, d, src->entries[j].key, src->entries[j].val);
    return;
  }
  Str *keys = str_intern(I, "keys");
  ev_keep(I, &keys->h);
  Value kfn;
  if (!rt_getattr_opt(I, m, keys, &kfn))
    rt_raise(I, EXC_TypeError, "'%s' object is not a mapping", rt_type_name(I, m));
  Value ks = rt_call0(I, kfn);
  v_decref(I, kfn);
  Value iter = rt_iter(I, ks), k;
  while (rt_next(I, iter, &k)) {
    Value v = rt_getitem(I, m, k);
    dict_set(I, d, k, v);
    v_decref(I, k);
    v_decref(I, v);
  }
  v_decref(I, iter);
  v_decref(I, ks);
}

NOINLINE static Value eval_dict(Interp *I, Frame *f, Node *n) {
  Dict *d = dict_new(I);
  for (int i = 0; i < n->elts.len; i++) {
    Node *kn = n->elts.items[i];
    if (!kn) {
      Value m = eval(I, f, n->elts2.items[i]);
      dict_update_from(I, f, n->elts2.items[i], d, m);
      v_decref(I, m);
      continue;
    }
    Value k = eval(I, f, kn);
    Value v = eval(I, f, n->elts2.items[i]);
    f->cur = kn;
    dict_set(I, d, k, v);
    v_decref(I, k);
    v_decref(I, v);
  }
  return v_obj(&d->h);
}

static Tuple *make_closure(Interp *I, Frame *f, ScopeInfo *si) {
  if (!si->nfree) return NULL;
  Tuple *t = tuple_new(I, si->nfree);
  for (int i = 0; i < si->nfree; i++) {
    int src = si->free_src[i];
    t->items[i] = v_incref(src >= 0 ? f->locals[src] : f->closure->items[-src - 1]);
  }
  return t;
}

static void comp_add(Interp *I, Frame *cf, Node *n, Value acc) {
  if (n->kind == ND_DICTCOMP) {
    Value k = eval(I, cf, n->a);
    Value v = eval(I, cf, n->b);
    cf->cur = n->a;
    dict_set(I, AS_DICT(acc), k, v);
    v_decref(I, k);
    v_decref(I, v);
    return;
  }
  Value v = eval(I, cf, n->a);
  if (n->kind == ND_SETCOMP) {
    cf->cur = n->a;
    set_add(I, (Set *)acc.as.o, v);
  } else {
    list_append(I, AS_LIST(acc), v);
  }
  v_decref(I, v);
}

static void comp_loop(Interp *I, Frame *cf, Node *n, int level, Value iterable, Value acc) {
  Comp *c = &n->comps[level];
  cf->cur = c->iter;
  Value iter = rt_iter(I, iterable), x;
  for (;;) {
    cf->cur = c->iter;
    if (!rt_next(I, iter, &x)) break;
    rt_step(I);
    assign(I, cf, c->target, x);
    v_decref(I, x);
    bool ok = true;
    for (int i = 0; i < c->ifs.len && ok; i++) {
      Value t = eval(I, cf, c->ifs.items[i]);
      ok = truthy(I, t);
      v_decref(I, t);
    }
    if (!ok) continue;
    if (level + 1 < n->ncomps) {
      Value it = eval(I, cf, n->comps[level + 1].iter);
      comp_loop(I, cf, n, level + 1, it, acc);
      v_decref(I, it);
    } else {
      comp_add(I, cf, n, acc);
    }
  }
  v_decref(I, iter);
}

/* List, set and dict comprehensions run at once in their own frame (own
 * scope, like CPython 3.11's implicit function). */
NOINLINE static Value eval_comp(Interp *I, Frame *f, Node *n) {
  ScopeInfo *ci = n->aux;
  Value first = eval(I, f, n->comps[0].iter);
  Value acc;
  if (n->kind == ND_DICTCOMP) acc = v_obj(&dict_new(I)->h);
  else if (n->kind == ND_SETCOMP) acc = v_obj(&set_new(I)->h);
  else acc = v_obj(&list_new(I, 0)->h);
  int nl = ci->nlocals;
  Value locals[nl + 1];
  for (int i = 0; i < nl; i++) locals[i] = v_undef();
  for (int i = 0; i < ci->ncells; i++) locals[ci->cell_slots[i]] = cell_new(I, v_undef());
  Tuple *closure = make_closure(I, f, ci);
  Frame cf = {.prev = f, .cur = n, .locals = locals, .info = ci, .func = NULL,
              .closure = closure, .globals = f->globals, .module = f->module, .ns = NULL, .ret = v_none(),
              .hidden = true};
  I->frame = &cf;
  comp_loop(I, &cf, n, 0, first, acc);
  I->frame = f;
  for (int i = 0; i < nl; i++) v_decref(I, locals[i]);
  if (closure) obj_decref(I, &closure->h);
  v_decref(I, first);
  return acc;
}

/* ---- Generator expressions ---------------------------------------------------
 *
 * A generator expression is a lazy iterator: an Instance of the internal
 * class `generator` whose dict holds its state in a List (hidden key):
 *   [GS_NODE] the ND_GENEXP node (as an int), [GS_MODULE] the module,
 *   [GS_CLOSURE] closure tuple or None, [GS_LEVEL] the `for` clause being
 *   iterated (-1 when exhausted), then one iterator per clause, then the
 *   scope's locals. __next__ resumes the nested loops where they stopped;
 * the first iterable is evaluated when the generator is created, as in
 * CPython. */
enum { GS_NODE, GS_MODULE, GS_CLOSURE, GS_LEVEL, GS_ITERS };

static List *gen_state(Interp *I, Value self) {
  Value st = v_is(self, OBJ_INSTANCE) ? dict_get_str(I, AS_INST(self)->dict, EV(I)->s_gen) : v_undef();
  if (!v_is(st, OBJ_LIST)) rt_raise(I, EXC_TypeError, "descriptor '__next__' requires a 'generator' object");
  return AS_LIST(st);
}

static Value gen_iter(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__iter__", kw);
  args_count(I, "__iter__", argc, 1, 1);
  return v_incref(argv[0]);
}

static Value gen_next(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__next__", kw);
  args_count(I, "__next__", argc, 1, 1);
  List *st = gen_state(I, argv[0]);
  Node *n = (Node *)(intptr_t)st->items[GS_NODE].as.i;
  int level = (int)st->items[GS_LEVEL].as.i;
  if (level < 0) rt_raise_value(I, v_obj(&I->exc[EXC_StopIteration]->h));
  ScopeInfo *ci = n->aux;
  Value *its = st->items + GS_ITERS;
  Module *m = AS_MODULE(st->items[GS_MODULE]);
  Frame gf = {.prev = I->frame, .cur = n, .locals = its + n->ncomps, .info = ci, .func = NULL,
              .closure = v_is(st->items[GS_CLOSURE], OBJ_TUPLE) ? AS_TUPLE(st->items[GS_CLOSURE]) : NULL,
              .globals = m->dict, .module = m, .ns = NULL, .ret = v_none(), .hidden = false};
  st->items[GS_LEVEL] = v_int(-1); /* exhausted if anything below raises */
  I->frame = &gf;
  Value x;
  for (;;) {
    Comp *c = &n->comps[level];
    gf.cur = c->iter;
    if (!rt_next(I, its[level], &x)) {
      Value old = its[level];
      its[level] = v_none();
      v_decref(I, old);
      if (--level < 0) break;
      continue;
    }
    assign(I, &gf, c->target, x);
    v_decref(I, x);
    bool ok = true;
    for (int i = 0; i < c->ifs.len && ok; i++) {
      Value t = eval(I, &gf, c->ifs.items[i]);
      ok = truthy(I, t);
      v_decref(I, t);
    }
    if (!ok) continue;
    if (level + 1 < n->ncomps) {
      Value it = eval(I, &gf, n->comps[level + 1].iter);
      gf.cur = n->comps[level + 1].iter;
      Value iter = rt_iter(I, it);
      v_decref(I, it);
      its[++level] = iter;
      continue;
    }
    Value r = eval(I, &gf, n->a);
    I->frame = gf.prev;
    st->items[GS_LEVEL] = v_int(level);
    return r;
  }
  I->frame = gf.prev;
  rt_raise_value(I, v_obj(&I->exc[EXC_StopIteration]->h));
}

NOINLINE static Value eval_genexp(Interp *I, Frame *f, Node *n) {
  ScopeInfo *ci = n->aux;
  Value first = eval(I, f, n->comps[0].iter);
  f->cur = n->comps[0].iter;
  Value it = rt_iter(I, first);
  v_decref(I, first);
  int len = GS_ITERS + n->ncomps + ci->nlocals;
  List *st = list_new(I, len);
  for (int i = 0; i < len; i++) list_append(I, st, v_none());
  st->items[GS_NODE] = v_int((int64_t)(intptr_t)n);
  st->items[GS_MODULE] = v_incref(v_obj(&f->module->h));
  Tuple *closure = make_closure(I, f, ci);
  if (closure) st->items[GS_CLOSURE] = v_obj(&closure->h);
  st->items[GS_LEVEL] = v_int(0);
  st->items[GS_ITERS] = it;
  Value *locals = st->items + GS_ITERS + n->ncomps;
  for (int i = 0; i < ci->nlocals; i++) locals[i] = v_undef();
  for (int i = 0; i < ci->ncells; i++) locals[ci->cell_slots[i]] = cell_new(I, v_undef());
  Instance *g = (Instance *)obj_alloc(I, OBJ_INSTANCE, sizeof(Instance));
  obj_incref(&EV(I)->gen_class->h);
  g->cls = EV(I)->gen_class;
  g->dict = dict_new(I);
  dict_set_str(I, g->dict, EV(I)->s_gen, v_obj(&st->h));
  obj_decref(I, &st->h);
  return v_obj(&g->h);
}

static void gen_init(Interp *I) {
  Eval *ev = EV(I);
  ev->s_gen = str_intern(I, "__msc_genstate__");
  ev_keep(I, &ev->s_gen->h);
  Dict *d = dict_new(I);
  Str *builtins = str_intern(I, "builtins");
  dict_set_str(I, d, I->s.module, v_obj(&builtins->h));
  obj_decref(I, &builtins->h);
  dict_add_native(I, d, "__iter__", gen_iter);
  dict_add_native(I, d, "__next__", gen_next);
  Str *name = str_intern(I, "generator");
  Tuple *bases = tuple_new(I, 1);
  bases->items[0] = v_incref(v_obj(&I->cls[CLS_OBJECT]->h));
  ev->gen_class = class_new(I, name, bases, d);
  ev->gen_class->h.flags |= CF_NATIVE_METHODS;
  ev_keep(I, &ev->gen_class->h);
  obj_decref(I, &name->h);
  obj_decref(I, &bases->h);
  obj_decref(I, &d->h);
}

/* ---- Functions and classes ------------------------------------------------ */

NOINLINE static Value make_function(Interp *I, Frame *f, Node *def) {
  ScopeInfo *fi = def->aux;
  Tuple *defaults = NULL;
  Dict *kwdefaults = NULL;
  if (fi->ndefaults) {
    defaults = tuple_new(I, fi->ndefaults);
    int k = 0;
    for (int i = 0; i < def->nparams; i++)
      if (def->params[i].kind == PARAM_POS && def->params[i].deflt)
        defaults->items[k++] = eval(I, f, def->params[i].deflt);
  }
  for (int i = 0; i < def->nparams; i++) {
    Param *p = &def->params[i];
    if (p->kind != PARAM_KWONLY || !p->deflt) continue;
    if (!kwdefaults) kwdefaults = dict_new(I);
    Value v = eval(I, f, p->deflt);
    dict_set_str(I, kwdefaults, fi->param_names[i], v);
    v_decref(I, v);
  }
  Func *fn = (Func *)obj_alloc(I, OBJ_FUNC, sizeof(Func));
  obj_incref(&fi->name->h);
  fn->name = fi->name;
  obj_incref(&fi->qualname->h);
  fn->qualname = fi->qualname;
  fn->def = def;
  fn->info = fi;
  Module *m = f->module;
  obj_incref(&m->h);
  fn->module = m;
  fn->defaults = defaults;
  fn->kwdefaults = kwdefaults;
  fn->closure = make_closure(I, f, fi);
  if (f->func && f->func->owner) { /* nested in a method: same __class__ */
    fn->owner = f->func->owner;
    obj_incref(&fn->owner->h);
  }
  return v_obj(&fn->h);
}

static Value apply_decorators(Interp *I, Frame *f, Node *n, Value *decs, Value v) {
  for (int i = n->decorators.len - 1; i >= 0; i--) {
    f->cur = n->decorators.items[i];
    Value r = rt_call1(I, decs[i], v);
    v_decref(I, v);
    v_decref(I, decs[i]);
    v = r;
  }
  return v;
}

NOINLINE static void exec_funcdef(Interp *I, Frame *f, Node *n) {
  int nd = n->decorators.len;
  Value decs[nd + 1];
  for (int i = 0; i < nd; i++) decs[i] = eval(I, f, n->decorators.items[i]);
  Value fn = make_function(I, f, n);
  fn = apply_decorators(I, f, n, decs, fn);
  ScopeInfo *fi = n->aux;
  store_ref(I, f, fi->bind.scope, fi->bind.slot, fi->bind.name, fn);
  v_decref(I, fn);
}

NOINLINE static void exec_classdef(Interp *I, Frame *f, Node *n) {
  ScopeInfo *ci = n->aux;
  int nd = n->decorators.len;
  Value decs[nd + 1];
  for (int i = 0; i < nd; i++) decs[i] = eval(I, f, n->decorators.items[i]);
  List *bl = list_new(I, n->elts.len);
  for (int i = 0; i < n->elts.len; i++) {
    Node *b = n->elts.items[i];
    if (b->kind == ND_KEYWORD) continue; /* metaclass= is rejected by the resolver */
    Value v = eval(I, f, b->kind == ND_STARRED ? b->a : b);
    f->cur = b;
    if (b->kind == ND_STARRED) extend_list(I, bl, v);
    else list_append(I, bl, v);
    v_decref(I, v);
  }
  int layout = -1; /* the built-in base (dict, list, tuple: eval/subclass.c) */
  for (int64_t i = 0; i < bl->len; i++) {
    Value b = bl->items[i];
    if (!v_is(b, OBJ_CLASS)) continue; /* class_new reports it */
    Class *bc = AS_CLASS(b);
    int k = class_builtin_base(bc);
    f->cur = n->elts.items[i < n->elts.len ? i : 0];
    if (k < 0 && bc->builtin >= 0 && bc->builtin != CLS_OBJECT)
      rt_raise(I, EXC_TypeError, "subclassing '%s' is not supported by msc", bc->name->data);
    if (k >= 0 && layout >= 0 && k != layout) rt_raise(I, EXC_TypeError, "multiple bases have instance lay-out conflict");
    if (k >= 0) layout = k;
  }
  Dict *ns = dict_new(I);
  Value modname = dict_get_str(I, f->globals, I->s.name);
  if (modname.tag != V_UNDEF) dict_set_str(I, ns, I->s.module, modname);
  dict_set_str(I, ns, I->s.qualname, v_obj(&ci->qualname->h));
  if (ci->doc) dict_set_str(I, ns, I->s.doc, v_obj(&ci->doc->h));
  Tuple *closure = make_closure(I, f, ci);
  Frame cf = {.prev = f, .cur = n, .locals = NULL, .info = ci, .func = NULL, .closure = closure,
              .globals = f->globals, .module = f->module, .ns = ns, .ret = v_none(), .hidden = false};
  f->cur = n;
  if (I->depth >= I->max_depth) rt_raise(I, EXC_RecursionError, "maximum recursion depth exceeded");
  I->frame = &cf;
  I->depth++;
  exec_block(I, &cf, &n->body);
  I->depth--;
  I->frame = f;
  if (closure) obj_decref(I, &closure->h);
  Tuple *bases = tuple_new(I, bl->len);
  for (int64_t i = 0; i < bl->len; i++) bases->items[i] = v_incref(bl->items[i]);
  obj_decref(I, &bl->h);
  f->cur = n;
  Class *c = class_new(I, ci->name, bases, ns);
  obj_decref(I, &bases->h);
  obj_decref(I, &ns->h);
  class_set_owner(I, c);
  Value cv = apply_decorators(I, f, n, decs, v_obj(&c->h));
  store_ref(I, f, ci->bind.scope, ci->bind.slot, ci->bind.name, cv);
  v_decref(I, cv);
}

/* ---- Expressions ------------------------------------------------------------ */

static Str *const_str(Interp *I, Node *n) {
  if (!n->aux) {
    Str *s = n->slen <= 64 && memchr(n->str, 0, n->slen) == NULL ? str_intern_n(I, n->str, n->slen)
                                                                : str_new(I, n->str, n->slen);
    ev_keep(I, &s->h);
    n->aux = s;
  }
  return n->aux;
}

/* ascii(): repr with non-ASCII code points escaped. */
static Str *ascii_of(Interp *I, Value v) {
  Str *r = rt_repr(I, v);
  Buf b = {0};
  const unsigned char *p = (const unsigned char *)r->data;
  for (int64_t i = 0; i < r->len;) {
    unsigned char c = p[i];
    if (c < 0x80) {
      buf_putc(&b, (char)c);
      i++;
      continue;
    }
    int len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    uint32_t cp = c & (len == 4 ? 0x07 : len == 3 ? 0x0F : 0x1F);
    for (int k = 1; k < len && i + k < r->len; k++) cp = (cp << 6) | (p[i + k] & 0x3F);
    i += len;
    if (cp <= 0xFF) buf_printf(&b, "\\x%02x", cp);
    else if (cp <= 0xFFFF) buf_printf(&b, "\\u%04x", cp);
    else buf_printf(&b, "\\U%08x", cp);
  }
  obj_decref(I, &r->h);
  return str_from_buf(I, &b);
}

NOINLINE static Value eval_fstring(Interp *I, Frame *f, Node *n) {
  Buf b = {0};
  Str *parts[n->elts.len + 1];
  int np = 0;
  /* Evaluate every part first so that no malloc'd buffer is live across
   * code that may raise. */
  for (int i = 0; i < n->elts.len; i++) {
    Node *p = n->elts.items[i];
    if (p->kind == ND_STR) {
      parts[np] = const_str(I, p);
      obj_incref(&parts[np++]->h);
      continue;
    }
    Value v = eval(I, f, p->a);
    f->cur = p;
    if (p->conv == 'r' || p->conv == 's' || p->conv == 'a') {
      Str *s = p->conv == 'r' ? rt_repr(I, v) : p->conv == 's' ? rt_str(I, v) : ascii_of(I, v);
      v_decref(I, v);
      v = v_obj(&s->h);
    }
    Str *spec = EV(I)->empty;
    Value sv = v_undef();
    if (p->b) {
      sv = eval(I, f, p->b);
      spec = AS_STR(sv);
    }
    f->cur = p;
    if (!p->b && v_is(v, OBJ_STR)) {
      parts[np++] = AS_STR(v);
      continue;
    }
    parts[np++] = rt_format(I, v, spec);
    v_decref(I, v);
    v_decref(I, sv);
  }
  for (int i = 0; i < np; i++) {
    buf_append(&b, parts[i]->data, (size_t)parts[i]->len);
    obj_decref(I, &parts[i]->h);
  }
  if (!b.data) buf_reserve(&b, 1);
  return v_obj(&str_from_buf(I, &b)->h);
}

static Value eval_compare(Interp *I, Frame *f, Node *n) {
  int nops = n->elts.len - 1;
  Value left = eval_leaf(I, f, n->elts.items[0]);
  for (int i = 0;; i++) {
    Value right = eval_leaf(I, f, n->elts.items[i + 1]);
    bool b;
    Value r;
    if (fast_compare(n->cmpops[i], left, right, &b)) {
      r = v_bool(b);
    } else {
      f->cur = n;
      r = compare(I, n->cmpops[i], left, right);
    }
    v_decref(I, left);
    if (i == nops - 1) {
      v_decref(I, right);
      return r;
    }
    if (!truthy(I, r)) {
      v_decref(I, right);
      return r;
    }
    v_decref(I, r);
    left = right;
  }
}

static Value eval_subscript(Interp *I, Frame *f, Node *n) {
  Value obj = eval_leaf(I, f, n->a);
  Value key = eval_leaf(I, f, n->b);
  if (key.tag == V_INT && obj.tag == V_OBJ) {
    int64_t i = key.as.i;
    if (obj.as.o->kind == OBJ_LIST) {
      List *l = AS_LIST(obj);
      if (i < 0) i += l->len;
      if (i >= 0 && i < l->len) {
        Value r = v_incref(l->items[i]);
        v_decref(I, obj);
        return r;
      }
    } else if (obj.as.o->kind == OBJ_TUPLE) {
      Tuple *t = AS_TUPLE(obj);
      if (i < 0) i += t->len;
      if (i >= 0 && i < t->len) {
        Value r = v_incref(t->items[i]);
        v_decref(I, obj);
        return r;
      }
    }
  }
  f->cur = n;
  Value r = rt_getitem(I, obj, key);
  v_decref(I, obj);
  v_decref(I, key);
  return r;
}

NOINLINE static Value eval_unary(Interp *I, Frame *f, Node *n) {
  Value v = eval(I, f, n->a);
  switch (n->op) {
  case UOP_NOT: {
    bool t;
    if (I->graph && graph_is_sym(I, v)) {
      f->cur = n;
      return cf_not(I, v);
    }
    if (v.tag == V_BOOL) t = v.as.b;
    else {
      f->cur = n;
      t = truthy(I, v);
      v_decref(I, v);
    }
    return v_bool(!t);
  }
  case UOP_NEG:
    if (v.tag == V_INT && v.as.i != INT64_MIN) return v_int(-v.as.i);
    if (v.tag == V_FLOAT) return v_float(-v.as.f);
    break;
  case UOP_POS:
    if (v.tag == V_INT || v.tag == V_FLOAT) return v;
    break;
  default: break;
  }
  f->cur = n;
  Value r = rt_unary(I, (UnaryOp)n->op, v);
  v_decref(I, v);
  return r;
}

NOINLINE static Value eval_const_str(Interp *I, Node *n) {
  Str *s = const_str(I, n);
  obj_incref(&s->h);
  return v_obj(&s->h);
}

/* A b'' literal: one bytes object per node, kept like the str constants. */
NOINLINE static Value eval_const_bytes(Interp *I, Node *n) {
  if (!n->aux) {
    Value b = bytes_new(I, n->str, n->slen);
    ev_keep(I, b.as.o);
    n->aux = b.as.o;
  }
  obj_incref(n->aux);
  return v_obj(n->aux);
}

/* Locals and int constants without a call: most operands are one of them. */
static inline Value eval_leaf(Interp *I, Frame *f, Node *n) {
  if (n->kind == ND_NAME && n->scope == SCOPE_LOCAL) {
    Value v = f->locals[n->slot];
    if (v.tag != V_UNDEF) return v_incref(v);
  } else if (n->kind == ND_INT) {
    return v_int(n->ival);
  }
  return eval(I, f, n);
}

NOINLINE static Value eval_binop(Interp *I, Frame *f, Node *n) {
  Value a = eval_leaf(I, f, n->a);
  Value b = eval_leaf(I, f, n->b);
  Value r;
  if (fast_binop(n->op, a, b, &r)) return r;
  f->cur = n;
  r = rt_binop(I, (BinOp)n->op, a, b);
  v_decref(I, a);
  v_decref(I, b);
  return r;
}

NOINLINE static Value eval_andor(Interp *I, Frame *f, Node *n) {
  Value a = eval_leaf(I, f, n->a);
  f->cur = n;
  if (I->graph && graph_is_sym(I, a)) return cf_andor(I, f, n, a);
  bool t = truthy(I, a);
  if (t == (n->kind == ND_OR)) return a;
  v_decref(I, a);
  return eval(I, f, n->b);
}

NOINLINE static Value eval_ifexp(Interp *I, Frame *f, Node *n) {
  Value c = eval_leaf(I, f, n->a);
  f->cur = n->a;
  if (I->graph && graph_is_sym(I, c)) {
    Value r = cf_ifexp(I, f, n, c);
    v_decref(I, c);
    return r;
  }
  bool t = truthy(I, c);
  v_decref(I, c);
  return eval(I, f, t ? n->b : n->c);
}

NOINLINE static Value eval_attr(Interp *I, Frame *f, Node *n) {
  Value obj = eval_leaf(I, f, n->a);
  f->cur = n;
  Value r = getattr_cached(I, obj, (AttrCache *)n->aux);
  v_decref(I, obj);
  return r;
}

NOINLINE static Value eval_slice(Interp *I, Frame *f, Node *n) {
  Value a = n->a ? eval(I, f, n->a) : v_none();
  Value b = n->b ? eval(I, f, n->b) : v_none();
  Value c = n->c ? eval(I, f, n->c) : v_none();
  Value s = slice_new(I, a, b, c);
  v_decref(I, a);
  v_decref(I, b);
  v_decref(I, c);
  return s;
}

NOINLINE static _Noreturn void bad_starred(Interp *I, Frame *f, Node *n) {
  f->cur = n;
  rt_raise(I, EXC_RuntimeError, "can't use starred expression here");
}

/* A thin dispatcher: every non-trivial case is a tail call, so eval's own
 * frame stays small. */
static Value eval(Interp *I, Frame *f, Node *n) {
  switch (n->kind) {
  case ND_NAME:
    if (n->scope == SCOPE_LOCAL) {
      Value v = f->locals[n->slot];
      if (v.tag == V_UNDEF) unbound_local(I, f, n);
      return v_incref(v);
    }
    return load_name(I, f, n);
  case ND_INT: return v_int(n->ival);
  case ND_FLOAT: return v_float(n->fval);
  case ND_IMAG: return v_complex(I, 0.0, n->fval);
  case ND_STR: return eval_const_str(I, n);
  case ND_BYTES: return eval_const_bytes(I, n);
  case ND_NONE: return v_none();
  case ND_TRUE: return v_bool(true);
  case ND_FALSE: return v_bool(false);
  case ND_ELLIPSIS: return v_ellipsis();
  case ND_BINOP: return eval_binop(I, f, n);
  case ND_UNARYOP: return eval_unary(I, f, n);
  case ND_AND:
  case ND_OR: return eval_andor(I, f, n);
  case ND_COMPARE: return eval_compare(I, f, n);
  case ND_IFEXP: return eval_ifexp(I, f, n);
  case ND_LAMBDA: return make_function(I, f, n);
  case ND_TUPLE: return eval_tuple(I, f, n);
  case ND_LIST: return eval_list(I, f, n);
  case ND_SET:
    graph_check_syntax(I, n, "a set display");
    return eval_set(I, f, n);
  case ND_DICT: return eval_dict(I, f, n);
  case ND_SETCOMP: graph_check_syntax(I, n, "a set comprehension"); return eval_comp(I, f, n);
  case ND_LISTCOMP:
  case ND_DICTCOMP: return eval_comp(I, f, n);
  case ND_GENEXP: return eval_genexp(I, f, n);
  case ND_CALL: return eval_call(I, f, n);
  case ND_ATTR: return eval_attr(I, f, n);
  case ND_SUBSCRIPT: return eval_subscript(I, f, n);
  case ND_SLICE: return eval_slice(I, f, n);
  case ND_FSTRING: return eval_fstring(I, f, n);
  case ND_STARRED: bad_starred(I, f, n);
  case ND_YIELD: return gen_yield(I, f, n);
  case ND_YIELDFROM: return gen_yield_from(I, f, n);
  default: die("eval: unexpected node %s", ast_kind_name(n->kind));
  }
}

/* ---- Assignment -------------------------------------------------------------- */

NOINLINE static void assign_unpack(Interp *I, Frame *f, Node *t, Value v) {
  int n = t->elts.len, star = -1;
  for (int i = 0; i < n; i++)
    if (t->elts.items[i]->kind == ND_STARRED) star = i;
  List *tmp = NULL;
  Value *items;
  int64_t len;
  f->cur = t;
  if (v_is(v, OBJ_TUPLE)) {
    items = AS_TUPLE(v)->items;
    len = AS_TUPLE(v)->len;
  } else {
    if (!maybe_iterable(I, v) || v_is(v, OBJ_FUNC) || v_is(v, OBJ_CLASS) || v_is(v, OBJ_NATIVE))
      rt_raise(I, EXC_TypeError, "cannot unpack non-iterable %s object", rt_type_name(I, v));
    tmp = list_new(I, n);
    if (v_is(v, OBJ_LIST)) {
      extend_list(I, tmp, v);
    } else {
      Value iter = rt_iter(I, v), x;
      while ((star >= 0 || tmp->len <= n) && rt_next(I, iter, &x)) {
        list_append(I, tmp, x);
        v_decref(I, x);
      }
      v_decref(I, iter);
    }
    items = tmp->items;
    len = tmp->len;
  }
  if (star < 0) {
    if (len < n) rt_raise(I, EXC_ValueError, "not enough values to unpack (expected %d, got %d)", n, (int)len);
    if (len > n) rt_raise(I, EXC_ValueError, "too many values to unpack (expected %d)", n);
  } else if (len < n - 1) {
    rt_raise(I, EXC_ValueError, "not enough values to unpack (expected at least %d, got %d)", n - 1,
             (int)len);
  }
  /* Keep the items alive while assigning (a target may mutate the source). */
  Value held[len + 1];
  for (int64_t i = 0; i < len; i++) held[i] = v_incref(items[i]);
  if (star < 0) {
    for (int i = 0; i < n; i++) assign(I, f, t->elts.items[i], held[i]);
  } else {
    int after = n - star - 1;
    for (int i = 0; i < star; i++) assign(I, f, t->elts.items[i], held[i]);
    List *mid = list_new(I, len - star - after);
    for (int64_t i = star; i < len - after; i++) list_append(I, mid, held[i]);
    assign(I, f, t->elts.items[star]->a, v_obj(&mid->h));
    obj_decref(I, &mid->h);
    for (int i = 0; i < after; i++) assign(I, f, t->elts.items[star + 1 + i], held[len - after + i]);
  }
  for (int64_t i = 0; i < len; i++) v_decref(I, held[i]);
  if (tmp) obj_decref(I, &tmp->h);
}

static void assign(Interp *I, Frame *f, Node *t, Value v) {
  switch (t->kind) {
  case ND_NAME:
    if (t->scope == SCOPE_LOCAL) set_slot(I, &f->locals[t->slot], v);
    else store_ref(I, f, t->scope, t->slot, (Str *)t->aux, v);
    return;
  case ND_ATTR: {
    Value obj = eval(I, f, t->a);
    f->cur = t;
    setattr_cached(I, obj, (AttrCache *)t->aux, v);
    v_decref(I, obj);
    return;
  }
  case ND_SUBSCRIPT: {
    Value obj = eval(I, f, t->a);
    Value key = eval(I, f, t->b);
    f->cur = t;
    if (v_is(obj, OBJ_LIST) && key.tag == V_INT) {
      List *l = AS_LIST(obj);
      int64_t i = key.as.i < 0 ? key.as.i + l->len : key.as.i;
      if (i >= 0 && i < l->len) {
        set_slot(I, &l->items[i], v);
        v_decref(I, obj);
        return;
      }
    }
    rt_setitem(I, obj, key, v);
    v_decref(I, obj);
    v_decref(I, key);
    return;
  }
  case ND_TUPLE:
  case ND_LIST:
    assign_unpack(I, f, t, v);
    return;
  case ND_STARRED:
    f->cur = t;
    rt_raise(I, EXC_RuntimeError, "starred assignment target must be in a list or tuple");
  default:
    die("assign: unexpected target %s", ast_kind_name(t->kind));
  }
}

/* s += t where s is a str that nothing else references: grow it in place,
 * as CPython does, so that building a string in a loop stays linear. The
 * block is over-allocated by half when it has to move. */
static bool str_append_owned(Interp *I, Value *slot, Value rhs) {
  Str *a = AS_STR(*slot), *b = AS_STR(rhs);
  if (a->h.rc != 1 || a->interned || a == b) return false;
  size_t n = (size_t)(a->len + b->len);
  size_t need = sizeof(Str) + n + 1;
  if (obj_capacity(&a->h) < need) a = (Str *)obj_resize(I, &a->h, need + need / 2);
  memcpy(a->data + a->len, b->data, (size_t)b->len);
  a->len = (int64_t)n;
  a->data[n] = 0;
  a->nchars += b->nchars;
  a->hash = 0;
  slot->as.o = &a->h;
  return true;
}

/* x += e, or x = x + e, for a local or global x holding an unshared str
 * (n is the statement, t the target, e the right operand). */
static bool str_iadd(Interp *I, Frame *f, Node *n, Node *t, Node *e) {
  if (t->scope == SCOPE_LOCAL) {
    Value *slot = &f->locals[t->slot];
    if (!v_is(*slot, OBJ_STR) || AS_STR(*slot)->h.rc != 1) return false;
    Value rhs = eval(I, f, e);
    bool ok = v_is(*slot, OBJ_STR) && v_is(rhs, OBJ_STR) && str_append_owned(I, slot, rhs);
    if (!ok) {
      Value old = v_incref(*slot), r;
      f->cur = n;
      r = rt_inplace(I, OP_ADD, old, rhs);
      v_decref(I, old);
      set_slot(I, slot, r);
      v_decref(I, r);
    }
    v_decref(I, rhs);
    return true;
  }
  if (t->scope != SCOPE_GLOBAL) return false;
  Str *name = t->aux;
  Value cur = dict_get_str(I, f->globals, name);
  if (!v_is(cur, OBJ_STR) || cur.as.o->rc != 1 || AS_STR(cur)->interned) return false;
  Value rhs = eval(I, f, e);
  cur = dict_get_str(I, f->globals, name);
  if (!v_is(rhs, OBJ_STR) || !v_is(cur, OBJ_STR) || cur.as.o->rc != 1) {
    v_decref(I, rhs);
    Value old = load_global(I, f, t);
    f->cur = n;
    Value r = rt_inplace(I, OP_ADD, old, rhs);
    v_decref(I, old);
    dict_set_str(I, f->globals, name, r);
    v_decref(I, r);
    return true;
  }
  obj_incref(cur.as.o);
  dict_set_str(I, f->globals, name, v_none()); /* now we hold the only reference */
  if (!str_append_owned(I, &cur, rhs)) {
    Value r = rt_inplace(I, OP_ADD, cur, rhs);
    v_decref(I, cur);
    cur = r;
  }
  dict_set_str(I, f->globals, name, cur);
  v_decref(I, cur);
  v_decref(I, rhs);
  return true;
}

NOINLINE static void exec_augassign(Interp *I, Frame *f, Node *n) {
  Node *t = n->a;
  BinOp op = (BinOp)n->op;
  Value obj = v_undef(), key = v_undef(), old;
  if (op == OP_ADD && t->kind == ND_NAME && str_iadd(I, f, n, t, n->b)) return;
  switch (t->kind) {
  case ND_NAME: old = eval(I, f, t); break;
  case ND_ATTR:
    obj = eval(I, f, t->a);
    f->cur = t;
    old = getattr_cached(I, obj, (AttrCache *)t->aux);
    break;
  case ND_SUBSCRIPT:
    obj = eval(I, f, t->a);
    key = eval(I, f, t->b);
    f->cur = t;
    old = rt_getitem(I, obj, key);
    break;
  default: die("augassign: unexpected target %s", ast_kind_name(t->kind));
  }
  Value rhs = eval(I, f, n->b);
  Value r;
  if (!fast_binop(op, old, rhs, &r)) {
    f->cur = n;
    r = rt_inplace(I, op, old, rhs);
  }
  v_decref(I, old);
  v_decref(I, rhs);
  switch (t->kind) {
  case ND_NAME: assign(I, f, t, r); break;
  case ND_ATTR: f->cur = t; setattr_cached(I, obj, (AttrCache *)t->aux, r); break;
  default: f->cur = t; rt_setitem(I, obj, key, r); break;
  }
  v_decref(I, r);
  v_decref(I, obj);
  v_decref(I, key);
}

NOINLINE static void exec_del(Interp *I, Frame *f, Node *t) {
  switch (t->kind) {
  case ND_NAME: delete_name(I, f, t); return;
  case ND_ATTR: {
    Value obj = eval(I, f, t->a);
    f->cur = t;
    rt_delattr(I, obj, ((AttrCache *)t->aux)->name);
    v_decref(I, obj);
    return;
  }
  case ND_SUBSCRIPT: {
    Value obj = eval(I, f, t->a);
    Value key = eval(I, f, t->b);
    f->cur = t;
    rt_delitem(I, obj, key);
    v_decref(I, obj);
    v_decref(I, key);
    return;
  }
  case ND_TUPLE:
  case ND_LIST:
    for (int i = 0; i < t->elts.len; i++) exec_del(I, f, t->elts.items[i]);
    return;
  default:
    die("del: unexpected target %s", ast_kind_name(t->kind));
  }
}

/* ---- Statements ----------------------------------------------------------------- */

/* for x in range(...) in graph capture with a bound computed in the graph:
 * a While (ctlflow.c). Returns -1 when the loop is a plain one; else the
 * loop's CTRL code. *seq gets the range otherwise (the args are evaluated
 * once). */
static int for_range_sym(Interp *I, Frame *f, Node *n, Value *seq) {
  Node *call = n->b;
  if (!(I->graph && graph_staging(I)) || call->kind != ND_CALL || call->a->kind != ND_NAME ||
      strcmp(call->a->name, "range") != 0 || call->elts.len < 1 || call->elts.len > 3)
    return -1;
  for (int i = 0; i < call->elts.len; i++)
    if (call->elts.items[i]->kind == ND_STARRED || call->elts.items[i]->kind == ND_KEYWORD ||
        call->elts.items[i]->kind == ND_DSTAR)
      return -1;
  Value fn = eval(I, f, call->a), b[3];
  int nb = call->elts.len, c = -1;
  bool sym = false;
  for (int i = 0; i < nb; i++) {
    b[i] = eval(I, f, call->elts.items[i]);
    sym = sym || graph_is_sym(I, b[i]);
  }
  f->cur = call;
  if (sym) c = cf_for_range(I, f, n, nb, b);
  else *seq = rt_call(I, fn, nb, b, NULL);
  for (int i = 0; i < nb; i++) v_decref(I, b[i]);
  v_decref(I, fn);
  return sym ? c : -2;
}

NOINLINE static int exec_for(Interp *I, Frame *f, Node *n) {
  Value seq = v_undef();
  int how = for_range_sym(I, f, n, &seq);
  if (how >= 0) return how;
  if (how == -1) seq = eval(I, f, n->b);
  int c = CTRL_NONE;
  void *pl = I->graph && graph_staging(I) ? cf_pyloop_enter(I) : NULL; /* ctlflow.c: jumps in tensor ifs */
  if (v_is(seq, OBJ_RANGE)) {
    Range *r = (Range *)seq.as.o;
    int64_t start = r->start, stop = r->stop, step = r->step;
    uint64_t count = 0; /* computed in unsigned arithmetic: no overflow */
    if (step > 0 && start < stop) count = ((uint64_t)stop - (uint64_t)start - 1) / (uint64_t)step + 1;
    else if (step < 0 && start > stop) count = ((uint64_t)start - (uint64_t)stop - 1) / (0 - (uint64_t)step) + 1;
    uint64_t v = (uint64_t)start;
    for (uint64_t k = 0; k < count; k++, v += (uint64_t)step) {
      assign(I, f, n->a, v_int((int64_t)v));
      c = pl ? cf_pyloop_iter(I, f, n) : exec_block(I, f, &n->body);
      if (c == CTRL_BREAK || c == CTRL_RETURN) break;
      c = CTRL_NONE;
    }
  } else if (v_is(seq, OBJ_LIST) || v_is(seq, OBJ_TUPLE)) {
    bool is_list = v_is(seq, OBJ_LIST);
    for (int64_t i = 0;; i++) {
      Value x;
      if (is_list) {
        if (i >= AS_LIST(seq)->len) break;
        x = v_incref(AS_LIST(seq)->items[i]);
      } else {
        if (i >= AS_TUPLE(seq)->len) break;
        x = v_incref(AS_TUPLE(seq)->items[i]);
      }
      assign(I, f, n->a, x);
      v_decref(I, x);
      c = pl ? cf_pyloop_iter(I, f, n) : exec_block(I, f, &n->body);
      if (c == CTRL_BREAK || c == CTRL_RETURN) break;
      c = CTRL_NONE;
    }
  } else {
    f->cur = n->b;
    Value iter = rt_iter(I, seq), x;
    for (;;) {
      f->cur = n->b;
      if (!rt_next(I, iter, &x)) break;
      assign(I, f, n->a, x);
      v_decref(I, x);
      c = pl ? cf_pyloop_iter(I, f, n) : exec_block(I, f, &n->body);
      if (c == CTRL_BREAK || c == CTRL_RETURN) break;
      c = CTRL_NONE;
    }
    v_decref(I, iter);
  }
  v_decref(I, seq);
  if (pl) return cf_pyloop_exit(I, f, n, pl, c);
  if (c == CTRL_RETURN) return c;
  if (c == CTRL_BREAK) return CTRL_NONE;
  return exec_block(I, f, &n->orelse);
}

NOINLINE static int exec_while(Interp *I, Frame *f, Node *n) {
  for (;;) {
    Value t = eval(I, f, n->a);
    f->cur = n->a;
    if (I->graph && graph_is_sym(I, t)) {
      v_decref(I, t);
      return cf_while(I, f, n);
    }
    bool go = truthy(I, t);
    v_decref(I, t);
    if (!go) break;
    int c = exec_block(I, f, &n->body);
    if (c == CTRL_BREAK) return CTRL_NONE;
    if (c == CTRL_RETURN) return c;
  }
  return exec_block(I, f, &n->orelse);
}

NOINLINE static void exec_raise(Interp *I, Frame *f, Node *n) {
  if (!n->a) exec_reraise_handled(I, f, n);
  Value e = eval(I, f, n->a);
  Value cause = n->b ? eval(I, f, n->b) : v_undef();
  f->cur = n;
  if (v_is(e, OBJ_CLASS) && AS_CLASS(e)->is_exception) {
    Value inst = rt_call0(I, e);
    v_decref(I, e);
    e = inst;
    f->cur = n;
  }
  if (!(v_is(e, OBJ_INSTANCE) && AS_INST(e)->cls->is_exception))
    rt_raise(I, EXC_TypeError, "exceptions must derive from BaseException");
  if (n->b) {
    exc_set_cause(I, e, cause);
    f->cur = n;
  }
  exc_raise_owned(I, e);
}

NOINLINE static void exec_assert(Interp *I, Frame *f, Node *n) {
  Value t = eval(I, f, n->a);
  f->cur = n;
  bool ok = truthy(I, t);
  v_decref(I, t);
  if (ok) return;
  Value cls = v_obj(&I->exc[EXC_AssertionError]->h);
  Value e;
  if (n->b) {
    Value msg = eval(I, f, n->b);
    f->cur = n;
    e = rt_call1(I, cls, msg);
    v_decref(I, msg);
  } else {
    e = rt_call0(I, cls);
  }
  f->cur = n;
  exc_raise_owned(I, e);
}

NOINLINE static void exec_import(Interp *I, Frame *f, Node *n) {
  ImportInfo *ii = n->aux;
  f->cur = n;
  for (int i = 0; i < n->naliases; i++) {
    Alias *al = &n->aliases[i];
    Value m = rt_import(I, al->name);
    if (!al->asname && strchr(al->name, '.')) {
      v_decref(I, m);
      char *top = xstrndup(al->name, (size_t)(strchr(al->name, '.') - al->name));
      Str *ts = str_intern(I, top);
      free(top);
      ev_keep(I, &ts->h);
      m = rt_import(I, ts->data);
    }
    store_ref(I, f, ii->refs[i].scope, ii->refs[i].slot, ii->refs[i].name, m);
    v_decref(I, m);
  }
}

static void import_star(Interp *I, Frame *f, Value m) {
  Dict *d = AS_MODULE(m)->dict;
  Str *all = EV(I)->s_all;
  Value names = dict_get_str(I, d, all);
  if (names.tag != V_UNDEF) {
    Value iter = rt_iter(I, names), x;
    while (rt_next(I, iter, &x)) {
      if (!v_is(x, OBJ_STR)) rt_raise(I, EXC_TypeError, "Item in __all__ must be str");
      Value v = rt_getattr(I, m, AS_STR(x));
      dict_set(I, f->ns ? f->ns : f->globals, x, v);
      v_decref(I, v);
      v_decref(I, x);
    }
    v_decref(I, iter);
    return;
  }
  for (int64_t j = 0; j < d->nentries; j++) {
    DictEntry *e = &d->entries[j];
    if (e->key.tag == V_UNDEF || !v_is(e->key, OBJ_STR) || AS_STR(e->key)->data[0] == '_') continue;
    dict_set(I, f->ns ? f->ns : f->globals, e->key, e->val);
  }
}

/* The absolute name of the module of `from ... import` (kept alive). */
static const char *importfrom_module(Interp *I, Frame *f, Node *n) {
  if (n->level == 0) return n->name;
  Str *abs = rt_import_resolve(I, f->globals, n->name, n->level);
  ev_keep(I, &abs->h);
  return abs->data;
}

NOINLINE static void exec_importfrom(Interp *I, Frame *f, Node *n) {
  ImportInfo *ii = n->aux;
  f->cur = n;
  if (n->level == 0 && strcmp(n->name, "__future__") == 0) return;
  const char *const mname = importfrom_module(I, f, n);
  Value m = rt_import(I, mname);
  for (int i = 0; i < n->naliases; i++) {
    Alias *al = &n->aliases[i];
    if (strcmp(al->name, "*") == 0) {
      import_star(I, f, m);
      continue;
    }
    Str *name = str_intern(I, al->name);
    ev_keep(I, &name->h);
    Value v;
    if (!rt_getattr_opt(I, m, name, &v)) {
      /* A submodule not yet imported: from mindspore import nn. */
      Buf b = {0};
      buf_printf(&b, "%s.%s", mname, al->name);
      Str *full = str_from_buf(I, &b);
      ev_keep(I, &full->h);
      Value sub = dict_get(I, I->modules, v_obj(&full->h));
      if (sub.tag == V_UNDEF) {
        Catch c;
        if (RT_TRY(I, &c)) {
          sub = rt_import(I, full->data);
          rt_catch_pop(I, &c);
          v_decref(I, sub);
        } else {
          Value e = CUR_EXC(I);
          CUR_EXC(I) = v_undef();
          f->cur = n;
          /* Only "no such module" means "no such name"; any other error
           * of the submodule's body is the user's to see. */
          bool absent = false;
          if (rt_exc_matches(I, e, EXC_ModuleNotFoundError)) {
            Str *msg = rt_str(I, e);
            Buf want = {0};
            buf_printf(&want, "No module named '%s'", full->data);
            absent = strncmp(msg->data, want.data, want.len) == 0;
            buf_free(&want);
            obj_decref(I, &msg->h);
          }
          if (!absent) exc_reraise(I, e);
          v_decref(I, e);
        }
        sub = dict_get(I, I->modules, v_obj(&full->h));
      }
      if (sub.tag == V_UNDEF) {
        Value file = dict_get_str(I, AS_MODULE(m)->dict, EV(I)->s_file);
        const char *where = v_is(file, OBJ_STR) ? AS_STR(file)->data : "unknown location";
        if (rt_module_initializing(m))
          rt_raise(I, EXC_ImportError,
                   "cannot import name '%s' from partially initialized module '%s' (most likely due "
                   "to a circular import) (%s)",
                   al->name, mname, where);
        rt_raise(I, EXC_ImportError, "cannot import name '%s' from '%s' (%s)", al->name, mname, where);
      }
      v = v_incref(sub);
    }
    store_ref(I, f, ii->refs[i].scope, ii->refs[i].slot, ii->refs[i].name, v);
    v_decref(I, v);
  }
  v_decref(I, m);
}

NOINLINE static int exec_expr(Interp *I, Frame *f, Node *n) {
  Value v = eval(I, f, n->a);
  v_decref(I, v);
  return CTRL_NONE;
}

/* t = t + e on a str: CPython appends in place too (same name, same scope). */
static bool is_self_concat(Node *n) {
  Node *t = n->elts.items[0], *v = n->a;
  return n->elts.len == 1 && t->kind == ND_NAME && v->kind == ND_BINOP && v->op == OP_ADD &&
         v->a->kind == ND_NAME && v->a->scope == t->scope &&
         ((t->scope == SCOPE_LOCAL && v->a->slot == t->slot) ||
          (t->scope == SCOPE_GLOBAL && v->a->aux == t->aux));
}

NOINLINE static int exec_assign(Interp *I, Frame *f, Node *n) {
  if (n->a->kind == ND_BINOP && is_self_concat(n) && str_iadd(I, f, n->a, n->elts.items[0], n->a->b))
    return CTRL_NONE;
  Value v = eval_leaf(I, f, n->a);
  if (I->graph && n->elts.items[0]->kind == ND_NAME && v_is(v, OBJ_TENSOR))
    graph_name_value(I, AS_TENSOR(v), n->elts.items[0]->name);
  for (int i = 0; i < n->elts.len; i++) assign(I, f, n->elts.items[i], v);
  v_decref(I, v);
  return CTRL_NONE;
}

NOINLINE static int exec_annassign(Interp *I, Frame *f, Node *n) {
  if (f->ns && n->a->kind == ND_NAME && n->b->loc.file) { /* class body: __annotations__ */
    Str *ka = str_intern(I, "__annotations__");
    Value ann = dict_get_str(I, f->ns, ka);
    if (!v_is(ann, OBJ_DICT)) {
      Dict *d = dict_new(I);
      dict_set_str(I, f->ns, ka, v_obj(&d->h));
      obj_decref(I, &d->h);
      ann = dict_get_str(I, f->ns, ka);
    }
    obj_decref(I, &ka->h);
    const Loc *l = &n->b->loc; /* kept as source text (PEP 563) */
    Str *text = str_new(I, l->file->text + l->beg, l->end - l->beg);
    dict_set_str(I, AS_DICT(ann), (Str *)n->a->aux, v_obj(&text->h));
    obj_decref(I, &text->h);
  }
  if (n->c) {
    Value v = eval(I, f, n->c);
    assign(I, f, n->a, v);
    v_decref(I, v);
  }
  return CTRL_NONE;
}

NOINLINE static int exec_if(Interp *I, Frame *f, Node *n) {
  for (;;) {
    Value t = eval(I, f, n->a);
    bool go;
    if (t.tag == V_BOOL) go = t.as.b;
    else if (I->graph && graph_is_sym(I, t)) {
      int c = cf_if(I, f, n, t);
      v_decref(I, t);
      return c;
    } else {
      f->cur = n->a;
      go = truthy(I, t);
      v_decref(I, t);
    }
    if (go) return exec_block(I, f, &n->body);
    if (n->orelse.len == 1 && n->orelse.items[0]->kind == ND_IF) {
      n = n->orelse.items[0];
      continue;
    }
    return exec_block(I, f, &n->orelse);
  }
}

NOINLINE static int exec_return(Interp *I, Frame *f, Node *n) {
  f->ret = n->a ? eval_leaf(I, f, n->a) : v_none();
  if (I->graph && graph_staging(I)) f->cur = n; /* ctlflow.c's errors about a return */
  return CTRL_RETURN;
}

NOINLINE static int exec_misc(Interp *I, Frame *f, Node *n) {
  switch (n->kind) {
  case ND_AUGASSIGN: exec_augassign(I, f, n); break;
  case ND_RAISE: exec_raise(I, f, n); break;
  case ND_ASSERT: exec_assert(I, f, n); break;
  case ND_DEL:
    graph_check_syntax(I, n, "'del'");
    for (int i = 0; i < n->elts.len; i++) exec_del(I, f, n->elts.items[i]);
    break;
  case ND_IMPORT:
    graph_check_syntax(I, n, "'import'");
    exec_import(I, f, n);
    break;
  case ND_IMPORTFROM:
    graph_check_syntax(I, n, "'from ... import'");
    exec_importfrom(I, f, n);
    break;
  case ND_FUNCDEF: exec_funcdef(I, f, n); break;
  case ND_CLASSDEF: exec_classdef(I, f, n); break;
  default: {
    Value v = eval(I, f, n);
    v_decref(I, v);
    break;
  }
  }
  return CTRL_NONE;
}

static int exec_stmt(Interp *I, Frame *f, Node *n) {
  switch (n->kind) {
  case ND_EXPR_STMT: return exec_expr(I, f, n);
  case ND_ASSIGN: return exec_assign(I, f, n);
  case ND_ANNASSIGN: return exec_annassign(I, f, n);
  case ND_IF: return exec_if(I, f, n);
  case ND_WHILE: return exec_while(I, f, n);
  case ND_FOR: return exec_for(I, f, n);
  case ND_RETURN: return exec_return(I, f, n);
  case ND_BREAK: return CTRL_BREAK;
  case ND_CONTINUE: return CTRL_CONTINUE;
  case ND_NONLOCAL: graph_check_syntax(I, n, "'nonlocal'"); return CTRL_NONE;
  case ND_TRY: return exec_try(I, f, n);
  case ND_WITH: return exec_with(I, f, n);
  case ND_PASS:
  case ND_GLOBAL: return CTRL_NONE;
  default: return exec_misc(I, f, n);
  }
}

_Noreturn void rt_steps_exhausted(Interp *I) {
  I->steps_left = 1; /* every later step raises too */
  rt_raise(I, EXC_RuntimeError, "msc: the script's step budget is exhausted");
}

static bool compound(const Node *s) { return s->kind == ND_IF || s->kind == ND_WHILE || s->kind == ND_FOR; }

/* While graph capture stages statements, each compound statement runs
 * with the rest of its block on ctlflow.c's tail stack. */
static int exec_block_from(Interp *I, Frame *f, NodeVec *v, int from) {
  bool st = I->graph && graph_staging(I);
  for (int i = from; i < v->len; i++) {
    Node *s = v->items[i];
    int c;
    rt_step(I);
    if (st && compound(s)) {
      int d = cf_tail_push(I, f, v, i + 1);
      if (s->kind == ND_WHILE) cf_tail_push_while(I, f, s); /* a loop: a barrier (ctlflow.c BAR_*) */
      else if (s->kind == ND_FOR) cf_tail_push(I, f, NULL, 2);
      c = exec_stmt(I, f, s);
      cf_tail_set(I, d);
    } else {
      c = exec_stmt(I, f, s);
    }
    if (c) return c;
  }
  return CTRL_NONE;
}

static int exec_block(Interp *I, Frame *f, NodeVec *v) { return exec_block_from(I, f, v, 0); }

int interp_exec_from(Interp *I, Frame *f, NodeVec *v, int from) { return exec_block_from(I, f, v, from); }
Value interp_eval(Interp *I, Frame *f, Node *n) { return eval(I, f, n); }
void interp_assign(Interp *I, Frame *f, Node *t, Value v) { assign(I, f, t, v); }
void interp_unbind(Interp *I, Frame *f, Node *n) {
  Value *slot = NULL;
  switch (n->scope) {
  case SCOPE_LOCAL: slot = &f->locals[n->slot]; break;
  case SCOPE_CELL: slot = cell_v(f->locals[n->slot]); break;
  case SCOPE_FREE: slot = cell_v(f->closure->items[n->slot]); break;
  default: dict_del(I, n->scope == SCOPE_CLASS ? f->ns : f->globals, v_obj(n->aux)); return;
  }
  Value old = *slot;
  *slot = v_undef();
  v_decref(I, old);
}

/* ---- Output ------------------------------------------------------------------ */

void rt_write(Interp *I, const char *s, size_t n) {
  (void)I;
  fwrite(s, 1, n, stdout);
}

/* ---- Entry points ------------------------------------------------------------ */

static void set_stack_limit(Interp *I) {
  pthread_attr_t attr;
  void *addr;
  size_t size;
  char here;
  uintptr_t sp = (uintptr_t)&here, limit = 0;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
      size_t margin = size / 8 < ((size_t)1 << 20) ? size / 8 : ((size_t)1 << 20);
      limit = (uintptr_t)addr + margin;
    }
    pthread_attr_destroy(&attr);
  }
  if (!limit || limit > sp) limit = sp > ((uintptr_t)4 << 20) ? sp - ((uintptr_t)4 << 20) : 0;
  EV(I)->stack_limit = limit;
}

static Str *keep_intern(Interp *I, const char *s) {
  Str *x = str_intern(I, s);
  ev_keep(I, &x->h);
  return x;
}


Interp *interp_new(int argc, char **argv) {
  Interp *I = xcalloc(1, sizeof *I);
  I->argc = argc;
  I->argv = argv;
  I->max_depth = 1000;
  CUR_EXC(I) = v_undef();
  I->ev = xcalloc(1, sizeof(Eval));
  value_init(I);
  Eval *ev = EV(I);
  ev->empty = keep_intern(I, "");
  ev->s_all = keep_intern(I, "__all__");
  ev->s_file = keep_intern(I, "__file__");
  ev->epoch = 1;
  exc_init(I);
  builtins_init(I);
  modules_init(I);
  exc_builtins_init(I);
  gen_init(I);
  gen_fn_init(I);
  fileio_init(I);
  graph_init(I);
  return I;
}

int interp_run_main(Interp *I, SrcFile *src, Node *module) {
  Eval *ev = EV(I);
  if (!resolve_module(I, module)) return 1;
  set_stack_limit(I);
  Module *m = (Module *)obj_alloc(I, OBJ_MODULE, sizeof(Module));
  m->name = I->s.main;
  obj_incref(&m->name->h);
  m->dict = dict_new(I);
  m->src = src;
  ev->main = m;
  dict_set_str(I, m->dict, I->s.name, v_obj(&I->s.main->h));
  Str *file = str_from_c(I, src->name);
  dict_set_str(I, m->dict, ev->s_file, v_obj(&file->h));
  obj_decref(I, &file->h);
  NodeVec *body = &module->body;
  if (body->len && body->items[0]->kind == ND_EXPR_STMT && body->items[0]->a->kind == ND_STR) {
    Str *doc = str_new(I, body->items[0]->a->str, body->items[0]->a->slen);
    dict_set_str(I, m->dict, I->s.doc, v_obj(&doc->h));
    obj_decref(I, &doc->h);
  } else {
    dict_set_str(I, m->dict, I->s.doc, v_none());
  }
  dict_set_str(I, I->modules, I->s.main, v_obj(&m->h));

  Frame mf = {.prev = NULL, .cur = module, .locals = NULL, .info = NULL, .func = NULL,
              .closure = NULL, .globals = m->dict, .module = m, .ns = NULL, .ret = v_none(), .hidden = false};
  int status = 0;
  Catch c;
  I->depth = 0;
  I->frame = NULL;
  if (RT_TRY(I, &c)) {
    I->frame = &mf;
    I->depth = 1;
    exec_block(I, &mf, body);
    gen_close_all(I);
    rt_catch_pop(I, &c);
  } else {
    Value exc = CUR_EXC(I);
    CUR_EXC(I) = v_undef();
    status = exc_report(I, exc);
    v_decref(I, exc);
    /* The unwind stranded references held by C code (evaluator and native
     * temporaries), which gc_sweep_all frees; a refcount audit would
     * report them as leaks, so it is only meaningful after a normal exit. */
    ev->unwound = true;
  }
  I->frame = NULL;
  I->depth = 0;
  fflush(stdout);
  /* Break the module's reference cycles' external root: the module. */
  dict_del(I, I->modules, v_obj(&I->s.main->h));
  obj_decref(I, &m->h);
  ev->main = NULL;
  return status;
}

void interp_add_lib_src(Interp *I, SrcFile *src) {
  Eval *ev = EV(I);
  if (ev->nlib_srcs == ev->caplib_srcs) {
    ev->caplib_srcs = ev->caplib_srcs ? 2 * ev->caplib_srcs : 16;
    ev->lib_srcs = xrealloc(ev->lib_srcs, sizeof(SrcFile *) * (size_t)ev->caplib_srcs);
  }
  ev->lib_srcs[ev->nlib_srcs++] = src;
}

void interp_add_user_src(Interp *I, SrcFile *src) {
  Eval *ev = EV(I);
  if (ev->nuser_srcs == ev->capuser_srcs) {
    ev->capuser_srcs = ev->capuser_srcs ? 2 * ev->capuser_srcs : 16;
    ev->user_srcs = xrealloc(ev->user_srcs, sizeof(SrcFile *) * (size_t)ev->capuser_srcs);
  }
  ev->user_srcs[ev->nuser_srcs++] = src;
}

bool interp_is_lib_src(Interp *I, const SrcFile *src) {
  Eval *ev = EV(I);
  for (int i = 0; src && i < ev->nlib_srcs; i++)
    if (ev->lib_srcs[i] == src) return true;
  return false;
}

void interp_exec_module(Interp *I, Module *m, Node *module) {
  if (!resolve_module(I, module))
    rt_raise(I, EXC_ImportError, "library module '%s' has errors (reported above)", m->name->data);
  if (I->depth >= I->max_depth) rt_raise(I, EXC_RecursionError, "maximum recursion depth exceeded");
  check_stack(I);
  NodeVec *body = &module->body;
  bool has_doc = body->len && body->items[0]->kind == ND_EXPR_STMT && body->items[0]->a->kind == ND_STR;
  Str *doc = has_doc ? str_new(I, body->items[0]->a->str, body->items[0]->a->slen) : NULL;
  dict_set_str(I, m->dict, I->s.doc, doc ? v_obj(&doc->h) : v_none());
  if (doc) obj_decref(I, &doc->h);
  Frame mf = {.prev = I->frame, .cur = module, .locals = NULL, .info = NULL, .func = NULL,
              .closure = NULL, .globals = m->dict, .module = m, .ns = NULL, .ret = v_none(),
              .hidden = false};
  I->frame = &mf;
  I->depth++;
  exec_block(I, &mf, body);
  I->depth--;
  I->frame = mf.prev;
}

void interp_free(Interp *I) {
  if (!I) return;
  Eval *ev = EV(I);
  for (int i = 0; i < ev->nconsts; i++) obj_decref(I, ev->consts[i]);
  free(ev->consts);
  ev->consts = NULL;
  ev->nconsts = 0;
  graph_free_all(I);
  gen_free_all(I);
  file_close_all(I);
  fflush(stdout);
  gc_sweep_all(I, !ev->unwound);
  value_free(I);
  for (int i = 0; i < ev->nlib_srcs; i++)
    if (!lib_src_kept(ev->lib_srcs[i])) src_free(ev->lib_srcs[i]);
  free(ev->lib_srcs);
  for (int i = 0; i < ev->nuser_srcs; i++) src_free(ev->user_srcs[i]);
  free(ev->user_srcs);
  free(I->tb);
  free(I->op_ws.p);
  free(ev);
  free(I);
}
