/* memplace.c — placing the arena buffers of a memory plan, and its report
 * (memplan.h).
 *
 * Requires: the buffers in schedule order with their lifetimes (positions,
 * inclusive; scratch has def == last), as memplan.c's buffers_fill makes
 * them. Produces: an offset per buffer (MEMPLAN_ALIGN-aligned), the arena
 * size and the lower bound. Nothing of the IR is changed.
 *
 * Steps (memplan_place):
 *   1. groups: a buffer that may share its input's storage (inplace_of)
 *      joins that buffer's group when the pair qualifies: both are values,
 *      the input ends exactly where this one starts, the input is the tail
 *      of its group and no other buffer took it, and it is at least as
 *      large (rounded). A group is one block: its lifetime is the union of
 *      its members', its size their largest. Otherwise inplace_of is
 *      cleared, so the report and the emitter agree on what was shared.
 *   2. placement, twice: greedy by size (descending; ties by def, then
 *      buffer order), each block at the lowest offset that does not
 *      overlap an already-placed block whose lifetime intersects its own
 *      (TFLite Micro's GreedyMemoryPlanner); then the same placement in def
 *      order (first fit). The smaller arena wins; on a tie greedy does.
 *   3. lower bound: the peak over the positions of the bytes of the blocks
 *      live there (memplan.h).
 * Views (MB_VIEW) take no bytes; their offset is their base's.
 */
#include "memplan.h"

#include <stdlib.h>
#include <string.h>

typedef struct Block {
  int64_t size, off;
  int def, last;
  int first; /* index of its first buffer */
} Block;

static int64_t round_up(int64_t v) { return (v + MEMPLAN_ALIGN - 1) / MEMPLAN_ALIGN * MEMPLAN_ALIGN; }

int memplan_add(MemPlan *p, MemBufKind kind, const IrNode *node, int64_t size, int def, int last, int inplace_of) {
  if (p->nbuf == p->capbuf) {
    p->capbuf = p->capbuf ? 2 * p->capbuf : 16;
    p->bufs = xrealloc(p->bufs, sizeof(MemBuf) * (size_t)p->capbuf);
  }
  MemBuf *b = &p->bufs[p->nbuf];
  b->kind = kind;
  b->node = node;
  b->size = kind == MB_VIEW || size < 0 ? 0 : size;
  b->def = def;
  b->last = last < def ? def : last;
  b->inplace_of = inplace_of;
  b->offset = 0;
  return p->nbuf++;
}

static bool overlap_life(const Block *a, const Block *b) { return a->def <= b->last && b->def <= a->last; }

/* May buffer i join the group of buffer j = its inplace_of (step 1)? */
static bool joins(const MemPlan *p, const int *blk, const Block *bs, const bool *taken, int i) {
  const MemBuf *b = &p->bufs[i];
  int j = b->inplace_of;
  return b->kind == MB_VALUE && j >= 0 && j < i && p->bufs[j].kind == MB_VALUE && blk[j] >= 0 && !taken[j] &&
         p->bufs[j].last == b->def && bs[blk[j]].last == b->def && round_up(p->bufs[j].size) >= round_up(b->size);
}

/* Builds the blocks (step 1); blk[i] is buffer i's block or -1. */
static int make_blocks(MemPlan *p, int *blk, Block *bs) {
  int nb = 0;
  bool *taken = xcalloc((size_t)p->nbuf + 1, sizeof(bool));
  for (int i = 0; i < p->nbuf; i++) {
    MemBuf *b = &p->bufs[i];
    blk[i] = -1;
    if (b->kind == MB_VIEW) continue;
    bool ok = joins(p, blk, bs, taken, i);
    if (!ok) b->inplace_of = -1;
    if (b->size <= 0) continue;
    if (ok) {
      taken[b->inplace_of] = true;
      blk[i] = blk[b->inplace_of];
      Block *g = &bs[blk[i]];
      if (g->last < b->last) g->last = b->last;
      continue;
    }
    bs[nb] = (Block){round_up(b->size), 0, b->def, b->last, i};
    blk[i] = nb++;
  }
  free(taken);
  return nb;
}

/* The lowest offset for b free of the placed blocks near[0..m) (sorted by
 * offset). */
static int64_t lowest_fit(const Block *bs, const int *near, int m, const Block *b) {
  int64_t cand = 0;
  for (int q = 0; q < m; q++) {
    const Block *o = &bs[near[q]];
    if (cand + b->size <= o->off) break;
    if (o->off + o->size > cand) cand = o->off + o->size;
  }
  return cand;
}

/* A block is long when its lifetime spans more positions than the
 * longest of the others once the sqrt(nb) longest are set aside (long_life):
 * place() checks every placed long block against the next one, and only
 * the short ones defined at most that many positions before it (the others
 * ended before it starts). */
static int by_int(const void *x, const void *y) {
  int a = *(const int *)x, b = *(const int *)y;
  return (a > b) - (a < b);
}

static int long_life(const Block *bs, int nb) {
  if (nb == 0) return 0;
  int *len = xmalloc(sizeof(int) * (size_t)nb), s = 1;
  for (int i = 0; i < nb; i++) len[i] = bs[i].last - bs[i].def;
  qsort(len, (size_t)nb, sizeof(int), by_int);
  while ((s + 1) * (s + 1) <= nb) s++;
  int t = len[nb - s < 0 ? 0 : nb - s];
  free(len);
  return t;
}

static const Block *sort_blocks;
static int by_def(const void *x, const void *y);

/* The first of byd[0..nb) (block indices by def) whose def is >= at. */
static int first_def(const Block *bs, const int *byd, int nb, int at) {
  int lo = 0, hi = nb;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (bs[byd[mid]].def < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* Adds block j to near[0..*m), kept sorted by offset. */
static void near_add(const Block *bs, int *near, int *m, int j) {
  int at = (*m)++;
  for (; at > 0 && bs[near[at - 1]].off > bs[j].off; at--) near[at] = near[at - 1];
  near[at] = j;
}

/* Places the blocks in the given order, each at the lowest offset free
 * over its lifetime; returns the arena. The placed blocks alive with a
 * block are found among the long ones and the short ones defined near it
 * (byd: the blocks by def), not among all of them: the same set as a scan
 * of every placed block, so the same offsets (lowest_fit does not depend
 * on the order of blocks at one offset), in time near linear in the
 * graph's size. */
static int64_t place(Block *bs, int nb, const int *order) {
  size_t n1 = (size_t)nb + 1;
  int *near = xmalloc(sizeof(int) * n1), *byd = xmalloc(sizeof(int) * n1), *longs = xmalloc(sizeof(int) * n1);
  bool *placed = xcalloc(n1, sizeof(bool));
  int nlong = 0, life = long_life(bs, nb);
  for (int i = 0; i < nb; i++) byd[i] = i;
  sort_blocks = bs;
  qsort(byd, (size_t)nb, sizeof(int), by_def);
  sort_blocks = NULL;
  int64_t arena = 0;
  for (int k = 0; k < nb; k++) {
    int bi = order[k];
    Block *b = &bs[bi];
    int m = 0; /* placed blocks alive with b, sorted by offset */
    for (int q = 0; q < nlong; q++)
      if (overlap_life(b, &bs[longs[q]])) near_add(bs, near, &m, longs[q]);
    for (int q = first_def(bs, byd, nb, b->def - life); q < nb && bs[byd[q]].def <= b->last; q++) {
      int j = byd[q];
      const Block *o = &bs[j];
      if (placed[j] && o->last - o->def <= life && overlap_life(b, o)) near_add(bs, near, &m, j);
    }
    b->off = lowest_fit(bs, near, m, b);
    if (b->off + b->size > arena) arena = b->off + b->size;
    placed[bi] = true;
    if (b->last - b->def > life) longs[nlong++] = bi;
  }
  free(near);
  free(byd);
  free(longs);
  free(placed);
  return arena;
}

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

/* The peak of the bytes live at one position; with p, the value blocks
 * alone (no scratch: the activation floor). */
typedef struct Event {
  int at;       /* a block's def, or its last + 1 */
  int64_t size; /* + at a def, - past the last */
} Event;

static int by_at(const void *x, const void *y) {
  const Event *a = x, *b = y;
  return (a->at > b->at) - (a->at < b->at);
}

/* One sweep over the defs and ends in position order (a pair loop over
 * the blocks was quadratic in the graph's size); the peak is at some
 * block's def, once every block defined there has been added and every
 * block that ended before it removed. */
static int64_t lower_bound(const Block *bs, int nb, const MemPlan *p) {
  Event *ev = xmalloc(sizeof(Event) * (2 * (size_t)nb + 1));
  int ne = 0;
  int64_t best = 0, sum = 0;
  for (int j = 0; j < nb; j++) {
    if (p && p->bufs[bs[j].first].kind == MB_SCRATCH) continue;
    ev[ne].at = bs[j].def;
    ev[ne++].size = bs[j].size;
    ev[ne].at = bs[j].last + 1;
    ev[ne++].size = -bs[j].size;
  }
  qsort(ev, (size_t)ne, sizeof(Event), by_at);
  for (int i = 0; i < ne;) {
    int at = ev[i].at;
    for (; i < ne && ev[i].at == at; i++) sum += ev[i].size;
    if (sum > best) best = sum;
  }
  free(ev);
  return best;
}

/* Places the blocks in order cmp; returns the arena. */
static int64_t place_sorted(Block *bs, int nb, int *order, int (*cmp)(const void *, const void *)) {
  for (int i = 0; i < nb; i++) order[i] = i;
  sort_blocks = bs;
  qsort(order, (size_t)nb, sizeof(int), cmp);
  sort_blocks = NULL;
  return place(bs, nb, order);
}

static void set_offsets(MemPlan *p, const int *blk, const Block *bs) {
  for (int i = 0; i < p->nbuf; i++) {
    MemBuf *b = &p->bufs[i];
    if (b->kind == MB_VIEW) {
      int j = b->inplace_of;
      b->offset = j >= 0 && j < i ? p->bufs[j].offset : 0;
    } else {
      b->offset = blk[i] >= 0 ? bs[blk[i]].off : 0;
    }
  }
  for (int k = 0; k < p->nslot; k++)
    if (p->slots[k].buf >= 0) p->slots[k].off = p->bufs[p->slots[k].buf].offset;
}

void memplan_place(MemPlan *p) {
  int *blk = xmalloc(sizeof(int) * ((size_t)p->nbuf + 1));
  Block *bs = xmalloc(sizeof(Block) * ((size_t)p->nbuf + 1));
  int *order = xmalloc(sizeof(int) * ((size_t)p->nbuf + 1));
  int64_t *greedy_off = xmalloc(sizeof(int64_t) * ((size_t)p->nbuf + 1));
  int nb = make_blocks(p, blk, bs);
  p->greedy = place_sorted(bs, nb, order, by_size);
  for (int i = 0; i < nb; i++) greedy_off[i] = bs[i].off;
  p->first_fit = place_sorted(bs, nb, order, by_def);
  if (p->greedy <= p->first_fit)
    for (int i = 0; i < nb; i++) bs[i].off = greedy_off[i];
  p->arena = p->greedy <= p->first_fit ? p->greedy : p->first_fit;
  p->lower_bound = lower_bound(bs, nb, NULL);
  p->act_lower = lower_bound(bs, nb, p);
  set_offsets(p, blk, bs);
  free(blk);
  free(bs);
  free(order);
  free(greedy_off);
}

/* ---- the report ------------------------------------------------------------- */

static const char *op_name(const IrNode *n) {
  return !n ? "?" : n->op < OP_COUNT ? op_info[n->op].name : ir_op_name(n->op);
}

static void put_loc(FILE *out, const IrNode *n) {
  if (n && n->loc.file) fprintf(out, "  %s:%d:%d", n->loc.file, n->loc.line, n->loc.col);
  fputc('\n', out);
}

/* "%paraN_name", as the IR prints entry param x. */
static void param_ref(char *s, size_t cap, const IrGraph *g, const IrNode *x) {
  int i = 0;
  while (i < g->nparam && g->params[i] != x) i++;
  snprintf(s, cap, "%%para%d_%s", i + 1, x->name ? x->name : "?");
}

/* What buffer b aliases or is (the line's tail before the location). */
static void buf_note(char *s, size_t cap, const MemPlan *p, const MemBuf *b) {
  s[0] = 0;
  if (b->kind == MB_VIEW && b->inplace_of < 0) snprintf(s, cap, "  view of a param or constant");
  else if (b->inplace_of >= 0)
    snprintf(s, cap, "  %s %%%d", b->kind == MB_VIEW ? "view of" : "in place of", p->bufs[b->inplace_of].def);
  else if (b->kind == MB_VALUE && memplan_x16(p, b->node))
    snprintf(s, cap, "  int8 as x16 rows");
  else if (b->kind == MB_VALUE && b->node->op == IR_LOAD) {
    char par[80];
    param_ref(par, sizeof par, p->g, b->node->in[0]);
    snprintf(s, cap, "  snapshot of %s", par);
  }
}

/* The purpose of scratch buffer i (its slot's), or "". */
static const char *slot_what(const MemPlan *p, int i) {
  for (int k = 0; k < p->nslot; k++)
    if (p->slots[k].buf == i && p->slots[k].what) return p->slots[k].what;
  return "";
}

static void report_buf(FILE *out, const MemPlan *p, int i) {
  const MemBuf *b = &p->bufs[i];
  char id[32], off[32], note[96];
  snprintf(id, sizeof id, "%%%d", b->def);
  const char *kind = b->kind == MB_VALUE ? "value" : b->kind == MB_SCRATCH ? "scratch" : "view";
  if (b->kind == MB_VIEW && b->inplace_of < 0) snprintf(off, sizeof off, "-");
  else snprintf(off, sizeof off, "%lld", (long long)b->offset);
  if (b->kind == MB_SCRATCH) snprintf(note, sizeof note, "  %s", slot_what(p, i));
  else buf_note(note, sizeof note, p, b);
  fprintf(out, "  %-5s %-12s %-8s offset %-8s size %-9lld live [%d, %d]%s", id, op_name(b->node), kind, off,
          (long long)b->size, b->def, b->last, note);
  put_loc(out, b->node);
}

/* A value computed straight into an output or a Parameter. */
static void report_outside(FILE *out, const MemPlan *p, int i) {
  const MemValue *v = &p->val[i];
  const IrNode *n = p->sched[i];
  bool output = v->loc == ML_OUTPUT;
  char id[32], where[32], note[128], par[80];
  snprintf(id, sizeof id, "%%%d", i);
  snprintf(where, sizeof where, "args[%d]", output ? p->out_base + v->idx : v->idx);
  if (output) snprintf(note, sizeof note, "  into output %d", v->idx);
  else {
    param_ref(par, sizeof par, p->g, p->g->params[v->idx]);
    snprintf(note, sizeof note, "  into %s (its Assign copies nothing)", par);
  }
  fprintf(out, "  %-5s %-12s %-8s in %-12s size %-9lld live [%d, %d]%s", id, op_name(n), output ? "output" : "param",
          where, (long long)v->size, v->def, v->last > i ? v->last : i, note);
  put_loc(out, n);
}

/* Does the node at position i compute a result outside the arena (not
 * pass one through: a TupleGetItem, an Assign, a view)? */
static bool outside(const MemPlan *p, int i) {
  const MemValue *v = &p->val[i];
  int op = p->sched[i]->op;
  if (v->view_of || (op >= OP_COUNT && op != IR_FUSION && !v->snapshot)) return false;
  return v->loc == ML_OUTPUT || (v->loc == ML_PARAM && v->param_out);
}

void memplan_report(FILE *out, const MemPlan *p) {
  double ratio = p->lower_bound > 0 ? (double)p->arena / (double)p->lower_bound : 1.0;
  fprintf(out,
          "memory plan for @%s: arena %lld bytes, lower bound %lld bytes (%.2fx); weights %lld bytes "
          "(Parameters and pointer constants); inputs %lld, outputs %lld\n",
          p->g && p->g->name ? p->g->name : "?", (long long)p->arena, (long long)p->lower_bound, ratio,
          (long long)p->weights, (long long)p->inputs, (long long)p->outputs);
  fprintf(out, "  placement: %s (greedy by size: %lld bytes, first fit in order: %lld bytes)\n",
          p->arena < p->first_fit || p->arena == p->greedy ? "greedy by size" : "first fit in order",
          (long long)p->greedy, (long long)p->first_fit);
  for (int i = 0; i < p->nbuf; i++) report_buf(out, p, i);
  int any = 0;
  for (int i = 0; i < p->nnode; i++)
    if (outside(p, i)) {
      if (!any++) fprintf(out, "  computed outside the arena:\n");
      report_outside(out, p, i);
    }
}
