/* passes.h — the optimisation passes over the graph IR and their manager
 * (DESIGN.md "passes/", STYLE.md "A pass's file shape").
 *
 * A pass is one file passes/NAME.c with a contract comment (requires /
 * preserves / breaks), small static helpers and one public entry at the
 * bottom:
 *     bool pass_NAME(IrModule *m, PassCtx *ctx);
 * It transforms m in place and returns true when it changed anything (so
 * --print-after-change works). A pass must leave m verifying (ir_verify);
 * --verify-each checks that after every pass.
 *
 * passes.c holds the registry, {"cse", pass_cse, "one-line description"},
 * and the pipeline of each level as a plain list:
 *     -O0 (jit_level O0)  inline, constfold, simplify, dce
 *     -O1 (jit_level O1)  O0 + cse, licm (after dce), fuse-epilogue, fuse-elementwise, dce
 *     -O2 (jit_level O2)  O1 + layout
 * Memory planning is not a pass over the IR: C generation asks
 * passes/memplan.c for the arena plan of the final graph (memplan.h).
 *
 * Semantics every pass keeps: Load/Assign/Print keep their order and are
 * never removed, duplicated or merged (ir_has_effect); Parameters are
 * never folded into constants; results stay bit-identical except where
 * a pass says otherwise (fusion changes the summation order of nothing;
 * simplify's rules are exact in IEEE arithmetic: x*1, x+0 only where the
 * sign of zero cannot change, see simplify.c).
 */
#ifndef MSC_PASSES_H
#define MSC_PASSES_H

#include <stdbool.h>
#include <stdio.h>

#include "../ir/ir.h"

typedef struct PassCtx PassCtx;

struct PassCtx {
  int level;             /* 0, 1, 2 */
  bool aot;              /* compiling for `msc compile`: constants may be
                            re-laid-out (layout pass) */
  int64_t fold_max_elems; /* largest result constfold creates (0: 1<<16) */
};

typedef bool (*PassFn)(IrModule *m, PassCtx *ctx);

typedef struct Pass {
  const char *name;
  PassFn fn;
  const char *desc;
} Pass;

/* The registry, terminated by a {NULL} entry. */
extern const Pass pass_registry[];
const Pass *pass_find(const char *name);

/* How to run a pipeline (msc run / msc opt options). */
typedef struct PassOptions {
  int level;                 /* -O0/-O1/-O2, when passes is NULL */
  const char *passes;        /* --passes=a,b,c: exactly these, in order */
  const char *print_after;   /* --print-after=a,b: dump after these */
  const char *print_before;  /* --print-before=a,b */
  bool print_after_all;
  bool print_after_change;   /* dump after a pass that changed something */
  bool verify_each;
  bool time_passes;          /* a table of wall time per pass to stderr */
  FILE *dump;                /* where dumps go (NULL: stderr) */
} PassOptions;

/* Checks every name in opts->passes / print_after / print_before exists;
 * on failure writes "no such pass 'x' (passes: a, b, ...)" into err. */
bool pass_check_names(const PassOptions *opts, char *err, size_t errcap);

/* Runs the pipeline on m. Dumps go to opts->dump in the IR's own syntax,
 * each after the banner `// -----// IR Dump After NAME //----- //`.
 * With verify_each, a pass that leaves m not verifying gets the IR printed
 * and an error naming the pass: returns false with the message in err. */
bool pass_run(IrModule *m, PassCtx *ctx, const PassOptions *opts, char *err, size_t errcap);

/* The pipeline of level lv as "a, b, c" (help texts). */
void pass_pipeline_print(FILE *f, int lv);

/* ---- helpers shared by passes -------------------------------------------- */
/* Is g the subgraph of some Fusion node of m? (passes.c) */
bool pass_is_fusion_body(const IrModule *m, const IrGraph *g);
/* fuse_elementwise.c: moves the n nodes grp (graph order, root last, every
 * value but root's used only inside grp) into a new subgraph called by a
 * Fusion node put in root's place; marks them dead; returns the Fusion. */
IrNode *fuse_outline(IrModule *m, IrGraph *g, int n, IrNode **grp, IrNode *root);

/* ---- the passes ---------------------------------------------------------- */
bool pass_inline(IrModule *m, PassCtx *ctx);           /* inline.c */
bool pass_constfold(IrModule *m, PassCtx *ctx);        /* constfold.c */
bool pass_simplify(IrModule *m, PassCtx *ctx);         /* simplify.c */
bool pass_cse(IrModule *m, PassCtx *ctx);              /* cse.c */
bool pass_dce(IrModule *m, PassCtx *ctx);              /* dce.c */
bool pass_fuse_elementwise(IrModule *m, PassCtx *ctx); /* fuse_elementwise.c */
bool pass_fuse_epilogue(IrModule *m, PassCtx *ctx);    /* fuse_epilogue.c */
bool pass_layout(IrModule *m, PassCtx *ctx);           /* layout.c */
bool pass_licm(IrModule *m, PassCtx *ctx);             /* licm.c */
bool pass_fold_bn(IrModule *m, PassCtx *ctx);          /* fold_bn.c */

#endif
