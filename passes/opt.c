/* opt.c — `msc opt [options] FILE.mir`: read an IR file (as --dump-ir
 * prints it), verify it, run passes, print the result (as mlir-opt does);
 * the tool the pass tests run. Exit status: 0, 1 (the file does not
 * parse or verify, a pass failed), 2 (bad usage: options, pass names). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/codegen.h"
#include "memplan.h"
#include "passes.h"

static const char opt_usage[] =
    "usage: msc opt [options] FILE.mir\n"
    "  reads an IR file (as --dump-ir prints it), verifies it, runs the passes\n"
    "  and prints the result to stdout ('-' reads stdin)\n"
    "  -O0|-O1|-O2            run that level's pipeline (default: no passes):\n"
    "                         O0 inline, constfold, simplify, dce; O1 + cse,\n"
    "                         fuse-epilogue, fuse-elementwise, dce; O2 + layout\n"
    "  --passes=P,...         run exactly these passes, in order\n"
    "  --print-before=P,...   dump the IR before these passes (stderr)\n"
    "  --print-after=P,...    dump the IR after these passes (stderr; 'all': every pass)\n"
    "  --print-after-all      dump after every pass\n"
    "  --print-after-change   dump after every pass that changed the IR\n"
    "  --verify-each          verify the IR after every pass\n"
    "  --time-passes          print the time each pass took (stderr)\n"
    "  --aot                  compile for `msc compile` (layout may re-lay-out constants)\n"
    "  --memory-report        print the memory plan of the entry graph (stderr): where\n"
    "                         each value lives, the arena and its lower bound\n"
    "  --emit-c               print the C of the entry graph (function msc_<graph>) instead\n"
    "  --emit-dot             print the module as a Graphviz picture instead\n";

/* --memory-report without --emit-c: the plan alone, nothing emitted. */
static bool report_plan(IrModule *m, char *err, size_t errcap) {
  MemPlan p;
  if (!memplan_compute(m, NULL, &p, err, errcap)) return false;
  memplan_report(stderr, &p);
  memplan_free(&p);
  return true;
}

int pass_opt_main(int argc, char **argv, PassFoldFn fold, void *fold_ctx) {
  const char *path = NULL;
  bool emit_c = false, emit_dot = false, run_passes = false, memory_report = false;
  PassOptions po;
  memset(&po, 0, sizeof po);
  PassCtx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.fold = fold;
  ctx.fold_ctx = fold_ctx;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--verify-each") == 0) po.verify_each = true;
    else if (strcmp(a, "--emit-c") == 0) emit_c = true;
    else if (strcmp(a, "--emit-dot") == 0) emit_dot = true;
    else if (strcmp(a, "--aot") == 0) ctx.aot = true;
    else if (strcmp(a, "--memory-report") == 0) memory_report = true;
    else if (strcmp(a, "--print-after-all") == 0) po.print_after_all = true;
    else if (strcmp(a, "--print-after-change") == 0) po.print_after_change = true;
    else if (strcmp(a, "--time-passes") == 0) po.time_passes = true;
    else if (strncmp(a, "--print-after=", 14) == 0) po.print_after = a + 14;
    else if (strncmp(a, "--print-before=", 15) == 0) po.print_before = a + 15;
    else if (strncmp(a, "--passes=", 9) == 0) {
      po.passes = a + 9;
      run_passes = true;
    } else if (strcmp(a, "-O0") == 0 || strcmp(a, "-O1") == 0 || strcmp(a, "-O2") == 0) {
      po.level = a[2] - '0';
      run_passes = true;
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(opt_usage, stdout);
      return 0;
    } else if (a[0] == '-' && a[1]) {
      diag_plain(DIAG_ERROR, "unknown option '%s' for 'msc opt'", a);
      return 2;
    } else if (path) {
      diag_plain(DIAG_ERROR, "'msc opt' takes one file ('%s' and '%s' given)", path, a);
      return 2;
    } else {
      path = a;
    }
  }
  if (!path) {
    fputs(opt_usage, stderr);
    return 2;
  }
  char err[512];
  if (!pass_check_names(&po, err, sizeof err)) {
    diag_plain(DIAG_ERROR, "%s", err);
    return 2;
  }
  ctx.level = po.level;
  SrcFile *f = src_load(path);
  if (!f) {
    diag_plain(DIAG_ERROR, "cannot read '%s': %s", path, strerror(errno));
    return 1;
  }
  IrModule *m = ir_parse(f);
  bool ok = m && ir_verify(m, NULL);
  if (ok && run_passes) {
    ok = pass_run(m, &ctx, &po, err, sizeof err);
    if (!ok) diag_plain(DIAG_ERROR, "%s", err);
  }
  if (ok && emit_c) {
    char *fn = cg_entry_name(ir_module_entry(m)->name);
    CgResult r;
    CgOptions co;
    memset(&co, 0, sizeof co);
    co.memory_report = memory_report ? stderr : NULL;
    ok = cg_emit(m, fn, &co, &r, err, sizeof err);
    if (ok) fputs(r.c, stdout);
    else diag_plain(DIAG_ERROR, "%s", err);
    cg_result_free(&r);
    free(fn);
  } else if (ok && memory_report) {
    ok = report_plan(m, err, sizeof err);
    if (ok) ir_print(stdout, m);
    else diag_plain(DIAG_ERROR, "%s", err);
  } else if (ok && emit_dot) {
    ir_print_dot(stdout, m);
  } else if (ok) {
    ir_print(stdout, m);
  }
  ir_module_free(m);
  src_free(f);
  return ok ? 0 : 1;
}
