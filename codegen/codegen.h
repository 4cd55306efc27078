/* codegen.h — C code generation from the graph IR (codegen/emit.c) and the
 * JIT that compiles it with the system C compiler (codegen/jit.c).
 *
 * Generated C follows DESIGN.md "Generated C": C99, clean under
 * -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror with gcc and
 * clang; no malloc, no VLAs, no recursion; it includes "msrt.h" and calls
 * the runtime's msrt_* kernels (in `msc run` those msc itself exports:
 * driver/msc.dynlist, and nothing else). The same IR gives byte-identical C.
 *
 * Emission is table-driven like the other stages: emit_rules[] in emit.c,
 * indexed by OpId, is the C-emission column of ir/ops.def
 * (cg_emit_rule_exists() lets tests/unit/test_ops.c check every op has
 * one). The structural ops MakeTuple, TupleGetItem, Load and Print are
 * emitted too; If/While are refused (cg_emit fails with a message) until
 * tensor control flow arrives.
 *
 * Where each value lives is decided before emission by the memory plan
 * (passes/memplan.h: memplan_compute); cg_emit computes it, or takes
 * CgOptions.plan, and then walks the graph once.
 *
 * The emitted entry function has the signature
 *     int NAME(void *const *args, void *ws);
 * args follows the calling convention of ir.h ("the calling convention of
 * a compiled entry graph"): entry params, then the constants passed by
 * pointer, then the outputs. ws is a caller-provided workspace of
 * CgResult.ws_size bytes, 64-byte aligned (NULL when ws_size is 0); all
 * intermediates live in it at offsets fixed at compile time. It returns 0,
 * or a non-zero msrt error code when a kernel refused its arguments.
 * Graph-mode Print writes through the runtime's output hook
 * (msrt_write / msrt_print_graph with a NULL writer), so the text lands in
 * order with the interpreter's own output.
 */
#ifndef MSC_CODEGEN_H
#define MSC_CODEGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ir/ir.h"
#include "../passes/passes.h"

typedef struct CgOptions {
  /* Tensor constants with more elements than this are passed by pointer
   * (JIT C never contains weight values); smaller ones are emitted as
   * static const arrays. */
  int64_t inline_max_elems; /* 0 = default (16) */
  /* --memory-report: the memory plan (passes/memplan.h) is printed here
   * (memplan_report) once the C is emitted. NULL: no report. */
  FILE *memory_report;
  /* The memory plan (passes/memplan.h) of this module, computed with the
   * same inline_max_elems; NULL: cg_emit computes it. */
  const struct MemPlan *plan;
  /* The target whose kernels the C calls (its scratch); NULL: portable. */
  const struct MemTarget *target;
  /* A while loop past its max_iterations returns MSRT_ELOOP - k, k its
   * index in CgResult.loops, so the caller can name the loop (msc run's
   * JIT); false: every such loop returns MSRT_ELOOP (msc compile's
   * NAME_ERR_LOOP_BOUND). */
  bool loop_codes;
  /* msc run's JIT: a PyExecute node (JIT Fallback) calls the host's
   * interpret (MscHost, below); false (msc compile): it is refused. */
  bool host_calls;
  /* msc run's JIT: a Parameter (an entry param with is_parameter) that is
   * the B operand of 2-D MatMuls only with one transpose_b, in a module
   * that assigns no Parameter, is read from a copy packed by the caller
   * (msrt_gemm_pack_b's layout; CgResult.packed) passed after the outputs:
   * no transposes or panel copies per call. false (msc compile): never. */
  bool pack_params;
} CgOptions;

/* A Parameter the caller passes packed: args[nparam + nconst + nout + k]
 * holds msrt_gemm_pack_b(dt, transb, K, N, args[param]) for packed[k]. */
typedef struct CgPacked {
  int param;          /* the entry param's index */
  int transb;
  int64_t K, N;
  msrt_dtype dt;
} CgPacked;

/* A while loop the C bounds (its max_iterations attribute). */
typedef struct CgLoop {
  IrLoc loc;          /* the While node's location (the module's strings) */
  int64_t max;        /* its max_iterations */
} CgLoop;

typedef struct CgResult {
  char *c;            /* malloc'd C text of the translation unit */
  size_t ws_size;     /* workspace bytes the function needs (the arena) */
  size_t ws_lower_bound; /* the arena's lower bound (memplan.h) */
  size_t ws_act_lower;   /* the same without the kernels' scratch (MemPlan.act_lower) */
  int nconst;         /* constants passed by pointer, in args order */
  IrNode **consts;    /* malloc'd array of the IR_NK_CONST nodes */
  double ms_passes;   /* cg_compile: wall time of the passes */
  double ms_emit;     /* cg_compile: wall time of planning and emission */
  int nloop;          /* the bounded while loops, in the order of the C */
  CgLoop *loops;      /* malloc'd */
  int npacked;        /* CgOptions.pack_params: the packed Parameters */
  CgPacked *packed;   /* malloc'd */
} CgResult;

/* Emits the entry graph of m as function `fname`. Returns false with a
 * message in err (naming the node's op and script location) when the
 * graph holds something C emission does not support. */
bool cg_emit(IrModule *m, const char *fname, const CgOptions *opts, CgResult *out, char *err,
             size_t errcap);
void cg_result_free(CgResult *r);
/* The entry function's name for a graph: "msc_" + the graph's name with
 * every character that is not an ASCII letter, digit or '_' as '_'
 * (malloc'd). */
char *cg_entry_name(const char *graph);
/* True when op (an OpId) has a C-emission rule. */
bool cg_emit_rule_exists(int op);

/* ---- the pipeline (pipeline.c) -------------------------------------------------
 * One function compiles a module for every command (msc run's graphs, msc
 * opt, msc compile's entries): verify, the level's pass pipeline (or
 * --passes=) with the print/verify/time options, verify, the dumps, then,
 * when C is wanted, the memory plan and the C text. Options are a value. */
typedef struct CgCompileOptions {
  int level;               /* 0, 1, 2: the pipeline (when passes.passes is NULL) */
  bool level_given;        /* -O given on the command line */
  bool no_passes;          /* run no pass at all (msc opt without -O/--passes) */
  bool aot;                /* for msc compile (the layout pass re-lays out constants) */
  PassOptions passes;      /* --passes, --print-*, --verify-each, --time-passes */
  bool memory_report;      /* --memory-report: the arena plan (to dump) */
  bool dump_ir, emit_dot, dump_c; /* --dump-ir, --emit-dot, --dump-c (to dump) */
  int64_t max_loop_iterations; /* --max-loop-iterations=N: the bound of a while
                            loop under a gradient whose trip count is not
                            known at compile time (0: none given) */
  const char *bad_option;  /* a malformed option value (reported by _check) */
  FILE *dump;              /* where dumps and reports go (NULL: stderr) */
  bool emit;               /* plan memory and emit C (false: stop after the dumps) */
  CgOptions cg;            /* C generation */
} CgCompileOptions;

/* Where cg_compile stopped. */
typedef enum CgStatus {
  CG_OK = 0,
  CG_EVERIFY,  /* the module as given does not verify */
  CG_EPASS,    /* a pass failed (--verify-each), or its result does not verify */
  CG_EEMIT,    /* C generation does not support something in the module */
} CgStatus;

void cg_compile_options_init(CgCompileOptions *o);
/* Compiles m: verify, passes, verify, dumps; with o->emit also plans
 * memory and emits the entry graph as function fname into *out (whose
 * ms_passes/ms_emit are set either way). Returns CG_OK, or where it
 * stopped with a one-line message in err (a verifier failure prints its
 * diagnostic first). */
CgStatus cg_compile(IrModule *m, const char *fname, const CgCompileOptions *o, CgResult *out, char *err,
                    size_t errcap);
/* Takes one command-line word of the compile options into *o: 1 when it
 * was one, else 0. The same words for every command. */
int cg_compile_option(CgCompileOptions *o, const char *arg);
/* Checks the pass names the options mention; "no such pass" message. */
bool cg_compile_options_check(const CgCompileOptions *o, char *err, size_t errcap);
/* The compile options' help text (the pass list from the registry). */
void cg_compile_options_help(FILE *f);

/* `msc opt [options] FILE.mir` (opt.c): parse, verify, run the passes,
 * print the module (or its C, or its picture) to stdout. Returns the exit
 * status: 0, 1 (the file does not parse or verify, a pass failed), 2 (bad
 * usage). */
int cg_opt_main(int argc, char **argv);

/* ---- JIT (jit.c) ---------------------------------------------------------
 * Compiles C text into a shared object with $CC (default "cc") and the
 * flags "-std=c99 -O2 -fPIC -shared" plus -I of the cache directory
 * (where msrt.h is written, from the copy embedded in msc), caches it,
 * loads it with dlopen and returns the address of symbol fname.
 *
 * Cache: directory opts->cache_dir, else $MSC_CACHE_DIR, else
 * $XDG_CACHE_HOME/msc, else $HOME/.cache/msc (created as needed). The key
 * is a 64-bit FNV-1a hash (hex) over the C text, the compiler's identity
 * (`$CC --version` output, computed once per process), the flags, msrt.h
 * and MSC_VERSION; the object is <key>.so. Compilation writes to a unique
 * temporary name in the cache directory and renames it into place, so
 * concurrent msc processes never load a half-written object. The C text
 * is kept beside it as <key>.c (also renamed into place); the compiler's
 * output goes to <key>.log.
 *
 * Errors (compiler missing, compiler failed, dlopen/dlsym failed, cache
 * directory unusable) return NULL with a one-line message in err naming
 * the log file where there is one, e.g.
 *   "the C compiler 'cc' failed (exit status 1); see /x/msc/ab12.log". */
typedef int (*CgEntryFn)(void *const *args, void *ws);

typedef struct JitOptions {
  const char *cache_dir; /* NULL: environment/default */
  bool verbose;          /* log compiler runs and cache hits to stderr */
} JitOptions;

typedef struct JitStats {
  int compiles;          /* cc invocations by this process */
  int cache_hits;        /* objects found in the cache */
  double cc_seconds;     /* wall time spent in cc */
} JitStats;

CgEntryFn jit_load(const char *c_text, const char *fname, const JitOptions *opts, char *err,
                   size_t errcap);

/* ---- Host callbacks for JIT'd code ---------------------------------------
 * JIT'd code reaches msc by two roads only: the runtime's msrt_* functions
 * (the executable's only exports, driver/msc.dynlist) and this table. The
 * interpreter's own symbols (eval/) are never exported: a graph that calls
 * back into it (JIT Fallback's PyExecute nodes: `interpret`) does so
 * through a function pointer here.
 *
 * When jit_load dlopens an object that defines
 *     void msc_host_init(const MscHost *host);
 * it calls it once, before looking up the entry, with a table that lives as
 * long as the process; the object keeps the pointer (a static). Objects
 * without the symbol are loaded as before. The object declares its own copy
 * of the struct (generated code includes only msrt.h), so the layout is an
 * ABI: members are only ever appended, `size` says how many the host has
 * (sizeof(MscHost)), and abi_version changes when a member's meaning does;
 * code checks abi_version == MSC_HOST_ABI_VERSION and size before calling
 * a member. The version enters the JIT cache key (jit.c). */
#define MSC_HOST_ABI_VERSION 1u

typedef struct MscHost {
  uint32_t abi_version; /* MSC_HOST_ABI_VERSION */
  uint32_t size;        /* sizeof(MscHost) as the host knows it */
  /* Writes n bytes to the script's standard output, in order with the
   * interpreter's own output (the runtime's output hook, msrt_write). */
  void (*write)(const char *s, size_t n);
  /* JIT Fallback: runs PyExecute node `id` (its Python call) on in[k],
   * operand k's data, writing the result into out (the node's type);
   * 0, or non-zero when the call raised (the interpreter keeps the
   * exception). Set by jit_set_interpret. */
  int (*interpret)(uint32_t id, void *const *in, void *out);
} MscHost;

/* The interpreter's side of MscHost.interpret (eval/graph.c): interpret
 * calls fn(ctx, id, in, out). */
void jit_set_interpret(int (*fn)(void *ctx, uint32_t id, void *const *in, void *out), void *ctx);

/* The table jit_load hands to msc_host_init. */
const MscHost *jit_host(void);
const JitStats *jit_stats(void);

/* A JIT cache entry's manifest (<cache>/<key>.manifest, codegen/jit.c):
 * parsed strictly; false when text is not exactly one. (The fuzz target
 * fuzz/jitcache.c feeds it any bytes.) */
typedef struct JitManifest {
  uint64_t key;
  uint64_t size;
  char sha256[65];
} JitManifest;
bool jit_manifest_parse(const char *text, size_t n, JitManifest *m);
/* dlcloses every loaded object (at interpreter teardown). */
void jit_unload_all(void);
/* Tests only: called with the cache entry's path after it has been checked
 * and before it is dlopened (where another process may rename an object
 * over it). NULL in msc. */
extern void (*jit_before_dlopen)(const char *path);

/* msrt.h as embedded in msc (build/msrt_embed.c). */
extern const char msc_msrt_h[];
extern const size_t msc_msrt_h_len;

/* ==== AOT library writer (codegen/aot.c): msc compile =====================
 * aot_write turns the graphs a script compiled into one C library in
 * opts->dir: NAME.h, NAME.c, NAME_test.c. By default (--runtime=inline)
 * NAME.c carries the runtime it needs: msrt.h's types and the runtime
 * files whose msrt_* functions its entries call (closed over their calls
 * between files; granularity: one runtime file with its static helpers),
 * every function static, so the pair is self-contained and two libraries
 * link into one image (build/msrt_amalg_embed.c, made by
 * scripts/runtime-amalgamate.py). With opts->runtime_separate
 * (--runtime=separate) NAME.c includes "msrt.h" and msrt.h and
 * msrt_<file>.c (every runtime/ C file as embedded in msc,
 * build/msrt_src_embed.c) are written beside it, one copy for several
 * libraries. See the header comment aot.c writes for the API of the
 * generated code.
 *
 * Each AotGraph is one compiled graph (eval/graph.h GraphRecord): its
 * module (modified here: every Load of a Parameter becomes a tensor
 * constant of the value recorded at the first call, the Parameter param is
 * removed, then the pass pipeline of the graph's level runs with
 * PassCtx.aot), the value of each entry-graph param at its first call and
 * the reference executor's outputs for that call (the self-test's data).
 * Entry names: the graph's name made C-safe, "_2", "_3"... for repeats.
 * Everything is generated in memory first; files are written to temporary
 * names and renamed, so on any error nothing is left behind (a directory
 * aot_write created is removed again). Returns false with a one-line
 * message in err. */
typedef struct AotTensor {
  msrt_dtype dt;
  int ndim;
  const int64_t *shape;
  const void *data;     /* contiguous */
  size_t nbytes;
} AotTensor;

/* One recorded call: the entry-graph param values before it, its outputs. */
typedef struct AotCall {
  const AotTensor *params; /* nparam */
  const AotTensor *outs;   /* nout */
} AotCall;

typedef struct AotGraph {
  const char *name;     /* the graph's name */
  int level;            /* pass pipeline 0, 1, 2 */
  IrModule *m;          /* modified */
  bool called;          /* params/outs hold the first call */
  int nparam;
  const AotTensor *params; /* per entry-graph param (inputs and Parameters) */
  int nout;
  const AotTensor *outs;
  /* A graph that assigns Parameters (a training step): its recorded calls
   * in order (calls[0] is params/outs above) and the param values after
   * the last one. The Parameters it assigns stay in RAM (their value before
   * calls[0] is the initial value); the self-test replays every call and
   * then checks the Parameters against after[]. Others: ncall 1 (or 0),
   * calls may be NULL, after NULL. */
  int ncall;
  const AotCall *calls;
  const AotTensor *after;  /* nparam, or NULL */
} AotGraph;

typedef struct AotOptions {
  const char *dir;      /* output directory (created if missing) */
  const char *name;     /* library name (a C identifier after sanitising) */
  const char *source;   /* the script's base name, for comments */
  const char *const *entries; /* --entry: pick these (NULL: all) */
  int nentries;
  FILE *memory_report;  /* --memory-report: per entry figures and plan */
  bool runtime_separate; /* --runtime=separate: msrt.h + msrt_*.c beside the library */
  const char *target;   /* --target=T (aot_target_known); NULL: "generic" */
  bool fold_bn;         /* --fold-bn: passes/fold_bn.c before the pipeline */
  /* the pipeline options (each entry's level comes from its graph unless
   * -O was given); NULL: the defaults */
  const CgCompileOptions *compile;
  /* --quantize=int8 (passes/quantize.h): NULL: float. The calibration
   * samples come from calib (--calibration=FILE: its arrays, matched to
   * each entry's inputs by name, else by position) or, without it, from the
   * inputs of the entry's recorded calls. */
  const struct QuantOptions *quant;
  const char *calib_path;
  int ncalib;
  const char *const *calib_name;
  const AotTensor *calib;
  FILE *warn;           /* warnings (NULL: stderr) */
} AotOptions;

bool aot_write(AotGraph *graphs, int ngraph, const AotOptions *opts, char *err, size_t errcap);
/* --target=T: is T one of the targets (generic, cortex-m4, cortex-m7,
 * cortex-m0plus)? aot_target_names: them, ", "-separated, for messages. */
bool aot_target_known(const char *name);
const char *aot_target_names(void);

/* the runtime/ C files as embedded in msc (build/msrt_src_embed.c): each file
 * introduced by a line "@@msc-runtime-file NAME.c". */
extern const char msc_msrt_src[];
extern const size_t msc_msrt_src_len;
/* the runtime as inlined into NAME.c (build/msrt_amalg_embed.c): the format
 * is described in scripts/runtime-amalgamate.py. */
extern const char msc_msrt_amalg[];
extern const size_t msc_msrt_amalg_len;

#endif
