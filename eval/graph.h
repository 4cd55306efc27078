/* graph.h — graph mode: capture (ast and trace), the specialisation cache,
 * and running compiled graphs through a backend (eval/graph.c).
 *
 * How a graph comes to be (DESIGN.md "One interpreter, three capture
 * modes"):
 *   - `@ms.jit` / `ms.jit(fn)` wrap fn in lib/ (mindspore/common/api.py)
 *     around _msc.jit_new(fn, capture_mode, jit_level) -> a graph function
 *     id, and calls go through _msc.jit_call(id, args, kwargs). A Cell
 *     called in GRAPH_MODE goes through the same path with its construct
 *     and self as the first argument; Cell.compile through _msc.jit_compile.
 *   - jit_call computes the specialisation key (each tensor argument's
 *     dtype and shape, each other argument's value, Parameters and other
 *     objects by identity, the options) and looks it up; on a miss it
 *     captures:
 *       ast:   the function runs with SYMBOLIC tensors (Tensor.data NULL,
 *              Tensor.sym the IR value) for its tensor arguments; every
 *              primitive with a symbolic or Parameter input is staged into
 *              the graph by prim_call (graph_stage) instead of running;
 *              everything else (Python values, Cell attributes, range,
 *              loops, ifs on constants, primitives on constants) runs now,
 *              at compile time. Reading a symbolic tensor's data goes
 *              through tensor_need_data(), which stops with an error at
 *              the script line (never a silently wrong constant). print()
 *              becomes a graph Print node.
 *       trace: the first call runs eagerly with its real tensors and
 *              prim_call also records each primitive whose inputs come
 *              from the arguments or Parameters (graph_record); later
 *              calls run the graph.
 *     then verifies the IR, runs the pass pipeline of the graph's level
 *     (passes.h: jit_level 'O0'|'O1'|'O2' of ms.jit, a Cell's
 *     JitConfig(jit_level=), else msc run's -O, default O1; the level is
 *     part of the key), hands it to the backend (--backend=cc: codegen
 *     + cc + dlopen; ref: ir/exec.c) and keeps it in the cache.
 *   - A jit function called while a capture runs is inlined into it.
 */
#ifndef MSC_GRAPH_H
#define MSC_GRAPH_H

#include "../codegen/codegen.h"
#include "tensor.h"

struct IrNode;

typedef enum GraphBackend { GB_CC, GB_REF } GraphBackend;
typedef enum GraphRunMode { GM_SCRIPT, GM_PYNATIVE, GM_GRAPH } GraphRunMode;

typedef struct GraphRecords GraphRecords;

/* How graphs compile and run (msc run / msc compile options), a value the
 * driver hands to the interpreter before the script runs (graph_configure);
 * a default configuration applies otherwise. */
typedef struct GraphConfig {
  GraphBackend backend;
  GraphRunMode mode;   /* --mode=: force PyNative, start in GRAPH_MODE */
  bool verbose;        /* -v: log compilations and why */
  const char *cache_dir; /* --cache-dir, or NULL */
  /* the pipeline and its options for every graph (codegen.h): -O is the
   * level of graphs whose jit_level the script does not set (default 1);
   * --passes, --print-*, --verify-each, --time-passes, --memory-report,
   * --dump-ir, --emit-dot, --dump-c */
  CgCompileOptions compile;
  GraphRecords *records; /* msc compile: each compiled graph is recorded
                            here (the driver owns it); NULL: not recorded */
} GraphConfig;

void graph_config_init(GraphConfig *c);
/* The configuration of I's graphs (copied; the strings it points to must
 * outlive I). */
void graph_configure(Interp *I, const GraphConfig *c);

/* ---- msc compile: the record of every compiled graph ---------------------
 * With GraphConfig.records, each new specialisation (a compiled graph) gets
 * a GraphRecord, in the order the script compiled them. Its first call
 * (Cell.compile and trace's first call too: the graph is then run once
 * more by the reference executor, with the output hook muted) records the
 * value of every entry-graph param (inputs and the Parameters' values at
 * that call) and the outputs the reference executor computed. When the
 * interpreter ends (graph_free_all) each record takes its module, after
 * the passes of the graph's level. The records belong to the driver's
 * GraphRecords and outlive the interpreter (graph_records_free). */
typedef struct GraphArray {
  msrt_dtype dt;
  int ndim;
  int64_t shape[MSRT_MAX_NDIM];
  void *data;            /* malloc'd, contiguous */
  size_t nbytes;
} GraphArray;

#define GRAPH_RECORD_MAX_CALLS 16
typedef struct GraphCall {
  GraphArray *params;    /* nparam entries */
  GraphArray *outs;      /* nout entries */
} GraphCall;

typedef struct GraphRecord {
  char *name;            /* the graph's name: Cell class + "_construct", or
                            the function's name (C-safe, maybe not unique) */
  int level;             /* its pass pipeline: 0, 1, 2 */
  struct IrModule *m;    /* owned; NULL until graph_free_all */
  bool called;           /* params/outs hold a call */
  int nparam;
  GraphArray *params;    /* per entry-graph param */
  int nout;
  GraphArray *outs;      /* per ir_outputs() entry */
  /* A graph that assigns Parameters (a training step) records its first
   * GRAPH_RECORD_MAX_CALLS calls: calls[k].params are the entry-graph
   * param values before call k, calls[k].outs its outputs (calls[0] is
   * params/outs above); after[] are the param values after the last
   * recorded call (the trained weights). Other graphs: ncall 1, after
   * NULL. */
  bool assigns;
  int ncall;
  GraphCall *calls;
  GraphArray *after;     /* nparam entries, or NULL */
} GraphRecord;

struct GraphRecords {
  GraphRecord **v;
  int n, cap;
};
void graph_records_free(GraphRecords *rs);

/* True while an ast capture runs (prim_call stages instead of running). */
bool graph_staging(Interp *I);
/* True while a trace capture runs (prim_call runs and records). */
bool graph_tracing(Interp *I);

/* prim_call's hook during ast capture: stages op on inputs t[] (already
 * converted: cast[i] is the dtype the kernel wants) and returns a new
 * symbolic tensor of type out. */
Tensor *graph_stage(Interp *I, OpId op, int nin, Tensor *const *t, const msrt_dtype *cast,
                    const Attrs *a, const TType *out);
/* prim_call's hook during trace capture: records op (inputs before
 * conversion t[], cast[], result o) when any input comes from the graph's
 * arguments or Parameters, and marks o with its node. */
void graph_record(Interp *I, OpId op, int nin, Tensor *const *t, const msrt_dtype *cast,
                  const Attrs *a, Tensor *o);
/* Should prim_call stage this call (ast capture, some input symbolic or a
 * Parameter)? */
bool graph_should_stage(Interp *I, int nin, const Value *in);

/* Statements and builtins outside the static-graph syntax (SEMANTICS.md
 * §8: del, import, nonlocal, set displays, sorted/iter/next/id/hash...)
 * (node: where, or NULL for the current call) raise an error diagnostic when met in the user's code during ast
 * capture (a RuntimeError, as MindSpore raises); a no-op otherwise. */
void graph_check_syntax(Interp *I, const struct Node *node, const char *what);

/* `name = value` in the user's code during a capture: the node that
 * computes t keeps the source name (printed as CNode_3$name). */
void graph_name_value(Interp *I, Tensor *t, const char *name);

/* builtins.c print() during ast capture: stages a Print node. */
void graph_print(Interp *I, int argc, Value *argv);

/* A new symbolic tensor (data NULL) standing for node n. */
Tensor *tensor_new_sym(Interp *I, msrt_dtype dt, int ndim, const int64_t *shape,
                       struct IrNode *n);
/* The one check (DESIGN.md "Rules the interpreter keeps"): raises at the
 * script line when t has no data (a symbolic tensor), saying that `what`
 * needs a concrete value and what to do instead. */
void tensor_need_data(Interp *I, const Tensor *t, const char *what);

/* _msc natives (registered by mod_msc.c). */
Value graph_native_jit_new(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_jit_call(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_jit_compile(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_capturing(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_run_mode(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_assign(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_export_name(Interp *I, int argc, Value *argv, KwArgs *kw);
Value graph_native_warn(Interp *I, int argc, Value *argv, KwArgs *kw);

/* ---- the reference executor on Tensors (graph_exec.c) ------------------------
 * graph_exec runs m's entry graph (ir/exec.c) with params[] (one Tensor per
 * entry-graph param); outs[i] NULL gets a new Tensor of the output's type.
 * An error is raised as the exception it names, located at the failing
 * node's script line (graph_relocate). */
void graph_exec(Interp *I, IrModule *m, Tensor *const *params, Tensor **outs);
/* Puts loc at the innermost end of the traceback of the exception being
 * raised (call between catching it and raising it again). */
void graph_relocate(Interp *I, IrLoc loc);
/* Raises an op error (ir/ops.h kinds) located at loc when at_node. */
_Noreturn void graph_raise_at(Interp *I, OpErrKind kind, const char *msg, IrLoc loc, bool at_node);

/* Routes the runtime's output hook to the script's stdout (interp_new). */
void graph_init(Interp *I);
/* Drops every compiled graph and cached reference (interp_free, before
 * the final sweep). */
void graph_free_all(Interp *I);


/* ---- for autodiff (eval/autodiff.c) ------------------------------------------
 * The current capture (any mode): its module, entry graph, the script
 * location of the running line, the IR value of a tensor (cast to dt), the
 * IR param of a Parameter (registered on first use), a symbolic tensor for
 * a node. Each raises when no capture runs. */
struct IrModule *graph_cur_module(Interp *I);
struct IrGraph *graph_cur_graph(Interp *I);
IrLoc graph_cur_loc(Interp *I);
struct IrNode *graph_value(Interp *I, Tensor *t, msrt_dtype dt);
struct IrNode *graph_parameter(Interp *I, Tensor *p);
Tensor *graph_sym(Interp *I, struct IrNode *n);
/* A standalone trace capture (PyNative gradients): begin makes it the
 * current capture (the previous one, if any, is restored by end); input
 * makes a tensor a graph param (recorded ops on it are traced); end
 * returns the module and, per entry-graph param, the tensor to pass (new
 * references; free the array) — or frees everything when params is NULL. */
typedef struct GraphTrace GraphTrace;
GraphTrace *graph_trace_begin(Interp *I, const char *name);
struct IrNode *graph_trace_input(Interp *I, GraphTrace *tr, Tensor *t, const char *name);
struct IrModule *graph_trace_end(Interp *I, GraphTrace *tr, Tensor ***params, int *nparam);

/* eval/autodiff.c: _msc.grad_call(fn, args, kwargs, positions, weights, sens,
 * has_aux) -> (value, input_grads, weight_grads). */
Value autodiff_native_grad_call(Interp *I, int argc, Value *argv, KwArgs *kw);

/* The keyword arguments in a dict (borrowed values; free kw->names and
 * kw->vals); none when kwargs is not a dict. */
void graph_kwargs(Value kwargs, KwArgs *kw);
/* Makes s an IR and C identifier in place (other characters -> '_'). */
void graph_ident(char *s);

#endif
