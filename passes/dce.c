/* dce.c — dead code elimination: removes nodes whose results are unused
 * and that have no effect, then the subgraphs nothing calls any more.
 *
 * A node is dead when no node of its graph and not the graph's return
 * uses it and it has no effect (ir_has_effect: Load, Assign, Print and
 * If/While/Fusion whose subgraphs hold one stay, used or not). Removing a
 * node can make its operands dead: one sweep from the last node to the
 * first reaches the fixpoint, since an operand always comes before its
 * users. A graph of the module other than the entry that no If, While or
 * Fusion of a live graph names is removed (the module keeps its order).
 *
 * requires: a verifying module (operands are nodes of their own graph).
 * preserves: the order of the nodes and graphs kept, effects.
 * breaks: nothing.
 */
#include <stdlib.h>

#include "passes.h"

static bool dce_graph(IrGraph *g) {
  int *cnt = ir_use_counts(g); /* numbers g */
  bool changed = false;
  for (int i = g->nnode - 1; i >= 0; i--) {
    IrNode *n = g->nodes[i];
    if (cnt[i] > 0 || ir_has_effect(n)) continue;
    n->dead = true;
    changed = true;
    for (int j = 0; j < n->nin; j++) {
      IrNode *o = n->in[j];
      if (o->kind == IR_NK_NODE && o->owner == g) cnt[o->id]--;
    }
  }
  free(cnt);
  if (changed) ir_graph_compact(g);
  return changed;
}

/* Marks the graphs reachable from g (through If/While/Fusion). */
static void mark_live(IrModule *m, IrGraph *g, bool *live) {
  int k = 0;
  while (k < m->ngraph && m->graphs[k] != g) k++;
  if (k == m->ngraph || live[k]) return;
  live[k] = true;
  for (int i = 0; i < g->nnode; i++)
    for (int s = 0; s < 2; s++)
      if (g->nodes[i]->sub[s]) mark_live(m, g->nodes[i]->sub[s], live);
}

static bool drop_unused_graphs(IrModule *m) {
  if (m->ngraph < 2) return false;
  bool *live = xcalloc((size_t)m->ngraph, sizeof(bool));
  mark_live(m, m->graphs[0], live);
  int j = 0;
  for (int i = 0; i < m->ngraph; i++)
    if (live[i]) m->graphs[j++] = m->graphs[i];
  bool changed = j != m->ngraph;
  m->ngraph = j;
  free(live);
  return changed;
}

bool pass_dce(IrModule *m, PassCtx *ctx) {
  (void)ctx;
  bool changed = false;
  /* the entry first: its dead If/While make their subgraphs unused */
  for (int i = 0; i < m->ngraph; i++) changed |= dce_graph(m->graphs[i]);
  changed |= drop_unused_graphs(m);
  return changed;
}
