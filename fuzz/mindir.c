/* fuzz/mindir.c — libFuzzer target of the MindIR importer (serial/mindir_in.c
 * mindir_decode, behind msc compile model.mindir and ms.load): any input
 * gives a module or an error list, never a crash, leak or out-of-bounds
 * access; a module that imports also runs on the reference executor with
 * zero inputs (the importer's types must hold for the kernels) when its
 * values are small enough to be quick.
 * Seeds: tests/fuzz/corpus/mindir/. Run: make fuzz FUZZ_TARGETS=mindir;
 * replayed by build/tests/unit/fuzz_replay_mindir (make unit). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "ir/exec.h"
#include "serial/serial.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Elements of every tensor in t (saturating at 2^40). */
static int64_t type_elems(IrModule *m, IrType *t) {
  if (!t) return 0;
  if (t->kind == IR_T_TUPLE) {
    int64_t s = 0;
    for (int i = 0; i < t->nelem && s < (INT64_C(1) << 40); i++) s += type_elems(m, t->elem[i]);
    return s;
  }
  if (t->kind != IR_T_TENSOR && t->kind != IR_T_REF) return 1;
  int64_t n = 1;
  for (int d = 0; d < t->ndim; d++) {
    if (t->shape[d] < 0) return INT64_C(1) << 40;
    if (t->shape[d] && n > (INT64_C(1) << 40) / t->shape[d]) return INT64_C(1) << 40;
    n *= t->shape[d];
  }
  return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MindirModel mm;
  char *err = NULL;
  if (!mindir_decode(data, size, NULL, 0, &mm, &err)) {
    free(err);
    return 0;
  }
  IrGraph *g = ir_module_entry(mm.m);
  int64_t total = 0;
  for (int i = 0; i < g->nparam; i++) total += type_elems(mm.m, g->params[i]->type);
  for (int i = 0; i < g->nnode; i++) total += type_elems(mm.m, g->nodes[i]->type);
  /* a while loop that never ends runs forever, as it would in MindSpore:
   * bound each one (the executor's RuntimeError), as fuzz/run.c bounds a
   * script's steps; at 256 iterations, not 10,000: a body that allocates
   * took 1.6 s per input under ASan (over the 20 s timeout on a loaded
   * machine), and more iterations of one body reach no new code */
  for (int gi = 0; gi < mm.m->ngraph; gi++)
    for (int ni = 0; ni < mm.m->graphs[gi]->nnode; ni++) {
      IrNode *n = mm.m->graphs[gi]->nodes[ni];
      if (n->op == IR_WHILE && !ir_attr_get(n, "max_iterations")) ir_attr_int(n, "max_iterations", 256);
    }
  if (total < (INT64_C(1) << 20)) {
    OpTensor *p = calloc((size_t)g->nparam + 1, sizeof(OpTensor));
    int w = 0;
    for (int i = 0; i < g->nparam; i++) {
      const IrType *t = ir_type_deref(mm.m, g->params[i]->type);
      p[i].dtype = t->dt;
      p[i].ndim = t->ndim;
      p[i].size = 1;
      for (int d = 0; d < t->ndim; d++) p[i].size *= (p[i].shape[d] = t->shape[d]);
      p[i].data = g->params[i]->is_parameter ? mm.weights[w++] : calloc((size_t)p[i].size + 1, 8);
    }
    IrNode **on;
    int nout = ir_outputs(g, &on);
    OpTensor *outs = calloc((size_t)nout + 1, sizeof(OpTensor));
    IrExecError e;
    if (ir_exec(mm.m, p, outs, NULL, &e))
      for (int i = 0; i < nout; i++) free(outs[i].data);
    for (int i = 0; i < g->nparam; i++)
      if (!g->params[i]->is_parameter) free(p[i].data);
    free(p);
    free(outs);
  }
  mindir_model_free(&mm);
  return 0;
}
