/* test_grad.c — passes/grad.c: reverse-mode autodiff on the IR.
 *
 * Every primitive with a gradient rule is checked against central finite
 * differences in float64: out = ReduceSum(op(x...) * W) with W a fixed
 * random constant of op's output shape; the gradient graph (grad_append on
 * a copy of the forward graph) must pass ir_verify and run with ir_exec;
 * each element of each float input's gradient is compared with
 * (f(x + h e_i) - f(x - h e_i)) / 2h, h = 1e-6, where f runs the forward
 * graph with ir_exec. Forward graphs get their result types from eval's
 * infer rules (op_infer_rule), not from the builder under test.
 *
 * Then: conventions at kinks and ties (Abs'(0), ReLU'(0), Maximum/Minimum
 * and ReduceMax ties), the walker over ops.def (an entry for every op, an
 * FD case for every rule), error cases (GRAD_NONE, a Parameter loaded inside an If), the
 * backward of an If (the taken branch's), integer
 * wrt, independent out, x*x, two Loads of a Parameter), and an MLP with a
 * softmax cross-entropy loss whose gradient graph runs through the C
 * backend (cg_emit + JIT) and matches ir_exec and finite differences.
 */
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../codegen/codegen.h"
#include "../../eval/tensor.h"
#include "../../eval/graph.h"
#include "../../ir/exec.h"
#include "../../passes/grad.h"
#include "unit.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

static Interp *I;
static bool covered[OP_COUNT];

static void setup(void) {
  if (!I) {
    I = interp_new(0, NULL);
    tensor_init(I);
  }
}

/* ---- random numbers (deterministic) ----------------------------------------- */
static uint64_t rng = 88172645463325252ull;
static double urand(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (double)(rng >> 11) / 9007199254740992.0;
}

/* ---- running graphs ------------------------------------------------------------ */

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

static void report_exc(Value e) {
  Str *s = rt_str(I, e);
  UNIT_FAIL("exception: %s", s->data);
  obj_decref(I, &s->h);
  v_decref(I, e);
}

static void drop(Tensor *t) {
  if (t) obj_decref(I, &t->h);
}

/* ---- building forward graphs with eval's infer rules ------------------------------ */

static bool infer_failed;

/* A primitive node whose type eval's infer rule gives; attrs encoded as
 * capture encodes them. */
static IrNode *mk(IrGraph *g, int op, int nin, IrNode *const *in, const Attrs *a0) {
  Attrs a;
  if (a0) a = *a0;
  else attrs_init(&a);
  a.slice_normalised = true;
  TType tin[8];
  msrt_dtype cast[8];
  TType out;
  memset(tin, 0, sizeof tin);
  memset(&out, 0, sizeof out);
  for (int i = 0; i < nin; i++) {
    tin[i].dt = in[i]->type->dt;
    tin[i].ndim = in[i]->type->ndim;
    memcpy(tin[i].shape, in[i]->type->shape, sizeof(int64_t) * (size_t)in[i]->type->ndim);
  }
  for (int i = 0; i < nin; i++) cast[i] = tin[i].dt;
  OpErr oe;
  if (!op_infer((OpId)op, nin, tin, &a, &out, cast, &oe)) {
    UNIT_FAIL("infer: %s", oe.msg);
    infer_failed = true;
    out = tin[0];
  }
  IrNode *n = ir_node(g, op, nin, in, ir_type_tensor(g->mod, out.dt, out.ndim, out.shape), ir_noloc);
  ir_attrs_encode(n, &a);
  return n;
}

/* ---- the finite-difference harness ------------------------------------------------ */

enum { IN_F = 0, IN_AWAY, IN_INT, IN_BOOL };

typedef struct In {
  int nd;
  int64_t shape[4];
  int kind;          /* IN_F: uniform [lo, hi]; IN_AWAY: [lo, hi] with a random sign;
                        IN_INT / IN_BOOL: constant ivals */
  double lo, hi;
  const int64_t *ivals;
} In;

typedef struct Case {
  const char *name;
  int op;
  int nin;
  In in[3];
  void (*attrs)(Attrs *a);
} Case;

static int64_t count(int nd, const int64_t *s) {
  int64_t k = 1;
  for (int i = 0; i < nd; i++) k *= s[i];
  return k;
}

typedef struct Built {
  IrModule *m;
  IrGraph *g;
  IrNode *params[3]; /* per input: a param (float) or NULL */
  IrNode *out;
} Built;

/* f: ReduceSum(op(x) * W). W: wdata (filled on first build). */
static void build(const Case *c, Built *bt, double **wdata, int64_t *wn) {
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *x[3];
  for (int i = 0; i < c->nin; i++) {
    const In *in = &c->in[i];
    bt->params[i] = NULL;
    if (in->kind == IN_INT || in->kind == IN_BOOL) {
      int64_t k = count(in->nd, in->shape);
      if (in->kind == IN_INT) {
        x[i] = ir_const_tensor(m, MSRT_INT64, in->nd, in->shape, in->ivals);
      } else {
        uint8_t bv[64];
        for (int64_t j = 0; j < k; j++) bv[j] = (uint8_t)(in->ivals[j] != 0);
        x[i] = ir_const_tensor(m, MSRT_BOOL, in->nd, in->shape, bv);
      }
    } else {
      char nm[16];
      snprintf(nm, sizeof nm, "x%d", i);
      x[i] = bt->params[i] = ir_param(g, nm, ir_type_tensor(m, MSRT_FLOAT64, in->nd, in->shape));
    }
  }
  Attrs a;
  attrs_init(&a);
  if (c->attrs) c->attrs(&a);
  IrNode *y = mk(g, c->op, c->nin, x, &a);
  int64_t k = count(y->type->ndim, y->type->shape);
  if (!*wdata) {
    *wdata = xcalloc((size_t)k + 1, sizeof(double));
    for (int64_t j = 0; j < k; j++) (*wdata)[j] = 2 * urand() - 1;
    *wn = k;
  }
  IrNode *w = ir_const_tensor(m, MSRT_FLOAT64, y->type->ndim, y->type->shape, *wdata);
  IrNode *yw = mk(g, OP_Mul, 2, (IrNode *[]){y, w}, NULL);
  bt->out = mk(g, OP_ReduceSum, 1, &yw, NULL);
  ir_return(g, bt->out, ir_noloc);
  bt->m = m;
  bt->g = g;
}

static double run_f(IrModule *m, Tensor **params) {
  Tensor *o = NULL;
  Value e = try_exec(m, params, &o);
  if (e.tag != V_UNDEF) {
    report_exc(e);
    return NAN;
  }
  double r = ((double *)o->data)[0];
  drop(o);
  return r;
}

static int fd_cases;

/* ---- the C backend -------------------------------------------------------------- */

static char jit_dir[64];

/* The run's JIT cache when scripts/run-tests.sh gives one (MSC_CACHE_DIR:
 * the sanitizer pass then loads the ~100 graphs the plain pass compiled,
 * the same C text, instead of running cc for each again); otherwise a
 * private directory, removed at the end. */
static const char *jit_cache(void) {
  const char *run = getenv("MSC_CACHE_DIR");
  if (run && *run) return run;
  if (!jit_dir[0]) {
    snprintf(jit_dir, sizeof jit_dir, "/tmp/msc-test-grad-XXXXXX");
    if (!mkdtemp(jit_dir)) UNIT_FAIL("mkdtemp");
  }
  return jit_dir;
}

static void jit_cleanup(void) {
  jit_unload_all();
  if (jit_dir[0]) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", jit_dir);
    if (system(cmd) != 0) UNIT_FAIL("rm");
    jit_dir[0] = 0;
  }
}

/* Emits m's entry as C, compiles and runs it on params; each output must
 * match ref[] (ir_exec's) to 1e-10 relative. */
static bool run_c(const char *name, IrModule *m, Tensor **params, int np, Tensor **ref, int nout) {
  CgResult r;
  char msg[512];
  if (!cg_emit(m, "msc_case", NULL, &r, msg, sizeof msg)) {
    UNIT_FAIL("%s: cg_emit: %s", name, msg);
    return false;
  }
  JitOptions jo = {jit_cache(), false};
  CgEntryFn fn = jit_load(r.c, "msc_case", &jo, msg, sizeof msg);
  bool ok = fn != NULL;
  if (!fn) UNIT_FAIL("%s: jit_load: %s", name, msg);
  void *args[64];
  Tensor *outs[8] = {NULL};
  int na = 0;
  for (int i = 0; i < np; i++) args[na++] = params[i]->data;
  for (int i = 0; i < r.nconst; i++) args[na++] = (void *)r.consts[i]->cst.data;
  for (int i = 0; i < nout; i++) {
    outs[i] = tensor_new(I, ref[i]->dtype, ref[i]->ndim, ref[i]->shape, TF_MS);
    args[na++] = outs[i]->data;
  }
  if (ok) {
    void *ws = r.ws_size ? aligned_alloc(64, r.ws_size) : NULL;
    int rc = fn(args, ws);
    free(ws);
    if (rc != 0) {
      UNIT_FAIL("%s: the generated C returned %d", name, rc);
      ok = false;
    }
  }
  for (int i = 0; ok && i < nout; i++)
    for (int64_t j = 0; j < ref[i]->size; j++) {
      double a = ((double *)outs[i]->data)[j], b = ((double *)ref[i]->data)[j];
      if (!(fabs(a - b) <= 1e-10 * (1 + fabs(b)))) {
        UNIT_FAIL("%s: output %d[%lld]: C %.17g, ir_exec %.17g", name, i, (long long)j, a, b);
        ok = false;
        break;
      }
    }
  for (int i = 0; i < nout; i++) drop(outs[i]);
  cg_result_free(&r);
  return ok;
}

static void fd_check(const Case *c) {
  setup();
  fd_cases++;
  double *w = NULL;
  int64_t wn = 0;
  Built f, gb;
  build(c, &f, &w, &wn);
  build(c, &gb, &w, &wn);
  /* inputs */
  Tensor *xs[3] = {NULL, NULL, NULL};
  int np = 0;
  Tensor *params[3];
  for (int i = 0; i < c->nin; i++) {
    const In *in = &c->in[i];
    if (!f.params[i]) continue;
    Tensor *t = tensor_new(I, MSRT_FLOAT64, in->nd, in->shape, TF_MS);
    for (int64_t j = 0; j < t->size; j++) {
      double v = in->lo + (in->hi - in->lo) * urand();
      if (in->kind == IN_AWAY && urand() < 0.5) v = -v;
      ((double *)t->data)[j] = v;
    }
    xs[i] = t;
    params[np++] = t;
  }
  /* gradient graph */
  IrNode *wrt[3];
  int nw = 0;
  for (int i = 0; i < c->nin; i++)
    if (gb.params[i]) wrt[nw++] = gb.params[i];
  GradRequest rq = {1, &gb.out, NULL, nw, wrt, 0};
  IrNode *grads[3];
  GradError err;
  bool ok = grad_append(gb.m, gb.g, &rq, grads, &err);
  if (!ok) UNIT_FAIL("%s: grad_append failed: %s", c->name, err.msg);
  IrNode *rv[4];
  rv[0] = gb.out;
  for (int i = 0; ok && i < nw; i++) rv[i + 1] = grads[i];
  if (ok) ir_return(gb.g, ir_make_tuple(gb.g, nw + 1, rv, ir_noloc), ir_noloc);
  if (ok && !ir_verify(gb.m)) {
    UNIT_FAIL("%s: the gradient graph does not verify", c->name);
    ok = false;
  }
  Tensor *outs[4] = {NULL, NULL, NULL, NULL};
  if (ok) {
    Value e = try_exec(gb.m, params, outs);
    if (e.tag != V_UNDEF) {
      UNIT_FAIL("%s: running the gradient graph", c->name);
      report_exc(e);
      ok = false;
    }
  }
  if (ok) {
    double f0 = run_f(f.m, params);
    if (fabs(f0 - ((double *)outs[0]->data)[0]) > 1e-12 * (1 + fabs(f0)))
      UNIT_FAIL("%s: forward value differs in the gradient graph", c->name);
    const double h = 1e-6;
    for (int i = 0, k = 0; i < c->nin; i++) {
      if (!xs[i]) continue;
      Tensor *gt = outs[++k];
      if (gt->dtype != MSRT_FLOAT64 || gt->size != xs[i]->size) {
        UNIT_FAIL("%s: gradient %d has the wrong type", c->name, i);
        continue;
      }
      double *xv = (double *)xs[i]->data;
      int bad = 0;
      for (int64_t j = 0; j < xs[i]->size && bad < 3; j++) {
        double x0 = xv[j];
        xv[j] = x0 + h;
        double fp = run_f(f.m, params);
        xv[j] = x0 - h;
        double fm = run_f(f.m, params);
        xv[j] = x0;
        double fd = (fp - fm) / (2 * h), an = ((double *)gt->data)[j];
        if (!(fabs(fd - an) <= 1e-6 * (1 + fabs(fd)))) {
          UNIT_FAIL("%s: d/dx%d[%lld]: analytic %.12g, finite differences %.12g", c->name, i, (long long)j, an,
                    fd);
          bad++;
        }
      }
    }
  }
  if (ok) ok = run_c(c->name, gb.m, params, np, outs, nw + 1);
  if (ok) covered[c->op] = true;
  for (int i = 0; i < 4; i++) drop(outs[i]);
  for (int i = 0; i < 3; i++) drop(xs[i]);
  free(w);
  ir_module_free(f.m);
  ir_module_free(gb.m);
}

#define S1(a) 1, {a}
#define S2(a, b) 2, {a, b}
#define S3(a, b, c) 3, {a, b, c}
#define S4(a, b, c, d) 4, {a, b, c, d}
#define F(shape) {shape, IN_F, -1.5, 1.5, NULL}
#define FR(shape, lo, hi) {shape, IN_F, lo, hi, NULL}
#define AW(shape) {shape, IN_AWAY, 0.3, 2, NULL}
#define IX(shape, v) {shape, IN_INT, 0, 0, v}
#define BX(shape, v) {shape, IN_BOOL, 0, 0, v}

#define ATTRS(name, body) \
  static void name(Attrs *a) { body; }

static void set_axes(Attrs *a, int n, const int64_t *ax, bool tuple) {
  a->has_axis = true;
  a->naxis = n;
  a->axis_tuple = tuple;
  memcpy(a->axis, ax, sizeof(int64_t) * (size_t)n);
}

ATTRS(ax0, set_axes(a, 1, (int64_t[]){0}, false))
ATTRS(ax1, set_axes(a, 1, (int64_t[]){1}, false))
ATTRS(axm1, set_axes(a, 1, (int64_t[]){-1}, false))
ATTRS(ax1_keep, set_axes(a, 1, (int64_t[]){1}, false); a->keep_dims = true)
ATTRS(ax02, set_axes(a, 2, (int64_t[]){0, 2}, true))
ATTRS(ax02_keep, set_axes(a, 2, (int64_t[]){0, -1}, true); a->keep_dims = true)
ATTRS(keep, a->keep_dims = true)
ATTRS(ta, a->transpose_a = true)
ATTRS(tb, a->transpose_b = true)
ATTRS(tatb, a->transpose_a = true; a->transpose_b = true)
ATTRS(to_f64, a->dtype = MSRT_FLOAT64)
ATTRS(shape_6_4, a->has_shape = true; a->nshape = 2; a->shape[0] = 6; a->shape[1] = 4)
ATTRS(shape_m1_2, a->has_shape = true; a->nshape = 2; a->shape[0] = -1; a->shape[1] = 2)
ATTRS(perm_201, set_axes(a, 3, (int64_t[]){2, 0, 1}, true))
ATTRS(bshape_234, a->has_shape = true; a->nshape = 3; a->shape[0] = 2; a->shape[1] = 3; a->shape[2] = 4)
ATTRS(mult_212, a->nmultiples = 3; a->multiples[0] = 2; a->multiples[1] = 1; a->multiples[2] = 2)
ATTRS(mult_13, a->nmultiples = 2; a->multiples[0] = 1; a->multiples[1] = 3)
ATTRS(cum_ax1_excl, set_axes(a, 1, (int64_t[]){1}, false); a->exclusive = true)
ATTRS(cum_ax0_rev, set_axes(a, 1, (int64_t[]){0}, false); a->reverse = true)
ATTRS(cum_axm1_both, set_axes(a, 1, (int64_t[]){-1}, false); a->reverse = true; a->exclusive = true)

static void slice(Attrs *a, int nd, const int64_t *b, const int64_t *e, const int64_t *s) {
  a->has_slice = true;
  a->nslice = nd;
  memcpy(a->begin, b, sizeof(int64_t) * (size_t)nd);
  memcpy(a->end, e, sizeof(int64_t) * (size_t)nd);
  memcpy(a->strides, s, sizeof(int64_t) * (size_t)nd);
}
/* x[1:3, 1:] of [4, 5] */
ATTRS(ss_unit, slice(a, 2, (int64_t[]){1, 1}, (int64_t[]){3, 5}, (int64_t[]){1, 1}))
/* x[10:20] of [30, 10]: zero padding large enough for a Fill */
ATTRS(ss_big, slice(a, 2, (int64_t[]){10, 0}, (int64_t[]){20, 10}, (int64_t[]){1, 1}))
/* x[::2, 1:4] of [4, 5] */
ATTRS(ss_step2, slice(a, 2, (int64_t[]){0, 1}, (int64_t[]){4, 4}, (int64_t[]){2, 1}))
/* x[:, ::-2] of [4, 5] */
ATTRS(ss_rev, slice(a, 2, (int64_t[]){0, 4}, (int64_t[]){4, -1}, (int64_t[]){1, -2}))
/* x[None, 2, 1:4] of [4, 5] */
ATTRS(ss_shrink_new, slice(a, 2, (int64_t[]){2, 1}, (int64_t[]){3, 4}, (int64_t[]){1, 1}); a->shrink_mask = 1;
      a->nnew = 1; a->new_axis[0] = 0)

static const int64_t idx4[] = {3, 0, 2, 0};
static const int64_t idx2[] = {2, 0};
static const int64_t idx1[] = {1};
static const int64_t gd_idx[] = {0, 3, 1, 1, 2, 2};       /* [3, 2] into axis 1 of [3, 4] */
static const int64_t gnd_idx[] = {2, 1, 0, 3, 2, 1};      /* [3, 2]: K = 2 into [3, 4, 2] */
static const int64_t sc_idx[] = {3, 1};                   /* [2, 1] */
static const int64_t sc_dup[] = {2, 0, 2};                /* [3, 1], a duplicate */
static const int64_t cond6[] = {1, 0, 0, 1, 1, 0};

static const Case cases[] = {
    /* binary, with broadcasting */
    {"Add", OP_Add, 2, {F(S2(2, 3)), F(S1(3))}, NULL},
    {"Add_bcast_both", OP_Add, 2, {F(S2(3, 1)), F(S2(1, 4))}, NULL},
    {"Sub", OP_Sub, 2, {F(S3(2, 1, 3)), F(S2(4, 1))}, NULL},
    {"Mul", OP_Mul, 2, {F(S2(3, 1)), F(S2(1, 4))}, NULL},
    {"Mul_same", OP_Mul, 2, {F(S2(2, 3)), F(S2(2, 3))}, NULL},
    {"RealDiv", OP_RealDiv, 2, {F(S2(2, 3)), AW(S1(3))}, NULL},
    {"Div", OP_Div, 2, {F(S2(2, 3)), AW(S2(2, 1))}, NULL},
    {"FloorMod", OP_FloorMod, 2, {FR(S2(2, 3), -3, 3), FR(S1(3), 0.7, 1.9)}, NULL},
    {"Pow", OP_Pow, 2, {FR(S2(2, 3), 0.5, 2), F(S1(3))}, NULL},
    {"Pow_bcast", OP_Pow, 2, {FR(S1(3), 0.5, 2), F(S2(2, 3))}, NULL},
    {"Maximum", OP_Maximum, 2, {F(S2(2, 3)), F(S1(3))}, NULL},
    {"Minimum", OP_Minimum, 2, {F(S2(2, 3)), F(S2(2, 1))}, NULL},
    {"Atan2", OP_Atan2, 2, {F(S2(2, 3)), AW(S1(3))}, NULL},
    /* unary */
    {"Neg", OP_Neg, 1, {F(S2(2, 3))}, NULL},
    {"Abs", OP_Abs, 1, {AW(S2(2, 3))}, NULL},
    {"Square", OP_Square, 1, {F(S2(2, 3))}, NULL},
    {"ReLU", OP_ReLU, 1, {AW(S2(2, 3))}, NULL},
    {"Sqrt", OP_Sqrt, 1, {FR(S2(2, 3), 0.3, 2)}, NULL},
    {"Rsqrt", OP_Rsqrt, 1, {FR(S2(2, 3), 0.3, 2)}, NULL},
    {"Reciprocal", OP_Reciprocal, 1, {AW(S2(2, 3))}, NULL},
    {"Exp", OP_Exp, 1, {F(S2(2, 3))}, NULL},
    {"Expm1", OP_Expm1, 1, {F(S2(2, 3))}, NULL},
    {"Log", OP_Log, 1, {FR(S2(2, 3), 0.3, 2)}, NULL},
    {"Log1p", OP_Log1p, 1, {FR(S2(2, 3), -0.5, 2)}, NULL},
    {"Sin", OP_Sin, 1, {F(S2(2, 3))}, NULL},
    {"Cos", OP_Cos, 1, {F(S2(2, 3))}, NULL},
    {"Tan", OP_Tan, 1, {FR(S2(2, 3), -1, 1)}, NULL},
    {"Tanh", OP_Tanh, 1, {F(S2(2, 3))}, NULL},
    {"Sigmoid", OP_Sigmoid, 1, {FR(S2(2, 3), -4, 4)}, NULL},
    {"Softplus", OP_Softplus, 1, {FR(S2(2, 3), -4, 4)}, NULL},
    {"Erf", OP_Erf, 1, {F(S2(2, 3))}, NULL},
    {"Erfc", OP_Erfc, 1, {F(S2(2, 3))}, NULL},
    {"LogSigmoid", OP_LogSigmoid, 1, {FR(S2(2, 3), -4, 4)}, NULL},
    {"Mish", OP_Mish, 1, {FR(S2(2, 3), -3, 3)}, NULL},
    {"SeLU", OP_SeLU, 1, {FR(S2(2, 3), -2, 2)}, NULL},
    {"Softsign", OP_Softsign, 1, {F(S2(2, 3))}, NULL},
    {"HSigmoid", OP_HSigmoid, 1, {FR(S2(2, 3), -2.5, 2.5)}, NULL},
    {"HSwish", OP_HSwish, 1, {FR(S2(2, 3), -2.5, 2.5)}, NULL},
    {"GeLU", OP_GeLU, 1, {FR(S2(2, 3), -3, 3)}, NULL},
    {"SiLU", OP_SiLU, 1, {FR(S2(2, 3), -3, 3)}, NULL},
    {"Identity", OP_Identity, 1, {F(S2(2, 3))}, NULL},
    {"Cast", OP_Cast, 1, {F(S2(2, 3))}, to_f64},
    /* linear algebra */
    {"MatMul", OP_MatMul, 2, {F(S2(2, 3)), F(S2(3, 4))}, NULL},
    {"MatMul_ta", OP_MatMul, 2, {F(S2(3, 2)), F(S2(3, 4))}, ta},
    {"MatMul_tb", OP_MatMul, 2, {F(S2(2, 3)), F(S2(4, 3))}, tb},
    {"MatMul_tatb", OP_MatMul, 2, {F(S2(3, 2)), F(S2(4, 3))}, tatb},
    {"BatchMatMul_bcast", OP_BatchMatMul, 2, {F(S4(2, 1, 2, 3)), F(S3(3, 3, 4))}, NULL},
    {"BatchMatMul_2d_y", OP_BatchMatMul, 2, {F(S3(2, 2, 3)), F(S2(3, 4))}, NULL},
    {"BatchMatMul_tatb", OP_BatchMatMul, 2, {F(S3(2, 3, 2)), F(S2(4, 3))}, tatb},
    {"BatchMatMul_ta", OP_BatchMatMul, 2, {F(S3(2, 3, 2)), F(S3(2, 3, 4))}, ta},
    {"MatMulExt_1d_x", OP_MatMulExt, 2, {F(S1(3)), F(S3(2, 3, 4))}, NULL},
    {"MatMulExt_1d_y", OP_MatMulExt, 2, {F(S3(2, 3, 4)), F(S1(4))}, NULL},
    {"MatMulExt_1d_both", OP_MatMulExt, 2, {F(S1(3)), F(S1(3))}, NULL},
    {"MatMulExt_2d", OP_MatMulExt, 2, {F(S2(2, 3)), F(S2(3, 4))}, NULL},
    {"MatMulExt_bcast", OP_MatMulExt, 2, {F(S3(2, 2, 3)), F(S2(3, 4))}, NULL},
    {"BiasAdd", OP_BiasAdd, 2, {F(S3(2, 3, 4)), F(S1(3))}, NULL},
    {"BiasAdd_2d", OP_BiasAdd, 2, {F(S2(2, 3)), F(S1(3))}, NULL},
    /* reductions */
    {"ReduceSum_all", OP_ReduceSum, 1, {F(S3(2, 3, 4))}, NULL},
    {"ReduceSum_ax1_keep", OP_ReduceSum, 1, {F(S3(2, 3, 4))}, ax1_keep},
    {"ReduceSum_ax02", OP_ReduceSum, 1, {F(S3(2, 3, 4))}, ax02},
    {"ReduceMean_all_keep", OP_ReduceMean, 1, {F(S3(2, 3, 4))}, keep},
    {"ReduceMean_ax1", OP_ReduceMean, 1, {F(S3(2, 3, 4))}, ax1},
    {"ReduceMean_ax02_keep", OP_ReduceMean, 1, {F(S3(2, 3, 4))}, ax02_keep},
    {"ReduceProd_ax02", OP_ReduceProd, 1, {F(S3(2, 3, 2))}, ax02},
    {"ReduceProd_all", OP_ReduceProd, 1, {F(S2(2, 3))}, NULL},
    {"ReduceProd_ax1_keep", OP_ReduceProd, 1, {F(S3(2, 3, 2))}, ax1_keep},
    {"ReduceMax_ax1", OP_ReduceMax, 1, {F(S3(2, 3, 4))}, ax1},
    {"ReduceMax_all", OP_ReduceMax, 1, {F(S2(2, 3))}, NULL},
    {"ReduceMin_ax02_keep", OP_ReduceMin, 1, {F(S3(2, 3, 4))}, ax02_keep},
    {"Softmax", OP_Softmax, 1, {F(S3(2, 3, 4))}, NULL},
    {"Softmax_ax0", OP_Softmax, 1, {F(S3(2, 3, 4))}, ax0},
    {"LogSoftmax_ax1", OP_LogSoftmax, 1, {F(S3(2, 3, 4))}, ax1},
    {"LogSoftmax", OP_LogSoftmax, 1, {F(S2(2, 5))}, axm1},
    /* shapes */
    {"Reshape", OP_Reshape, 1, {F(S3(2, 3, 4))}, shape_6_4},
    {"Reshape_m1", OP_Reshape, 1, {F(S2(2, 3))}, shape_m1_2},
    {"Transpose", OP_Transpose, 1, {F(S3(2, 3, 4))}, perm_201},
    {"Transpose_default", OP_Transpose, 1, {F(S3(2, 3, 4))}, NULL},
    {"ExpandDims", OP_ExpandDims, 1, {F(S2(2, 3))}, ax1},
    {"Squeeze", OP_Squeeze, 1, {F(S3(2, 1, 3))}, ax1},
    {"Flatten", OP_Flatten, 1, {F(S3(2, 3, 4))}, NULL},
    {"BroadcastTo", OP_BroadcastTo, 1, {F(S2(3, 1))}, bshape_234},
    {"Concat", OP_Concat, 2, {F(S2(2, 3)), F(S2(2, 2))}, ax1},
    {"Concat3", OP_Concat, 3, {F(S2(1, 3)), F(S2(2, 3)), F(S2(1, 3))}, NULL},
    {"Stack", OP_Stack, 2, {F(S2(2, 3)), F(S2(2, 3))}, ax1},
    {"Stack_last", OP_Stack, 3, {F(S1(3)), F(S1(3)), F(S1(3))}, axm1},
    {"StridedSlice_unit", OP_StridedSlice, 1, {F(S2(4, 5))}, ss_unit},
    {"StridedSlice_big_zeros", OP_StridedSlice, 1, {F(S2(30, 10))}, ss_big},
    {"StridedSlice_step2", OP_StridedSlice, 1, {F(S2(4, 5))}, ss_step2},
    {"StridedSlice_reverse", OP_StridedSlice, 1, {F(S2(4, 5))}, ss_rev},
    {"StridedSlice_shrink_new", OP_StridedSlice, 1, {F(S2(4, 5))}, ss_shrink_new},
    {"Tile", OP_Tile, 1, {F(S2(2, 3))}, mult_212},
    {"Tile_short", OP_Tile, 1, {F(S3(2, 1, 3))}, mult_13},
    /* selection, gather, scatter, scans */
    {"Select", OP_Select, 3, {BX(S2(2, 3), cond6), F(S2(2, 3)), F(S1(3))}, NULL},
    {"Gather", OP_Gather, 2, {F(S2(4, 3)), IX(S2(2, 2), idx4)}, NULL},
    {"Gather_ax1", OP_Gather, 2, {F(S3(3, 4, 2)), IX(S1(2), idx2)}, ax1},
    {"Gather_scalar_ax1", OP_Gather, 2, {F(S2(3, 4)), {0, {0}, IN_INT, 0, 0, idx1}}, ax1},
    {"GatherD", OP_GatherD, 2, {F(S2(3, 4)), IX(S2(3, 2), gd_idx)}, ax1},
    {"GatherNd", OP_GatherNd, 2, {F(S3(3, 4, 2)), IX(S2(3, 2), gnd_idx)}, NULL},
    {"TensorScatterUpdate", OP_TensorScatterUpdate, 3, {F(S2(4, 3)), IX(S2(2, 1), sc_idx), F(S2(2, 3))}, NULL},
    {"TensorScatterAdd", OP_TensorScatterAdd, 3, {F(S2(4, 3)), IX(S2(3, 1), sc_dup), F(S2(3, 3))}, NULL},
    {"CumSum_ax1_excl", OP_CumSum, 1, {F(S2(3, 4))}, cum_ax1_excl},
    {"CumSum_ax0_rev", OP_CumSum, 1, {F(S2(3, 4))}, cum_ax0_rev},
    {"CumSum_both", OP_CumSum, 1, {F(S2(3, 4))}, cum_axm1_both},
    {"CumProd_ax1", OP_CumProd, 1, {AW(S2(3, 4))}, ax1},
    {"CumProd_rev_excl", OP_CumProd, 1, {AW(S2(3, 4))}, cum_axm1_both},
};

TEST(finite_differences) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) fd_check(&cases[i]);
  ASSERT(!infer_failed);
}

/* ---- small helpers for the other tests ------------------------------------------- */

static IrType *f64t(IrModule *m, int nd, const int64_t *s) { return ir_type_tensor(m, MSRT_FLOAT64, nd, s); }

static Tensor *tens64(int nd, const int64_t *s, const double *v) {
  Tensor *t = tensor_new(I, MSRT_FLOAT64, nd, s, TF_MS);
  for (int64_t i = 0; i < t->size; i++) ((double *)t->data)[i] = v[i];
  return t;
}

/* Appends the gradients, returns MakeTuple(grads), verifies; false on failure. */
static bool grad_and_return(IrModule *m, IrGraph *g, IrNode *out, int nw, IrNode **wrt, GradError *err) {
  IrNode *grads[8];
  GradRequest rq = {1, &out, NULL, nw, wrt, 0};
  if (!grad_append(m, g, &rq, grads, err)) return false;
  ir_return(g, ir_make_tuple(g, nw, grads, ir_noloc), ir_noloc);
  ASSERT(ir_verify(m));
  return true;
}

static bool close_to(const Tensor *t, const double *want, double tol) {
  for (int64_t i = 0; i < t->size; i++)
    if (!(fabs(((double *)t->data)[i] - want[i]) <= tol)) {
      fprintf(stderr, "  element %lld: %.17g, expected %.17g\n", (long long)i, ((double *)t->data)[i], want[i]);
      return false;
    }
  return true;
}

/* ---- conventions at kinks and ties -------------------------------------------------- */

TEST(abs_relu_at_zero) {
  setup();
  int64_t s3[] = {3};
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *x = ir_param(g, "x", f64t(m, 1, s3));
  IrNode *a = mk(g, OP_Abs, 1, &x, NULL);
  IrNode *r = mk(g, OP_ReLU, 1, &x, NULL);
  IrNode *s = mk(g, OP_Add, 2, (IrNode *[]){a, mk(g, OP_Mul, 2, (IrNode *[]){r, ir_const_tensor(m, MSRT_FLOAT64, 0, NULL, (double[]){10})}, NULL)}, NULL);
  IrNode *out = mk(g, OP_ReduceSum, 1, &s, NULL);
  GradError err;
  ASSERT(grad_and_return(m, g, out, 1, &x, &err));
  Tensor *xt = tens64(1, s3, (double[]){0, 2, -2});
  Tensor *o = NULL;
  Value e = try_exec(m, &xt, &o);
  ASSERT(e.tag == V_UNDEF);
  /* Abs'(0) = 0 and ReLU'(0) = 0; 1 + 10; -1 */
  if (o) ASSERT(close_to(o, (double[]){0, 11, -1}, 0));
  drop(o);
  drop(xt);
  ir_module_free(m);
}

TEST(maximum_minimum_ties_split) {
  setup();
  int64_t s3[] = {3};
  for (int k = 0; k < 2; k++) {
    IrModule *m = ir_module_new();
    IrGraph *g = ir_graph_new(m, "f", ir_noloc);
    IrNode *x = ir_param(g, "x", f64t(m, 1, s3));
    IrNode *y = ir_param(g, "y", f64t(m, 1, s3));
    IrNode *v = mk(g, k ? OP_Minimum : OP_Maximum, 2, (IrNode *[]){x, y}, NULL);
    IrNode *out = mk(g, OP_ReduceSum, 1, &v, NULL);
    GradError err;
    ASSERT(grad_and_return(m, g, out, 2, (IrNode *[]){x, y}, &err));
    Tensor *p[2] = {tens64(1, s3, (double[]){1, 2, 3}), tens64(1, s3, (double[]){1, 5, 0})};
    Tensor *o[2] = {NULL, NULL};
    ASSERT(try_exec(m, p, o).tag == V_UNDEF);
    if (o[0] && o[1]) {
      if (!k) {
        ASSERT(close_to(o[0], (double[]){0.5, 0, 1}, 0));
        ASSERT(close_to(o[1], (double[]){0.5, 1, 0}, 0));
      } else {
        ASSERT(close_to(o[0], (double[]){0.5, 1, 0}, 0));
        ASSERT(close_to(o[1], (double[]){0.5, 0, 1}, 0));
      }
    }
    for (int i = 0; i < 2; i++) {
      drop(o[i]);
      drop(p[i]);
    }
    ir_module_free(m);
  }
}

TEST(reduce_max_ties_shared) {
  setup();
  int64_t s23[] = {2, 3};
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *x = ir_param(g, "x", f64t(m, 2, s23));
  Attrs a;
  attrs_init(&a);
  set_axes(&a, 1, (int64_t[]){1}, false);
  IrNode *mx = mk(g, OP_ReduceMax, 1, &x, &a);
  IrNode *out = mk(g, OP_ReduceSum, 1, &mx, NULL);
  GradError err;
  ASSERT(grad_and_return(m, g, out, 1, &x, &err));
  Tensor *xt = tens64(2, s23, (double[]){4, 1, 4, 2, 2, 2});
  Tensor *o = NULL;
  ASSERT(try_exec(m, &xt, &o).tag == V_UNDEF);
  if (o) ASSERT(close_to(o, (double[]){0.5, 0, 0.5, 1.0 / 3, 1.0 / 3, 1.0 / 3}, 1e-15));
  drop(o);
  drop(xt);
  ir_module_free(m);
}

TEST(reduce_prod_with_zero) {
  setup();
  int64_t s4[] = {4};
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *x = ir_param(g, "x", f64t(m, 1, s4));
  IrNode *out = mk(g, OP_ReduceProd, 1, &x, NULL);
  GradError err;
  ASSERT(grad_and_return(m, g, out, 1, &x, &err));
  Tensor *xt = tens64(1, s4, (double[]){2, 0, 3, 5});
  Tensor *o = NULL;
  ASSERT(try_exec(m, &xt, &o).tag == V_UNDEF);
  if (o) ASSERT(close_to(o, (double[]){0, 30, 0, 0}, 0));
  drop(o);
  drop(xt);
  ir_module_free(m);
}

/* ---- error cases and accumulation ----------------------------------------------- */

/* Every op marked GRAD_NONE (or, with the stub grad_nn.c, without an
 * entry) fails on a path with a message naming it at the node's location. */
TEST(none_on_path_reports_op_and_location) {
  setup();
  int64_t s3[] = {3};
  int tested = 0;
  for (int op = 0; op < OP_COUNT; op++) {
    GradEntry e = grad_entry(op);
    if (e.kind != GRAD_NONE && e.kind != GRAD_MISSING) continue;
    IrModule *m = ir_module_new();
    IrGraph *g = ir_graph_new(m, "f", ir_noloc);
    IrNode *x = ir_param(g, "x", f64t(m, 1, s3));
    int nin = op_info[op].nin < 0 ? 1 : op_info[op].nin;
    IrNode *in[8];
    for (int i = 0; i < nin; i++) in[i] = x;
    IrNode *y = ir_node(g, op, nin, in, x->type, ir_loc_at(m, "t.py", 7, 5));
    IrNode *out = mk(g, OP_ReduceSum, 1, &y, NULL);
    IrNode *gr;
    GradError err;
    GradRequest rq = {1, &out, NULL, 1, &x, 0};
    ASSERT(!grad_append(m, g, &rq, &gr, &err));
    if (!strstr(err.msg, op_info[op].name)) UNIT_FAIL("%s: message '%s'", op_info[op].name, err.msg);
    if (e.kind == GRAD_NONE && !strstr(err.msg, "is not differentiable")) UNIT_FAIL("message '%s'", err.msg);
    ASSERT_INT(7, err.loc.line);
    ASSERT_INT(5, err.loc.col);
    ir_module_free(m);
    tested++;
  }
  (void)tested; /* none: no op is GRAD_NONE (grad.c's table has none) and grad_nn.c is complete */
}

TEST(fusion_and_assign_on_path_fail) {
  setup();
  int64_t s3[] = {3};
  for (int k = 0; k < 2; k++) {
    IrModule *m = ir_module_new();
    IrGraph *g = ir_graph_new(m, "f", ir_noloc);
    IrNode *x = ir_param(g, "x", f64t(m, 1, s3));
    IrNode *y;
    if (k == 0) {
      IrGraph *sub = ir_graph_new(m, "fused", ir_noloc);
      IrNode *a = ir_param(sub, "a", f64t(m, 1, s3));
      ir_return(sub, mk(sub, OP_Exp, 1, &a, NULL), ir_noloc);
      y = ir_fusion(g, sub, 1, &x, NULL, ir_loc_at(m, "t.py", 4, 1));
    } else {
      IrNode *p = ir_parameter(g, "w", f64t(m, 1, s3));
      y = ir_assign(g, p, x, ir_loc_at(m, "t.py", 4, 1));
    }
    IrNode *out = mk(g, OP_ReduceSum, 1, &y, NULL);
    ir_return(g, out, ir_noloc);
    ASSERT(ir_verify(m));
    IrNode *gr;
    GradError err;
    GradRequest rq = {1, &out, NULL, 1, &x, 0};
    ASSERT(!grad_append(m, g, &rq, &gr, &err));
    ASSERT(strstr(err.msg, k == 0 ? "Fusion" : "Assign") != NULL);
    ASSERT_INT(4, err.loc.line);
    ir_module_free(m);
  }
}

TEST(if_loading_a_wrt_parameter_fails) {
  setup();
  int64_t s3[] = {3};
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrGraph *th = ir_graph_new(m, "then", ir_noloc);
  IrGraph *el = ir_graph_new(m, "else", ir_noloc);
  IrNode *w = ir_parameter(g, "w", f64t(m, 1, s3));
  ir_return(th, ir_load(th, w, ir_noloc), ir_noloc);
  ir_return(el, ir_const_tensor(m, MSRT_FLOAT64, 1, s3, (double[]){1, 2, 3}), ir_noloc);
  IrNode *c = ir_const_tensor(m, MSRT_BOOL, 0, NULL, (uint8_t[]){1});
  IrNode *iff = ir_if(g, c, th, el, 0, NULL, NULL, ir_loc_at(m, "t.py", 2, 2));
  IrNode *out = mk(g, OP_ReduceSum, 1, &iff, NULL);
  ir_return(g, out, ir_noloc);
  ASSERT(ir_verify(m));
  IrNode *gr;
  GradError err;
  GradRequest rq = {1, &out, NULL, 1, &w, 0};
  ASSERT(!grad_append(m, g, &rq, &gr, &err));
  ASSERT(strstr(err.msg, "a Parameter loaded inside an If or While subgraph") != NULL);
  ASSERT_INT(2, err.loc.line);
  ir_module_free(m);
}

TEST(unit_strided_slice_gb_fail_message) {
  /* a rule refusing a case: a large non-unit stride slice */
  setup();
  int64_t s[] = {1 << 15, 8};
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *x = ir_param(g, "x", f64t(m, 2, s));
  Attrs a;
  attrs_init(&a);
  slice(&a, 2, (int64_t[]){0, 0}, (int64_t[]){1 << 15, 8}, (int64_t[]){1, 2});
  IrNode *y = mk(g, OP_StridedSlice, 1, &x, &a);
  y->loc = ir_loc_at(m, "t.py", 3, 9);
  IrNode *out = mk(g, OP_ReduceSum, 1, &y, NULL);
  IrNode *gr;
  GradError err;
  GradRequest rq = {1, &out, NULL, 1, &x, 0};
  ASSERT(!grad_append(m, g, &rq, &gr, &err));
  ASSERT(strstr(err.msg, "StridedSlice with a stride other than 1 has no gradient yet") != NULL);
  ASSERT_INT(3, err.loc.line);
  ASSERT_INT(9, err.loc.col);
  ir_module_free(m);
}

TEST(if_on_path_runs_the_taken_branch_backward) {
  /* sum(If(c, a -> a, a -> -a)(x)): the gradient is +1 or -1 by c */
  for (int k = 0; k < 2; k++) {
    setup();
    int64_t s3[] = {3};
    IrModule *m = ir_module_new();
    IrGraph *g = ir_graph_new(m, "f", ir_noloc);
    IrGraph *th = ir_graph_new(m, "then", ir_noloc);
    IrGraph *el = ir_graph_new(m, "else", ir_noloc);
    IrNode *x = ir_param(g, "x", f64t(m, 1, s3));
    IrNode *tp = ir_param(th, "a", f64t(m, 1, s3));
    ir_return(th, tp, ir_noloc);
    IrNode *ep = ir_param(el, "a", f64t(m, 1, s3));
    ir_return(el, mk(el, OP_Neg, 1, &ep, NULL), ir_noloc);
    IrNode *c = ir_const_tensor(m, MSRT_BOOL, 0, NULL, (uint8_t[]){(uint8_t)(k == 0)});
    IrNode *iff = ir_if(g, c, th, el, 1, &x, NULL, ir_loc_at(m, "t.py", 12, 3));
    IrNode *out = mk(g, OP_ReduceSum, 1, &iff, NULL);
    IrNode *gr;
    GradError err;
    GradRequest rq = {1, &out, NULL, 1, &x, 0};
    ASSERT(grad_append(m, g, &rq, &gr, &err));
    ir_return(g, gr, ir_noloc);
    ASSERT(ir_verify(m));
    Tensor *xt = tensor_new(I, MSRT_FLOAT64, 1, s3, TF_MS);
    for (int j = 0; j < 3; j++) ((double *)xt->data)[j] = j + 0.5;
    Tensor *o = NULL;
    ASSERT(try_exec(m, &xt, &o).tag == V_UNDEF);
    for (int j = 0; o && j < 3; j++) ASSERT(((double *)o->data)[j] == (k == 0 ? 1.0 : -1.0));
    if (o) drop(o);
    drop(xt);
    ir_module_free(m);
  }
}

TEST(integer_wrt_and_independent_out_give_zeros) {
  setup();
  int64_t s3[] = {3};
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *x = ir_param(g, "x", f64t(m, 1, s3));
  IrNode *k = ir_param(g, "k", ir_type_tensor(m, MSRT_INT64, 1, s3));
  IrNode *z = ir_param(g, "z", f64t(m, 1, s3));
  Attrs a;
  attrs_init(&a);
  a.dtype = MSRT_FLOAT64;
  IrNode *kf = mk(g, OP_Cast, 1, &k, &a);
  IrNode *p = mk(g, OP_Mul, 2, (IrNode *[]){x, kf}, NULL);
  IrNode *out = mk(g, OP_ReduceSum, 1, &p, NULL);
  GradError err;
  ASSERT(grad_and_return(m, g, out, 3, (IrNode *[]){x, k, z}, &err));
  Tensor *xt = tens64(1, s3, (double[]){1, 2, 3});
  Tensor *kt = tensor_new(I, MSRT_INT64, 1, s3, TF_MS);
  for (int i = 0; i < 3; i++) ((int64_t *)kt->data)[i] = 4 + i;
  Tensor *zt = tens64(1, s3, (double[]){7, 8, 9});
  Tensor *o[3] = {NULL, NULL, NULL};
  ASSERT(try_exec(m, (Tensor *[]){xt, kt, zt}, o).tag == V_UNDEF);
  if (o[0] && o[1] && o[2]) {
    ASSERT(close_to(o[0], (double[]){4, 5, 6}, 0));
    ASSERT(o[1]->dtype == MSRT_INT64);
    for (int i = 0; i < 3; i++) ASSERT_INT(0, ((int64_t *)o[1]->data)[i]);
    ASSERT(close_to(o[2], (double[]){0, 0, 0}, 0));
  }
  for (int i = 0; i < 3; i++) drop(o[i]);
  drop(xt);
  drop(kt);
  drop(zt);
  ir_module_free(m);
}

TEST(wrt_used_twice_accumulates) {
  setup();
  int64_t s3[] = {3};
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *x = ir_param(g, "x", f64t(m, 1, s3));
  IrNode *xx = mk(g, OP_Mul, 2, (IrNode *[]){x, x}, NULL);
  IrNode *s = mk(g, OP_Add, 2, (IrNode *[]){xx, x}, NULL);
  IrNode *out = mk(g, OP_ReduceSum, 1, &s, NULL);
  GradError err;
  ASSERT(grad_and_return(m, g, out, 1, &x, &err));
  Tensor *xt = tens64(1, s3, (double[]){1, -2, 0.5});
  Tensor *o = NULL;
  ASSERT(try_exec(m, &xt, &o).tag == V_UNDEF);
  if (o) ASSERT(close_to(o, (double[]){3, -3, 2}, 0));
  drop(o);
  drop(xt);
  ir_module_free(m);
}

TEST(tensor_out_with_scalar_sens_and_ones) {
  setup();
  int64_t s3[] = {3};
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *x = ir_param(g, "x", f64t(m, 1, s3));
  IrNode *y = mk(g, OP_Mul, 2, (IrNode *[]){x, x}, NULL);
  IrNode *outs[2] = {y, x};
  IrNode *sens[2] = {ir_const_tensor(m, MSRT_FLOAT64, 0, NULL, (double[]){3}), NULL};
  IrNode *gr;
  GradError err;
  GradRequest rq = {2, outs, sens, 1, &x, 0};
  ASSERT(grad_append(m, g, &rq, &gr, &err));
  ir_return(g, gr, ir_noloc);
  ASSERT(ir_verify(m));
  Tensor *xt = tens64(1, s3, (double[]){1, -2, 0.5});
  Tensor *o = NULL;
  ASSERT(try_exec(m, &xt, &o).tag == V_UNDEF);
  if (o) ASSERT(close_to(o, (double[]){3 * 2 * 1 + 1, 3 * 2 * -2 + 1, 3 * 2 * 0.5 + 1}, 0)); /* 3 * 2x + 1 */
  drop(o);
  drop(xt);
  ir_module_free(m);
}

TEST(parameter_with_two_loads_sums_and_sens) {
  setup();
  int64_t s3[] = {3};
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *x = ir_param(g, "x", f64t(m, 1, s3));
  IrNode *w = ir_parameter(g, "w", f64t(m, 1, s3));
  IrNode *sens = ir_param(g, "s", f64t(m, 0, NULL));
  IrNode *l1 = ir_load(g, w, ir_noloc);
  IrNode *a = mk(g, OP_Mul, 2, (IrNode *[]){l1, x}, NULL);
  IrNode *l2 = ir_load(g, w, ir_noloc);
  IrNode *b = mk(g, OP_Mul, 2, (IrNode *[]){a, l2}, NULL);
  IrNode *out = mk(g, OP_ReduceSum, 1, &b, NULL); /* sum(w^2 x) */
  IrNode *gr[2];
  GradError err;
  GradRequest rq = {1, &out, &sens, 2, (IrNode *[]){w, x}, 0};
  ASSERT(grad_append(m, g, &rq, gr, &err));
  ir_return(g, ir_make_tuple(g, 2, gr, ir_noloc), ir_noloc);
  ASSERT(ir_verify(m));
  ASSERT(gr[0]->type->kind == IR_T_TENSOR);
  Tensor *xt = tens64(1, s3, (double[]){1, 2, 3});
  Tensor *wt = tens64(1, s3, (double[]){0.5, -1, 2});
  Tensor *st = tens64(0, NULL, (double[]){3});
  Tensor *o[2] = {NULL, NULL};
  ASSERT(try_exec(m, (Tensor *[]){xt, wt, st}, o).tag == V_UNDEF);
  if (o[0] && o[1]) {
    ASSERT(close_to(o[0], (double[]){3 * 2 * 0.5 * 1, 3 * 2 * -1 * 2, 3 * 2 * 2 * 3}, 1e-15)); /* 3 * 2wx */
    ASSERT(close_to(o[1], (double[]){3 * 0.25, 3 * 1, 3 * 4}, 1e-15));                          /* 3 * w^2 */
  }
  for (int i = 0; i < 2; i++) drop(o[i]);
  drop(xt);
  drop(wt);
  drop(st);
  ir_module_free(m);
}

TEST(tuple_get_of_make_tuple_passes_through) {
  setup();
  int64_t s3[] = {3};
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *x = ir_param(g, "x", f64t(m, 1, s3));
  IrNode *e = mk(g, OP_Exp, 1, &x, NULL);
  IrNode *t = ir_make_tuple(g, 2, (IrNode *[]){x, e}, ir_noloc);
  IrNode *t1 = ir_tuple_get(g, t, 1, ir_noloc);
  IrNode *out = mk(g, OP_ReduceSum, 1, &t1, NULL);
  GradError err;
  ASSERT(grad_and_return(m, g, out, 1, &x, &err));
  Tensor *xt = tens64(1, s3, (double[]){0, 1, -1});
  Tensor *o = NULL;
  ASSERT(try_exec(m, &xt, &o).tag == V_UNDEF);
  if (o) ASSERT(close_to(o, (double[]){1, exp(1.0), exp(-1.0)}, 1e-15));
  drop(o);
  drop(xt);
  ir_module_free(m);
}

TEST(appended_nodes_follow_existing_ones) {
  setup();
  int64_t s3[] = {3};
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrNode *x = ir_param(g, "x", f64t(m, 1, s3));
  IrNode *y = mk(g, OP_Sin, 1, &x, NULL);
  IrNode *out = mk(g, OP_ReduceSum, 1, &y, NULL);
  IrNode *before[2] = {g->nodes[0], g->nodes[1]};
  IrNode *gr;
  GradError err;
  GradRequest rq = {1, &out, NULL, 1, &x, 0};
  ASSERT(grad_append(m, g, &rq, &gr, &err));
  ASSERT(g->nnode > 2 && g->nodes[0] == before[0] && g->nodes[1] == before[1]);
  /* deterministic: the same request on a fresh copy gives the same text */
  ir_return(g, gr, ir_noloc);
  char *t1 = ir_print_str(m);
  IrModule *m2 = ir_module_new();
  IrGraph *g2 = ir_graph_new(m2, "f", ir_noloc);
  IrNode *x2 = ir_param(g2, "x", f64t(m2, 1, s3));
  IrNode *y2 = mk(g2, OP_Sin, 1, &x2, NULL);
  IrNode *out2 = mk(g2, OP_ReduceSum, 1, &y2, NULL);
  GradRequest rq2 = {1, &out2, NULL, 1, &x2, 0};
  ASSERT(grad_append(m2, g2, &rq2, &gr, &err));
  ir_return(g2, gr, ir_noloc);
  char *t2 = ir_print_str(m2);
  ASSERT_STR(t1, t2);
  free(t1);
  free(t2);
  ir_module_free(m);
  ir_module_free(m2);
}

/* ---- an MLP through the C backend ------------------------------------------------- */

typedef struct Mlp {
  IrModule *m;
  IrGraph *g;
  IrNode *x, *w1, *b1, *w2;
  IrNode *loss;
} Mlp;

static const double onehot[4 * 3] = {1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0};

static void mlp_build(Mlp *p, msrt_dtype dt) {
  int64_t sx[] = {4, 5}, sw1[] = {5, 6}, sb1[] = {6}, sw2[] = {6, 3}, sy[] = {4, 3};
  IrModule *m = p->m = ir_module_new();
  IrGraph *g = p->g = ir_graph_new(m, "mlp", ir_noloc);
  p->x = ir_param(g, "x", ir_type_tensor(m, dt, 2, sx));
  p->w1 = ir_parameter(g, "w1", ir_type_tensor(m, dt, 2, sw1));
  p->b1 = ir_parameter(g, "b1", ir_type_tensor(m, dt, 1, sb1));
  p->w2 = ir_parameter(g, "w2", ir_type_tensor(m, dt, 2, sw2));
  float of[12];
  for (int i = 0; i < 12; i++) of[i] = (float)onehot[i];
  IrNode *lab = dt == MSRT_FLOAT32 ? ir_const_tensor(m, dt, 2, sy, of) : ir_const_tensor(m, dt, 2, sy, onehot);
  IrNode *h = mk(g, OP_MatMul, 2, (IrNode *[]){p->x, ir_load(g, p->w1, ir_noloc)}, NULL);
  h = mk(g, OP_BiasAdd, 2, (IrNode *[]){h, ir_load(g, p->b1, ir_noloc)}, NULL);
  h = mk(g, OP_ReLU, 1, &h, NULL);
  IrNode *lg = mk(g, OP_MatMul, 2, (IrNode *[]){h, ir_load(g, p->w2, ir_noloc)}, NULL);
  Attrs a;
  attrs_init(&a);
  set_axes(&a, 1, (int64_t[]){-1}, false);
  IrNode *ls = mk(g, OP_LogSoftmax, 1, &lg, &a);
  IrNode *pr = mk(g, OP_Mul, 2, (IrNode *[]){ls, lab}, NULL);
  IrNode *rs = mk(g, OP_ReduceSum, 1, &pr, &a);
  IrNode *mean = mk(g, OP_ReduceMean, 1, &rs, NULL);
  p->loss = mk(g, OP_Neg, 1, &mean, NULL);
}

static void mlp_inputs(Tensor **t, msrt_dtype dt) {
  int64_t shapes[4][2] = {{4, 5}, {5, 6}, {6, 0}, {6, 3}};
  int nds[4] = {2, 2, 1, 2};
  rng = 12345;
  for (int i = 0; i < 4; i++) {
    t[i] = tensor_new(I, dt, nds[i], shapes[i], TF_MS);
    for (int64_t j = 0; j < t[i]->size; j++) {
      double v = 2 * urand() - 1;
      if (dt == MSRT_FLOAT32) ((float *)t[i]->data)[j] = (float)v;
      else ((double *)t[i]->data)[j] = v;
    }
  }
}

static double mlp_loss(IrModule *fm, Tensor **in) { return run_f(fm, in); }

TEST(mlp_fd_float64) {
  setup();
  Mlp f, gm;
  mlp_build(&f, MSRT_FLOAT64);
  ir_return(f.g, f.loss, ir_noloc);
  mlp_build(&gm, MSRT_FLOAT64);
  GradError err;
  ASSERT(grad_and_return(gm.m, gm.g, gm.loss, 3, (IrNode *[]){gm.w1, gm.b1, gm.w2}, &err));
  Tensor *in[4];
  mlp_inputs(in, MSRT_FLOAT64);
  Tensor *o[3] = {NULL, NULL, NULL};
  ASSERT(try_exec(gm.m, in, o).tag == V_UNDEF);
  for (int k = 0; k < 3 && o[k]; k++) {
    Tensor *p = in[k + 1];
    for (int64_t j = 0; j < p->size; j++) {
      double *v = (double *)p->data, x0 = v[j];
      v[j] = x0 + 1e-6;
      double fp = mlp_loss(f.m, in);
      v[j] = x0 - 1e-6;
      double fm = mlp_loss(f.m, in);
      v[j] = x0;
      double fd = (fp - fm) / 2e-6, an = ((double *)o[k]->data)[j];
      if (!(fabs(fd - an) <= 1e-6 * (1 + fabs(fd)))) UNIT_FAIL("mlp grad %d[%lld]: %.12g vs fd %.12g", k, (long long)j, an, fd);
    }
  }
  for (int i = 0; i < 3; i++) drop(o[i]);
  for (int i = 0; i < 4; i++) drop(in[i]);
  ir_module_free(f.m);
  ir_module_free(gm.m);
}

TEST(mlp_grad_through_c_backend) {
  setup();
  Mlp gm;
  mlp_build(&gm, MSRT_FLOAT32);
  GradError err;
  IrNode *gr[3];
  GradRequest rq = {1, &gm.loss, NULL, 3, (IrNode *[]){gm.w1, gm.b1, gm.w2}, 0};
  ASSERT(grad_append(gm.m, gm.g, &rq, gr, &err));
  IrNode *rv[4] = {gm.loss, gr[0], gr[1], gr[2]};
  ir_return(gm.g, ir_make_tuple(gm.g, 4, rv, ir_noloc), ir_noloc);
  ASSERT(ir_verify(gm.m));
  Tensor *in[4];
  mlp_inputs(in, MSRT_FLOAT32);
  Tensor *ref[4] = {NULL, NULL, NULL, NULL};
  ASSERT(try_exec(gm.m, in, ref).tag == V_UNDEF);
  CgResult r;
  char msg[512];
  bool ok = cg_emit(gm.m, "msc_mlp", NULL, &r, msg, sizeof msg);
  if (!ok) UNIT_FAIL("cg_emit: %s", msg);
  char dir[] = "/tmp/msc-test-grad-XXXXXX";
  ASSERT(mkdtemp(dir) != NULL);
  JitOptions jo = {dir, false};
  CgEntryFn fn = ok ? jit_load(r.c, "msc_mlp", &jo, msg, sizeof msg) : NULL;
  if (ok && !fn) UNIT_FAIL("jit_load: %s", msg);
  if (fn) {
    void *args[32];
    int na = 0;
    for (int i = 0; i < 4; i++) args[na++] = in[i]->data;
    for (int i = 0; i < r.nconst; i++) args[na++] = (void *)r.consts[i]->cst.data;
    float outs[4][64];
    for (int i = 0; i < 4; i++) args[na++] = outs[i];
    void *ws = r.ws_size ? aligned_alloc(64, r.ws_size) : NULL;
    ASSERT_INT(0, fn(args, ws));
    free(ws);
    for (int k = 0; k < 4; k++)
      if (ref[k])
        for (int64_t j = 0; j < ref[k]->size; j++) {
          float a = outs[k][j], b = ((float *)ref[k]->data)[j];
          if (!(fabsf(a - b) <= 1e-5f * (1 + fabsf(b)))) UNIT_FAIL("output %d[%lld]: C %g, ir_exec %g", k, (long long)j, a, b);
        }
    /* and the gradient is not trivially zero */
    double s = 0;
    for (int64_t j = 0; j < 30; j++) s += fabs(outs[1][j]);
    ASSERT(s > 1e-3);
  }
  if (ok) cg_result_free(&r);
  jit_unload_all();
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd) != 0) UNIT_FAIL("rm");
  for (int i = 0; i < 4; i++) {
    drop(ref[i]);
    drop(in[i]);
  }
  ir_module_free(gm.m);
}

/* ---- the walker ---------------------------------------------------------------------- */

/* The nn ops: helper B's grad_nn.c gives their entries and
 * tests/unit/test_grad_nn.c their finite-difference cases. While the stub
 * grad_nn.c is in place they report GRAD_MISSING: only these names are
 * excused from the "every op has an entry" check then. */
static const char *const nn_ops[] = {"Conv2D",  "MaxPool",     "AvgPool",   "BatchNorm",
                                     "LayerNorm", "StopGradient", "Conv2DBackpropInput",
                                     "Conv2DBackpropFilter", "MaxPoolGrad", "AvgPoolGrad"};

static bool is_nn(const char *name) {
  for (size_t i = 0; i < sizeof nn_ops / sizeof nn_ops[0]; i++)
    if (!strcmp(nn_ops[i], name)) return true;
  return false;
}

/* Runs last (tests run in file order): the FD cases above mark covered[]. */
TEST(walker_every_op_has_an_entry_and_every_rule_a_case) {
  ASSERT(fd_cases > 0);
  for (int op = 0; op < OP_COUNT; op++) {
    const char *name = op_info[op].name;
    GradEntry e = grad_entry(op);
    if (e.kind == GRAD_MISSING) {
      UNIT_FAIL("%s: no gradient entry", name);
      continue;
    }
    if ((int)e.kind != (int)op_info[op].grad) UNIT_FAIL("%s: grad_entry disagrees with op_info's grad kind", name);
    if (e.kind == GRAD_RULE && !e.fn) UNIT_FAIL("%s: GRAD_RULE without a function", name);
    if (e.kind == GRAD_NONE && !e.why) UNIT_FAIL("%s: GRAD_NONE without a reason", name);
    if (e.kind == GRAD_RULE && !covered[op] && !is_nn(name))
      UNIT_FAIL("%s: a gradient rule without a (passing) finite-difference case", name);
  }
  ASSERT(grad_entry(-1).kind == GRAD_MISSING);
  ASSERT(grad_entry(OP_COUNT).kind == GRAD_MISSING);
  jit_cleanup();
}

UNIT_MAIN()
