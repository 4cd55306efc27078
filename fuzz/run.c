/* fuzz/run.c — libFuzzer target: the whole `msc run` pipeline in-process
 * with the reference executor (msc run --backend=ref): parse, resolve,
 * run (interpreter, lib/, tensors, graph capture, passes, the reference
 * executor). The script runs on a thread with a large stack, as in msc,
 * with a step budget (Interp.steps_left) so that a loop ends with a
 * RuntimeError instead of a timeout.
 *
 * Per process (LLVMFuzzerInitialize): the diagnostics sink and limits, and
 * lib/'s modules parsed once (lib_keep_parsed: each input's interpreter
 * imports a copy of the kept tree, resolved and run as in msc). Per input:
 * a fresh interpreter, as msc makes one per run, so inputs stay
 * independent; parsing lib/mindspore again for every input was three
 * quarters of the time. */
#include "fuzz.h"

#include <pthread.h>

#include "../eval/graph.h"
#include "../eval/value.h"
#include "../frontend/ast.h"

enum { STEPS = 20000 };

typedef struct Job {
  const uint8_t *data;
  size_t size;
} Job;

static void *run(void *p) {
  Job *j = p;
  SrcFile *src = src_new("fuzz.py", fuzz_text(j->data, j->size), j->size);
  Arena *a = arena_new();
  Node *mod = parse_file(src, a);
  if (mod) {
    static char arg0[] = "fuzz.py";
    static char *argv[] = {arg0, NULL};
    Interp *I = interp_new(1, argv);
    I->arena = a;
    I->steps_left = STEPS;
    GraphConfig cfg;
    graph_config_init(&cfg);
    cfg.backend = GB_REF;
    graph_configure(I, &cfg);
    interp_run_main(I, src, mod);
    interp_free(I);
  }
  arena_free(a);
  src_free(src);
  diag_reset();
  return NULL;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_setup();
  /* smaller tensors than the other targets: kernels are not bounded by
   * the step budget, and every byte is ASan-instrumented */
  limit_set(LIM_ELEMENTS, INT64_C(1) << 16);
  limit_set(LIM_TENSOR_BYTES, INT64_C(1) << 20);
  lib_keep_parsed();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Job j = {data, size};
  pthread_attr_t attr;
  pthread_t th;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, (size_t)256 << 20);
  if (pthread_create(&th, &attr, run, &j) != 0) abort();
  pthread_join(th, NULL);
  pthread_attr_destroy(&attr);
  fflush(stdout);
  return 0;
}
