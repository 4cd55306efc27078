/* interp.h — private to the evaluator (interp.c, resolve.c, exc.c).
 *
 * The resolver (resolve.c) annotates the AST once before anything runs:
 *   - every ND_NAME gets scope/slot (ast.h Scope);
 *   - every scope node (ND_FUNCDEF, ND_LAMBDA, ND_CLASSDEF, comprehensions)
 *     gets a ScopeInfo in node->aux describing its frame layout;
 *   - statements that bind names without an ND_NAME node (def, class,
 *     import) get NameRefs;
 *   - ND_NAME and ND_KEYWORD get their interned Str in aux, ND_ATTR an
 *     AttrCache (name + inline cache of the class lookup).
 * The evaluator (interp.c) runs the annotated tree with one Frame per call;
 * locals live in an array of slots on the C stack. attr.c does attribute
 * access, descriptors, class instantiation and super(); exc.c raising,
 * catching, tracebacks and the uncaught-exception report.
 */
#ifndef MSC_INTERP_H
#define MSC_INTERP_H

#include "valpriv.h"

/* A resolved reference to a name: where it lives and its interned text. */
typedef struct NameRef {
  Scope scope;
  int slot;
  Str *name; /* interned; reference held by Eval.consts */
} NameRef;

typedef enum { SK_MODULE, SK_FUNC, SK_CLASS, SK_COMP } ScopeKind;

/* Frame layout of one scope. Params occupy slots 0..nparams-1 in the order
 * of Node.params (a bare '*' takes a slot that stays unused). */
typedef struct ScopeInfo {
  ScopeKind kind;
  int nlocals;
  int nparams;
  int nargs;         /* positional parameters */
  int nkwonly;
  int varargs_slot;  /* -1 if none */
  int kwargs_slot;   /* -1 if none */
  int ndefaults;     /* positional params with a default */
  Str **param_names; /* nparams entries (NULL for a bare '*') */
  const char **local_names; /* nlocals entries */
  int ncells;
  int *cell_slots;   /* local slots that hold a CellObj */
  int nfree;
  int *free_src;     /* per free var: >= 0 a cell slot of the enclosing
                        frame, < 0 its closure index -(i + 1) */
  Str *name, *qualname;
  bool simple;       /* positional params only, no cells: fast binding */
  NameRef bind;      /* def/class: where the defined name is stored */
  Str *doc;          /* docstring or NULL */
  bool generator;    /* a def or lambda whose body has yield (gen.c) */
  Node *first_yield; /* its first yield, for the graph-mode error */
} ScopeInfo;

/* ND_ATTR: the attribute name and an inline cache of the last class
 * lookup (valid while Eval.epoch is unchanged; cv is borrowed from the
 * class dicts, which only change through rt_setattr/rt_delattr on a
 * class, and those bump the epoch). */
typedef struct AttrCache {
  Str *name;
  Class *cls;
  uint32_t epoch;
  Value cv; /* class_lookup(cls, name); V_UNDEF when absent */
  bool nbind; /* a native cv binds to the instance (see attr.c) */
} AttrCache;

/* Class Obj.flags bit (low bits are the evaluator's): natives in this
 * user-level class's dict are methods (exception classes, generator). */
#define CF_NATIVE_METHODS 1u

/* Per-class facts the evaluator needs on every instance operation. */
typedef struct ClassInfo {
  Class *cls;
  uint32_t epoch;
  Value init;        /* __init__ found on the MRO, or V_UNDEF for object's */
  Value new_;        /* a user __new__, or V_UNDEF */
  Value setattr;     /* a user __setattr__ (function), or V_UNDEF */
  Value getattr;     /* a user __getattr__ (function), or V_UNDEF */
} ClassInfo;

#define CLASS_CACHE 256

/* ND_IMPORT / ND_IMPORTFROM: one NameRef per alias. */
typedef struct ImportInfo {
  NameRef *refs;
  Str *module; /* ND_IMPORTFROM: interned dotted module name */
} ImportInfo;

typedef struct Frame {
  struct Frame *prev;
  const Node *cur;   /* node being evaluated (traceback) */
  Value *locals;
  ScopeInfo *info;   /* NULL for the module frame */
  Func *func;        /* the running function, or NULL */
  Tuple *closure;    /* borrowed */
  Dict *globals;     /* borrowed */
  Module *module;    /* borrowed; owns globals */
  Dict *ns;          /* class body namespace, or NULL */
  Value ret;
  bool hidden;       /* comprehension frame: no traceback note */
} Frame;

/* Evaluator-private state (Interp.ev). */
typedef struct Eval {
  Obj **consts; /* references cached in the AST (constants, names) */
  int nconsts, capconsts;
  Str *empty;   /* "" */
  Str *s_all, *s_file, *s_gen;
  Class *gen_class; /* generator expressions' class */
  Module *main;
  uintptr_t stack_limit; /* C stack address below which we raise RecursionError */
  bool unwound; /* the run ended with an uncaught exception */
  uint32_t epoch; /* bumped whenever a class dict changes */
  ClassInfo cinfo[CLASS_CACHE];
  SrcFile **lib_srcs; /* lib/ modules' sources, alive until interp_free */
  int nlib_srcs, caplib_srcs;
  Str *s_co;         /* gen.c: hidden key of a generator's coroutine */
  Class *co_class;   /* gen.c: generator functions' class */
  struct GenCo *gen_running, *gens; /* gen.c: the running one; all live */
  Str *s_file_state;  /* fileio.c: hidden key of a file's state */
  Class *file_class;  /* fileio.c: open()'s TextIOWrapper */
  Class *bfile_class[2]; /* fileio.c: BufferedReader, BufferedWriter (binary modes) */
  FILE **files;       /* fileio.c: files open for writing */
  int nfiles, capfiles;
  bool gen_teardown; /* gen.c: interp_free runs: no more closing */
  Class *tb_class;  /* exc.c: the traceback objects of caught exceptions */
  Value handled; /* the exception an except clause is handling, or V_UNDEF */
  Str *handled_tb; /* its traceback (trystmt.c) */
  SrcFile **user_srcs; /* the user's imported modules (interp_add_user_src) */
  int nuser_srcs, capuser_srcs;
  uint64_t serial; /* exc.c/gen.c: bumped by reclaiming catches, yields and resumes */
} Eval;

#define EV(I) ((Eval *)(I)->ev)

/* Runs the parsed body of an imported (lib/) module in m's namespace, in a
 * module frame called from the importing statement; m->dict already holds
 * __name__ and m->src the source. Raises ImportError when the module does
 * not resolve (its errors are reported first), and whatever the body raises.
 * (interp.c) */
void interp_exec_module(Interp *I, Module *m, Node *module);
/* lib/ sources: kept alive for diagnostics until interp_free, and told
 * apart from the user's files by exc_report. (interp.c) */
void interp_add_lib_src(Interp *I, SrcFile *src);
bool interp_is_lib_src(Interp *I, const SrcFile *src);
/* A source kept for the process by lib_keep_parsed (never freed). (modules.c) */
bool lib_src_kept(const SrcFile *src);
/* The user's own modules imported from sys.path: kept alive likewise, and
 * reported as the user's code. (interp.c) */
void interp_add_user_src(Interp *I, SrcFile *src);

/* resolve.c: annotates the module; returns false after reporting errors. */
bool resolve_module(Interp *I, Node *module);
/* Keeps a reference alive until teardown (the AST caches it). */
void ev_keep(Interp *I, Obj *o);

/* exc.c */
/* Raises exc, taking ownership; records the traceback. */
_Noreturn void exc_raise_owned(Interp *I, Value exc);
/* Raises exc again (owned) keeping the traceback recorded when it was
 * first raised. */
_Noreturn void exc_reraise(Interp *I, Value exc);
/* Prints an uncaught exception; returns the exit status. */
int exc_report(Interp *I, Value exc);
/* Registers the exception classes, super, property, ... in builtins. */
void exc_builtins_init(Interp *I);

/* trystmt.c: statements (CTRL_* codes), bare raise, raise ... from. */
int exec_try(Interp *I, Frame *f, Node *n);
/* The traceback being built as a string, and put back (also gen.c). */
Str *rt_tb_save(Interp *I);
void rt_tb_restore(Interp *I, Str *s);
/* A guarded block of frame f caught exc (trystmt.c): exc.__traceback__
 * becomes a traceback object with I->tb's entries from the raise up to f
 * (what CPython's traceback holds); exc_report prints chained exceptions
 * with it. */
void exc_attach_tb(Interp *I, Value exc, struct Frame *f);
int exec_with(Interp *I, Frame *f, Node *n);
_Noreturn void exec_reraise_handled(Interp *I, Frame *f, Node *n);
void exc_set_cause(Interp *I, Value e, Value cause); /* takes cause */
/* gen.c: generator functions. gen_new takes the bound locals. */
Value gen_new(Interp *I, Func *fn, Value *locals);
Value gen_yield(Interp *I, Frame *f, Node *n);
Value gen_yield_from(Interp *I, Frame *f, Node *n);
void gen_fn_init(Interp *I);
/* May a reclaiming catch c release young objects (no C stack that ran
 * since its push is still suspended)? And the references the generators
 * hold outside the object graph. (exc.c rt_catch_reclaim) */
bool gen_reclaim_ok(Interp *I, const Catch *c);
void gen_visit_roots(Interp *I, VisitFn visit, void *arg);
void gen_close_all(Interp *I);
/* fileio.c: open() and its file objects. */
void fileio_init(Interp *I);
bool file_finalize(Interp *I, Obj *o);
bool file_is_file_class(Interp *I, Class *c); /* one of open()'s classes */
void file_close_all(Interp *I);
void gen_free_all(Interp *I);
/* interp.c: unbinds the name n (a no-op when it is unbound). */
void interp_unbind(Interp *I, Frame *f, Node *n);

/* attr.c */
Value call_class(Interp *I, Class *c, int argc, Value *argv, KwArgs *kw);
Value lookup_method(Interp *I, Value obj, Str *name, bool *with_self);
Value getattr_cached(Interp *I, Value obj, AttrCache *ac);
Value lookup_method_cached(Interp *I, Value obj, AttrCache *ac, bool *with_self);
void setattr_cached(Interp *I, Value obj, AttrCache *ac, Value val);
void class_set_owner(Interp *I, Class *c);
void attr_builtins_init(Interp *I);

#endif
