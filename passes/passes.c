/* passes.c — the pass registry, the pipeline of each -O level as a plain
 * list (QBE main.c), and the manager that runs a pipeline with the dump,
 * verify and timing options of passes.h. */
#define _POSIX_C_SOURCE 200809L
#include "passes.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

const Pass pass_registry[] = {
    {"inline", pass_inline, "splice the branch of an If whose condition is a constant"},
    {"constfold", pass_constfold, "evaluate primitives whose operands are all constants (never Parameters)"},
    {"simplify", pass_simplify, "algebraic identities from a rule table (x*1, x+0, double transpose, cast chains)"},
    {"cse", pass_cse, "merge pure nodes with the same op, operands, attributes and type"},
    {"dce", pass_dce, "remove nodes whose results are unused and that have no effect"},
    {"fuse-epilogue", pass_fuse_epilogue, "fuse MatMul/Conv2D with a following bias add and activation"},
    {"fuse-elementwise", pass_fuse_elementwise, "fuse chains of elementwise ops and broadcasts into one loop"},
    {"licm", pass_licm, "hoist loop-invariant primitives out of While conditions and bodies"},
    {"layout", pass_layout, "re-lay-out constant weights at compile time (pre-transposed MatMul operands)"},
    {"fold-bn", pass_fold_bn, "fold a BatchNorm of constants into the Conv2D before it (not bit-exact; msc compile --fold-bn)"},
    {NULL, NULL, NULL},
};

/* The pipelines: plain lists, one per level. */
static const char *const pipeline_o0[] = {"inline", "constfold", "simplify", "dce", NULL};
static const char *const pipeline_o1[] = {"inline", "constfold", "simplify", "cse", "dce", "licm",
                                          "fuse-epilogue", "fuse-elementwise", "dce", NULL};
static const char *const pipeline_o2[] = {"inline", "constfold", "simplify", "cse", "dce", "layout", "licm",
                                          "fuse-epilogue", "fuse-elementwise", "dce", NULL};

static const char *const *pipeline_of(int lv) {
  return lv >= 2 ? pipeline_o2 : lv == 1 ? pipeline_o1 : pipeline_o0;
}

void pass_pipeline_print(FILE *f, int lv) {
  for (const char *const *p = pipeline_of(lv); *p; p++) fprintf(f, "%s%s", p == pipeline_of(lv) ? "" : ", ", *p);
}

const Pass *pass_find(const char *name) {
  for (const Pass *p = pass_registry; p->name; p++)
    if (strcmp(p->name, name) == 0) return p;
  return NULL;
}

static const Pass *find_n(const char *s, size_t len) {
  for (const Pass *p = pass_registry; p->name; p++)
    if (strlen(p->name) == len && strncmp(p->name, s, len) == 0) return p;
  return NULL;
}

/* Is name in the comma-separated list? ("all" matches everything) */
static bool in_list(const char *list, const char *name) {
  if (!list) return false;
  size_t n = strlen(name);
  for (const char *s = list; *s;) {
    size_t len = strcspn(s, ",");
    if ((len == n && strncmp(s, name, n) == 0) || (len == 3 && strncmp(s, "all", 3) == 0)) return true;
    s += len + (s[len] == ',');
  }
  return false;
}

static bool check_list(const char *list, const char *what, char *err, size_t cap) {
  if (!list) return true;
  for (const char *s = list; *s;) {
    size_t len = strcspn(s, ",");
    if (len && !find_n(s, len) && !(len == 3 && strncmp(s, "all", 3) == 0 && strcmp(what, "--passes") != 0)) {
      char names[512] = "";
      size_t k = 0;
      for (const Pass *p = pass_registry; p->name; p++)
        k += (size_t)snprintf(names + k, k < sizeof names ? sizeof names - k : 0, "%s%s",
                              p == pass_registry ? "" : ", ", p->name);
      snprintf(err, cap, "%s: no such pass '%.*s' (passes: %s)", what, (int)len, s, names);
      return false;
    }
    s += len + (s[len] == ',');
  }
  return true;
}

bool pass_check_names(const PassOptions *o, char *err, size_t cap) {
  return check_list(o->passes, "--passes", err, cap) && check_list(o->print_after, "--print-after", err, cap) &&
         check_list(o->print_before, "--print-before", err, cap);
}

bool pass_is_fusion_body(const IrModule *m, const IrGraph *g) {
  for (int k = 0; k < m->ngraph; k++) {
    const IrGraph *h = m->graphs[k];
    for (int i = 0; i < h->nnode; i++)
      if (h->nodes[i]->op == IR_FUSION && h->nodes[i]->sub[0] == g) return true;
  }
  return false;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

typedef struct Timing {
  const char *name;
  double ms;
  int runs, changed;
} Timing;

bool pass_run(IrModule *m, PassCtx *ctx, const PassOptions *o, char *err, size_t cap) {
  FILE *dump = o->dump ? o->dump : stderr;
  const Pass *list[64];
  int n = 0;
  if (o->passes) {
    for (const char *s = o->passes; *s && n < 64;) {
      size_t len = strcspn(s, ",");
      if (len) {
        const Pass *p = find_n(s, len);
        if (!p) {
          snprintf(err, cap, "--passes: no such pass '%.*s'", (int)len, s);
          return false;
        }
        list[n++] = p;
      }
      s += len + (s[len] == ',');
    }
  } else {
    const char *const *pl = pipeline_of(o->level);
    for (; *pl && n < 64; pl++) list[n++] = pass_find(*pl);
  }
  Timing tm[64];
  int ntm = 0;
  double total = 0;
  bool ok = true;
  for (int i = 0; i < n && ok; i++) {
    const Pass *p = list[i];
    if (in_list(o->print_before, p->name)) {
      ir_print_banner(dump, "Before", p->name);
      ir_print(dump, m);
    }
    /* --print-after-change compares the text: a pass's "changed" may be
     * conservative, the dump must not be */
    char *before = o->print_after_change ? ir_print_str(m) : NULL;
    double t0 = now_ms();
    bool changed = p->fn(m, ctx);
    double dt = now_ms() - t0;
    total += dt;
    int k = 0;
    while (k < ntm && tm[k].name != p->name) k++;
    if (k == ntm) tm[ntm++] = (Timing){p->name, 0, 0, 0};
    tm[k].ms += dt;
    tm[k].runs++;
    tm[k].changed += changed;
    bool show = o->print_after_all || in_list(o->print_after, p->name);
    if (before) {
      char *after = ir_print_str(m);
      if (strcmp(before, after) != 0) show = true;
      free(after);
      free(before);
    }
    if (show) {
      ir_print_banner(dump, "After", p->name);
      ir_print(dump, m);
    }
    if (o->verify_each && !ir_verify(m)) {
      ir_print_banner(dump, "After (failed verification)", p->name);
      ir_print(dump, m);
      snprintf(err, cap, "the IR does not verify after pass '%s' (printed above)", p->name);
      ok = false;
    }
  }
  if (o->time_passes) {
    fprintf(dump, "===-------------------------------------------------------------------------===\n");
    fprintf(dump, "                          ... Pass execution timing report ...\n");
    fprintf(dump, "===-------------------------------------------------------------------------===\n");
    fprintf(dump, "  Total Execution Time: %.4f ms\n\n", total);
    fprintf(dump, "   Wall Time (ms)  Runs  Changed  Name\n");
    for (int k = 0; k < ntm; k++)
      fprintf(dump, "  %9.4f (%5.1f%%) %4d  %7d  %s\n", tm[k].ms, total > 0 ? 100 * tm[k].ms / total : 0.0,
              tm[k].runs, tm[k].changed, tm[k].name);
    fprintf(dump, "  %9.4f (100.0%%)                Total\n", total);
  }
  return ok;
}
