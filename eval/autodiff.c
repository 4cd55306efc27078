/* autodiff.c — _msc.grad_call, the one native behind ms.grad,
 * ms.value_and_grad and ops.GradOperation (lib/mindspore/ops/composite.py
 * validates the arguments and builds MindSpore's return structures).
 *
 *   _msc.grad_call(fn, args, kwargs, positions, weights, sens, has_aux)
 *       -> (value, input_grads, weight_grads)
 *   fn(*args, **kwargs) is recorded as IR and differentiated by
 *   passes/grad.c (grad_append): w.r.t. args[p] for p in positions (each a
 *   Tensor) and w.r.t. each Parameter of weights. The differentiated value
 *   is fn's output: a float Tensor, or every Tensor of the tuple it returns
 *   (MindSpore sums the gradients of all outputs), or only the first with
 *   has_aux. sens (None: ones) is the output's cotangent: a Tensor for one
 *   output, a tuple for several. value is fn's output as it returned it.
 *
 * Three situations:
 *   - a graph is being staged (ast: inside @ms.jit or a GRAPH_MODE
 *     construct, and ms.grad called at top level in GRAPH_MODE, which
 *     composite.py routes through the jit machinery): fn runs in the same
 *     capture (its primitives join the graph), each wrt argument first
 *     goes through an Identity node that stands for it, and the backward
 *     nodes are appended to the same graph: the results are symbolic;
 *   - PyNative (no capture): fn runs eagerly under a fresh trace capture
 *     (DESIGN.md: "record the forward as a graph — the trace path"), the
 *     backward is appended, and the graph runs on the reference executor
 *     (the forward is run again there: the price of keeping one executor);
 *   - a trace-mode jit capture: not supported yet (NotImplementedError).
 * A primitive without a gradient rule on the path is an error at the
 * script line of that primitive.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../passes/grad.h"
#include "graph.h"
#include "interp.h"
#include "valpriv.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

typedef struct GCall {
  Value fn;
  int argc;
  Value *argv;           /* owned refs (wrt args replaced when staging) */
  KwArgs kw;
  int npos;
  int64_t *pos;
  int nw;
  Tensor **w;            /* borrowed (the weights tuple holds them) */
  Value sens;
  bool has_aux;
  GraphTrace *tr;        /* PyNative */
  /* scratch of differentiate(), freed by the caller (errors unwind) */
  IrNode **wrt, **argnode, **onodes, **snodes;
  Tensor **outs;
} GCall;

/* The function's name as an IR graph name ("<lambda>" -> "_lambda_"). */
/* fn's name made an IR identifier, in buf[64]. */
static const char *fn_name(Value fn, char *buf) {
  const char *n = "fn";
  if (v_is(fn, OBJ_FUNC) && ((Func *)fn.as.o)->name) n = ((Func *)fn.as.o)->name->data;
  snprintf(buf, 64, "%s", n);
  graph_ident(buf);
  return buf;
}

/* The Tensors fn returned that are differentiated. */
static int out_tensors(Interp *I, Value ret, bool has_aux, Tensor ***outs) { /* *outs: freed by the caller */
  bool seq = v_is(ret, OBJ_TUPLE) || v_is(ret, OBJ_LIST);
  if (has_aux && !seq)
    rt_raise(I, EXC_TypeError, "For 'grad' with has_aux=True, the function must return a tuple (output, aux...), "
             "but it returned %s", rt_type_name(I, ret));
  if (v_is(ret, OBJ_TENSOR)) {
    *outs = xcalloc(1, sizeof(Tensor *));
    (*outs)[0] = AS_TENSOR(ret);
    return 1;
  }
  if (!seq)
    rt_raise(I, EXC_TypeError, "For 'grad', the function to differentiate must return a Tensor or a tuple of "
             "Tensors, but it returned %s", rt_type_name(I, ret));
  int64_t n = v_is(ret, OBJ_TUPLE) ? AS_TUPLE(ret)->len : AS_LIST(ret)->len;
  Value *it = v_is(ret, OBJ_TUPLE) ? AS_TUPLE(ret)->items : AS_LIST(ret)->items;
  if (n == 0) rt_raise(I, EXC_TypeError, "For 'grad', the function to differentiate returned an empty tuple");
  if (has_aux) n = 1;
  *outs = xcalloc((size_t)n, sizeof(Tensor *));
  for (int64_t i = 0; i < n; i++) {
    if (!v_is(it[i], OBJ_TENSOR)) {
      rt_raise(I, EXC_TypeError, "For 'grad', output %lld of the function is %s, not a Tensor: only Tensor outputs "
               "can be differentiated (with has_aux=True only the first output is)", (long long)i,
               rt_type_name(I, it[i]));
    }
    (*outs)[i] = AS_TENSOR(it[i]);
  }
  return (int)n;
}

static bool is_float(msrt_dtype dt) { return dt == MSRT_FLOAT16 || dt == MSRT_FLOAT32 || dt == MSRT_FLOAT64; }

/* A node of g standing for the value v (a constant becomes an Identity
 * node, so that graph outputs are always nodes). */
static IrNode *as_node(IrGraph *g, IrNode *v, IrLoc loc) {
  if (v->kind == IR_NK_NODE) return v;
  return ir_node1(g, OP_Identity, v, v->type, loc);
}

/* Runs fn in the current capture and appends its gradient; fills
 * grads[npos + nw] (nodes of the current graph) and *ret. */
static void differentiate(Interp *I, GCall *gc, IrNode **grads, Value *ret) {
  IrModule *m = graph_cur_module(I);
  IrGraph *g = graph_cur_graph(I);
  IrLoc loc = graph_cur_loc(I);
  int nwrt = gc->npos + gc->nw;
  IrNode **wrt = gc->wrt = xcalloc((size_t)(nwrt ? nwrt : 1), sizeof(IrNode *));
  IrNode **argnode = gc->argnode = xcalloc((size_t)(gc->argc ? gc->argc : 1), sizeof(IrNode *));
  for (int k = 0; k < gc->npos; k++) {
    int i = (int)gc->pos[k];
    if (argnode[i]) {
      wrt[k] = argnode[i];
      continue;
    }
    Value a = gc->argv[i];
    if (!v_is(a, OBJ_TENSOR)) {
      rt_raise(I, EXC_TypeError, "For 'grad', argument %d of the function (grad_position %d) is %s, not a Tensor",
               i, i, rt_type_name(I, a));
    }
    Tensor *t = AS_TENSOR(a);
    if (t->flavour == TF_PARAM) {
      argnode[i] = graph_parameter(I, t);
    } else if (gc->tr) {
      char nm[32];
      snprintf(nm, sizeof nm, "x%d", i);
      argnode[i] = graph_trace_input(I, gc->tr, t, nm);
    } else {
      IrNode *v = graph_value(I, t, t->dtype);
      IrNode *id = ir_node1(g, OP_Identity, v, v->type, loc);
      Tensor *s = graph_sym(I, id);
      v_decref(I, gc->argv[i]);
      gc->argv[i] = v_obj(&s->h);
      argnode[i] = id;
    }
    wrt[k] = argnode[i];
  }
  if (gc->tr) /* the other tensor arguments are inputs too (not constants) */
    for (int i = 0; i < gc->argc; i++)
      if (v_is(gc->argv[i], OBJ_TENSOR) && AS_TENSOR(gc->argv[i])->flavour != TF_PARAM) {
        char nm[32];
        snprintf(nm, sizeof nm, "x%d", i);
        graph_trace_input(I, gc->tr, AS_TENSOR(gc->argv[i]), nm);
      }
  for (int k = 0; k < gc->nw; k++) wrt[gc->npos + k] = graph_parameter(I, gc->w[k]);

  *ret = rt_call(I, gc->fn, gc->argc, gc->argv, gc->kw.n ? &gc->kw : NULL);
  loc = graph_cur_loc(I);
  int nout = out_tensors(I, *ret, gc->has_aux, &gc->outs);
  Tensor **outs = gc->outs;
  IrNode **onodes = gc->onodes = xcalloc((size_t)nout, sizeof(IrNode *));
  IrNode **snodes = gc->snodes = xcalloc((size_t)nout, sizeof(IrNode *));
  Value *sv = NULL;
  int nsens = 0;
  if (gc->sens.tag != V_NONE) {
    if (v_is(gc->sens, OBJ_TENSOR)) {
      sv = &gc->sens;
      nsens = 1;
    } else if (v_is(gc->sens, OBJ_TUPLE) || v_is(gc->sens, OBJ_LIST)) {
      nsens = (int)(v_is(gc->sens, OBJ_TUPLE) ? AS_TUPLE(gc->sens)->len : AS_LIST(gc->sens)->len);
      sv = v_is(gc->sens, OBJ_TUPLE) ? AS_TUPLE(gc->sens)->items : AS_LIST(gc->sens)->items;
    } else {
      nsens = -1;
    }
  }
  const char *bad = NULL;
  ExcKind exc = EXC_TypeError;
  char msg[256];
  for (int k = 0; k < nout && !bad; k++) {
    Tensor *t = outs[k];
    if (!is_float(t->dtype)) {
      snprintf(msg, sizeof msg, "For 'grad', the output%s of the function must be a float Tensor to be "
               "differentiated, but it is a %s Tensor", nout > 1 ? "s" : "", msrt_dtype_name(t->dtype));
      bad = msg;
      break;
    }
    onodes[k] = graph_value(I, t, t->dtype);
  }
  if (!bad && nsens && nsens != nout) {
    snprintf(msg, sizeof msg, "For 'grad', the sens must match the function's output: %s, but got %s",
             nout == 1 ? "a Tensor" : "a tuple of one Tensor per output", rt_type_name(I, gc->sens));
    bad = msg;
    exc = EXC_ValueError;
  }
  for (int k = 0; !bad && k < nsens; k++) {
    if (!v_is(sv[k], OBJ_TENSOR)) {
      snprintf(msg, sizeof msg, "For 'grad', sens %d is %s, not a Tensor", k, rt_type_name(I, sv[k]));
      bad = msg;
      break;
    }
    Tensor *s = AS_TENSOR(sv[k]);
    bool same = s->ndim == outs[k]->ndim;
    for (int d = 0; same && d < s->ndim; d++) same = s->shape[d] == outs[k]->shape[d];
    if (!same) {
      char a[96], b[96];
      snprintf(msg, sizeof msg, "For 'grad', the sens must have the shape of the output it weights: %s, but it has %s",
               shape_str(a, sizeof a, outs[k]->ndim, outs[k]->shape), shape_str(b, sizeof b, s->ndim, s->shape));
      bad = msg;
      exc = EXC_ValueError;
      break;
    }
    snodes[k] = graph_value(I, s, outs[k]->dtype);
  }
  if (bad) rt_raise(I, exc, "%s", bad);
  GradRequest rq = {nout, onodes, snodes, nwrt, wrt, graph_max_loop_iterations(I)};
  GradError err;
  memset(&err, 0, sizeof err);
  bool ok = grad_append(m, g, &rq, grads, &err);
  if (!ok) {
    Catch c;
    if (RT_TRY(I, &c)) rt_raise(I, EXC_TypeError, "%s", err.msg);
    Value e = CUR_EXC(I);
    CUR_EXC(I) = v_undef();
    graph_relocate(I, err.loc);
    reraise_owned(I, e);
  }
  for (int k = 0; k < nwrt; k++) grads[k] = as_node(g, grads[k], loc);
}

static Tuple *tuple_of(Interp *I, int n, Tensor **t) {
  Tuple *r = tuple_new(I, n);
  for (int i = 0; i < n; i++) r->items[i] = v_obj(&t[i]->h); /* takes the reference */
  return r;
}

Value autodiff_native_grad_call(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "grad_call", kw);
  args_count(I, "grad_call", argc, 7, 7);
  if (!v_is(argv[1], OBJ_TUPLE) || !v_is(argv[3], OBJ_TUPLE) || !v_is(argv[4], OBJ_TUPLE))
    rt_raise(I, EXC_TypeError, "grad_call(fn, args: tuple, kwargs, positions: tuple, weights: tuple, sens, has_aux)");
  if (graph_tracing(I))
    rt_raise(I, EXC_NotImplementedError,
             "higher-order gradients (a gradient of a gradient) and gradients inside a jit function with "
             "capture_mode='trace' are not supported yet: differentiate once, with capture_mode='ast' (the "
             "default) or outside the jit function");
  GCall gc;
  memset(&gc, 0, sizeof gc);
  gc.fn = argv[0];
  Tuple *at = AS_TUPLE(argv[1]);
  gc.argc = (int)at->len;
  gc.argv = xcalloc((size_t)(gc.argc ? gc.argc : 1), sizeof(Value));
  for (int i = 0; i < gc.argc; i++) gc.argv[i] = v_incref(at->items[i]);
  graph_kwargs(argv[2], &gc.kw);
  Tuple *pt = AS_TUPLE(argv[3]);
  gc.npos = (int)pt->len;
  gc.pos = xcalloc((size_t)(gc.npos ? gc.npos : 1), sizeof(int64_t));
  Tuple *wt = AS_TUPLE(argv[4]);
  gc.nw = (int)wt->len;
  gc.w = xcalloc((size_t)(gc.nw ? gc.nw : 1), sizeof(Tensor *));
  const char *bad = NULL;
  for (int k = 0; k < gc.npos && !bad; k++) {
    if (pt->items[k].tag != V_INT || pt->items[k].as.i < 0 || pt->items[k].as.i >= gc.argc) bad = "positions";
    else gc.pos[k] = pt->items[k].as.i;
  }
  for (int k = 0; k < gc.nw && !bad; k++) {
    if (!v_is(wt->items[k], OBJ_TENSOR) || AS_TENSOR(wt->items[k])->flavour != TF_PARAM) bad = "weights";
    else gc.w[k] = AS_TENSOR(wt->items[k]);
  }
  gc.sens = argv[5];
  gc.has_aux = rt_truthy(I, argv[6]);
  int nwrt = gc.npos + gc.nw;
  IrNode **grads = xcalloc((size_t)(nwrt ? nwrt : 1), sizeof(IrNode *));
  Tensor **gt = xcalloc((size_t)(nwrt ? nwrt : 1), sizeof(Tensor *));
  Value ret = v_undef();
  Catch c;
  bool ok = false;
  if (RT_TRY(I, &c)) {
    if (bad)
      rt_raise(I, EXC_TypeError, "grad_call: %s must be %s", bad,
               bad[0] == 'p' ? "argument indices" : "Parameters");
    if (graph_staging(I)) {
      differentiate(I, &gc, grads, &ret);
      for (int k = 0; k < nwrt; k++) gt[k] = graph_sym(I, grads[k]);
    } else {
      gc.tr = graph_trace_begin(I, fn_name(gc.fn, (char[64]){0}));
      differentiate(I, &gc, grads, &ret);
      IrGraph *g = graph_cur_graph(I);
      IrLoc loc = graph_cur_loc(I);
      if (nwrt) ir_return(g, ir_make_tuple(g, nwrt, grads, loc), loc);
      else ir_return(g, ir_const_none(graph_cur_module(I)), loc);
      Tensor **params = NULL;
      int nparam = 0;
      GraphTrace *tr = gc.tr;
      gc.tr = NULL;
      IrModule *m = graph_trace_end(I, tr, &params, &nparam);
      Catch c2;
      bool ran = false;
      if (RT_TRY(I, &c2)) {
        if (!ir_verify(m))
          rt_raise(I, EXC_RuntimeError, "internal error: the gradient graph of '%s' does not verify (see above)",
                   fn_name(gc.fn, (char[64]){0}));
        graph_exec(I, m, params, gt);
        rt_catch_pop(I, &c2);
        ran = true;
      }
      for (int i = 0; i < nparam; i++) obj_decref(I, &params[i]->h);
      free(params);
      ir_module_free(m);
      if (!ran) exc_reraise(I, CUR_EXC(I));
    }
    rt_catch_pop(I, &c);
    ok = true;
  }
  if (gc.tr) graph_trace_end(I, gc.tr, NULL, NULL);
  for (int i = 0; i < gc.argc; i++) v_decref(I, gc.argv[i]);
  free(gc.argv);
  free(gc.kw.names);
  free(gc.kw.vals);
  free(gc.pos);
  free(gc.w);
  free(gc.wrt);
  free(gc.argnode);
  free(gc.onodes);
  free(gc.snodes);
  free(gc.outs);
  free(grads);
  if (!ok) {
    for (int k = 0; k < nwrt; k++)
      if (gt[k]) obj_decref(I, &gt[k]->h);
    free(gt);
    if (ret.tag != V_UNDEF) v_decref(I, ret);
    exc_reraise(I, CUR_EXC(I));
  }
  Tuple *r = tuple_new(I, 3);
  r->items[0] = ret;
  r->items[1] = v_obj(&tuple_of(I, gc.npos, gt)->h);
  r->items[2] = v_obj(&tuple_of(I, gc.nw, gt + gc.npos)->h);
  free(gt);
  return v_obj(&r->h);
}
