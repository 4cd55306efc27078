/* exc.c — exceptions: the built-in exception classes, raising (longjmp to
 * the innermost Catch), tracebacks, and the report of an uncaught
 * exception as a diagnostic with one note per calling frame (an exception
 * raised inside lib/ is reported at the user's innermost frame, with the
 * library frames as notes: see exc_report), preceded by its chain of
 * causes and contexts as CPython prints them ("The above exception was the
 * direct cause of the following exception:" / "During handling of the
 * above exception, another exception occurred:").
 *
 * Exception instances are ordinary Instances whose dict holds `args`.
 * The traceback is taken at raise time from the frames' `cur` nodes:
 * tb[0] is where the innermost frame failed, tb[i] the call site in the
 * i-th caller. A comprehension frame (hidden) stands in for the call site
 * of the frame that runs it, as its code is that frame's code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp.h"

/* ---- Catch points ------------------------------------------------------- */

void rt_catch_push(Interp *I, Catch *c) {
  c->prev = I->catch_top;
  c->frame = I->frame;
  c->depth = I->depth;
  c->mark = NULL;
  I->catch_top = c;
}

void rt_catch_pop(Interp *I, Catch *c) {
  I->catch_top = c->prev;
  if (c->mark) {
    gc_mark_free(I, c->mark);
    c->mark = NULL;
  }
}

/* ---- Releasing the temporaries of unwound C frames -------------------------
 * The evaluator and the natives hold new references in C locals (operands,
 * argument arrays, containers being built); an exception's longjmp skips
 * their v_decref. A reclaiming catch point marks the all-objects list when
 * pushed; when an exception lands there, every C frame that ran since the
 * push is gone, so a reference to an object made since then that neither
 * the object graph nor a root explains was held by one of them, and is
 * dropped (value.c gc_reclaim_young). Frames older than the push were
 * suspended all along and hold only older objects, which are never
 * touched. Generators run on C stacks of their own: when one was suspended
 * after the push and is still suspended, or the catch's own generator
 * yielded since, other C frames ran meanwhile and may hold young objects,
 * and nothing is released (gen.c gen_reclaim_ok). While a graph is
 * captured, its C structures hold references of their own: nothing is
 * released then. */

/* Every reference held outside the object graph besides the value layer's
 * roots: the live frames' locals and pending return values, the
 * evaluator's own references, the generators'. */
typedef struct Landing {
  const Catch *c;
  const Value *held; /* what the landing code holds */
  int nheld;
} Landing;

static void visit_eval_roots(Interp *I, void *ctx, VisitFn visit, void *arg) {
  const Landing *l = ctx;
  const Catch *c = l->c;
  for (int i = 0; i < l->nheld; i++)
    if (l->held[i].tag == V_OBJ) visit(l->held[i].as.o, arg);
  for (Frame *f = I->frame; f; f = f->prev) {
    if (f->locals && f->info)
      for (int i = 0; i < f->info->nlocals; i++)
        if (f->locals[i].tag == V_OBJ) visit(f->locals[i].as.o, arg);
    if (f->ret.tag == V_OBJ) visit(f->ret.as.o, arg);
    if (f->ns) visit(&f->ns->h, arg);
  }
  Eval *ev = EV(I);
  for (int i = c->nkept; i < ev->nconsts; i++) visit(ev->consts[i], arg); /* older ones are old */
#define ROOT(p) do { if (p) visit(&(p)->h, arg); } while (0)
  ROOT(ev->empty); ROOT(ev->s_all); ROOT(ev->s_file); ROOT(ev->s_gen); ROOT(ev->gen_class);
  ROOT(ev->main); ROOT(ev->s_co); ROOT(ev->co_class); ROOT(ev->s_file_state); ROOT(ev->file_class);
  ROOT(ev->bfile_class[0]); ROOT(ev->bfile_class[1]); ROOT(ev->tb_class); ROOT(ev->handled_tb);
#undef ROOT
  if (ev->handled.tag == V_OBJ) visit(ev->handled.as.o, arg);
  gen_visit_roots(I, visit, arg);
  graph_visit_roots(I, visit, arg);
}

void rt_catch_push_reclaim(Interp *I, Catch *c) {
  rt_catch_push(I, c);
  Eval *ev = EV(I);
  c->mark = gc_mark_new(I);
  c->serial = ++ev->serial;
  c->gen = ev->gen_running;
  c->nkept = ev->nconsts;
}

void rt_catch_reclaim(Interp *I, Catch *c, const Value *held, int nheld) {
  if (!c->mark) return;
  Landing l = {c, held, nheld};
  if (graph_reclaim_ok(I) && gen_reclaim_ok(I, c)) gc_reclaim_young(I, c->mark, visit_eval_roots, &l);
  gc_mark_free(I, c->mark);
  c->mark = NULL;
}

/* Frames between the raise and the catch point are abandoned: release
 * their locals now (other C temporaries: see above). */
static void release_frames(Interp *I, Frame *to) {
  for (Frame *f = I->frame; f && f != to; f = f->prev) {
    if (!f->locals || !f->info) continue;
    for (int i = 0; i < f->info->nlocals; i++) {
      Value v = f->locals[i];
      f->locals[i] = v_undef();
      v_decref(I, v);
    }
  }
}

static _Noreturn void jump(Interp *I) {
  Catch *c = I->catch_top;
  if (!c) die("exception raised with no catch point");
  release_frames(I, c->frame);
  I->catch_top = c->prev;
  I->frame = c->frame;
  I->depth = c->depth;
  longjmp(c->jb, 1);
}

static void tb_push(Interp *I, Loc loc) {
  if (I->tb_len == I->tb_cap) {
    I->tb_cap = I->tb_cap ? 2 * I->tb_cap : 64;
    I->tb = xrealloc(I->tb, sizeof(Loc) * (size_t)I->tb_cap);
  }
  I->tb[I->tb_len++] = loc;
}

static void record_tb(Interp *I) {
  I->tb_len = 0;
  bool skip = false;
  for (Frame *f = I->frame; f; f = f->prev) {
    if (!skip && f->cur) tb_push(I, f->cur->loc);
    skip = f->hidden;
  }
}

static bool is_exc_instance(Value v) { return v_is(v, OBJ_INSTANCE) && AS_INST(v)->cls->is_exception; }

_Noreturn void exc_raise_owned(Interp *I, Value exc) {
  if (v_is(exc, OBJ_CLASS) && AS_CLASS(exc)->is_exception) {
    Value inst = rt_call0(I, exc);
    v_decref(I, exc);
    exc = inst;
  }
  if (!is_exc_instance(exc)) {
    v_decref(I, exc);
    rt_raise(I, EXC_TypeError, "exceptions must derive from BaseException");
  }
  Value h = EV(I)->handled; /* raised while handling h: implicit chaining */
  if (h.tag != V_UNDEF && !(h.tag == V_OBJ && h.as.o == exc.as.o)) {
    Str *k = str_intern(I, "__context__");
    if (dict_get_str(I, AS_INST(exc)->dict, k).tag == V_UNDEF) dict_set_str(I, AS_INST(exc)->dict, k, h);
    obj_decref(I, &k->h);
  }
  record_tb(I);
  CUR_EXC(I) = exc;
  jump(I);
}

_Noreturn void exc_reraise(Interp *I, Value exc) {
  CUR_EXC(I) = exc;
  jump(I);
}

_Noreturn void rt_raise_value(Interp *I, Value exc) { exc_raise_owned(I, v_incref(exc)); }

_Noreturn void rt_raise_owned(Interp *I, Value exc) { exc_raise_owned(I, exc); }

static Value exc_new(Interp *I, Class *cls, Value arg) {
  Instance *in = (Instance *)obj_alloc(I, OBJ_INSTANCE, sizeof(Instance));
  obj_incref(&cls->h);
  in->cls = cls;
  in->dict = dict_new(I);
  Value args = tuple_pack(I, 1, arg);
  dict_set_str(I, in->dict, I->s.args, args);
  v_decref(I, args);
  return v_obj(&in->h);
}

static Value exc_vnew(Interp *I, ExcKind kind, const char *fmt, va_list ap) {
  char small[256];
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(small, sizeof small, fmt, ap2);
  va_end(ap2);
  Str *msg;
  if (n >= 0 && (size_t)n < sizeof small) {
    msg = str_new(I, small, (size_t)n);
  } else {
    Buf b = {0};
    buf_vprintf(&b, fmt, ap);
    msg = str_from_buf(I, &b);
  }
  Value e = exc_new(I, I->exc[kind], v_obj(&msg->h));
  obj_decref(I, &msg->h);
  return e;
}

_Noreturn void rt_raise(Interp *I, ExcKind kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Value e = exc_vnew(I, kind, fmt, ap);
  va_end(ap);
  exc_raise_owned(I, e);
}

_Noreturn void rt_raise_op(Interp *I, ExcKind kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Value e = exc_vnew(I, kind, fmt, ap);
  va_end(ap);
  exc_raise_owned(I, e);
}

bool rt_exc_matches(Interp *I, Value exc, ExcKind kind) {
  Class *c = v_is(exc, OBJ_CLASS) ? AS_CLASS(exc) : v_is(exc, OBJ_INSTANCE) ? AS_INST(exc)->cls : NULL;
  return c && class_is_subclass(c, I->exc[kind]);
}

/* exc.args (borrowed), or NULL. */
static Tuple *exc_args(Interp *I, Value exc) {
  if (!v_is(exc, OBJ_INSTANCE)) return NULL;
  Value a = dict_get_str(I, AS_INST(exc)->dict, I->s.args);
  return v_is(a, OBJ_TUPLE) ? AS_TUPLE(a) : NULL;
}

/* ---- The exception classes' methods -------------------------------------------- */

static Tuple *self_args(Interp *I, Value self) {
  Tuple *t = exc_args(I, self);
  if (!t) rt_raise(I, EXC_TypeError, "descriptor requires a 'BaseException' object");
  return t;
}

static void set_args(Interp *I, Value self, int argc, Value *argv) {
  Tuple *t = tuple_new(I, argc);
  for (int i = 0; i < argc; i++) t->items[i] = v_incref(argv[i]);
  dict_set_str(I, AS_INST(self)->dict, I->s.args, v_obj(&t->h));
  obj_decref(I, &t->h);
}

static Value exc_init_native(Interp *I, int argc, Value *argv, KwArgs *kw) {
  if (argc < 1 || !v_is(argv[0], OBJ_INSTANCE))
    rt_raise(I, EXC_TypeError, "descriptor '__init__' of 'BaseException' object needs an argument");
  if (kw && kw->n)
    rt_raise(I, EXC_TypeError, "%s() takes no keyword arguments", rt_type_name(I, argv[0]));
  set_args(I, argv[0], argc - 1, argv + 1);
  return v_none();
}

static Value exc_str_native(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__str__", kw);
  args_count(I, "__str__", argc, 1, 1);
  Tuple *t = self_args(I, argv[0]);
  if (t->len == 0) return v_obj(&str_from_c(I, "")->h);
  if (t->len == 1) return v_obj(&rt_str(I, t->items[0])->h);
  return v_obj(&rt_repr(I, v_obj(&t->h))->h);
}

static Value keyerror_str(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__str__", kw);
  args_count(I, "__str__", argc, 1, 1);
  Tuple *t = self_args(I, argv[0]);
  if (t->len == 1) return v_obj(&rt_repr(I, t->items[0])->h);
  return exc_str_native(I, argc, argv, kw);
}

static Value exc_repr_native(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__repr__", kw);
  args_count(I, "__repr__", argc, 1, 1);
  Tuple *t = self_args(I, argv[0]);
  Str *inner = t->len == 1 ? rt_repr(I, t->items[0]) : rt_repr(I, v_obj(&t->h));
  Str *r = t->len == 1 ? str_printf(I, "%s(%s)", rt_type_name(I, argv[0]), inner->data)
                       : str_printf(I, "%s%s", rt_type_name(I, argv[0]), inner->data);
  obj_decref(I, &inner->h);
  return v_obj(&r->h);
}

/* SystemExit(code): also sets .code, as CPython does. */
static Value sysexit_init(Interp *I, int argc, Value *argv, KwArgs *kw) {
  exc_init_native(I, argc, argv, kw);
  Str *code = str_intern(I, "code");
  Value v = argc == 1 ? v_none() : argc == 2 ? argv[1] : dict_get_str(I, AS_INST(argv[0])->dict, I->s.args);
  dict_set_str(I, AS_INST(argv[0])->dict, code, v);
  obj_decref(I, &code->h);
  return v_none();
}

static void set_attr(Interp *I, Value self, const char *name, Value v) {
  Str *k = str_intern(I, name);
  dict_set_str(I, AS_INST(self)->dict, k, v);
  obj_decref(I, &k->h);
}

/* StopIteration(value): .value, as CPython sets it (None without args). */
static Value stopiter_init(Interp *I, int argc, Value *argv, KwArgs *kw) {
  exc_init_native(I, argc, argv, kw);
  set_attr(I, argv[0], "value", argc >= 2 ? argv[1] : v_none());
  return v_none();
}

/* OSError(errno, strerror[, filename]): .errno, .strerror, .filename as
 * CPython sets them (None unless given), and its str
 * "[Errno 2] No such file or directory: 'x'". */
static Value oserror_init(Interp *I, int argc, Value *argv, KwArgs *kw) {
  exc_init_native(I, argc, argv, kw);
  bool two = argc >= 3 && argc <= 6;
  set_attr(I, argv[0], "errno", two ? argv[1] : v_none());
  set_attr(I, argv[0], "strerror", two ? argv[2] : v_none());
  set_attr(I, argv[0], "filename", two && argc >= 4 ? argv[3] : v_none());
  if (two && argc >= 4) set_args(I, argv[0], 2, argv + 1); /* args is (errno, strerror) */
  return v_none();
}

static Value oserror_str(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__str__", kw);
  args_count(I, "__str__", argc, 1, 1);
  Dict *d = AS_INST(argv[0])->dict;
  Str *ke = str_intern(I, "errno"), *ks = str_intern(I, "strerror"), *kf = str_intern(I, "filename");
  Value e = dict_get_str(I, d, ke), st = dict_get_str(I, d, ks), fn = dict_get_str(I, d, kf);
  obj_decref(I, &ke->h);
  obj_decref(I, &ks->h);
  obj_decref(I, &kf->h);
  if (e.tag == V_UNDEF || e.tag == V_NONE || st.tag == V_UNDEF || st.tag == V_NONE)
    return exc_str_native(I, argc, argv, kw);
  Str *es = rt_str(I, e), *ss = rt_str(I, st);
  Str *r;
  if (fn.tag != V_UNDEF && fn.tag != V_NONE) {
    Str *fr = rt_repr(I, fn);
    r = str_printf(I, "[Errno %s] %s: %s", es->data, ss->data, fr->data);
    obj_decref(I, &fr->h);
  } else {
    r = str_printf(I, "[Errno %s] %s", es->data, ss->data);
  }
  obj_decref(I, &es->h);
  obj_decref(I, &ss->h);
  return v_obj(&r->h);
}

void exc_init(Interp *I) {
  static const struct {
    const char *name;
    int parent;
  } table[] = {
#define X(name, parent) {#name, EXC_##parent},
      EXC_LIST(X)
#undef X
  };
  Str *builtins = str_intern(I, "builtins");
  for (int k = 0; k < EXC_COUNT; k++) {
    Class *base = k == EXC_BaseException ? I->cls[CLS_OBJECT] : I->exc[table[k].parent];
    Value bases = tuple_pack(I, 1, v_obj(&base->h));
    Dict *d = dict_new(I);
    dict_set_str(I, d, I->s.module, v_obj(&builtins->h));
    Str *name = str_intern(I, table[k].name);
    Class *c = class_new(I, name, AS_TUPLE(bases), d);
    obj_decref(I, &name->h);
    obj_decref(I, &d->h);
    v_decref(I, bases);
    c->is_exception = true;
    c->h.flags |= CF_NATIVE_METHODS;
    I->exc[k] = c;
  }
  obj_decref(I, &builtins->h);
  Class *be = I->exc[EXC_BaseException];
  class_add_native(I, be, "__init__", exc_init_native);
  class_add_native(I, be, "__str__", exc_str_native);
  class_add_native(I, be, "__repr__", exc_repr_native);
  class_add_native(I, I->exc[EXC_KeyError], "__str__", keyerror_str);
  class_add_native(I, I->exc[EXC_SystemExit], "__init__", sysexit_init);
  class_add_native(I, I->exc[EXC_OSError], "__init__", oserror_init);
  class_add_native(I, I->exc[EXC_StopIteration], "__init__", stopiter_init);
  class_add_native(I, I->exc[EXC_OSError], "__str__", oserror_str);
  /* Chaining attributes read through the class unless an instance sets them. */
  const char *none_attrs[] = {"__cause__", "__context__", "__traceback__"};
  for (size_t i = 0; i < sizeof none_attrs / sizeof none_attrs[0]; i++) {
    Str *k = str_intern(I, none_attrs[i]);
    dict_set_str(I, be->dict, k, v_none());
    obj_decref(I, &k->h);
  }
  Str *sc = str_intern(I, "__suppress_context__");
  dict_set_str(I, be->dict, sc, v_bool(false));
  obj_decref(I, &sc->h);
}

void exc_builtins_init(Interp *I) {
  for (int k = 0; k < EXC_COUNT; k++) dict_set_str(I, I->builtins, I->exc[k]->name, v_obj(&I->exc[k]->h));
  attr_builtins_init(I);
}

/* ---- Reporting -------------------------------------------------------------------- */

/* str(exc), or NULL when that raises. */
static Str *safe_str(Interp *I, Value exc) {
  Catch c;
  Str *volatile s = NULL;
  if (RT_TRY(I, &c)) {
    s = rt_str(I, exc);
    rt_catch_pop(I, &c);
  } else {
    v_decref(I, CUR_EXC(I));
    CUR_EXC(I) = v_undef();
  }
  return s;
}

static int system_exit(Interp *I, Value exc) {
  Tuple *t = exc_args(I, exc);
  Value code = !t || t->len == 0 ? v_none() : t->len == 1 ? t->items[0] : v_obj(&t->h);
  if (code.tag == V_NONE) return 0;
  if (code.tag == V_INT) return (int)code.as.i;
  if (code.tag == V_BOOL) return code.as.b;
  fflush(stdout);
  Str *s = safe_str(I, code);
  if (s) {
    fprintf(stderr, "%s\n", s->data);
    obj_decref(I, &s->h);
  }
  return 1;
}

/* The index of the innermost traceback entry in the user's script (not in
 * lib/), or 0 when there is none (an error while importing lib/ itself). */
static int user_frame(Interp *I, const Loc *tb, int n) {
  for (int i = 0; i < n; i++)
    if (tb[i].file && !interp_is_lib_src(I, tb[i].file)) return i;
  return 0;
}

/* ---- traceback objects ---------------------------------------------------------- */

static Str *s_tb_key(Interp *I) { return str_intern(I, "__msc_tb__"); }

void exc_attach_tb(Interp *I, Value exc, Frame *f) {
  if (!is_exc_instance(exc) || !AS_INST(exc)->dict || !f) return;
  Eval *ev = EV(I);
  if (!ev->tb_class) {
    Str *name = str_intern(I, "traceback");
    Tuple *bases = tuple_new(I, 1);
    bases->items[0] = v_incref(v_obj(&I->cls[CLS_OBJECT]->h));
    Dict *d = dict_new(I);
    ev->tb_class = class_new(I, name, bases, d);
    ev_keep(I, &ev->tb_class->h);
    obj_decref(I, &name->h);
    obj_decref(I, &bases->h);
    obj_decref(I, &d->h);
  }
  /* the entries of f's callers (counted as record_tb pushes them) are not
   * the caught exception's: CPython's traceback stops at the catching frame */
  int callers = 0;
  bool skip = f->hidden;
  for (Frame *p = f->prev; p; p = p->prev) {
    if (!skip && p->cur) callers++;
    skip = p->hidden;
  }
  int keep = I->tb_len - callers >= 1 ? I->tb_len - callers : I->tb_len;
  Str *snap = str_new(I, (const char *)I->tb, sizeof(Loc) * (size_t)keep);
  Instance *t = (Instance *)obj_alloc(I, OBJ_INSTANCE, sizeof(Instance));
  obj_incref(&ev->tb_class->h);
  t->cls = ev->tb_class;
  t->dict = dict_new(I);
  Str *k = s_tb_key(I);
  dict_set_str(I, t->dict, k, v_obj(&snap->h));
  obj_decref(I, &k->h);
  obj_decref(I, &snap->h);
  Str *kt = str_intern(I, "__traceback__");
  dict_set_str(I, AS_INST(exc)->dict, kt, v_obj(&t->h));
  obj_decref(I, &kt->h);
  obj_decref(I, &t->h);
}

/* exc.__traceback__'s entries (borrowed from the object), or NULL. */
static const Loc *exc_tb_of(Interp *I, Value exc, int *n) {
  Str *kt = str_intern(I, "__traceback__");
  Value t = dict_get_str(I, AS_INST(exc)->dict, kt);
  obj_decref(I, &kt->h);
  *n = 0;
  if (!v_is(t, OBJ_INSTANCE) || AS_INST(t)->cls != EV(I)->tb_class) return NULL;
  Str *k = s_tb_key(I);
  Value s = dict_get_str(I, AS_INST(t)->dict, k);
  obj_decref(I, &k->h);
  if (!v_is(s, OBJ_STR)) return NULL;
  *n = (int)((size_t)AS_STR(s)->len / sizeof(Loc));
  return (const Loc *)(const void *)AS_STR(s)->data;
}

/* An error raised inside lib/ is reported where the user's script called
 * into the library (DESIGN.md): the error at the innermost user frame u,
 * the user's callers as "called from here", then the library frames below
 * u as notes, from the user's call inwards to where it was raised. Library
 * frames among the callers (Cell.__call__ between a script line and its
 * construct) say nothing to the user and are left out. */
static void report_one(Interp *I, Value exc, const Loc *tb0, int n) {
  Loc *tb = xmalloc(sizeof(Loc) * (size_t)(n + 1));
  if (n) memcpy(tb, tb0, sizeof(Loc) * (size_t)n);
  Loc noloc = {0};
  Str *msg = safe_str(I, exc);
  const char *cname = AS_INST(exc)->cls->name->data;
  int u = user_frame(I, tb, n);
  Loc at = n ? tb[u] : noloc;
  if (!msg) diag_emit(DIAG_ERROR, at, "%s: <exception str() failed>", cname);
  else if (msg->len) diag_emit(DIAG_ERROR, at, "%s: %s", cname, msg->data);
  else diag_emit(DIAG_ERROR, at, "%s", cname);
  if (msg) obj_decref(I, &msg->h);
  /* The callers: every frame above u, library ones dropped when u is the
   * user's (tb is compacted in place; u + 1 + nc <= i always). */
  bool in_user = n && tb[u].file && !interp_is_lib_src(I, tb[u].file);
  int nc = 0;
  for (int i = u + 1; i < n; i++)
    if (!in_user || !interp_is_lib_src(I, tb[i].file)) tb[u + 1 + nc++] = tb[i];
  int nnotes = nc;
  Loc *callers = tb + u + 1;
  for (int i = 0; i < nc; i++) {
    if (nnotes > 8 && i == 4) {
      diag_emit(DIAG_NOTE, noloc, "(%d more calls not shown)", nnotes - 8);
      i = nc - 4;
    }
    diag_emit(DIAG_NOTE, callers[i], "called from here");
  }
  for (int i = u - 1; i >= 0; i--)
    diag_emit(DIAG_NOTE, tb0[i], i == 0 ? "raised here, in library code" : "in library code");
  free(tb);
}

/* The exception exc was chained to (its __cause__, or its __context__
 * unless __suppress_context__), and which of the two; V_UNDEF if none. */
static Value chained(Interp *I, Value exc, bool *cause) {
  Dict *d = AS_INST(exc)->dict;
  Str *kc = str_intern(I, "__cause__"), *kx = str_intern(I, "__context__"),
      *ks = str_intern(I, "__suppress_context__");
  Value c = dict_get_str(I, d, kc), x = dict_get_str(I, d, kx), s = dict_get_str(I, d, ks);
  obj_decref(I, &kc->h);
  obj_decref(I, &kx->h);
  obj_decref(I, &ks->h);
  *cause = is_exc_instance(c);
  if (*cause) return c;
  if (is_exc_instance(x) && !(s.tag == V_BOOL && s.as.b)) return x;
  return v_undef();
}

enum { CHAIN_MAX = 64 };

int exc_report(Interp *I, Value exc) {
  if (rt_exc_matches(I, exc, EXC_SystemExit)) return system_exit(I, exc);
  /* the chain, innermost (exc) first; printed outermost first, as CPython
   * does, each with the traceback it was caught with */
  Value chain[CHAIN_MAX];
  bool by_cause[CHAIN_MAX];
  int len = 1;
  chain[0] = exc;
  while (len < CHAIN_MAX) {
    bool cause;
    Value next = chained(I, chain[len - 1], &cause);
    bool seen = next.tag == V_UNDEF;
    for (int i = 0; i < len && !seen; i++) seen = chain[i].as.o == next.as.o;
    if (seen) break;
    by_cause[len - 1] = cause;
    chain[len++] = next;
  }
  FILE *o = stderr;
  for (int i = len - 1; i >= 1; i--) {
    int n;
    const Loc *tb = exc_tb_of(I, chain[i], &n);
    report_one(I, chain[i], tb, n);
    fflush(stdout);
    fprintf(o, "\n%s\n\n", by_cause[i - 1] ? "The above exception was the direct cause of the following exception:"
                                         : "During handling of the above exception, another exception occurred:");
  }
  report_one(I, exc, I->tb, I->tb_len);
  return 1;
}
