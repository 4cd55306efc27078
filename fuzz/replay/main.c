/* fuzz/replay/main.c — the corpus replay of one libFuzzer target without
 * libFuzzer: build/tests/unit/fuzz_replay_NAME is fuzz/NAME.c linked with
 * this main (by the C compiler of the build, plain or SANITIZE=1), and runs
 * LLVMFuzzerTestOneInput on every file of tests/fuzz/corpus/NAME (path
 * FUZZ_CORPUS, compiled in; a directory given as argv[1] instead), in name
 * order. So every committed fuzz input -- each crash ever found among them
 * -- is re-checked by the unit-test pass of make test, under ASan/UBSan in
 * the sanitizer build, in a second or two; `make fuzz` is for finding new
 * ones. Prints "N passed, 0 failed" (N inputs) like the other unit tests;
 * a crash or sanitizer report ends the process first (a failure). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef FUZZ_CORPUS
#error "FUZZ_CORPUS (the corpus directory) must be defined"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* the target's once-per-process set-up, when it has one (libFuzzer calls
 * it before the first input likewise) */
__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static uint8_t *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  uint8_t *buf = malloc(cap);
  size_t got;
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      uint8_t *nb = realloc(buf, cap *= 2);
      if (!nb) free(buf);
      buf = nb;
    }
  }
  fclose(f);
  *len = n;
  return buf;
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : FUZZ_CORPUS;
  /* the targets send stdout to /dev/null: keep our own for the summary */
  FILE *out = fdopen(dup(1), "w");
  DIR *d = opendir(dir);
  if (!d || !out) {
    fprintf(stderr, "fuzz_replay: cannot open %s\n", dir);
    printf("0 passed, 1 failed\n");
    return 1;
  }
  char **names = NULL;
  size_t n = 0, cap = 0;
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.') continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      char **nn = realloc(names, cap * sizeof *names);
      if (!nn) abort();
      names = nn;
    }
    names[n++] = strdup(e->d_name);
  }
  closedir(d);
  if (n) qsort(names, n, sizeof *names, by_name);
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  int passed = 0, failed = 0;
  for (size_t i = 0; i < n; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    size_t len = 0;
    uint8_t *data = slurp(path, &len);
    if (!data) {
      fprintf(stderr, "FAIL cannot read %s\n", path);
      failed++;
    } else {
      LLVMFuzzerTestOneInput(data, len);
      passed++;
      free(data);
    }
    free(names[i]);
  }
  free(names);
  fprintf(out, "%d passed, %d failed\n", passed, failed);
  fclose(out);
  return failed ? 1 : 0;
}
