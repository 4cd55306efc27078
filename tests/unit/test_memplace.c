/* test_memplace.c — the arena placement (passes/memplace.c) against a
 * plain reference: every placed buffer checked against every other one it
 * lives with (scan of all pairs, as the placement did before it looked only
 * at the long blocks and the short ones defined near each block), the
 * greedy-by-size and first-fit orders, the smaller arena, on random
 * lifetimes with a few long-lived buffers among many short ones. */
#include <stdint.h>
#include <stdlib.h>

#include "../../passes/memplan.h"
#include "unit.h"

typedef struct RefBlock {
  int64_t size, off;
  int def, last, idx;
} RefBlock;

static int by_size_ref(const void *x, const void *y) {
  const RefBlock *a = x, *b = y;
  if (a->size != b->size) return a->size > b->size ? -1 : 1;
  if (a->def != b->def) return a->def < b->def ? -1 : 1;
  return (a->idx > b->idx) - (a->idx < b->idx);
}

static int by_def_ref(const void *x, const void *y) {
  const RefBlock *a = x, *b = y;
  if (a->def != b->def) return a->def < b->def ? -1 : 1;
  return (a->idx > b->idx) - (a->idx < b->idx);
}

/* Places o[0..n) in that order, each at the lowest offset clear of every
 * earlier block it lives with: tries each candidate offset (0 and the
 * ends of those blocks) from the lowest up. Writes off[idx]; returns the
 * arena. */
static int64_t ref_place(RefBlock *o, int n, int64_t *off) {
  int64_t arena = 0;
  for (int k = 0; k < n; k++) {
    int64_t best = -1;
    for (int c = -1; c < k; c++) {
      int64_t cand = c < 0 ? 0 : o[c].off + o[c].size;
      if (c >= 0 && !(o[c].def <= o[k].last && o[k].def <= o[c].last)) continue;
      if (best >= 0 && cand >= best) continue;
      bool clear = true;
      for (int q = 0; q < k && clear; q++)
        if (o[q].def <= o[k].last && o[k].def <= o[q].last && cand < o[q].off + o[q].size &&
            o[q].off < cand + o[k].size)
          clear = false;
      if (clear) best = cand;
    }
    o[k].off = best;
    off[o[k].idx] = best;
    if (best + o[k].size > arena) arena = best + o[k].size;
  }
  return arena;
}

static unsigned rng_state = 12345u;
static int rnd(int n) {
  rng_state = rng_state * 1103515245u + 12345u;
  return (int)((rng_state >> 8) % (unsigned)n);
}

/* One random plan of n buffers over n positions; nlong of them long-lived. */
static void check_random(int n, int nlong) {
  MemPlan p;
  memset(&p, 0, sizeof p);
  RefBlock *rb = calloc((size_t)n, sizeof *rb);
  int64_t *g = calloc((size_t)n, sizeof *g), *f = calloc((size_t)n, sizeof *f);
  for (int i = 0; i < n; i++) {
    int def = i, len = rnd(4) == 0 ? rnd(12) : rnd(3);
    if (rnd(n) < nlong) len = rnd(n);
    int64_t size = 1 + rnd(rnd(8) == 0 ? 100000 : 3000);
    memplan_add(&p, rnd(6) == 0 ? MB_SCRATCH : MB_VALUE, NULL, size, def, def + len, -1);
    rb[i] = (RefBlock){(size + MEMPLAN_ALIGN - 1) / MEMPLAN_ALIGN * MEMPLAN_ALIGN, 0, def, def + len, i};
  }
  memplan_place(&p);
  RefBlock *o = calloc((size_t)n, sizeof *o);
  memcpy(o, rb, sizeof *o * (size_t)n);
  qsort(o, (size_t)n, sizeof *o, by_size_ref);
  int64_t greedy = ref_place(o, n, g);
  memcpy(o, rb, sizeof *o * (size_t)n);
  qsort(o, (size_t)n, sizeof *o, by_def_ref);
  int64_t ff = ref_place(o, n, f);
  ASSERT_INT(greedy, p.greedy);
  ASSERT_INT(ff, p.first_fit);
  ASSERT_INT(greedy <= ff ? greedy : ff, p.arena);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    if (p.bufs[i].offset != (greedy <= ff ? g[i] : f[i]) && bad++ < 3)
      UNIT_FAIL("n %d: buffer %d at %lld, the reference's %lld", n, i, (long long)p.bufs[i].offset,
                (long long)(greedy <= ff ? g[i] : f[i]));
    for (int j = 0; j < i; j++) /* no two buffers alive at once share a byte */
      if (rb[i].def <= rb[j].last && rb[j].def <= rb[i].last &&
          p.bufs[i].offset < p.bufs[j].offset + rb[j].size && p.bufs[j].offset < p.bufs[i].offset + rb[i].size &&
          bad++ < 3)
        UNIT_FAIL("n %d: buffers %d and %d overlap", n, i, j);
  }
  free(p.bufs);
  free(rb);
  free(o);
  free(g);
  free(f);
}

TEST(placement_matches_the_all_pairs_reference) {
  for (int n = 1; n <= 40; n++) check_random(n, n / 8);
  for (int r = 0; r < 12; r++) check_random(150 + 37 * r, r);
  check_random(600, 0);
  check_random(600, 60);
}

/* Every buffer alive over the whole schedule: all long, none short. */
TEST(all_long_lived) {
  MemPlan p;
  memset(&p, 0, sizeof p);
  for (int i = 0; i < 50; i++) memplan_add(&p, MB_VALUE, NULL, 64 * (1 + i % 5), i, 49, -1);
  memplan_place(&p);
  int64_t sum = 0;
  for (int i = 0; i < 50; i++) sum += 64 * (1 + i % 5);
  ASSERT_INT(sum, p.arena); /* nothing can share */
  ASSERT_INT(sum, p.lower_bound);
  free(p.bufs);
}

UNIT_MAIN()
