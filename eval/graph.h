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
 *
 * This header declares what the driver uses: the run options and msc
 * compile's records. The capture hooks prim_call, the evaluator and the
 * _msc natives call are eval/'s own: valpriv.h.
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
  bool explain;          /* --explain: report bytecode capture's graph breaks */
} GraphConfig;

void graph_config_init(GraphConfig *c);
/* The configuration of I's graphs (copied; the strings it points to must
 * outlive I). */
void graph_configure(Interp *I, const GraphConfig *c);
/* --max-loop-iterations (0: not given). */
int64_t graph_max_loop_iterations(Interp *I);

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
  int nbreak;            /* graph breaks met (bytecode capture) and JIT
                            Fallbacks (ast capture), each reported as an
                            error: nothing may be written */
  int nfallback;         /* of which JIT Fallbacks */
};
void graph_records_free(GraphRecords *rs);

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

#endif
