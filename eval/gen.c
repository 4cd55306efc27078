/* gen.c — generator functions: yield, yield from, send, throw, close.
 *
 * Calling a function whose body has `yield` (ScopeInfo.generator) returns
 * a generator object (an Instance of the internal class `generator`)
 * without running the body. The body runs as a coroutine on a stack of its
 * own (ucontext; mmap'd, committed lazily by the kernel): __next__/send
 * switch to it, `yield` switches back. The tree-walking evaluator needs no
 * change: a suspended generator's C frames (its Frame, the exec_* of the
 * statements around the yield) simply wait on their stack.
 *
 * Switching saves and restores the interpreter's per-stack state: the frame
 * chain (the generator's Frame is relinked under whoever resumes it, so
 * tracebacks show the resumer), the catch chain (the generator's entry
 * Catch is the root of its own chain; an exception escaping the body is
 * caught there, carried back and raised again in the resumer with its
 * traceback), the depth and the stack limit.
 *
 * A generator dropped while suspended is closed (GeneratorExit raised at
 * its yield, so finally blocks and __exit__ run) when its last reference
 * goes (value.c calls gen_finalize); generators still alive at exit have
 * their stacks freed by gen_free_all without running more Python.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#include "interp.h"

#if defined(__SANITIZE_ADDRESS__)
#define GEN_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GEN_ASAN 1
#endif
#endif
#ifdef GEN_ASAN
#include <dlfcn.h>
/* ASan's swapcontext interceptor warns on stderr that it "doesn't fully
 * support" stack switching; the fiber annotations below are the supported
 * way, so the switch calls libc's own swapcontext (RTLD_NEXT would find
 * the interceptor: libasan is loaded first). */
static void *libc_sym(const char *name) {
  void *h = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
  void *sym = h ? dlsym(h, name) : NULL;
  if (!sym) die("gen.c: cannot find libc's %s", name);
  return sym;
}

static int gen_swap(ucontext_t *from, const ucontext_t *to) {
  static int (*real)(ucontext_t *, const ucontext_t *);
  if (!real) {
    void *sym = libc_sym("swapcontext");
    memcpy(&real, &sym, sizeof real);
  }
  return real(from, to);
}
static void gen_make(ucontext_t *u, void (*fn)(void), unsigned a, unsigned b) {
  static void (*real)(ucontext_t *, void (*)(void), int, ...);
  if (!real) {
    void *sym = libc_sym("makecontext");
    memcpy(&real, &sym, sizeof real);
  }
  real(u, fn, 2, a, b);
}
#else
#define gen_swap swapcontext
#define gen_make(u, fn, a, b) makecontext(u, fn, 2, a, b)
#endif
#ifdef GEN_ASAN
void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom, size_t size);
void __sanitizer_finish_switch_fiber(void *fake_stack_save, const void **bottom_old, size_t *size_old);
#endif

#define GEN_STACK ((size_t)8 << 20) /* virtual; pages are committed as used */

typedef enum { GEN_CREATED, GEN_RUNNING, GEN_SUSPENDED, GEN_DONE } GenState;

typedef struct GenCo {
  struct GenCo *prev, *next; /* Eval.gens: every live coroutine */
  Interp *I;
  Func *fn;            /* owned */
  Value *locals;       /* nlocals slots (malloc'd; references owned) */
  int nlocals;
  GenState state;
  bool locals_released;
  ucontext_t ctx, caller;
  void *stack;
  uintptr_t limit;     /* the stack limit while the body runs */
  Catch *entry;        /* root of the body's catch chain (on its stack) */
  Frame *frame;        /* the body's frame (on its stack) */
  Catch *saved_catch;  /* the body's catch chain at its yield */
  Value sent;          /* what send() passes in (owned until taken) */
  Value yielded;       /* what yield passes out (owned until taken) */
  Value ret;           /* the body's return value (StopIteration.value) */
  Value exc;           /* the exception that escaped the body */
  Str *tb;             /* its traceback */
  Value thrown;        /* to raise at the yield when resumed (throw/close) */
  bool closing;        /* gen_close_all has closed it */
  uint64_t resumed, suspended; /* Eval.serial at the last resume, yield */
  struct GenCo *outer; /* the generator running when this one was resumed */
#ifdef GEN_ASAN
  void *fake;
  const void *caller_bottom;
  size_t caller_size;
#endif
} GenCo;

static void close_gen(Interp *I, GenCo *g);
static void close_quietly(Interp *I, GenCo *g);

/* ---- the generator class ------------------------------------------------- */

static Str *s_co(Interp *I) {
  Eval *ev = EV(I);
  if (!ev->s_co) {
    ev->s_co = str_intern(I, "__msc_coroutine__");
    ev_keep(I, &ev->s_co->h);
  }
  return ev->s_co;
}

static GenCo *gen_of(Interp *I, Value self, const char *meth) {
  Value p = v_is(self, OBJ_INSTANCE) && AS_INST(self)->dict ? dict_get_str(I, AS_INST(self)->dict, s_co(I))
                                                            : v_undef();
  if (p.tag != V_INT)
    rt_raise(I, EXC_TypeError, "descriptor '%s' requires a 'generator' object", meth);
  return (GenCo *)(intptr_t)p.as.i;
}

/* ---- switching ------------------------------------------------------------ */

static void release_locals(Interp *I, GenCo *g) {
  if (g->locals_released) return;
  g->locals_released = true;
  for (int i = 0; i < g->nlocals; i++) {
    Value v = g->locals[i];
    g->locals[i] = v_undef();
    v_decref(I, v);
  }
}

/* Back to whoever resumed g (from inside the body). */
static void to_caller(GenCo *g, bool finished) {
#ifdef GEN_ASAN
  __sanitizer_start_switch_fiber(finished ? NULL : &g->fake, g->caller_bottom, g->caller_size);
#else
  (void)finished;
#endif
  gen_swap(&g->ctx, &g->caller);
#ifdef GEN_ASAN
  __sanitizer_finish_switch_fiber(g->fake, &g->caller_bottom, &g->caller_size);
#endif
}

static void gen_body(unsigned lo, unsigned hi) {
  GenCo *g = (GenCo *)(((uintptr_t)hi << 16 << 16) | (uintptr_t)lo);
  Interp *I = g->I;
#ifdef GEN_ASAN
  __sanitizer_finish_switch_fiber(NULL, &g->caller_bottom, &g->caller_size);
#endif
  Func *fn = g->fn;
  Node *def = (Node *)fn->def;
  Frame fr = {.prev = I->frame, .cur = def, .locals = g->locals, .info = fn->info, .func = fn,
              .closure = fn->closure, .globals = fn->module->dict, .module = fn->module, .ns = NULL,
              .ret = v_none(), .hidden = false};
  g->frame = &fr;
  Catch c;
  g->entry = &c;
  if (RT_TRY(I, &c)) {
    I->frame = &fr;
    I->depth++;
    if (def->kind == ND_LAMBDA) {
      g->ret = interp_eval(I, &fr, def->a);
    } else {
      interp_exec_from(I, &fr, &def->body, 0);
      g->ret = fr.ret;
    }
    rt_catch_pop(I, &c);
  } else {
    g->exc = CUR_EXC(I);
    CUR_EXC(I) = v_undef();
    g->tb = rt_tb_save(I);
  }
  g->state = GEN_DONE;
  release_locals(I, g);
  to_caller(g, true);
}

/* Runs g until its next yield or its end. Returns the yielded value (new
 * reference), or raises StopIteration(value) / what escaped the body. */
static Value resume(Interp *I, GenCo *g, Value sent, Value thrown) {
  Eval *ev = EV(I);
  if (g->state == GEN_RUNNING) rt_raise(I, EXC_ValueError, "generator already executing");
  if (g->state == GEN_DONE) {
    if (thrown.tag != V_UNDEF) exc_raise_owned(I, thrown);
    rt_raise_value(I, v_obj(&I->exc[EXC_StopIteration]->h));
  }
  if (g->state == GEN_CREATED) {
    if (thrown.tag != V_UNDEF) { /* throw() before the start: the body never runs */
      g->state = GEN_DONE;
      release_locals(I, g);
      exc_raise_owned(I, thrown);
    }
    if (sent.tag != V_NONE)
      rt_raise(I, EXC_TypeError, "can't send non-None value to a just-started generator");
    if (I->depth >= I->max_depth) rt_raise(I, EXC_RecursionError, "maximum recursion depth exceeded");
    g->stack = mmap(NULL, GEN_STACK, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (g->stack == MAP_FAILED) {
      g->stack = NULL;
      rt_raise(I, EXC_MemoryError, "cannot allocate a generator's stack");
    }
    g->limit = (uintptr_t)g->stack + ((size_t)1 << 20);
    getcontext(&g->ctx);
    g->ctx.uc_stack.ss_sp = g->stack;
    g->ctx.uc_stack.ss_size = GEN_STACK;
    g->ctx.uc_link = NULL;
    uintptr_t p = (uintptr_t)g;
    gen_make(&g->ctx, (void (*)(void))gen_body, (unsigned)(p & 0xffffffffu), (unsigned)(p >> 16 >> 16));
  }
  Frame *rf = I->frame;
  Catch *rc = I->catch_top;
  int rd = I->depth;
  uintptr_t rl = ev->stack_limit;
  if (g->state == GEN_SUSPENDED) {
    g->entry->prev = rc; /* the body's chain hangs under the resumer's */
    g->entry->frame = rf;
    g->entry->depth = rd;
    g->frame->prev = rf;
    I->catch_top = g->saved_catch;
    I->frame = g->frame;
    I->depth = rd + 1;
  }
  g->sent = v_incref(sent);
  g->thrown = thrown;
  g->state = GEN_RUNNING;
  g->resumed = ++ev->serial;
  g->outer = ev->gen_running;
  ev->gen_running = g;
  ev->stack_limit = g->limit;
#ifdef GEN_ASAN
  __sanitizer_start_switch_fiber(&g->fake, g->stack, GEN_STACK);
#endif
  gen_swap(&g->caller, &g->ctx);
#ifdef GEN_ASAN
  __sanitizer_finish_switch_fiber(g->fake, NULL, NULL);
#endif
  ev->gen_running = g->outer;
  ev->stack_limit = rl;
  I->frame = rf;
  I->catch_top = rc;
  I->depth = rd;
  if (g->state == GEN_SUSPENDED) {
    Value y = g->yielded;
    g->yielded = v_undef();
    return y;
  }
  /* finished */
  if (g->exc.tag != V_UNDEF) {
    Value e = g->exc;
    g->exc = v_undef();
    Str *tb = g->tb;
    g->tb = NULL;
    if (tb) {
      rt_tb_restore(I, tb);
      obj_decref(I, &tb->h);
    }
    if (rt_exc_matches(I, e, EXC_StopIteration)) { /* PEP 479 */
      v_decref(I, e);
      rt_raise(I, EXC_RuntimeError, "generator raised StopIteration");
    }
    exc_reraise(I, e);
  }
  Value r = g->ret;
  g->ret = v_undef();
  Value cls = v_obj(&I->exc[EXC_StopIteration]->h);
  Value si = r.tag == V_NONE || r.tag == V_UNDEF ? rt_call0(I, cls) : rt_call1(I, cls, r);
  v_decref(I, r);
  exc_raise_owned(I, si);
}

/* The body side of a yield: hands v (taken) out, waits, returns what was
 * sent (new reference) or raises what was thrown. */
static Value yield_value(Interp *I, Value v) {
  Eval *ev = EV(I);
  GenCo *g = ev->gen_running;
  if (!g) die("yield outside a running generator");
  g->yielded = v;
  g->state = GEN_SUSPENDED;
  g->suspended = ++ev->serial;
  g->saved_catch = I->catch_top;
  to_caller(g, false);
  /* resumed: resume() relinked the frame and catch chains */
  if (g->thrown.tag != V_UNDEF) {
    Value e = g->thrown;
    g->thrown = v_undef();
    v_decref(I, g->sent);
    g->sent = v_undef();
    exc_raise_owned(I, e);
  }
  Value s = g->sent;
  g->sent = v_undef();
  return s;
}

/* ---- reclaiming catches (exc.c) ---------------------------------------- */

bool gen_reclaim_ok(Interp *I, const Catch *c) {
  Eval *ev = EV(I);
  if (c->gen && c->gen->resumed > c->serial) return false; /* it yielded since */
  for (GenCo *g = ev->gens; g; g = g->next)
    if (g->state == GEN_SUSPENDED && g->suspended > c->serial) return false;
  return true;
}

static void visit_value(Value v, VisitFn visit, void *arg) {
  if (v.tag == V_OBJ) visit(v.as.o, arg);
}

void gen_visit_roots(Interp *I, VisitFn visit, void *arg) {
  for (GenCo *g = EV(I)->gens; g; g = g->next) {
    visit(&g->fn->h, arg);
    if (!g->locals_released)
      for (int i = 0; i < g->nlocals; i++) visit_value(g->locals[i], visit, arg);
    visit_value(g->sent, visit, arg);
    visit_value(g->yielded, visit, arg);
    visit_value(g->ret, visit, arg);
    visit_value(g->exc, visit, arg);
    visit_value(g->thrown, visit, arg);
    if (g->tb) visit(&g->tb->h, arg);
    if (g->state == GEN_SUSPENDED && g->frame) visit_value(g->frame->ret, visit, arg);
  }
}

/* ---- the evaluator's entries ------------------------------------------- */

static void refuse_in_graph(Interp *I, Func *fn, Node *at, const char *what) {
  if (!(I->graph && graph_staging(I)) || !at || !at->loc.file || interp_is_lib_src(I, at->loc.file)) return;
  /* a frame of the generator function, stopped at its yield */
  Frame fr = {.prev = I->frame, .cur = at, .locals = NULL, .info = NULL, .func = fn,
              .closure = fn->closure, .globals = fn->module->dict, .module = fn->module, .ns = NULL,
              .ret = v_none(), .hidden = false};
  I->frame = &fr;
  rt_raise_op(I, EXC_RuntimeError,
              "Unsupported expression '%s'. (MindSpore's static graph syntax has no generators; call the "
              "generator outside the @ms.jit function or construct, or run in PyNative mode)",
              what);
}

Value gen_new(Interp *I, Func *fn, Value *locals) {
  ScopeInfo *fi = fn->info;
  Eval *ev = EV(I);
  GenCo *g = xcalloc(1, sizeof *g);
  g->I = I;
  obj_incref(&fn->h);
  g->fn = fn;
  g->nlocals = fi->nlocals;
  g->locals = xmalloc(sizeof(Value) * (size_t)(fi->nlocals ? fi->nlocals : 1));
  memcpy(g->locals, locals, sizeof(Value) * (size_t)fi->nlocals);
  g->sent = g->yielded = g->ret = g->exc = g->thrown = v_undef();
  g->next = ev->gens;
  if (ev->gens) ev->gens->prev = g;
  ev->gens = g;
  Instance *o = (Instance *)obj_alloc(I, OBJ_INSTANCE, sizeof(Instance));
  obj_incref(&ev->co_class->h);
  o->cls = ev->co_class;
  o->dict = dict_new(I);
  dict_set_str(I, o->dict, s_co(I), v_int((int64_t)(intptr_t)g));
  Value gv = v_obj(&o->h);
  if (I->graph && fi->first_yield && graph_break_syntax(I, fi->first_yield, "a generator ('yield')")) {
    /* bytecode: a graph break; the generator runs eagerly */
  } else if (I->graph && graph_staging(I) && fi->first_yield) {
    Node *y = fi->first_yield;
    v_decref(I, gv);
    refuse_in_graph(I, fn, y, y->kind == ND_YIELDFROM ? "YieldFrom" : "Yield");
    gv = v_undef();
  }
  return gv;
}

Value gen_yield(Interp *I, Frame *f, Node *n) {
  Value v = n->a ? interp_eval(I, f, n->a) : v_none();
  f->cur = n;
  return yield_value(I, v);
}

/* The exception being handled ends a delegation: StopIteration's value
 * into *result (0), anything else raised again. */
static int stopped(Interp *I, Value *result) {
  Value e = CUR_EXC(I);
  CUR_EXC(I) = v_undef();
  if (!rt_exc_matches(I, e, EXC_StopIteration)) exc_reraise(I, e);
  Str *kv = str_intern(I, "value");
  Value val;
  if (rt_getattr_opt(I, e, kv, &val)) *result = val;
  obj_decref(I, &kv->h);
  v_decref(I, e);
  return 0;
}

/* One step of `yield from`: 1 with the next value in *y, or 0 when the
 * iterator stopped, with StopIteration.value in *result. */
static int delegate_step(Interp *I, Value it, Value sent, Value *y, Value *result) {
  Catch c;
  *result = v_none();
  if (RT_TRY(I, &c)) {
    int r = 1;
    bool ours = v_is(it, OBJ_INSTANCE) && AS_INST(it)->cls == EV(I)->co_class;
    if (ours) {
      *y = resume(I, gen_of(I, it, "send"), sent, v_undef());
    } else if (sent.tag == V_NONE) {
      r = rt_next(I, it, y) ? 1 : 0;
    } else {
      Str *ssend = str_intern(I, "send");
      Value m = rt_getattr(I, it, ssend);
      obj_decref(I, &ssend->h);
      *y = rt_call1(I, m, sent);
      v_decref(I, m);
    }
    rt_catch_pop(I, &c);
    return r;
  }
  return stopped(I, result);
}

/* A yield that catches what is thrown in: true with the sent value. */
static bool yield_catch(Interp *I, Value y, Value *sent, Value *exc) {
  Catch c;
  if (RT_TRY(I, &c)) {
    *sent = yield_value(I, y);
    rt_catch_pop(I, &c);
    return true;
  }
  *exc = CUR_EXC(I);
  CUR_EXC(I) = v_undef();
  return false;
}

/* throw(e) forwarded to our generator it: as delegate_step. */
static int delegate_throw(Interp *I, Value it, Value e, Value *y, Value *result) {
  Catch c;
  *result = v_none();
  if (RT_TRY(I, &c)) {
    *y = resume(I, gen_of(I, it, "throw"), v_none(), e);
    rt_catch_pop(I, &c);
    return 1;
  }
  return stopped(I, result);
}

/* yield from it: delegates next/send/throw/close to it until it stops;
 * the value is StopIteration.value (a generator's return value). */
Value gen_yield_from(Interp *I, Frame *f, Node *n) {
  Value src = interp_eval(I, f, n->a);
  f->cur = n;
  Value it = rt_iter(I, src);
  v_decref(I, src);
  bool ours = v_is(it, OBJ_INSTANCE) && AS_INST(it)->cls == EV(I)->co_class;
  Value y, result, sent = v_none();
  int more = delegate_step(I, it, sent, &y, &result);
  while (more) {
    Value exc;
    if (yield_catch(I, y, &sent, &exc)) {
      f->cur = n;
      more = delegate_step(I, it, sent, &y, &result);
      v_decref(I, sent);
      continue;
    }
    f->cur = n;
    if (ours && !rt_exc_matches(I, exc, EXC_GeneratorExit)) {
      more = delegate_throw(I, it, exc, &y, &result); /* its errors go on from here */
      continue;
    }
    Str *tb = rt_tb_save(I);
    if (ours) close_gen(I, gen_of(I, it, "close"));
    v_decref(I, it);
    rt_tb_restore(I, tb);
    obj_decref(I, &tb->h);
    exc_reraise(I, exc);
  }
  v_decref(I, it);
  return result;
}

/* ---- methods ------------------------------------------------------------ */

static Value co_iter(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__iter__", kw);
  args_count(I, "__iter__", argc, 1, 1);
  gen_of(I, argv[0], "__iter__");
  return v_incref(argv[0]);
}

static Value co_next(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__next__", kw);
  args_count(I, "__next__", argc, 1, 1);
  return resume(I, gen_of(I, argv[0], "__next__"), v_none(), v_undef());
}

static Value co_send(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "send", kw);
  if (argc != 2) rt_raise(I, EXC_TypeError, "generator.send() takes exactly one argument (%d given)", argc - 1);
  return resume(I, gen_of(I, argv[0], "send"), argv[1], v_undef());
}

/* throw(exc) / throw(type[, value]) */
static Value co_throw(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "throw", kw);
  args_count(I, "throw", argc, 2, 4);
  GenCo *g = gen_of(I, argv[0], "throw");
  Value t = argv[1], e;
  if (v_is(t, OBJ_CLASS) && AS_CLASS(t)->is_exception) {
    e = argc >= 3 && argv[2].tag != V_NONE ? rt_call1(I, t, argv[2]) : rt_call0(I, t);
  } else if (v_is(t, OBJ_INSTANCE) && AS_INST(t)->cls->is_exception) {
    e = v_incref(t);
  } else {
    rt_raise(I, EXC_TypeError, "exceptions must be classes or instances deriving from BaseException, not %s",
             rt_type_name(I, t));
  }
  return resume(I, g, v_none(), e);
}

/* close(): GeneratorExit at the yield; the body must not yield again. */
static void close_gen(Interp *I, GenCo *g) {
  if (g->state == GEN_CREATED) {
    g->state = GEN_DONE;
    release_locals(I, g);
    return;
  }
  if (g->state != GEN_SUSPENDED) return;
  /* GeneratorExit unwinds the body's C frames: their temporaries are swept
   * at exit, so the refcount audit is off (as after any caught exception). */
  EV(I)->unwound = true;
  Value e = rt_call0(I, v_obj(&I->exc[EXC_GeneratorExit]->h));
  Catch c;
  if (RT_TRY(I, &c)) {
    Value y = resume(I, g, v_none(), e);
    rt_catch_pop(I, &c);
    v_decref(I, y);
    rt_raise(I, EXC_RuntimeError, "generator ignored GeneratorExit");
  }
  Value x = CUR_EXC(I);
  CUR_EXC(I) = v_undef();
  if (rt_exc_matches(I, x, EXC_GeneratorExit) || rt_exc_matches(I, x, EXC_StopIteration)) {
    v_decref(I, x);
    return;
  }
  exc_reraise(I, x);
}

static Value co_close(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "close", kw);
  args_count(I, "close", argc, 1, 1);
  close_gen(I, gen_of(I, argv[0], "close"));
  return v_none();
}

static Value co_repr(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__repr__", kw);
  args_count(I, "__repr__", argc, 1, 1);
  GenCo *g = gen_of(I, argv[0], "__repr__");
  return v_obj(&str_printf(I, "<generator object %s at %p>", g->fn->qualname->data, (void *)argv[0].as.o)->h);
}

void gen_fn_init(Interp *I) {
  Eval *ev = EV(I);
  Dict *d = dict_new(I);
  Str *builtins = str_intern(I, "builtins");
  dict_set_str(I, d, I->s.module, v_obj(&builtins->h));
  obj_decref(I, &builtins->h);
  dict_add_native(I, d, "__iter__", co_iter);
  dict_add_native(I, d, "__next__", co_next);
  dict_add_native(I, d, "send", co_send);
  dict_add_native(I, d, "throw", co_throw);
  dict_add_native(I, d, "close", co_close);
  dict_add_native(I, d, "__repr__", co_repr);
  Str *name = str_intern(I, "generator");
  Tuple *bases = tuple_new(I, 1);
  bases->items[0] = v_incref(v_obj(&I->cls[CLS_OBJECT]->h));
  ev->co_class = class_new(I, name, bases, d);
  ev->co_class->h.flags |= CF_NATIVE_METHODS | CF_FINALIZE;
  ev_keep(I, &ev->co_class->h);
  obj_decref(I, &name->h);
  obj_decref(I, &bases->h);
  obj_decref(I, &d->h);
}

static void co_free(Eval *ev, GenCo *g) {
  if (g->prev) g->prev->next = g->next;
  else ev->gens = g->next;
  if (g->next) g->next->prev = g->prev;
  if (g->stack) munmap(g->stack, GEN_STACK);
  free(g->locals);
  free(g);
}

/* The generator object o lost its last reference: close a suspended body
 * (its finally blocks run; errors are ignored, as CPython prints and
 * ignores them), then free the coroutine. False when o was resurrected. */
bool gen_finalize(Interp *I, Obj *o) {
  Instance *in = (Instance *)o;
  if (file_is_file_class(I, in->cls)) return file_finalize(I, o);
  Value p = in->dict ? dict_get_str(I, in->dict, s_co(I)) : v_undef();
  if (p.tag != V_INT) return true;
  GenCo *g = (GenCo *)(intptr_t)p.as.i;
  o->rc = 1;
  if (g->state == GEN_SUSPENDED && !EV(I)->gen_teardown) {
    /* The last reference may go while an exception is on its way to its
     * catch point (exc.c release_frames drops the abandoned frames'
     * locals): closing runs Python that raises and catches, so the
     * exception in flight and its traceback are kept aside meanwhile. */
    Value inflight = CUR_EXC(I);
    CUR_EXC(I) = v_undef();
    Str *tb = inflight.tag != V_UNDEF ? rt_tb_save(I) : NULL;
    close_quietly(I, g);
    if (tb) {
      CUR_EXC(I) = inflight;
      rt_tb_restore(I, tb);
      obj_decref(I, &tb->h);
    }
  }
  if (--o->rc > 0) return false;
  if (g->state != GEN_SUSPENDED) release_locals(I, g);
  dict_del(I, in->dict, v_obj(&s_co(I)->h));
  Eval *ev = EV(I);
  Func *fn = g->fn;
  v_decref(I, g->ret);
  v_decref(I, g->exc);
  v_decref(I, g->sent);
  v_decref(I, g->yielded);
  v_decref(I, g->thrown);
  if (g->tb) obj_decref(I, &g->tb->h);
  co_free(ev, g);
  obj_decref(I, &fn->h);
  return true;
}

static void close_quietly(Interp *I, GenCo *g) {
  Catch c;
  if (RT_TRY(I, &c)) {
    close_gen(I, g);
    rt_catch_pop(I, &c);
  } else {
    v_decref(I, CUR_EXC(I));
    CUR_EXC(I) = v_undef();
  }
}

/* The end of the script: suspended generators still referenced are closed
 * (their finally blocks run), as CPython does at shutdown. */
void gen_close_all(Interp *I) {
  Eval *ev = EV(I);
  for (;;) {
    GenCo *g = ev->gens;
    while (g && (g->closing || g->state != GEN_SUSPENDED)) g = g->next;
    if (!g) return;
    g->closing = true;
    close_quietly(I, g);
  }
}

/* At exit: the coroutines still alive (their objects are swept). */
void gen_free_all(Interp *I) {
  Eval *ev = EV(I);
  ev->gen_teardown = true;
  while (ev->gens) {
    GenCo *g = ev->gens;
    Func *fn = g->fn;
    if (g->state != GEN_SUSPENDED) release_locals(I, g);
    co_free(ev, g);
    obj_decref(I, &fn->h);
  }
}
