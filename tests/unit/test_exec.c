/* test_exec.c — the reference executor (ir/exec.c): small graphs built
 * with the ir.h API (and one parsed from .mir text) run with ir_exec and
 * compared with the same ops run eagerly through prim_call; preallocated
 * and NULL outputs; Print through the runtime's output hook; Load/Assign
 * order; If raising NotImplementedError; a kernel error unwinding with the
 * node's .mir location in the traceback; no refcount leak after any of
 * them. Also the Graphviz form (ir/dot.c). */
#include <math.h>
#include <stdlib.h>

#include "../../eval/interp.h" /* Frame: a stand-in caller for the traceback test */
#include "../../eval/tensor.h"
#include "../../eval/graph.h"
#include "../../ir/exec.h"
#include "unit.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

static Interp *I;
static int64_t base_leaks;

static void setup(void) {
  if (!I) {
    I = interp_new(0, NULL);
    tensor_init(I);
    base_leaks = gc_leak_count(I, false);
  }
}

static void check_leaks(void) {
  int64_t n = gc_leak_count(I, false);
  if (n != base_leaks) {
    gc_leak_count(I, true);
    UNIT_FAIL("refcount leak: %lld objects (baseline %lld)", (long long)n, (long long)base_leaks);
  }
}

static Tensor *tens(msrt_dtype dt, int ndim, const int64_t *shape, const double *v, TFlavour fl) {
  Tensor *t = tensor_new(I, dt, ndim, shape, fl);
  for (int64_t i = 0; i < t->size; i++) {
    if (dt == MSRT_FLOAT32) ((float *)t->data)[i] = (float)v[i];
    else if (dt == MSRT_FLOAT64) ((double *)t->data)[i] = v[i];
    else if (dt == MSRT_INT64) ((int64_t *)t->data)[i] = (int64_t)v[i];
    else UNIT_FAIL("tens: dtype");
  }
  return t;
}

static Tensor *eager(OpId op, int nin, Tensor *const *in, const Attrs *a) {
  Value v[4];
  for (int i = 0; i < nin; i++) v[i] = v_obj(&in[i]->h);
  Value r = prim_call(I, op, nin, v, a);
  return AS_TENSOR(r);
}

static Tensor *eager0(OpId op, int nin, Tensor *const *in) {
  Attrs a;
  attrs_init(&a);
  return eager(op, nin, in, &a);
}

static bool same(const Tensor *a, const Tensor *b) {
  if (a->dtype != b->dtype || a->ndim != b->ndim || a->size != b->size) return false;
  for (int i = 0; i < a->ndim; i++)
    if (a->shape[i] != b->shape[i]) return false;
  return memcmp(a->data, b->data, (size_t)a->size * msrt_dtype_size(a->dtype)) == 0;
}

static void drop(Tensor *t) {
  if (t) obj_decref(I, &t->h);
}

/* Runs ir_exec; returns the exception (owned) or V_UNDEF. */
static Value try_exec(IrModule *m, Tensor *const *params, Tensor **outs) {
  Catch c;
  if (RT_TRY(I, &c)) {
    graph_exec(I, m, params, outs);
    rt_catch_pop(I, &c);
    return v_undef();
  }
  Value e = CUR_EXC(I);
  CUR_EXC(I) = v_undef();
  return e;
}

static char msgbuf[512];
static const char *exc_msg(Value e) {
  Str *s = rt_str(I, e);
  snprintf(msgbuf, sizeof msgbuf, "%s", s->data);
  obj_decref(I, &s->h);
  return msgbuf;
}

static IrType *f32t(IrModule *m, int nd, const int64_t *shape) {
  return ir_type_tensor(m, MSRT_FLOAT32, nd, shape);
}

/* ---- primitives ------------------------------------------------------------ */

TEST(add_scalar_constant) {
  setup();
  IrModule *m = ir_module_new();
  int64_t s3[] = {3};
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *x = ir_param(g, "x", f32t(m, 1, s3));
  float two = 2.5f;
  IrNode *c = ir_const_tensor(m, MSRT_FLOAT32, 0, NULL, &two);
  IrNode *y = ir_node2(g, OP_Add, x, c, f32t(m, 1, s3), ir_noloc);
  ir_return(g, y, ir_noloc);

  Tensor *xt = tens(MSRT_FLOAT32, 1, s3, (double[]){1, -2, 0.25}, TF_MS);
  Tensor *out = NULL;
  Value e = try_exec(m, &xt, &out);
  ASSERT(e.tag == V_UNDEF);
  ASSERT(out != NULL);
  Tensor *ct = tens(MSRT_FLOAT32, 0, NULL, (double[]){2.5}, TF_MS);
  Tensor *ref = eager0(OP_Add, 2, (Tensor *[]){xt, ct});
  ASSERT(out && same(out, ref));
  ASSERT(out && out->flavour == TF_MS);
  ASSERT(out && ((float *)out->data)[1] == -2 + 2.5f);
  drop(out);
  drop(ref);
  drop(ct);
  drop(xt);
  ir_module_free(m);
  check_leaks();
}

/* relu(x @ w + b) with w and b Parameters read through Load. */
TEST(dense_relu_with_parameters) {
  setup();
  IrModule *m = ir_module_new();
  int64_t sx[] = {2, 3}, sw[] = {3, 4}, sb[] = {4}, sy[] = {2, 4};
  IrGraph *g = ir_graph_new(m, "dense", ir_noloc);
  IrNode *x = ir_param(g, "x", f32t(m, 2, sx));
  IrNode *w = ir_parameter(g, "fc.weight", f32t(m, 2, sw));
  IrNode *b = ir_parameter(g, "fc.bias", f32t(m, 1, sb));
  IrNode *mm = ir_node2(g, OP_MatMul, x, ir_load(g, w, ir_noloc), f32t(m, 2, sy), ir_noloc);
  IrNode *ba = ir_node2(g, OP_BiasAdd, mm, ir_load(g, b, ir_noloc), f32t(m, 2, sy), ir_noloc);
  IrNode *r = ir_node1(g, OP_ReLU, ba, f32t(m, 2, sy), ir_noloc);
  ir_return(g, r, ir_noloc);

  Tensor *xt = tens(MSRT_FLOAT32, 2, sx, (double[]){1, 2, 3, -1, 0.5, 2}, TF_MS);
  Tensor *wt = tens(MSRT_FLOAT32, 2, sw, (double[]){0.1, -0.2, 0.3, 1, -1, 0.5, 0.25, 2, 0.3, -0.7, 1.5, -3}, TF_PARAM);
  Tensor *bt = tens(MSRT_FLOAT32, 1, sb, (double[]){0.5, -0.5, 0, 1}, TF_PARAM);
  Tensor *params[] = {xt, wt, bt};
  int64_t wrc = wt->h.rc;

  /* NULL out: a new tensor */
  Tensor *out = NULL;
  Value e = try_exec(m, params, &out);
  ASSERT(e.tag == V_UNDEF);
  Tensor *r1 = eager0(OP_MatMul, 2, (Tensor *[]){xt, wt});
  Tensor *r2 = eager0(OP_BiasAdd, 2, (Tensor *[]){r1, bt});
  Tensor *ref = eager0(OP_ReLU, 1, (Tensor *[]){r2});
  ASSERT(out && same(out, ref));
  ASSERT_INT(wrc, wt->h.rc);

  /* preallocated out: written in place, same object */
  Tensor *pre = tensor_new(I, MSRT_FLOAT32, 2, sy, TF_MS);
  memset(pre->data, 0xff, (size_t)pre->size * 4);
  Tensor *pout = pre;
  e = try_exec(m, params, &pout);
  ASSERT(e.tag == V_UNDEF);
  ASSERT(pout == pre);
  ASSERT(same(pre, ref));
  ASSERT_INT(1, pre->h.rc);

  drop(pre);
  drop(out);
  drop(ref);
  drop(r2);
  drop(r1);
  drop(xt);
  drop(wt);
  drop(bt);
  ir_module_free(m);
  check_leaks();
}

TEST(reduce_sum_attributes) {
  setup();
  IrModule *m = ir_module_new();
  int64_t sx[] = {2, 3}, sy[] = {2, 1};
  IrGraph *g = ir_graph_new(m, "rs", ir_noloc);
  IrNode *x = ir_param(g, "x", f32t(m, 2, sx));
  IrNode *s = ir_node1(g, OP_ReduceSum, x, f32t(m, 2, sy), ir_noloc);
  Attrs a;
  attrs_init(&a);
  a.has_axis = true;
  a.naxis = 1;
  a.axis[0] = -1;
  a.keep_dims = true;
  ir_attrs_encode(s, &a);
  ASSERT(ir_attr_get(s, "axis") && ir_attr_get(s, "axis")->i == -1);
  ASSERT(ir_attr_get(s, "keep_dims") != NULL);
  ir_return(g, s, ir_noloc);

  Tensor *xt = tens(MSRT_FLOAT32, 2, sx, (double[]){1, 2, 3, 4, 5, 6.5}, TF_MS);
  Tensor *out = NULL;
  Value e = try_exec(m, &xt, &out);
  ASSERT(e.tag == V_UNDEF);
  Tensor *ref = eager(OP_ReduceSum, 1, &xt, &a);
  ASSERT(out && same(out, ref));
  ASSERT(out && out->ndim == 2 && out->shape[1] == 1 && ((float *)out->data)[1] == 15.5f);
  drop(out);
  drop(ref);
  drop(xt);
  ir_module_free(m);
  check_leaks();
}

/* (x * 2, x - x): two outputs through a MakeTuple, mixing a preallocated
 * and a NULL out; TupleGetItem of an inner tuple; an unused node. */
TEST(tuple_outputs) {
  setup();
  IrModule *m = ir_module_new();
  int64_t s2[] = {2};
  IrGraph *g = ir_graph_new(m, "two", ir_noloc);
  IrNode *x = ir_param(g, "x", ir_type_tensor(m, MSRT_INT64, 1, s2));
  int64_t two = 2;
  IrType *ti = ir_type_tensor(m, MSRT_INT64, 1, s2);
  IrNode *c2 = ir_const_tensor(m, MSRT_INT64, 0, NULL, &two);
  IrNode *mul = ir_node2(g, OP_Mul, x, c2, ti, ir_noloc);
  ir_node2(g, OP_Add, x, c2, ti, ir_noloc); /* dead */
  IrNode *sub = ir_node2(g, OP_Sub, x, x, ti, ir_noloc);
  IrNode *inner = ir_make_tuple(g, 2, (IrNode *[]){sub, mul}, ir_noloc);
  IrNode *first = ir_tuple_get(g, inner, 1, ir_noloc);
  ir_return(g, ir_make_tuple(g, 2, (IrNode *[]){first, sub}, ir_noloc), ir_noloc);

  Tensor *xt = tens(MSRT_INT64, 1, s2, (double[]){3, -4}, TF_MS);
  Tensor *pre = tensor_new(I, MSRT_INT64, 1, s2, TF_MS);
  Tensor *outs[2] = {pre, NULL};
  Value e = try_exec(m, &xt, outs);
  ASSERT(e.tag == V_UNDEF);
  ASSERT(outs[0] == pre);
  ASSERT_INT(6, ((int64_t *)pre->data)[0]);
  ASSERT_INT(-8, ((int64_t *)pre->data)[1]);
  ASSERT(outs[1] != NULL && outs[1]->dtype == MSRT_INT64);
  ASSERT(outs[1] && ((int64_t *)outs[1]->data)[0] == 0 && ((int64_t *)outs[1]->data)[1] == 0);

  /* both NULL */
  Tensor *outs2[2] = {NULL, NULL};
  e = try_exec(m, &xt, outs2);
  ASSERT(e.tag == V_UNDEF);
  ASSERT(outs2[0] && same(outs2[0], pre));
  ASSERT(outs2[1] && same(outs2[1], outs[1]));

  drop(outs2[0]);
  drop(outs2[1]);
  drop(outs[1]);
  drop(pre);
  drop(xt);
  ir_module_free(m);
  check_leaks();
}

/* Returning an input gives a copy, not the caller's tensor. */
TEST(return_param_copies) {
  setup();
  IrModule *m = ir_module_new();
  int64_t s2[] = {2};
  IrGraph *g = ir_graph_new(m, "id", ir_noloc);
  IrNode *x = ir_param(g, "x", f32t(m, 1, s2));
  ir_return(g, x, ir_noloc);
  Tensor *xt = tens(MSRT_FLOAT32, 1, s2, (double[]){1, 2}, TF_MS);
  Tensor *out = NULL;
  Value e = try_exec(m, &xt, &out);
  ASSERT(e.tag == V_UNDEF);
  ASSERT(out && out != xt && same(out, xt));
  drop(out);
  drop(xt);
  ir_module_free(m);
  check_leaks();
}

/* ---- Print ---------------------------------------------------------------- */

static char hook_buf[1024];
static size_t hook_len;
static void hook(void *ctx, const char *s, size_t n) {
  (void)ctx;
  while (n-- && hook_len < sizeof hook_buf - 1) hook_buf[hook_len++] = *s++;
  hook_buf[hook_len] = '\0';
}

TEST(print_strings_tensors_parameters) {
  setup();
  IrModule *m = ir_module_new();
  int64_t s2[] = {2};
  IrGraph *g = ir_graph_new(m, "p", ir_noloc);
  IrNode *x = ir_param(g, "x", f32t(m, 1, s2));
  IrNode *w = ir_parameter(g, "w", f32t(m, 1, s2));
  IrNode *lw = ir_load(g, w, ir_noloc);
  ir_print_node(g, 5,
                (IrNode *[]){ir_const_str(m, "x:"), x, lw, ir_const_int(m, MSRT_INT64, 7), ir_const_bool(m, true)},
                ir_noloc);
  IrNode *y = ir_node2(g, OP_Add, x, lw, f32t(m, 1, s2), ir_noloc);
  ir_return(g, y, ir_noloc);

  Tensor *xt = tens(MSRT_FLOAT32, 1, s2, (double[]){1, 2}, TF_MS);
  Tensor *wt = tens(MSRT_FLOAT32, 1, s2, (double[]){0.5, -1}, TF_PARAM);
  hook_len = 0;
  hook_buf[0] = 0;
  msrt_set_output(hook, NULL);
  Tensor *out = NULL;
  Value e = try_exec(m, (Tensor *[]){xt, wt}, &out);
  msrt_set_output(NULL, NULL);
  ASSERT(e.tag == V_UNDEF);
  ASSERT_STR("x:\n"
             "Tensor(shape=[2], dtype=Float32, value=[ 1.00000000e+00  2.00000000e+00])\n"
             "Tensor(shape=[2], dtype=Float32, value=[ 5.00000000e-01 -1.00000000e+00], name=w)\n"
             "7\n"
             "True\n",
             hook_buf);
  ASSERT(out && ((float *)out->data)[0] == 1.5f && ((float *)out->data)[1] == 1.0f);
  drop(out);
  drop(xt);
  drop(wt);
  ir_module_free(m);
  check_leaks();
}

/* A graph that only prints returns nothing. */
TEST(print_only_graph) {
  setup();
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "hello", ir_noloc);
  int64_t v = 3;
  IrNode *p = ir_print_node(g, 2, (IrNode *[]){ir_const_str(m, "hi"), ir_const_tensor(m, MSRT_INT64, 0, NULL, &v)},
                            ir_noloc);
  ir_return(g, p, ir_noloc);
  IrNode **o;
  ASSERT_INT(0, ir_outputs(g, &o));
  hook_len = 0;
  hook_buf[0] = 0;
  msrt_set_output(hook, NULL);
  Value e = try_exec(m, NULL, NULL);
  msrt_set_output(NULL, NULL);
  ASSERT(e.tag == V_UNDEF);
  ASSERT_STR("hi\nTensor(shape=[], dtype=Int64, value=3)\n", hook_buf);
  ir_module_free(m);
  check_leaks();
}

/* ---- Parameters: Load before Assign keeps the old value ------------------- */

TEST(load_assign_order) {
  setup();
  IrModule *m = ir_module_new();
  int64_t s2[] = {2};
  IrGraph *g = ir_graph_new(m, "upd", ir_noloc);
  IrNode *w = ir_parameter(g, "w", f32t(m, 1, s2));
  IrNode *before = ir_load(g, w, ir_noloc);
  float one = 1;
  IrNode *inc = ir_node2(g, OP_Add, before, ir_const_tensor(m, MSRT_FLOAT32, 0, NULL, &one), f32t(m, 1, s2),
                         ir_noloc);
  ir_assign(g, w, inc, ir_noloc);
  IrNode *after = ir_load(g, w, ir_noloc);
  ir_return(g, ir_make_tuple(g, 2, (IrNode *[]){before, after}, ir_noloc), ir_noloc);

  Tensor *wt = tens(MSRT_FLOAT32, 1, s2, (double[]){1, 2}, TF_PARAM);
  Tensor *outs[2] = {NULL, NULL};
  Value e = try_exec(m, &wt, outs);
  ASSERT(e.tag == V_UNDEF);
  ASSERT(((float *)wt->data)[0] == 2 && ((float *)wt->data)[1] == 3);
  ASSERT(outs[0] && ((float *)outs[0]->data)[0] == 1 && ((float *)outs[0]->data)[1] == 2);
  ASSERT(outs[1] && ((float *)outs[1]->data)[0] == 2 && ((float *)outs[1]->data)[1] == 3);
  ASSERT(outs[0] != wt && outs[1] != wt);
  ASSERT(outs[0] && outs[0]->flavour == TF_MS);
  drop(outs[0]);
  drop(outs[1]);
  drop(wt);
  ir_module_free(m);
  check_leaks();
}

/* ---- robustness: an input of another dtype is cast as infer asks ---------- */

TEST(input_cast_by_infer) {
  setup();
  IrModule *m = ir_module_new();
  int64_t s2[] = {2};
  IrGraph *g = ir_graph_new(m, "mix", ir_noloc);
  IrNode *x = ir_param(g, "x", ir_type_tensor(m, MSRT_INT64, 1, s2));
  IrNode *y = ir_param(g, "y", f32t(m, 1, s2));
  ir_return(g, ir_node2(g, OP_Mul, x, y, f32t(m, 1, s2), ir_noloc), ir_noloc);
  Tensor *xt = tens(MSRT_INT64, 1, s2, (double[]){2, 3}, TF_MS);
  Tensor *yt = tens(MSRT_FLOAT32, 1, s2, (double[]){0.5, 0.25}, TF_MS);
  Tensor *out = NULL;
  Value e = try_exec(m, (Tensor *[]){xt, yt}, &out);
  ASSERT(e.tag == V_UNDEF);
  Tensor *ref = eager0(OP_Mul, 2, (Tensor *[]){xt, yt});
  ASSERT(out && same(out, ref));
  drop(out);
  drop(ref);
  drop(xt);
  drop(yt);
  ir_module_free(m);
  check_leaks();
}

/* ---- errors ------------------------------------------------------------------ */

TEST(if_runs_the_taken_branch) {
  setup();
  IrModule *m = ir_module_new();
  int64_t s2[] = {2};
  IrGraph *g = ir_graph_new(m, "br", ir_noloc);
  IrNode *c = ir_param(g, "c", ir_type_tensor(m, MSRT_BOOL, 0, NULL));
  IrNode *x = ir_param(g, "x", f32t(m, 1, s2));
  IrGraph *th = ir_graph_new(m, "br_true", ir_noloc);
  IrGraph *el = ir_graph_new(m, "br_false", ir_noloc);
  IrNode *ta = ir_param(th, "a", f32t(m, 1, s2));
  ir_return(th, ir_node1(th, OP_Neg, ta, f32t(m, 1, s2), ir_noloc), ir_noloc);
  IrNode *ea = ir_param(el, "a", f32t(m, 1, s2));
  ir_return(el, ea, ir_noloc);
  IrNode *sq = ir_node1(g, OP_Square, x, f32t(m, 1, s2), ir_noloc); /* alive across the raise */
  IrNode *y = ir_if(g, c, th, el, 1, &sq, NULL, ir_noloc);
  ir_return(g, ir_make_tuple(g, 2, (IrNode *[]){sq, y}, ir_noloc), ir_noloc);

  uint8_t t = 1;
  Tensor *ct = tensor_new(I, MSRT_BOOL, 0, NULL, TF_MS);
  memcpy(ct->data, &t, 1);
  Tensor *xt = tens(MSRT_FLOAT32, 1, s2, (double[]){1, 2}, TF_MS);
  Tensor *outs[2] = {NULL, NULL};
  Value e = try_exec(m, (Tensor *[]){ct, xt}, outs);
  ASSERT(e.tag == V_UNDEF);
  ASSERT(outs[0] && ((float *)outs[0]->data)[0] == 1 && ((float *)outs[0]->data)[1] == 4);
  ASSERT(outs[1] && ((float *)outs[1]->data)[0] == -1 && ((float *)outs[1]->data)[1] == -4);
  for (int i = 0; i < 2; i++)
    if (outs[i]) drop(outs[i]);
  ASSERT_INT(1, xt->h.rc);
  drop(ct);
  drop(xt);
  ir_module_free(m);
  check_leaks();
}

/* ---- a module parsed from .mir text ------------------------------------------ */

static SrcFile *mir(const char *text) {
  size_t n = strlen(text);
  return src_new("e.mir", xstrndup(text, n), n);
}

static const char dense_mir[] =
    "# IR entry: @dense\n"
    "# Total subgraphs: 1\n"
    "# Total params: 3\n"
    "# Params:\n"
    "%para1_x: <Tensor[Float32], (2, 3)>\n"
    "%para2_w: <Ref[Tensor[Float32]], (4, 3)>\n"
    "%para3_b: <Ref[Tensor[Float32]], (4)>\n"
    "\n"
    "subgraph @dense() {\n"
    "  %0(CNode_0$w) = Load(%para2_w)\n"
    "      : (<Ref[Tensor[Float32]], (4, 3)>) -> (<Tensor[Float32], (4, 3)>)\n"
    "  %1(CNode_1$y) = PrimFunc_MatMul(%para1_x, %0) {transpose_a: Bool(0), transpose_b: Bool(1)}\n"
    "      : (<Tensor[Float32], (2, 3)>, <Tensor[Float32], (4, 3)>) -> (<Tensor[Float32], (2, 4)>)\n"
    "      # In file model.py:8:13\n"
    "  %2(CNode_2) = Load(%para3_b)\n"
    "      : (<Ref[Tensor[Float32]], (4)>) -> (<Tensor[Float32], (4)>)\n"
    "  %3(CNode_3) = PrimFunc_Add(%1, %2)\n"
    "      : (<Tensor[Float32], (2, 4)>, <Tensor[Float32], (4)>) -> (<Tensor[Float32], (2, 4)>)\n"
    "  %4(CNode_4) = PrimFunc_Mul(%3, Tensor(shape=[], dtype=Float32, value=0.5))\n"
    "      : (<Tensor[Float32], (2, 4)>, <Tensor[Float32], ()>) -> (<Tensor[Float32], (2, 4)>)\n"
    "  %5(CNode_5) = PrimFunc_ReduceMean(%4) {axis: I64(0)}\n"
    "      : (<Tensor[Float32], (2, 4)>) -> (<Tensor[Float32], (4)>)\n"
    "  %6(CNode_6) = MakeTuple(%4, %5)\n"
    "      : (<Tensor[Float32], (2, 4)>, <Tensor[Float32], (4)>) -> (<Tuple[<Tensor[Float32], (2, 4)>, "
    "<Tensor[Float32], (4)>]>)\n"
    "  Return(%6)\n"
    "      : (<Tuple[<Tensor[Float32], (2, 4)>, <Tensor[Float32], (4)>]>)\n"
    "}\n";

TEST(parsed_module) {
  setup();
  SrcFile *f = mir(dense_mir);
  IrModule *m = ir_parse(f);
  ASSERT(m != NULL);
  if (!m) {
    src_free(f);
    return;
  }
  ASSERT(ir_verify(m));
  int64_t sx[] = {2, 3}, sw[] = {4, 3}, sb[] = {4};
  Tensor *xt = tens(MSRT_FLOAT32, 2, sx, (double[]){1, 2, 3, 4, 5, 6}, TF_MS);
  Tensor *wt = tens(MSRT_FLOAT32, 2, sw, (double[]){1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1}, TF_PARAM);
  Tensor *bt = tens(MSRT_FLOAT32, 1, sb, (double[]){1, 2, 3, 4}, TF_PARAM);
  Tensor *outs[2] = {NULL, NULL};
  Value e = try_exec(m, (Tensor *[]){xt, wt, bt}, outs);
  ASSERT(e.tag == V_UNDEF);

  Attrs a;
  attrs_init(&a);
  a.transpose_b = true;
  Tensor *r1 = eager(OP_MatMul, 2, (Tensor *[]){xt, wt}, &a);
  Tensor *r2 = eager0(OP_Add, 2, (Tensor *[]){r1, bt});
  Tensor *half = tens(MSRT_FLOAT32, 0, NULL, (double[]){0.5}, TF_MS);
  Tensor *r3 = eager0(OP_Mul, 2, (Tensor *[]){r2, half});
  attrs_init(&a);
  a.has_axis = true;
  a.naxis = 1;
  a.axis[0] = 0;
  Tensor *r4 = eager(OP_ReduceMean, 1, &r3, &a);
  ASSERT(outs[0] && same(outs[0], r3));
  ASSERT(outs[1] && same(outs[1], r4));
  /* x @ w.T row 0 = (1, 2, 3, 6); + b = (2, 4, 6, 10); * 0.5 */
  ASSERT(outs[0] && ((float *)outs[0]->data)[3] == 5.0f);
  drop(outs[0]);
  drop(outs[1]);
  drop(r1);
  drop(r2);
  drop(r3);
  drop(r4);
  drop(half);
  drop(xt);
  drop(wt);
  drop(bt);
  ir_module_free(m);
  src_free(f);
  check_leaks();
}

/* A kernel (infer) error unwinds with everything released and the node's
 * .mir location (no script file on the stack) innermost in the traceback. */
TEST(kernel_error_at_node) {
  setup();
  SrcFile *f = mir(dense_mir);
  IrModule *m = ir_parse(f);
  ASSERT(m != NULL);
  if (!m) {
    src_free(f);
    return;
  }
  int64_t sx[] = {2, 5}, sw[] = {4, 3}, sb[] = {4};
  Tensor *xt = tens(MSRT_FLOAT32, 2, sx, (double[]){1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, TF_MS);
  Tensor *wt = tens(MSRT_FLOAT32, 2, sw, (double[]){1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1}, TF_PARAM);
  Tensor *bt = tens(MSRT_FLOAT32, 1, sb, (double[]){1, 2, 3, 4}, TF_PARAM);
  Tensor *outs[2] = {NULL, NULL};
  Value e = try_exec(m, (Tensor *[]){xt, wt, bt}, outs);
  ASSERT(e.tag == V_OBJ);
  if (e.tag == V_OBJ) {
    ASSERT(rt_exc_matches(I, e, EXC_ValueError) || rt_exc_matches(I, e, EXC_TypeError));
    ASSERT(strstr(exc_msg(e), "MatMul") != NULL);
    v_decref(I, e);
  }
  ASSERT(I->tb_len >= 1);
  if (I->tb_len >= 1) {
    ASSERT(I->tb[0].file == f);
    int line = 0, col = 0;
    if (I->tb[0].file) src_linecol(f, I->tb[0].beg, &line, &col);
    ASSERT_INT(12, line); /* the MatMul line of dense_mir */
  }
  ASSERT(outs[0] == NULL && outs[1] == NULL);
  ASSERT_INT(1, xt->h.rc);
  ASSERT_INT(1, wt->h.rc);
  drop(xt);
  drop(wt);
  drop(bt);
  ir_module_free(m);
  src_free(f);
  check_leaks();
}

/* The executor itself needs no interpreter: buffers in, buffers out, an
 * error returned as a value with the failing node's script location. */
static OpTensor opt2(msrt_dtype dt, int ndim, const int64_t *shape, void *data) {
  OpTensor t;
  memset(&t, 0, sizeof t);
  t.dtype = dt;
  t.ndim = ndim;
  t.size = 1;
  for (int i = 0; i < ndim; i++) t.size *= t.shape[i] = shape[i];
  t.data = data;
  return t;
}

TEST(ir_exec_is_interpreter_free) {
  SrcFile *f = mir(dense_mir);
  IrModule *m = ir_parse(f);
  ASSERT(m != NULL);
  if (!m) {
    src_free(f);
    return;
  }
  float x[6] = {1, 2, 3, 4, 5, 6}, w[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1}, b[4] = {1, 2, 3, 4};
  int64_t sx[] = {2, 3}, sw[] = {4, 3}, sb[] = {4};
  OpTensor p[3] = {opt2(MSRT_FLOAT32, 2, sx, x), opt2(MSRT_FLOAT32, 2, sw, w), opt2(MSRT_FLOAT32, 1, sb, b)};
  OpTensor o[2];
  memset(o, 0, sizeof o);
  IrExecError err;
  ASSERT(ir_exec(m, p, o, NULL, &err));
  /* y = x @ w.T + b, * 0.5; row 0: (1+1, 2+2, 3+3, 6+4) / 2 */
  ASSERT(o[0].ndim == 2 && o[0].shape[0] == 2 && o[0].shape[1] == 4 && o[0].data);
  if (o[0].data) {
    const float *y = o[0].data, want[8] = {1, 2, 3, 5, 2.5f, 3.5f, 4.5f, 9.5f};
    for (int i = 0; i < 8; i++) ASSERT(y[i] == want[i]);
  }
  if (o[1].data) {
    const float *r = o[1].data;
    ASSERT(r[0] == 1.75f && r[3] == 7.25f);
  }
  free(o[0].data);
  free(o[1].data);
  /* a (2, 5) x against the (4, 3) weight: a ValueError at the MatMul */
  float x2[10] = {0};
  int64_t sx2[] = {2, 5};
  p[0] = opt2(MSRT_FLOAT32, 2, sx2, x2);
  memset(o, 0, sizeof o);
  ASSERT(!ir_exec(m, p, o, NULL, &err));
  ASSERT_INT(OPE_ValueError, err.kind);
  ASSERT(strstr(err.msg, "MatMul: cannot multiply") != NULL);
  ASSERT(err.at_node && err.loc.file && !strcmp(err.loc.file, "model.py") && err.loc.line == 8);
  ASSERT(o[0].data == NULL && o[1].data == NULL);
  ir_module_free(m);
  src_free(f);
}

/* Called from a script line (a stand-in frame whose current node is in
 * model.py), an error is reported at the node's own line in model.py,
 * with the call as its caller. */
TEST(kernel_error_at_script_location) {
  setup();
  static const char script[] = "import mindspore\n"
                               "def construct(x):\n"
                               "    return x @ x\n"
                               "y = construct(x)\n";
  SrcFile *py = src_new("model.py", xstrdup(script), strlen(script));
  IrModule *m = ir_module_new();
  int64_t s23[] = {2, 3}, s22[] = {2, 2};
  IrGraph *g = ir_graph_new(m, "construct", ir_loc_at(m, "model.py", 2, 1));
  IrNode *x = ir_param(g, "x", f32t(m, 2, s23));
  IrNode *mm = ir_node2(g, OP_MatMul, x, x, f32t(m, 2, s22), ir_loc_at(m, "model.py", 3, 12));
  ir_return(g, mm, ir_noloc);
  Tensor *xt = tens(MSRT_FLOAT32, 2, s23, (double[]){1, 2, 3, 4, 5, 6}, TF_MS);
  Node call;
  memset(&call, 0, sizeof call);
  call.loc = (Loc){py, (uint32_t)(strstr(script, "construct(x)\n") - script), (uint32_t)strlen(script) - 1};
  Frame f;
  memset(&f, 0, sizeof f);
  f.cur = &call;
  Frame *saved = I->frame;
  I->frame = &f;
  Tensor *out = NULL;
  Value e = try_exec(m, &xt, &out);
  I->frame = saved;
  ASSERT(e.tag == V_OBJ);
  if (e.tag == V_OBJ) {
    ASSERT_STR("MatMul: cannot multiply (2, 3) by (2, 3): 3 != 2", exc_msg(e));
    char *buf = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&buf, &len);
    diag_set_stream(o);
    exc_report(I, e);
    fclose(o);
    diag_set_stream(NULL);
    const char *want = "model.py:3:12: error: ValueError: MatMul: cannot multiply (2, 3) by (2, 3): 3 != 2\n";
    ASSERT(buf && strncmp(buf, want, strlen(want)) == 0);
    ASSERT(buf && strstr(buf, "model.py:4:5: note: called from here"));
    if (getenv("SHOW_REPORT")) fputs(buf, stderr);
    free(buf);
    v_decref(I, e);
  }
  ASSERT_INT(2, I->tb_len);
  if (I->tb_len == 2) {
    int line = 0, col = 0;
    ASSERT(I->tb[0].file == py && I->tb[1].file == py);
    src_linecol(py, I->tb[0].beg, &line, &col);
    ASSERT_INT(3, line);
    ASSERT_INT(12, col);
    ASSERT_INT('x', script[I->tb[0].beg]);
    src_linecol(py, I->tb[1].beg, &line, &col);
    ASSERT_INT(4, line);
  }
  ASSERT(out == NULL);
  I->tb_len = 0; /* py is freed below */
  drop(xt);
  ir_module_free(m);
  src_free(py);
  check_leaks();
}

/* A preallocated output of the wrong shape raises; nothing leaks. */
TEST(bad_preallocated_output) {
  setup();
  IrModule *m = ir_module_new();
  int64_t s2[] = {2}, s3[] = {3};
  IrGraph *g = ir_graph_new(m, "neg", ir_noloc);
  IrNode *x = ir_param(g, "x", f32t(m, 1, s2));
  ir_return(g, ir_node1(g, OP_Neg, x, f32t(m, 1, s2), ir_noloc), ir_noloc);
  Tensor *xt = tens(MSRT_FLOAT32, 1, s2, (double[]){1, 2}, TF_MS);
  Tensor *pre = tensor_new(I, MSRT_FLOAT32, 1, s3, TF_MS);
  Tensor *out = pre;
  Value e = try_exec(m, &xt, &out);
  ASSERT(e.tag == V_OBJ);
  if (e.tag == V_OBJ) {
    ASSERT(rt_exc_matches(I, e, EXC_ValueError));
    v_decref(I, e);
  }
  ASSERT(out == pre);
  drop(pre);
  drop(xt);
  ir_module_free(m);
  check_leaks();
}

/* ---- Graphviz ------------------------------------------------------------------ */

static char *dot_str(IrModule *m) {
  char *buf = NULL;
  size_t len = 0;
  FILE *o = open_memstream(&buf, &len);
  ir_print_dot(o, m);
  fclose(o);
  return buf;
}

TEST(dot_output) {
  SrcFile *f = mir(dense_mir);
  IrModule *m = ir_parse(f);
  ASSERT(m != NULL);
  if (!m) {
    src_free(f);
    return;
  }
  char *s = dot_str(m);
  ASSERT(strncmp(s, "digraph \"dense\" {\n", 18) == 0);
  ASSERT(strstr(s, "  g0_p1 [shape=ellipse, style=filled, fillcolor=lightgrey, label=\"%para2_w\\n"
                   "<Ref[Tensor[Float32]], (4, 3)>\"];\n"));
  ASSERT(strstr(s, "  g0_n1 [shape=box, label=\"%1$y = MatMul\\n{transpose_a: False, transpose_b: True}\\n"
                   "<Tensor[Float32], (2, 4)>\"];\n"));
  ASSERT(strstr(s, "  g0_p0 -> g0_n1 [label=\"0\"];\n  g0_n0 -> g0_n1 [label=\"1\"];\n"));
  ASSERT(strstr(s, "  g0_n4_c1 [shape=box, style=dashed, fontsize=8, label=\"Tensor[Float32] ()\\n0.5\"];\n"));
  ASSERT(strstr(s, "  g0_n6 -> g0_ret;\n"));
  ASSERT(s[strlen(s) - 2] == '}');
  char *again = dot_str(m);
  ASSERT_STR(s, again); /* deterministic */
  free(again);
  free(s);
  ir_module_free(m);
  src_free(f);
}

UNIT_MAIN()
