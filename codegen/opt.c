/* opt.c — `msc opt [options] FILE.mir`: read an IR file (as --dump-ir
 * prints it), verify it, run passes, print the result (as mlir-opt does);
 * the tool the pass tests run. Exit status: 0, 1 (the file does not
 * parse or verify, a pass failed), 2 (bad usage: options, pass names). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../passes/memplan.h"
#include "codegen.h"

static void opt_usage(FILE *f) {
  fputs("usage: msc opt [options] FILE.mir\n"
        "  reads an IR file (as --dump-ir prints it), verifies it, runs the passes\n"
        "  and prints the result to stdout ('-' reads stdin)\n"
        "  --aot                  compile for `msc compile` (layout may re-lay-out constants)\n"
        "  --emit-c               print the C of the entry graph (function msc_<graph>) instead\n"
        "  --emit-dot             print the module as a Graphviz picture instead\n",
        f);
  cg_compile_options_help(f);
  limits_help(f);
}

/* --memory-report without --emit-c: the plan alone (passes/memplan.c),
 * nothing emitted. */
static bool report_plan(IrModule *m, FILE *f, char *err, size_t errcap) {
  MemPlan p;
  if (!memplan_compute(m, NULL, &p, err, errcap)) return false;
  memplan_report(f, &p);
  memplan_free(&p);
  return true;
}

/* The module's C on stdout (the plan's report too with --memory-report). */
static bool print_c(IrModule *m, const CgCompileOptions *co, bool emit_c, char *err, size_t errcap) {
  char *fn = cg_entry_name(ir_module_entry(m)->name);
  CgCompileOptions o = *co;
  o.no_passes = true; /* already run */
  o.dump_ir = o.emit_dot = false;
  o.emit = true;
  CgResult r;
  bool ok = cg_compile(m, fn, &o, &r, err, errcap) == CG_OK;
  if (ok && emit_c) fputs(r.c, stdout);
  cg_result_free(&r);
  free(fn);
  return ok;
}

int cg_opt_main(int argc, char **argv) {
  const char *path = NULL;
  bool emit_c = false, emit_dot = false, run_passes = false;
  CgCompileOptions co;
  cg_compile_options_init(&co);
  co.level = 0;
  char err[512];
  bool lim_ok;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--emit-c") == 0) emit_c = true;
    else if (strcmp(a, "--emit-dot") == 0) emit_dot = true;
    else if (strcmp(a, "--aot") == 0) co.aot = true;
    else if (cg_compile_option(&co, a)) run_passes |= co.level_given || co.passes.passes;
    else if (limit_option(a, &lim_ok, err, sizeof err)) {
      if (!lim_ok) {
        diag_plain(DIAG_ERROR, "%s", err);
        return 2;
      }
    }
    else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      opt_usage(stdout);
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
    opt_usage(stderr);
    return 2;
  }
  if (!cg_compile_options_check(&co, err, sizeof err)) {
    diag_plain(DIAG_ERROR, "%s", err);
    return 2;
  }
  co.no_passes = !run_passes;
  SrcFile *f = src_load(path);
  if (!f) {
    src_load_failed(path);
    return 1;
  }
  IrModule *m = ir_parse(f);
  CgResult res;
  bool ok = m && cg_compile(m, NULL, &co, &res, err, sizeof err) == CG_OK;
  if (m && !ok && strstr(err, "see above") == NULL) diag_plain(DIAG_ERROR, "%s", err);
  if (ok && (emit_c || co.dump_c)) {
    ok = print_c(m, &co, emit_c, err, sizeof err);
    if (!ok) diag_plain(DIAG_ERROR, "%s", err);
  } else if (ok && co.memory_report) {
    ok = report_plan(m, stderr, err, sizeof err);
    if (!ok) diag_plain(DIAG_ERROR, "%s", err);
  }
  if (ok && !emit_c) {
    if (emit_dot) ir_print_dot(stdout, m);
    else ir_print(stdout, m);
  }
  ir_module_free(m);
  src_free(f);
  return ok ? 0 : 1;
}
