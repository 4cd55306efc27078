/* trystmt.c — try/except/else/finally, bare `raise` and `raise ... from`,
 * and `with` (context managers), in PyNative code.
 *
 * A guarded part (try body, handlers, else, a with body) runs under a
 * Catch; an exception it raises is taken with its traceback (a snapshot of
 * I->tb kept in a gc-tracked Str, so nothing malloc'd is held while more
 * Python runs) and either handled or raised again with that traceback once
 * the finally block or __exit__ has run, as CPython does.
 *
 * The exception being handled (what a bare `raise` re-raises and what a new
 * exception's __context__ becomes) is Eval.handled, set while an except
 * clause runs and restored after it.
 *
 * Inside a graph (@jit / construct being staged) `try` is MindSpore's
 * "Unsupported statement 'Try'."; `with` runs at compile time like any
 * other Python-level code, as MindSpore's static graph syntax allows it.
 *
 * Once a script has caught an exception, the refcount audit of
 * MSC_CHECK_LEAKS is off for the run: C temporaries of the frames the
 * exception crossed are swept at exit, not decref'd (see interp.c).
 */
#include <string.h>

#include "interp.h"

enum { CTRL_UNHANDLED = -1 };

/* ---- tracebacks kept across Python code ---------------------------------- */

/* The traceback being built, kept across Python code (also gen.c). */
Str *rt_tb_save(Interp *I) {
  return str_new(I, (const char *)I->tb, sizeof(Loc) * (size_t)I->tb_len);
}

void rt_tb_restore(Interp *I, Str *s) {
  int n = (int)((size_t)s->len / sizeof(Loc));
  if (n > I->tb_cap) {
    I->tb = xrealloc(I->tb, sizeof(Loc) * (size_t)n);
    I->tb_cap = n;
  }
  if (n) memcpy(I->tb, s->data, sizeof(Loc) * (size_t)n);
  I->tb_len = n;
}

/* Raises exc (owned) again with the traceback tb (taken, may be NULL). */
static _Noreturn void reraise_tb(Interp *I, Value exc, Str *tb) {
  if (tb) {
    rt_tb_restore(I, tb);
    obj_decref(I, &tb->h);
  }
  exc_reraise(I, exc);
}

/* ---- guarded execution --------------------------------------------------- */

typedef int (*GuardFn)(Interp *I, Frame *f, Node *n, void *arg);

/* Runs fn: true with its control code in *ctrl, or false with the
 * exception it raised in *exc (owned) and its traceback in *tb. */
static bool guarded(Interp *I, Frame *f, GuardFn fn, Node *n, void *arg, int *ctrl, Value *exc,
                    Str **tb) {
  Catch c;
  if (RT_TRY_RECLAIM(I, &c)) {
    int r = fn(I, f, n, arg);
    rt_catch_pop(I, &c);
    *ctrl = r;
    return true;
  }
  *exc = CUR_EXC(I);
  CUR_EXC(I) = v_undef();
  *tb = rt_tb_save(I);
  exc_attach_tb(I, *exc, f);
  Value held[2] = {*exc, v_obj(&(*tb)->h)};
  rt_catch_reclaim(I, &c, held, 2); /* the unwound frames' temporaries */
  return false;
}

static int run_block(Interp *I, Frame *f, Node *n, void *arg) {
  (void)n;
  return interp_exec_from(I, f, (NodeVec *)arg, 0);
}

/* ---- except clauses ------------------------------------------------------- */

static bool is_exc_class(Value v) { return v_is(v, OBJ_CLASS) && AS_CLASS(v)->is_exception; }

/* Does exc match the clause's type (a class or a tuple of classes)? */
static bool matches(Interp *I, Value exc, Value type) {
  if (v_is(type, OBJ_TUPLE)) {
    Tuple *t = AS_TUPLE(type);
    for (int64_t i = 0; i < t->len; i++)
      if (!is_exc_class(t->items[i]))
        rt_raise(I, EXC_TypeError, "catching classes that do not inherit from BaseException is not allowed");
    for (int64_t i = 0; i < t->len; i++)
      if (rt_isinstance(I, exc, AS_CLASS(t->items[i]))) return true;
    return false;
  }
  if (!is_exc_class(type))
    rt_raise(I, EXC_TypeError, "catching classes that do not inherit from BaseException is not allowed");
  return rt_isinstance(I, exc, AS_CLASS(type));
}

typedef struct Pending {
  Value exc;
  Str *tb;
} Pending;

/* Finds the clause for p->exc and runs it; CTRL_UNHANDLED when none matches. */
static int run_handlers(Interp *I, Frame *f, Node *n, void *arg) {
  Pending *p = arg;
  for (int i = 0; i < n->elts.len; i++) {
    Node *h = n->elts.items[i];
    if (h->a) {
      Value type = interp_eval(I, f, h->a);
      f->cur = h;
      bool ok = matches(I, p->exc, type);
      v_decref(I, type);
      if (!ok) continue;
    }
    Eval *ev = EV(I);
    ev->unwound = true; /* see the header: no refcount audit after a catch */
    if (h->b) interp_assign(I, f, h->b, p->exc);
    int r = interp_exec_from(I, f, &h->body, 0);
    if (h->b) interp_unbind(I, f, h->b); /* as CPython: `del name` at the clause's end */
    return r;
  }
  return CTRL_UNHANDLED;
}

/* Runs the handlers with p as the exception being handled. */
static bool handle(Interp *I, Frame *f, Node *n, Pending *p, int *ctrl, Value *exc, Str **tb) {
  Eval *ev = EV(I);
  Value saved = ev->handled;
  Str *saved_tb = ev->handled_tb;
  ev->handled = p->exc;
  ev->handled_tb = p->tb;
  bool ok = guarded(I, f, run_handlers, n, p, ctrl, exc, tb);
  ev->handled = saved;
  ev->handled_tb = saved_tb;
  return ok;
}

int exec_try(Interp *I, Frame *f, Node *n) {
  if (I->graph && graph_break_syntax(I, n, "'try'")) { /* bytecode: a graph break, then it runs eagerly */
  } else if (I->graph && graph_staging(I) && n->loc.file && !interp_is_lib_src(I, n->loc.file)) {
    f->cur = n;
    rt_raise_op(I, EXC_RuntimeError,
                "Unsupported statement 'Try'. (MindSpore's static graph syntax has no try; move it out "
                "of the @ms.jit function or construct, or run in PyNative mode)");
  }
  int ctrl = CTRL_NONE;
  Value exc = v_undef();
  Str *tb = NULL;
  bool ok = guarded(I, f, run_block, n, &n->body, &ctrl, &exc, &tb);
  if (!ok && n->elts.len) {
    Pending p = {exc, tb};
    Value exc2 = v_undef();
    Str *tb2 = NULL;
    bool hok = handle(I, f, n, &p, &ctrl, &exc2, &tb2);
    if (hok && ctrl != CTRL_UNHANDLED) { /* handled */
      v_decref(I, exc);
      obj_decref(I, &tb->h);
      ok = true;
    } else if (!hok) { /* the handler (or a clause's type) raised */
      v_decref(I, exc);
      obj_decref(I, &tb->h);
      exc = exc2;
      tb = tb2;
    }
  } else if (ok && ctrl == CTRL_NONE && n->orelse.len) {
    ok = guarded(I, f, run_block, n, &n->orelse, &ctrl, &exc, &tb);
  }
  if (n->elts2.len) {
    Value ret = ctrl == CTRL_RETURN && ok ? f->ret : v_undef();
    int fc = interp_exec_from(I, f, &n->elts2, 0);
    if (fc != CTRL_NONE) { /* return/break/continue in finally wins */
      if (!ok) {
        v_decref(I, exc);
        obj_decref(I, &tb->h);
      }
      if (fc == CTRL_RETURN && ret.tag != V_UNDEF) v_decref(I, ret);
      return fc;
    }
  }
  if (!ok) reraise_tb(I, exc, tb);
  return ctrl;
}

/* ---- raise --------------------------------------------------------------- */

/* A bare `raise`: the exception being handled, with its traceback. */
_Noreturn void exec_reraise_handled(Interp *I, Frame *f, Node *n) {
  Eval *ev = EV(I);
  f->cur = n;
  if (ev->handled.tag == V_UNDEF) rt_raise(I, EXC_RuntimeError, "No active exception to reraise");
  if (ev->handled_tb) rt_tb_restore(I, ev->handled_tb);
  exc_reraise(I, v_incref(ev->handled));
}

/* `raise e from cause`: sets e.__cause__ (None allowed) and
 * e.__suppress_context__. */
void exc_set_cause(Interp *I, Value e, Value cause) {
  if (is_exc_class(cause)) {
    Value inst = rt_call0(I, cause);
    v_decref(I, cause);
    cause = inst;
  }
  if (cause.tag != V_NONE && !(v_is(cause, OBJ_INSTANCE) && AS_INST(cause)->cls->is_exception)) {
    v_decref(I, cause);
    rt_raise(I, EXC_TypeError, "exception causes must derive from BaseException");
  }
  if (v_is(e, OBJ_INSTANCE) && AS_INST(e)->dict) {
    Str *k = str_intern(I, "__cause__"), *s = str_intern(I, "__suppress_context__");
    dict_set_str(I, AS_INST(e)->dict, k, cause);
    dict_set_str(I, AS_INST(e)->dict, s, v_bool(true));
    obj_decref(I, &k->h);
    obj_decref(I, &s->h);
  }
  v_decref(I, cause);
}

/* ---- with ---------------------------------------------------------------- */

typedef struct WithCtx {
  int item;
} WithCtx;

static int with_from(Interp *I, Frame *f, Node *n, void *arg);

static int with_item(Interp *I, Frame *f, Node *n, int i) {
  Node *it = n->elts.items[i];
  Value mgr = interp_eval(I, f, it->a);
  f->cur = it->a;
  Str *senter = str_intern(I, "__enter__"), *sexit = str_intern(I, "__exit__");
  Value enter, exitm;
  bool has_enter = rt_getattr_opt(I, mgr, senter, &enter);
  bool has_exit = has_enter && rt_getattr_opt(I, mgr, sexit, &exitm);
  obj_decref(I, &senter->h);
  obj_decref(I, &sexit->h);
  if (!has_exit) {
    if (has_enter) v_decref(I, enter);
    const char *tn = rt_type_name(I, mgr);
    v_decref(I, mgr);
    rt_raise(I, EXC_TypeError, "'%s' object does not support the context manager protocol", tn);
  }
  v_decref(I, mgr);
  Value val = rt_call0(I, enter);
  v_decref(I, enter);
  if (it->b) interp_assign(I, f, it->b, val);
  v_decref(I, val);
  int ctrl = CTRL_NONE;
  Value exc = v_undef();
  Str *tb = NULL;
  WithCtx next = {i + 1};
  bool ok = guarded(I, f, with_from, n, &next, &ctrl, &exc, &tb);
  f->cur = it->a;
  if (ok) {
    Value none[3] = {v_none(), v_none(), v_none()};
    Value r = rt_call(I, exitm, 3, none, NULL);
    v_decref(I, r);
    v_decref(I, exitm);
    return ctrl;
  }
  /* __exit__ runs while exc is being handled: an exception it raises has
   * exc as its __context__ (and a bare raise in it re-raises exc) */
  Str *ktb = str_intern(I, "__traceback__");
  Value tbo = v_is(exc, OBJ_INSTANCE) && AS_INST(exc)->dict ? dict_get_str(I, AS_INST(exc)->dict, ktb) : v_undef();
  obj_decref(I, &ktb->h);
  Value args[3] = {v_obj(&rt_class_of(I, exc)->h), exc, tbo.tag == V_UNDEF ? v_none() : tbo};
  Eval *ev = EV(I);
  Value saved = ev->handled;
  Str *saved_tb = ev->handled_tb;
  ev->handled = exc;
  ev->handled_tb = tb;
  Value r = v_none();
  Catch c;
  if (RT_TRY(I, &c)) {
    r = rt_call(I, exitm, 3, args, NULL);
    rt_catch_pop(I, &c);
  } else {
    ev->handled = saved;
    ev->handled_tb = saved_tb;
    v_decref(I, exitm);
    v_decref(I, exc);
    obj_decref(I, &tb->h);
    exc_reraise(I, CUR_EXC(I));
  }
  ev->handled = saved;
  ev->handled_tb = saved_tb;
  v_decref(I, exitm);
  bool suppress = rt_truthy(I, r);
  v_decref(I, r);
  if (!suppress) reraise_tb(I, exc, tb);
  EV(I)->unwound = true; /* an exception was caught: see the header */
  v_decref(I, exc);
  obj_decref(I, &tb->h);
  return CTRL_NONE;
}

static int with_from(Interp *I, Frame *f, Node *n, void *arg) {
  WithCtx *w = arg;
  if (w->item < n->elts.len) return with_item(I, f, n, w->item);
  return interp_exec_from(I, f, &n->body, 0);
}

int exec_with(Interp *I, Frame *f, Node *n) { return with_item(I, f, n, 0); }
