/* grad_nn.c — gradient rules of the neural-network primitives (Conv2D,
 * MaxPool, AvgPool, BatchNorm, LayerNorm), of StopGradient, and the
 * entries of the backward primitives they use (see grad.h).
 *
 *   Conv2D(x, w)      dx = Conv2DBackpropInput(dy, w) (input_shape = x's
 *                     shape), dw = Conv2DBackpropFilter(dy, x)
 *                     (filter_shape = w's shape); stride, pad, dilation,
 *                     group copied from the forward node.
 *   MaxPool(x)        dx = MaxPoolGrad(x, dy) (the forward's attributes);
 *                     integer pools pass no gradient.
 *   AvgPool(x)        dx = AvgPoolGrad(dy) (input_shape = x's shape).
 *   BatchNorm(x, scale, bias, mean, var), the inference form
 *                     y = (x - mean) * r * scale + bias, r = rsqrt(var + eps),
 *                     with the [C] operands broadcast along dim 1:
 *                       dbias  = sum(dy)            (over every dim but 1)
 *                       dscale = sum(dy * (x - mean) * r)
 *                       dx     = dy * scale * r
 *                       dmean  = -dbias * scale * r
 *                       dvar   = -0.5 * dscale * scale * r^2
 *   LayerNorm(x, gamma, beta), normalised dims A = [bna, ndim) (m elements):
 *                     mean, xc = x - mean, var = mean(xc^2), r = rsqrt(var +
 *                     eps), xhat = xc * r (recomputed with primitives);
 *                       dbeta  = sum(dy)            (over dims [0, bpa))
 *                       dgamma = sum(dy * xhat)     (same dims)
 *                       g = dy * gamma
 *                       dx = r * (g - mean_A(g) - xhat * mean_A(g * xhat))
 *                     (the full formula: through the mean and the variance).
 *   StopGradient      GRAD_ZERO.
 *   Conv2DBackpropInput/Filter, MaxPoolGrad, AvgPoolGrad: GRAD_NONE
 *                     (no second-order gradients yet).
 */
#include "grad.h"

#include "../ir/ops.h"

/* A backward primitive of type t with the forward node's attributes
 * (decoded, adjusted by the caller through a, re-encoded for op). */
static IrNode *nn_prim(GradB *b, int op, int nin, IrNode *const *in, const IrType *like, const Attrs *a) {
  IrType *t = ir_type_tensor(gb_module(b), like->dt, like->ndim, like->shape);
  IrNode *r = gb_prim(b, op, nin, in, t);
  if (r) ir_attrs_encode(r, a);
  return r;
}

static void set4(int *n, int64_t *dst, const IrType *t) {
  *n = 4;
  for (int i = 0; i < 4; i++) dst[i] = t->shape[i];
}

bool g_conv2d(GradB *b, IrNode *n, IrNode *dy, IrNode **dx) {
  IrNode *x = n->in[0], *w = n->in[1];
  if (x->type->ndim != 4 || w->type->ndim != 4) return gb_fail(b, n, "Conv2D of non-4-D operands has no gradient");
  Attrs a;
  ir_attrs_decode(n, &a);
  set4(&a.ninput_shape, a.input_shape, x->type);
  set4(&a.nfilter_shape, a.filter_shape, w->type);
  IrNode *in_x[2] = {dy, w}, *in_w[2] = {dy, x};
  if (gb_needs(b, 0) && !(dx[0] = nn_prim(b, OP_Conv2DBackpropInput, 2, in_x, x->type, &a))) return false;
  if (gb_needs(b, 1) && !(dx[1] = nn_prim(b, OP_Conv2DBackpropFilter, 2, in_w, w->type, &a))) return false;
  return true;
}

bool g_maxpool(GradB *b, IrNode *n, IrNode *dy, IrNode **dx) {
  IrNode *x = n->in[0];
  if (!ir_dtype_is_float(n->type->dt)) return true; /* integer pool: no gradient */
  Attrs a;
  ir_attrs_decode(n, &a);
  IrNode *in[2] = {x, dy};
  dx[0] = nn_prim(b, OP_MaxPoolGrad, 2, in, x->type, &a);
  return dx[0] != NULL;
}

bool g_avgpool(GradB *b, IrNode *n, IrNode *dy, IrNode **dx) {
  IrNode *x = n->in[0];
  Attrs a;
  ir_attrs_decode(n, &a);
  set4(&a.ninput_shape, a.input_shape, x->type);
  dx[0] = nn_prim(b, OP_AvgPoolGrad, 1, &dy, x->type, &a);
  return dx[0] != NULL;
}

bool g_batchnorm(GradB *b, IrNode *n, IrNode *dy, IrNode **dx) {
  IrNode *x = n->in[0];
  const IrType *xt = x->type;
  int nd = xt->ndim;
  if (nd < 2) return gb_fail(b, n, "BatchNorm of a tensor of fewer than 2 dimensions has no gradient");
  msrt_dtype dt = n->type->dt;
  Attrs a;
  ir_attrs_decode(n, &a);
  double eps = a.has_epsilon ? a.epsilon : 1e-5;
  /* the [C] operands as [1, C, 1, ...] */
  int64_t bshape[MSRT_MAX_NDIM];
  for (int i = 0; i < nd; i++) bshape[i] = i == 1 ? xt->shape[1] : 1;
  IrNode *p[5];
  for (int i = 1; i < 5; i++) p[i] = i == 2 ? NULL : gb_reshape(b, n->in[i], nd, bshape); /* not bias */
  IrNode *scale = p[1], *mean = p[3], *var = p[4];
  int64_t axes[MSRT_MAX_NDIM];
  int nax = 0;
  for (int i = 0; i < nd; i++)
    if (i != 1) axes[nax++] = i;
  IrNode *r = gb_unop(b, OP_Rsqrt, gb_binop(b, OP_Add, var, gb_scalar(b, dt, eps)));
  IrNode *sr = gb_binop(b, OP_Mul, scale, r); /* [1, C, 1, ...] */
  IrNode *dbias = NULL, *dscale = NULL;
  if (gb_needs(b, 2) || gb_needs(b, 3)) dbias = gb_reduce_sum(b, dy, nax, axes, false);
  if (gb_needs(b, 1) || gb_needs(b, 4)) {
    IrNode *xhat = gb_binop(b, OP_Mul, gb_binop(b, OP_Sub, x, mean), r);
    dscale = gb_reduce_sum(b, gb_binop(b, OP_Mul, dy, xhat), nax, axes, false);
  }
  if (gb_needs(b, 0)) dx[0] = gb_binop(b, OP_Mul, dy, sr);
  if (gb_needs(b, 1)) dx[1] = dscale;
  if (gb_needs(b, 2)) dx[2] = dbias;
  if (gb_needs(b, 3)) /* dmean = -dbias * scale * r */
    dx[3] = gb_unop(b, OP_Neg, gb_binop(b, OP_Mul, dbias, gb_reshape(b, sr, 1, xt->shape + 1)));
  if (gb_needs(b, 4)) { /* dvar = -0.5 * dscale * scale * r^2 */
    IrNode *rc = gb_reshape(b, r, 1, xt->shape + 1);
    IrNode *t = gb_binop(b, OP_Mul, gb_binop(b, OP_Mul, dscale, n->in[1]), gb_binop(b, OP_Mul, rc, rc));
    dx[4] = gb_binop(b, OP_Mul, t, gb_scalar(b, dt, -0.5));
  }
  return true;
}

bool g_layernorm(GradB *b, IrNode *n, IrNode *dy, IrNode **dx) {
  IrNode *x = n->in[0];
  const IrType *xt = x->type;
  int nd = xt->ndim;
  msrt_dtype dt = n->type->dt;
  Attrs a;
  ir_attrs_decode(n, &a);
  int64_t bn = a.begin_norm_axis, bp = a.begin_params_axis;
  if (bn < 0) bn += nd;
  if (bp < 0) bp += nd;
  if (bn < 0 || bn >= nd || bp < 0 || bp >= nd)
    return gb_fail(b, n, "LayerNorm: begin_norm_axis/begin_params_axis out of range");
  double eps = a.has_epsilon ? a.epsilon : 1e-7;
  int64_t axes[MSRT_MAX_NDIM], m = 1;
  int nax = 0;
  for (int64_t i = bn; i < nd; i++) {
    axes[nax++] = i;
    m *= xt->shape[i];
  }
  IrNode *inv_m = gb_scalar(b, dt, m > 0 ? 1.0 / (double)m : 0.0);
  IrNode *mean = gb_binop(b, OP_Mul, gb_reduce_sum(b, x, nax, axes, true), inv_m);
  IrNode *xc = gb_binop(b, OP_Sub, x, mean);
  IrNode *var = gb_binop(b, OP_Mul, gb_reduce_sum(b, gb_binop(b, OP_Mul, xc, xc), nax, axes, true), inv_m);
  IrNode *r = gb_unop(b, OP_Rsqrt, gb_binop(b, OP_Add, var, gb_scalar(b, dt, eps)));
  IrNode *xhat = gb_binop(b, OP_Mul, xc, r);
  /* gamma/beta: sums over the leading dims [0, bp) */
  int64_t pax[MSRT_MAX_NDIM];
  int npax = 0;
  for (int64_t i = 0; i < bp; i++) pax[npax++] = i;
  if (gb_needs(b, 2)) dx[2] = npax ? gb_reduce_sum(b, dy, npax, pax, false) : dy;
  if (gb_needs(b, 1)) {
    IrNode *dyx = gb_binop(b, OP_Mul, dy, xhat);
    dx[1] = npax ? gb_reduce_sum(b, dyx, npax, pax, false) : dyx;
  }
  if (!gb_needs(b, 0)) return true;
  IrNode *g = gb_binop(b, OP_Mul, dy, n->in[1]);
  IrNode *gm = gb_binop(b, OP_Mul, gb_reduce_sum(b, g, nax, axes, true), inv_m);
  IrNode *gxm = gb_binop(b, OP_Mul, gb_reduce_sum(b, gb_binop(b, OP_Mul, g, xhat), nax, axes, true), inv_m);
  IrNode *in = gb_binop(b, OP_Sub, gb_binop(b, OP_Sub, g, gm), gb_binop(b, OP_Mul, xhat, gxm));
  dx[0] = gb_binop(b, OP_Mul, in, r);
  return true;
}
