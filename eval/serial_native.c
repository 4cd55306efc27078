/* serial_native.c — the `_msc` natives behind MindSpore's checkpoint and
 * MindIR functions in lib/mindspore/train/serialization.py. The formats
 * themselves are serial/ (interpreter-free); this file turns Python values
 * into their entries and back, and errors into exceptions naming the file.
 *
 *   _msc.ckpt_save(path, items, crc_check)
 *       items: list of (name, Tensor | str). Writes the .ckpt atomically.
 *   _msc.ckpt_load(path, crc_check) -> (list of (name, Tensor | str), has_crc)
 *       Tensors are mindspore.Tensor flavour; ValueError naming the file
 *       and what is wrong for any bad file (nothing is created then).
 *   _msc.mindir_load(path) -> (graph name, input types, nweights) and keeps
 *       the model for _msc.mindir_run (serialization.py ms.load, GraphCell).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../serial/fileio.h"
#include "../serial/serial.h"
#include "graph.h"
#include "interp.h"
#include "tensor.h"
#include "valpriv.h"

#define NATIVE(fn) Value fn(Interp *I, int argc, Value *argv, KwArgs *kw)

/* Files larger than this are refused before reading (msc holds a whole
 * checkpoint in memory). */
#define SERIAL_FILE_LIMIT ((size_t)8 << 30)

static const char *str_arg(Interp *I, Value v, const char *fname, const char *what) {
  if (!v_is(v, OBJ_STR)) rt_raise(I, EXC_TypeError, "%s: %s must be a str, not %s", fname, what, rt_type_name(I, v));
  return AS_STR(v)->data;
}

NATIVE(serial_ckpt_save) {
  args_no_kw(I, "ckpt_save", kw);
  args_count(I, "ckpt_save", argc, 3, 3);
  const char *path = str_arg(I, argv[0], "save_checkpoint", "the file name");
  if (!v_is(argv[1], OBJ_LIST)) rt_raise(I, EXC_TypeError, "ckpt_save: items must be a list");
  List *l = AS_LIST(argv[1]);
  bool crc = rt_truthy(I, argv[2]);
  CkptEntry *v = calloc((size_t)l->len + 1, sizeof(CkptEntry));
  if (!v) rt_raise(I, EXC_MemoryError, "out of memory");
  int n = 0;
  for (int64_t i = 0; i < l->len; i++) {
    Value it = l->items[i];
    if (!v_is(it, OBJ_TUPLE) || AS_TUPLE(it)->len != 2 || !v_is(AS_TUPLE(it)->items[0], OBJ_STR)) {
      free(v);
      rt_raise(I, EXC_TypeError, "ckpt_save: each item must be a (name, value) pair");
    }
    Value val = AS_TUPLE(it)->items[1];
    CkptEntry *e = &v[n++];
    e->name = AS_STR(AS_TUPLE(it)->items[0])->data;
    if (v_is(val, OBJ_STR)) {
      e->is_str = true;
      e->text = AS_STR(val)->data;
    } else if (v_is(val, OBJ_TENSOR)) {
      Tensor *t = AS_TENSOR(val);
      if (!t->data) {
        free(v);
        tensor_need_data(I, t, "save_checkpoint");
      }
      e->dt = t->dtype;
      e->ndim = t->ndim;
      memcpy(e->shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
      e->data = t->data;
      e->nbytes = (size_t)t->size * msrt_dtype_size(t->dtype);
    } else {
      const char *name = e->name; /* the caller's string, not v's */
      free(v);
      rt_raise(I, EXC_TypeError, "save_checkpoint: the value of '%s' must be a Tensor, Parameter or str, not %s",
               name, rt_type_name(I, val));
    }
  }
  uint8_t *buf = NULL;
  size_t len = 0;
  char err[512];
  bool ok = ckpt_encode(v, n, crc, CKPT_CHUNK, &buf, &len, err, sizeof err);
  free(v);
  if (!ok) rt_raise(I, EXC_TypeError, "For 'save_checkpoint', %s", err);
  char werr[256];
  ok = ser_write_file(path, buf, len, werr, sizeof werr);
  free(buf);
  if (!ok)
    rt_raise(I, EXC_OSError, "Failed to save the checkpoint file '%s': %s", path, werr);
  return v_none();
}

NATIVE(serial_ckpt_load) {
  args_no_kw(I, "ckpt_load", kw);
  args_count(I, "ckpt_load", argc, 2, 2);
  const char *path = str_arg(I, argv[0], "load_checkpoint", "the file name");
  bool crc = rt_truthy(I, argv[1]);
  uint8_t *buf;
  size_t n;
  char err[768];
  if (!ser_read_file(path, SERIAL_FILE_LIMIT, &buf, &n, err, sizeof err))
    rt_raise(I, EXC_ValueError, "Failed to read the checkpoint file '%s': %s.", path, err);
  CkptFile f;
  bool ok = ckpt_decode(buf, n, crc, &f, err, sizeof err);
  free(buf);
  if (!ok) rt_raise(I, EXC_ValueError, "Failed to read the checkpoint file '%s': %s.", path, err);
  List *l = list_new(I, f.n);
  for (int i = 0; i < f.n; i++) {
    CkptEntry *e = &f.v[i];
    Str *name = str_from_c(I, e->name);
    Value val;
    if (e->is_str) {
      val = v_obj(&str_from_c(I, e->text)->h);
    } else {
      Tensor *t = tensor_new(I, e->dt, e->ndim, e->shape, TF_MS);
      if (e->nbytes) memcpy(t->data, e->data, e->nbytes);
      val = v_obj(&t->h);
    }
    Value pair = tuple_pack(I, 2, v_obj(&name->h), val);
    list_append(I, l, pair);
    v_decref(I, pair);
    obj_decref(I, &name->h);
    v_decref(I, val);
  }
  bool has_crc = f.has_crc;
  ckpt_file_free(&f);
  Value lv = v_obj(&l->h);
  Value r = tuple_pack(I, 2, lv, v_bool(has_crc));
  v_decref(I, lv);
  return r;
}

/* _msc.file_exists(path) -> bool (os.path.exists for msc's lib/). */
NATIVE(serial_file_exists) {
  args_no_kw(I, "file_exists", kw);
  args_count(I, "file_exists", argc, 1, 1);
  const char *path = str_arg(I, argv[0], "file_exists", "the path");
  return v_bool(access(path, F_OK) == 0);
}

/* ---- MindIR out ---------------------------------------------------------------
 * _msc.mindir_export(path, fn): calls fn() (lib/'s compile of the network for
 * the export's inputs) with the capture hook set; the first graph captured
 * is encoded (serial/mindir_out.c) and written to path atomically. */
typedef struct ExportCtx {
  bool done;
  bool ok;
  uint8_t *bytes;
  size_t len;
  char err[512];
} ExportCtx;

static void export_hook(Interp *I, void *ctx, IrModule *m, int nparam, const int *param_src, Tensor *const *ptens) {
  (void)I;
  ExportCtx *x = ctx;
  if (x->done) return;
  x->done = true;
  const void **data = calloc((size_t)nparam + 1, sizeof(void *));
  int n = 0;
  for (int i = 0; i < nparam; i++)
    if (param_src[i] < 0) data[n++] = ptens[-param_src[i] - 1]->data;
  MindirWeights w = {n, data};
  IrGraph *g = ir_module_entry(m);
  x->ok = mindir_encode(m, g->name, &w, &x->bytes, &x->len, x->err, sizeof x->err);
  free(data);
}

NATIVE(serial_mindir_export) {
  args_no_kw(I, "mindir_export", kw);
  args_count(I, "mindir_export", argc, 2, 2);
  const char *path = str_arg(I, argv[0], "export", "the file name");
  ExportCtx x = {0};
  graph_set_capture_hook(I, export_hook, &x);
  Catch cat;
  if (RT_TRY(I, &cat)) {
    Value r = rt_call(I, argv[1], 0, NULL, NULL);
    v_decref(I, r);
    rt_catch_pop(I, &cat);
  } else {
    graph_set_capture_hook(I, NULL, NULL);
    free(x.bytes);
    exc_reraise(I, CUR_EXC(I));
  }
  graph_set_capture_hook(I, NULL, NULL);
  if (!x.done) rt_raise(I, EXC_RuntimeError, "export: no graph was compiled for the network");
  if (!x.ok) rt_raise(I, EXC_RuntimeError, "Export MindIR failed: %s.", x.err);
  char werr[256];
  /* MindSpore's _save_mindir_together creates the file's directory */
  bool ok = ser_make_parents(path, werr, sizeof werr) && ser_write_file(path, x.bytes, x.len, werr, sizeof werr);
  free(x.bytes);
  if (!ok) rt_raise(I, EXC_OSError, "Failed to write the MindIR file '%s': %s", path, werr);
  return v_none();
}

/* ---- MindIR in -----------------------------------------------------------------
 * msc keeps no model state between calls: ms.load decodes and checks the
 * file, GraphCell decodes it again at each call with the call's input
 * shapes (which fill a dynamic file's -1 dims) and runs it on the
 * reference executor (graph_exec: errors raised at the script line). */

#define MINDIR_LIMIT ((size_t)4 << 30)

static void raise_problems(Interp *I, const char *path, char *msg);

/* Decodes path; raises RuntimeError naming it and listing its problems. */
static void mindir_open(Interp *I, const char *path, const MindirShape *const *shapes, int nshapes,
                        MindirModel *mm) {
  uint8_t *buf;
  size_t n;
  char err[512];
  if (!ser_read_file(path, MINDIR_LIMIT, &buf, &n, err, sizeof err))
    rt_raise(I, EXC_RuntimeError, "Load MindIR failed: cannot read '%s': %s.", path, err);
  char *msg = NULL;
  bool ok = mindir_decode(buf, n, shapes, nshapes, mm, &msg);
  free(buf);
  if (!ok) raise_problems(I, path, msg);
}

/* RuntimeError "Load MindIR failed: 'path':" with the problems of msg
 * (malloc'd, freed), one per line. */
static void raise_problems(Interp *I, const char *path, char *msg) {
  Buf b = {0};
  buf_printf(&b, "Load MindIR failed: '%s':", path);
  const char *p = msg;
  while (*p) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    buf_printf(&b, "\n  %.*s", (int)len, p);
    p = e ? e + 1 : p + len;
  }
  free(msg);
  char text[4096];
  snprintf(text, sizeof text, "%s", b.data);
  buf_free(&b);
  rt_raise(I, EXC_RuntimeError, "%s", text);
}

/* _msc.mindir_load(path) -> (graph name, [(input name, dtype name, [dims])],
 * [(weight name, Tensor of the file's data)]) */
NATIVE(serial_mindir_load) {
  args_no_kw(I, "mindir_load", kw);
  args_count(I, "mindir_load", argc, 1, 1);
  const char *path = str_arg(I, argv[0], "load", "the file name");
  MindirModel mm;
  /* -1: a dynamic dim is checked as 1 here; GraphCell's calls give it */
  mindir_open(I, path, NULL, -1, &mm);
  IrGraph *g = ir_module_entry(mm.m);
  List *l = list_new(I, mm.ninput);
  for (int i = 0; i < g->nparam; i++) {
    IrNode *p = g->params[i];
    if (p->is_parameter) continue;
    const IrType *t = p->type;
    List *dims = list_new(I, t->ndim);
    for (int d = 0; d < t->ndim; d++) list_append(I, dims, v_int(t->shape[d]));
    Str *nm = str_from_c(I, p->name);
    Str *dn = str_from_c(I, msrt_dtype_name(t->dt));
    Value e = tuple_pack(I, 3, v_obj(&nm->h), v_obj(&dn->h), v_obj(&dims->h));
    list_append(I, l, e);
    v_decref(I, e);
    obj_decref(I, &nm->h);
    obj_decref(I, &dn->h);
    obj_decref(I, &dims->h);
  }
  List *wl = list_new(I, mm.nweight);
  for (int i = 0, w = 0; i < g->nparam; i++) {
    IrNode *p = g->params[i];
    if (!p->is_parameter) continue;
    const IrType *t = ir_type_deref(mm.m, p->type);
    Tensor *x = tensor_new(I, t->dt, t->ndim, t->shape, TF_MS);
    size_t nb = (size_t)x->size * msrt_dtype_size(t->dt);
    if (nb) memcpy(x->data, mm.weights[w], nb);
    Str *nm = str_from_c(I, mm.weight_names[w++]);
    Value e = tuple_pack(I, 2, v_obj(&nm->h), v_obj(&x->h));
    list_append(I, wl, e);
    v_decref(I, e);
    obj_decref(I, &nm->h);
    obj_decref(I, &x->h);
  }
  Str *gn = str_from_c(I, mm.graph_name);
  mindir_model_free(&mm);
  Value lv = v_obj(&l->h), wv = v_obj(&wl->h);
  Value r = tuple_pack(I, 3, v_obj(&gn->h), lv, wv);
  obj_decref(I, &gn->h);
  v_decref(I, lv);
  v_decref(I, wv);
  return r;
}

static void free_run(Interp *I, Tensor **own, int n) {
  for (int i = 0; i < n; i++)
    if (own[i]) obj_decref(I, &own[i]->h);
  free(own);
}

/* _msc.mindir_run(path, inputs, params) -> Tensor or tuple of Tensors;
 * params: list of (name, Tensor) replacing weights (GraphCell params_init). */
NATIVE(serial_mindir_run) {
  args_no_kw(I, "mindir_run", kw);
  args_count(I, "mindir_run", argc, 3, 3);
  const char *path = str_arg(I, argv[0], "GraphCell", "the file name");
  if (!v_is(argv[1], OBJ_TUPLE) || !v_is(argv[2], OBJ_LIST)) rt_raise(I, EXC_TypeError, "mindir_run(path, tuple, list)");
  Tuple *in = AS_TUPLE(argv[1]);
  List *pl = AS_LIST(argv[2]);
  int nin = (int)in->len;
  if (nin > 64) rt_raise(I, EXC_ValueError, "For 'GraphCell', too many inputs (%d)", nin);
  MindirShape sh[64];
  const MindirShape *sp[64];
  for (int i = 0; i < nin; i++) {
    if (!v_is(in->items[i], OBJ_TENSOR))
      rt_raise(I, EXC_TypeError, "For 'GraphCell', input %d must be a Tensor, but got %s", i + 1,
               rt_type_name(I, in->items[i]));
    Tensor *t = AS_TENSOR(in->items[i]);
    tensor_need_data(I, t, "GraphCell");
    sh[i].name = NULL;
    sh[i].ndim = t->ndim;
    memcpy(sh[i].shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
    sp[i] = &sh[i];
  }
  MindirModel mm;
  mindir_open(I, path, sp, nin, &mm);
  IrGraph *g = ir_module_entry(mm.m);
  if (nin != mm.ninput) {
    int want = mm.ninput;
    mindir_model_free(&mm);
    rt_raise(I, EXC_ValueError, "For 'GraphCell', the model '%s' takes %d inputs, but got %d.", path, want, nin);
  }
  /* params: the inputs (of the file's dtypes), then the weights
   * (params_init by name, else the file's) */
  Tensor **params = calloc((size_t)g->nparam + 1, sizeof(Tensor *));
  Tensor **own = calloc((size_t)g->nparam + 1, sizeof(Tensor *));
  int k = 0, w = 0;
  char bad[512] = "";
  for (int i = 0; i < g->nparam; i++) {
    IrNode *p = g->params[i];
    const IrType *t = ir_type_deref(mm.m, p->type);
    if (!p->is_parameter) {
      Tensor *x = AS_TENSOR(in->items[k++]);
      if (x->dtype != t->dt && !bad[0])
        snprintf(bad, sizeof bad, "For 'GraphCell', input '%s' of the model must be %s, but got %s.", p->name,
                 msrt_dtype_name(t->dt), msrt_dtype_name(x->dtype));
      params[i] = x;
      continue;
    }
    Tensor *src = NULL;
    for (int64_t j = 0; j < pl->len; j++) {
      Value it = pl->items[j];
      if (v_is(it, OBJ_TUPLE) && AS_TUPLE(it)->len == 2 && v_is(AS_TUPLE(it)->items[0], OBJ_STR) &&
          strcmp(AS_STR(AS_TUPLE(it)->items[0])->data, mm.weight_names[w]) == 0 &&
          v_is(AS_TUPLE(it)->items[1], OBJ_TENSOR))
        src = AS_TENSOR(AS_TUPLE(it)->items[1]);
    }
    bool same = src && src->dtype == t->dt && src->ndim == t->ndim && src->data;
    for (int d = 0; same && d < t->ndim; d++) same = src->shape[d] == t->shape[d];
    if (src && !same && !bad[0])
      snprintf(bad, sizeof bad, "For 'GraphCell', params_init['%s'] must have the model's dtype %s and shape.",
               mm.weight_names[w], msrt_dtype_name(t->dt));
    if (!same) {
      src = tensor_new(I, t->dt, t->ndim, t->shape, TF_MS);
      own[i] = src;
      size_t nb = (size_t)src->size * msrt_dtype_size(t->dt);
      if (nb) memcpy(src->data, mm.weights[w], nb);
    }
    params[i] = src;
    w++;
  }
  if (bad[0]) {
    free_run(I, own, g->nparam);
    free(params);
    mindir_model_free(&mm);
    rt_raise(I, EXC_ValueError, "%s", bad);
  }
  IrNode **on;
  int nout = ir_outputs(g, &on);
  Tensor **outs = calloc((size_t)nout + 1, sizeof(Tensor *));
  int np = g->nparam;
  Catch cat;
  if (RT_TRY(I, &cat)) {
    graph_exec(I, mm.m, params, outs);
    rt_catch_pop(I, &cat);
  } else {
    free_run(I, own, np);
    free(params);
    free(outs);
    mindir_model_free(&mm);
    exc_reraise(I, CUR_EXC(I));
  }
  free_run(I, own, np);
  free(params);
  bool tuple = g->ret->kind == IR_NK_NODE && g->ret->op == IR_MAKE_TUPLE;
  mindir_model_free(&mm);
  Value r;
  if (!tuple && nout == 1) {
    r = v_obj(&outs[0]->h);
  } else {
    Tuple *t = tuple_new(I, nout);
    for (int i = 0; i < nout; i++) t->items[i] = v_obj(&outs[i]->h);
    r = v_obj(&t->h);
  }
  free(outs);
  return r;
}

/* _msc.mindir_inline(path, inputs, params) -> Tensor or tuple of Tensors:
 * GraphCell called while a graph is captured: the file's graph is
 * appended to the captured graph (serial/mindir_in.c mindir_inline), its
 * inputs the values of `inputs`, its weights Loads of the cell's
 * Parameters (params: list of (name, Parameter)). */
NATIVE(serial_mindir_inline) {
  args_no_kw(I, "mindir_inline", kw);
  args_count(I, "mindir_inline", argc, 3, 3);
  const char *path = str_arg(I, argv[0], "GraphCell", "the file name");
  if (!v_is(argv[1], OBJ_TUPLE) || !v_is(argv[2], OBJ_LIST))
    rt_raise(I, EXC_TypeError, "mindir_inline(path, tuple, list)");
  Tuple *in = AS_TUPLE(argv[1]);
  List *pl = AS_LIST(argv[2]);
  if (in->len > 64) rt_raise(I, EXC_ValueError, "For 'GraphCell', too many inputs (%lld)", (long long)in->len);
  if (pl->len > 100000) rt_raise(I, EXC_ValueError, "For 'GraphCell', too many Parameters");
  IrNode *ins[64];
  for (int64_t i = 0; i < in->len; i++) {
    if (!v_is(in->items[i], OBJ_TENSOR))
      rt_raise(I, EXC_TypeError, "For 'GraphCell', input %lld must be a Tensor, but got %s", (long long)i + 1,
               rt_type_name(I, in->items[i]));
    Tensor *t = AS_TENSOR(in->items[i]);
    ins[i] = graph_value(I, t, t->dtype);
  }
  IrModule *m = graph_cur_module(I);
  int np = (int)pl->len;
  const char **names = arena_alloc(m->arena, sizeof(char *) * (size_t)(np ? np : 1));
  IrNode **params = arena_alloc(m->arena, sizeof(IrNode *) * (size_t)(np ? np : 1));
  for (int i = 0; i < np; i++) {
    Value it = pl->items[i];
    if (!v_is(it, OBJ_TUPLE) || AS_TUPLE(it)->len != 2 || !v_is(AS_TUPLE(it)->items[0], OBJ_STR) ||
        !v_is(AS_TUPLE(it)->items[1], OBJ_TENSOR))
      rt_raise(I, EXC_TypeError, "mindir_inline: params must be (name, Parameter) pairs");
    Tensor *p = AS_TENSOR(AS_TUPLE(it)->items[1]);
    names[i] = AS_STR(AS_TUPLE(it)->items[0])->data;
    params[i] = graph_value(I, p, p->dtype);
  }
  uint8_t *buf;
  size_t n;
  char err[512];
  if (!ser_read_file(path, MINDIR_LIMIT, &buf, &n, err, sizeof err))
    rt_raise(I, EXC_RuntimeError, "Load MindIR failed: cannot read '%s': %s.", path, err);
  MindirInline inl;
  memset(&inl, 0, sizeof inl);
  inl.m = m;
  inl.g = graph_cur_graph(I);
  inl.ninput = (int)in->len;
  inl.inputs = ins;
  inl.nparam = np;
  inl.names = names;
  inl.params = params;
  char *msg = NULL;
  bool ok = mindir_inline(buf, n, &inl, &msg);
  free(buf);
  if (!ok) raise_problems(I, path, msg);
  if (graph_tracing(I)) {
    /* trace: the call also runs now; its results carry the graph's nodes */
    Value r = serial_mindir_run(I, argc, argv, kw);
    Tuple *rt = v_is(r, OBJ_TUPLE) ? AS_TUPLE(r) : NULL;
    int nr = rt ? (int)rt->len : 1;
    for (int i = 0; i < nr && i < inl.nout; i++)
      graph_trace_value(I, AS_TENSOR(rt ? rt->items[i] : r), inl.outs[i]);
    return r;
  }
  if (!inl.tuple && inl.nout == 1) return v_obj(&graph_sym(I, inl.outs[0])->h);
  Tuple *t = tuple_new(I, inl.nout);
  for (int i = 0; i < inl.nout; i++) t->items[i] = v_obj(&graph_sym(I, inl.outs[i])->h);
  return v_obj(&t->h);
}
