/* fold_bn.c — BatchNorm folded into the convolution before it, at compile
 * time (msc compile --fold-bn; issue 21: firmware that does not spend an
 * arena buffer and a pass over the activations on a per-channel affine).
 *
 * The pattern (entry graph and regions, float32):
 *   y = Conv2D(x, W)            W a constant [Co, Ci, KH, KW], y used once
 *   [y = BiasAdd(y, b0)]        b0 a constant [Co], used once
 *   z = BatchNorm(y, scale, beta, mean, var)   all four constants [Co]
 * becomes
 *   y = Conv2D(x, W')           W'[c] = W[c] * s[c]
 *   z = BiasAdd(y, b')          b'[c] = (b0[c] - mean[c]) * s[c] + beta[c]
 * with s[c] = scale[c] / sqrt(var[c] + epsilon), every product computed in
 * double and rounded once to float. The BatchNorm node becomes the
 * BiasAdd (so it keeps its place in the schedule); fuse-epilogue then
 * fuses the BiasAdd (and a ReLU after it) into the convolution.
 *
 * Does NOT preserve results bit for bit: the folded weights round
 * differently from normalising the convolution's output (a few ulps,
 * within the self-test's float32 tolerance; the header says BN is
 * folded). Not in any -O pipeline: msc compile runs it first when given
 * --fold-bn (aot.c), or --passes=fold-bn names it.
 * Requires: a verified module. Leaves alone: Parameters (a training step
 * changes them), float64, shared intermediates, non-constant statistics.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "passes.h"

static bool f32_const(const IrNode *c, int ndim, int64_t n0) {
  return c->kind == IR_NK_CONST && c->cst.kind == IR_C_TENSOR && c->type->kind == IR_T_TENSOR &&
         c->type->dt == MSRT_FLOAT32 && c->type->ndim == ndim && c->type->shape[0] == n0;
}

static const float *fdata(const IrNode *c) { return (const float *)c->cst.data; }

static bool fold_graph(IrModule *m, IrGraph *g) {
  bool changed = false;
  int *uses = ir_use_counts(g); /* numbers g */
  for (int i = 0; i < g->nnode; i++) {
    IrNode *bn = g->nodes[i];
    if (bn->dead || bn->kind != IR_NK_NODE || bn->op != OP_BatchNorm || bn->nin != 5) continue;
    IrNode *y = bn->in[0], *bias0 = NULL, *conv = y;
    if (y->kind != IR_NK_NODE || y->owner != g || uses[y->id] != 1) continue;
    if (y->op == OP_BiasAdd && y->nin == 2 && !y->nattr) {
      bias0 = y->in[1];
      conv = y->in[0];
      if (conv->kind != IR_NK_NODE || conv->owner != g || uses[conv->id] != 1) continue;
    }
    if (conv->op != OP_Conv2D || conv->nin != 2) continue;
    const IrType *ot = conv->type;
    if (ot->kind != IR_T_TENSOR || ot->dt != MSRT_FLOAT32 || ot->ndim != 4) continue;
    int64_t co = ot->shape[1];
    IrNode *w = conv->in[1];
    if (!f32_const(w, 4, co) || (bias0 && !f32_const(bias0, 1, co))) continue;
    bool ok = true;
    for (int k = 1; k < 5; k++) ok = ok && f32_const(bn->in[k], 1, co);
    if (!ok || !ir_type_eq(bn->type, ot)) continue;
    Attrs a;
    memset(&a, 0, sizeof a);
    ir_attrs_decode(bn, &a);
    double eps = a.has_epsilon ? a.epsilon : 1e-5;
    const float *sc = fdata(bn->in[1]), *beta = fdata(bn->in[2]), *mean = fdata(bn->in[3]), *var = fdata(bn->in[4]);
    int64_t per = w->type->shape[1] * w->type->shape[2] * w->type->shape[3];
    float *nw = xmalloc(sizeof(float) * (size_t)(co * per + 1)), *nb = xmalloc(sizeof(float) * (size_t)(co + 1));
    for (int64_t c = 0; c < co; c++) {
      double s = (double)sc[c] / sqrt((double)var[c] + eps);
      for (int64_t j = 0; j < per; j++) nw[c * per + j] = (float)((double)fdata(w)[c * per + j] * s);
      nb[c] = (float)(((bias0 ? (double)fdata(bias0)[c] : 0.0) - (double)mean[c]) * s + (double)beta[c]);
    }
    IrNode *wc = ir_const_tensor(m, MSRT_FLOAT32, 4, w->type->shape, nw);
    IrNode *bc = ir_const_tensor(m, MSRT_FLOAT32, 1, &co, nb);
    free(nw);
    free(nb);
    conv->in[1] = wc;
    if (bias0) { /* the BiasAdd goes: the BatchNorm's becomes the one */
      ir_replace_uses(g, y, conv);
      y->dead = true;
    }
    bn->op = OP_BiasAdd;
    bn->nin = 2;
    bn->in[0] = conv;
    bn->in[1] = bc;
    bn->nattr = 0;
    bn->attrs = NULL;
    changed = true;
  }
  if (changed) ir_graph_compact(g);
  free(uses);
  return changed;
}

bool pass_fold_bn(IrModule *m, PassCtx *ctx) {
  (void)ctx;
  bool changed = false;
  int n0 = m->ngraph;
  for (int k = 0; k < n0; k++)
    if (!pass_is_fusion_body(m, m->graphs[k])) changed |= fold_graph(m, m->graphs[k]);
  return changed;
}
