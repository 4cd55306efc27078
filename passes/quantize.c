/* quantize.c — int8 post-training quantization of an inference graph
 * (quantize.h; msc compile --quantize=int8, issue 22).
 *
 * Requires: the entry graph's Parameters baked into constants (aot.c), no
 *           Assign (an inference entry).
 * Runs:     inline, constfold, simplify, cse, dce (so each Dense is a plain
 *           MatMul [-> BiasAdd/Add] [-> ReLU] chain, before fusion).
 * Calibrates: the float graph runs on every sample (ir_exec_observed); the
 *           range of each tensor a Dense reads or writes is taken
 *             minmax         [min, max] of all its values
 *             percentile:P   [the (100-P)th, the Pth percentile] of its values
 *                            (numpy's default linear interpolation)
 *             kl             TensorRT's entropy calibration: a histogram of
 *                            |v| in 2048 bins over [0, max |v|]; the threshold
 *                            i * width (i in 128..2048) whose clipped
 *                            distribution, merged into 128 levels, has the least
 *                            KL divergence from it; the range [min, max] cut
 *                            to [-T, T]
 *           and turned into (scale, zero point) as TFLite's
 *           ChooseQuantizationParams does (the range widened to hold 0,
 *           scale = float32((hi - lo) / 255), the zero point from the end
 *           with the smaller error, rounded half away from zero, clamped).
 * Rewrites: Dense(x) = MatMul(x, W const f32 [, transpose_b]) [+ b const]
 *           [-> ReLU] becomes
 *             DequantizeInt8(QuantDense(QuantizeInt8(x), Wq, bq, mult, shift))
 *           and Conv2D(x, W const f32) [-> BiasAdd b const] [-> ReLU]
 *           likewise QuantConv2D (weights per output channel over C/g*kh*kw).
 *           Wq [out, in] per output channel symmetric (scale_j = float32(
 *           max |W_j| / 127), q = clamp(round(W / scale_j), -127, 127)),
 *           bq = round(b / (s_x * scale_j)) (int32), mult/shift =
 *           QuantizeMultiplier(s_x * scale_j / s_y) in double, ReLU as the
 *           clamp [zp_y, 127]. A QuantizeInt8 of a DequantizeInt8 of the same
 *           scale and zero point is the identity (|k| <= 255: float32
 *           s * k / s rounds back to k) and is removed, so consecutive layers
 *           stay int8. A layer whose input comes through views and MaxPool
 *           takes the range of their source (MaxPool's values are some of
 *           its operand's: TFLite gives it its operand's scale and zero
 *           point), so DequantizeInt8 -> MaxPool/views -> QuantizeInt8
 *           becomes MaxPool/views on int8 (int8_chains).
 *           scripts/tflite_int8.py restates all of it in numpy.
 * Leaves:   every other op in float32 (listed in the report).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/exec.h"
#include "passes.h"
#include "quantize.h"

/* ---- statistics ------------------------------------------------------------ */

typedef struct Stat {
  const IrNode *n;    /* a node or entry param */
  double lo, hi;      /* min, max (nan excluded) */
  bool any;
  float *v;           /* every value (percentile, kl) */
  int64_t nv, cap;
} Stat;

typedef struct Calib {
  Stat *s;
  int ns;
  bool keep;          /* keep the values */
} Calib;

static Stat *stat_of(Calib *c, const IrNode *n) {
  for (int i = 0; i < c->ns; i++)
    if (c->s[i].n == n) return &c->s[i];
  return NULL;
}

static void stat_add(Calib *c, Stat *s, const OpTensor *t) {
  if (t->dtype != MSRT_FLOAT32) return;
  const float *p = t->data;
  if (c->keep && s->nv + t->size > s->cap) {
    s->cap = (s->nv + t->size) * 2;
    s->v = xrealloc(s->v, sizeof(float) * (size_t)s->cap);
  }
  for (int64_t i = 0; i < t->size; i++) {
    float v = p[i];
    if (v != v) continue;
    if (!s->any || v < s->lo) s->lo = v;
    if (!s->any || v > s->hi) s->hi = v;
    s->any = true;
    if (c->keep) s->v[s->nv++] = v;
  }
}

static void observe(void *ctx, const IrNode *n, const OpTensor *t) {
  Calib *c = ctx;
  Stat *s = stat_of(c, n);
  if (s) stat_add(c, s, t);
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

/* numpy.percentile(v, p) (linear interpolation) of sorted v[0..n) */
static double percentile(const float *v, int64_t n, double p) {
  double h = (double)(n - 1) * p / 100.0;
  int64_t lo = (int64_t)floor(h);
  if (lo >= n - 1) return v[n - 1];
  double a = v[lo], b = v[lo + 1];
  return a + (h - (double)lo) * (b - a);
}

/* The KL threshold of |v| (TensorRT's entropy calibration, 2048 bins, 128 levels). */
static double kl_threshold(const float *v, int64_t n, double amax) {
  enum { BINS = 2048, LEVELS = 128 };
  if (!(amax > 0)) return 0;
  double *h = xcalloc(BINS, sizeof(double)), *p = xcalloc(BINS, sizeof(double)), *q = xcalloc(BINS, sizeof(double));
  double width = amax / BINS;
  for (int64_t i = 0; i < n; i++) {
    int64_t b = (int64_t)(fabs((double)v[i]) / width);
    h[b < BINS ? b : BINS - 1] += 1;
  }
  double best = INFINITY;
  int best_i = BINS;
  for (int i = LEVELS; i <= BINS; i++) {
    double outliers = 0;
    for (int k = i; k < BINS; k++) outliers += h[k];
    for (int k = 0; k < i; k++) p[k] = h[k];
    p[i - 1] += outliers;
    for (int j = 0; j < LEVELS; j++) {
      int s = (int)((int64_t)j * i / LEVELS), e = (int)((int64_t)(j + 1) * i / LEVELS);
      double total = 0;
      int nonzero = 0;
      for (int k = s; k < e; k++) {
        total += h[k];
        nonzero += h[k] != 0;
      }
      for (int k = s; k < e; k++) q[k] = h[k] != 0 ? total / nonzero : 0;
    }
    double ps = 0, qs = 0;
    for (int k = 0; k < i; k++) {
      ps += p[k];
      qs += q[k];
    }
    if (!(ps > 0) || !(qs > 0)) continue;
    double kl = 0;
    for (int k = 0; k < i; k++) {
      if (p[k] == 0) continue;
      double pk = p[k] / ps, qk = q[k] / qs;
      kl += pk * log(pk / (qk > 0 ? qk : 1e-12));
    }
    if (kl < best) {
      best = kl;
      best_i = i;
    }
  }
  free(h);
  free(p);
  free(q);
  return best_i * width;
}

static double round_half_away(double v) { return round(v); }

/* TFLite's ChooseQuantizationParams for int8 over [lo, hi]. */
static void choose_params(double lo, double hi, float *scale, int *zp) {
  lo = lo < 0 ? lo : 0;
  hi = hi > 0 ? hi : 0;
  if (hi == lo) {
    *scale = 1.0f;
    *zp = 0;
    return;
  }
  double s = (double)(float)((hi - lo) / 255.0);
  double zmin = -128 - lo / s, zmax = 127 - hi / s;
  double z = 128 + fabs(lo / s) < 127 + fabs(hi / s) ? zmin : zmax;
  *scale = (float)s;
  *zp = z < -128 ? -128 : z > 127 ? 127 : (int)round_half_away(z);
}

static void range_of(Stat *s, const QuantOptions *o, float *scale, int *zp) {
  double lo = s->any ? s->lo : 0, hi = s->any ? s->hi : 0;
  if (o->method != QM_MINMAX && s->nv > 0) {
    qsort(s->v, (size_t)s->nv, sizeof(float), cmp_float);
    if (o->method == QM_PERCENTILE) {
      lo = percentile(s->v, s->nv, 100.0 - o->percentile);
      hi = percentile(s->v, s->nv, o->percentile);
    } else {
      double t = kl_threshold(s->v, s->nv, fmax(fabs(lo), fabs(hi)));
      lo = fmax(lo, -t);
      hi = fmin(hi, t);
    }
  }
  choose_params(lo, hi, scale, zp);
}

/* ---- the Dense patterns ------------------------------------------------------ */

typedef struct Dense {
  bool conv;                            /* a Conv2D (NCHW), else a MatMul */
  IrNode *mm, *bias_node, *relu, *out; /* out: the last node of the chain */
  IrNode *x;
  IrNode *src;                          /* the tensor whose range x takes (range_source) */
  const IrNode *w, *b;                  /* constants (b may be NULL) */
  bool tb;                              /* W is [N, K] */
  int64_t k, n;
} Dense;

static int64_t type_elems(const IrType *t) {
  int64_t n = 1;
  for (int d = 0; d < t->ndim; d++) n *= t->shape[d];
  return n;
}

static bool is_f32_const(const IrNode *c, int ndim) {
  return c->kind == IR_NK_CONST && c->cst.kind == IR_C_TENSOR && c->type->kind == IR_T_TENSOR &&
         c->type->dt == MSRT_FLOAT32 && c->type->ndim == ndim;
}

static bool only_use(const int *cnt, const IrNode *n, const IrNode *user) {
  return cnt[n->id] == 1 && user->nin >= 1 && user->in[0] == n;
}

static int find_denses(IrGraph *g, Dense **out) {
  int *cnt = ir_use_counts(g);
  Dense *d = xcalloc((size_t)g->nnode + 1, sizeof(Dense));
  int nd = 0;
  /* the users of each node (the first one is enough: used once) */
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    if ((n->op != OP_MatMul && n->op != OP_Conv2D) || n->nin != 2) continue;
    bool conv = n->op == OP_Conv2D;
    Attrs a;
    ir_attrs_decode(n, &a);
    IrNode *x = n->in[0], *w = n->in[1];
    if ((!conv && a.transpose_a) || !is_f32_const(w, conv ? 4 : 2) || x->type->kind != IR_T_TENSOR ||
        x->type->dt != MSRT_FLOAT32 || x->type->ndim != (conv ? 4 : 2))
      continue;
    Dense *e = &d[nd];
    memset(e, 0, sizeof *e);
    e->mm = n;
    e->conv = conv;
    e->x = x;
    e->w = w;
    e->tb = conv || a.transpose_b;
    e->n = e->tb ? w->type->shape[0] : w->type->shape[1];
    e->k = e->tb ? type_elems(w->type) / e->n : w->type->shape[0];
    e->out = n;
    for (int j = i + 1; j < g->nnode; j++) {
      IrNode *u = g->nodes[j];
      if (u->dead || !only_use(cnt, e->out, u)) continue;
      if (!e->bias_node && !e->relu && (u->op == OP_BiasAdd || u->op == OP_Add) && u->nin == 2) {
        const IrNode *b = u->in[1];
        bool ok = b->kind == IR_NK_CONST && b->cst.kind == IR_C_TENSOR && b->type->dt == MSRT_FLOAT32 &&
                  ((b->type->ndim == 1 && b->type->shape[0] == e->n && (u->op == OP_BiasAdd || !conv)) ||
                   (!conv && u->op == OP_Add && b->type->ndim == 2 && b->type->shape[0] == 1 &&
                    b->type->shape[1] == e->n));
        if (!ok) break;
        e->bias_node = u;
        e->b = b;
        e->out = u;
      } else if (!e->relu && u->op == OP_ReLU) {
        e->relu = u;
        e->out = u;
        break;
      } else {
        break;
      }
    }
    nd++;
  }
  free(cnt);
  *out = d;
  return nd;
}

/* ---- the rewrite ------------------------------------------------------------------ */

static IrNode *put_node(IrGraph *g, int op, int nin, IrNode *const *in, IrType *t, IrNode *before) {
  IrNode *n = ir_node(g, op, nin, in, t, before->loc);
  ir_graph_move_before(g, n, before);
  return n;
}

static IrNode *quantize_node(IrGraph *g, IrNode *x, float s, int zp, IrNode *before) {
  IrModule *m = g->mod;
  IrNode *q = put_node(g, OP_QuantizeInt8, 1, &x, ir_type_tensor(m, MSRT_INT8, x->type->ndim, x->type->shape), before);
  ir_attr_float(q, "scale", (double)s);
  ir_attr_int(q, "zero_point", zp);
  return q;
}

static bool attr_f(const IrNode *n, const char *nm, double *v) {
  const IrAttr *a = ir_attr_get(n, nm);
  if (!a) return false;
  *v = a->kind == IR_A_FLOAT ? a->f : (double)a->i;
  return true;
}

static int64_t attr_i(const IrNode *n, const char *nm) {
  const IrAttr *a = ir_attr_get(n, nm);
  return a ? a->i : 0;
}

static bool same_qparams(const IrNode *a, const IrNode *b) {
  double sa = 0, sb = 0;
  return attr_f(a, "scale", &sa) && attr_f(b, "scale", &sb) && (float)sa == (float)sb &&
         attr_i(a, "zero_point") == attr_i(b, "zero_point");
}

static void set_err(char *err, size_t cap, const char *fmt, ...) MSC_PRINTF(3, 4);
static void set_err(char *err, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, cap, fmt, ap);
  va_end(ap);
}

/* Dense e -> QuantizeInt8 / QuantDense / DequantizeInt8 */
static void rewrite(IrGraph *g, Dense *e, IrNode *qx, float sx, int zx, float sy, int zy, QuantLayer *L) {
  IrModule *m = g->mod;
  int64_t N = e->n, K = e->k;
  const float *W = e->w->cst.data, *B = e->b ? e->b->cst.data : NULL;
  int8_t *wq = xcalloc((size_t)(N * K + 1), 1);
  int32_t *bq = xcalloc((size_t)N + 1, 4), *mult = xcalloc((size_t)N + 1, 4), *shift = xcalloc((size_t)N + 1, 4);
  for (int64_t j = 0; j < N; j++) {
    double amax = 0;
    for (int64_t p = 0; p < K; p++) amax = fmax(amax, fabs((double)W[e->tb ? j * K + p : p * N + j]));
    float sw = amax > 0 ? (float)(amax / 127.0) : 1.0f;
    for (int64_t p = 0; p < K; p++) {
      double v = round_half_away((double)W[e->tb ? j * K + p : p * N + j] / (double)sw);
      wq[j * K + p] = (int8_t)(v < -127 ? -127 : v > 127 ? 127 : v);
    }
    double bs = (double)sx * (double)sw;
    double bv = B ? round_half_away((double)B[j] / bs) : 0;
    bq[j] = (int32_t)(bv < INT32_MIN ? INT32_MIN : bv > INT32_MAX ? INT32_MAX : bv);
    msrt_q_quantize_multiplier((double)sx * (double)sw / (double)sy, &mult[j], &shift[j]);
  }
  int64_t ws[2] = {N, K}, vs[1] = {N};
  const IrType *wt = e->w->type;
  IrNode *in[5] = {qx, e->conv ? ir_const_tensor(m, MSRT_INT8, 4, wt->shape, wq) : ir_const_tensor(m, MSRT_INT8, 2, ws, wq),
                   ir_const_tensor(m, MSRT_INT32, 1, vs, bq),
                   ir_const_tensor(m, MSRT_INT32, 1, vs, mult), ir_const_tensor(m, MSRT_INT32, 1, vs, shift)};
  free(wq);
  free(bq);
  free(mult);
  free(shift);
  int64_t os[2] = {e->x->type->shape[0], N};
  const IrType *ot = e->mm->type;
  IrNode *qd = put_node(g, e->conv ? OP_QuantConv2D : OP_QuantDense, 5, in,
                        e->conv ? ir_type_tensor(m, MSRT_INT8, 4, ot->shape) : ir_type_tensor(m, MSRT_INT8, 2, os),
                        e->mm);
  if (e->conv) {
    Attrs a;
    ir_attrs_decode(e->mm, &a);
    ir_attr_ints(qd, "stride", 2, a.stride);
    ir_attr_ints(qd, "pad", 4, a.pad);
    ir_attr_ints(qd, "dilation", 2, a.dilation);
    ir_attr_int(qd, "group", a.group);
  }
  ir_attr_int(qd, "x_zero_point", zx);
  ir_attr_int(qd, "out_zero_point", zy);
  ir_attr_int(qd, "act_min", e->relu ? zy : -128);
  ir_attr_int(qd, "act_max", 127);
  IrNode *dq = put_node(g, OP_DequantizeInt8, 1, &qd, e->out->type, e->mm);
  ir_attr_float(dq, "scale", (double)sy);
  ir_attr_int(dq, "zero_point", zy);
  ir_node_set_name(dq, e->out->name);
  ir_replace_uses(g, e->out, dq);
  *L = (QuantLayer){e->mm->loc, e->conv, sx, sy, zx, zy, e->relu != NULL, K, N,
                    (int64_t)(N * K + (B ? N : 0)) * 4, N * K + N * 4 * 3};
}

/* ops that keep an int8 tensor's scale and zero point: views, MaxPool,
 * AvgPool (an average lies in its operand's range; TFLite's rule) */
static bool passes_int8(const IrNode *n) {
  return n->kind == IR_NK_NODE && n->op < OP_COUNT && n->nin == 1 &&
         (op_has(n->op, OPP_VIEW) || n->op == OP_MaxPool || n->op == OP_AvgPool) && n->type->kind == IR_T_TENSOR &&
         n->type->dt == MSRT_FLOAT32;
}

/* The tensor whose range a layer input x takes: through views, MaxPool
 * (whose values are some of their operand's) and AvgPool back to their source, so
 * that they can run on int8 with its scale and zero point (as TFLite's). */
static IrNode *range_source(IrNode *x) {
  while (passes_int8(x)) x = x->in[0];
  return x;
}

/* QuantizeInt8(P1(...Pk(DequantizeInt8(q)))) of the same parameters, each
 * P a view, MaxPool or AvgPool used once -> P1(...Pk(q)) on int8 (an
 * AvgPool becomes QuantAvgPool, its padding at q's zero point) */
static void int8_chains(IrGraph *g) {
  int *cnt = ir_use_counts(g);
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    if (n->dead || n->op != OP_QuantizeInt8) continue;
    IrNode *p = n->in[0], *last = NULL;
    bool ok = passes_int8(p);
    while (ok && passes_int8(p)) {
      ok = p->owner == g && cnt[p->id] == 1;
      last = p;
      p = p->in[0];
    }
    if (!ok || !last || p->kind != IR_NK_NODE || p->op != OP_DequantizeInt8 || !same_qparams(n, p)) continue;
    last->in[0] = p->in[0];
    for (IrNode *v = n->in[0]; v != p->in[0]; v = v->in[0]) {
      v->type = ir_type_tensor(g->mod, MSRT_INT8, v->type->ndim, v->type->shape);
      if (v->op == OP_AvgPool) {
        v->op = OP_QuantAvgPool;
        ir_attr_int(v, "zero_point", attr_i(p, "zero_point"));
      }
    }
    ir_replace_uses(g, n, n->in[0]);
    n->dead = true;
  }
  free(cnt);
  ir_graph_compact(g);
}

/* QuantizeInt8(DequantizeInt8(q)) of the same parameters -> q */
static void drop_pairs(IrGraph *g) {
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    if (n->dead || n->op != OP_QuantizeInt8 || n->in[0]->kind != IR_NK_NODE || n->in[0]->op != OP_DequantizeInt8)
      continue;
    if (!same_qparams(n, n->in[0])) continue;
    ir_replace_uses(g, n, n->in[0]->in[0]);
    n->dead = true;
  }
  ir_graph_compact(g);
}

static const char *opname(const IrNode *n) { return n->op < OP_COUNT ? op_info[n->op].name : ir_op_name(n->op); }

/* --io=int8: inputs read only through QuantizeInt8 and outputs made by
 * DequantizeInt8 become int8. */
static bool int8_edges(IrGraph *g, QuantReport *r, char *err, size_t cap) {
  IrModule *m = g->mod;
  r->nin = g->nparam;
  r->in = xcalloc((size_t)g->nparam + 1, sizeof(QuantIo));
  for (int k = 0; k < g->nparam; k++) {
    IrNode *p = g->params[k], *first = NULL;
    for (int i = 0; i < g->nnode; i++) {
      IrNode *n = g->nodes[i];
      for (int j = 0; j < n->nin; j++) {
        if (n->in[j] != p) continue;
        if (n->op != OP_QuantizeInt8 || (first && !same_qparams(first, n))) {
          set_err(err, cap, "%s:%d:%d: --io=int8: input '%s' is read in float32 by %s (only int8 layers may read an int8 input)",
                  n->loc.file ? n->loc.file : "?", n->loc.line, n->loc.col, p->name ? p->name : "?", opname(n));
          return false;
        }
        if (!first) first = n;
      }
    }
    if (!first) {
      set_err(err, cap, "--io=int8: input '%s' is not used", p->name ? p->name : "?");
      return false;
    }
    double s = 0;
    attr_f(first, "scale", &s);
    r->in[k] = (QuantIo){(float)s, (int)attr_i(first, "zero_point")};
    for (int i = 0; i < g->nnode; i++)
      if (g->nodes[i]->op == OP_QuantizeInt8 && g->nodes[i]->in[0] == p) {
        ir_replace_uses(g, g->nodes[i], p);
        g->nodes[i]->dead = true;
      }
    p->type = ir_type_tensor(m, MSRT_INT8, p->type->ndim, p->type->shape);
  }
  ir_graph_compact(g);
  IrNode **outs;
  int no = ir_outputs(g, &outs);
  r->nout = no;
  r->out = xcalloc((size_t)no + 1, sizeof(QuantIo));
  for (int k = 0; k < no; k++) {
    IrNode *o = outs[k];
    if (o->kind != IR_NK_NODE || o->op != OP_DequantizeInt8) {
      set_err(err, cap, "%s:%d:%d: --io=int8: output %d is computed in float32 by %s (only an int8 layer's result may be an int8 output)",
              o->loc.file ? o->loc.file : "?", o->loc.line, o->loc.col, k, o->kind == IR_NK_NODE ? opname(o) : "a parameter or constant");
      return false;
    }
    double s = 0;
    attr_f(o, "scale", &s);
    r->out[k] = (QuantIo){(float)s, (int)attr_i(o, "zero_point")};
    outs[k] = o->in[0];
  }
  if (g->ret && g->ret->kind == IR_NK_NODE && g->ret->op == IR_MAKE_TUPLE) {
    IrType **ts = xcalloc((size_t)g->ret->nin + 1, sizeof(IrType *));
    for (int k = 0; k < g->ret->nin; k++) ts[k] = g->ret->in[k]->type;
    g->ret->type = ir_type_tuple(m, g->ret->nin, ts);
    free(ts);
  }
  return true;
}

/* the compute ops left in float32 (not the int8 ones, views or tuples) */
static void list_floats(IrGraph *g, QuantReport *r) {
  r->floats = xcalloc((size_t)g->nnode + 1, sizeof(IrNode *));
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    if (n->op >= OP_COUNT || n->op == OP_QuantizeInt8 || n->op == OP_DequantizeInt8 || n->op == OP_QuantDense ||
        n->op == OP_QuantConv2D || op_has(n->op, OPP_VIEW) || n->type->dt == MSRT_INT8)
      continue;
    r->floats[r->nfloat++] = n;
  }
}

bool quant_apply(IrModule *m, const QuantOptions *o, int nsample, OpTensor *const *samples, QuantReport *rep,
                 char *err, size_t errcap) {
  memset(rep, 0, sizeof *rep);
  rep->nsample = nsample;
  PassOptions po;
  memset(&po, 0, sizeof po);
  po.passes = "inline,constfold,simplify,cse,dce";
  PassCtx pc;
  memset(&pc, 0, sizeof pc);
  pc.level = 1;
  pc.aot = true;
  if (!pass_run(m, &pc, &po, err, errcap)) return false;
  IrGraph *g = ir_module_entry(m);
  for (int i = 0; i < g->nnode; i++)
    if (g->nodes[i]->op == IR_ASSIGN || g->nodes[i]->op == IR_IF || g->nodes[i]->op == IR_WHILE) {
      IrNode *n = g->nodes[i];
      set_err(err, errcap, "%s:%d:%d: --quantize=int8: %s: only straight-line inference graphs are quantized",
              n->loc.file ? n->loc.file : "?", n->loc.line, n->loc.col, opname(n));
      return false;
    }
  Dense *d;
  int nd = find_denses(g, &d);
  if (nd == 0) {
    free(d);
    set_err(err, errcap,
            "--quantize=int8: no quantizable op (a Dense or a Conv2D: a MatMul or Conv2D of a float32 input and a "
            "constant float32 weight, with an optional constant bias and ReLU)");
    return false;
  }
  /* calibration */
  Calib c = {xcalloc((size_t)nd * 2 + 1, sizeof(Stat)), 0, o->method != QM_MINMAX};
  for (int i = 0; i < nd; i++) {
    d[i].src = range_source(d[i].x); /* before any rewrite */
    const IrNode *ns[2] = {d[i].src, d[i].out};
    for (int k = 0; k < 2; k++)
      if (!stat_of(&c, ns[k])) c.s[c.ns++].n = ns[k];
  }
  IrNode **outs;
  int nout = ir_outputs(g, &outs);
  OpTensor *ot = xcalloc((size_t)nout + 1, sizeof(OpTensor));
  OpWorkspace ws = {0};
  bool ok = true;
  for (int s = 0; s < nsample && ok; s++) {
    for (int k = 0; k < g->nparam; k++) {
      Stat *st = stat_of(&c, g->params[k]);
      if (st) stat_add(&c, st, &samples[s][k]);
    }
    memset(ot, 0, sizeof(OpTensor) * (size_t)nout);
    IrExecError xe;
    if (!ir_exec_observed(m, samples[s], ot, &ws, &xe, observe, &c)) {
      set_err(err, errcap, "%s%s%d:%d: calibration sample %d: %s", xe.at_node && xe.loc.file ? xe.loc.file : "",
              xe.at_node && xe.loc.file ? ":" : "", xe.loc.line, xe.loc.col, s, xe.msg);
      ok = false;
    }
    for (int k = 0; k < nout; k++) free(ot[k].data);
  }
  free(ot);
  free(ws.p);
  if (ok) {
    rep->layers = xcalloc((size_t)nd, sizeof(QuantLayer));
    IrNode **qxs = xcalloc((size_t)nd, sizeof(IrNode *));
    for (int i = 0; i < nd; i++) {
      float sx, sy;
      int zx, zy;
      range_of(stat_of(&c, d[i].src), o, &sx, &zx);
      range_of(stat_of(&c, d[i].out), o, &sy, &zy);
      IrNode *qx = NULL;
      for (int j = 0; j < i && !qx; j++)
        if (d[j].x == d[i].x) qx = qxs[j];
      if (!qx) qx = quantize_node(g, d[i].mm->in[0], sx, zx, d[i].mm); /* the operand as rewritten so far */
      qxs[i] = qx;
      rewrite(g, &d[i], qx, sx, zx, sy, zy, &rep->layers[rep->nlayer++]);
    }
    free(qxs);
    drop_pairs(g);
    pass_dce(m, &pc); /* the float layers go: views and pools are then used once */
    int8_chains(g);
    pass_dce(m, &pc);
    if (o->io_int8) ok = int8_edges(g, rep, err, errcap);
    if (ok) list_floats(g, rep);
  }
  for (int i = 0; i < c.ns; i++) free(c.s[i].v);
  free(c.s);
  free(d);
  return ok;
}

void quant_report_free(QuantReport *r) {
  free(r->layers);
  free(r->floats);
  free(r->in);
  free(r->out);
  memset(r, 0, sizeof *r);
}

bool quant_parse_method(const char *s, QuantOptions *o) {
  if (strcmp(s, "minmax") == 0) o->method = QM_MINMAX;
  else if (strcmp(s, "kl") == 0) o->method = QM_KL;
  else if (strncmp(s, "percentile:", 11) == 0) {
    char *end;
    double p = strtod(s + 11, &end);
    if (end == s + 11 || *end || !(p > 50 && p <= 100)) return false;
    o->method = QM_PERCENTILE;
    o->percentile = p;
  } else {
    return false;
  }
  return true;
}
