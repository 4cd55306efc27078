/* limits.c — see limits.h. */
#include "limits.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name;
  int64_t dflt;
  const char *what;
} table[LIM_COUNT] = {
    [LIM_SCRIPT_BYTES] = {"script-bytes", INT64_C(8) << 20, "bytes of a script or .mir file"},
    [LIM_NESTING] = {"nesting", 3000, "depth of the syntax tree of an expression or statement"},
    [LIM_ELEMENTS] = {"elements", INT64_C(1) << 40, "elements of one tensor (or IR tensor type)"},
    [LIM_TENSOR_BYTES] = {"tensor-bytes", INT64_C(1) << 36, "bytes of one tensor's data"},
    [LIM_SEQ_LEN] = {"seq-len", INT64_C(1) << 28, "items of one list, tuple, dict or set"},
    [LIM_STR_BYTES] = {"str-bytes", INT64_C(1) << 30, "bytes of one str"},
    [LIM_GRAPH_NODES] = {"graph-nodes", INT64_C(1) << 20, "nodes of one graph"},
};

static int64_t value[LIM_COUNT];
static bool set_once;

static void init(void) {
  if (set_once) return;
  for (int i = 0; i < LIM_COUNT; i++) value[i] = table[i].dflt;
  set_once = true;
}

int64_t limit_get(LimitId id) {
  init();
  return value[id];
}

void limit_set(LimitId id, int64_t v) {
  init();
  value[id] = v;
}

const char *limit_name(LimitId id) { return table[id].name; }

void limits_reset(void) {
  set_once = false;
  init();
}

bool limit_option(const char *arg, bool *ok, char *err, size_t errcap) {
  static const char pre[] = "--limit=";
  if (strncmp(arg, pre, sizeof pre - 1) != 0) return false;
  const char *s = arg + sizeof pre - 1, *eq = strchr(s, '=');
  *ok = false;
  int id = -1;
  for (int i = 0; eq && i < LIM_COUNT; i++)
    if (strlen(table[i].name) == (size_t)(eq - s) && strncmp(s, table[i].name, (size_t)(eq - s)) == 0) id = i;
  if (id < 0) {
    snprintf(err, errcap, "unknown limit in '%s' (--limit=NAME=N; NAME is one of script-bytes, nesting, "
                          "elements, tensor-bytes, seq-len, str-bytes, graph-nodes)", arg);
    return true;
  }
  char *end;
  errno = 0;
  long long v = strtoll(eq + 1, &end, 0);
  if (errno || end == eq + 1 || *end || v < 1) {
    snprintf(err, errcap, "'%s': the limit must be a positive integer", arg);
    return true;
  }
  limit_set((LimitId)id, (int64_t)v);
  *ok = true;
  return true;
}

void limits_help(void *file) {
  FILE *f = file;
  fputs("  --limit=NAME=N  raise (or lower) a resource limit; an input past one is an\n"
        "                  error at its line (README \"Limits\"):\n", f);
  for (int i = 0; i < LIM_COUNT; i++)
    fprintf(f, "                    %-13s %-12lld %s\n", table[i].name, (long long)table[i].dflt, table[i].what);
}

bool mul_nonneg(int64_t a, int64_t b, int64_t *out) {
  if (a < 0 || b < 0) return false;
  return !__builtin_mul_overflow(a, b, out);
}

bool shape_elems(int nd, const int64_t *shape, int64_t *elems) {
  int64_t lim = limit_get(LIM_ELEMENTS), nz = 1;
  bool zero = false;
  for (int i = 0; i < nd; i++) {
    if (shape[i] < 0) return false;
    if (shape[i] == 0) {
      zero = true;
      continue;
    }
    if (!mul_nonneg(nz, shape[i], &nz) || nz > lim) return false;
  }
  *elems = zero ? 0 : nz;
  return true;
}
