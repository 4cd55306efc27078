/* ctlflow.c — tensor control flow in ast capture: `if`/`while`/`for` and
 * conditional expressions whose condition is a tensor computed in the
 * graph become IR If/While nodes with region subgraphs (ir.h), following
 * MindSpore's static-graph rules ("Process Control Statements"):
 *
 *   if c: A else: B     Both branches are captured, each in a region
 *                       (graph_region_push), from the same local
 *                       variables. A variable the branches leave
 *                       different is joined: tensors of one dtype and
 *                       shape become outputs of the If; different Python
 *                       numbers of one type become 0-d tensors; anything
 *                       else is MindSpore's join error at the `if`. A
 *                       variable one branch leaves undefined is unbound
 *                       after the if, and reading it is MindSpore's
 *                       UnboundLocalError at the read.
 *   return in a branch  The statements after the if (the tail, up to the
 *                       end of the function) run inside each branch that
 *                       falls through, so both branches end in a return
 *                       and the If's outputs are the joined return values.
 *                       The tail stack (cf_tail_push) holds, per block
 *                       being run, where its remaining statements start; a
 *                       Python loop is a barrier (a return inside a tensor
 *                       if inside it is refused).
 *   while c: B          The variables B assigns that hold a tensor or a
 *                       number before the loop are the loop state; cond
 *                       and body are regions over it. Values from outside
 *                       used inside are carried unchanged.
 *   for i in range(n)   with a tensor bound: a While over a counter.
 *   a if c else b, a and b, a or b, not a: If nodes and LogicalNot.
 *
 *   break, continue     inside an `if` on a tensor inside a `while` (or
 *                       for-range) on a tensor: the rest of the loop body
 *                       (its tail, up to the loop's barrier on the tail
 *                       stack) runs inside each branch that falls through,
 *                       as for return, and the If ends the body. A loop
 *                       whose body can break carries a Bool flag (its
 *                       condition is `not flag and cond`); the flag is
 *                       each path's break, joined like a variable. The
 *                       loop's else clause runs in an If on `not flag`.
 *   return in a loop    on a tensor: the loop stops as for a break and
 *                       also carries a return flag and the value returned
 *                       (Cf.retf, Cf.ret: each path's, joined). The body
 *                       is captured once: a path that has not returned has
 *                       no value yet (joined with one that returned, it
 *                       carries zeros of that value's type: the value
 *                       matters only in the iteration that returns, the
 *                       last), and the value's leaves join the loop state
 *                       when the body's capture ends (add_ret_state), as
 *                       params of the cond and body regions inserted after
 *                       the return flag. After the While, an If on the
 *                       return flag returns the value or runs the rest of
 *                       the function.
 *
 *   jumps in a Python   for (unrolled): the same per iteration, and once a
 *   for                 path may have broken, each later iteration runs in
 *                       an If on `not flag` (cf_pyloop_*, at the end).
 *
 *   jumps in a Python   (a condition that is a number): an `if` on a
 *   while               tensor with a jump inside runs in TAIL_RETURN mode:
 *                       the loop's barrier (BAR_PYWHILE) is part of the
 *                       tail, and each branch runs the rest of the body,
 *                       the loop again from its condition (not after a
 *                       break) and the rest of the function (run_tails),
 *                       as MindSpore expands a while on a constant
 *                       condition. Nested along one path at most
 *                       PYWHILE_MAX_DEPTH times.
 */
#include <stdlib.h>
#include <string.h>

#include "../ir/ir.h"
#include "interp.h"

/* A tail: the statements of v from `from` on, run by frame f; v NULL is a
 * barrier (a loop; from: its kind, BAR_*; loop: a Python while's node). */
typedef struct Tail {
  Frame *f;
  NodeVec *v;
  int from;
  Node *loop;
} Tail;

/* A barrier's from: a Python loop (not pushed any more), a loop on a
 * tensor's body, a Python `for` (unrolled: cf_pyloop_*), a Python `while`
 * (a jump in an `if` on a tensor inside runs the rest of the function,
 * the loop's next iterations included, in the branches: run_tails). */
enum { BAR_PYLOOP = 0, BAR_TENSOR_LOOP = 1, BAR_PYFOR = 2, BAR_PYWHILE = 3 };

typedef struct Poison {
  Frame *f;
  int slot;
  char *msg;
} Poison;

/* Memory the capture of a statement holds across calls that may raise
 * (an exception unwinds with longjmp past the statement's own frees):
 * each block is listed here while held, and cf_free releases what an
 * exception left behind. */
typedef struct Held {
  void *p;
  int kind;    /* HELD_MEM: free(); HELD_REGION: a GraphRegion
                  (graph_region_free); HELD_OBJ: a reference (obj_decref) */
} Held;

enum { HELD_MEM, HELD_REGION, HELD_OBJ };

struct Loop;

typedef struct Cf {
  Value brk;       /* the innermost tensor loop's body: did this path break
                      (a Python bool, or a Bool tensor once joined) */
  Value retf;      /* ... did this path return (as brk) */
  Value ret;       /* ... the value it returns: undef until the path
                      returns (loop_return) or is joined with one that
                      did */
  struct Loop *loop; /* the innermost tensor loop being captured */
  int ntail, captail;
  Tail *tail;
  int npoison;
  Poison *poison;
  int nheld, capheld;
  Held *held;
  int pywhile_depth; /* Python whiles run again from a branch, nested */
} Cf;

static Cf *cf_of(Interp *I) {
  void **p = graph_cf_state(I);
  if (!*p) {
    Cf *cf = xcalloc(1, sizeof(Cf));
    cf->brk = v_bool(false);
    cf->retf = v_bool(false);
    cf->ret = v_undef();
    *p = cf;
  }
  return *p;
}

/* Sets the break value of the path being captured (v owned). */
static void set_brk(Interp *I, Value v) {
  Cf *cf = cf_of(I);
  Value old = cf->brk;
  cf->brk = v;
  v_decref(I, old);
}

static void set_retf(Interp *I, Value v) {
  Cf *cf = cf_of(I);
  Value old = cf->retf;
  cf->retf = v;
  v_decref(I, old);
}

static void set_ret(Interp *I, Value v) {
  Cf *cf = cf_of(I);
  Value old = cf->ret;
  cf->ret = v;
  v_decref(I, old);
}

void cf_free(Interp *I, void *p) {
  Cf *cf = p;
  if (!cf) return;
  v_decref(I, cf->brk);
  v_decref(I, cf->retf);
  v_decref(I, cf->ret);
  for (int i = 0; i < cf->npoison; i++) free(cf->poison[i].msg);
  for (int i = 0; i < cf->nheld; i++) {
    if (cf->held[i].kind == HELD_REGION) graph_region_free(cf->held[i].p);
    else if (cf->held[i].kind == HELD_OBJ) obj_decref(I, cf->held[i].p);
    else free(cf->held[i].p);
  }
  free(cf->held);
  free(cf->poison);
  free(cf->tail);
  free(cf);
}

/* ---- memory held across calls that may raise ------------------------------------ */

static void *hold(Interp *I, void *p, int kind) {
  Cf *cf = cf_of(I);
  if (cf->nheld == cf->capheld) {
    cf->capheld = cf->capheld ? 2 * cf->capheld : 16;
    cf->held = xrealloc(cf->held, sizeof(Held) * (size_t)cf->capheld);
  }
  cf->held[cf->nheld++] = (Held){p, kind};
  return p;
}

static int held_at(Cf *cf, const void *p) {
  for (int i = cf->nheld - 1; i >= 0; i--)
    if (cf->held[i].p == p) return i;
  return -1;
}

/* Frees p (held, or NULL). */
static void release(Interp *I, void *p) {
  if (!p) return;
  Cf *cf = cf_of(I);
  int i = held_at(cf, p);
  bool region = i >= 0 && cf->held[i].kind == HELD_REGION;
  if (i >= 0) {
    memmove(cf->held + i, cf->held + i + 1, sizeof(Held) * (size_t)(cf->nheld - i - 1));
    cf->nheld--;
  }
  if (region) graph_region_free(p);
  else free(p);
}

static void *held_calloc(Interp *I, size_t n, size_t size) { return hold(I, xcalloc(n ? n : 1, size), HELD_MEM); }

/* realloc of a held block (or of NULL), still held. */
static void *held_realloc(Interp *I, void *p, size_t size) {
  Cf *cf = cf_of(I);
  int i = p ? held_at(cf, p) : -1;
  void *q = xrealloc(p, size);
  if (i >= 0) cf->held[i].p = q;
  else hold(I, q, HELD_MEM);
  return q;
}

/* A reference held across calls that may raise: a tensor value is listed
 * (its reference dropped by cf_free if an exception unwinds). */
static void hold_value(Interp *I, Value v) {
  if (v.tag == V_OBJ) hold(I, v.as.o, HELD_OBJ);
}

/* The value held by hold_value, no longer listed (the reference is the
 * caller's again). */
static Value unhold_value(Interp *I, Value v) {
  if (v.tag != V_OBJ) return v;
  Cf *cf = cf_of(I);
  int i = held_at(cf, v.as.o);
  if (i >= 0) {
    memmove(cf->held + i, cf->held + i + 1, sizeof(Held) * (size_t)(cf->nheld - i - 1));
    cf->nheld--;
  }
  return v;
}

static GraphRegion *region_push(Interp *I, const char *what) {
  return hold(I, graph_region_push(I, what), HELD_REGION);
}

/* ---- the tail stack ---------------------------------------------------------- */

int cf_tail_push(Interp *I, Frame *f, NodeVec *v, int from) {
  Cf *cf = cf_of(I);
  if (cf->ntail == cf->captail) {
    cf->captail = cf->captail ? 2 * cf->captail : 16;
    cf->tail = xrealloc(cf->tail, sizeof(Tail) * (size_t)cf->captail);
  }
  cf->tail[cf->ntail] = (Tail){f, v, from, NULL};
  return cf->ntail++;
}

int cf_tail_push_while(Interp *I, Frame *f, Node *n) {
  int d = cf_tail_push(I, f, NULL, BAR_PYWHILE);
  cf_of(I)->tail[d].loop = n;
  return d;
}

void cf_tail_set(Interp *I, int depth) { cf_of(I)->ntail = depth; }

/* ---- locals -------------------------------------------------------------------- */

static int nslots(Frame *f) { return f->info ? f->info->nlocals : 0; }

static bool is_cell_slot(Frame *f, int i) {
  for (int k = 0; f->info && k < f->info->ncells; k++)
    if (f->info->cell_slots[k] == i) return true;
  return false;
}

static Value *slot_ref(Frame *f, int i) {
  Value *v = &f->locals[i];
  if (is_cell_slot(f, i) && v_is(*v, OBJ_CELL)) return &((CellObj *)v->as.o)->v;
  return v;
}

static void slot_set(Interp *I, Frame *f, int i, Value v) {
  Value *r = slot_ref(f, i);
  Value old = *r;
  *r = v_incref(v);
  v_decref(I, old);
}

/* A copy of every local (owned references). */
static Value *snap_take(Interp *I, Frame *f) {
  int n = nslots(f);
  Value *s = held_calloc(I, (size_t)n, sizeof(Value));
  for (int i = 0; i < n; i++) s[i] = v_incref(*slot_ref(f, i));
  return s;
}

static void snap_restore(Interp *I, Frame *f, const Value *s) {
  for (int i = 0; i < nslots(f); i++) slot_set(I, f, i, s[i]);
}

static void snap_free(Interp *I, Frame *f, Value *s) {
  for (int i = 0; i < nslots(f); i++) v_decref(I, s[i]);
  release(I, s);
}

static const char *slot_name(Frame *f, int i) { return f->info->local_names[i]; }

/* ---- poisoned locals ------------------------------------------------------------ */

static void poison(Interp *I, Frame *f, int slot, bool in_true) {
  Cf *cf = cf_of(I);
  cf->poison = xrealloc(cf->poison, sizeof(Poison) * (size_t)(cf->npoison + 1));
  char buf[512];
  snprintf(buf, sizeof buf, "The local variable '%s' is not defined in %s branch, but defined in %s branch.",
           slot_name(f, slot), in_true ? "false" : "true", in_true ? "true" : "false");
  cf->poison[cf->npoison++] = (Poison){f, slot, xstrdup(buf)};
  slot_set(I, f, slot, v_undef());
}

const char *cf_unbound_msg(Interp *I, Frame *f, int slot) {
  if (!graph_staging(I)) return NULL;
  Cf *cf = cf_of(I);
  for (int i = cf->npoison - 1; i >= 0; i--)
    if (cf->poison[i].f == f && cf->poison[i].slot == slot) return cf->poison[i].msg;
  return NULL;
}

/* ---- joining the values of two branches ----------------------------------------- */

/* The pairs of tensors that become outputs, in the order the join met them. */
typedef struct Join {
  Interp *I;
  const Node *at;
  const char *what;     /* "variable 'x'", "the return value" */
  int n, cap;
  Tensor **t, **e;      /* owned */
  int used;             /* phase 2: outputs consumed */
  Tensor **res;         /* phase 2: the If's results */
} Join;

static void join_add(Join *j, Tensor *a, Tensor *b) {
  if (j->n == j->cap) {
    j->cap = j->cap ? 2 * j->cap : 8;
    j->t = held_realloc(j->I, j->t, sizeof(Tensor *) * (size_t)j->cap);
    j->e = held_realloc(j->I, j->e, sizeof(Tensor *) * (size_t)j->cap);
  }
  obj_incref(&a->h);
  obj_incref(&b->h);
  j->t[j->n] = a;
  j->e[j->n++] = b;
}

static void join_free(Join *j) {
  for (int i = 0; i < j->n; i++) {
    obj_decref(j->I, &j->t[i]->h);
    obj_decref(j->I, &j->e[i]->h);
  }
  release(j->I, j->t);
  release(j->I, j->e);
}

static const char *abstract_name(Value v) {
  if (v_is(v, OBJ_TENSOR)) return "AbstractTensor";
  if (v_is(v, OBJ_TUPLE)) return "AbstractTuple";
  if (v_is(v, OBJ_LIST)) return "AbstractList";
  if (v.tag == V_NONE) return "AbstractNone";
  if (v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL) return "AbstractScalar";
  return "AbstractObject";
}

_Noreturn static void join_fail(Join *j, ExcKind k, const char *detail) {
  j->I->frame->cur = j->at;
  rt_raise(j->I, k, "Cannot join the return values of different branches, perhaps you need to make them equal.\n"
           "%s (%s)", detail, j->what);
}

/* A shape as MindSpore's join errors print it: (2), (2, 3), (). */
static const char *ms_shape(char *buf, size_t cap, int nd, const int64_t *shape) {
  size_t k = (size_t)snprintf(buf, cap, "(");
  for (int i = 0; i < nd && k < cap; i++) k += (size_t)snprintf(buf + k, cap - k, "%s%lld", i ? ", " : "", (long long)shape[i]);
  if (k < cap) snprintf(buf + k, cap - k, ")");
  return buf;
}

static void join_tensors(Join *j, Tensor *a, Tensor *b) {
  char buf[512], x[128], y[128];
  if (a->dtype != b->dtype) {
    snprintf(buf, sizeof buf, "Type Join Failed: dtype1 = %s, dtype2 = %s.", msrt_dtype_name(a->dtype),
             msrt_dtype_name(b->dtype));
    join_fail(j, EXC_TypeError, buf);
  }
  if (a->ndim != b->ndim || memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->ndim)) {
    snprintf(buf, sizeof buf, "Shape Join Failed: shape1 = %s, shape2 = %s.", ms_shape(x, sizeof x, a->ndim, a->shape),
             ms_shape(y, sizeof y, b->ndim, b->shape));
    join_fail(j, EXC_ValueError, buf);
  }
}

static bool same_scalar(Value a, Value b) {
  if (a.tag != b.tag) return false;
  if (a.tag == V_INT) return a.as.i == b.as.i;
  if (a.tag == V_BOOL) return a.as.b == b.as.b;
  if (a.tag == V_FLOAT) return memcmp(&a.as.f, &b.as.f, sizeof(double)) == 0;
  return a.tag == V_NONE || a.tag == V_UNDEF;
}

static bool py_num(Value v) { return v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL; }

static int num_dtype(Value v) { return v.tag == V_INT ? MSRT_INT64 : v.tag == V_FLOAT ? MSRT_FLOAT32 : MSRT_BOOL; }

static Value join_rec(Join *j, Value a, Value b, int phase);

static Value next_result(Join *j) {
  Tensor *t = j->res[j->used++];
  obj_incref(&t->h);
  return v_obj(&t->h);
}

static Value join_seq(Join *j, Value a, Value b, int phase) {
  bool list = v_is(a, OBJ_LIST);
  int64_t n = list ? AS_LIST(a)->len : AS_TUPLE(a)->len, m = list ? AS_LIST(b)->len : AS_TUPLE(b)->len;
  if (n != m) {
    char buf[160];
    snprintf(buf, sizeof buf, "Type Join Failed: a %s of %lld elements cannot join with one of %lld.",
             list ? "list" : "tuple", (long long)n, (long long)m);
    join_fail(j, EXC_TypeError, buf);
  }
  Value *ia = list ? AS_LIST(a)->items : AS_TUPLE(a)->items, *ib = list ? AS_LIST(b)->items : AS_TUPLE(b)->items;
  if (phase == 1) {
    for (int64_t i = 0; i < n; i++) join_rec(j, ia[i], ib[i], 1);
    return v_none();
  }
  Tuple *t = tuple_new(j->I, n);
  for (int64_t i = 0; i < n; i++) {
    Value v = join_rec(j, ia[i], ib[i], 2);
    v_decref(j->I, t->items[i]);
    t->items[i] = v;
  }
  if (!list) return v_obj(&t->h);
  List *l = list_new(j->I, n);
  for (int64_t i = 0; i < n; i++) list_append(j->I, l, t->items[i]);
  v_decref(j->I, v_obj(&t->h));
  return v_obj(&l->h);
}

/* Phase 1 collects the tensor pairs (and checks); phase 2 returns the
 * joined value, taking the If's results in the same order. */
static Value join_rec(Join *j, Value a, Value b, int phase) {
  bool ta = v_is(a, OBJ_TENSOR), tb = v_is(b, OBJ_TENSOR);
  if (ta && tb && a.as.o == b.as.o) return phase == 2 ? v_incref(a) : v_none();
  if (ta && tb) {
    if (phase == 1) {
      join_tensors(j, AS_TENSOR(a), AS_TENSOR(b));
      join_add(j, AS_TENSOR(a), AS_TENSOR(b));
      return v_none();
    }
    return next_result(j);
  }
  if (!ta && !tb && same_scalar(a, b)) return phase == 2 ? v_incref(a) : v_none();
  if (py_num(a) && py_num(b) && a.tag == b.tag) {
    if (phase == 2) return next_result(j);
    Tensor *x = tensor_from_value(j->I, a, num_dtype(a), TF_MS), *y = tensor_from_value(j->I, b, num_dtype(b), TF_MS);
    join_add(j, x, y);
    obj_decref(j->I, &x->h);
    obj_decref(j->I, &y->h);
    return v_none();
  }
  if ((ta && py_num(b)) || (tb && py_num(a))) { /* a number joined earlier is a 0-d tensor */
    Tensor *t = AS_TENSOR(ta ? a : b);
    Value num = ta ? b : a;
    if (t->ndim == 0 && (int)t->dtype == num_dtype(num)) {
      if (phase == 2) return next_result(j);
      Tensor *c = tensor_from_value(j->I, num, num_dtype(num), TF_MS);
      join_add(j, ta ? t : c, ta ? c : t);
      obj_decref(j->I, &c->h);
      return v_none();
    }
  }
  if ((v_is(a, OBJ_TUPLE) && v_is(b, OBJ_TUPLE)) || (v_is(a, OBJ_LIST) && v_is(b, OBJ_LIST)))
    return join_seq(j, a, b, phase);
  if (a.tag == V_OBJ && b.tag == V_OBJ && a.as.o == b.as.o) return phase == 2 ? v_incref(a) : v_none();
  char buf[256];
  if (py_num(a) && (py_num(b) || tb)) { /* MindSpore's AbstractScalar::Join: the two types */
    char x[64];
    if (tb) snprintf(x, sizeof x, "Tensor[%s]", msrt_dtype_name(AS_TENSOR(b)->dtype));
    else snprintf(x, sizeof x, "%s", msrt_dtype_name(num_dtype(b)));
    snprintf(buf, sizeof buf, "Type Join Failed: dtype1 = %s, dtype2 = %s.", msrt_dtype_name(num_dtype(a)), x);
  } else
    snprintf(buf, sizeof buf, "Type Join Failed: Abstract type %s cannot join with %s.", abstract_name(a),
             abstract_name(b));
  join_fail(j, EXC_TypeError, buf);
}

/* ---- building the If ---------------------------------------------------------------- */

/* Returns from region r the values (of r's side: t or e) as a tuple. */
static void region_return(Interp *I, GraphRegion *r, Tensor **v, int n) {
  graph_region_resume(I, r);
  IrGraph *g = graph_region_graph(r);
  IrNode **out = arena_alloc(g->mod->arena, sizeof(IrNode *) * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++) out[i] = graph_value(I, v[i], v[i]->dtype);
  IrLoc loc = graph_cur_loc(I);
  ir_return(g, ir_make_tuple(g, n, out, loc), loc);
  graph_region_pop(I, r);
}

/* Makes If(c, then, else, lifted...) of the joined pairs; fills j->res. */
static void make_if(Interp *I, Join *j, IrNode *c, GraphRegion *rt, GraphRegion *re) {
  region_return(I, rt, j->t, j->n);
  region_return(I, re, j->e, j->n);
  graph_region_align(rt, re, 0);
  int nl = graph_region_nlift(rt);
  IrGraph *g = graph_cur_graph(I);
  IrNode **args = arena_alloc(g->mod->arena, sizeof(IrNode *) * (size_t)(nl ? nl : 1));
  for (int i = 0; i < nl; i++) args[i] = graph_region_outer(rt, i);
  IrLoc loc = graph_cur_loc(I);
  IrNode *n = ir_if(g, c, graph_region_graph(rt), graph_region_graph(re), nl, args, NULL, loc);
  j->res = held_calloc(I, (size_t)j->n, sizeof(Tensor *));
  for (int i = 0; i < j->n; i++) j->res[i] = graph_sym(I, ir_tuple_get(g, n, i, loc));
}

/* ---- if statements ------------------------------------------------------------------ */

static bool block_returns(const NodeVec *v);

static bool stmt_returns(const Node *s) {
  switch (s->kind) {
  case ND_RETURN: return true;
  case ND_IF:
  case ND_WHILE:
  case ND_FOR: return block_returns(&s->body) || block_returns(&s->orelse);
  default: return false;
  }
}

static bool block_returns(const NodeVec *v) {
  for (int i = 0; i < v->len; i++)
    if (stmt_returns(v->items[i])) return true;
  return false;
}

static bool block_jumps(const NodeVec *v);

/* Does s break or continue the loop around it (not one inside s)? */
static bool stmt_jumps(const Node *s) {
  switch (s->kind) {
  case ND_BREAK:
  case ND_CONTINUE: return true;
  case ND_IF: return block_jumps(&s->body) || block_jumps(&s->orelse);
  default: return false;
  }
}

static bool block_jumps(const NodeVec *v) {
  for (int i = 0; i < v->len; i++)
    if (stmt_jumps(v->items[i])) return true;
  return false;
}

static bool block_breaks(const NodeVec *v);

static bool stmt_breaks(const Node *s) {
  if (s->kind == ND_BREAK) return true;
  return s->kind == ND_IF && (block_breaks(&s->body) || block_breaks(&s->orelse));
}

static bool block_breaks(const NodeVec *v) {
  for (int i = 0; i < v->len; i++)
    if (stmt_breaks(v->items[i])) return true;
  return false;
}

/* Is the innermost loop around frame f's running statement a loop on a
 * tensor being captured, or a Python `for` (unrolled: cf_pyloop_*)? */
static bool in_tensor_loop(Interp *I, Frame *f) {
  Cf *cf = cf_of(I);
  for (int k = cf->ntail - 1; k >= 0 && cf->tail[k].f == f; k--)
    if (!cf->tail[k].v) return cf->tail[k].from == BAR_TENSOR_LOOP || cf->tail[k].from == BAR_PYFOR;
  return false;
}

/* Is the innermost loop around frame f's running statement a Python
 * `while` (a barrier BAR_PYWHILE)? */
static bool in_pywhile(Interp *I, Frame *f) {
  Cf *cf = cf_of(I);
  for (int k = cf->ntail - 1; k >= 0 && cf->tail[k].f == f; k--)
    if (!cf->tail[k].v) return cf->tail[k].from == BAR_PYWHILE;
  return false;
}

/* How many times a Python `while` may run again from a branch, nested
 * along one path (`while True:` with a break on a tensor never ends). */
#define PYWHILE_MAX_DEPTH 100

/* Runs the tails of frame f below the stack top (saved in t[0..n)), as
 * the rest of the function after a branch fell through (c0 CTRL_NONE), or
 * broke or continued the innermost Python `while` (c0 CTRL_BREAK,
 * CTRL_CONTINUE: the rest of its body is skipped). A Python `while`'s
 * barrier runs the loop again from its condition (its next iterations;
 * not after a break), then what follows it: MindSpore expands a while on
 * a constant condition, each path its own way. loop: the rest of a
 * tensor loop's body only (up to its barrier). */
static int run_tails(Interp *I, Frame *f, const Node *at, Tail *t, int n, int base, bool loop, int c0) {
  for (int k = n - 1; k >= 0; k--) {
    if (t[k].f != f) break;
    if (!t[k].v) {
      if (loop) return CTRL_NONE; /* the end of the loop body */
      if (t[k].from != BAR_PYWHILE) {
        f->cur = at;
        rt_raise(I, EXC_NotImplementedError, "a 'break', 'continue' or 'return' inside an 'if' on a tensor inside a "
                 "Python 'while' loop that is inside another loop is not supported yet in graph mode; give the "
                 "'while' a tensor condition (a Tensor counter, say) to make it a graph loop");
      }
      if (c0 == CTRL_BREAK) { /* the loop ends (its else clause skipped) */
        c0 = CTRL_NONE;
        continue;
      }
      c0 = CTRL_NONE;
      cf_tail_set(I, base + k);
      Node *w = t[k].loop;
      NodeVec one = {&w, 1, 1};
      Cf *cf = cf_of(I);
      if (cf->pywhile_depth >= PYWHILE_MAX_DEPTH) {
        f->cur = w;
        rt_raise(I, EXC_RuntimeError, "this 'while' loop, whose condition is not a tensor computed in the graph, "
                 "still runs after %d iterations that a 'break', 'continue' or 'return' inside an 'if' on a "
                 "tensor may have ended: graph mode expands such a loop on each path (as MindSpore expands a "
                 "while on a constant condition); make its condition a tensor (a Tensor counter, say) so that it "
                 "is one graph loop", PYWHILE_MAX_DEPTH);
      }
      cf->pywhile_depth++;
      int c = interp_exec_from(I, f, &one, 0);
      cf_of(I)->pywhile_depth--;
      if (c) return c;
      continue;
    }
    if (c0 != CTRL_NONE) continue; /* the rest of the loop's body */
    cf_tail_set(I, base + k);
    int c = interp_exec_from(I, f, t[k].v, t[k].from);
    if (c == CTRL_BREAK || c == CTRL_CONTINUE) { /* a Python jump in the rest of a Python while's body */
      c0 = c;
      continue;
    }
    if (c) return c;
  }
  f->ret = v_none();
  return CTRL_RETURN;
}

typedef struct Branch {
  GraphRegion *r;
  Value *locals;  /* the locals after the branch */
  Value ret;      /* tail mode: the returned value */
  Value brk;      /* loop mode: whether the path broke the loop (owned) */
  Value retf;     /* loop mode: whether it returned (owned) */
  Value lret;     /* loop mode: the value it returns (owned; undef if none yet) */
} Branch;

/* What a branch runs: a block; a return of a value (the If after a tensor
 * loop with a return inside); or `if guard: n->orelse` (a loop's else
 * clause, which a break skips). */
typedef struct Arm {
  const NodeVec *body;
  Value ret;            /* body NULL: return this (borrowed), unless guard */
  Tensor *guard;        /* body NULL: the else clause's condition (borrowed) */
  const Node *n;        /* the loop, with guard */
  bool skip;            /* a Python loop's iteration not run: the path had
                           broken (or returned) before it */
} Arm;

/* How a branch ends: TAIL_NONE (the statements after the if follow it),
 * TAIL_RETURN (the rest of the function runs inside it), TAIL_LOOP (the
 * rest of the loop body runs inside it). */
enum { TAIL_NONE, TAIL_RETURN, TAIL_LOOP };

static void loop_return(Interp *I, Frame *f);
static int if_core(Interp *I, Frame *f, const Node *n, Tensor *cond, const Arm *at, const Arm *ae, int tail);

static const NodeVec no_stmts;

static bool arm_returns(const Arm *a) {
  if (a->body) return block_returns(a->body);
  return !a->guard || block_returns(&a->n->orelse);
}

static bool arm_jumps(const Arm *a) {
  if (a->body) return block_jumps(a->body);
  return a->guard && block_jumps(&a->n->orelse);
}

/* The tail mode of an if whose arms are at, ae. */
static int tail_of(Interp *I, Frame *f, const Arm *at, const Arm *ae) {
  bool ret = arm_returns(at) || arm_returns(ae), jump = arm_jumps(at) || arm_jumps(ae);
  if ((ret || jump) && in_tensor_loop(I, f)) return TAIL_LOOP;
  if (jump && in_pywhile(I, f)) return TAIL_RETURN;
  return ret ? TAIL_RETURN : TAIL_NONE;
}

static int run_arm(Interp *I, Frame *f, const Arm *a) {
  if (a->body) return interp_exec_from(I, f, (NodeVec *)a->body, 0);
  if (a->guard) {
    Arm t = {&a->n->orelse, {0}, NULL, NULL, false}, e = {&no_stmts, {0}, NULL, NULL, false};
    return if_core(I, f, a->n, a->guard, &t, &e, tail_of(I, f, &t, &e));
  }
  f->ret = v_incref(a->ret);
  return CTRL_RETURN;
}

/* Runs one branch's arm in its own region. */
static void run_branch(Interp *I, Frame *f, const Node *n, const Arm *arm, bool is_true, int tail, Branch *b) {
  Cf *cf = cf_of(I);
  int base = 0, nt = cf->ntail;
  while (base < nt && cf->tail[base].f != f) base++;
  for (int k = nt - 1; k >= 0; k--)
    if (cf->tail[k].f != f) {
      base = k + 1;
      break;
    }
  Tail *saved = held_calloc(I, (size_t)(nt - base + 1), sizeof(Tail));
  memcpy(saved, cf->tail + base, sizeof(Tail) * (size_t)(nt - base));
  b->r = region_push(I, is_true ? "true" : "false");
  if (tail == TAIL_LOOP) {
    Value retf0 = v_incref(cf->retf);
    set_brk(I, v_bool(arm->skip));
    set_retf(I, arm->skip ? retf0 : v_bool(false));
    if (!arm->skip) v_decref(I, retf0);
  }
  int c = run_arm(I, f, arm);
  if (c == CTRL_NONE && tail) c = run_tails(I, f, n, saved, nt - base, base, tail == TAIL_LOOP, CTRL_NONE);
  else if ((c == CTRL_BREAK || c == CTRL_CONTINUE) && tail == TAIL_RETURN) /* in a Python while */
    c = run_tails(I, f, n, saved, nt - base, base, false, c);
  cf = cf_of(I);
  if (nt - base) memcpy(cf->tail + base, saved, sizeof(Tail) * (size_t)(nt - base));
  cf_tail_set(I, nt);
  release(I, saved);
  graph_region_pop(I, b->r);
  b->brk = b->retf = b->lret = v_undef();
  if (tail == TAIL_LOOP) {
    if (c == CTRL_BREAK) set_brk(I, v_bool(true));
    if (c == CTRL_RETURN) loop_return(I, f);
    c = CTRL_NONE;
    b->brk = v_incref(cf_of(I)->brk);
    b->retf = v_incref(cf_of(I)->retf);
    b->lret = v_incref(cf_of(I)->ret);
  }
  if (c == CTRL_BREAK || c == CTRL_CONTINUE) {
    f->cur = n;
    rt_raise(I, EXC_NotImplementedError, "'break' and 'continue' inside an 'if' on a tensor inside a Python "
             "'while' loop are not supported yet in graph mode");
  }
  b->ret = v_undef();
  if (c == CTRL_RETURN) {
    b->ret = f->ret;
    f->ret = v_undef();
  }
  b->locals = snap_take(I, f);
}

/* Joins the locals the branches left different; poisons the ones only
 * one branch defines. */
static void join_locals(Interp *I, Frame *f, Join *j, Branch *bt, Branch *be, int phase) {
  for (int i = 0; i < nslots(f); i++) {
    Value a = bt->locals[i], b = be->locals[i];
    if (a.tag == V_UNDEF && b.tag == V_UNDEF) continue;
    if (a.tag == V_UNDEF || b.tag == V_UNDEF) {
      if (phase == 2) poison(I, f, i, b.tag == V_UNDEF);
      continue;
    }
    char what[160];
    snprintf(what, sizeof what, "variable '%s'", slot_name(f, i));
    j->what = what;
    Value v = join_rec(j, a, b, phase);
    if (phase == 2) slot_set(I, f, i, v);
    v_decref(I, v);
  }
}

static Value zeros_like(Interp *I, Value v);

/* Loop mode: joins the paths' break flags, return flags and values. */
static void join_loop(Interp *I, Join *j, Branch *bt, Branch *be, int phase) {
  if (phase == 1 && (bt->lret.tag == V_UNDEF) != (be->lret.tag == V_UNDEF)) {
    /* a Python loop: one path returned, the other has no value yet */
    Value *u = bt->lret.tag == V_UNDEF ? &bt->lret : &be->lret;
    *u = zeros_like(I, bt->lret.tag == V_UNDEF ? be->lret : bt->lret);
  }
  j->what = "the loop's break flag";
  Value v = join_rec(j, bt->brk, be->brk, phase);
  if (phase == 2) set_brk(I, v);
  else v_decref(I, v);
  v = join_rec(j, bt->retf, be->retf, phase);
  if (phase == 2) set_retf(I, v);
  else v_decref(I, v);
  j->what = "the return value";
  v = join_rec(j, bt->lret, be->lret, phase);
  if (phase == 2) set_ret(I, v);
  else v_decref(I, v);
}

static void branch_free(Interp *I, Frame *f, Branch *b) {
  v_decref(I, b->brk);
  v_decref(I, b->retf);
  v_decref(I, b->lret);
  snap_free(I, f, b->locals);
  v_decref(I, b->ret);
  release(I, b->r);
}

/* An If on cond (a tensor of the graph) over arms at, ae (ctlflow.c's
 * head comment); n locates it. */
static int if_core(Interp *I, Frame *f, const Node *n, Tensor *cond, const Arm *at, const Arm *ae, int tail) {
  f->cur = n->a;
  IrNode *c = graph_cond_node(I, cond);
  Value *before = snap_take(I, f);
  Value ret0 = v_incref(cf_of(I)->ret); /* loop mode: the path's return value so far */
  Value retf0 = v_incref(cf_of(I)->retf); /* ... and return flag (a skipped iteration keeps it) */
  hold_value(I, ret0);
  hold_value(I, retf0);
  Branch bt, be;
  memset(&be, 0, sizeof be);
  run_branch(I, f, n, at, true, tail, &bt);
  snap_restore(I, f, before);
  if (tail == TAIL_LOOP) {
    set_ret(I, v_incref(ret0));
    set_retf(I, v_incref(retf0));
  }
  run_branch(I, f, n, ae, false, tail, &be);
  snap_restore(I, f, before);
  snap_free(I, f, before);
  v_decref(I, unhold_value(I, ret0));
  v_decref(I, unhold_value(I, retf0));
  Join j = {I, n, "the return value", 0, 0, NULL, NULL, 0, NULL};
  if (tail == TAIL_RETURN) join_rec(&j, bt.ret, be.ret, 1);
  else join_locals(I, f, &j, &bt, &be, 1);
  if (tail == TAIL_LOOP) join_loop(I, &j, &bt, &be, 1);
  f->cur = n;
  make_if(I, &j, c, bt.r, be.r);
  int rc = CTRL_NONE;
  if (tail == TAIL_RETURN) {
    j.what = "the return value";
    f->ret = join_rec(&j, bt.ret, be.ret, 2);
    rc = CTRL_RETURN;
  } else {
    join_locals(I, f, &j, &bt, &be, 2);
  }
  if (tail == TAIL_LOOP) {
    join_loop(I, &j, &bt, &be, 2);
    rc = CTRL_CONTINUE; /* the rest of the loop body ran in the branches */
  }
  for (int i = 0; i < j.n; i++) obj_decref(I, &j.res[i]->h);
  release(I, j.res);
  join_free(&j);
  branch_free(I, f, &bt);
  branch_free(I, f, &be);
  return rc;
}

int cf_if(Interp *I, Frame *f, const Node *n, Value cond) {
  Arm at = {&n->body, {0}, NULL, NULL, false}, ae = {&n->orelse, {0}, NULL, NULL, false};
  return if_core(I, f, n, AS_TENSOR(cond), &at, &ae, tail_of(I, f, &at, &ae));
}

/* ---- conditional expressions -------------------------------------------------------- */

/* An expression in its own region: its value (owned) and the region. */
static Value expr_region(Interp *I, Frame *f, Node *e, Value given, const char *what, GraphRegion **r) {
  *r = region_push(I, what);
  Value v = e ? interp_eval(I, f, e) : v_incref(given);
  graph_region_pop(I, *r);
  return v;
}

static Value cond_if(Interp *I, const Node *n, IrNode *c, Value a, GraphRegion *ra, Value b, GraphRegion *rb) {
  Join j = {I, n, "the conditional expression", 0, 0, NULL, NULL, 0, NULL};
  join_rec(&j, a, b, 1);
  make_if(I, &j, c, ra, rb);
  Value r = join_rec(&j, a, b, 2);
  for (int i = 0; i < j.n; i++) obj_decref(I, &j.res[i]->h);
  release(I, j.res);
  join_free(&j);
  release(I, ra);
  release(I, rb);
  v_decref(I, a);
  v_decref(I, b);
  return r;
}

Value cf_ifexp(Interp *I, Frame *f, const Node *n, Value cond) {
  f->cur = n->a;
  IrNode *c = graph_cond_node(I, AS_TENSOR(cond));
  GraphRegion *rt, *re;
  Value a = expr_region(I, f, n->b, v_none(), "true", &rt);
  Value b = expr_region(I, f, n->c, v_none(), "false", &re);
  f->cur = n;
  return cond_if(I, n, c, a, rt, b, re);
}

/* a and b: b if a else a; a or b: a if a else b (a a tensor). */
Value cf_andor(Interp *I, Frame *f, const Node *n, Value a) {
  f->cur = n->a;
  IrNode *c = graph_cond_node(I, AS_TENSOR(a));
  bool is_and = n->kind == ND_AND;
  GraphRegion *rt, *re;
  Value x = expr_region(I, f, is_and ? n->b : NULL, a, "true", &rt);
  Value y = expr_region(I, f, is_and ? NULL : n->b, a, "false", &re);
  v_decref(I, a);
  f->cur = n;
  return cond_if(I, n, c, x, rt, y, re);
}

/* not a: LogicalNot of a's condition. */
Value cf_not(Interp *I, Value a) {
  IrNode *c = graph_cond_node(I, AS_TENSOR(a));
  IrGraph *g = graph_cur_graph(I);
  IrNode *n = ir_node1(g, OP_LogicalNot, c, c->type, graph_cur_loc(I));
  v_decref(I, a);
  return v_obj(&graph_sym(I, n)->h);
}

/* ---- loops -------------------------------------------------------------------------- */

static void assigned_names(const Node *s, bool *mark);

static void target_names(const Node *t, bool *mark) {
  if (t->kind == ND_NAME && (t->scope == SCOPE_LOCAL || t->scope == SCOPE_CELL)) mark[t->slot] = true;
  else if (t->kind == ND_TUPLE || t->kind == ND_LIST)
    for (int i = 0; i < t->elts.len; i++) target_names(t->elts.items[i], mark);
  else if (t->kind == ND_STARRED) target_names(t->a, mark);
}

static void block_names(const NodeVec *v, bool *mark) {
  for (int i = 0; i < v->len; i++) assigned_names(v->items[i], mark);
}

/* Marks the local slots statement s (and what it holds) assigns. */
static void assigned_names(const Node *s, bool *mark) {
  switch (s->kind) {
  case ND_ASSIGN:
    for (int i = 0; i < s->elts.len; i++) target_names(s->elts.items[i], mark);
    break;
  case ND_AUGASSIGN:
  case ND_ANNASSIGN: target_names(s->a, mark); break;
  case ND_FOR: target_names(s->a, mark); /* fall through */
  case ND_IF:
  case ND_WHILE:
    block_names(&s->body, mark);
    block_names(&s->orelse, mark);
    break;
  default: break;
  }
}

/* The loop being captured. */
typedef struct Loop {
  const Node *n;
  int ns;                /* state values: [counter], [break flag], [return
                            flag, return value leaves], the carried locals */
  int *slot;             /* per state value: its local slot, or SLOT_* */
  Tensor **init;         /* per state value: its value before the loop (owned) */
  Value *fixed;          /* per local: the value a non-state local must keep */
  bool *carried;         /* per local */
  Tensor *stop;          /* for-range: the bound (owned), else NULL */
  Tensor *start;         /* for-range: the counter's first value (owned) */
  int64_t step;
  bool returns;          /* the body holds a return (after the body's
                            capture: and a path reached it) */
  int ret_at;            /* the state index of the return value's leaves */
  Value proto;           /* a value the body returns (its structure and
                            types): the first return the capture meets */
  int nleaf;             /* the return value's tensors */
  IrNode **body_out;     /* the body's state results */
  Tensor *broke, *retf;  /* after make_while: the flags (owned), or NULL */
  Value retv;            /* after make_while: the value returned (owned) */
} Loop;

/* A state value's slot when it is not a local: the for-range counter, the
 * break flag, the return flag, leaf k of the return value (SLOT_RET - k). */
enum { SLOT_COUNTER = -1, SLOT_BREAK = -2, SLOT_RETF = -3, SLOT_RET = -4 };

static Tensor *as_state(Interp *I, Value v, int dt) {
  if (v_is(v, OBJ_TENSOR)) {
    obj_incref(v.as.o);
    return AS_TENSOR(v);
  }
  return tensor_from_value(I, v, dt < 0 ? num_dtype(v) : dt, TF_MS);
}

/* The tensors and numbers of a return value (a tensor, a number, or
 * tuples and lists of them), in order: leaves (borrowed) may be NULL to
 * count. False when v holds something else. */
static bool ret_leaves(Value v, Value *leaves, int *n) {
  if (v_is(v, OBJ_TENSOR) || py_num(v)) {
    if (leaves) leaves[*n] = v;
    (*n)++;
    return true;
  }
  bool list = v_is(v, OBJ_LIST);
  if (!list && !v_is(v, OBJ_TUPLE)) return false;
  int64_t m = list ? AS_LIST(v)->len : AS_TUPLE(v)->len;
  Value *it = list ? AS_LIST(v)->items : AS_TUPLE(v)->items;
  for (int64_t i = 0; i < m; i++)
    if (!ret_leaves(it[i], leaves, n)) return false;
  return true;
}

/* proto's structure over the tensors t[*k...] (new references). */
static Value ret_build(Interp *I, Value proto, Tensor **t, int *k) {
  if (v_is(proto, OBJ_TENSOR) || py_num(proto)) {
    Tensor *x = t[(*k)++];
    obj_incref(&x->h);
    return v_obj(&x->h);
  }
  bool list = v_is(proto, OBJ_LIST);
  int64_t m = list ? AS_LIST(proto)->len : AS_TUPLE(proto)->len;
  Value *it = list ? AS_LIST(proto)->items : AS_TUPLE(proto)->items;
  Tuple *tp = tuple_new(I, m);
  for (int64_t i = 0; i < m; i++) {
    Value v = ret_build(I, it[i], t, k);
    v_decref(I, tp->items[i]);
    tp->items[i] = v;
  }
  if (!list) return v_obj(&tp->h);
  List *l = list_new(I, m);
  for (int64_t i = 0; i < m; i++) list_append(I, l, tp->items[i]);
  v_decref(I, v_obj(&tp->h));
  return v_obj(&l->h);
}

/* A return on the path being captured inside the innermost tensor loop's
 * body: the loop stops (its break flag) and carries the value out (its
 * return flag and value); the first value seen is the type of the loop's
 * return state. */
static void loop_return(Interp *I, Frame *f) {
  Cf *cf = cf_of(I);
  Value r = f->ret;
  f->ret = v_undef();
  struct Loop *L = cf->loop;
  if (L && L->proto.tag == V_UNDEF) {
    int n = 0;
    if (!ret_leaves(r, NULL, &n)) {
      v_decref(I, r);
      rt_raise(I, EXC_TypeError, "a 'return' inside a loop on a tensor condition returns a %s: in graph mode it "
               "may return tensors and numbers (or tuples of them) only", rt_type_name(I, r));
    }
    L->proto = v_incref(r);
    L->nleaf = n;
  }
  set_ret(I, r);
  set_brk(I, v_bool(true));
  set_retf(I, v_bool(true));
}

static void loop_state(Interp *I, Frame *f, Loop *L, const NodeVec *body, const Node *target) {
  int n = nslots(f);
  bool *mark = held_calloc(I, (size_t)n, sizeof(bool));
  block_names(body, mark);
  if (target) target_names(target, mark);
  int cap = n + 4;
  L->carried = held_calloc(I, (size_t)n, sizeof(bool));
  L->slot = held_calloc(I, (size_t)cap, sizeof(int));
  L->init = held_calloc(I, (size_t)cap, sizeof(Tensor *));
  L->fixed = held_calloc(I, (size_t)n, sizeof(Value));
  if (L->stop) {
    L->slot[0] = SLOT_COUNTER;
    obj_incref(&L->start->h);
    L->init[L->ns++] = L->start;
  }
  if (block_breaks(body) || L->returns) {
    L->slot[L->ns] = SLOT_BREAK;
    L->init[L->ns++] = tensor_from_value(I, v_bool(false), MSRT_BOOL, TF_MS);
  }
  if (L->returns) { /* the value's leaves come after the flag (add_ret_state) */
    L->slot[L->ns] = SLOT_RETF;
    L->init[L->ns++] = tensor_from_value(I, v_bool(false), MSRT_BOOL, TF_MS);
    L->ret_at = L->ns;
  }
  for (int i = 0; i < n; i++) {
    Value v = *slot_ref(f, i);
    L->fixed[i] = v_incref(v);
    if (!mark[i] || (target && target->kind == ND_NAME && target->slot == i)) continue;
    if (!(v_is(v, OBJ_TENSOR) || py_num(v))) continue;
    L->carried[i] = true;
    L->slot[L->ns] = i;
    L->init[L->ns++] = as_state(I, v, -1);
  }
  release(I, mark);
}

/* Frees what loop_state made (L can be filled again). */
static void loop_clear(Interp *I, Frame *f, Loop *L) {
  for (int k = 0; k < L->ns; k++)
    if (L->init[k]) obj_decref(I, &L->init[k]->h);
  for (int i = 0; i < nslots(f); i++) v_decref(I, L->fixed[i]);
  release(I, L->carried);
  release(I, L->slot);
  release(I, L->init);
  release(I, L->fixed);
  L->ns = 0;
}

static void loop_free(Interp *I, Frame *f, Loop *L) {
  loop_clear(I, f, L);
  if (L->stop) obj_decref(I, &L->stop->h);
  if (L->start) obj_decref(I, &L->start->h);
  if (L->broke) obj_decref(I, &L->broke->h);
  if (L->retf) obj_decref(I, &L->retf->h);
  v_decref(I, L->retv);
  v_decref(I, L->proto);
}

/* Makes the region's state params and binds the carried locals to them;
 * returns the counter's value (or NULL). *flag gets the break flag's
 * param; *ret (when not NULL) the return value's leaves (owned). */
static Tensor *bind_state(Interp *I, Frame *f, Loop *L, GraphRegion *r, IrNode **flag, Tensor **ret) {
  IrGraph *g = graph_region_graph(r);
  Tensor *ctr = NULL;
  for (int k = 0; k < L->ns; k++) {
    Tensor *t = L->init[k];
    int sl = L->slot[k];
    const char *nm = sl == SLOT_COUNTER ? "i" : sl == SLOT_BREAK ? "broke" : sl == SLOT_RETF ? "returned"
                     : sl <= SLOT_RET ? "ret" : slot_name(f, sl);
    IrNode *p = ir_param(g, nm, ir_type_tensor(g->mod, t->dtype, t->ndim, t->shape));
    if (sl == SLOT_BREAK) {
      if (flag) *flag = p;
      continue;
    }
    if (sl == SLOT_RETF) continue;
    Tensor *s = graph_sym(I, p);
    if (sl <= SLOT_RET) {
      if (ret) ret[SLOT_RET - sl] = s;
      else obj_decref(I, &s->h);
    } else if (sl == SLOT_COUNTER) {
      ctr = s;
    } else {
      slot_set(I, f, sl, v_obj(&s->h));
      obj_decref(I, &s->h);
    }
  }
  return ctr;
}

static GraphRegion *loop_cond(Interp *I, Frame *f, Loop *L) {
  GraphRegion *r = region_push(I, "cond");
  IrNode *flag = NULL;
  Tensor *ctr = bind_state(I, f, L, r, &flag, NULL);
  IrGraph *g = graph_region_graph(r);
  IrLoc loc = graph_cur_loc(I);
  IrNode *c;
  if (ctr) {
    IrNode *x = graph_value(I, ctr, MSRT_INT64), *y = graph_value(I, L->stop, MSRT_INT64);
    c = ir_node2(g, L->step > 0 ? OP_Less : OP_Greater, x, y, ir_type_tensor(g->mod, MSRT_BOOL, 0, NULL), loc);
    obj_decref(I, &ctr->h);
  } else {
    f->cur = L->n->a;
    Value v = interp_eval(I, f, L->n->a);
    if (!v_is(v, OBJ_TENSOR)) {
      Tensor *t = tensor_from_value(I, v, MSRT_BOOL, TF_MS);
      v_decref(I, v);
      v = v_obj(&t->h);
    }
    c = graph_cond_node(I, AS_TENSOR(v));
    v_decref(I, v);
  }
  if (flag) { /* not broke and cond */
    IrNode *nb = ir_node1(g, OP_LogicalNot, flag, flag->type, loc);
    c = ir_node2(g, OP_LogicalAnd, nb, c, c->type, loc);
  }
  ir_return(g, c, loc);
  graph_region_pop(I, r);
  return r;
}

_Noreturn static void state_fail(Interp *I, Loop *L, const char *name, const Tensor *a, Value b) {
  char x[128], y[128];
  I->frame->cur = L->n;
  if (!v_is(b, OBJ_TENSOR))
    rt_raise(I, EXC_TypeError, "the loop-carried variable '%s' is a Tensor[%s] %s before the loop and a %s after "
             "the loop body: its type must not change", name, msrt_dtype_name(a->dtype),
             shape_str(x, sizeof x, a->ndim, a->shape), rt_type_name(I, b));
  const Tensor *t = AS_TENSOR(b);
  rt_raise(I, EXC_TypeError, "the loop-carried variable '%s' is a Tensor[%s] %s before the loop and a Tensor[%s] %s "
           "after the loop body: its dtype and shape must not change", name, msrt_dtype_name(a->dtype),
           shape_str(x, sizeof x, a->ndim, a->shape), msrt_dtype_name(t->dtype),
           shape_str(y, sizeof y, t->ndim, t->shape));
}

static Tensor *as_bool(Interp *I, Value b) {
  if (v_is(b, OBJ_TENSOR)) {
    obj_incref(b.as.o);
    return AS_TENSOR(b);
  }
  return tensor_from_value(I, b, MSRT_BOOL, TF_MS);
}

/* The body's value of state k (owned), checked against its type. */
static Tensor *state_after(Interp *I, Frame *f, Loop *L, int k, Tensor *ctr) {
  const Tensor *a = L->init[k];
  int sl = L->slot[k];
  if (sl == SLOT_BREAK) return as_bool(I, cf_of(I)->brk);
  if (sl == SLOT_RETF) return as_bool(I, cf_of(I)->retf);
  if (sl == SLOT_COUNTER) return ctr;
  Value v;
  const char *name;
  if (sl <= SLOT_RET) {
    Value *lv = held_calloc(I, (size_t)L->nleaf + 1, sizeof(Value));
    int nl = 0;
    Value r = cf_of(I)->ret;
    if (!ret_leaves(r, lv, &nl) || nl != L->nleaf) {
      I->frame->cur = L->n;
      rt_raise(I, EXC_TypeError, "the values returned inside a loop on a tensor condition differ in structure: "
               "a %s and a %s", rt_type_name(I, L->proto), rt_type_name(I, r));
    }
    v = lv[SLOT_RET - sl];
    release(I, lv);
    name = "the return value";
  } else {
    v = *slot_ref(f, sl);
    name = slot_name(f, sl);
  }
  if (py_num(v)) return tensor_from_value(I, v, (int)a->dtype, TF_MS);
  if (!v_is(v, OBJ_TENSOR)) state_fail(I, L, name, a, v);
  const Tensor *t = AS_TENSOR(v);
  if (t->dtype != a->dtype || t->ndim != a->ndim || memcmp(t->shape, a->shape, sizeof(int64_t) * (size_t)a->ndim))
    state_fail(I, L, name, a, v);
  obj_incref(v.as.o);
  return AS_TENSOR(v);
}

/* Checks that the locals outside the state kept their values. */
static void check_fixed(Interp *I, Frame *f, Loop *L) {
  const Node *tg = L->stop ? L->n->a : NULL;
  for (int i = 0; i < nslots(f); i++) {
    if (L->carried[i] || (tg && tg->kind == ND_NAME && tg->slot == i)) continue; /* the for's variable */
    Value v = *slot_ref(f, i), w = L->fixed[i];
    if (same_scalar(v, w) || (v.tag == V_OBJ && w.tag == V_OBJ && v.as.o == w.as.o)) continue;
    if (w.tag == V_UNDEF) continue; /* defined in the body: local to an iteration */
    f->cur = L->n;
    rt_raise(I, EXC_TypeError, "the variable '%s' changes in a loop on a tensor condition, but it is a %s: only "
             "tensors and numbers can be loop-carried in graph mode", slot_name(f, i), rt_type_name(I, w));
  }
}

/* Moves g's last n params to index at (the params from at on follow). */
static void params_move_last(IrGraph *g, int at, int n) {
  if (n <= 0) return;
  IrNode **moved = xmalloc(sizeof(IrNode *) * (size_t)n);
  memcpy(moved, g->params + g->nparam - n, sizeof(IrNode *) * (size_t)n);
  memmove(g->params + at + n, g->params + at, sizeof(IrNode *) * (size_t)(g->nparam - n - at));
  memcpy(g->params + at, moved, sizeof(IrNode *) * (size_t)n);
  free(moved);
}

/* The body's capture met a return (L->proto): the value's leaves join the
 * loop state at L->ret_at (zeros before the loop), as params of the cond
 * region rc and of the body region rb, inserted before the states after
 * them and the lifted values. A path that reaches the end of the body with
 * no value yet passes the body's params through. */
static void add_ret_state(Interp *I, Loop *L, GraphRegion *rc, GraphRegion *rb) {
  int n = L->nleaf, at = L->ret_at;
  Value *lv = held_calloc(I, (size_t)n + 1, sizeof(Value));
  Tensor **p = held_calloc(I, (size_t)n + 1, sizeof(Tensor *));
  int nl = 0;
  ret_leaves(L->proto, lv, &nl);
  L->slot = held_realloc(I, L->slot, sizeof(int) * (size_t)(L->ns + n + 1));
  L->init = held_realloc(I, L->init, sizeof(Tensor *) * (size_t)(L->ns + n + 1));
  memmove(L->slot + at + n, L->slot + at, sizeof(int) * (size_t)(L->ns - at));
  memmove(L->init + at + n, L->init + at, sizeof(Tensor *) * (size_t)(L->ns - at));
  for (int k = 0; k < n; k++) {
    Tensor *t;
    if (v_is(lv[k], OBJ_TENSOR)) {
      const Tensor *q = AS_TENSOR(lv[k]);
      t = tensor_new(I, q->dtype, q->ndim, q->shape, TF_MS);
      if (t->size) memset(t->data, 0, (size_t)t->size * msrt_dtype_size(t->dtype));
    } else {
      t = tensor_from_value(I, v_int(0), num_dtype(lv[k]), TF_MS);
    }
    L->slot[at + k] = SLOT_RET - k;
    L->init[at + k] = t;
  }
  L->ns += n;
  for (int k = 0; k < n; k++) {
    const Tensor *t = L->init[at + k];
    IrGraph *gc = graph_region_graph(rc), *gb = graph_region_graph(rb);
    ir_param(gc, "ret", ir_type_tensor(gc->mod, t->dtype, t->ndim, t->shape));
    IrNode *pb = ir_param(gb, "ret", ir_type_tensor(gb->mod, t->dtype, t->ndim, t->shape));
    p[k] = graph_sym(I, pb);
  }
  params_move_last(graph_region_graph(rc), at, n);
  params_move_last(graph_region_graph(rb), at, n);
  if (cf_of(I)->ret.tag == V_UNDEF) {
    int k = 0;
    set_ret(I, ret_build(I, L->proto, p, &k));
  }
  for (int k = 0; k < n; k++) obj_decref(I, &p[k]->h);
  release(I, p);
  release(I, lv);
}

static GraphRegion *loop_body(Interp *I, Frame *f, Loop *L, GraphRegion *rc) {
  GraphRegion *r = region_push(I, "body");
  Tensor *ctr = bind_state(I, f, L, r, NULL, NULL);
  IrGraph *g = graph_region_graph(r);
  if (ctr) interp_assign(I, f, (Node *)L->n->a, v_obj(&ctr->h));
  Cf *cf = cf_of(I);
  /* a loop around this one's (bool or a tensor of its graph) */
  Value outer_brk = v_incref(cf->brk), outer_retf = v_incref(cf->retf), outer_ret = v_incref(cf->ret);
  struct Loop *outer_loop = cf->loop;
  hold_value(I, outer_brk);
  hold_value(I, outer_retf);
  hold_value(I, outer_ret);
  set_brk(I, v_bool(false));
  set_retf(I, v_bool(false));
  set_ret(I, v_undef());
  cf->loop = L;
  int d = cf_tail_push(I, f, NULL, BAR_TENSOR_LOOP);
  int c = interp_exec_from(I, f, (NodeVec *)&L->n->body, 0);
  cf_tail_set(I, d);
  if (c == CTRL_RETURN) loop_return(I, f);
  if (c == CTRL_BREAK) set_brk(I, v_bool(true));
  if (L->returns && L->proto.tag == V_UNDEF) L->returns = false; /* no path reaches the return */
  if (L->returns) add_ret_state(I, L, rc, r);
  IrLoc loc = graph_cur_loc(I);
  IrNode **out = arena_alloc(g->mod->arena, sizeof(IrNode *) * (size_t)(L->ns + 1));
  for (int k = 0; k < L->ns; k++) {
    Tensor *t = state_after(I, f, L, k, ctr);
    if (L->slot[k] == SLOT_COUNTER) {
      IrNode *x = graph_value(I, t, MSRT_INT64);
      out[k] = ir_node2(g, OP_Add, x, ir_const_tensor(g->mod, MSRT_INT64, 0, NULL, &L->step), x->type, loc);
    } else {
      out[k] = graph_value(I, t, t->dtype);
      obj_decref(I, &t->h);
    }
  }
  if (ctr) obj_decref(I, &ctr->h);
  cf = cf_of(I);
  cf->loop = outer_loop;
  set_brk(I, unhold_value(I, outer_brk));
  set_retf(I, unhold_value(I, outer_retf));
  set_ret(I, unhold_value(I, outer_ret));
  check_fixed(I, f, L);
  L->body_out = out; /* the state part; finish_body adds the lifted values */
  graph_region_pop(I, r);
  return r;
}

/* Body returns its state outputs, then its lifted params unchanged. */
static void finish_body(GraphRegion *rb, int ns, IrNode **st, IrLoc loc) {
  IrGraph *g = graph_region_graph(rb);
  int nl = graph_region_nlift(rb), n = ns + nl;
  IrNode **out = arena_alloc(g->mod->arena, sizeof(IrNode *) * (size_t)(n + 1));
  for (int k = 0; k < ns; k++) out[k] = st[k];
  for (int k = 0; k < nl; k++) out[ns + k] = g->params[ns + k];
  ir_return(g, n == 1 ? out[0] : ir_make_tuple(g, n, out, loc), loc);
}

/* Makes the While; the carried locals (and the for's variable) get its
 * results, L->broke/retf/retv the flags and the return value. */
static void make_while(Interp *I, Frame *f, Loop *L, GraphRegion *rc, GraphRegion *rb) {
  graph_region_align(rc, rb, L->ns);
  IrLoc loc = graph_cur_loc(I);
  finish_body(rb, L->ns, L->body_out, loc);
  int nl = graph_region_nlift(rc), n = L->ns + nl;
  IrGraph *g = graph_cur_graph(I);
  IrNode **args = arena_alloc(g->mod->arena, sizeof(IrNode *) * (size_t)(n + 1));
  for (int k = 0; k < L->ns; k++) args[k] = graph_value(I, L->init[k], L->init[k]->dtype);
  for (int k = 0; k < nl; k++) args[L->ns + k] = graph_region_outer(rc, k);
  IrNode *w = ir_while(g, graph_region_graph(rc), graph_region_graph(rb), n, args, NULL, loc);
  Tensor **ret = held_calloc(I, (size_t)L->nleaf + 1, sizeof(Tensor *));
  for (int k = 0; k < L->ns; k++) {
    IrNode *v = n == 1 ? w : ir_tuple_get(g, w, k, loc);
    int sl = L->slot[k];
    if (sl == SLOT_COUNTER) { /* the loop variable: its last value, the counter's minus a step */
      v = ir_node2(g, OP_Sub, v, ir_const_tensor(g->mod, MSRT_INT64, 0, NULL, &L->step), v->type, loc);
    }
    Tensor *s = graph_sym(I, v);
    if (sl == SLOT_BREAK) L->broke = s;
    else if (sl == SLOT_RETF && L->returns) L->retf = s;
    else if (sl == SLOT_RETF) obj_decref(I, &s->h); /* no path returns: it stays false */
    else if (sl <= SLOT_RET) ret[SLOT_RET - sl] = s;
    else {
      if (sl >= 0) slot_set(I, f, sl, v_obj(&s->h));
      else interp_assign(I, f, (Node *)L->n->a, v_obj(&s->h));
      obj_decref(I, &s->h);
    }
  }
  if (L->retf) {
    int k = 0;
    L->retv = ret_build(I, L->proto, ret, &k);
  }
  for (int k = 0; k < L->nleaf; k++)
    if (ret[k]) obj_decref(I, &ret[k]->h);
  release(I, ret);
}

/* Captures the loop's cond and body (locals as before afterwards). */
static void capture_loop(Interp *I, Frame *f, Loop *L, GraphRegion **rc, GraphRegion **rb) {
  loop_state(I, f, L, &L->n->body, L->stop ? L->n->a : NULL);
  Value *before = snap_take(I, f);
  *rc = loop_cond(I, f, L);
  snap_restore(I, f, before);
  *rb = loop_body(I, f, L, *rc);
  snap_restore(I, f, before);
  snap_free(I, f, before);
}

static int run_loop(Interp *I, Frame *f, Loop *L) {
  L->retv = L->proto = v_undef();
  L->returns = block_returns(&L->n->body);
  GraphRegion *rc, *rb;
  capture_loop(I, f, L, &rc, &rb);
  f->cur = L->n;
  make_while(I, f, L, rc, rb);
  release(I, rc);
  release(I, rb);
  /* what follows the loop is no longer inside it: drop its barrier */
  Cf *cf = cf_of(I);
  if (cf->ntail && cf->tail[cf->ntail - 1].f == f && !cf->tail[cf->ntail - 1].v) cf->ntail--;
  Arm after = {&L->n->orelse, {0}, NULL, NULL, false};
  IrNode *nb = NULL;
  if (L->broke && L->n->orelse.len) { /* the else clause runs when the loop did not break */
    IrNode *b = graph_value(I, L->broke, MSRT_BOOL);
    nb = ir_node1(graph_cur_graph(I), OP_LogicalNot, b, b->type, graph_cur_loc(I));
    after = (Arm){NULL, {0}, graph_sym(I, nb), L->n, false};
    hold(I, &after.guard->h, HELD_OBJ);
  }
  int c;
  if (L->retf) {
    Arm ret = {NULL, L->retv, NULL, NULL, false};
    c = if_core(I, f, L->n, L->retf, &ret, &after, tail_of(I, f, &ret, &after));
  } else {
    c = run_arm(I, f, &after);
  }
  if (after.guard) {
    unhold_value(I, v_obj(&after.guard->h));
    obj_decref(I, &after.guard->h);
  }
  return c;
}

int cf_while(Interp *I, Frame *f, const Node *n) {
  Loop L;
  memset(&L, 0, sizeof L);
  L.n = n;
  int c = run_loop(I, f, &L);
  loop_free(I, f, &L);
  return c;
}

/* A range bound as a 0-d Int64 tensor (owned). */
static Tensor *as_counter(Interp *I, Value v) {
  if (!v_is(v, OBJ_TENSOR)) {
    if (v.tag != V_INT && v.tag != V_BOOL)
      rt_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer", rt_type_name(I, v));
    return tensor_from_value(I, v, MSRT_INT64, TF_MS);
  }
  Tensor *t = AS_TENSOR(v);
  if (t->size != 1) rt_raise(I, EXC_TypeError, "range() takes a tensor of one element in graph mode, not %lld",
                             (long long)t->size);
  if (t->ndim == 0 && t->dtype == MSRT_INT64) return as_state(I, v, -1);
  IrNode *x = graph_value(I, t, MSRT_INT64);
  if (t->ndim) {
    IrGraph *g = graph_cur_graph(I);
    x = ir_node1(g, OP_Reshape, x, ir_type_tensor(g->mod, MSRT_INT64, 0, NULL), graph_cur_loc(I));
    ir_attr_ints(x, "shape", 0, NULL);
  }
  return graph_sym(I, x);
}

/* for target in range(bounds...) with a tensor among the bounds. */
int cf_for_range(Interp *I, Frame *f, const Node *n, int nb, Value *b) {
  Value start = nb >= 2 ? b[0] : v_int(0), stop = nb >= 2 ? b[1] : b[0], step = nb >= 3 ? b[2] : v_int(1);
  f->cur = n->b;
  if (step.tag != V_INT || step.as.i == 0)
    rt_raise(I, EXC_TypeError, "range() on a tensor bound in graph mode needs a non-zero integer step");
  Loop L;
  memset(&L, 0, sizeof L);
  L.n = n;
  L.step = step.as.i;
  L.stop = as_counter(I, stop);
  L.start = as_counter(I, start);
  int c = run_loop(I, f, &L);
  loop_free(I, f, &L);
  return c;
}

/* ---- Python loops (unrolled) -------------------------------------------------------
 * A `for` the interpreter unrolls (over a list, a tuple, a range of numbers,
 * a tensor's rows) whose body holds an `if` on a tensor with a break,
 * continue or return: the rest of the iteration runs inside the branches
 * (TAIL_LOOP, as in a loop on a tensor), and the path's break flag,
 * return flag and value (Cf.brk, retf, ret) are joined. Once the break
 * flag is a tensor, each later iteration runs in an If on `not flag`; after
 * the loop, an If on the return flag returns the value or runs the else
 * clause (unless the loop broke) and the rest of the function. */

typedef struct PyLoop {
  Value brk, retf, ret;  /* the enclosing loop's (held) */
  struct Loop *loop;
} PyLoop;

void *cf_pyloop_enter(Interp *I) {
  Cf *cf = cf_of(I);
  PyLoop *p = held_calloc(I, 1, sizeof *p);
  p->brk = cf->brk;
  p->retf = cf->retf;
  p->ret = cf->ret;
  p->loop = cf->loop;
  hold_value(I, p->brk);
  hold_value(I, p->retf);
  hold_value(I, p->ret);
  cf->brk = v_bool(false);
  cf->retf = v_bool(false);
  cf->ret = v_undef();
  cf->loop = NULL;
  return p;
}

/* A value of v's structure, its tensors and numbers zero (owned). */
static Value zeros_like(Interp *I, Value v) {
  int n = 0;
  if (!ret_leaves(v, NULL, &n)) return v_incref(v);
  Value *lv = held_calloc(I, (size_t)n + 1, sizeof(Value));
  Tensor **z = held_calloc(I, (size_t)n + 1, sizeof(Tensor *));
  n = 0;
  ret_leaves(v, lv, &n);
  for (int k = 0; k < n; k++) {
    if (v_is(lv[k], OBJ_TENSOR)) {
      const Tensor *p = AS_TENSOR(lv[k]);
      z[k] = tensor_new(I, p->dtype, p->ndim, p->shape, TF_MS);
      if (z[k]->size) memset(z[k]->data, 0, (size_t)z[k]->size * msrt_dtype_size(z[k]->dtype));
    } else {
      z[k] = tensor_from_value(I, v_int(0), num_dtype(lv[k]), TF_MS);
    }
    hold(I, &z[k]->h, HELD_OBJ);
  }
  int k = 0;
  Value r = ret_build(I, v, z, &k);
  for (k = 0; k < n; k++) {
    unhold_value(I, v_obj(&z[k]->h));
    obj_decref(I, &z[k]->h);
  }
  release(I, z);
  release(I, lv);
  return r;
}

/* One iteration of the loop n's body (its target assigned). */
int cf_pyloop_iter(Interp *I, Frame *f, const Node *n) {
  Cf *cf = cf_of(I);
  if (cf->brk.tag == V_BOOL && cf->brk.as.b) return CTRL_BREAK; /* every path broke */
  if (!v_is(cf->brk, OBJ_TENSOR)) {
    int c = interp_exec_from(I, f, (NodeVec *)&n->body, 0);
    if (c == CTRL_BREAK) set_brk(I, v_bool(true));
    cf = cf_of(I);
    if (c == CTRL_NONE && cf->brk.tag == V_BOOL && cf->brk.as.b) c = CTRL_BREAK;
    return c;
  }
  IrNode *b = graph_value(I, AS_TENSOR(cf->brk), MSRT_BOOL);
  IrNode *nb = ir_node1(graph_cur_graph(I), OP_LogicalNot, b, b->type, graph_cur_loc(I));
  Tensor *go = graph_sym(I, nb);
  hold(I, &go->h, HELD_OBJ);
  Arm run = {&n->body, {0}, NULL, NULL, false}, skip = {&no_stmts, {0}, NULL, NULL, true};
  f->cur = n;
  if_core(I, f, n, go, &run, &skip, TAIL_LOOP);
  unhold_value(I, v_obj(&go->h));
  obj_decref(I, &go->h);
  return CTRL_NONE;
}

/* After the loop n (c: how its last iteration ended): the else clause
 * and the return the paths carry; the enclosing loop's state back. */
int cf_pyloop_exit(Interp *I, Frame *f, const Node *n, void *saved, int c) {
  Cf *cf = cf_of(I);
  PyLoop *p = saved;
  Value brk = cf->brk, retf = cf->retf, ret = cf->ret;
  cf->brk = unhold_value(I, p->brk);
  cf->retf = unhold_value(I, p->retf);
  cf->ret = unhold_value(I, p->ret);
  cf->loop = p->loop;
  release(I, p);
  hold_value(I, brk);
  hold_value(I, retf);
  hold_value(I, ret);
  int rc = c;
  if (c != CTRL_RETURN) {
    if (cf->ntail && cf->tail[cf->ntail - 1].f == f && !cf->tail[cf->ntail - 1].v) cf->ntail--;
    Arm after = {&n->orelse, {0}, NULL, NULL, false};
    if (c == CTRL_BREAK || (brk.tag == V_BOOL && brk.as.b)) {
      after.body = &no_stmts;
    } else if (v_is(brk, OBJ_TENSOR) && n->orelse.len) {
      IrNode *b = graph_value(I, AS_TENSOR(brk), MSRT_BOOL);
      IrNode *nb = ir_node1(graph_cur_graph(I), OP_LogicalNot, b, b->type, graph_cur_loc(I));
      after = (Arm){NULL, {0}, graph_sym(I, nb), n, false};
      hold(I, &after.guard->h, HELD_OBJ);
    }
    if (v_is(retf, OBJ_TENSOR)) {
      Arm r = {NULL, ret, NULL, NULL, false};
      rc = if_core(I, f, n, AS_TENSOR(retf), &r, &after, tail_of(I, f, &r, &after));
    } else {
      rc = run_arm(I, f, &after);
    }
    if (after.guard) {
      unhold_value(I, v_obj(&after.guard->h));
      obj_decref(I, &after.guard->h);
    }
  }
  v_decref(I, unhold_value(I, brk));
  v_decref(I, unhold_value(I, retf));
  v_decref(I, unhold_value(I, ret));
  return rc;
}
