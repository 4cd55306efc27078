/* fold.c — constant folding's evaluator (fold.h): runs one primitive node
 * of the IR on constant operands with the eager kernels, exactly as the
 * reference executor's run_prim (ir/exec.c) does at run time:
 *   attributes decoded from the node (ir_attrs_decode), the op's infer rule
 *   for the result type and the dtype each input is converted to, the
 *   inputs cast, the output allocated, the kernel rule run; a result whose
 *   dtype differs from the node's is cast to it (as the executor does), a
 *   result whose shape differs is not folded.
 * The result is therefore bit-identical to what the reference executor
 * computes for the node (and the C backends compute the same kernels).
 *
 * Errors. Anything that raises (infer rule: a shape error; kernel: index
 * out of range, integer to a negative power; tensor_new) means "do not
 * fold": the exception is caught and dropped, every tensor taken here is
 * released and NULL is returned; the error then happens at run time with
 * its usual message and location.
 *
 * Interpreter. The kernels need an Interp (allocation, exceptions). The
 * driver passes the running script's; with ctx NULL (msc opt) a private
 * interpreter is made on first use, kept for the process and freed at exit
 * (atexit), so leak checkers see nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "fold.h"
#include "tensor.h"
#include "valpriv.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

static Interp *fold_interp;

static void fold_interp_free(void) {
  interp_free(fold_interp);
  fold_interp = NULL;
}

static Interp *private_interp(void) {
  if (!fold_interp) {
    fold_interp = interp_new(0, NULL);
    atexit(fold_interp_free);
  }
  return fold_interp;
}

/* The state of one fold: the tensors it holds (released on every path)
 * and the operand arrays. Heap-allocated so that its contents survive a
 * longjmp from a kernel. */
typedef struct Held {
  int n;
  Tensor **t;      /* every operand, its cast, the output and its cast */
  Tensor **argv;   /* the operands as the kernel takes them */
  TType *argty;
  msrt_dtype *cast;
} Held;

static Tensor *hold(Held *h, Tensor *t) {
  h->t[h->n++] = t;
  return t;
}

static void release_all(Interp *I, Held *h) {
  while (h->n) {
    Tensor *t = h->t[--h->n];
    obj_decref(I, &t->h);
  }
}

static bool same_shape(int na, const int64_t *a, int nb, const int64_t *b) {
  return na == nb && (na == 0 || memcmp(a, b, sizeof(int64_t) * (size_t)na) == 0);
}

/* Can n be evaluated here at all (before any interpreter is involved)? */
static bool foldable(const IrNode *n) {
  if (n->kind != IR_NK_NODE || n->op < 0 || n->op >= OP_COUNT) return false;
  if (!n->type || n->type->kind != IR_T_TENSOR) return false;
  const OpInfo *oi = &op_info[n->op];
  if (oi->nin >= 0 && n->nin != oi->nin) return false;
  if (!op_infer_rule((OpId)n->op) || !op_kernel_rule((OpId)n->op)) return false;
  for (int i = 0; i < n->nin; i++) {
    const IrNode *c = n->in[i];
    if (!c || c->kind != IR_NK_CONST || c->cst.kind != IR_C_TENSOR || !c->type || c->type->kind != IR_T_TENSOR)
      return false;
  }
  return true;
}

/* A new tensor holding constant c's elements. */
static Tensor *const_tensor(Interp *I, Held *h, const IrNode *c) {
  const IrType *t = c->type;
  Tensor *r = hold(h, tensor_new(I, t->dt, t->ndim, t->shape, TF_MS));
  size_t nb = (size_t)r->size * msrt_dtype_size(r->dtype);
  if (nb > c->cst.nbytes) rt_raise(I, EXC_RuntimeError, "IR: tensor constant too short");
  if (nb) memcpy(r->data, c->cst.data, nb);
  return r;
}

/* Runs n's kernel; returns its result (held in h) cast to n's dtype. */
static Tensor *run(Interp *I, Held *h, const IrNode *n) {
  OpId op = (OpId)n->op;
  int nin = n->nin;
  Tensor **argv = h->argv;
  TType *argty = h->argty;
  msrt_dtype *cast = h->cast;
  for (int i = 0; i < nin; i++) {
    Tensor *t = const_tensor(I, h, n->in[i]);
    argv[i] = t;
    argty[i].dt = t->dtype;
    argty[i].ndim = t->ndim;
    if (t->ndim) memcpy(argty[i].shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
    cast[i] = t->dtype;
  }
  Attrs a;
  ir_attrs_decode(n, &a);
  TType out;
  memset(&out, 0, sizeof out);
  op_infer_rule(op)(I, op, nin, argty, &a, &out, cast);
  for (int i = 0; i < nin; i++)
    if (cast[i] != argv[i]->dtype) argv[i] = hold(h, tensor_cast(I, argv[i], cast[i], TF_MS));
  Tensor *o = hold(h, tensor_new(I, out.dt, out.ndim, out.shape, TF_MS));
  op_kernel_rule(op)(I, op, nin, argv, &a, o);
  if (o->dtype != n->type->dt) o = hold(h, tensor_cast(I, o, n->type->dt, TF_MS));
  return o;
}

IrNode *eval_fold(void *ctx, IrModule *m, const IrNode *n) {
  if (!foldable(n)) return NULL;
  Interp *I = ctx ? (Interp *)ctx : private_interp();
  Held *h = xcalloc(1, sizeof *h);
  size_t k = (size_t)(n->nin ? n->nin : 1);
  h->t = xcalloc(2 * k + 2, sizeof(Tensor *));
  h->argv = xcalloc(k, sizeof(Tensor *));
  h->argty = xcalloc(k, sizeof(TType));
  h->cast = xcalloc(k, sizeof(msrt_dtype));
  IrNode *r = NULL;
  Catch c;
  if (RT_TRY(I, &c)) {
    Tensor *o = run(I, h, n);
    rt_catch_pop(I, &c);
    const IrType *nt = n->type;
    if (same_shape(nt->ndim, nt->shape, o->ndim, o->shape) && o->dtype == nt->dt)
      r = ir_const_tensor(m, nt->dt, nt->ndim, nt->shape, o->data);
  } else {
    v_decref(I, CUR_EXC(I));
    CUR_EXC(I) = v_undef();
  }
  release_all(I, h);
  free(h->t);
  free(h->argv);
  free(h->argty);
  free(h->cast);
  free(h);
  return r;
}
