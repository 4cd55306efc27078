/* cse.c — common subexpression elimination: merges pure nodes that compute
 * the same value.
 *
 * Two nodes of one graph are the same when they have the same op, the same
 * operands (the same node or param; constants compared by value: type and
 * bytes), the same attributes (name, kind, value, in order) and the same
 * result type. Only pure nodes merge: primitives (op < OP_COUNT),
 * MakeTuple and TupleGetItem; never Load/Assign/Print (effects: two Loads
 * of one Parameter around an Assign read different values), If/While or
 * Fusion. The node kept is always the first in node order, so the result
 * does not depend on the hash table; each node is hashed once and
 * compared only against nodes of the same hash, so the pass is linear in
 * the size of the graph and its constants.
 *
 * requires: a verifying module (operands are nodes of their own graph).
 * preserves: node order, names and locations of the nodes kept, effects.
 * breaks: nothing; merged nodes are dropped from the node list (their uses
 *   point at the kept node; a node left unused is dce's business).
 */
#include <stdlib.h>
#include <string.h>

#include "passes.h"

/* ---- hashing (FNV-1a over contents; pointers only for identity of
 * operands, which changes which bucket is searched, never the result) -- */

static uint64_t mix(uint64_t h, const void *p, size_t n) {
  const unsigned char *s = p;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) { /* a word at a time: big constants */
    uint64_t w;
    memcpy(&w, s + i, 8);
    h = (h ^ w) * 0x100000001b3ULL;
    h ^= h >> 29;
  }
  for (; i < n; i++) h = (h ^ s[i]) * 0x100000001b3ULL;
  return h;
}

static uint64_t mix_u64(uint64_t h, uint64_t v) { return mix(h, &v, sizeof v); }

static uint64_t hash_type(uint64_t h, const IrType *t) {
  h = mix_u64(h, (uint64_t)t->kind);
  h = mix_u64(h, (uint64_t)t->dt);
  if (t->kind == IR_T_TENSOR || t->kind == IR_T_REF) {
    h = mix_u64(h, (uint64_t)t->ndim);
    h = mix(h, t->shape, sizeof(int64_t) * (size_t)t->ndim);
  } else if (t->kind == IR_T_TUPLE) {
    h = mix_u64(h, (uint64_t)t->nelem);
    for (int i = 0; i < t->nelem; i++) h = hash_type(h, t->elem[i]);
  }
  return h;
}

static uint64_t hash_const(uint64_t h, const IrNode *c) {
  h = hash_type(h, c->type);
  h = mix_u64(h, (uint64_t)c->cst.kind);
  switch (c->cst.kind) {
  case IR_C_TENSOR: return mix(h, c->cst.data, c->cst.nbytes);
  case IR_C_SCALAR: return mix(mix_u64(h, (uint64_t)c->cst.i), &c->cst.f, sizeof c->cst.f);
  case IR_C_STR: return mix(h, c->cst.s, strlen(c->cst.s));
  case IR_C_NONE: return h;
  }
  return h;
}

static uint64_t hash_node(const IrNode *n) {
  uint64_t h = 0xcbf29ce484222325ULL;
  h = mix_u64(h, (uint64_t)n->op);
  h = mix_u64(h, (uint64_t)n->nin);
  h = hash_type(h, n->type);
  for (int i = 0; i < n->nin; i++) {
    const IrNode *x = n->in[i];
    if (x->kind == IR_NK_CONST) h = hash_const(h, x);
    else h = mix(h, &x, sizeof x);
  }
  for (int i = 0; i < n->nattr; i++) {
    const IrAttr *a = &n->attrs[i];
    h = mix(h, a->name, strlen(a->name));
    h = mix_u64(h, (uint64_t)a->kind);
    h = mix_u64(h, (uint64_t)a->i);
    h = mix(h, &a->f, sizeof a->f);
    if (a->kind == IR_A_STR && a->s) h = mix(h, a->s, strlen(a->s));
    if (a->kind == IR_A_INTS) h = mix(h, a->ints, sizeof(int64_t) * (size_t)a->n);
  }
  return h;
}

/* ---- equality ------------------------------------------------------------ */

/* Bitwise: -0 and 0 differ, a NaN equals the same NaN. */
static bool same_double(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static bool same_const(const IrNode *a, const IrNode *b) {
  if (a->cst.kind != b->cst.kind || !ir_type_eq(a->type, b->type)) return false;
  switch (a->cst.kind) {
  case IR_C_TENSOR:
    return a->cst.nbytes == b->cst.nbytes && (a->cst.nbytes == 0 || memcmp(a->cst.data, b->cst.data, a->cst.nbytes) == 0);
  case IR_C_SCALAR: return a->cst.i == b->cst.i && same_double(a->cst.f, b->cst.f);
  case IR_C_STR: return strcmp(a->cst.s, b->cst.s) == 0;
  case IR_C_NONE: return true;
  }
  return false;
}

static bool same_operand(const IrNode *a, const IrNode *b) {
  if (a == b) return true;
  return a->kind == IR_NK_CONST && b->kind == IR_NK_CONST && same_const(a, b);
}

static bool same_attr(const IrAttr *a, const IrAttr *b) {
  if (strcmp(a->name, b->name) != 0 || a->kind != b->kind) return false;
  switch (a->kind) {
  case IR_A_INT:
  case IR_A_BOOL:
  case IR_A_DTYPE: return a->i == b->i;
  case IR_A_FLOAT: return same_double(a->f, b->f);
  case IR_A_STR: return strcmp(a->s ? a->s : "", b->s ? b->s : "") == 0;
  case IR_A_INTS: return a->n == b->n && (a->n == 0 || memcmp(a->ints, b->ints, sizeof(int64_t) * (size_t)a->n) == 0);
  }
  return false;
}

static bool same_node(const IrNode *a, const IrNode *b) {
  if (a->op != b->op || a->nin != b->nin || a->nattr != b->nattr || !ir_type_eq(a->type, b->type)) return false;
  for (int i = 0; i < a->nin; i++)
    if (!same_operand(a->in[i], b->in[i])) return false;
  for (int i = 0; i < a->nattr; i++)
    if (!same_attr(&a->attrs[i], &b->attrs[i])) return false;
  return true;
}

static bool mergeable(const IrNode *n) {
  if (n->kind != IR_NK_NODE || n->sub[0] || n->sub[1]) return false;
  return n->op < OP_COUNT || n->op == IR_MAKE_TUPLE || n->op == IR_TUPLE_GET;
}

/* ---- one graph ----------------------------------------------------------- */

/* Open addressing over node indices; slots hold index + 1. */
typedef struct Table {
  int *slot;
  uint64_t *hash;  /* per node index */
  size_t mask;
} Table;

static bool cse_graph(IrGraph *g) {
  int n = g->nnode;
  if (n < 2) return false;
  ir_graph_number(g);
  IrNode **repl = xcalloc((size_t)n, sizeof(IrNode *));
  Table t;
  size_t cap = 16;
  while (cap < 2 * (size_t)n) cap <<= 1;
  t.slot = xcalloc(cap, sizeof(int));
  t.hash = xcalloc((size_t)n, sizeof(uint64_t));
  t.mask = cap - 1;
  bool changed = false;
  for (int i = 0; i < n; i++) {
    IrNode *x = g->nodes[i];
    for (int j = 0; j < x->nin; j++) {
      IrNode *o = x->in[j];
      if (o->kind == IR_NK_NODE && o->owner == g && o->id >= 0 && o->id < n && repl[o->id]) x->in[j] = repl[o->id];
    }
    if (!mergeable(x)) continue;
    uint64_t h = hash_node(x);
    t.hash[i] = h;
    size_t s = (size_t)h & t.mask;
    for (; t.slot[s]; s = (s + 1) & t.mask) {
      int k = t.slot[s] - 1;
      if (t.hash[k] == h && same_node(g->nodes[k], x)) break;
    }
    if (t.slot[s]) {
      repl[i] = g->nodes[t.slot[s] - 1];
      x->dead = true;
      changed = true;
    } else {
      t.slot[s] = i + 1;
    }
  }
  if (g->ret && g->ret->kind == IR_NK_NODE && g->ret->owner == g && g->ret->id >= 0 && g->ret->id < n &&
      repl[g->ret->id])
    g->ret = repl[g->ret->id];
  if (changed) ir_graph_compact(g);
  free(repl);
  free(t.slot);
  free(t.hash);
  return changed;
}

bool pass_cse(IrModule *m, PassCtx *ctx) {
  (void)ctx;
  bool changed = false;
  for (int i = 0; i < m->ngraph; i++) changed |= cse_graph(m->graphs[i]);
  return changed;
}
