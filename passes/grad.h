/* grad.h — reverse-mode automatic differentiation on the graph IR
 * (DESIGN.md "passes/": autodiff), issue 8.
 *
 * The interpreter never differentiates anything itself: a gradient
 * function (ms.grad, ms.value_and_grad, ops.GradOperation) records its
 * function's forward computation as IR (ast staging inside a graph, a
 * trace in PyNative), then asks grad_append() to append the backward
 * computation to the same graph. So gradients are optimised, fused and
 * memory-planned like any graph, and every backend runs them.
 *
 *   grad_append(m, g, rq, grads, err)
 *     rq->outs[0..nout)  the values differentiated (float tensor nodes of g,
 *                        or of its params); the result is the gradient of
 *                        sum_k sum(outs[k] * sens[k])
 *     rq->sens[k]        the cotangent of outs[k] (a node of the same type)
 *                        or NULL: ones
 *     rq->wrt[0..nwrt)   what to differentiate with respect to: a graph
 *                        param, any node of g, or a Parameter (IR_NK_PARAM
 *                        with is_parameter: the gradient sums over every
 *                        Load of it on a path to an out)
 *     grads[i]           <- d/d wrt[i], a node (or constant) of wrt[i]'s
 *                        tensor type: zeros when the outs do not depend on
 *                        it; for an integer or bool wrt, zeros of its type
 *                        (no gradient flows into integers)
 *   Nodes are appended at the end of g (after every existing node), in an
 *   order where each node follows its operands. Nothing of g is changed
 *   or removed; unused forward values are left to dce.
 *   Returns false when a node on a path from a wrt to an out has no
 *   gradient rule (or its rule refuses the case): err gets the node's
 *   location and a message naming the op, e.g. "ArgSort is not
 *   differentiable" / "StridedSlice with a stride other than 1 has no
 *   gradient yet". Nodes appended before the failure stay (unused).
 *
 * Gradient rules: ops.def's grad column names each primitive's rule
 * (RULE(fn): a GradRuleFn in grad.c, nn ops in grad_nn.c) or a marker:
 *   GRAD_ZERO     piecewise constant / integer / bool output: no gradient
 *                 flows to any input (comparisons, Argmax, Floor, Sign...)
 *   GRAD_NONE     not differentiable (a compile error if on a path)
 * grad.c expands the column into its table; tests/unit/test_grad.c fails
 * for a rule without a finite-difference case.
 *
 * Conventions inside a rule:
 *   - n is the forward node, dy the cotangent of n (n's type; for a node
 *     of tuple type, not used: no primitive returns a tuple);
 *   - it sets dx[i] for each input i that gets a gradient (NULL: none,
 *     which grad_append treats as zero), of exactly n->in[i]'s type
 *     (gb_unbroadcast undoes broadcasting: reductions to the input's
 *     shape);
 *   - it builds nodes with the gb_* helpers below, which append to the
 *     graph being differentiated with the forward node's location and
 *     compute result types themselves (no interpreter involved);
 *   - it may use the forward node n itself (the output: Exp's gradient
 *     is dy * n) and its operands.
 */
#ifndef MSC_GRAD_H
#define MSC_GRAD_H

#include <stdbool.h>

#include "../ir/ir.h"

typedef struct GradRequest {
  int nout;
  IrNode **outs;
  IrNode **sens;   /* nout entries (entries may be NULL), or NULL: all ones */
  int nwrt;
  IrNode **wrt;
  /* A bound on the iterations of every While on a path whose trip count
   * has no compile-time bound (--max-loop-iterations), or 0: such a loop
   * is an error. */
  int64_t max_loop_iterations;
} GradRequest;

typedef struct GradError {
  IrLoc loc;       /* the script line of the node without a rule */
  char msg[512];
} GradError;

bool grad_append(IrModule *m, IrGraph *g, const GradRequest *rq, IrNode **grads, GradError *err);

/* ---- rules ----------------------------------------------------------------- */
typedef struct GradB GradB; /* the builder of one grad_append (grad.c) */

typedef bool (*GradRuleFn)(GradB *b, IrNode *n, IrNode *dy, IrNode **dx);

typedef enum GradKind { GRAD_MISSING = 0, GRAD_RULE, GRAD_ZERO, GRAD_NONE } GradKind;

typedef struct GradEntry {
  GradKind kind;
  GradRuleFn fn;      /* GRAD_RULE */
  const char *why;    /* GRAD_NONE: why not (appended to the error) */
} GradEntry;

/* The entry of a primitive: ops.def's grad column (kind GRAD_MISSING only
 * for an id out of range). */
GradEntry grad_entry(int op);
/* grad_nn.c: the rules of Conv2D, MaxPool, AvgPool, BatchNorm and
 * LayerNorm (named in ops.def's grad column). */
bool g_conv2d(GradB *b, IrNode *n, IrNode *dy, IrNode **dx);
bool g_maxpool(GradB *b, IrNode *n, IrNode *dy, IrNode **dx);
bool g_avgpool(GradB *b, IrNode *n, IrNode *dy, IrNode **dx);
bool g_batchnorm(GradB *b, IrNode *n, IrNode *dy, IrNode **dx);
bool g_layernorm(GradB *b, IrNode *n, IrNode *dy, IrNode **dx);

/* Fails the current grad_append with a message at n's location; returns
 * false so a rule can `return gb_fail(b, n, "...")`. */
bool gb_fail(GradB *b, const IrNode *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- builder: each appends one node (or returns a constant) ------------- */
IrModule *gb_module(GradB *b);
/* (added by helper A) True when input i of the node whose rule is running
 * needs a gradient (it depends on a wrt); a rule may skip building dx[i]
 * otherwise. Always true outside a rule. */
bool gb_needs(const GradB *b, int i);
/* A primitive with result type t; attributes are added afterwards with
 * ir_attr_* on the returned node. */
IrNode *gb_prim(GradB *b, int op, int nin, IrNode *const *in, IrType *t);
/* Elementwise op of one operand, the operand's type. */
IrNode *gb_unop(GradB *b, int op, IrNode *x);
/* Elementwise op of two operands broadcast together; the result dtype is
 * a's dtype (both must already have it; gb_cast otherwise). Comparisons
 * (Equal, Greater...) give bool. */
IrNode *gb_binop(GradB *b, int op, IrNode *x, IrNode *y);
/* Select(c, x, y) broadcast together; x's dtype. */
IrNode *gb_select(GradB *b, IrNode *c, IrNode *x, IrNode *y);
/* A 0-d tensor constant of dtype dt. */
IrNode *gb_scalar(GradB *b, msrt_dtype dt, double v);
/* A tensor of type t filled with v (a constant when small, else a Fill
 * node). */
IrNode *gb_full(GradB *b, const IrType *t, double v);
IrNode *gb_zeros(GradB *b, const IrType *t);
IrNode *gb_cast(GradB *b, IrNode *x, msrt_dtype dt);
IrNode *gb_reshape(GradB *b, IrNode *x, int ndim, const int64_t *shape);
IrNode *gb_transpose(GradB *b, IrNode *x, const int64_t *perm);
IrNode *gb_broadcast_to(GradB *b, IrNode *x, int ndim, const int64_t *shape);
/* ReduceSum over axes (non-negative, any order); keep_dims as given. */
IrNode *gb_reduce_sum(GradB *b, IrNode *x, int naxis, const int64_t *axes, bool keep);
/* Sums dy (broadcast from `to`'s shape) back down to `to`'s shape and
 * casts it to `to`'s dtype; dy itself when nothing to undo. */
IrNode *gb_unbroadcast(GradB *b, IrNode *dy, const IrType *to);
/* MatMul (2-D) / BatchMatMul (>= 2-D, batch broadcast) with transposes. */
IrNode *gb_matmul(GradB *b, IrNode *x, IrNode *y, bool ta, bool tb);
/* Concat along axis. */
IrNode *gb_concat(GradB *b, int n, IrNode *const *x, int axis);
/* StridedSlice with begin/end/strides given per dim (normalised). */
IrNode *gb_slice(GradB *b, IrNode *x, const int64_t *begin, const int64_t *end, const int64_t *strides);

#endif
