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

#include "../passes/passes.h"
#include "tensor.h"

struct IrNode;

typedef enum GraphBackend { GB_CC, GB_REF } GraphBackend;
typedef enum GraphRunMode { GM_SCRIPT, GM_PYNATIVE, GM_GRAPH } GraphRunMode;

/* Set by the driver before the script runs (msc run options). */
typedef struct GraphConfig {
  GraphBackend backend;
  GraphRunMode mode;   /* --mode=: force PyNative, start in GRAPH_MODE */
  bool dump_ir;        /* --dump-ir: each compiled graph's IR to stderr */
  bool emit_dot;       /* --emit-dot: each compiled graph as Graphviz, stderr */
  bool dump_c;         /* --dump-c: each graph's generated C, stderr */
  bool verbose;        /* -v: log compilations and why */
  const char *cache_dir; /* --cache-dir, or NULL */
  int opt_level;       /* -O0/-O1/-O2: the level of graphs whose jit_level
                          the script does not set (default 1) */
  PassOptions passes;  /* --passes=, --print-after=, --print-before=,
                          --print-after-all, --print-after-change,
                          --verify-each, --time-passes: for every graph
                          (passes.level is unused: each graph has its own) */
  bool memory_report;  /* --memory-report: each graph's arena plan, stderr */
  bool record;         /* msc compile: keep every compiled graph (GraphRecord);
                          the driver also sets backend GB_REF */
} GraphConfig;

extern GraphConfig graph_config;

/* ---- msc compile: the record of every compiled graph ---------------------
 * With graph_config.record, each new specialisation (a compiled graph) gets
 * a GraphRecord, in the order the script compiled them. Its first call
 * (Cell.compile and trace's first call too: the graph is then run once
 * more by the reference executor, with the output hook muted) records the
 * value of every entry-graph param (inputs and the Parameters' values at
 * that call) and the outputs the reference executor computed. When the
 * interpreter ends (graph_free_all) each record takes its module, after
 * the passes of the graph's level. graph_records_take hands the list over
 * (the caller frees each with graph_record_free, then the array). */
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

void graph_records_take(GraphRecord ***recs, int *n);
void graph_record_free(GraphRecord *r);

#endif
