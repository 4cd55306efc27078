/* compile_mindir.c — `msc compile model.mindir -o out/`: a MindIR file
 * straight to the standalone C library, no script involved.
 *
 * The file is imported (serial/mindir_in.c) into one entry graph, named
 * `predict`, whose inputs are the model's and whose Parameters are its
 * weights. The self-test's data come from the reference executor
 * (ir/exec.c) run on a seeded input: floats uniform in [-1, 1), integers in
 * [0, 10), bools half true, from a fixed xorshift stream, so the same file
 * always gives the same library. Shapes the file leaves dynamic come from
 * --input-shape=[NAME:]D1,D2,... (';' separates several inputs; the option
 * may repeat). Problems with the file are listed together, each naming the
 * file, and nothing is written then (aot_write writes all or nothing).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/codegen.h"
#include "../ir/exec.h"
#include "../serial/fileio.h"
#include "../serial/serial.h"
#include "compile_mindir.h"

#define MINDIR_FILE_LIMIT ((size_t)4 << 30)

/* One --input-shape value into shapes (appended); false with the reason. */
bool mindir_parse_input_shape(const char *opt, MindirShape **shapes, int *n, char *err, size_t cap) {
  const char *p = opt;
  if (!*p) {
    snprintf(err, cap, "--input-shape needs a shape, e.g. --input-shape=x:1,64");
    return false;
  }
  while (*p) {
    const char *end = strchr(p, ';');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    char item[512];
    if (len >= sizeof item) {
      snprintf(err, cap, "--input-shape: '%.40s...' is too long", p);
      return false;
    }
    memcpy(item, p, len);
    item[len] = 0;
    MindirShape s = {0};
    char *dims = item;
    char *colon = strchr(item, ':');
    if (colon) {
      *colon = 0;
      if (!*item) {
        snprintf(err, cap, "--input-shape: '%s' has an empty input name before ':'", opt);
        return false;
      }
      s.name = strdup(item);
      dims = colon + 1;
    }
    while (*dims) {
      char *e;
      errno = 0;
      long long v = strtoll(dims, &e, 10);
      if (e == dims || v <= 0 || errno || (*e && *e != ',')) {
        snprintf(err, cap,
                 "--input-shape: '%s' is not a shape: expected [NAME:]D1,D2,... with positive integers (e.g. "
                 "--input-shape=x:1,3,32,32)",
                 opt);
        free((char *)s.name);
        return false;
      }
      if (s.ndim == MSRT_MAX_NDIM) {
        snprintf(err, cap, "--input-shape: '%s' has more than %d dims", opt, MSRT_MAX_NDIM);
        free((char *)s.name);
        return false;
      }
      s.shape[s.ndim++] = v;
      dims = *e ? e + 1 : e;
      if (*e == ',' && !*dims) {
        snprintf(err, cap, "--input-shape: '%s' ends with ','", opt);
        free((char *)s.name);
        return false;
      }
    }
    *shapes = realloc(*shapes, sizeof(MindirShape) * (size_t)(*n + 1));
    (*shapes)[(*n)++] = s;
    p = end ? end + 1 : p + len;
  }
  return true;
}

static uint64_t rng_next(uint64_t *s) {
  uint64_t x = *s;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  *s = x;
  return x;
}

static void fill_input(OpTensor *t, uint64_t *rng) {
  for (int64_t i = 0; i < t->size; i++) {
    uint64_t r = rng_next(rng);
    double u = (double)(r >> 11) / 9007199254740992.0; /* [0, 1) */
    if (ir_dtype_is_float(t->dtype)) opt_set_f64(t, i, 2.0 * u - 1.0);
    else if (t->dtype == MSRT_BOOL) opt_set_i64(t, i, (int64_t)(r >> 63));
    else opt_set_i64(t, i, (int64_t)(u * 10));
  }
}

static void print_problems(const char *path, const char *what, const char *msg) {
  fprintf(stderr, "msc: error: %s: %s\n", path, what);
  const char *p = msg;
  while (*p) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    fprintf(stderr, "%s: %.*s\n", path, (int)len, p);
    p = e ? e + 1 : p + len;
  }
}

int compile_mindir(const char *path, const AotOptions *ao, const MindirShape *shapes, int nshapes) {
  uint8_t *buf;
  size_t n;
  char err[512];
  if (!ser_read_file(path, MINDIR_FILE_LIMIT, &buf, &n, err, sizeof err)) {
    fprintf(stderr, "msc: error: cannot read '%s': %s\n", path, err);
    return 1;
  }
  const MindirShape **sp = calloc((size_t)nshapes + 1, sizeof(MindirShape *));
  for (int i = 0; i < nshapes; i++) sp[i] = &shapes[i];
  MindirModel mm;
  char *msg = NULL;
  bool ok = mindir_decode(buf, n, sp, nshapes, &mm, &msg);
  free(buf);
  free(sp);
  if (!ok) {
    print_problems(path, "cannot import the model:", msg);
    free(msg);
    return 1;
  }
  IrGraph *g = ir_module_entry(mm.m);
  /* A model that assigns its Parameters (an exported training step): the
   * library starts from the file's weights, and the self-test checks them
   * after its call too. The reference executor assigns in place: it runs
   * on copies. */
  bool assigns = false;
  for (int i = 0; i < g->nnode; i++) assigns |= g->nodes[i]->op == IR_ASSIGN;
  /* the self-test's call: seeded inputs, the weights, the reference outputs */
  int np = g->nparam;
  OpTensor *params = calloc((size_t)np + 1, sizeof(OpTensor));
  AotTensor *ap = calloc((size_t)np + 1, sizeof(AotTensor));
  uint64_t rng = 0x9E3779B97F4A7C15ull;
  int wi = 0;
  for (int i = 0; i < np; i++) {
    const IrType *t = ir_type_deref(mm.m, g->params[i]->type);
    OpTensor *o = &params[i];
    o->dtype = t->dt;
    o->ndim = t->ndim;
    o->size = 1;
    for (int d = 0; d < t->ndim; d++) {
      o->shape[d] = t->shape[d];
      o->size *= t->shape[d];
    }
    if (g->params[i]->is_parameter) {
      o->data = mm.weights[wi++];
      if (assigns) {
        size_t nb = (size_t)o->size * msrt_dtype_size(o->dtype);
        void *c = op_alloc_data(t->dt, o->size);
        if (nb) memcpy(c, o->data, nb);
        o->data = c;
      }
    } else {
      o->data = op_alloc_data(t->dt, o->size);
      fill_input(o, &rng);
    }
    ap[i] = (AotTensor){o->dtype, o->ndim, o->shape, o->data, (size_t)o->size * msrt_dtype_size(o->dtype)};
    if (assigns && g->params[i]->is_parameter) ap[i].data = mm.weights[wi - 1];
  }
  /* after the call: the assigned Parameters (the run's copies), the inputs */
  AotTensor *after = NULL;
  if (assigns) {
    after = calloc((size_t)np + 1, sizeof(AotTensor));
    for (int i = 0; i < np; i++) after[i] = (AotTensor){params[i].dtype, params[i].ndim, params[i].shape,
                                                        params[i].data, ap[i].nbytes};
  }
  IrNode **on;
  int nout = ir_outputs(g, &on);
  OpTensor *outs = calloc((size_t)nout + 1, sizeof(OpTensor));
  AotTensor *ao_outs = calloc((size_t)nout + 1, sizeof(AotTensor));
  IrExecError xe;
  OpWorkspace ws = {NULL, 0};
  int status = 0;
  if (!ir_exec(mm.m, params, outs, &ws, &xe)) {
    fprintf(stderr, "msc: error: %s: the reference executor failed on the model: %s\n", path, xe.msg);
    status = 1;
  }
  free(ws.p);
  if (status == 0) {
    for (int i = 0; i < nout; i++)
      ao_outs[i] = (AotTensor){outs[i].dtype, outs[i].ndim, outs[i].shape, outs[i].data,
                               (size_t)outs[i].size * msrt_dtype_size(outs[i].dtype)};
    AotCall call = {ap, ao_outs};
    AotGraph ag = {"predict", ao->compile ? ao->compile->level : 1, mm.m, true, np, ap, nout, ao_outs, 1, &call,
                   after};
    char aerr[1024];
    if (!aot_write(&ag, 1, ao, aerr, sizeof aerr)) {
      fprintf(stderr, "msc: error: %s\n", aerr);
      status = 1;
    }
    for (int i = 0; i < nout; i++) free(outs[i].data);
  }
  for (int i = 0; i < np; i++)
    if (!g->params[i]->is_parameter || assigns) free(params[i].data);
  free(params);
  free(after);
  free(ap);
  free(outs);
  free(ao_outs);
  mindir_model_free(&mm);
  return status;
}
