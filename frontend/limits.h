/* limits.h — msc's resource limits (README "Limits"), one table.
 *
 * Every input-size-dependent resource msc spends has a limit here; going
 * past one is an error at the script line that asked for it, with the
 * limit's value and how to raise it (`--limit=NAME=N` on msc run, msc
 * compile and msc opt). The values are process-wide (set once from the
 * command line, before any script runs); the fuzz targets lower them.
 *
 *   name          default      what it bounds
 *   script-bytes  8 MiB        a script or .mir file read by msc
 *   nesting       3000         a postfix chain (f()()..., a.b.c...,
 *                              a[0][0]...; frontend/parse_util.c chain());
 *                              brackets stop at 200 and other operators at
 *                              the parser's stack depth
 *   elements      2^40         elements of one tensor or IR tensor type (the
 *                              product of its non-zero dimensions)
 *   tensor-bytes  2^36         bytes of one tensor's data (64 GiB)
 *   seq-len       2^28         items of one list or tuple (dicts, sets: not yet)
 *   str-bytes     2^30         bytes of one str (1 GiB)
 *   graph-nodes   2^20         nodes of one captured graph (a jit
 *                              function's trace, a region of it) or one
 *                              graph of a .mir file
 *
 * The Python recursion depth is sys.setrecursionlimit's (1000, as CPython);
 * the C stack behind it is guarded separately (eval/interp.c).
 */
#ifndef MSC_LIMITS_H
#define MSC_LIMITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
  LIM_SCRIPT_BYTES,
  LIM_NESTING,
  LIM_ELEMENTS,
  LIM_TENSOR_BYTES,
  LIM_SEQ_LEN,
  LIM_STR_BYTES,
  LIM_GRAPH_NODES,
  LIM_COUNT
} LimitId;

/* The current value of a limit. */
int64_t limit_get(LimitId id);
void limit_set(LimitId id, int64_t v);
const char *limit_name(LimitId id); /* "script-bytes" */
/* Restores every default (tests, fuzz targets). */
void limits_reset(void);

/* "--limit=NAME=N": true when arg is such an option (*ok false with a
 * message in err when it is malformed: unknown NAME, N not a positive
 * integer). */
bool limit_option(const char *arg, bool *ok, char *err, size_t errcap);
/* One help paragraph listing the limits. */
void limits_help(void *file /* FILE* */);

/* The shared checked shape product. *elems = the number of elements of
 * shape[0..nd) (0 when a dimension is 0). Returns false when a dimension
 * is negative or the product of the non-zero dimensions exceeds the
 * `elements` limit (so no partial product of any subset of dimensions
 * can overflow int64 either). */
bool shape_elems(int nd, const int64_t *shape, int64_t *elems);

/* a * b into *out; false on overflow of int64 or when either is negative. */
bool mul_nonneg(int64_t a, int64_t b, int64_t *out);

#endif
