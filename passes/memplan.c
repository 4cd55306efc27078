/* memplan.c — the arena plan of a graph (memplan.h).
 *
 * Requires: the buffers in request order with their lifetimes (node
 * indices, inclusive) as C generation makes them; scratch has def ==
 * last. Produces: an offset per buffer (MEMPLAN_ALIGN-aligned), the arena
 * size and the lower bound. Nothing of the IR is changed.
 *
 * Steps:
 *   1. groups: a buffer that may share its input's storage (inplace_of)
 *      joins that buffer's group when the pair qualifies: both are values,
 *      the input ends exactly where this one starts, the input is the tail
 *      of its group and no other buffer took it, and it is at least as
 *      large (rounded). A group is one block: its lifetime is the union of
 *      its members', its size their largest. Otherwise inplace_of is
 *      cleared, so the report and the emitter agree on what was shared.
 *   2. placement, twice: greedy by size (descending; ties by def, then
 *      request order), each block at the lowest offset that does not
 *      overlap an already-placed block whose lifetime intersects its own
 *      (TFLite Micro's GreedyMemoryPlanner); then the same placement in def
 *      order (first fit, what emit.c did before). The smaller arena wins;
 *      on a tie greedy does.
 *   3. lower bound: the peak over the nodes of the bytes of the blocks
 *      live at the node (memplan.h).
 * Views (MB_VIEW) take no bytes; their offset is their base's.
 */
#include "memplan.h"

#include <stdlib.h>
#include <string.h>

#include "../ir/ops.h"

typedef struct Block {
  int64_t size, off;
  int def, last;
  int first; /* request index of its first buffer */
} Block;

static int64_t round_up(int64_t v) { return (v + MEMPLAN_ALIGN - 1) / MEMPLAN_ALIGN * MEMPLAN_ALIGN; }

int memplan_add(MemPlan *p, MemBufKind kind, const IrNode *node, int64_t size, int def, int last,
                int inplace_of) {
  if (p->n == p->cap) {
    p->cap = p->cap ? 2 * p->cap : 16;
    p->bufs = xrealloc(p->bufs, sizeof(MemBuf) * (size_t)p->cap);
  }
  MemBuf *b = &p->bufs[p->n];
  b->kind = kind;
  b->node = node;
  b->size = kind == MB_VIEW || size < 0 ? 0 : size;
  b->def = def;
  b->last = last < def ? def : last;
  b->inplace_of = inplace_of;
  b->offset = 0;
  return p->n++;
}

void memplan_extend(MemPlan *p, int i, int last) {
  if (i >= 0 && i < p->n && p->bufs[i].last < last) p->bufs[i].last = last;
}

static bool overlap_life(const Block *a, const Block *b) { return a->def <= b->last && b->def <= a->last; }

/* Builds the blocks (step 1); blk[i] is buffer i's block or -1. */
static int make_blocks(MemPlan *p, int *blk, Block *bs) {
  int nb = 0;
  bool *taken = xcalloc((size_t)p->n + 1, sizeof(bool));
  for (int i = 0; i < p->n; i++) {
    MemBuf *b = &p->bufs[i];
    blk[i] = -1;
    if (b->kind == MB_VIEW) continue;
    int j = b->inplace_of;
    bool ok = b->kind == MB_VALUE && j >= 0 && j < i && p->bufs[j].kind == MB_VALUE && blk[j] >= 0 &&
              !taken[j] && p->bufs[j].last == b->def && bs[blk[j]].last == b->def &&
              round_up(p->bufs[j].size) >= round_up(b->size);
    if (!ok) b->inplace_of = -1;
    if (b->size <= 0) continue;
    if (ok) {
      taken[j] = true;
      blk[i] = blk[j];
      Block *g = &bs[blk[j]];
      if (g->last < b->last) g->last = b->last;
      continue;
    }
    bs[nb] = (Block){round_up(b->size), 0, b->def, b->last, i};
    blk[i] = nb++;
  }
  free(taken);
  return nb;
}

/* Places the blocks in the given order, each at the lowest offset free
 * over its lifetime; returns the arena. */
static int64_t place(Block *bs, int nb, const int *order) {
  int *near = xmalloc(sizeof(int) * ((size_t)nb + 1));
  int64_t arena = 0;
  for (int k = 0; k < nb; k++) {
    Block *b = &bs[order[k]];
    int m = 0; /* placed blocks alive with b, sorted by offset */
    for (int q = 0; q < k; q++) {
      const Block *o = &bs[order[q]];
      if (!overlap_life(b, o)) continue;
      int at = m++;
      while (at > 0 && bs[near[at - 1]].off > o->off) {
        near[at] = near[at - 1];
        at--;
      }
      near[at] = order[q];
    }
    int64_t cand = 0;
    for (int q = 0; q < m; q++) {
      const Block *o = &bs[near[q]];
      if (cand + b->size <= o->off) break;
      if (o->off + o->size > cand) cand = o->off + o->size;
    }
    b->off = cand;
    if (cand + b->size > arena) arena = cand + b->size;
  }
  free(near);
  return arena;
}

static const Block *sort_blocks;

static int by_size(const void *x, const void *y) {
  const Block *a = &sort_blocks[*(const int *)x], *b = &sort_blocks[*(const int *)y];
  if (a->size != b->size) return a->size > b->size ? -1 : 1;
  if (a->def != b->def) return a->def < b->def ? -1 : 1;
  return a->first < b->first ? -1 : a->first > b->first;
}

static int by_def(const void *x, const void *y) {
  const Block *a = &sort_blocks[*(const int *)x], *b = &sort_blocks[*(const int *)y];
  if (a->def != b->def) return a->def < b->def ? -1 : 1;
  return a->first < b->first ? -1 : a->first > b->first;
}

static int64_t lower_bound(const Block *bs, int nb) {
  int64_t best = 0;
  for (int i = 0; i < nb; i++) { /* the peak is at some block's def */
    int64_t sum = 0;
    for (int j = 0; j < nb; j++)
      if (bs[j].def <= bs[i].def && bs[i].def <= bs[j].last) sum += bs[j].size;
    if (sum > best) best = sum;
  }
  return best;
}

void memplan_compute(MemPlan *p) {
  int *blk = xmalloc(sizeof(int) * ((size_t)p->n + 1));
  Block *bs = xmalloc(sizeof(Block) * ((size_t)p->n + 1));
  int *order = xmalloc(sizeof(int) * ((size_t)p->n + 1));
  int64_t *greedy_off = xmalloc(sizeof(int64_t) * ((size_t)p->n + 1));
  int nb = make_blocks(p, blk, bs);
  sort_blocks = bs;
  for (int i = 0; i < nb; i++) order[i] = i;
  qsort(order, (size_t)nb, sizeof(int), by_size);
  int64_t greedy = place(bs, nb, order);
  for (int i = 0; i < nb; i++) greedy_off[i] = bs[i].off;
  for (int i = 0; i < nb; i++) order[i] = i;
  qsort(order, (size_t)nb, sizeof(int), by_def);
  int64_t ff = place(bs, nb, order);
  sort_blocks = NULL;
  if (greedy <= ff)
    for (int i = 0; i < nb; i++) bs[i].off = greedy_off[i];
  p->first_fit = ff;
  p->greedy = greedy;
  p->arena = greedy <= ff ? greedy : ff;
  p->lower_bound = lower_bound(bs, nb);
  for (int i = 0; i < p->n; i++) {
    MemBuf *b = &p->bufs[i];
    if (b->kind == MB_VIEW) {
      int j = b->inplace_of;
      b->offset = j >= 0 && j < i ? p->bufs[j].offset : 0;
    } else {
      b->offset = blk[i] >= 0 ? bs[blk[i]].off : 0;
    }
  }
  free(blk);
  free(bs);
  free(order);
  free(greedy_off);
}

static void node_ref(char *s, size_t cap, const IrNode *n) {
  if (!n) snprintf(s, cap, "-");
  else if (n->kind == IR_NK_NODE) snprintf(s, cap, "%%%d", n->id);
  else snprintf(s, cap, "%%%s", n->name ? n->name : "?");
}

void memplan_report(FILE *out, const IrGraph *g, const MemPlan *p) {
  double ratio = p->lower_bound > 0 ? (double)p->arena / (double)p->lower_bound : 1.0;
  fprintf(out,
          "memory plan for @%s: arena %lld bytes, lower bound %lld bytes (%.2fx); weights %lld bytes "
          "(Parameters and pointer constants); inputs %lld, outputs %lld\n",
          g && g->name ? g->name : "?", (long long)p->arena, (long long)p->lower_bound, ratio,
          (long long)p->weights, (long long)p->inputs, (long long)p->outputs);
  fprintf(out, "  placement: %s (greedy by size: %lld bytes, first fit in order: %lld bytes)\n",
          p->arena < p->first_fit || p->arena == p->greedy ? "greedy by size" : "first fit in order",
          (long long)p->greedy, (long long)p->first_fit);
  for (int i = 0; i < p->n; i++) {
    const MemBuf *b = &p->bufs[i];
    const IrNode *n = b->node;
    char id[64], off[32], other[80] = "";
    node_ref(id, sizeof id, n);
    const char *op = !n ? "?" : n->op < OP_COUNT ? op_info[n->op].name : ir_op_name(n->op);
    const char *kind = b->kind == MB_VALUE ? "value" : b->kind == MB_SCRATCH ? "scratch" : "view";
    if (b->kind == MB_VIEW && b->inplace_of < 0) snprintf(off, sizeof off, "-");
    else snprintf(off, sizeof off, "%lld", (long long)b->offset);
    if (b->inplace_of >= 0 && b->inplace_of < p->n) {
      char base[64];
      node_ref(base, sizeof base, p->bufs[b->inplace_of].node);
      snprintf(other, sizeof other, "  %s %s", b->kind == MB_VIEW ? "view of" : "in place of", base);
    } else if (b->kind == MB_VIEW) {
      snprintf(other, sizeof other, "  view of a param or constant");
    }
    fprintf(out, "  %-5s %-12s %-8s offset %-8s size %-9lld live [%d, %d]%s", id, op, kind, off,
            (long long)b->size, b->def, b->last, other);
    if (n && n->loc.file) fprintf(out, "  %s:%d:%d", n->loc.file, n->loc.line, n->loc.col);
    fputc('\n', out);
  }
}

void memplan_free(MemPlan *p) {
  free(p->bufs);
  memset(p, 0, sizeof *p);
}
