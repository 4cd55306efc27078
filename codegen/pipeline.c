/* pipeline.c — the one compile pipeline (codegen.h "the pipeline"): every
 * command that compiles a module (msc run's graphs, msc opt, msc compile's
 * entries) calls cg_compile, so every option works in every command. In
 * order, as QBE's main.c lists its passes:
 *
 *   verify                 the module as captured or parsed (ir_verify)
 *   passes                 the level's pipeline or --passes=, with the
 *                          print/verify/time options (passes.c pass_run)
 *   verify                 again, after the last pass
 *   dumps                  --dump-ir, --emit-dot
 *   plan memory and emit   when C is wanted (cg_emit: the arena plan of
 *                          passes/memplan.c, then the C text); --dump-c
 *
 * Options travel as a value (CgCompileOptions), never a global. The same
 * option words are parsed for every command by cg_compile_option and
 * described by cg_compile_options_help, whose pass list comes from the
 * registry (passes.c). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "codegen.h"

void cg_compile_options_init(CgCompileOptions *o) {
  memset(o, 0, sizeof *o);
  o->level = 1;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

CgStatus cg_compile(IrModule *m, const char *fname, const CgCompileOptions *o, CgResult *out, char *err,
                    size_t errcap) {
  FILE *dump = o->dump ? o->dump : stderr;
  memset(out, 0, sizeof *out);
  if (!ir_verify(m)) {
    snprintf(err, errcap, "the graph does not verify (see above)");
    return CG_EVERIFY;
  }
  double t0 = now_ms();
  PassCtx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.level = o->level;
  ctx.aot = o->aot;
  PassOptions po = o->passes;
  po.level = o->level;
  po.dump = dump;
  if (!o->no_passes && !pass_run(m, &ctx, &po, err, errcap)) return CG_EPASS;
  if (!ir_verify(m)) {
    snprintf(err, errcap, "internal error: the graph does not verify after the passes (see above)");
    return CG_EPASS;
  }
  double t1 = now_ms();
  out->ms_passes = t1 - t0;
  if (o->dump_ir) ir_print(dump, m);
  if (o->emit_dot) ir_print_dot(dump, m);
  if (!o->emit) return CG_OK;
  CgOptions co = o->cg;
  if (o->memory_report && !co.memory_report) co.memory_report = dump;
  if (!cg_emit(m, fname, &co, out, err, errcap)) return CG_EEMIT;
  out->ms_passes = t1 - t0;
  out->ms_emit = now_ms() - t1;
  if (o->dump_c) fputs(out->c, dump);
  return CG_OK;
}

/* ---- the options every command takes ---------------------------------------- */

int cg_compile_option(CgCompileOptions *o, const char *a) {
  PassOptions *p = &o->passes;
  if (strcmp(a, "-O0") == 0 || strcmp(a, "-O1") == 0 || strcmp(a, "-O2") == 0) {
    o->level = a[2] - '0';
    o->level_given = true;
  } else if (strncmp(a, "--passes=", 9) == 0) p->passes = a + 9;
  else if (strncmp(a, "--print-after=", 14) == 0) p->print_after = a + 14;
  else if (strncmp(a, "--print-before=", 15) == 0) p->print_before = a + 15;
  else if (strcmp(a, "--print-after-all") == 0) p->print_after_all = true;
  else if (strcmp(a, "--print-after-change") == 0) p->print_after_change = true;
  else if (strcmp(a, "--verify-each") == 0) p->verify_each = true;
  else if (strcmp(a, "--time-passes") == 0) p->time_passes = true;
  else if (strcmp(a, "--memory-report") == 0) o->memory_report = true;
  else if (strcmp(a, "--dump-ir") == 0) o->dump_ir = true;
  else if (strcmp(a, "--emit-dot") == 0) o->emit_dot = true;
  else if (strcmp(a, "--dump-c") == 0) o->dump_c = true;
  else if (strncmp(a, "--max-loop-iterations=", 22) == 0) {
    char *end;
    long long v = strtoll(a + 22, &end, 10);
    if (*end || end == a + 22 || v <= 0 || v > (1LL << 40)) o->bad_option = a;
    else o->max_loop_iterations = v;
  } else return 0;
  return 1;
}

bool cg_compile_options_check(const CgCompileOptions *o, char *err, size_t errcap) {
  if (o->bad_option) {
    snprintf(err, errcap, "'%s': the bound of loop iterations must be a positive integer", o->bad_option);
    return false;
  }
  return pass_check_names(&o->passes, err, errcap);
}

void cg_compile_options_help(FILE *f) {
  fputs("compile options (msc run, msc opt and msc compile; dumps and reports go to\n"
        "stderr, except msc opt's own output):\n"
        "  -O0|-O1|-O2            the pass pipeline (msc run and msc compile: of the graphs\n"
        "                         whose jit_level the script does not set; default -O1;\n"
        "                         msc opt: none unless given)\n",
        f);
  for (int lv = 0; lv <= 2; lv++) {
    fprintf(f, "                         O%d: ", lv);
    pass_pipeline_print(f, lv);
    fputc('\n', f);
  }
  fputs("  --passes=P,...         run exactly these passes, in order, instead\n"
        "  --print-before=P,...   dump the IR before these passes\n"
        "  --print-after=P,...    dump the IR after these passes ('all': every pass)\n"
        "  --print-after-all      dump the IR after every pass\n"
        "  --print-after-change   dump the IR after every pass that changed it\n"
        "  --verify-each          verify the IR after every pass\n"
        "  --time-passes          print the time each pass took\n"
        "  --memory-report        print each graph's arena plan against its lower bound\n"
        "  --dump-ir              print each compiled graph's IR after the passes\n"
        "  --emit-dot             print each compiled graph as Graphviz dot\n"
        "  --dump-c               print each compiled graph's generated C\n"
        "  --max-loop-iterations=N  the most iterations a while loop under a gradient\n"
        "                         runs when its trip count is not known at compile time\n"
        "                         (its states are saved for the backward pass: N per\n"
        "                         loop; more at run time is an error)\n"
        "  passes:\n",
        f);
  for (const Pass *p = pass_registry; p->name; p++) fprintf(f, "    %-18s %s\n", p->name, p->desc);
}
