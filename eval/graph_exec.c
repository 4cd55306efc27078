/* graph_exec.c — the interpreter's side of the reference executor
 * (ir/exec.c): runs an IR module on Tensors and raises its errors as
 * exceptions located at the failing node's script line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/exec.h"
#include "graph.h"
#include "valpriv.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

/* The byte offset in f of 1-based line:col (display column), or -1. */
static int64_t offset_of(const SrcFile *f, int line, int col) {
  if (line < 1 || line > f->nlines) return -1;
  uint32_t beg = f->line_off[line - 1];
  uint32_t end = line < f->nlines ? f->line_off[line] : (uint32_t)f->len;
  for (uint32_t off = beg; off < end; off++) {
    int l, c;
    src_linecol(f, off, &l, &c);
    if (c >= col) return off;
  }
  return beg;
}

/* Puts loc at the innermost end of the current traceback. The node's
 * script location needs a SrcFile: it is found among the files of the
 * traceback's frames (the user's script calling a jitted function is
 * always there); if the file is not on the stack (a node traced from lib/
 * code while the caller is elsewhere), the node's .mir location is used
 * when it was parsed from a .mir file, else the traceback is left as it
 * was raised. */
void graph_relocate(Interp *I, IrLoc loc) {
  Loc at = {0};
  if (loc.file) {
    for (int i = 0; i < I->tb_len && !at.file; i++) {
      SrcFile *f = I->tb[i].file;
      if (!f || strcmp(f->name, loc.file) != 0) continue;
      int64_t off = offset_of(f, loc.line, loc.col);
      if (off < 0) continue;
      at.file = f;
      at.beg = (uint32_t)off;
      at.end = (uint32_t)off + (off < (int64_t)f->len);
    }
  }
  if (!at.file) at = loc.mir;
  if (!at.file) return;
  if (I->tb_len == I->tb_cap) {
    I->tb_cap = I->tb_cap ? 2 * I->tb_cap : 64;
    I->tb = xrealloc(I->tb, sizeof(Loc) * (size_t)I->tb_cap);
  }
  memmove(I->tb + 1, I->tb, sizeof(Loc) * (size_t)I->tb_len);
  I->tb[0] = at;
  I->tb_len++;
}

_Noreturn void graph_raise_at(Interp *I, OpErrKind kind, const char *msg, IrLoc loc, bool at_node) {
  Catch c;
  if (RT_TRY(I, &c)) {
    OpErr e;
    e.kind = kind;
    snprintf(e.msg, sizeof e.msg, "%s", msg);
    prim_raise(I, &e);
  }
  Value ex = CUR_EXC(I);
  CUR_EXC(I) = v_undef();
  if (at_node) graph_relocate(I, loc);
  reraise_owned(I, ex);
}

static OpTensor view_of(const Tensor *t) {
  OpTensor o;
  o.dtype = t->dtype;
  o.ndim = t->ndim;
  memcpy(o.shape, t->shape, sizeof o.shape);
  o.size = t->size;
  o.data = t->data;
  return o;
}

void graph_exec(Interp *I, IrModule *m, Tensor *const *params, Tensor **outs) {
  IrGraph *g = ir_module_entry(m);
  if (!g) rt_raise(I, EXC_RuntimeError, "IR: the module has no entry graph");
  IrNode **onodes;
  int nout = ir_outputs(g, &onodes);
  OpTensor *p = xcalloc((size_t)(g->nparam ? g->nparam : 1), sizeof(OpTensor));
  OpTensor *o = xcalloc((size_t)(nout ? nout : 1), sizeof(OpTensor));
  bool *fresh = xcalloc((size_t)(nout ? nout : 1), sizeof(bool));
  for (int i = 0; i < g->nparam; i++) p[i] = view_of(params[i]);
  for (int i = 0; i < nout; i++) {
    if (!outs[i]) {
      const IrType *ty = onodes[i]->type;
      if (!ty || ty->kind != IR_T_TENSOR) {
        free(p), free(o), free(fresh);
        rt_raise(I, EXC_TypeError, "output %d of @%s is not a tensor", i, g->name);
      }
      outs[i] = tensor_new(I, ty->dt, ty->ndim, ty->shape, TF_MS);
      fresh[i] = true;
    }
    o[i] = view_of(outs[i]);
  }
  IrExecError err;
  bool ok = ir_exec(m, p, o, &I->op_ws, &err);
  bool assigns = false; /* a JIT entry's packed copies of the Parameters it wrote are stale */
  for (int gi = 0; gi < m->ngraph && !assigns; gi++)
    for (int i = 0; i < m->graphs[gi]->nnode && !assigns; i++)
      assigns = m->graphs[gi]->nodes[i]->kind == IR_NK_NODE && m->graphs[gi]->nodes[i]->op == IR_ASSIGN;
  for (int i = 0; assigns && i < g->nparam; i++) params[i]->version++;
  free(p);
  free(o);
  if (!ok)
    for (int i = 0; i < nout; i++)
      if (fresh[i]) {
        obj_decref(I, &outs[i]->h);
        outs[i] = NULL;
      }
  free(fresh);
  if (!ok) graph_fallback_reraise(I); /* a PyExecute's Python call raised: its exception */
  if (!ok) graph_raise_at(I, err.kind, err.msg, err.loc, err.at_node);
}
