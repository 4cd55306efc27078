/* graph.c — graph mode: ast and trace capture through prim_call, the
 * specialisation cache, and running compiled graphs (see graph.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../codegen/codegen.h"
#include "../ir/exec.h"
#include "../ir/ir.h"
#include "graph.h"
#include "interp.h"


/* ---- state ------------------------------------------------------------------ */

typedef enum { CAP_AST, CAP_TRACE, CAP_BYTECODE } CapMode;

typedef struct GFn GFn;

/* One running capture. */
typedef struct Capture {
  CapMode mode;
  uint32_t gen;
  IrModule *m;
  IrGraph *g;
  int np, capp;          /* Parameters met so far (entry-graph params) */
  Tensor **ptens;        /* owned; moved to the Entry on success */
  IrNode **pnode, **pload;
  Tensor **pre;          /* trace: a Parameter's value before the trace's
                            first assign of it (owned), else NULL */
  IrGraph *root;         /* the entry graph (g is the region being captured) */
  GraphRegion *reg;      /* the innermost region, or NULL (g == root) */
  int nregion;           /* regions made: their graphs' names */
  void *cf;              /* ctlflow.c's state (owned there) */
  bool once;             /* a trace of one call (a PyNative gradient's
                            forward): nothing is baked for later calls */
  /* bytecode: the piece being staged (see "bytecode capture" below) */
  GFn *gf;
  Tensor **syms;         /* symbolic tensors made in the piece (owned refs) */
  int nsym, capsym;
  Tensor **ins;          /* concrete tensors the piece reads: its inputs
                            (owned refs), ins[i] is param inode[i] */
  IrNode **inode;
  int nin, capin;
  int npiece;            /* pieces run in this call */
  int nbreak;            /* graph breaks met in this call */
  bool strict;           /* ast: jit_syntax_level STRICT */
  bool fallback;         /* bytecode pieces with ast's semantics: an ast
                            capture's JIT Fallback (jit_syntax_level LAX) */
} Capture;

/* A region being captured: a subgraph of an If or While (ctlflow.c). A
 * value of an enclosing graph used inside becomes a param of the region
 * (lifted: outer[i] is passed as inner[i]). */
struct GraphRegion {
  GraphRegion *parent;
  IrGraph *g;
  int nlift, caplift;
  IrNode **outer, **inner;
};

/* How a call's result is rebuilt from the graph's outputs. */
typedef enum { TPL_OUT, TPL_CONST, TPL_TUPLE, TPL_LIST, TPL_NUM } TplKind;
typedef struct Tpl {
  TplKind kind;
  int out;               /* TPL_OUT, TPL_NUM (a 0-d output standing for a Python number): output index */
  bool np, npscalar;     /* TPL_OUT: a numpy array (or numpy scalar) in the capture */
  Value v;               /* TPL_CONST (owned) */
  int n;
  struct Tpl *kids;
} Tpl;

/* One specialisation: a compiled graph. */
typedef struct Entry {
  bool fallback;         /* JIT Fallback: every call runs as pieces */
  char *key;
  size_t keylen;         /* bytecode pieces: the key holds bytes */
  char **parts;          /* per argument, readable (for -v's reasons) */
  int nparts;
  Value *refs;           /* objects the key names by identity (owned) */
  int nrefs;
  IrModule *m;
  int nparam;            /* entry-graph params */
  int *param_src;        /* >= 0: input index; < 0: -(Parameter index + 1) */
  int nptens;
  Tensor **ptens;        /* Parameters (owned refs) */
  int ninputs;
  Tpl tpl;
  int nout;
  /* cc backend */
  CgEntryFn fn;
  CgResult cg;
  void *ws;
  /* cg.packed: each Parameter's packed copy (the entry reads it as a
   * MatMul's B), repacked when the Parameter's version moves */
  bool assigns;          /* the module assigns Parameters */
  void **pk_buf;
  uint64_t *pk_ver;
  bool *pk_valid;
  GraphRecord *rec;      /* msc compile (GraphConfig.records), or NULL */
} Entry;

struct GFn {
  Value fn;              /* the Python function (owned) */
  CapMode mode;
  char *name;
  int level;             /* pass pipeline: 0, 1, 2 (jit_level, else -O) */
  char *options;         /* jit options, part of the key */
  int syntax;            /* jit_syntax_level: 0 the context's, 1 STRICT, 2 LAX */
  bool fullgraph;        /* ms.jit(fullgraph=True): no JIT Fallback */
  int nent, capent;
  Entry **ents;
  /* bytecode: compiled pieces, keyed by their IR text and constants */
  int npiece, cappiece;
  Entry **pieces;
  int64_t ncall, nrun, nhit; /* calls; pieces run; of which found compiled */
  int nbreak;            /* distinct graph breaks met */
  int ninterp;           /* JIT Fallback: interpreted (PyExecute) nodes made */
  /* The entry the most recent keyed call found or made, and what its key
   * said of each argument (see fast_set): a call whose arguments match
   * runs it without building the key. NULL when not all could be said. */
  Entry *fast;
  bool fast_strict;      /* the key's |STRICT */
  int nfast, nfast_in;   /* arguments; of which input tensors */
  struct FastArg *fastargs; /* owned */
};

/* A graph break met in bytecode capture (distinct locations). */
typedef struct GraphBreak {
  Loc loc;
  char *reason;
  GFn *gf;
} GraphBreak;

typedef struct GraphState {
  Capture *cap;
  Loc *warned;           /* trace: lines warned about a baked-in branch */
  int nwarned;
  uint32_t gen;
  int nfn, capfn;
  GFn **fns;
  bool ctx_strict;       /* set_context(jit_syntax_level=STRICT) */
  GraphConfig cfg;
  char *export_name;     /* ms.export running: the entry's name */
  GraphCaptureHook hook; /* ms.export(file_format='MINDIR') running */
  void *hook_ctx;
  int nhooked;
  GraphBreak *breaks;    /* bytecode: every distinct graph break */
  int nbreak;
  struct PyCall *pycalls; /* JIT Fallback: the interpreted nodes' calls, by id */
  int npycall, cappycall;
  Value fb_exc;          /* the exception a PyExecute's call raised (owned) */
  IrLoc fb_exc_loc;      /* where: the call's line */
  bool need_fallback;    /* the ast capture failed on reading a graph tensor's value */
  Loc fallback_loc;      /* where, and what read it */
  char fallback_what[160];
  /* _msc.cell_jit: what it found on the MRO of cj_cls (owned) at cj_epoch */
  Class *cj_cls;
  uint32_t cj_epoch;
  Value cj_con;          /* construct (borrowed from the class dicts) */
  bool cj_dict;          /* a '__dict__' */
  Func *cc_func;         /* Cell.__call__ (owned), and its call of cell_jit */
  const struct Node *cc_at;
} GraphState;

void graph_config_init(GraphConfig *c) {
  memset(c, 0, sizeof *c);
  cg_compile_options_init(&c->compile);
}

static GraphState *gs(Interp *I) {
  if (!I->graph) {
    I->graph = xcalloc(1, sizeof(GraphState));
    graph_config_init(&I->graph->cfg);
  }
  return I->graph;
}

/* Does gf's call add |STRICT to its key (ms.jit's syntax: 1 strict, 0
 * the context's jit_syntax_level)? */
static bool gf_strict(Interp *I, const GFn *gf) { return gf->syntax == 1 || (gf->syntax == 0 && gs(I)->ctx_strict); }

void graph_configure(Interp *I, const GraphConfig *c) { gs(I)->cfg = *c; }

int64_t graph_max_loop_iterations(Interp *I) { return gs(I)->cfg.compile.max_loop_iterations; }

static const GraphConfig *cfg(Interp *I) { return &gs(I)->cfg;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* ---- output hook ---------------------------------------------------------- */

static void out_write(void *ctx, const char *s, size_t n) { rt_write((Interp *)ctx, s, n); }

static int fb_interpret(void *ctx, uint32_t id, void *const *in, void *out);

void graph_init(Interp *I) {
  msrt_set_output(out_write, I);
  ir_exec_set_interpret(fb_interpret, I);
  jit_set_interpret(fb_interpret, I);
}

bool graph_staging(Interp *I) {
  const Capture *c = I->graph ? I->graph->cap : NULL;
  return c && (c->mode == CAP_AST || (c->mode == CAP_BYTECODE && c->fallback));
}
bool graph_tracing(Interp *I) { return I->graph && I->graph->cap && I->graph->cap->mode == CAP_TRACE; }
static bool bytecode(Interp *I) { return I->graph && I->graph->cap && I->graph->cap->mode == CAP_BYTECODE; }

/* A traced function's Python control flow read tensor t (computed from
 * the trace's inputs): warn once per line that the branch taken now is
 * baked into the graph (seed 004: trace cannot see control flow). */
void graph_trace_branch(Interp *I, const Tensor *t) {
  GraphState *S = I->graph;
  if (!graph_tracing(I) || S->cap->once || !t->sym || t->sym_gen != S->cap->gen) return;
  const Frame *f = I->frame;
  while (f && !(f->cur && f->cur->loc.file && !interp_is_lib_src(I, f->cur->loc.file))) f = f->prev;
  if (!f) return;
  Loc l = f->cur->loc;
  for (int i = 0; i < S->nwarned; i++)
    if (S->warned[i].file == l.file && S->warned[i].beg == l.beg) return;
  S->warned = xrealloc(S->warned, sizeof(Loc) * (size_t)(S->nwarned + 1));
  S->warned[S->nwarned++] = l;
  fflush(stdout);
  diag_emit(DIAG_WARNING, l, "this condition reads a tensor's value while capture_mode='trace' records the "
            "graph: the branch taken now is baked into the graph and later calls take it whatever their inputs "
            "(use capture_mode='ast' for control flow on tensors)");
}

/* ---- symbolic tensors -------------------------------------------------------- */

Tensor *tensor_new_sym(Interp *I, msrt_dtype dt, int ndim, const int64_t *shape, struct IrNode *n) {
  Tensor *t = tensor_new_nodata(I, dt, ndim, shape);
  t->sym = n;
  Capture *c = I->graph ? I->graph->cap : NULL;
  t->sym_gen = c ? c->gen : I->graph ? I->graph->gen : 0;
  if (c && c->mode == CAP_BYTECODE) { /* the piece keeps it, to know at a break whether it is still live */
    if (c->nsym == c->capsym) {
      c->capsym = c->capsym ? 2 * c->capsym : 16;
      c->syms = xrealloc(c->syms, sizeof(Tensor *) * (size_t)c->capsym);
    }
    c->syms[c->nsym++] = t;
    obj_incref(&t->h);
  }
  return t;
}

static bool bc_break(Interp *I, const struct Node *at, const Tensor *need, const char *fmt, ...) MSC_PRINTF(4, 5);

/* bytecode: a Parameter that the piece assigns is read from Python: the
 * piece runs first (a graph break). */
static void bc_param_read(Interp *I, const Tensor *t, const char *what) {
  Capture *c = I->graph->cap;
  for (int j = 0; j < c->np; j++)
    if (c->ptens[j] == t && !c->pload[j]) {
      bc_break(I, NULL, NULL, "%s reads a Parameter that the graph assigns", what);
      return;
    }
}

void tensor_need_data(Interp *I, const Tensor *t, const char *what) {
  if (t->data) {
    if (t->flavour == TF_PARAM && bytecode(I)) bc_param_read(I, t, what);
    return;
  }
  if (bytecode(I) && t->sym && t->sym_gen == I->graph->cap->gen &&
      bc_break(I, NULL, t, "%s reads the value of a tensor computed in the graph", what) && t->data)
    return;
  if (graph_staging(I) && t->sym_gen == I->graph->cap->gen) {
    GraphState *S = I->graph;
    S->need_fallback = true; /* jit_syntax_level LAX: the call runs again as pieces */
    memset(&S->fallback_loc, 0, sizeof S->fallback_loc);
    for (const Frame *f = I->frame; f; f = f->prev)
      if (f->cur && f->cur->loc.file && !interp_is_lib_src(I, f->cur->loc.file)) {
        S->fallback_loc = f->cur->loc;
        break;
      }
    snprintf(S->fallback_what, sizeof S->fallback_what, "%s", what);
    rt_raise_op(I, EXC_TypeError,
                "%s needs the value of a tensor computed in the graph, which is only known when the graph "
                "runs; JIT Fallback (jit_syntax_level LAX, the default) runs such a statement in Python then, "
                "but not with jit_syntax_level STRICT or fullgraph=True, nor inside a branch or loop on a "
                "tensor: run this in PyNative mode (ms.set_context(mode=ms.PYNATIVE_MODE), or drop @ms.jit), "
                "or compute it from Python values",
                what);
  }
  rt_raise_op(I, EXC_RuntimeError,
              "%s: this tensor was computed while a graph was being compiled and has no value outside it; "
              "return it from the graph instead",
              what);
}

/* ---- capture ------------------------------------------------------------------ */

/* The innermost location in the user's script. */
static IrLoc cur_loc(Interp *I, IrModule *m) {
  for (Frame *f = I->frame; f; f = f->prev)
    if (f->cur && f->cur->loc.file && !interp_is_lib_src(I, f->cur->loc.file)) return ir_loc(m, f->cur->loc);
  return ir_noloc;
}

static void capture_free(Interp *I, Capture *c);

static IrType *ttype(IrModule *m, const Tensor *t) { return ir_type_tensor(m, t->dtype, t->ndim, t->shape); }

/* The slot of Parameter t in the capture (its param node and current
 * Load), registered on first use: a new param of the entry graph and a
 * Load of it at the running line. */
static int param_slot(Interp *I, Capture *c, Tensor *t) {
  for (int i = 0; i < c->np; i++)
    if (c->ptens[i] == t) return i;
  if (c->np == c->capp) {
    c->capp = c->capp ? 2 * c->capp : 8;
    c->ptens = xrealloc(c->ptens, sizeof(Tensor *) * (size_t)c->capp);
    c->pnode = xrealloc(c->pnode, sizeof(IrNode *) * (size_t)c->capp);
    c->pload = xrealloc(c->pload, sizeof(IrNode *) * (size_t)c->capp);
    c->pre = xrealloc(c->pre, sizeof(Tensor *) * (size_t)c->capp);
  }
  char nm[64];
  const char *name = t->name ? t->name->data : NULL;
  if (!name) {
    snprintf(nm, sizeof nm, "Parameter%d", c->np + 1);
    name = nm;
  }
  IrNode *p = ir_parameter(c->root, name, ttype(c->m, t));
  c->ptens[c->np] = t; /* owned: a Cell built inside the graph dies with it */
  obj_incref(&t->h);
  c->pnode[c->np] = p;
  c->pload[c->np] = ir_load(c->root, p, cur_loc(I, c->m));
  c->pre[c->np] = NULL;
  return c->np++;
}

/* The value of Parameter t at the running line: its current Load (a fresh
 * one after an Assign of it). */
static IrNode *param_load(Interp *I, Capture *c, Tensor *t) {
  int i = param_slot(I, c, t);
  if (!c->pload[i]) c->pload[i] = ir_load(c->root, c->pnode[i], cur_loc(I, c->m));
  return c->pload[i];
}

/* The IR value of a tensor operand (cast to dt). */
static IrNode *lift(Interp *I, Capture *c, GraphRegion *r, IrNode *v);

/* bytecode: concrete tensor t as an input of the piece (a param of its
 * graph, one per tensor). */
static IrNode *bc_input(Interp *I, Capture *c, Tensor *t) {
  (void)I;
  for (int i = 0; i < c->nin; i++)
    if (c->ins[i] == t) return c->inode[i];
  if (c->nin == c->capin) {
    c->capin = c->capin ? 2 * c->capin : 8;
    c->ins = xrealloc(c->ins, sizeof(Tensor *) * (size_t)c->capin);
    c->inode = xrealloc(c->inode, sizeof(IrNode *) * (size_t)c->capin);
  }
  char nm[32];
  snprintf(nm, sizeof nm, "in%d", c->nin);
  c->ins[c->nin] = t;
  obj_incref(&t->h);
  c->inode[c->nin] = ir_param(c->root, nm, ttype(c->m, t));
  return c->inode[c->nin++];
}

/* The IR value of tensor t (cast to dt). A concrete tensor is a constant,
 * except in bytecode capture when it is one of the script's tensors (feed:
 * not a Python number converted on the way), whose value may change
 * between calls: an input of the piece. */
static IrNode *value_node_f(Interp *I, Capture *c, Tensor *t, msrt_dtype dt, bool feed) {
  IrNode *v;
  if (t->sym && t->sym_gen == c->gen) {
    v = lift(I, c, c->reg, t->sym);
  } else if (!t->data) {
    tensor_need_data(I, t, "this operation");
    return NULL;
  } else if (t->flavour == TF_PARAM) {
    v = lift(I, c, c->reg, param_load(I, c, t));
  } else if (c->mode == CAP_BYTECODE && feed) {
    v = bc_input(I, c, t);
  } else {
    if (t->dtype != dt) { /* fold the cast of a constant */
      Tensor *ct = tensor_cast(I, t, dt, TF_MS);
      v = ir_const_tensor(c->m, dt, ct->ndim, ct->shape, ct->data);
      obj_decref(I, &ct->h);
      return v;
    }
    return ir_const_tensor(c->m, t->dtype, t->ndim, t->shape, t->data);
  }
  if (v->type->dt != dt) {
    IrType *ty = ir_type_tensor(c->m, dt, v->type->ndim, v->type->shape);
    IrNode *n = ir_node1(c->g, OP_Cast, v, ty, cur_loc(I, c->m));
    ir_attr_dtype(n, "dtype", dt);
    v = n;
  }
  return v;
}

static IrNode *value_node(Interp *I, Capture *c, Tensor *t, msrt_dtype dt) { return value_node_f(I, c, t, dt, true); }

/* in (the call's arguments, or NULL): which inputs are the script's own
 * tensors (bytecode: inputs of the piece, not constants). */
static IrNode *stage_node(Interp *I, Capture *c, OpId op, int nin, Tensor *const *t, const msrt_dtype *cast,
                          const Attrs *a, const TType *out, const Value *vin) {
  if (c->g->nnode >= limit_get(LIM_GRAPH_NODES))
    rt_raise(I, EXC_MemoryError, "jit: the captured graph has more than %lld nodes (raise the limit with "
             "--limit=graph-nodes=N)", (long long)limit_get(LIM_GRAPH_NODES));
  IrNode **in = arena_alloc(c->m->arena, sizeof(IrNode *) * (size_t)(nin ? nin : 1));
  for (int i = 0; i < nin; i++)
    in[i] = value_node_f(I, c, t[i], cast[i], !vin || (v_is(vin[i], OBJ_TENSOR) && AS_TENSOR(vin[i]) == t[i]));
  IrNode *n = ir_node(c->g, op, nin, in, ir_type_tensor(c->m, out->dt, out->ndim, out->shape), cur_loc(I, c->m));
  ir_attrs_encode(n, a);
  return n;
}

/* bytecode: every primitive on a tensor is staged, except numpy's (data
 * access: a graph tensor reaching one is a graph break). */
static bool bc_should_stage(int nin, const Value *in, int depth) {
  bool any = false;
  for (int i = 0; i < nin; i++) {
    if (v_is(in[i], OBJ_TENSOR)) {
      if (AS_TENSOR(in[i])->flavour == TF_NP) return false;
      any = true;
    } else if (depth < 2 && (v_is(in[i], OBJ_LIST) || v_is(in[i], OBJ_TUPLE))) {
      Tuple *tu = (Tuple *)in[i].as.o;
      int64_t n = v_is(in[i], OBJ_LIST) ? ((List *)tu)->len : tu->len;
      Value *it = v_is(in[i], OBJ_LIST) ? ((List *)tu)->items : tu->items;
      for (int64_t k = 0; k < n && k < 64; k++)
        if (v_is(it[k], OBJ_TENSOR)) {
          if (AS_TENSOR(it[k])->flavour == TF_NP) return false;
          any = true;
        }
    }
  }
  return any;
}

bool graph_should_stage(Interp *I, int nin, const Value *in) {
  if (bytecode(I)) return bc_should_stage(nin, in, 0);
  if (!graph_staging(I)) return false;
  for (int i = 0; i < nin; i++) {
    if (v_is(in[i], OBJ_TENSOR)) {
      Tensor *t = AS_TENSOR(in[i]);
      if (!t->data || t->flavour == TF_PARAM) return true;
    } else if (v_is(in[i], OBJ_LIST) || v_is(in[i], OBJ_TUPLE)) {
      /* variadic ops take a sequence of tensors */
      Tuple *tu = (Tuple *)in[i].as.o;
      int64_t n = v_is(in[i], OBJ_LIST) ? ((List *)tu)->len : tu->len;
      Value *it = v_is(in[i], OBJ_LIST) ? ((List *)tu)->items : tu->items;
      if (graph_should_stage(I, (int)(n < 64 ? n : 64), it)) return true;
    }
  }
  return false;
}

Tensor *graph_stage(Interp *I, OpId op, int nin, Tensor *const *t, const msrt_dtype *cast, const Attrs *a,
                    const TType *out, const Value *in) {
  Capture *c = I->graph->cap;
  IrNode *n = stage_node(I, c, op, nin, t, cast, a, out, in);
  return tensor_new_sym(I, out->dt, out->ndim, out->shape, n);
}

void graph_record(Interp *I, OpId op, int nin, Tensor *const *t, const msrt_dtype *cast, const Attrs *a,
                  Tensor *o) {
  Capture *c = I->graph->cap;
  bool any = false;
  for (int i = 0; i < nin && !any; i++)
    any = (t[i]->sym && t[i]->sym_gen == c->gen) || t[i]->flavour == TF_PARAM;
  if (!any) return;
  TType out;
  memset(&out, 0, sizeof out);
  out.dt = o->dtype;
  out.ndim = o->ndim;
  memcpy(out.shape, o->shape, sizeof(int64_t) * (size_t)o->ndim);
  o->sym = stage_node(I, c, op, nin, t, cast, a, &out, NULL);
  o->sym_gen = c->gen;
}

static bool fb_stage(Interp *I, Value callee, int argc, Value *argv, KwArgs *kw, Value *out, bool effect);

void graph_print(Interp *I, int argc, Value *argv) {
  Capture *c = I->graph->cap;
  for (int i = 0; i < argc && c->mode == CAP_AST && c->gf; i++)
    if (v_is(argv[i], OBJ_TENSOR) && AS_TENSOR(argv[i])->pynum) {
      /* a Python number JIT Fallback computes: Python prints it (an
       * interpreted print), as PyNative does */
      Str *k = str_intern(I, "print");
      Value pf = dict_get_str(I, I->builtins, k);
      obj_decref(I, &k->h);
      Value r;
      if (pf.tag != V_UNDEF && fb_stage(I, pf, argc, argv, NULL, &r, true)) {
        c->gf->ninterp++;
        return;
      }
      break;
    }
  IrNode **in = arena_alloc(c->m->arena, sizeof(IrNode *) * (size_t)(argc ? argc : 1));
  for (int i = 0; i < argc; i++) {
    Value v = argv[i];
    if (v_is(v, OBJ_TENSOR)) {
      Tensor *t = AS_TENSOR(v);
      in[i] = value_node(I, c, t, t->dtype);
    } else {
      Str *s = rt_str(I, v);
      in[i] = ir_const_str(c->m, s->data);
      obj_decref(I, &s->h);
    }
  }
  ir_print_node(c->g, argc, in, cur_loc(I, c->m));
}

/* MindSpore's parser names what it refuses by its Python ast class
 * (mindspore/ccsrc/pipeline/jit/ps/parse/parse.cc: "Unsupported statement
 * 'Delete'.", "Unsupported expression 'Set'."; a builtin outside its list,
 * "The builtin function 'sorted' is not supported in graph mode", a
 * NameError); what: msc's name of the construct. */
static const struct {
  const char *what, *ms;
  bool stmt;
} ms_syntax[] = {
    {"'del'", "Delete", true},           {"'import'", "Import", true},
    {"'from ... import'", "ImportFrom", true}, {"'nonlocal'", "Nonlocal", true},
    {"'try'", "Try", true},              {"a set display", "Set", false},
    {"a set comprehension", "SetComp", false},
};

void graph_check_syntax(Interp *I, const struct Node *node, const char *what) {
  if (!graph_staging(I) && !bytecode(I)) return;
  Frame *f = I->frame;
  if (f && node) f->cur = node;
  if (!f || !f->cur || !f->cur->loc.file || interp_is_lib_src(I, f->cur->loc.file)) return;
  if (graph_break_syntax(I, f->cur, what)) return;
  static const char hint[] = "is outside MindSpore's static graph syntax: move it out of the @ms.jit function or "
                             "construct, or run in PyNative mode";
  for (size_t i = 0; i < sizeof ms_syntax / sizeof ms_syntax[0]; i++)
    if (strcmp(what, ms_syntax[i].what) == 0)
      rt_raise_op(I, EXC_RuntimeError, "Unsupported %s '%s'. (%s %s)", ms_syntax[i].stmt ? "statement" : "expression",
                  ms_syntax[i].ms, what, hint);
  size_t n = strlen(what);
  if (n > 2 && strcmp(what + n - 2, "()") == 0) /* a builtin function */
    rt_raise_op(I, EXC_NameError, "The builtin function '%.*s' is not supported in graph mode. (%s %s)", (int)(n - 2),
                what, what, hint);
  rt_raise_op(I, EXC_RuntimeError, "%s is not supported in graph mode (MindSpore's static graph syntax); move it out "
              "of the @ms.jit function or construct, or run in PyNative mode", what);
}

void graph_name_value(Interp *I, Tensor *t, const char *name) {
  Capture *c = I->graph ? I->graph->cap : NULL;
  if (!c || !t->sym || t->sym_gen != c->gen || t->sym->kind != IR_NK_NODE || t->sym->name || !name) return;
  Frame *f = I->frame;
  if (!f || !f->cur || !f->cur->loc.file || interp_is_lib_src(I, f->cur->loc.file)) return;
  ir_node_set_name(t->sym, name);
}

/* _msc.assign(variable, value): writes value (cast to the Parameter's
 * dtype, same shape) into the Parameter. Eagerly it copies into the
 * Parameter's buffer; in ast staging it appends Assign(%para, v) and the
 * next read of the Parameter gets a fresh Load after it; in trace mode it
 * does both. Returns the Parameter. */
Value graph_native_assign(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "assign", kw);
  args_count(I, "assign", argc, 2, 2);
  if (!v_is(argv[0], OBJ_TENSOR) || AS_TENSOR(argv[0])->flavour != TF_PARAM)
    rt_raise(I, EXC_TypeError, "For 'Assign', the 'variable' must be a Parameter, but got %s", rt_type_name(I, argv[0]));
  Tensor *p = AS_TENSOR(argv[0]);
  Tensor *v = v_is(argv[1], OBJ_TENSOR) ? AS_TENSOR(argv[1]) : NULL;
  Tensor *made = NULL;
  if (!v) v = made = tensor_from_value(I, argv[1], (int)p->dtype, TF_MS);
  bool same = v->ndim == p->ndim;
  for (int d = 0; same && d < p->ndim; d++) same = v->shape[d] == p->shape[d];
  if (!same) {
    char a[128], b[128];
    if (made) obj_decref(I, &made->h);
    rt_raise(I, EXC_ValueError, "For 'Assign', the shape of 'value' %s must be the same as the shape of the Parameter "
             "'%s' %s", shape_str(a, sizeof a, v->ndim, v->shape), p->name ? p->name->data : "?",
             shape_str(b, sizeof b, p->ndim, p->shape));
  }
  Capture *c = I->graph ? I->graph->cap : NULL;
  if (c && c->reg)
    rt_raise(I, EXC_NotImplementedError, "assigning a Parameter inside a branch or loop of a tensor condition "
             "is not supported yet: assign after the if/while");
  if (c) {
    int j = param_slot(I, c, p);
    IrNode *val = value_node(I, c, v, p->dtype);
    ir_assign(c->g, c->pnode[j], val, cur_loc(I, c->m));
    c->pload[j] = NULL;
    if (c->mode == CAP_TRACE && !c->pre[j]) c->pre[j] = tensor_copy(I, p, TF_PARAM); /* the trace's start value */
  }
  if (!c || c->mode == CAP_TRACE) {
    if (!v->data) tensor_need_data(I, v, "assign");
    p->version++; /* a packed copy of it (Entry.pk) is stale */
    if (p->size) {
      if (p->dtype == v->dtype) memmove(p->data, v->data, (size_t)p->size * msrt_dtype_size(p->dtype));
      else msrt_cast(v->dtype, p->dtype, p->size, v->data, p->data);
    }
  }
  if (made) obj_decref(I, &made->h);
  return v_incref(argv[0]);
}

/* ---- for autodiff (eval/autodiff.c) ------------------------------------------ */

static Capture *cur_cap(Interp *I) {
  Capture *c = I->graph ? I->graph->cap : NULL;
  if (!c) rt_raise(I, EXC_RuntimeError, "internal error: no graph is being captured");
  return c;
}

IrModule *graph_cur_module(Interp *I) { return cur_cap(I)->m; }
IrGraph *graph_cur_graph(Interp *I) { return cur_cap(I)->g; }
IrLoc graph_cur_loc(Interp *I) { return cur_loc(I, cur_cap(I)->m); }

IrNode *graph_value(Interp *I, Tensor *t, msrt_dtype dt) { return value_node(I, cur_cap(I), t, dt); }

IrNode *graph_parameter(Interp *I, Tensor *p) {
  Capture *c = cur_cap(I);
  int j = param_slot(I, c, p); /* may grow c->pnode: index after the call */
  return c->pnode[j];
}

/* trace capture: t, computed eagerly, is the value of node n in the graph. */
void graph_trace_value(Interp *I, Tensor *t, IrNode *n) {
  Capture *c = cur_cap(I);
  t->sym = n;
  t->sym_gen = c->gen;
}

Tensor *graph_sym(Interp *I, IrNode *n) {
  const IrType *t = n->type;
  return tensor_new_sym(I, t->dt, t->ndim, t->shape, n);
}

/* ---- regions (ctlflow.c) ------------------------------------------------------- */

/* The param of r standing for outer value o (made when missing). */
static IrNode *region_param_for(GraphRegion *r, IrNode *o) {
  for (int i = 0; i < r->nlift; i++)
    if (r->outer[i] == o) return r->inner[i];
  if (r->nlift == r->caplift) {
    r->caplift = r->caplift ? 2 * r->caplift : 8;
    r->outer = xrealloc(r->outer, sizeof(IrNode *) * (size_t)r->caplift);
    r->inner = xrealloc(r->inner, sizeof(IrNode *) * (size_t)r->caplift);
  }
  r->outer[r->nlift] = o;
  r->inner[r->nlift] = ir_param(r->g, o->name ? o->name : "v", o->type);
  return r->inner[r->nlift++];
}

/* v (a value of r's graph or of an enclosing one) as a value of r's
 * graph: a lifted param when it is an enclosing graph's. */
static IrNode *lift(Interp *I, Capture *c, GraphRegion *r, IrNode *v) {
  if (v->kind == IR_NK_CONST) return v;
  if (!r) {
    if (v->owner != c->root)
      rt_raise(I, EXC_RuntimeError, "a tensor computed inside a branch or loop body of a tensor condition is used "
               "outside it; assign it to a variable in every branch (or before the loop) instead");
    return v;
  }
  if (v->owner == r->g) return v;
  return region_param_for(r, lift(I, c, r->parent, v));
}

void **graph_cf_state(Interp *I) { return &cur_cap(I)->cf; }

GraphRegion *graph_region_push(Interp *I, const char *what) {
  Capture *c = cur_cap(I);
  GraphRegion *r = xcalloc(1, sizeof *r);
  char nm[256];
  snprintf(nm, sizeof nm, "%s_%s%d", c->root->name, what, c->nregion++);
  r->g = ir_graph_new(c->m, arena_strdup(c->m->arena, nm), cur_loc(I, c->m));
  r->parent = c->reg;
  c->reg = r;
  c->g = r->g;
  return r;
}

void graph_region_pop(Interp *I, GraphRegion *r) {
  Capture *c = cur_cap(I);
  c->reg = r->parent;
  c->g = r->parent ? r->parent->g : c->root;
}

void graph_region_resume(Interp *I, GraphRegion *r) {
  Capture *c = cur_cap(I);
  c->reg = r;
  c->g = r->g;
}

void graph_region_free(GraphRegion *r) {
  if (!r) return;
  free(r->outer);
  free(r->inner);
  free(r);
}

IrGraph *graph_region_graph(GraphRegion *r) { return r->g; }
int graph_region_nlift(GraphRegion *r) { return r->nlift; }
IrNode *graph_region_outer(GraphRegion *r, int i) { return r->outer[i]; }

/* Gives a and b the same lifted values in the same order (a's, then the
 * ones only b lifted); their params from index `fixed` on follow that
 * order. */
void graph_region_align(GraphRegion *a, GraphRegion *b, int fixed) {
  int na = a->nlift;
  for (int i = 0; i < b->nlift; i++) region_param_for(a, b->outer[i]);
  for (int i = 0; i < na; i++) region_param_for(b, a->outer[i]);
  IrNode **inner = xmalloc(sizeof(IrNode *) * (size_t)(a->nlift + 1));
  for (int i = 0; i < a->nlift; i++) inner[i] = region_param_for(b, a->outer[i]);
  for (int i = 0; i < a->nlift; i++) {
    b->outer[i] = a->outer[i];
    b->inner[i] = inner[i];
    b->g->params[fixed + i] = inner[i];
    a->g->params[fixed + i] = a->inner[i];
  }
  free(inner);
}

/* The condition value of tensor t in the current graph: a 0-d Bool. */
IrNode *graph_cond_node(Interp *I, Tensor *t) {
  Capture *c = cur_cap(I);
  if (t->size != 1)
    rt_raise(I, EXC_ValueError, "The truth value of a Tensor with %lld elements is ambiguous in a graph "
             "condition; use .any() or .all()", (long long)t->size);
  IrNode *v = value_node(I, c, t, t->dtype);
  IrLoc loc = cur_loc(I, c->m);
  if (t->ndim) {
    v = ir_node1(c->g, OP_Reshape, v, ir_type_tensor(c->m, t->dtype, 0, NULL), loc);
    ir_attr_ints(v, "shape", 0, NULL);
  }
  if (t->dtype != MSRT_BOOL) {
    v = ir_node1(c->g, OP_Cast, v, ir_type_tensor(c->m, MSRT_BOOL, 0, NULL), loc);
    ir_attr_dtype(v, "dtype", MSRT_BOOL);
  }
  return v;
}

/* ---- jit_syntax_level STRICT ------------------------------------------------------
 * MindSpore's basic static-graph syntax (tutorials/source_en/compile/
 * static_graph.md, "AST Basic Syntaxes (STRICT Level)" and "Syntax
 * Constraints of Basic Syntaxes" 6: no third-party libraries; "AST
 * Extended Syntaxes (LAX level)": custom classes, attribute setting). */

Value graph_native_set_syntax_level(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  if (argc != 1 || argv[0].tag != V_INT) rt_raise(I, EXC_TypeError, "set_syntax_level(level)");
  gs(I)->ctx_strict = argv[0].as.i == 0;
  return v_none();
}

/* A STRICT capture running the script's own code. */
static bool strict_here(Interp *I) {
  if (!graph_staging(I) || !I->graph->cap->strict) return false;
  const Frame *f = I->frame;
  return f && f->cur && f->cur->loc.file && !interp_is_lib_src(I, f->cur->loc.file);
}

static const char strict_hint[] = "set jit_syntax_level to LAX (mindspore.set_context(jit_syntax_level="
                                  "mindspore.LAX), MindSpore's default, or JitConfig(jit_syntax_level='LAX')) or "
                                  "move it out of the graph";

void graph_strict_check_module(Interp *I, Module *m, Str *attr) {
  if (!strict_here(I)) return;
  const char *n = m->name->data;
  if (strncmp(n, "mindspore", 9) == 0 && (n[9] == 0 || n[9] == '.')) return;
  if (strcmp(n, "functools") == 0 || strcmp(n, "_msc") == 0 || strcmp(n, "builtins") == 0) return;
  if (m->src && !interp_is_lib_src(I, m->src)) return; /* the script's own modules */
  rt_raise_op(I, EXC_TypeError, "the third-party library '%s' ('%s.%s') cannot be used in graph mode when "
              "jit_syntax_level is STRICT; %s", n, n, attr->data, strict_hint);
}

/* May objects of cls be used in a STRICT graph? Cells, @jit_class classes
 * and mindspore's own. */
static bool strict_class_ok(Interp *I, Class *cls) {
  static const char *const marks[] = {"__ms_class__", "construct"};
  for (int i = 0; i < 2; i++) {
    Str *k = str_intern(I, marks[i]);
    Value v = class_lookup(I, cls, k);
    obj_decref(I, &k->h);
    if (v.tag != V_UNDEF && !(v.tag == V_BOOL && !v.as.b)) return true;
  }
  Str *k = str_intern(I, "__module__");
  Value mod = class_lookup(I, cls, k);
  obj_decref(I, &k->h);
  return v_is(mod, OBJ_STR) && strncmp(AS_STR(mod)->data, "mindspore", 9) == 0;
}

/* The texts are MindSpore's where its sources have one: getting an
 * attribute of an object its STRICT level cannot interpret raises its
 * AttributeError (static_eval.cc, GetEvaluatedValueForAttrOrMethodNotInMap;
 * its test test_jit_syntax_level.py expects an AttributeError for a plain
 * class's method); setting an attribute that is not a Parameter, the
 * TypeError of parse.cc HandleAssignClassMember (the FAQ's "'self.xx'
 * should be initialized as a 'Parameter' type in the '__init__' function",
 * its closing quote missing as in MindSpore); msc's hint follows in
 * parentheses. */
void graph_strict_check_instance(Interp *I, Value obj, Str *attr, bool set, Value val) {
  (void)val;
  if (!strict_here(I) || !v_is(obj, OBJ_INSTANCE)) return;
  Class *cls = ((Instance *)obj.as.o)->cls;
  if (!strict_class_ok(I, cls))
    rt_raise_op(I, EXC_AttributeError, "In JIT strict mode, cannot get attributes %s or the External object has no "
                "attribute: '%s'. You can use os.environ['MS_DEV_JIT_SYNTAX_LEVEL'] = '2' to enable the JIT lax mode "
                "to support the current syntax. (an object of the class '%s', neither an nn.Cell nor decorated with "
                "@mindspore.jit_class, when jit_syntax_level is STRICT; %s)", attr->data, attr->data,
                cls->name->data, strict_hint);
  if (!set) return;
  Dict *d = ((Instance *)obj.as.o)->dict;
  Value cur = d ? dict_get_str(I, d, attr) : v_undef();
  if (v_is(cur, OBJ_TENSOR) && AS_TENSOR(cur)->flavour == TF_PARAM) return;
  if (cur.tag == V_UNDEF)
    rt_raise_op(I, EXC_TypeError, "'self.%s' should be initialized as a 'Parameter' in the '__init__' function before "
                "assigning. (jit_syntax_level STRICT: only an attribute that __init__ made a Parameter may be set; "
                "%s)", attr->data, strict_hint);
  Str *sv = rt_str(I, cur);
  char buf[128];
  snprintf(buf, sizeof buf, "%s", sv->data);
  obj_decref(I, &sv->h);
  rt_raise_op(I, EXC_TypeError, "'self.%s' should be initialized as a 'Parameter' type in the '__init__' function, but "
              "got '%s' with type '%s. (jit_syntax_level STRICT: only an attribute that __init__ made a Parameter "
              "may be set; %s)", attr->data, buf, rt_type_name(I, cur), strict_hint);
}

/* Creating an object of a plain class in a STRICT graph: MindSpore's
 * ValueError (static_eval.cc, CreateInstance without fallback). */
static void strict_check_call(Interp *I, Value callee) {
  if (!v_is(callee, OBJ_CLASS)) return;
  Class *cls = (Class *)callee.as.o;
  if (cls->builtin >= 0 || cls->ctor || cls->is_exception || strict_class_ok(I, cls)) return;
  rt_raise_op(I, EXC_ValueError, "Can not call %s to create python object in graph mode. Try using 'jit_class' to "
              "decorate the class? (jit_syntax_level STRICT; %s)", cls->name->data, strict_hint);
}

bool graph_builtin_seq(Interp *I) {
  if (!graph_staging(I)) return false;
  const Frame *f = I->frame;
  return f && f->cur && f->cur->loc.file && !interp_is_lib_src(I, f->cur->loc.file);
}

/* Is v a tensor computed in the graph being captured (ast)? */
bool graph_is_sym(Interp *I, Value v) {
  if (!graph_staging(I) || !v_is(v, OBJ_TENSOR)) return false;
  Tensor *t = AS_TENSOR(v);
  return t->flavour == TF_PARAM || (!t->data && t->sym && t->sym_gen == I->graph->cap->gen);
}

struct GraphTrace {
  Capture c;
  Capture *saved;
  int ninput, capinput;
  Tensor **inputs;       /* owned refs, in graph-param order */
};

GraphTrace *graph_trace_begin(Interp *I, const char *name) {
  GraphState *S = gs(I);
  /* bytecode: the gradient runs eagerly on the values computed so far */
  bc_break(I, NULL, NULL, "a gradient (GradOperation, grad, value_and_grad) runs eagerly");
  GraphTrace *tr = xcalloc(1, sizeof(GraphTrace));
  tr->c.mode = CAP_TRACE;
  tr->c.once = true;
  tr->c.gen = ++S->gen;
  tr->c.m = ir_module_new();
  tr->c.g = tr->c.root = ir_graph_new(tr->c.m, name, cur_loc(I, tr->c.m));
  tr->saved = S->cap;
  S->cap = &tr->c;
  return tr;
}

IrNode *graph_trace_input(Interp *I, GraphTrace *tr, Tensor *t, const char *name) {
  (void)I;
  if (t->sym && t->sym_gen == tr->c.gen) return t->sym;
  if (tr->ninput == tr->capinput) {
    tr->capinput = tr->capinput ? 2 * tr->capinput : 8;
    tr->inputs = xrealloc(tr->inputs, sizeof(Tensor *) * (size_t)tr->capinput);
  }
  tr->inputs[tr->ninput++] = t;
  obj_incref(&t->h);
  IrNode *p = ir_param(tr->c.g, name, ttype(tr->c.m, t));
  t->sym = p;
  t->sym_gen = tr->c.gen;
  return p;
}

IrModule *graph_trace_end(Interp *I, GraphTrace *tr, Tensor ***params, int *nparam) {
  GraphState *S = gs(I);
  S->cap = tr->saved;
  IrModule *m = tr->c.m;
  IrGraph *g = tr->c.g;
  if (params) {
    Tensor **ps = xcalloc((size_t)(g->nparam ? g->nparam : 1), sizeof(Tensor *));
    int k = 0;
    for (int i = 0; i < g->nparam; i++) {
      IrNode *p = g->params[i];
      if (p->is_parameter) { /* an assigned one: its value before the trace, in a copy the graph's Assigns
                                write (the trace already updated the Parameter itself) */
        for (int j = 0; j < tr->c.np; j++)
          if (tr->c.pnode[j] == p) ps[i] = tr->c.pre[j] ? tr->c.pre[j] : tr->c.ptens[j];
      } else {
        ps[i] = tr->inputs[k++];
      }
      obj_incref(&ps[i]->h);
    }
    *params = ps;
    *nparam = g->nparam;
  } else {
    ir_module_free(m);
    m = NULL;
  }
  for (int i = 0; i < tr->ninput; i++) obj_decref(I, &tr->inputs[i]->h);
  free(tr->inputs);
  capture_free(I, &tr->c);
  free(tr);
  return m;
}

/* ---- specialisation keys --------------------------------------------------- */

typedef struct KeyCtx {
  Buf key, show;
  bool show_on;          /* also the readable form (a miss: -v's reasons) */
  Value *refs;
  int nrefs, caprefs;
  int ninputs;
} KeyCtx;

/* tag, then v in decimal (the key of every call: no printf) */
static void key_int(Buf *b, char tag, long long v) {
  char t[24];
  int n = 0;
  unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
  do t[n++] = (char)('0' + (int)(u % 10)); while (u /= 10);
  if (tag) buf_putc(b, tag);
  if (v < 0) buf_putc(b, '-');
  while (n) buf_putc(b, t[--n]);
}

/* tag, then an object's address in hex */
static void key_ptr(Buf *b, char tag, const void *p) {
  char t[2 * sizeof(uintptr_t)];
  int n = 0;
  uintptr_t u = (uintptr_t)p;
  do t[n++] = "0123456789abcdef"[u & 15]; while (u >>= 4);
  buf_putc(b, tag);
  while (n) buf_putc(b, t[--n]);
}

static void key_ref(KeyCtx *k, Value v) {
  if (k->nrefs == k->caprefs) {
    k->caprefs = k->caprefs ? 2 * k->caprefs : 8;
    k->refs = xrealloc(k->refs, sizeof(Value) * (size_t)k->caprefs);
  }
  k->refs[k->nrefs++] = v;
}

static void shape_text(Buf *b, const Tensor *t) {
  buf_putc(b, '(');
  for (int i = 0; i < t->ndim; i++) {
    if (i) buf_puts(b, ", ");
    key_int(b, 0, (long long)t->shape[i]);
  }
  buf_puts(b, t->ndim == 1 ? ",)" : ")");
}

static void key_value(Interp *I, KeyCtx *k, Value v, int depth) {
  if (depth > 16) rt_raise(I, EXC_RecursionError, "jit: arguments nested too deeply");
  switch (v.tag) {
  case V_NONE: buf_puts(&k->key, "N"); if (k->show_on) buf_puts(&k->show, "None"); return;
  case V_BOOL: key_int(&k->key, 'b', v.as.b); if (k->show_on) buf_puts(&k->show, v.as.b ? "True" : "False"); return;
  case V_INT:
    key_int(&k->key, 'i', (long long)v.as.i);
    if (k->show_on) key_int(&k->show, 0, (long long)v.as.i);
    return;
  case V_FLOAT: {
    buf_printf(&k->key, "f%a", v.as.f);
    if (!k->show_on) return;
    Str *s = rt_repr(I, v);
    buf_puts(&k->show, s->data);
    obj_decref(I, &s->h);
    return;
  }
  default: break;
  }
  if (v_is(v, OBJ_TENSOR)) {
    Tensor *t = AS_TENSOR(v);
    if (!t->data) tensor_need_data(I, t, "calling a jit function");
    if (t->flavour == TF_PARAM) {
      key_ptr(&k->key, 'P', t);
      if (k->show_on) buf_printf(&k->show, "Parameter %s", t->name ? t->name->data : "?");
      key_ref(k, v_incref(v));
      return;
    }
    key_int(&k->key, 'T', (int)t->dtype);
    shape_text(&k->key, t);
    if (k->show_on) {
      buf_printf(&k->show, "Tensor[%s]", msrt_dtype_name(t->dtype));
      shape_text(&k->show, t);
    }
    k->ninputs++;
    return;
  }
  if (v_is(v, OBJ_STR)) {
    key_int(&k->key, 's', (long long)AS_STR(v)->len);
    buf_putc(&k->key, ':');
    buf_append(&k->key, AS_STR(v)->data, (size_t)AS_STR(v)->len);
    if (!k->show_on) return;
    Str *s = rt_repr(I, v);
    buf_puts(&k->show, s->data);
    obj_decref(I, &s->h);
    return;
  }
  if (v_is(v, OBJ_TUPLE) || v_is(v, OBJ_LIST)) {
    bool tup = v_is(v, OBJ_TUPLE);
    int64_t n = tup ? AS_TUPLE(v)->len : AS_LIST(v)->len;
    Value *it = tup ? AS_TUPLE(v)->items : AS_LIST(v)->items;
    buf_puts(&k->key, tup ? "(" : "[");
    if (k->show_on) buf_puts(&k->show, tup ? "(" : "[");
    for (int64_t i = 0; i < n; i++) {
      if (i) {
        buf_puts(&k->key, ",");
        if (k->show_on) buf_puts(&k->show, ", ");
      }
      key_value(I, k, it[i], depth + 1);
    }
    buf_puts(&k->key, tup ? ")" : "]");
    if (k->show_on) buf_puts(&k->show, tup ? (n == 1 ? ",)" : ")") : "]");
    return;
  }
  /* any other object: by identity (Cells, functions, dtypes...) */
  key_ptr(&k->key, 'O', v.as.o);
  if (k->show_on) buf_printf(&k->show, "<%s object>", rt_type_name(I, v));
  key_ref(k, v_incref(v));
}

/* ---- entries ---------------------------------------------------------------- */

static void tpl_free(Interp *I, Tpl *t) {
  if (t->kind == TPL_CONST) v_decref(I, t->v);
  for (int i = 0; i < t->n; i++) tpl_free(I, &t->kids[i]);
  free(t->kids);
}

static void entry_free(Interp *I, Entry *e) {
  if (!e) return;
  free(e->key);
  for (int i = 0; i < e->nparts; i++) free(e->parts[i]);
  free(e->parts);
  for (int i = 0; i < e->nrefs; i++) v_decref(I, e->refs[i]);
  free(e->refs);
  for (int i = 0; i < e->nptens; i++) obj_decref(I, &e->ptens[i]->h);
  free(e->ptens);
  free(e->param_src);
  tpl_free(I, &e->tpl);
  for (int i = 0; i < e->cg.npacked && e->pk_buf; i++) free(e->pk_buf[i]);
  cg_result_free(&e->cg);
  free(e->ws);
  free(e->pk_buf);
  free(e->pk_ver);
  free(e->pk_valid);
  if (e->rec && !e->rec->m) { /* msc compile keeps the module */
    e->rec->m = e->m;
    e->m = NULL;
  }
  if (e->m) ir_module_free(e->m);
  free(e);
}

/* Builds the template of a result and collects the graph's outputs. */
typedef struct OutCtx {
  Capture *c;
  IrNode **outs;
  int nout, capout;
} OutCtx;

static int add_out(OutCtx *o, IrNode *n) {
  if (o->nout == o->capout) {
    o->capout = o->capout ? 2 * o->capout : 8;
    o->outs = xrealloc(o->outs, sizeof(IrNode *) * (size_t)o->capout);
  }
  o->outs[o->nout] = n;
  return o->nout++;
}

static bool holds_graph_tensor(Capture *c, Value v, int depth) {
  if (depth > 16) return false;
  if (v_is(v, OBJ_TENSOR)) {
    Tensor *t = AS_TENSOR(v);
    return !t->data || (t->sym && t->sym_gen == c->gen) || t->flavour == TF_PARAM;
  }
  if (v_is(v, OBJ_TUPLE) || v_is(v, OBJ_LIST)) {
    bool tup = v_is(v, OBJ_TUPLE);
    int64_t n = tup ? AS_TUPLE(v)->len : AS_LIST(v)->len;
    Value *it = tup ? AS_TUPLE(v)->items : AS_LIST(v)->items;
    for (int64_t i = 0; i < n; i++)
      if (holds_graph_tensor(c, it[i], depth + 1)) return true;
  }
  return false;
}

static void tpl_build(Interp *I, OutCtx *o, Tpl *tp, Value v, int depth) {
  Capture *c = o->c;
  memset(tp, 0, sizeof *tp);
  if (!holds_graph_tensor(c, v, depth)) {
    tp->kind = TPL_CONST;
    tp->v = v_incref(v);
    return;
  }
  if (v_is(v, OBJ_TENSOR)) {
    Tensor *t = AS_TENSOR(v);
    tp->kind = t->pynum ? TPL_NUM : TPL_OUT;
    tp->np = t->flavour == TF_NP && !t->data;
    tp->npscalar = tp->np && t->npscalar;
    tp->out = add_out(o, value_node(I, c, t, t->dtype));
    return;
  }
  bool tup = v_is(v, OBJ_TUPLE);
  int64_t n = tup ? AS_TUPLE(v)->len : AS_LIST(v)->len;
  Value *it = tup ? AS_TUPLE(v)->items : AS_LIST(v)->items;
  tp->kind = tup ? TPL_TUPLE : TPL_LIST;
  tp->n = (int)n;
  tp->kids = xcalloc((size_t)(n ? n : 1), sizeof(Tpl));
  for (int64_t i = 0; i < n; i++) tpl_build(I, o, &tp->kids[i], it[i], depth + 1);
}

static Value tpl_make(Interp *I, const Tpl *tp, Tensor **outs) {
  switch (tp->kind) {
  case TPL_OUT:
    if (tp->np) { /* a fresh output: numpy's, as the capture had it */
      outs[tp->out]->flavour = TF_NP;
      outs[tp->out]->npscalar = tp->npscalar;
    }
    return v_obj(&outs[tp->out]->h); /* takes the reference */
  case TPL_NUM: {
    Tensor *t = outs[tp->out];
    Value r = t->dtype == MSRT_BOOL     ? v_bool(tensor_get_i64(t, 0) != 0)
              : t->dtype == MSRT_INT64 ? v_int(tensor_get_i64(t, 0))
                                       : v_float(tensor_get_f64(t, 0));
    obj_decref(I, &t->h);
    return r;
  }
  case TPL_CONST: return v_incref(tp->v);
  case TPL_TUPLE: {
    Tuple *t = tuple_new(I, tp->n);
    for (int i = 0; i < tp->n; i++) t->items[i] = tpl_make(I, &tp->kids[i], outs);
    return v_obj(&t->h);
  }
  case TPL_LIST: {
    List *l = list_new(I, tp->n);
    for (int i = 0; i < tp->n; i++) list_append(I, l, tpl_make(I, &tp->kids[i], outs));
    for (int i = 0; i < tp->n; i++) v_decref(I, l->items[i]); /* list_append took its own */
    return v_obj(&l->h);
  }
  }
  return v_none();
}

/* ---- arguments ------------------------------------------------------------- */

/* Replaces the tensors of v (inputs) by graph params: symbolic tensors
 * (ast) or the same tensors marked with their param (trace). Collects the
 * input tensors in order into ins. Returns a new reference. */
typedef struct ArgCtx {
  Capture *c;
  const char *base;
  int k;                 /* inputs so far */
  Tensor **ins;
  int nins;
} ArgCtx;

static Value subst_args(Interp *I, ArgCtx *a, Value v, const char *name) {
  if (v_is(v, OBJ_TENSOR)) {
    Tensor *t = AS_TENSOR(v);
    if (t->flavour == TF_PARAM) return v_incref(v);
    Capture *c = a->c;
    char nm[96];
    if (name) snprintf(nm, sizeof nm, "%s", name);
    else snprintf(nm, sizeof nm, "%s_%d", a->base, a->k);
    a->ins[a->nins++] = t;
    a->k++;
    IrNode *p = ir_param(c->g, nm, ttype(c->m, t));
    if (c->mode == CAP_TRACE) {
      t->sym = p;
      t->sym_gen = c->gen;
      return v_incref(v);
    }
    return v_obj(&tensor_new_sym(I, t->dtype, t->ndim, t->shape, p)->h);
  }
  if (v_is(v, OBJ_TUPLE)) {
    Tuple *src = AS_TUPLE(v);
    Tuple *t = tuple_new(I, src->len);
    for (int64_t i = 0; i < src->len; i++) t->items[i] = subst_args(I, a, src->items[i], NULL);
    return v_obj(&t->h);
  }
  if (v_is(v, OBJ_LIST)) {
    List *src = AS_LIST(v);
    List *l = list_new(I, src->len);
    for (int64_t i = 0; i < src->len; i++) {
      Value x = subst_args(I, a, src->items[i], NULL);
      list_append(I, l, x);
      v_decref(I, x);
    }
    return v_obj(&l->h);
  }
  return v_incref(v);
}

/* Collects the input tensors of a call in the order subst_args meets them. */
static void collect_inputs(Value v, Tensor **ins, int *n) {
  if (v_is(v, OBJ_TENSOR)) {
    if (AS_TENSOR(v)->flavour != TF_PARAM) ins[(*n)++] = AS_TENSOR(v);
    return;
  }
  if (v_is(v, OBJ_TUPLE) || v_is(v, OBJ_LIST)) {
    bool tup = v_is(v, OBJ_TUPLE);
    int64_t k = tup ? AS_TUPLE(v)->len : AS_LIST(v)->len;
    Value *it = tup ? AS_TUPLE(v)->items : AS_LIST(v)->items;
    for (int64_t i = 0; i < k; i++) collect_inputs(it[i], ins, n);
  }
}

static const char *param_name(Value fn, int i) {
  if (!v_is(fn, OBJ_FUNC)) return NULL;
  Func *f = (Func *)fn.as.o;
  ScopeInfo *si = f->info;
  if (!si || i >= si->nparams || !si->param_names[i]) return NULL;
  return si->param_names[i]->data;
}

/* ---- capture and compile ------------------------------------------------------ */

static void capture_free(Interp *I, Capture *c) {
  cf_free(I, c->cf);
  c->cf = NULL;
  for (int i = 0; i < c->np; i++) {
    if (c->ptens[i]) obj_decref(I, &c->ptens[i]->h);
    if (c->pre && c->pre[i]) obj_decref(I, &c->pre[i]->h);
  }
  free(c->pre);
  free(c->ptens);
  free(c->pnode);
  free(c->pload);
}

/* Runs the capture of g for args; on success fills e (module, params,
 * template) and returns the call's value in trace mode (the eager result),
 * V_UNDEF in ast mode. */
static Value capture(Interp *I, GFn *gf, Entry *e, int argc, Value *argv, KwArgs *kw, int ninputs,
                     double *ms_capture) {
  GraphState *S = gs(I);
  double t0 = now_ms();
  Capture c;
  memset(&c, 0, sizeof c);
  c.mode = gf->mode == CAP_BYTECODE ? CAP_AST : gf->mode; /* msc compile: a bytecode function without breaks */
  c.strict = gf_strict(I, gf);
  c.gf = gf; /* JIT Fallback's notes */
  c.gen = ++S->gen;
  c.m = ir_module_new();
  IrLoc floc = ir_noloc;
  if (v_is(gf->fn, OBJ_FUNC)) {
    Func *f = (Func *)gf->fn.as.o;
    if (f->def) floc = ir_loc(c.m, f->def->loc);
  }
  c.g = c.root = ir_graph_new(c.m, gf->name, floc);

  ArgCtx ac = {&c, "arg", 0, xcalloc((size_t)(ninputs ? ninputs : 1), sizeof(Tensor *)), 0};
  Value *nargs = xcalloc((size_t)(argc ? argc : 1), sizeof(Value));
  Value *nkw = kw && kw->n ? xcalloc((size_t)kw->n, sizeof(Value)) : NULL;
  for (int i = 0; i < argc; i++) {
    ac.base = param_name(gf->fn, i);
    if (!ac.base) ac.base = "arg";
    ac.k = 0;
    bool plain = v_is(argv[i], OBJ_TENSOR);
    nargs[i] = subst_args(I, &ac, argv[i], plain ? ac.base : NULL);
  }
  KwArgs nk = {0, NULL, NULL};
  if (kw && kw->n) {
    for (int i = 0; i < kw->n; i++) {
      ac.base = kw->names[i]->data;
      ac.k = 0;
      nkw[i] = subst_args(I, &ac, kw->vals[i], v_is(kw->vals[i], OBJ_TENSOR) ? ac.base : NULL);
    }
    nk.n = kw->n;
    nk.names = kw->names;
    nk.vals = nkw;
  }

  Capture *saved = S->cap;
  S->cap = &c;
  Catch cat;
  Value ret = v_undef();
  bool ok = false;
  if (RT_TRY(I, &cat)) {
    ret = rt_call(I, gf->fn, argc, nargs, kw && kw->n ? &nk : NULL);
    rt_catch_pop(I, &cat);
    ok = true;
  }
  /* the result's template and outputs (still capturing: Loads may be added) */
  OutCtx oc = {&c, NULL, 0, 0};
  Catch cat2;
  if (ok) {
    if (RT_TRY(I, &cat2)) {
      tpl_build(I, &oc, &e->tpl, ret, 0);
      rt_catch_pop(I, &cat2);
    } else {
      ok = false;
    }
  }
  S->cap = saved;
  for (int i = 0; i < argc; i++) v_decref(I, nargs[i]);
  for (int i = 0; kw && i < kw->n; i++) v_decref(I, nkw[i]);
  free(nargs);
  free(nkw);
  free(ac.ins);
  if (!ok) {
    v_decref(I, ret);
    free(oc.outs);
    capture_free(I, &c);
    ir_module_free(c.m);
    e->m = NULL;
    exc_reraise(I, CUR_EXC(I));
  }
  if (oc.nout == 0) ir_return(c.g, ir_const_none(c.m), floc);
  else if (oc.nout == 1 && e->tpl.kind == TPL_OUT) ir_return(c.g, oc.outs[0], floc);
  else ir_return(c.g, ir_make_tuple(c.g, oc.nout, oc.outs, floc), floc);
  e->nout = oc.nout;
  free(oc.outs);

  /* params: inputs in order, Parameters as met */
  e->m = c.m;
  e->nparam = c.g->nparam;
  e->param_src = xcalloc((size_t)(e->nparam ? e->nparam : 1), sizeof(int));
  e->nptens = c.np;
  e->ptens = xcalloc((size_t)(c.np ? c.np : 1), sizeof(Tensor *));
  for (int i = 0; i < c.np; i++) {
    e->ptens[i] = c.ptens[i];
    c.ptens[i] = NULL;
  }
  int k = 0;
  for (int i = 0; i < c.g->nparam; i++) {
    IrNode *p = c.g->params[i];
    if (p->is_parameter) {
      int j = 0;
      while (j < c.np && c.pnode[j] != p) j++;
      e->param_src[i] = -(j + 1);
    } else {
      e->param_src[i] = k++;
    }
  }
  e->ninputs = k;
  capture_free(I, &c);
  *ms_capture = now_ms() - t0;
  if (gf->mode == CAP_TRACE) return ret;
  v_decref(I, ret);
  return v_undef();
}

/* "N nodes" counts the entry graph's nodes after the passes. */
static void log_compile(Interp *I, const char *name, Entry *e, const char *why, double ms_cap, const CgResult *r) {
  if (!cfg(I)->verbose) return;
  IrGraph *g = ir_module_entry(e->m);
  /* ms.export compiles its network in either mode, as MindSpore does */
  fprintf(stderr, "msc: jit: compiling '%s' (%s%s): %d nodes, capture %.2f ms, passes %.2f ms, codegen %.2f ms\n",
          name, why, gs(I)->hook ? ", for ms.export" : "", g->nnode, ms_cap, r->ms_passes, r->ms_emit);
}

/* The one pipeline (codegen.h cg_compile) with msc run's options at gf's
 * level: verify, passes, verify, dumps, and for the cc backend the memory
 * plan and the C, which is then compiled and loaded; logs the compilation
 * (-v) before the cc run. */
static void backend_prepare(Interp *I, GFn *gf, const char *name, Entry *e, const char *why, double ms_cap) {
  const GraphConfig *c = cfg(I);
  CgCompileOptions o = c->compile;
  o.level = gf->level;
  o.emit = c->backend == GB_CC;
  o.cg.loop_codes = true; /* a loop past its bound is reported at its line */
  o.cg.host_calls = true; /* JIT Fallback's PyExecute nodes call back into the interpreter */
  /* Parameters read as a MatMul's B: packed once (Entry.pk_buf); not in a
   * bytecode piece, whose Parameters come from its capture, not e->ptens */
  o.cg.pack_params = e->param_src != NULL;
  char *fname = cg_entry_name(name);
  char err[512];
  CgStatus st = cg_compile(e->m, fname, &o, &e->cg, err, sizeof err);
  if (st != CG_OK) {
    free(fname);
    if (st == CG_EVERIFY) rt_raise(I, EXC_RuntimeError, "internal error: the graph of '%s' does not verify (see above)", name);
    if (st == CG_EEMIT) rt_raise_op(I, EXC_NotImplementedError, "%s", err);
    rt_raise_op(I, EXC_RuntimeError, "graph '%s': %s", name, err);
  }
  log_compile(I, name, e, why, ms_cap, &e->cg);
  for (int gi = 0; gi < e->m->ngraph && !e->assigns; gi++)
    for (int i = 0; i < e->m->graphs[gi]->nnode && !e->assigns; i++)
      e->assigns = e->m->graphs[gi]->nodes[i]->kind == IR_NK_NODE && e->m->graphs[gi]->nodes[i]->op == IR_ASSIGN;
  if (c->backend != GB_CC) {
    free(fname);
    return;
  }
  JitOptions jo = {c->cache_dir, c->verbose};
  e->fn = jit_load(e->cg.c, fname, &jo, err, sizeof err);
  free(fname);
  if (!e->fn) rt_raise_op(I, EXC_RuntimeError, "graph mode: %s", err);
  if (e->cg.npacked) {
    int n = e->cg.npacked;
    e->pk_buf = xcalloc((size_t)n, sizeof(void *));
    e->pk_ver = xcalloc((size_t)n, sizeof(uint64_t));
    e->pk_valid = xcalloc((size_t)n, sizeof(bool));
    for (int i = 0; i < n; i++) {
      const CgPacked *q = &e->cg.packed[i];
      size_t nb = (size_t)(q->K * q->N) * msrt_dtype_size(q->dt);
      e->pk_buf[i] = aligned_alloc(64, (nb + 63) & ~(size_t)63);
      if (!e->pk_buf[i])
        rt_raise(I, EXC_MemoryError, "cannot allocate a packed copy of a Parameter (%zu bytes)", nb);
    }
  }
  if (e->cg.ws_size) {
    e->ws = aligned_alloc(64, (e->cg.ws_size + 63) & ~(size_t)63);
    if (!e->ws) rt_raise(I, EXC_MemoryError, "cannot allocate the graph's workspace (%zu bytes)", e->cg.ws_size);
  }
}

/* ---- ms.export (msc compile) ----------------------------------------------------
 * _msc.export_name(name) -> bool: under msc compile (GraphConfig.records)
 * the graph calls made until _msc.export_name(None) are exports: each is
 * keyed apart from the script's own calls (a specialisation of its own, so
 * the export is an entry even when the script already compiled that
 * signature), compiled and recorded without running it for the script
 * (as Cell.compile), and its GraphRecord is named `name`; returns True.
 * Under msc run it does nothing and returns False (lib/mindspore/train/
 * serialization.py ms.export). _msc.warn(text): "msc: warning: text" on
 * stderr. */
Value graph_native_export_name(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  if (argc != 1 || !(argv[0].tag == V_NONE || v_is(argv[0], OBJ_STR)))
    rt_raise(I, EXC_TypeError, "export_name(name or None)");
  GraphState *S = gs(I);
  free(S->export_name);
  S->export_name = NULL;
  if (!S->cfg.records) return v_bool(false);
  if (argv[0].tag != V_NONE) S->export_name = xstrdup(AS_STR(argv[0])->data);
  return v_bool(true);
}

void graph_set_capture_hook(Interp *I, GraphCaptureHook hook, void *ctx) {
  gs(I)->hook = hook;
  gs(I)->hook_ctx = ctx;
}

Value graph_native_warn(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  if (argc != 1 || !v_is(argv[0], OBJ_STR)) rt_raise(I, EXC_TypeError, "warn(text)");
  fflush(stdout);
  diag_plain(DIAG_WARNING, "%s", AS_STR(argv[0])->data);
  return v_none();
}

/* ---- msc compile's records --------------------------------------------------- */

static GraphRecord *record_new(Interp *I, GFn *gf) {
  GraphState *S = gs(I);
  GraphRecords *rs = S->cfg.records;
  GraphRecord *r = xcalloc(1, sizeof(GraphRecord));
  r->name = xstrdup(S->export_name ? S->export_name : gf->name); /* ms.export */
  r->level = gf->level;
  if (rs->n == rs->cap) {
    rs->cap = rs->cap ? 2 * rs->cap : 8;
    rs->v = xrealloc(rs->v, sizeof(GraphRecord *) * (size_t)rs->cap);
  }
  rs->v[rs->n++] = r;
  return r;
}

static void record_array(GraphArray *a, const Tensor *t) {
  a->dt = t->dtype;
  a->ndim = t->ndim;
  for (int d = 0; d < t->ndim; d++) a->shape[d] = t->shape[d];
  a->nbytes = (size_t)t->size * msrt_dtype_size(t->dtype);
  a->data = xmalloc(a->nbytes ? a->nbytes : 1);
  if (a->nbytes) memcpy(a->data, t->data, a->nbytes);
}

static GraphArray *record_arrays(int n, Tensor **t) {
  GraphArray *a = xcalloc((size_t)(n ? n : 1), sizeof(GraphArray));
  for (int i = 0; i < n; i++) record_array(&a[i], t[i]);
  return a;
}

static void free_arrays(GraphArray *a, int n) {
  if (!a) return;
  for (int i = 0; i < n; i++) free(a[i].data);
  free(a);
}

static bool module_effects(const IrModule *m) {
  for (int k = 0; k < m->ngraph; k++)
    for (int i = 0; i < m->graphs[k]->nnode; i++)
      if (m->graphs[k]->nodes[i]->op == IR_ASSIGN || m->graphs[k]->nodes[i]->op == IR_PRINT) return true;
  return false;
}

static bool module_assigns(const IrModule *m) {
  for (int k = 0; k < m->ngraph; k++)
    for (int i = 0; i < m->graphs[k]->nnode; i++)
      if (m->graphs[k]->nodes[i]->op == IR_ASSIGN) return true;
  return false;
}

/* Does this call get recorded? (before it runs) */
__attribute__((noinline)) static bool record_wanted(Entry *e) {
  GraphRecord *r = e->rec;
  if (!r) return false;
  if (!r->called) {
    r->assigns = module_assigns(e->m);
    return true;
  }
  return r->assigns && r->ncall < GRAPH_RECORD_MAX_CALLS;
}

/* Call k: params before it (pre), its outputs, and the params after it. */
static void record_call(GraphRecord *r, GraphArray *pre, int nparam, Tensor **params, int nout, Tensor **outs) {
  r->calls = xrealloc(r->calls, sizeof(GraphCall) * (size_t)(r->ncall + 1));
  r->calls[r->ncall].params = pre;
  r->calls[r->ncall].outs = record_arrays(nout, outs);
  if (!r->called) {
    r->called = true;
    r->nparam = nparam;
    r->nout = nout;
    r->params = r->calls[0].params;
    r->outs = r->calls[0].outs;
  }
  r->ncall++;
  if (r->assigns) {
    free_arrays(r->after, nparam);
    r->after = record_arrays(nparam, params);
  }
}

static void record_free(GraphRecord *r) {
  if (!r) return;
  free(r->name);
  if (r->m) ir_module_free(r->m);
  for (int k = 0; k < r->ncall; k++) {
    free_arrays(r->calls[k].params, r->nparam);
    free_arrays(r->calls[k].outs, r->nout);
  }
  free(r->calls);
  free_arrays(r->after, r->nparam);
  free(r);
}

void graph_records_free(GraphRecords *rs) {
  for (int i = 0; i < rs->n; i++) record_free(rs->v[i]);
  free(rs->v);
  memset(rs, 0, sizeof *rs);
}

/* ---- running --------------------------------------------------------------- */

/* Runs e's graph on params[] (one per entry-graph param) with the
 * backend; returns its outputs (new tensors, *nout of them; the array is
 * malloc'd). On an error, frees params and pre and raises. */
/* The packed copy k of the entry's Parameters (cg.packed[k]) for t's
 * current contents: repacked when t was written since (Tensor.version).
 * MSC_CHECK_PACKED=1 (the test suite) also repacks a copy it reuses and
 * stops if the two differ: a write that did not move the version. */
static void *packed_param(Interp *I, Entry *e, int k, Tensor *t) {
  const CgPacked *q = &e->cg.packed[k];
  if (!I->vs->check_packed) {
    const char *env = getenv("MSC_CHECK_PACKED");
    I->vs->check_packed = env && atoi(env) > 0 ? 2 : 1;
  }
  bool check = I->vs->check_packed == 2;
  /* the entry's own Parameters only (held: the same object every call);
   * a tensor passed in as an argument is packed on every call */
  bool own = e->param_src && e->param_src[q->param] < 0;
  if (own && e->pk_valid[k] && e->pk_ver[k] == t->version) {
    if (check) {
      size_t nb = (size_t)(q->K * q->N) * msrt_dtype_size(q->dt);
      void *tmp = xmalloc(nb ? nb : 1);
      msrt_gemm_pack_b(q->dt, q->transb, q->K, q->N, t->data, tmp);
      if (memcmp(tmp, e->pk_buf[k], nb) != 0) {
        fprintf(stderr, "msc: internal error: the packed copy of Parameter '%s' is stale (written without "
                "graph_will_write)\n", t->name ? t->name->data : "?");
        abort();
      }
      free(tmp);
    }
    return e->pk_buf[k];
  }
  msrt_gemm_pack_b(q->dt, q->transb, q->K, q->N, t->data, e->pk_buf[k]);
  e->pk_ver[k] = t->version;
  e->pk_valid[k] = true;
  return e->pk_buf[k];
}

/* (The arrays of a call with few params and outputs are the callers' and
 * entry_exec's locals: obuf (nobuf entries) holds the outputs when they
 * fit, and params is freed on an error only when params_owned.) */
enum { SMALL_CALL = 16 };

static Tensor **entry_exec(Interp *I, GFn *gf, Entry *e, Tensor **params, bool params_owned, GraphArray *pre,
                           int *pnout, Tensor **obuf, int nobuf) {
  IrGraph *g = ir_module_entry(e->m);
  IrNode **onodes;
  int nout = ir_outputs(g, &onodes);
  Tensor **outs = nout <= nobuf ? obuf : xcalloc((size_t)(nout ? nout : 1), sizeof(Tensor *));
  for (int i = 0; i < nout; i++) {
    const IrType *ty = onodes[i]->type;
    outs[i] = tensor_new(I, ty->dt, ty->ndim, ty->shape, TF_MS);
  }
  if (e->assigns) /* packed copies of its Parameters (other entries') are stale */
    for (int i = 0; i < e->nparam; i++) params[i]->version++;
  if (cfg(I)->backend == GB_REF) {
    Catch cat;
    if (RT_TRY(I, &cat)) {
      graph_exec(I, e->m, params, outs);
      rt_catch_pop(I, &cat);
    } else {
      for (int i = 0; i < nout; i++) obj_decref(I, &outs[i]->h);
      if (outs != obuf) free(outs);
      if (params_owned) free(params);
      free_arrays(pre, e->nparam);
      exc_reraise(I, CUR_EXC(I));
    }
  } else {
    int na = e->nparam + e->cg.nconst + nout + e->cg.npacked;
    void *abuf[4 * SMALL_CALL];
    void **args = na <= 4 * SMALL_CALL ? abuf : xcalloc((size_t)(na ? na : 1), sizeof(void *));
    int k = 0;
    for (int i = 0; i < e->nparam; i++) args[k++] = params[i]->data;
    for (int i = 0; i < e->cg.nconst; i++) args[k++] = (void *)e->cg.consts[i]->cst.data;
    for (int i = 0; i < nout; i++) args[k++] = outs[i]->data;
    for (int i = 0; i < e->cg.npacked; i++) args[k++] = packed_param(I, e, i, params[e->cg.packed[i].param]);
    int rc = e->fn(args, e->ws);
    if (args != abuf) free(args);
    if (rc) {
      for (int i = 0; i < nout; i++) obj_decref(I, &outs[i]->h);
      if (outs != obuf) free(outs);
      if (params_owned) free(params);
      free_arrays(pre, e->nparam);
      graph_fallback_reraise(I); /* a PyExecute's Python call raised */
      if (rc <= MSRT_ELOOP && rc > MSRT_ELOOP - e->cg.nloop) {
        const CgLoop *l = &e->cg.loops[MSRT_ELOOP - rc];
        char msg[512];
        snprintf(msg, sizeof msg, "a while loop ran more than its bound of %lld iterations (--max-loop-iterations; "
                 "the states saved for its gradient have room for that many)", (long long)l->max);
        graph_raise_at(I, OPE_RuntimeError, msg, l->loc, true);
      }
      if (rc == MSRT_ELOOP)
        rt_raise_op(I, EXC_RuntimeError, "graph '%s': a while loop ran more than its bound of iterations "
                    "(--max-loop-iterations; the states saved for its gradient have room for that many)", gf->name);
      rt_raise_op(I, EXC_RuntimeError, "graph '%s': a kernel refused its arguments (error %d)", gf->name, rc);
    }
  }
  *pnout = nout;
  return outs;
}

static Value run_entry(Interp *I, GFn *gf, Entry *e, Tensor **ins) {
  IrGraph *g = ir_module_entry(e->m);
  Tensor *pbuf[SMALL_CALL], *obuf[SMALL_CALL];
  Tensor **params = e->nparam <= SMALL_CALL ? pbuf : xcalloc((size_t)(e->nparam ? e->nparam : 1), sizeof(Tensor *));
  for (int i = 0; i < e->nparam; i++) {
    int s = e->param_src[i];
    Tensor *t = s >= 0 ? ins[s] : e->ptens[-s - 1];
    const IrType *ty = g->params[i]->type; /* a Parameter's Ref has its dtype and shape too (ir_type_deref
                                            * would make a type in the module's arena on every call) */
    bool same = t->dtype == ty->dt && t->ndim == ty->ndim && t->data;
    for (int d = 0; same && d < t->ndim; d++) same = t->shape[d] == ty->shape[d];
    if (!same) {
      if (params != pbuf) free(params);
      rt_raise_op(I, EXC_RuntimeError, "graph '%s': %s '%s' changed type since the graph was compiled", gf->name,
                  s >= 0 ? "input" : "Parameter", g->params[i]->name);
    }
    params[i] = t;
  }
  GraphArray *pre = record_wanted(e) ? record_arrays(e->nparam, params) : NULL;
  int nout;
  Tensor **outs = entry_exec(I, gf, e, params, params != pbuf, pre, &nout, obuf, SMALL_CALL);
  if (pre) record_call(e->rec, pre, e->nparam, params, nout, outs);
  if (params != pbuf) free(params);
  Value r = tpl_make(I, &e->tpl, outs);
  if (outs != obuf) free(outs);
  return r;
}

/* ---- bytecode capture -------------------------------------------------------------
 * capture_mode='bytecode' (DESIGN.md "One interpreter, three capture
 * modes"). Each call runs the Python function with a capture of mode
 * CAP_BYTECODE: every primitive on a tensor is staged into the current
 * piece (numpy's excepted); the script's concrete tensors a piece reads are
 * its inputs, Python numbers its constants. Where the function needs what
 * a graph cannot give -- a tensor's value (float(x), x.asnumpy(), print(x),
 * a condition on a tensor, numpy on it), a statement outside the
 * static-graph syntax (graph_check_syntax), an eager gradient, a write into
 * a tensor the piece reads -- the piece ends there: a graph break
 * (bc_break). Its symbolic tensors still held by the script become its
 * outputs; it is compiled, or found compiled (pieces are keyed by their IR
 * text and the bytes of their constants: the input types, the locations
 * and every Python value baked in, i.e. the guards of the piece), and run;
 * the outputs' data moves into those tensors, concrete from then on. The
 * statement then runs eagerly and a new piece starts; the function's
 * return ends the last one. Later calls run the Python again and find their
 * pieces compiled. ms.jit(fullgraph=True) captures as 'ast' instead
 * (lib/mindspore/common/api.py), so a break is ast's error there. */

/* A new, empty piece. */
static void bc_piece_begin(Interp *I, Capture *c) {
  GraphState *S = gs(I);
  c->gen = ++S->gen;
  c->m = ir_module_new();
  IrLoc floc = ir_noloc;
  if (v_is(c->gf->fn, OBJ_FUNC)) {
    Func *f = (Func *)c->gf->fn.as.o;
    if (f->def) floc = ir_loc(c->m, f->def->loc);
  }
  c->g = c->root = ir_graph_new(c->m, c->gf->name, floc);
}

/* Drops the piece's state (its module unless an Entry took it). */
static void bc_piece_drop(Interp *I, Capture *c, bool end) {
  for (int i = 0; i < c->nsym; i++) obj_decref(I, &c->syms[i]->h);
  for (int i = 0; i < c->nin; i++) obj_decref(I, &c->ins[i]->h);
  free(c->syms);
  free(c->ins);
  free(c->inode);
  void *cf = c->cf; /* ctlflow.c's state lives as long as the call (its statements span pieces) */
  if (!end) c->cf = NULL;
  capture_free(I, c);
  if (!end) c->cf = cf;
  if (c->m) ir_module_free(c->m);
  c->m = NULL;
  c->g = c->root = NULL;
  c->syms = c->ins = c->ptens = c->pre = NULL;
  c->inode = c->pnode = c->pload = NULL;
  c->nsym = c->capsym = c->nin = c->capin = c->np = c->capp = 0;
}

/* The piece's key: its IR text, then the bytes of each tensor constant. */
static void bc_key(Buf *b, IrModule *m) {
  ir_print_buf(b, m);
  for (int k = 0; k < m->ngraph; k++)
    for (int i = 0; i < m->graphs[k]->nnode; i++) {
      IrNode *n = m->graphs[k]->nodes[i];
      for (int j = 0; j < n->nin; j++)
        if (n->in[j]->kind == IR_NK_CONST && n->in[j]->cst.kind == IR_C_TENSOR && n->in[j]->cst.nbytes)
          buf_append(b, (const char *)n->in[j]->cst.data, n->in[j]->cst.nbytes);
    }
}

static Entry *bc_find(GFn *gf, const Buf *key) {
  for (int i = 0; i < gf->npiece; i++)
    if (gf->pieces[i]->keylen == key->len && memcmp(gf->pieces[i]->key, key->data, key->len) == 0)
      return gf->pieces[i];
  return NULL;
}

/* Compiles the piece in c (its module goes to the new Entry). */
static Entry *bc_compile(Interp *I, Capture *c, Buf *key) {
  GFn *gf = c->gf;
  Entry *e = xcalloc(1, sizeof(Entry));
  e->keylen = key->len;
  e->key = key->data ? key->data : xstrdup("");
  memset(key, 0, sizeof *key);
  e->m = c->m;
  c->m = NULL;
  e->nparam = e->m->graphs[0]->nparam;
  char label[300];
  snprintf(label, sizeof label, "%s (piece %d)", gf->name, c->npiece + 1);
  char why[64];
  snprintf(why, sizeof why, gf->npiece ? "a new piece" : "first call");
  Catch cat;
  if (RT_TRY(I, &cat)) {
    backend_prepare(I, gf, label, e, why, 0);
    rt_catch_pop(I, &cat);
  } else {
    entry_free(I, e);
    exc_reraise(I, CUR_EXC(I));
  }
  if (gf->npiece == gf->cappiece) {
    gf->cappiece = gf->cappiece ? 2 * gf->cappiece : 4;
    gf->pieces = xrealloc(gf->pieces, sizeof(Entry *) * (size_t)gf->cappiece);
  }
  gf->pieces[gf->npiece++] = e;
  return e;
}

/* The tensor behind param p of the piece: a Parameter or an input. */
static Tensor *bc_param_tensor(Capture *c, IrNode *p) {
  if (p->is_parameter) {
    for (int j = 0; j < c->np; j++)
      if (c->pnode[j] == p) return c->ptens[j];
  } else {
    for (int j = 0; j < c->nin; j++)
      if (c->inode[j] == p) return c->ins[j];
  }
  die("bytecode piece: a param of no tensor");
}

/* The piece's values of its live tensors (a value of a branch's subgraph
 * cannot leave it: lift's error; live and outs are freed then). */
static void bc_outputs(Interp *I, Capture *c, Tensor **live, int nlive, IrNode **outs) {
  Catch cat;
  if (RT_TRY(I, &cat)) {
    for (int i = 0; i < nlive; i++) outs[i] = value_node(I, c, live[i], live[i]->dtype);
    rt_catch_pop(I, &cat);
  } else {
    free(outs);
    free(live);
    exc_reraise(I, CUR_EXC(I));
  }
}

/* Ends the piece: compiles (or finds) and runs it, makes its live
 * symbolic tensors (and need) concrete, and starts a new piece. */
static void bc_flush(Interp *I, Capture *c, const Tensor *need) {
  int nlive = 0;
  Tensor **live = xcalloc((size_t)(c->nsym ? c->nsym : 1), sizeof(Tensor *));
  for (int i = 0; i < c->nsym; i++) {
    Tensor *t = c->syms[i];
    if (!t->data && t->sym && t->sym_gen == c->gen && (t->h.rc > 1 || t == need)) live[nlive++] = t;
  }
  if (!nlive && !module_effects(c->m)) { /* nothing to run */
    free(live);
    bc_piece_drop(I, c, false);
    bc_piece_begin(I, c);
    return;
  }
  IrLoc loc = c->root->loc; /* the function's: the key must not depend on the caller's line */
  IrNode **outs = xcalloc((size_t)(nlive ? nlive : 1), sizeof(IrNode *));
  bc_outputs(I, c, live, nlive, outs);
  if (!nlive) ir_return(c->root, ir_const_none(c->m), loc);
  else if (nlive == 1) ir_return(c->root, outs[0], loc);
  else ir_return(c->root, ir_make_tuple(c->root, nlive, outs, loc), loc);
  free(outs);
  Buf key = {0};
  bc_key(&key, c->m);
  GFn *gf = c->gf;
  Entry *e = bc_find(gf, &key);
  IrGraph *root = c->root;
  Catch cat;
  if (RT_TRY(I, &cat)) {
    if (e) gf->nhit++;
    else e = bc_compile(I, c, &key);
    rt_catch_pop(I, &cat);
  } else {
    buf_free(&key);
    free(live);
    exc_reraise(I, CUR_EXC(I));
  }
  buf_free(&key);
  Tensor **params = xcalloc((size_t)(root->nparam ? root->nparam : 1), sizeof(Tensor *));
  for (int i = 0; i < root->nparam; i++) params[i] = bc_param_tensor(c, root->params[i]);
  int nout = 0;
  Tensor **res = NULL;
  if (RT_TRY(I, &cat)) {
    res = entry_exec(I, gf, e, params, true, NULL, &nout, NULL, -1);
    rt_catch_pop(I, &cat);
  } else {
    free(live);
    exc_reraise(I, CUR_EXC(I));
  }
  free(params);
  for (int i = 0; i < nlive && i < nout; i++) { /* the tensors the script holds get the values */
    live[i]->data = res[i]->data;
    res[i]->data = NULL;
    live[i]->sym = NULL;
  }
  for (int i = 0; i < nout; i++) obj_decref(I, &res[i]->h);
  free(res);
  free(live);
  gf->nrun++;
  c->npiece++;
  bc_piece_drop(I, c, false);
  bc_piece_begin(I, c);
}

/* Records a graph break at l (once per location): --explain prints it as a
 * note; msc compile as an error (it refuses graph breaks). */
static void bc_note_break(Interp *I, GFn *gf, Loc l, const char *why, bool node) {
  GraphState *S = gs(I);
  for (int i = 0; i < S->nbreak; i++)
    if (S->breaks[i].loc.file == l.file && S->breaks[i].loc.beg == l.beg && S->breaks[i].gf == gf) return;
  S->breaks = xrealloc(S->breaks, sizeof(GraphBreak) * (size_t)(S->nbreak + 1));
  S->breaks[S->nbreak++] = (GraphBreak){l, xstrdup(why), gf};
  gf->nbreak++;
  bool fb = gf->mode != CAP_BYTECODE;
  if (S->cfg.records) {
    S->cfg.records->nbreak++;
    S->cfg.records->nfallback += fb;
    fflush(stdout);
    if (fb && node)
      diag_emit(DIAG_ERROR, l, "JIT Fallback in '%s' (jit_syntax_level LAX): %s; its interpreted node (PyExecute) "
                "calls back into the Python interpreter when the graph runs, which C for firmware cannot do",
                gf->name, why);
    else if (fb)
      diag_emit(DIAG_ERROR, l, "JIT Fallback in '%s' (jit_syntax_level LAX): %s; it would run in Python when the "
                "graph runs", gf->name, why);
    else
      diag_emit(DIAG_ERROR, l, "graph break in '%s' (capture_mode='bytecode'): %s", gf->name, why);
  } else if (S->cfg.explain) {
    fflush(stdout);
    diag_emit(DIAG_NOTE, l, "%s in '%s': %s%s", fb ? "JIT Fallback" : "graph break", gf->name, why,
              node ? "; an interpreted node (PyExecute) in the graph runs it in Python when the graph runs"
              : fb ? "; this specialisation runs as graph pieces with the statement in Python between them" : "");
  }
}

/* A graph break (bytecode capture only; false otherwise): records it at
 * node `at` (else the innermost line of the script) and ends the piece;
 * need is a tensor that must be concrete after it. */
static bool bc_break(Interp *I, const struct Node *at, const Tensor *need, const char *fmt, ...) {
  if (!bytecode(I) || I->graph->cap->reg) return false; /* a region cannot end mid-way */
  Capture *c = I->graph->cap;
  char why[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  Loc l = {0};
  if (at && at->loc.file && !interp_is_lib_src(I, at->loc.file)) {
    l = at->loc;
  } else {
    for (Frame *f = I->frame; f; f = f->prev)
      if (f->cur && f->cur->loc.file && !interp_is_lib_src(I, f->cur->loc.file)) {
        l = f->cur->loc;
        break;
      }
  }
  c->nbreak++;
  bc_note_break(I, c->gf, l, why, false);
  bc_flush(I, c, need);
  return true;
}

bool graph_break_syntax(Interp *I, const struct Node *at, const char *what) {
  if (!bytecode(I) || I->graph->cap->fallback || !at || !at->loc.file || interp_is_lib_src(I, at->loc.file)) return false;
  return bc_break(I, at, NULL, "%s is not supported in graph mode (MindSpore's static graph syntax)", what);
}

void graph_will_write(Interp *I, Tensor *t) {
  t->version++; /* a packed copy of it (Entry.pk) is stale */
  if (!bytecode(I)) return;
  Capture *c = I->graph->cap;
  bool read = false;
  for (int i = 0; i < c->nin && !read; i++) read = c->ins[i] == t;
  for (int i = 0; i < c->np && !read; i++) read = c->ptens[i] == t;
  if (read) bc_break(I, NULL, NULL, "writing into a tensor that the graph so far reads");
}

bool graph_is_piece_sym(Interp *I, Value v) {
  if (!bytecode(I) || !v_is(v, OBJ_TENSOR)) return false;
  Tensor *t = AS_TENSOR(v);
  return !t->data && t->sym && t->sym_gen == I->graph->cap->gen;
}

static Value call_plain(Interp *I, GFn *gf, Value args, Value kwargs);

/* One call of a bytecode function. */
static Value bc_call(Interp *I, GFn *gf, Value args, Value kwargs, bool fallback, int *nbreak) {
  GraphState *S = gs(I);
  Capture c;
  memset(&c, 0, sizeof c);
  c.mode = CAP_BYTECODE;
  c.fallback = fallback;
  c.gf = gf;
  bc_piece_begin(I, &c);
  Capture *saved = S->cap;
  S->cap = &c;
  gf->ncall++;
  Catch cat;
  volatile Value ret = v_undef();
  if (RT_TRY(I, &cat)) {
    ret = call_plain(I, gf, args, kwargs);
    bc_flush(I, &c, NULL); /* the return ends the last piece */
    rt_catch_pop(I, &cat);
  } else {
    S->cap = saved;
    v_decref(I, ret);
    bc_piece_drop(I, &c, true);
    exc_reraise(I, CUR_EXC(I));
  }
  S->cap = saved;
  bc_piece_drop(I, &c, true);
  *nbreak = c.nbreak;
  return ret;
}

/* --explain: what bytecode capture did with each function. */
static void bc_explain(Interp *I) {
  GraphState *S = I->graph;
  if (!S || !S->cfg.explain) return;
  for (int i = 0; i < S->nfn; i++) {
    GFn *gf = S->fns[i];
    bool fb = gf->mode != CAP_BYTECODE;
    if (!gf->ncall || (fb && !gf->nbreak)) continue;
    char interp[64] = "";
    if (fb) snprintf(interp, sizeof interp, ", %d interpreted node%s", gf->ninterp, gf->ninterp == 1 ? "" : "s");
    fflush(stdout);
    fprintf(stderr, "msc: explain: '%s' (%s): %lld call%s, %d %s%s%s, %lld piece%s run, %d compiled\n", gf->name,
            fb ? "JIT Fallback, jit_syntax_level LAX" : "capture_mode='bytecode'", (long long)gf->ncall,
            gf->ncall == 1 ? "" : "s", gf->nbreak, fb ? "fallback" : "graph break", gf->nbreak == 1 ? "" : "s",
            interp, (long long)gf->nrun, gf->nrun == 1 ? "" : "s", gf->npiece);
  }
}

/* ---- JIT Fallback: interpreted nodes --------------------------------------------
 * jit_syntax_level LAX (MindSpore's default): in an ast capture, a call
 * from the script's own code to a builtin or library callable (float(),
 * int(), bool(), x.asnumpy().tolist()'s callables, numpy functions...) that
 * needs the value of a tensor computed in the graph does not fail the
 * capture: it becomes a PyExecute node (MindSpore's name for its
 * interpreted node) whose operands are the graph tensors among the call's
 * arguments. The graph stays one graph; when it runs, the node calls back
 * into the interpreter (the reference executor's ir_exec_set_interpret,
 * the JIT's MscHost.interpret) and the call runs in Python on the
 * operands' values. The node's type is the result's, found by running the
 * call once at capture time on stand-in tensors of the operands' types
 * (filled with ones): a tensor gives a tensor of its dtype, shape and
 * flavour; a Python bool/int/float a 0-d Bool/Int64/Float64 tensor marked
 * pynum, which prim_call treats as the Python number it stands for (a weak
 * operand) and which the call's result turns back into that number. Other
 * results (a list, a string), and calls of the script's own functions,
 * keep the error, which makes the specialisation run as pieces (above). */

struct PyCall {
  Value callee;          /* owned */
  Value *args;           /* owned; the graph tensors are syms[] */
  int nargs;
  Str **knames;          /* owned refs */
  Value *kvals;          /* owned */
  int nk;
  Tensor **syms;         /* owned refs: the symbolic tensors, operand k */
  int nsym;
  char kind;             /* 't' tensor, 'b' bool, 'i' int, 'f' float */
  TType out;
  uint8_t out_fl;
  bool out_npscalar;
  IrLoc loc;             /* the call's line (the entry module's strings) */
};
typedef struct PyCall PyCall;


static bool user_src(Interp *I, const Loc *l) { return l->file && !interp_is_lib_src(I, l->file); }

/* May callee run as an interpreted node: a builtin or a library callable
 * (not the script's own function or class: its body is captured). */
static bool fb_callee_ok(Interp *I, Value callee) {
  if (v_is(callee, OBJ_BOUND)) callee = ((Bound *)callee.as.o)->func;
  if (v_is(callee, OBJ_NATIVE)) return true;
  if (v_is(callee, OBJ_CLASS)) {
    const Class *k = (const Class *)callee.as.o;
    return k->builtin >= 0 || k->ctor;
  }
  if (v_is(callee, OBJ_FUNC)) {
    const Func *f = (const Func *)callee.as.o;
    return f->def && f->def->loc.file && interp_is_lib_src(I, f->def->loc.file);
  }
  return false;
}

/* The callee's name for the IR (its qualname, or its type's name). */
static const char *fb_name(Interp *I, Value v) {
  if (v_is(v, OBJ_BOUND)) v = ((Bound *)v.as.o)->func;
  if (v_is(v, OBJ_FUNC)) return ((Func *)v.as.o)->qualname->data;
  if (v_is(v, OBJ_NATIVE)) return AS_NATIVE(v)->name;
  if (v_is(v, OBJ_CLASS)) return ((Class *)v.as.o)->name->data;
  return rt_type_name(I, v);
}

static bool is_graph_sym(const Capture *c, Value v) {
  if (!v_is(v, OBJ_TENSOR)) return false;
  const Tensor *t = AS_TENSOR(v);
  return !t->data && t->sym && t->sym_gen == c->gen;
}

/* Collects the graph tensors in v (tensors, tuples and lists of them, two
 * levels deep) into syms (new references); false when there are too many. */
static bool fb_collect(Capture *c, Value v, Tensor **syms, int *n, int depth) {
  if (is_graph_sym(c, v)) {
    for (int i = 0; i < *n; i++)
      if (syms[i] == AS_TENSOR(v)) return true;
    if (*n >= 32) return false;
    syms[(*n)++] = AS_TENSOR(v);
    return true;
  }
  if (depth < 2 && (v_is(v, OBJ_TUPLE) || v_is(v, OBJ_LIST))) {
    int64_t len = v_is(v, OBJ_TUPLE) ? AS_TUPLE(v)->len : AS_LIST(v)->len;
    Value *it = v_is(v, OBJ_TUPLE) ? AS_TUPLE(v)->items : AS_LIST(v)->items;
    for (int64_t i = 0; i < len; i++)
      if (!fb_collect(c, it[i], syms, n, depth + 1)) return false;
  }
  return true;
}

/* v with each syms[k] replaced by vals[k] (a new reference). */
static Value fb_subst(Interp *I, Value v, Tensor *const *syms, Tensor *const *vals, int n, int depth) {
  if (v_is(v, OBJ_TENSOR)) {
    for (int k = 0; k < n; k++)
      if (AS_TENSOR(v) == syms[k]) {
        obj_incref(&vals[k]->h);
        return v_obj(&vals[k]->h);
      }
    return v_incref(v);
  }
  if (depth < 2 && v_is(v, OBJ_TUPLE)) {
    Tuple *t = AS_TUPLE(v), *r = tuple_new(I, t->len);
    for (int64_t i = 0; i < t->len; i++) r->items[i] = fb_subst(I, t->items[i], syms, vals, n, depth + 1);
    return v_obj(&r->h);
  }
  if (depth < 2 && v_is(v, OBJ_LIST)) {
    List *l = AS_LIST(v), *r = list_new(I, l->len);
    for (int64_t i = 0; i < l->len; i++) {
      Value x = fb_subst(I, l->items[i], syms, vals, n, depth + 1);
      list_append(I, r, x);
      v_decref(I, x);
    }
    return v_obj(&r->h);
  }
  return v_incref(v);
}

/* Runs call p on vals[] (concrete, one per operand); a new reference. */
static Value fb_run(Interp *I, const PyCall *p, Tensor *const *vals) {
  Value *a = xcalloc((size_t)(p->nargs + 1), sizeof(Value));
  Value *kv = xcalloc((size_t)(p->nk + 1), sizeof(Value));
  for (int i = 0; i < p->nargs; i++) a[i] = fb_subst(I, p->args[i], p->syms, vals, p->nsym, 0);
  for (int i = 0; i < p->nk; i++) kv[i] = fb_subst(I, p->kvals[i], p->syms, vals, p->nsym, 0);
  KwArgs kw = {p->nk, p->knames, kv};
  Catch cat;
  Value r = v_undef();
  bool ok = false;
  if (RT_TRY(I, &cat)) {
    r = rt_call(I, p->callee, p->nargs, a, p->nk ? &kw : NULL);
    rt_catch_pop(I, &cat);
    ok = true;
  }
  for (int i = 0; i < p->nargs; i++) v_decref(I, a[i]);
  for (int i = 0; i < p->nk; i++) v_decref(I, kv[i]);
  free(a);
  free(kv);
  if (!ok) exc_reraise(I, CUR_EXC(I));
  return r;
}

/* A concrete tensor of sym's type and flavour holding data (copied), or
 * ones when data is NULL. */
static Tensor *fb_value(Interp *I, const Tensor *sym, const void *data) {
  Tensor *t = tensor_new(I, sym->dtype, sym->ndim, sym->shape, (TFlavour)sym->flavour);
  size_t es = msrt_dtype_size(sym->dtype);
  if (data) {
    if (t->size) memcpy(t->data, data, (size_t)t->size * es);
  } else {
    double one = 1;
    for (int64_t i = 0; i < t->size; i++) msrt_cast(MSRT_FLOAT64, sym->dtype, 1, &one, (char *)t->data + (size_t)i * es);
  }
  t->npscalar = sym->npscalar;
  return t;
}

/* The kind of a result an interpreted node can give, and its type. */
static bool fb_result_type(Value r, PyCall *p) {
  memset(&p->out, 0, sizeof p->out);
  if (r.tag == V_BOOL || r.tag == V_INT || r.tag == V_FLOAT) {
    p->kind = r.tag == V_BOOL ? 'b' : r.tag == V_INT ? 'i' : 'f';
    p->out.dt = r.tag == V_BOOL ? MSRT_BOOL : r.tag == V_INT ? MSRT_INT64 : MSRT_FLOAT64;
    p->out_fl = TF_MS;
    return true;
  }
  if (v_is(r, OBJ_TENSOR) && AS_TENSOR(r)->data) {
    const Tensor *t = AS_TENSOR(r);
    p->kind = 't';
    p->out.dt = t->dtype;
    p->out.ndim = t->ndim;
    memcpy(p->out.shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
    p->out_fl = t->flavour == TF_NP ? TF_NP : TF_MS;
    p->out_npscalar = t->npscalar;
    return true;
  }
  return false;
}

static void pycall_free(Interp *I, PyCall *p) {
  v_decref(I, p->callee);
  for (int i = 0; i < p->nargs; i++) v_decref(I, p->args[i]);
  for (int i = 0; i < p->nk; i++) {
    obj_decref(I, &p->knames[i]->h);
    v_decref(I, p->kvals[i]);
  }
  for (int i = 0; i < p->nsym; i++) obj_decref(I, &p->syms[i]->h);
  free(p->args);
  free(p->knames);
  free(p->kvals);
  free(p->syms);
  memset(p, 0, sizeof *p);
}

bool graph_fallback_calls(Interp *I, const struct Frame *f) {
  const GraphState *S = I->graph;
  const Capture *c = S ? S->cap : NULL;
  if (!c || c->mode != CAP_AST) return false;
  if (!c->strict && (!c->gf || c->gf->fullgraph || S->hook || S->export_name)) return false;
  return f && f->cur && user_src(I, &f->cur->loc);
}

/* The interpreted node of call callee(argv..., kw) that failed on reading
 * a graph tensor's value (the exception is current); false: not one. */
/* effect: a call made for its effect (print): not run at capture time;
 * its node gives a 0-d Bool nobody reads and the call gives None. */
static bool fb_stage(Interp *I, Value callee, int argc, Value *argv, KwArgs *kw, Value *out, bool effect) {
  GraphState *S = I->graph;
  Capture *c = S->cap;
  if (!fb_callee_ok(I, callee)) return false;
  Tensor *syms[32];
  int n = 0;
  for (int i = 0; i < argc; i++)
    if (!fb_collect(c, argv[i], syms, &n, 0)) return false;
  for (int i = 0; kw && i < kw->n; i++)
    if (!fb_collect(c, kw->vals[i], syms, &n, 0)) return false;
  if (!n) return false;
  PyCall p;
  memset(&p, 0, sizeof p);
  p.callee = v_incref(callee);
  p.nargs = argc;
  p.args = xcalloc((size_t)(argc + 1), sizeof(Value));
  for (int i = 0; i < argc; i++) p.args[i] = v_incref(argv[i]);
  p.nk = kw ? kw->n : 0;
  p.knames = xcalloc((size_t)(p.nk + 1), sizeof(Str *));
  p.kvals = xcalloc((size_t)(p.nk + 1), sizeof(Value));
  for (int i = 0; i < p.nk; i++) {
    p.knames[i] = kw->names[i];
    obj_incref(&kw->names[i]->h);
    p.kvals[i] = v_incref(kw->vals[i]);
  }
  p.nsym = n;
  p.syms = xcalloc((size_t)n, sizeof(Tensor *));
  for (int k = 0; k < n; k++) {
    p.syms[k] = syms[k];
    obj_incref(&syms[k]->h);
  }
  /* the result's type: the call on stand-ins, eagerly */
  Tensor **vals = xcalloc((size_t)n, sizeof(Tensor *));
  Capture *saved = S->cap;
  S->cap = NULL;
  Catch cat;
  Value r = v_undef();
  bool ok = false;
  if (effect) {
    p.kind = 'n';
    p.out.dt = MSRT_BOOL;
    ok = true;
  } else if (RT_TRY(I, &cat)) {
    for (int k = 0; k < n; k++) vals[k] = fb_value(I, syms[k], NULL);
    r = fb_run(I, &p, vals);
    rt_catch_pop(I, &cat);
    ok = fb_result_type(r, &p);
  } else {
    v_decref(I, CUR_EXC(I));
    CUR_EXC(I) = v_undef();
    EV(I)->unwound = true;
  }
  S->cap = saved;
  v_decref(I, r);
  for (int k = 0; k < n; k++)
    if (vals[k]) obj_decref(I, &vals[k]->h);
  free(vals);
  if (!ok) {
    pycall_free(I, &p);
    return false;
  }
  if (S->npycall == S->cappycall) {
    S->cappycall = S->cappycall ? 2 * S->cappycall : 16;
    S->pycalls = xrealloc(S->pycalls, sizeof(PyCall) * (size_t)S->cappycall);
  }
  int id = S->npycall;
  p.loc = cur_loc(I, c->m);
  S->pycalls[S->npycall++] = p;
  IrNode **in = arena_alloc(c->m->arena, sizeof(IrNode *) * (size_t)n);
  for (int k = 0; k < n; k++) in[k] = value_node(I, c, syms[k], syms[k]->dtype);
  IrNode *node = ir_node(c->g, IR_PY_EXECUTE, n, in, ir_type_tensor(c->m, p.out.dt, p.out.ndim, p.out.shape),
                         cur_loc(I, c->m));
  ir_attr_int(node, "id", id);
  ir_attr_str(node, "call", fb_name(I, callee));
  Tensor *t = tensor_new_sym(I, p.out.dt, p.out.ndim, p.out.shape, node);
  t->flavour = p.out_fl;
  t->npscalar = p.out_npscalar;
  t->pynum = p.kind != 't';
  if (effect) {
    obj_decref(I, &t->h);
    *out = v_none();
  } else {
    *out = v_obj(&t->h);
  }
  return true;
}

Value graph_call(Interp *I, Value callee, int argc, Value *argv, KwArgs *kw) {
  GraphState *S = I->graph;
  if (S->cap->strict) { /* STRICT: no fallback; objects of plain classes are refused */
    strict_check_call(I, callee);
    return rt_call(I, callee, argc, argv, kw);
  }
  S->need_fallback = false;
  Catch cat;
  Value r = v_undef();
  if (RT_TRY(I, &cat)) {
    r = rt_call(I, callee, argc, argv, kw);
    rt_catch_pop(I, &cat);
    return r;
  }
  Value exc = CUR_EXC(I);
  CUR_EXC(I) = v_undef();
  Loc at = S->fallback_loc;
  char what[160];
  snprintf(what, sizeof what, "%s", S->fallback_what);
  if (!S->need_fallback || !S->cap || !fb_stage(I, callee, argc, argv, kw, &r, false)) exc_reraise(I, exc);
  v_decref(I, exc);
  EV(I)->unwound = true; /* the C temporaries the exception crossed are swept at exit (trystmt.c) */
  S->need_fallback = false;
  char why[512];
  snprintf(why, sizeof why, "%s reads the value of a tensor computed in the graph", what);
  bc_note_break(I, S->cap->gf, at, why, true);
  S->cap->gf->ninterp++;
  return r;
}

/* The callbacks: PyExecute node id on operands in[] into out. */
static int fb_interpret(void *ctx, uint32_t id, void *const *in, void *out) {
  Interp *I = ctx;
  GraphState *S = I ? I->graph : NULL;
  if (!S || id >= (uint32_t)S->npycall) return MSRT_EINVAL;
  const PyCall *p = &S->pycalls[id];
  Capture *saved = S->cap;
  S->cap = NULL;
  Tensor **vals = xcalloc((size_t)(p->nsym ? p->nsym : 1), sizeof(Tensor *));
  Catch cat;
  Value r = v_undef();
  int rc = 0;
  if (RT_TRY(I, &cat)) {
    for (int k = 0; k < p->nsym; k++) vals[k] = fb_value(I, p->syms[k], in[k]);
    r = fb_run(I, p, vals);
    const char *want = p->kind == 'b'   ? "bool"
                       : p->kind == 'i' ? "int"
                       : p->kind == 'f' ? "float"
                       : p->kind == 'n' ? "None"
                                        : "a tensor";
    if (p->kind == 'n' && r.tag == V_NONE) {
      *(bool *)out = false;
    } else if (p->kind == 'f' && (r.tag == V_FLOAT || r.tag == V_INT || r.tag == V_BOOL)) {
      *(double *)out = r.tag == V_FLOAT ? r.as.f : (double)num_i(r);
    } else if (p->kind == 'i' && (r.tag == V_INT || r.tag == V_BOOL)) {
      *(int64_t *)out = num_i(r);
    } else if (p->kind == 'b' && r.tag == V_BOOL) {
      *(bool *)out = r.as.b;
    } else if (p->kind == 't' && v_is(r, OBJ_TENSOR) && AS_TENSOR(r)->data && AS_TENSOR(r)->dtype == p->out.dt &&
               AS_TENSOR(r)->ndim == p->out.ndim &&
               memcmp(AS_TENSOR(r)->shape, p->out.shape, sizeof(int64_t) * (size_t)p->out.ndim) == 0) {
      const Tensor *t = AS_TENSOR(r);
      if (t->size) memcpy(out, t->data, (size_t)t->size * msrt_dtype_size(t->dtype));
    } else {
      char a[128] = "", b[128];
      if (v_is(r, OBJ_TENSOR) && AS_TENSOR(r)->data)
        snprintf(a, sizeof a, " of dtype %s and shape %s", msrt_dtype_name(AS_TENSOR(r)->dtype),
                 shape_str(b, sizeof b, AS_TENSOR(r)->ndim, AS_TENSOR(r)->shape));
      rt_raise(I, EXC_TypeError, "JIT Fallback: when the graph was compiled, %s() returned %s (the graph's "
               "type for it); when the graph ran, it returned %s%s", fb_name(I, p->callee), want,
               rt_type_name(I, r), a);
    }
    rt_catch_pop(I, &cat);
  } else {
    v_decref(I, S->fb_exc);
    S->fb_exc = CUR_EXC(I);
    S->fb_exc_loc = p->loc;
    CUR_EXC(I) = v_undef();
    rc = -3;
  }
  v_decref(I, r);
  for (int k = 0; k < p->nsym; k++)
    if (vals[k]) obj_decref(I, &vals[k]->h);
  free(vals);
  S->cap = saved;
  return rc;
}

void graph_fallback_reraise(Interp *I) {
  GraphState *S = I->graph;
  if (!S || S->fb_exc.tag == V_UNDEF) return;
  Value e = S->fb_exc;
  S->fb_exc = v_undef();
  graph_relocate(I, S->fb_exc_loc);
  reraise_owned(I, e);
}

/* ---- the jit entry points ------------------------------------------------------ */

static GFn *gfn_of(Interp *I, Value id) {
  GraphState *S = gs(I);
  if (id.tag != V_INT || id.as.i < 0 || id.as.i >= S->nfn) rt_raise(I, EXC_ValueError, "jit: bad graph id");
  return S->fns[id.as.i];
}

static Entry *find_entry(GFn *gf, const char *key) {
  for (int i = 0; i < gf->nent; i++)
    if (strcmp(gf->ents[i]->key, key) == 0) return gf->ents[i];
  return NULL;
}

/* "first call", or what changed from the most recent specialisation. */
static void reason(GFn *gf, char **parts, int nparts, char *buf, size_t cap) {
  if (!gf->nent) {
    snprintf(buf, cap, "first call");
    return;
  }
  Entry *last = gf->ents[gf->nent - 1];
  for (int i = 0; i < nparts && i < last->nparts; i++)
    if (strcmp(parts[i], last->parts[i]) != 0) {
      snprintf(buf, cap, "argument %d changed: %s -> %s", i + 1, last->parts[i], parts[i]);
      return;
    }
  if (nparts != last->nparts) {
    snprintf(buf, cap, "%d arguments instead of %d", nparts, last->nparts);
    return;
  }
  snprintf(buf, cap, "a new specialisation");
}

void graph_kwargs(Value kwargs, KwArgs *kw) {
  kw->n = 0;
  kw->names = NULL;
  kw->vals = NULL;
  if (!v_is(kwargs, OBJ_DICT)) return;
  Dict *d = (Dict *)kwargs.as.o;
  if (!d->len) return;
  kw->names = xcalloc((size_t)d->len, sizeof(Str *));
  kw->vals = xcalloc((size_t)d->len, sizeof(Value));
  for (int64_t i = 0; i < d->nentries; i++) {
    if (d->entries[i].key.tag == V_UNDEF || !v_is(d->entries[i].key, OBJ_STR)) continue;
    kw->names[kw->n] = AS_STR(d->entries[i].key);
    kw->vals[kw->n++] = d->entries[i].val;
  }
}

/* ---- the last entry's guard --------------------------------------------------
 * What key_value puts in the key for an argument, for the kinds a call's
 * arguments usually are: None, a bool, an int; a tensor (its dtype and
 * shape; a Parameter by identity); any other object but a float, a str, a
 * tuple or a list by identity. Equal guards give equal keys, so the entry
 * found for one call is the entry of every later call whose arguments
 * match (with no keyword arguments, no ms.export running, the same
 * |STRICT). The objects named by identity are held by the entry's refs
 * (key_ref), so their addresses stay theirs while it lives; entries live
 * until graph_free_all. */
typedef struct FastArg {
  char kind;             /* 'N', 'b', 'i', 'T' tensor, 'P' Parameter, 'O' object */
  int ndim;              /* 'T' */
  msrt_dtype dt;         /* 'T' */
  int64_t v;             /* 'b', 'i' */
  const void *p;         /* 'P', 'O' */
  int64_t shape[MSRT_MAX_NDIM];
} FastArg;

static bool fast_arg(Value v, FastArg *f) {
  memset(f, 0, sizeof *f);
  switch (v.tag) {
  case V_NONE: f->kind = 'N'; return true;
  case V_BOOL: f->kind = 'b'; f->v = v.as.b; return true;
  case V_INT: f->kind = 'i'; f->v = v.as.i; return true;
  case V_OBJ: break;
  default: return false;
  }
  if (v_is(v, OBJ_TENSOR)) {
    Tensor *t = AS_TENSOR(v);
    if (!t->data) return false; /* key_value raises */
    if (t->flavour == TF_PARAM) {
      f->kind = 'P';
      f->p = t;
      return true;
    }
    if (t->ndim > MSRT_MAX_NDIM) return false;
    f->kind = 'T';
    f->dt = t->dtype;
    f->ndim = t->ndim;
    for (int d = 0; d < t->ndim; d++) f->shape[d] = t->shape[d];
    return true;
  }
  if (v_is(v, OBJ_STR) || v_is(v, OBJ_TUPLE) || v_is(v, OBJ_LIST)) return false;
  f->kind = 'O';
  f->p = v.as.o;
  return true;
}

static void fast_set(GFn *gf, Entry *e, int argc, const Value *argv, bool strict) {
  gf->fast = NULL;
  if (argc > gf->nfast) gf->fastargs = xrealloc(gf->fastargs, sizeof(FastArg) * (size_t)argc);
  gf->nfast = argc;
  gf->nfast_in = 0;
  for (int i = 0; i < argc; i++) {
    if (!fast_arg(argv[i], &gf->fastargs[i])) return;
    gf->nfast_in += gf->fastargs[i].kind == 'T';
  }
  gf->fast = e;
  gf->fast_strict = strict;
}

static bool fast_match(const GFn *gf, int argc, const Value *argv, bool strict) {
  if (argc != gf->nfast || strict != gf->fast_strict) return false;
  for (int i = 0; i < argc; i++) {
    const FastArg *f = &gf->fastargs[i];
    Value v = argv[i];
    switch (f->kind) {
    case 'N': if (v.tag != V_NONE) return false; break;
    case 'b': if (v.tag != V_BOOL || v.as.b != f->v) return false; break;
    case 'i': if (v.tag != V_INT || v.as.i != f->v) return false; break;
    case 'P':
    case 'O': if (v.tag != V_OBJ || v.as.o != f->p) return false; break;
    case 'T': {
      if (!v_is(v, OBJ_TENSOR)) return false;
      const Tensor *t = AS_TENSOR(v);
      if (t->flavour == TF_PARAM || !t->data || t->dtype != f->dt || t->ndim != f->ndim) return false;
      for (int d = 0; d < t->ndim; d++)
        if (t->shape[d] != f->shape[d]) return false;
      break;
    }
    default: return false;
    }
  }
  return true;
}

/* The call jit_dispatch makes when its fast_match holds (it would find
 * gf->fast): runs it into *out and returns true; else false, having done
 * nothing. */
static bool fast_call(Interp *I, GFn *gf, int argc, const Value *argv, Value kwargs, Value *out) {
  GraphState *S = gs(I);
  if (!gf->fast || S->export_name || S->hook || gf->nfast_in > SMALL_CALL ||
      (v_is(kwargs, OBJ_DICT) && AS_DICT(kwargs)->len) ||
      !fast_match(gf, argc, argv, gf_strict(I, gf)))
    return false;
  Tensor *ins[SMALL_CALL];
  int nins = 0;
  for (int i = 0; i < argc; i++) collect_inputs(argv[i], ins, &nins);
  gf->ncall++;
  *out = run_entry(I, gf, gf->fast, ins);
  return true;
}

/* Looks up or compiles; runs unless compile_only. */
static Value jit_dispatch(Interp *I, GFn *gf, Value args, Value kwargs, bool compile_only) {
  if (!v_is(args, OBJ_TUPLE)) rt_raise(I, EXC_TypeError, "jit: args must be a tuple");
  Tuple *at = AS_TUPLE(args);
  int argc = (int)at->len;
  Value *argv = at->items;
  Value fr;
  if (!compile_only && fast_call(I, gf, argc, argv, kwargs, &fr)) return fr;
  KwArgs kw = {0, NULL, NULL};
  graph_kwargs(kwargs, &kw);
  /* the key; on a miss again with the readable parts (-v's reasons) */
  KeyCtx kc;
  int nparts = argc + kw.n;
  char **parts = NULL;
  int nhooked = gs(I)->hook ? ++gs(I)->nhooked : 0;
  for (int pass = 0; pass < 2; pass++) {
    memset(&kc, 0, sizeof kc);
    kc.show_on = pass == 1;
    buf_puts(&kc.key, gf->options);
    if (gs(I)->export_name) buf_printf(&kc.key, "|export=%s", gs(I)->export_name); /* ms.export: an entry of its own */
    if (gs(I)->hook) buf_printf(&kc.key, "|mindir=%d", nhooked); /* MindIR export: always captured */
    if (gf_strict(I, gf)) buf_puts(&kc.key, "|STRICT");
    if (kc.show_on) parts = xcalloc((size_t)(nparts ? nparts : 1), sizeof(char *));
    for (int i = 0; i < nparts; i++) {
      buf_puts(&kc.key, "|");
      size_t before = kc.show.len;
      if (i >= argc) {
        buf_puts(&kc.key, kw.names[i - argc]->data);
        buf_putc(&kc.key, '=');
        if (kc.show_on) buf_printf(&kc.show, "%s=", kw.names[i - argc]->data);
      }
      key_value(I, &kc, i < argc ? argv[i] : kw.vals[i - argc], 0);
      if (kc.show_on) parts[i] = xstrdup(kc.show.data ? kc.show.data + before : "");
    }
    if (pass == 1 || !find_entry(gf, kc.key.data ? kc.key.data : "")) {
      if (pass == 1) break;
      for (int i = 0; i < kc.nrefs; i++) v_decref(I, kc.refs[i]); /* a miss: once more, readable */
      free(kc.refs);
      buf_free(&kc.key);
      buf_free(&kc.show);
      continue;
    }
    break;
  }
  Tensor **ins = xcalloc((size_t)(kc.ninputs ? kc.ninputs : 1), sizeof(Tensor *));
  int nins = 0;
  for (int i = 0; i < argc; i++) collect_inputs(argv[i], ins, &nins);
  for (int i = 0; i < kw.n; i++) collect_inputs(kw.vals[i], ins, &nins);

  Entry *e = find_entry(gf, kc.key.data ? kc.key.data : "");
  /* volatile: set between RT_TRY's setjmp and a possible longjmp (the hook
   * or backend_prepare raising after trace's capture returned its value),
   * so a plain local is indeterminate in the handler (C11 7.13.2.1; seen as
   * a null Obj under -O1 -fno-inline, tests/capture/cc_false.py) */
  volatile Value result = v_undef();
  if (!e) {
    char why[512];
    reason(gf, parts, nparts, why, sizeof why);
    e = xcalloc(1, sizeof(Entry));
    e->key = xstrdup(kc.key.data ? kc.key.data : "");
    e->parts = parts;
    e->nparts = nparts;
    e->refs = kc.refs;
    e->nrefs = kc.nrefs;
    parts = NULL;
    kc.refs = NULL;
    Catch cat;
    double ms_cap = 0;
    gs(I)->need_fallback = false;
    if (RT_TRY(I, &cat)) {
      result = capture(I, gf, e, argc, argv, &kw, kc.ninputs, &ms_cap);
      if (gs(I)->hook) /* the graph as captured, before its passes */
        gs(I)->hook(I, gs(I)->hook_ctx, e->m, e->nparam, e->param_src, e->ptens);
      backend_prepare(I, gf, gf->name, e, why, ms_cap);
      rt_catch_pop(I, &cat);
    } else {
      Value exc = CUR_EXC(I);
      CUR_EXC(I) = v_undef();
      v_decref(I, result);
      result = v_undef();
      GraphState *S = gs(I);
      bool strict = gf_strict(I, gf);
      if (S->need_fallback && gf->mode == CAP_AST && !strict && !gf->fullgraph && !S->hook && !S->export_name) {
        /* JIT Fallback (jit_syntax_level LAX): a graph tensor's value is read in Python; this
         * specialisation runs as pieces, that statement in Python between them */
        v_decref(I, exc);
        EV(I)->unwound = true; /* the C temporaries the exception crossed are swept at exit (trystmt.c) */
        e->fallback = true;
        char r[256];
        snprintf(r, sizeof r, "%s reads the value of a tensor computed in the graph", S->fallback_what);
        bc_note_break(I, gf, S->fallback_loc, r, false);
        if (S->cfg.verbose)
          fprintf(stderr, "msc: jit: '%s' (%s): JIT Fallback: it reads a graph tensor's value in Python; every "
                  "call runs as graph pieces with that Python between them\n", gf->name, why);
      } else {
        entry_free(I, e);
        free(ins);
        buf_free(&kc.key);
        buf_free(&kc.show);
        free(kw.names);
        free(kw.vals);
        exc_reraise(I, exc);
      }
    }
    if (gf->nent == gf->capent) {
      gf->capent = gf->capent ? 2 * gf->capent : 4;
      gf->ents = xrealloc(gf->ents, sizeof(Entry *) * (size_t)gf->capent);
    }
    gf->ents[gf->nent++] = e;
    if (cfg(I)->records && !e->fallback) e->rec = record_new(I, gf);
  } else {
    for (int i = 0; i < kc.nrefs; i++) v_decref(I, kc.refs[i]);
    free(kc.refs);
  }
  if (parts) {
    for (int i = 0; i < nparts; i++) free(parts[i]);
    free(parts);
  }
  buf_free(&kc.key);
  buf_free(&kc.show);
  free(kw.names);
  free(kw.vals);
  if (!e->fallback && !kw.n && !gs(I)->export_name && !gs(I)->hook)
    fast_set(gf, e, argc, argv, gf_strict(I, gf));
  if (!e->fallback && !compile_only) gf->ncall++; /* (bytecode pieces count theirs) */
  if (e->fallback) {
    free(ins);
    if (compile_only) return v_none();
    int nbreak = 0;
    return bc_call(I, gf, args, kwargs, true, &nbreak);
  }
  if (result.tag != V_UNDEF || compile_only) { /* trace's first call, or compile() */
    if (e->rec && !e->rec->called) { /* msc compile: the reference run of this call */
      Catch cat;
      msrt_set_output(NULL, NULL);
      if (RT_TRY(I, &cat)) {
        v_decref(I, run_entry(I, gf, e, ins));
        rt_catch_pop(I, &cat);
        graph_init(I);
      } else {
        graph_init(I);
        free(ins);
        v_decref(I, result);
        exc_reraise(I, CUR_EXC(I));
      }
    }
    free(ins);
    if (result.tag == V_UNDEF) return v_none();
    return result;
  }
  Catch cat;
  Value r = v_none();
  if (RT_TRY(I, &cat)) {
    r = run_entry(I, gf, e, ins);
    rt_catch_pop(I, &cat);
  } else {
    free(ins);
    exc_reraise(I, CUR_EXC(I));
  }
  free(ins);
  return r;
}

void graph_ident(char *s) {
  for (char *q = s; *q; q++)
    if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_')) *q = '_';
}

/* _msc.jit_new(fn, capture_mode='ast', jit_level='', name=None) -> id;
 * jit_level '' (not set by the script): msc run's -O level. */
Value graph_native_jit_new(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  if (argc < 1) rt_raise(I, EXC_TypeError, "jit_new(fn, capture_mode, jit_level, name)");
  GraphState *S = gs(I);
  const char *mode = argc > 1 && v_is(argv[1], OBJ_STR) ? AS_STR(argv[1])->data : "ast";
  const char *level = argc > 2 && v_is(argv[2], OBJ_STR) ? AS_STR(argv[2])->data : "";
  int lv = cfg(I)->compile.level;
  if (strcmp(level, "O0") == 0 || strcmp(level, "O1") == 0 || strcmp(level, "O2") == 0) lv = level[1] - '0';
  else if (*level) rt_raise(I, EXC_ValueError, "jit_new: jit_level must be 'O0', 'O1', 'O2' or '', not '%s'", level);
  GFn *gf = xcalloc(1, sizeof(GFn));
  gf->fn = v_incref(argv[0]);
  gf->level = lv;
  gf->mode = strcmp(mode, "trace") == 0 ? CAP_TRACE : strcmp(mode, "bytecode") == 0 ? CAP_BYTECODE : CAP_AST;
  const char *syn = argc > 4 && v_is(argv[4], OBJ_STR) ? AS_STR(argv[4])->data : "";
  gf->fullgraph = argc > 5 && argv[5].tag == V_BOOL && argv[5].as.b;
  gf->syntax = strcmp(syn, "STRICT") == 0 ? 1 : strcmp(syn, "LAX") == 0 ? 2 : 0;
  const char *name = argc > 3 && v_is(argv[3], OBJ_STR) ? AS_STR(argv[3])->data : NULL;
  if (!name && v_is(argv[0], OBJ_FUNC)) {
    Func *f = (Func *)argv[0].as.o;
    name = (f->qualname ? f->qualname : f->name)->data;
    const char *loc = strstr(name, "<locals>.");
    while (loc) { /* outer.<locals>.inner -> inner */
      name = loc + 9;
      loc = strstr(name, "<locals>.");
    }
  }
  gf->name = xstrdup(name ? name : "graph");
  graph_ident(gf->name);
  Buf b = {0};
  buf_printf(&b, "%s,O%d,%s", mode, gf->level, cfg(I)->backend == GB_REF ? "ref" : "cc");
  gf->options = b.data ? b.data : xstrdup("");
  if (S->nfn == S->capfn) {
    S->capfn = S->capfn ? 2 * S->capfn : 8;
    S->fns = xrealloc(S->fns, sizeof(GFn *) * (size_t)S->capfn);
  }
  S->fns[S->nfn] = gf;
  return v_int(S->nfn++);
}

static Value call_plain(Interp *I, GFn *gf, Value args, Value kwargs) {
  Tuple *at = AS_TUPLE(args);
  KwArgs kw = {0, NULL, NULL};
  graph_kwargs(kwargs, &kw);
  if (!kw.n) return rt_call(I, gf->fn, (int)at->len, at->items, NULL);
  Catch cat;
  Value r = v_none();
  if (RT_TRY(I, &cat)) {
    r = rt_call(I, gf->fn, (int)at->len, at->items, &kw);
    rt_catch_pop(I, &cat);
  } else {
    free(kw.names);
    free(kw.vals);
    exc_reraise(I, CUR_EXC(I));
  }
  free(kw.names);
  free(kw.vals);
  return r;
}

/* _msc.jit_call(id, args, kwargs) */
Value graph_native_jit_call(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  if (argc != 3) rt_raise(I, EXC_TypeError, "jit_call(id, args, kwargs)");
  GFn *gf = gfn_of(I, argv[0]);
  if (!v_is(argv[1], OBJ_TUPLE)) rt_raise(I, EXC_TypeError, "jit_call: args must be a tuple");
  GraphState *S = gs(I);
  /* PyNative forced, or already inside a graph: run the Python function */
  if ((S->cfg.mode == GM_PYNATIVE && !S->hook) || S->cap) return call_plain(I, gf, argv[1], argv[2]);
  if (gf->mode == CAP_BYTECODE && !S->export_name && !S->hook) {
    int nbreak = 0;
    Value r = bc_call(I, gf, argv[1], argv[2], false, &nbreak);
    if (S->cfg.records && !nbreak) { /* msc compile: the call has one graph, recorded as ast captures it */
      Catch cat;
      if (RT_TRY(I, &cat)) {
        v_decref(I, jit_dispatch(I, gf, argv[1], argv[2], true));
        rt_catch_pop(I, &cat);
      } else {
        v_decref(I, r);
        exc_reraise(I, CUR_EXC(I));
      }
    }
    return r;
  }
  return jit_dispatch(I, gf, argv[1], argv[2], S->export_name != NULL || S->hook); /* ms.export: compiled, not run */
}

/* _msc.cell_jit(self, args, kwargs, context, nojit): the Graph-mode path of
 * Cell.__call__ (lib/mindspore/nn/cell.py) once its graph id is cached,
 * without the interpreted statements. When every condition under which
 * that Python would go straight to `_msc.jit_call(g[2], (self,) + args,
 * kwargs)` plainly holds -- self.__dict__ is the instance dict (no
 * '__dict__' on its class or in it) and has '_params'; context['mode'] is
 * the int GRAPH_MODE (0); no graph is being captured; the dict's
 * '_msc_graph' is a 3-tuple whose [0] is the function type(self).construct
 * finds and whose [1] is the dict's '_jit_config_dict' (None when absent)
 * -- it makes that call; otherwise it returns nojit, having changed
 * nothing, and the Python runs as before (the first call, a changed
 * construct or JitConfig, PyNative, errors). */
/* cell_jit's conditions on self and the context dict; *gf the GFn of the
 * cached graph id when it is one, else NULL. */
static bool cell_jit_ok(Interp *I, Value self, Value ctx, Value *id, GFn **gf) {
  if (!v_is(self, OBJ_INSTANCE) || !v_is(ctx, OBJ_DICT) || (I->graph && I->graph->cap)) return false;
  Instance *in = AS_INST(self);
  Dict *d = in->dict;
  if (!d || dict_get_str(I, d, I->s.cell_params).tag == V_UNDEF) return false;
  Value mode = dict_get_str(I, AS_DICT(ctx), I->s.mode);
  if (mode.tag != V_INT || mode.as.i != 0) return false;
  Value g = dict_get_str(I, d, I->s.cell_graph);
  if (!v_is(g, OBJ_TUPLE) || AS_TUPLE(g)->len != 3) return false;
  Value cfgv = dict_get_str(I, d, I->s.cell_jit_cfg);
  if (!rt_is(AS_TUPLE(g)->items[1], cfgv.tag == V_UNDEF ? v_none() : cfgv)) return false;
  GraphState *S = gs(I);
  if (S->cj_cls != in->cls || S->cj_epoch != EV(I)->epoch) { /* type(self).construct; a '__dict__' on the MRO */
    obj_incref(&in->cls->h);
    if (S->cj_cls) obj_decref(I, &S->cj_cls->h);
    S->cj_cls = in->cls;
    S->cj_epoch = EV(I)->epoch;
    S->cj_con = class_lookup(I, in->cls, I->s.construct); /* borrowed: the class dicts are unchanged */
    S->cj_dict = class_lookup(I, in->cls, I->s.dict).tag != V_UNDEF;
  }
  if (!v_is(S->cj_con, OBJ_FUNC) || !rt_is(AS_TUPLE(g)->items[0], S->cj_con) || S->cj_dict ||
      dict_get_str(I, d, I->s.dict).tag != V_UNDEF)
    return false;
  *id = AS_TUPLE(g)->items[2];
  *gf = id->tag == V_INT && id->as.i >= 0 && id->as.i < S->nfn ? S->fns[id->as.i] : NULL;
  return true;
}

/* May the last call's entry of gf run for these arguments (fast_call), as
 * jit_call's jit_dispatch would? (Not in PyNative, nor for bytecode.) */
static bool cell_fast_ok(Interp *I, GFn *gf, int64_t nargs) {
  return gf && nargs < SMALL_CALL && gs(I)->cfg.mode != GM_PYNATIVE && gf->mode != CAP_BYTECODE;
}

/* The call `return _msc.jit_call(...)` of an `if` among def's statements
 * (Cell.__call__'s), or NULL. */
static const Node *find_jit_call(const Node *def) {
  for (int i = 0; i < def->body.len; i++) {
    const Node *st = def->body.items[i];
    for (int j = 0; st->kind == ND_IF && j < st->body.len; j++) {
      const Node *r = st->body.items[j];
      if (r->kind == ND_RETURN && r->a && r->a->kind == ND_CALL && r->a->a && r->a->a->kind == ND_ATTR &&
          r->a->a->name && strcmp(r->a->a->name, "jit_call") == 0)
        return r->a;
    }
  }
  return NULL;
}

/* Remembers Cell.__call__ and its call of _msc.jit_call (graph_cell_call):
 * the function of frame f when it is cell.py's Cell.__call__ and f is at
 * the call that is the value of its first statement. cell_jit's calls are
 * made with the frame at that jit_call, so that an error's traceback is
 * the one before cell_jit ("raised here, in library code" at that line). */
static void note_cell_call(Interp *I, const Frame *f) {
  GraphState *S = gs(I);
  Func *fn = f->func;
  if (S->cc_func || !fn || !f->cur || !fn->module || strcmp(fn->module->name->data, "mindspore.nn.cell") != 0 ||
      strcmp(fn->qualname->data, "Cell.__call__") != 0 || !fn->module->src || !interp_is_lib_src(I, fn->module->src))
    return;
  const Node *def = (const Node *)fn->def;
  if (def->kind == ND_LAMBDA || def->body.len < 1 || def->body.items[0]->kind != ND_ASSIGN ||
      def->body.items[0]->a != f->cur)
    return;
  const Node *at = find_jit_call(def);
  if (!at) return;
  obj_incref(&fn->h);
  S->cc_func = fn;
  S->cc_at = at;
}

Value graph_native_cell_jit(Interp *I, int argc, Value *argv, KwArgs *kw) {
  if (argc != 5 || (kw && kw->n)) rt_raise(I, EXC_TypeError, "cell_jit(self, args, kwargs, context, nojit)");
  Value self = argv[0], args = argv[1], ctx = argv[3], id;
  GFn *gf;
  if (!v_is(args, OBJ_TUPLE) || !cell_jit_ok(I, self, ctx, &id, &gf)) return v_incref(argv[4]);
  GraphState *S = gs(I);
  if (!S->cc_func && I->frame) note_cell_call(I, I->frame);
  Frame *f = I->frame;
  const Node *cur = f ? f->cur : NULL;
  if (f && f->func && f->func == S->cc_func) f->cur = S->cc_at; /* where the jit_call was (note_cell_call) */
  Tuple *at = AS_TUPLE(args);
  if (cell_fast_ok(I, gf, at->len)) { /* jit_call's jit_dispatch, on the last call's entry */
    Value buf[SMALL_CALL], r;
    buf[0] = self;
    for (int64_t i = 0; i < at->len; i++) buf[i + 1] = at->items[i];
    if (fast_call(I, gf, (int)at->len + 1, buf, argv[2], &r)) {
      if (f) f->cur = cur;
      return r;
    }
  }
  Tuple *all = tuple_new(I, at->len + 1);
  all->items[0] = v_incref(self);
  for (int64_t i = 0; i < at->len; i++) all->items[i + 1] = v_incref(at->items[i]);
  Value jv[3] = {id, v_obj(&all->h), argv[2]};
  Catch cat;
  Value r = v_none();
  if (RT_TRY(I, &cat)) {
    r = graph_native_jit_call(I, 3, jv, NULL);
    rt_catch_pop(I, &cat);
  } else {
    obj_decref(I, &all->h);
    exc_reraise(I, CUR_EXC(I));
  }
  obj_decref(I, &all->h);
  if (f) f->cur = cur;
  return r;
}

/* rt_call of self, an instance whose __call__ is fn, with argv and no
 * keyword arguments: when fn is Cell.__call__ (note_cell_call) and all it
 * would do is have _msc.cell_jit run the last call's entry (fast_call),
 * that is done here without its statements: in a frame of fn at its call
 * of jit_call, so a traceback is the same (self its only bound local; a
 * native that a JIT Fallback node calls sees that frame); its names looked
 * up as its statements would (the module's _cell_jit still cell_jit,
 * _context a module whose _context is a dict, _NOJIT bound). Otherwise
 * returns false having done nothing, and fn runs. Not under a step bound
 * (rt_step). */
bool graph_cell_call(Interp *I, Func *fn, Value self, int argc, const Value *argv, Value *out) {
  GraphState *S = I->graph;
  if (fn != S->cc_func || argc + 1 > SMALL_CALL || I->steps_left || I->depth >= I->max_depth) return false;
  Dict *gl = fn->module->dict;
  Value cj = dict_get_str(I, gl, I->s.cell_jit_name), m = dict_get_str(I, gl, I->s.context_name);
  if (!v_is(cj, OBJ_NATIVE) || AS_NATIVE(cj)->fn != graph_native_cell_jit || AS_NATIVE(cj)->self.tag != V_UNDEF ||
      !v_is(m, OBJ_MODULE) || dict_get_str(I, gl, I->s.nojit_name).tag == V_UNDEF)
    return false;
  Value ctx = dict_get_str(I, AS_MODULE(m)->dict, I->s.context_name), id;
  GFn *gf;
  if (!cell_jit_ok(I, self, ctx, &id, &gf) || !cell_fast_ok(I, gf, argc)) return false;
  ScopeInfo *fi = fn->info;
  if (fi->nlocals < 1 || fi->nlocals > SMALL_CALL || fi->ncells) return false;
  Value buf[SMALL_CALL], locals[SMALL_CALL];
  buf[0] = self;
  for (int i = 0; i < argc; i++) buf[i + 1] = argv[i];
  /* its locals: self (owned: an exception's release_frames drops it), the
   * others unbound (args and kwargs are not made) */
  locals[0] = v_incref(self);
  for (int i = 1; i < fi->nlocals; i++) locals[i] = v_undef();
  Frame fr = {.prev = I->frame, .cur = S->cc_at, .locals = locals, .info = fi, .func = fn,
              .closure = fn->closure, .globals = gl, .module = fn->module, .ns = NULL,
              .ret = v_none(), .hidden = false};
  I->frame = &fr;
  I->depth++;
  bool ran = fast_call(I, gf, argc + 1, buf, v_undef(), out);
  I->depth--;
  I->frame = fr.prev;
  v_decref(I, locals[0]);
  return ran;
}

/* _msc.jit_compile(id, args, kwargs): compile without running. */
Value graph_native_jit_compile(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  if (argc != 3) rt_raise(I, EXC_TypeError, "jit_compile(id, args, kwargs)");
  GFn *gf = gfn_of(I, argv[0]);
  if ((cfg(I)->mode == GM_PYNATIVE && !gs(I)->hook) || gs(I)->cap) return v_none();
  return jit_dispatch(I, gf, argv[1], argv[2], true);
}

/* _msc.capturing(): is a graph being captured? _msc.capturing('ast'): by
 * AST capture (a jit function, a GRAPH_MODE construct), not a trace. */
Value graph_native_capturing(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  if (argc > 0 && v_is(argv[0], OBJ_STR) && strcmp(AS_STR(argv[0])->data, "ast") == 0) return v_bool(graph_staging(I));
  return v_bool(I->graph && I->graph->cap);
}

Value graph_native_run_mode(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)argc;
  (void)argv;
  (void)kw;
  const char *m = cfg(I)->mode == GM_PYNATIVE ? "pynative" : cfg(I)->mode == GM_GRAPH ? "graph" : "";
  return v_obj(&str_from_c(I, m)->h);
}

/* ---- reclaiming catches (exc.c) ------------------------------------------ */

bool graph_reclaim_ok(Interp *I) { return !I->graph || !I->graph->cap; }

static void visit_value(Value v, VisitFn visit, void *arg) {
  if (v.tag == V_OBJ) visit(v.as.o, arg);
}

static void visit_tpl(const Tpl *t, VisitFn visit, void *arg) {
  if (t->kind == TPL_CONST) visit_value(t->v, visit, arg);
  for (int i = 0; i < t->n; i++) visit_tpl(&t->kids[i], visit, arg);
}

static void visit_entry(const Entry *e, VisitFn visit, void *arg) {
  if (!e) return;
  for (int i = 0; i < e->nrefs; i++) visit_value(e->refs[i], visit, arg);
  for (int i = 0; i < e->nptens; i++) visit(&e->ptens[i]->h, arg);
  visit_tpl(&e->tpl, visit, arg);
}

/* What graph_free_all releases: the references graph mode keeps outside
 * the object graph between captures. */
void graph_visit_roots(Interp *I, VisitFn visit, void *arg) {
  GraphState *S = I->graph;
  if (!S) return;
  for (int i = 0; i < S->npycall; i++) {
    const PyCall *p = &S->pycalls[i];
    visit_value(p->callee, visit, arg);
    for (int j = 0; j < p->nargs; j++) visit_value(p->args[j], visit, arg);
    for (int j = 0; j < p->nk; j++) {
      visit(&p->knames[j]->h, arg);
      visit_value(p->kvals[j], visit, arg);
    }
    for (int j = 0; j < p->nsym; j++) visit(&p->syms[j]->h, arg);
  }
  visit_value(S->fb_exc, visit, arg);
  if (S->cj_cls) visit(&S->cj_cls->h, arg);
  if (S->cc_func) visit(&S->cc_func->h, arg);
  for (int i = 0; i < S->nfn; i++) {
    const GFn *gf = S->fns[i];
    for (int j = 0; j < gf->nent; j++) visit_entry(gf->ents[j], visit, arg);
    for (int j = 0; j < gf->npiece; j++) visit_entry(gf->pieces[j], visit, arg);
    visit_value(gf->fn, visit, arg);
  }
}

void graph_free_all(Interp *I) {
  if (I->graph) {
    free(I->graph->warned);
    I->graph->warned = NULL;
  }
  msrt_set_output(NULL, NULL);
  ir_exec_set_interpret(NULL, NULL);
  jit_set_interpret(NULL, NULL);
  if (I->graph) { /* ms.export: a script that failed inside an export */
    free(I->graph->export_name);
    I->graph->export_name = NULL;
  }
  GraphState *S = I->graph;
  if (!S) return;
  bc_explain(I);
  for (int i = 0; i < S->npycall; i++) pycall_free(I, &S->pycalls[i]);
  free(S->pycalls);
  v_decref(I, S->fb_exc);
  for (int i = 0; i < S->nbreak; i++) free(S->breaks[i].reason);
  free(S->breaks);
  for (int i = 0; i < S->nfn; i++) {
    GFn *gf = S->fns[i];
    for (int j = 0; j < gf->nent; j++) entry_free(I, gf->ents[j]);
    free(gf->ents);
    for (int j = 0; j < gf->npiece; j++) entry_free(I, gf->pieces[j]);
    free(gf->pieces);
    v_decref(I, gf->fn);
    free(gf->name);
    free(gf->options);
    free(gf->fastargs);
    free(gf);
  }
  free(S->fns);
  if (S->cj_cls) obj_decref(I, &S->cj_cls->h);
  if (S->cc_func) obj_decref(I, &S->cc_func->h);
  free(S);
  I->graph = NULL;
  jit_unload_all();
}
