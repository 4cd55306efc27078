/* fuzz.h — what the libFuzzer targets fuzz/NAME.c share (README "Fuzzing").
 *
 * Each target is one file defining LLVMFuzzerTestOneInput; `make fuzz`
 * builds every fuzz/NAME.c with clang -fsanitize=fuzzer,address,undefined
 * against the objects of msc (build-fuzz/) and runs it (scripts/fuzz.sh).
 * A target never writes files: np.save and msc compile's writer refuse
 * (serial/atomic_out.h aout_deny_writes). Diagnostics go to /dev/null
 * (they are formatted all the same), and the resource limits
 * (frontend/limits.h) are lowered so that an input cannot make a target
 * spend more than a few hundred MB or seconds: what the limits then refuse
 * is a clean error, which is what is being fuzzed.
 */
#ifndef MSC_FUZZ_H
#define MSC_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../frontend/diag.h"
#include "../frontend/limits.h"
#include "../serial/atomic_out.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *fuzz_null;

static inline void fuzz_setup(void) {
  if (fuzz_null) return;
  fuzz_null = fopen("/dev/null", "w");
  diag_set_stream(fuzz_null);
  /* what a script prints is not libFuzzer's log (which is stderr) */
  if (!freopen("/dev/null", "w", stdout)) abort();
  limit_set(LIM_ELEMENTS, INT64_C(1) << 20);
  limit_set(LIM_TENSOR_BYTES, INT64_C(64) << 20);
  limit_set(LIM_SEQ_LEN, INT64_C(1) << 20);
  limit_set(LIM_STR_BYTES, INT64_C(16) << 20);
  limit_set(LIM_GRAPH_NODES, INT64_C(1) << 14);
  aout_deny_writes(true);
}

/* A NUL-terminated malloc'd copy of the input (SrcFile takes it). */
static inline char *fuzz_text(const uint8_t *data, size_t size) {
  char *t = malloc(size + 1);
  if (!t) abort();
  if (size) memcpy(t, data, size);
  t[size] = 0;
  return t;
}

#endif
