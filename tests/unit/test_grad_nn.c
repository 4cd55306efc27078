/* test_grad_nn.c — finite-difference checks of the gradient rules of
 * passes/grad_nn.c (Conv2D, MaxPool, AvgPool, BatchNorm, LayerNorm,
 * StopGradient), in float64.
 *
 * Each case builds, with the ir.h API, out = ReduceSum(op(inputs) * W) (W a
 * random constant), appends d out / d inputs with grad_append, checks the
 * module with ir_verify (with an infer hook: every primitive node, the
 * backward ones included, must have the type eval/'s infer rule gives it,
 * with no implicit cast of its operands), runs it with the reference
 * executor, and compares each gradient element with the central difference
 * (out(x + h) - out(x - h)) / 2h of the same module's first output.
 * The backward primitives' kernels are also checked against numpy by
 * tests/ops/ops_cases_nn.py (opsdiff / graphdiff). */
#include <math.h>
#include <stdlib.h>

#include "../../eval/tensor.h"
#include "../../eval/graph.h"
#include "../../ir/exec.h"
#include "../../passes/grad.h"
#include "unit.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

static Interp *I;

static void setup(void) {
  if (!I) {
    I = interp_new(0, NULL);
    tensor_init(I);
  }
}

/* ---- deterministic data ----------------------------------------------------- */
static uint64_t rng_state = 88172645463325252ull;
static double urand(void) { /* [0, 1) */
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (double)(rng_state >> 11) / 9007199254740992.0;
}
static double nrand(void) { return urand() * 4.0 - 2.0; }

/* ---- the check ------------------------------------------------------------------ */

typedef struct Input {
  int ndim;
  int64_t shape[4];
  bool positive; /* values in (0.5, 2.5) (variances) */
} Input;

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

static void report_exc(const char *name, Value e) {
  Str *s = rt_str(I, e);
  UNIT_FAIL("%s: exception: %s", name, s->data);
  obj_decref(I, &s->h);
  v_decref(I, e);
}

static double run_out0(IrModule *m, Tensor *const *params, int nouts, const char *name) {
  Tensor *outs[8] = {0};
  Value e = try_exec(m, params, outs);
  double r = NAN;
  if (e.tag != V_UNDEF) report_exc(name, e);
  else r = ((double *)outs[0]->data)[0];
  for (int i = 0; i < nouts; i++)
    if (outs[i]) obj_decref(I, &outs[i]->h);
  return r;
}

/* Builds out = ReduceSum(op(inputs) * W) (W random), appends its gradient
 * w.r.t. every input, and compares with central differences. Returns the
 * largest error relative to 1 + |gradient|. */
static double fd_check(const char *name, int op, int nin, const Input *ins, const Attrs *attrs) {
  setup();
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *p[5];
  TType tin[5];
  memset(tin, 0, sizeof tin);
  for (int i = 0; i < nin; i++) {
    char pn[16];
    snprintf(pn, sizeof pn, "p%d", i);
    p[i] = ir_param(g, pn, ir_type_tensor(m, MSRT_FLOAT64, ins[i].ndim, ins[i].shape));
    tin[i].dt = MSRT_FLOAT64;
    tin[i].ndim = ins[i].ndim;
    memcpy(tin[i].shape, ins[i].shape, sizeof ins[i].shape);
  }
  /* the forward node's type from its infer rule */
  TType yt;
  msrt_dtype cast[5];
  for (int i = 0; i < nin; i++) cast[i] = tin[i].dt;
  OpErr oe;
  if (!op_infer((OpId)op, nin, tin, attrs, &yt, cast, &oe)) UNIT_FAIL("infer: %s", oe.msg);
  IrType *yty = ir_type_tensor(m, MSRT_FLOAT64, yt.ndim, yt.shape);
  IrNode *y = ir_node(g, op, nin, p, yty, ir_noloc);
  ir_attrs_encode(y, attrs);
  int64_t ny = 1;
  for (int d = 0; d < yt.ndim; d++) ny *= yt.shape[d];
  double *wv = malloc(sizeof(double) * (size_t)(ny ? ny : 1));
  for (int64_t k = 0; k < ny; k++) wv[k] = nrand();
  IrNode *W = ir_const_tensor(m, MSRT_FLOAT64, yt.ndim, yt.shape, wv);
  free(wv);
  IrNode *prod = ir_node2(g, OP_Mul, y, W, yty, ir_noloc);
  IrNode *out = ir_node1(g, OP_ReduceSum, prod, ir_type_tensor(m, MSRT_FLOAT64, 0, NULL), ir_noloc);

  GradRequest rq = {1, &out, NULL, nin, p, 0};
  IrNode *grads[5] = {0};
  GradError err;
  memset(&err, 0, sizeof err);
  if (!grad_append(m, g, &rq, grads, &err)) {
    UNIT_FAIL("%s: grad_append failed: %s", name, err.msg);
    ir_module_free(m);
    return INFINITY;
  }
  IrNode *tup[6] = {out};
  for (int i = 0; i < nin; i++) {
    tup[i + 1] = grads[i];
    if (!grads[i]) UNIT_FAIL("%s: no gradient node for input %d", name, i);
  }
  if (unit_cur_failed) {
    ir_module_free(m);
    return INFINITY;
  }
  ir_return(g, ir_make_tuple(g, nin + 1, tup, ir_noloc), ir_noloc);
  if (!ir_verify(m)) {
    UNIT_FAIL("%s: ir_verify failed", name);
    ir_module_free(m);
    return INFINITY;
  }

  Tensor *pt[5];
  for (int i = 0; i < nin; i++) {
    pt[i] = tensor_new(I, MSRT_FLOAT64, ins[i].ndim, ins[i].shape, TF_MS);
    double *d = pt[i]->data;
    for (int64_t k = 0; k < pt[i]->size; k++) d[k] = ins[i].positive ? 0.5 + 2.0 * urand() : nrand();
  }
  Tensor *outs[6] = {0};
  Value e = try_exec(m, pt, outs);
  double worst = 0;
  if (e.tag != V_UNDEF) {
    report_exc(name, e);
    worst = INFINITY;
  } else {
    const double h = 1e-6;
    for (int i = 0; i < nin; i++) {
      Tensor *gt = outs[i + 1];
      if (!gt || gt->size != pt[i]->size || gt->dtype != MSRT_FLOAT64) {
        UNIT_FAIL("%s: gradient %d has the wrong type", name, i);
        continue;
      }
      double *x = pt[i]->data, *an = gt->data;
      for (int64_t k = 0; k < pt[i]->size; k++) {
        double x0 = x[k];
        x[k] = x0 + h;
        double fp = run_out0(m, pt, nin + 1, name);
        x[k] = x0 - h;
        double fm = run_out0(m, pt, nin + 1, name);
        x[k] = x0;
        double fd = (fp - fm) / (2 * h);
        double rel = fabs(fd - an[k]) / (1 + fabs(an[k]));
        if (!(rel <= worst)) worst = rel;
        if (!(rel < 1e-5)) {
          UNIT_FAIL("%s: d/dinput%d[%lld]: analytic %.10g, finite difference %.10g", name, i, (long long)k, an[k],
                    fd);
          k = pt[i]->size; /* one report per input */
        }
      }
    }
  }
  for (int i = 0; i < nin + 1; i++)
    if (outs[i]) obj_decref(I, &outs[i]->h);
  for (int i = 0; i < nin; i++) obj_decref(I, &pt[i]->h);
  ir_module_free(m);
  return worst;
}

static Input in4(int64_t a, int64_t b, int64_t c, int64_t d) {
  Input r = {4, {a, b, c, d}, false};
  return r;
}
static Input in1(int64_t a, bool pos) {
  Input r = {1, {a, 0, 0, 0}, pos};
  return r;
}

static void conv_attrs(Attrs *a, int64_t sh, int64_t sw, const int64_t *pad, int64_t dh, int64_t dw, int64_t g) {
  attrs_init(a);
  a->stride[0] = sh;
  a->stride[1] = sw;
  a->has_stride = true;
  memcpy(a->pad, pad, sizeof a->pad);
  a->dilation[0] = dh;
  a->dilation[1] = dw;
  a->group = g;
}

/* ---- Conv2D ------------------------------------------------------------------ */

TEST(conv2d_stride2_pad) {
  Attrs a;
  conv_attrs(&a, 2, 2, (int64_t[]){1, 1, 1, 1}, 1, 1, 1);
  Input in[2] = {in4(2, 3, 6, 6), in4(4, 3, 3, 3)};
  fd_check("conv stride 2 pad 1", OP_Conv2D, 2, in, &a);
}

TEST(conv2d_dilation2_asym_pad) {
  Attrs a;
  conv_attrs(&a, 1, 1, (int64_t[]){2, 1, 0, 2}, 2, 2, 1);
  Input in[2] = {in4(1, 2, 7, 7), in4(2, 2, 3, 3)};
  fd_check("conv dilation 2", OP_Conv2D, 2, in, &a);
}

TEST(conv2d_group2) {
  Attrs a;
  conv_attrs(&a, 1, 2, (int64_t[]){1, 1, 1, 1}, 1, 1, 2);
  Input in[2] = {in4(1, 4, 5, 5), in4(6, 2, 3, 2)};
  fd_check("conv group 2", OP_Conv2D, 2, in, &a);
}

TEST(conv2d_depthwise_stride_dilation) {
  Attrs a;
  conv_attrs(&a, 2, 1, (int64_t[]){0, 1, 1, 0}, 1, 2, 3);
  Input in[2] = {in4(2, 3, 7, 6), in4(3, 1, 2, 2)};
  fd_check("conv depthwise", OP_Conv2D, 2, in, &a);
}

TEST(conv2d_1x1_direct) {
  Attrs a;
  conv_attrs(&a, 1, 1, (int64_t[]){0, 0, 0, 0}, 1, 1, 1);
  Input in[2] = {in4(2, 3, 4, 4), in4(5, 3, 1, 1)};
  fd_check("conv 1x1", OP_Conv2D, 2, in, &a);
}

/* ---- pools ------------------------------------------------------------------------ */

static void pool_attrs(Attrs *a, int64_t kh, int64_t kw, int64_t sh, int64_t sw, const int64_t *pad, bool ceil,
                       bool cip) {
  attrs_init(a);
  a->ksize[0] = kh;
  a->ksize[1] = kw;
  if (sh > 0) {
    a->stride[0] = sh;
    a->stride[1] = sw;
    a->has_stride = true;
  }
  memcpy(a->pad, pad, sizeof a->pad);
  a->ceil_mode = ceil;
  a->count_include_pad = cip;
}

TEST(maxpool_overlapping_pad) {
  Attrs a;
  pool_attrs(&a, 3, 3, 2, 2, (int64_t[]){1, 1, 1, 1}, false, false);
  Input in[1] = {in4(2, 2, 6, 6)};
  fd_check("maxpool k3 s2 pad1", OP_MaxPool, 1, in, &a);
}

TEST(maxpool_default_stride_ceil) {
  Attrs a;
  pool_attrs(&a, 2, 2, 0, 0, (int64_t[]){0, 0, 0, 0}, true, false);
  Input in[1] = {in4(1, 2, 5, 7)};
  fd_check("maxpool k2 ceil", OP_MaxPool, 1, in, &a);
}

TEST(avgpool_pad_count_include_pad) {
  Attrs a;
  for (int cip = 0; cip < 2; cip++) {
    pool_attrs(&a, 3, 3, 2, 2, (int64_t[]){1, 1, 1, 1}, false, cip != 0);
    Input in[1] = {in4(1, 2, 7, 7)};
    fd_check(cip ? "avgpool pad cip" : "avgpool pad", OP_AvgPool, 1, in, &a);
  }
}

TEST(avgpool_ceil_mode_asym) {
  Attrs a;
  for (int cip = 0; cip < 2; cip++) {
    pool_attrs(&a, 3, 2, 2, 3, (int64_t[]){1, 0, 0, 1}, true, cip != 0);
    Input in[1] = {in4(1, 2, 8, 7)};
    fd_check(cip ? "avgpool ceil cip" : "avgpool ceil", OP_AvgPool, 1, in, &a);
  }
}

/* ---- normalisation ---------------------------------------------------------------- */

TEST(batchnorm_4d) {
  Attrs a;
  attrs_init(&a);
  a.epsilon = 1e-3;
  a.has_epsilon = true;
  Input in[5] = {in4(3, 4, 2, 2), in1(4, false), in1(4, false), in1(4, false), in1(4, true)};
  fd_check("batchnorm 4-D", OP_BatchNorm, 5, in, &a);
}

TEST(batchnorm_2d_default_eps) {
  Attrs a;
  attrs_init(&a);
  Input in[5] = {{2, {5, 3, 0, 0}, false}, in1(3, false), in1(3, false), in1(3, false), in1(3, true)};
  fd_check("batchnorm 2-D", OP_BatchNorm, 5, in, &a);
}

static void ln_case(const char *name, Input x, int64_t bna, int64_t bpa, double eps) {
  Attrs a;
  attrs_init(&a);
  a.begin_norm_axis = bna;
  a.begin_params_axis = bpa;
  if (eps > 0) {
    a.epsilon = eps;
    a.has_epsilon = true;
  }
  int64_t b = bpa < 0 ? bpa + x.ndim : bpa;
  Input pin = {(int)(x.ndim - b), {0}, false};
  for (int d = 0; d < pin.ndim; d++) pin.shape[d] = x.shape[b + d];
  Input in[3] = {x, pin, pin};
  fd_check(name, OP_LayerNorm, 3, in, &a);
}

TEST(layernorm_last_axis) { ln_case("layernorm (4, 6) -1 -1", (Input){2, {4, 6}, false}, -1, -1, 0); }
TEST(layernorm_axis1) { ln_case("layernorm (2, 3, 4) 1 1", (Input){3, {2, 3, 4}, false}, 1, 1, 1e-3); }
TEST(layernorm_params_wider) { ln_case("layernorm (2, 3, 4) 2 1", (Input){3, {2, 3, 4}, false}, 2, 1, 0); }
TEST(layernorm_params_narrower) { ln_case("layernorm (2, 3, 4) 1 2", (Input){3, {2, 3, 4}, false}, 1, 2, 0); }
TEST(layernorm_all_axes) { ln_case("layernorm (3, 5) 0 0", (Input){2, {3, 5}, false}, 0, 0, 1e-3); }

/* ---- StopGradient ------------------------------------------------------------------ */

/* out = ReduceSum(StopGradient(x) * W): the gradient is zeros. */
TEST(stop_gradient_zero) {
  setup();
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "sg", ir_noloc);
  int64_t s[2] = {2, 3};
  IrType *t = ir_type_tensor(m, MSRT_FLOAT64, 2, s);
  IrNode *x = ir_param(g, "x", t);
  IrNode *sg = ir_node1(g, OP_StopGradient, x, t, ir_noloc);
  double wv[6] = {1, 2, 3, 4, 5, 6};
  IrNode *prod = ir_node2(g, OP_Mul, sg, ir_const_tensor(m, MSRT_FLOAT64, 2, s, wv), t, ir_noloc);
  IrNode *out = ir_node1(g, OP_ReduceSum, prod, ir_type_tensor(m, MSRT_FLOAT64, 0, NULL), ir_noloc);
  GradRequest rq = {1, &out, NULL, 1, &x, 0};
  IrNode *gx = NULL;
  GradError err;
  ASSERT(grad_append(m, g, &rq, &gx, &err));
  ASSERT(gx != NULL);
  if (!gx) {
    ir_module_free(m);
    return;
  }
  ir_return(g, ir_make_tuple(g, 2, (IrNode *[]){out, gx}, ir_noloc), ir_noloc);
  ASSERT(ir_verify(m));
  Tensor *xt = tensor_new(I, MSRT_FLOAT64, 2, s, TF_MS);
  for (int k = 0; k < 6; k++) ((double *)xt->data)[k] = k - 2.5;
  Tensor *outs[2] = {0};
  Value e = try_exec(m, &xt, outs);
  if (e.tag != V_UNDEF) report_exc("stop_gradient", e);
  else {
    ASSERT(outs[1] && outs[1]->size == 6);
    for (int k = 0; outs[1] && k < 6; k++) ASSERT(((double *)outs[1]->data)[k] == 0.0);
    /* the forward value is unchanged: sum((k - 2.5) * (k + 1)) = 17.5 */
    ASSERT(fabs(((double *)outs[0]->data)[0] - 17.5) < 1e-12);
  }
  for (int i = 0; i < 2; i++)
    if (outs[i]) obj_decref(I, &outs[i]->h);
  obj_decref(I, &xt->h);
  ir_module_free(m);
}

/* sum(StopGradient(e) * e) with e = exp(x): only the second factor passes
 * a gradient, so d/dx = exp(x) * exp(x), not d(exp(2x))/dx = 2 exp(2x). */
TEST(stop_gradient_partial) {
  setup();
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "sgp", ir_noloc);
  int64_t s[1] = {4};
  IrType *t = ir_type_tensor(m, MSRT_FLOAT64, 1, s);
  IrNode *x = ir_param(g, "x", t);
  IrNode *sq = ir_node1(g, OP_Exp, x, t, ir_noloc);
  IrNode *sg = ir_node1(g, OP_StopGradient, sq, t, ir_noloc);
  IrNode *prod = ir_node2(g, OP_Mul, sg, sq, t, ir_noloc);
  IrNode *out = ir_node1(g, OP_ReduceSum, prod, ir_type_tensor(m, MSRT_FLOAT64, 0, NULL), ir_noloc);
  GradRequest rq = {1, &out, NULL, 1, &x, 0};
  IrNode *gx = NULL;
  GradError err;
  ASSERT(grad_append(m, g, &rq, &gx, &err));
  if (!gx) {
    ir_module_free(m);
    return;
  }
  ir_return(g, gx, ir_noloc);
  Tensor *xt = tensor_new(I, MSRT_FLOAT64, 1, s, TF_MS);
  for (int k = 0; k < 4; k++) ((double *)xt->data)[k] = 0.5 * k - 1;
  Tensor *o = NULL;
  Value e = try_exec(m, &xt, &o);
  if (e.tag != V_UNDEF) report_exc("stop_gradient_partial", e);
  else
    for (int k = 0; k < 4; k++) {
      double v = exp(0.5 * k - 1);
      /* exp(x) * exp(x) (one factor stopped), not 2 exp(2x) */
      if (fabs(((double *)o->data)[k] - v * v) > 1e-12)
        UNIT_FAIL("d/dx[%d] = %g, expected %g", k, ((double *)o->data)[k], v * v);
    }
  if (o) obj_decref(I, &o->h);
  obj_decref(I, &xt->h);
  ir_module_free(m);
}

/* Only the gradients asked for are built: Conv2D w.r.t. w alone has no
 * Conv2DBackpropInput, BatchNorm w.r.t. x alone no ReduceSum. */
static int count_op(const IrGraph *g, int op) {
  int k = 0;
  for (int i = 0; i < g->nnode; i++) k += g->nodes[i]->op == op;
  return k;
}

TEST(only_needed_gradients) {
  setup();
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  int64_t sx[4] = {1, 2, 5, 5}, sw[4] = {3, 2, 3, 3}, sy[4] = {1, 3, 3, 3};
  IrNode *x = ir_param(g, "x", ir_type_tensor(m, MSRT_FLOAT64, 4, sx));
  IrNode *w = ir_param(g, "w", ir_type_tensor(m, MSRT_FLOAT64, 4, sw));
  Attrs a;
  conv_attrs(&a, 1, 1, (int64_t[]){0, 0, 0, 0}, 1, 1, 1);
  IrNode *y = ir_node2(g, OP_Conv2D, x, w, ir_type_tensor(m, MSRT_FLOAT64, 4, sy), ir_noloc);
  ir_attrs_encode(y, &a);
  IrNode *out = ir_node1(g, OP_ReduceSum, y, ir_type_tensor(m, MSRT_FLOAT64, 0, NULL), ir_noloc);
  GradRequest rq = {1, &out, NULL, 1, &w, 0};
  IrNode *gw = NULL;
  GradError err;
  ASSERT(grad_append(m, g, &rq, &gw, &err));
  ASSERT_INT(1, count_op(g, OP_Conv2DBackpropFilter));
  ASSERT_INT(0, count_op(g, OP_Conv2DBackpropInput));
  ir_module_free(m);

  m = ir_module_new();
  g = ir_graph_new(m, "f", ir_noloc);
  int64_t s2[2] = {4, 3}, s1[1] = {3};
  IrNode *p[5];
  p[0] = ir_param(g, "x", ir_type_tensor(m, MSRT_FLOAT64, 2, s2));
  for (int i = 1; i < 5; i++) p[i] = ir_param(g, "p", ir_type_tensor(m, MSRT_FLOAT64, 1, s1));
  IrNode *bn = ir_node(g, OP_BatchNorm, 5, p, ir_type_tensor(m, MSRT_FLOAT64, 2, s2), ir_noloc);
  out = ir_node1(g, OP_ReduceSum, bn, ir_type_tensor(m, MSRT_FLOAT64, 0, NULL), ir_noloc);
  int before = count_op(g, OP_ReduceSum);
  GradRequest rq2 = {1, &out, NULL, 1, p, 0};
  IrNode *gx = NULL;
  ASSERT(grad_append(m, g, &rq2, &gx, &err));
  ASSERT(gx != NULL);
  ASSERT_INT(before, count_op(g, OP_ReduceSum));
  ir_module_free(m);
}

/* ---- entries ------------------------------------------------------------------------ */

TEST(entries) {
  ASSERT_INT(GRAD_ZERO, grad_entry(OP_StopGradient).kind);
  int none[] = {OP_Conv2DBackpropInput, OP_Conv2DBackpropFilter, OP_MaxPoolGrad, OP_AvgPoolGrad};
  for (int i = 0; i < 4; i++) {
    GradEntry e = grad_entry(none[i]);
    ASSERT_INT(GRAD_NONE, e.kind);
    ASSERT(e.why && strstr(e.why, "second-order"));
  }
  int rules[] = {OP_Conv2D, OP_MaxPool, OP_AvgPool, OP_BatchNorm, OP_LayerNorm};
  for (int i = 0; i < 5; i++) ASSERT_INT(GRAD_RULE, grad_entry(rules[i]).kind);
}

/* A second-order request fails with the op's name. */
TEST(second_order_refused) {
  setup();
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "so", ir_noloc);
  int64_t s[4] = {1, 1, 4, 4}, so[4] = {1, 1, 2, 2};
  IrNode *x = ir_param(g, "x", ir_type_tensor(m, MSRT_FLOAT64, 4, s));
  IrNode *dy = ir_param(g, "dy", ir_type_tensor(m, MSRT_FLOAT64, 4, so));
  Attrs a;
  pool_attrs(&a, 2, 2, 0, 0, (int64_t[]){0, 0, 0, 0}, false, false);
  IrNode *mg = ir_node2(g, OP_MaxPoolGrad, x, dy, ir_type_tensor(m, MSRT_FLOAT64, 4, s), ir_noloc);
  ir_attrs_encode(mg, &a);
  IrNode *out = ir_node1(g, OP_ReduceSum, mg, ir_type_tensor(m, MSRT_FLOAT64, 0, NULL), ir_noloc);
  GradRequest rq = {1, &out, NULL, 1, &dy, 0};
  IrNode *gx = NULL;
  GradError err;
  memset(&err, 0, sizeof err);
  ASSERT(!grad_append(m, g, &rq, &gx, &err));
  ASSERT(strstr(err.msg, "MaxPoolGrad") != NULL);
  ASSERT(strstr(err.msg, "second-order gradients of MaxPool are not supported") != NULL);
  ir_module_free(m);
}

UNIT_MAIN()
