/* memplan.h — the arena plan of a graph (passes/memplan.c): every
 * intermediate buffer of the entry graph gets an offset in one workspace
 * (the arena) from liveness, as TFLite Micro's greedy planner and TVM's
 * storage rewrite do.
 *
 * C generation (codegen/emit.c) describes the buffers it needs in
 * schedule order: each value's buffer (def = the node index that writes
 * it, last = the last node index that reads it; outputs and Parameters
 * are the caller's and never planned), scratch of one node (def == last),
 * views that alias another buffer (Reshape/ExpandDims/Squeeze/Flatten:
 * no bytes of their own, the base's lifetime is extended), and buffers
 * that may share their input's storage (in-place elementwise: the input
 * dies at this node and has the same size). memplan_compute then
 * assigns offsets (WS_ALIGN = 64-byte aligned) so that no two buffers
 * live at the same time overlap.
 *
 * The lower bound (DESIGN.md "Generated C") is the peak, over the
 * schedule, of the bytes live at one node: the buffers whose [def, last]
 * contains it, each rounded up to the alignment, scratch included
 * (scratch is memory the node's kernel needs as much as its output),
 * in-place pairs counted once. No plan of this schedule with these
 * kernels can be smaller; memplan aims to reach it (greedy by size, then
 * first-fit by lifetime) and reports the ratio.
 */
#ifndef MSC_MEMPLAN_H
#define MSC_MEMPLAN_H

#include <stdint.h>
#include <stdio.h>

#include "../ir/ir.h"

#define MEMPLAN_ALIGN 64

typedef enum MemBufKind {
  MB_VALUE,   /* a node's result */
  MB_SCRATCH, /* temporary storage of one node's kernel */
  MB_VIEW,    /* a node's result that aliases another buffer: no bytes;
                 inplace_of is the aliased buffer (or -1: a param or a
                 constant, outside the arena); listed for the report */
} MemBufKind;

typedef struct MemBuf {
  MemBufKind kind;
  const IrNode *node; /* the node that defines it (or uses the scratch) */
  int64_t size;       /* bytes (0: nothing to place) */
  int def, last;      /* node indices, inclusive */
  int inplace_of;     /* index of a buffer whose storage it may share
                         (that buffer's last == this def), or -1;
                         memplan_compute sets it to -1 when the pair does
                         not qualify (see memplan.c). MB_VIEW: the base. */
  int64_t offset;     /* result: byte offset in the arena */
} MemBuf;

typedef struct MemPlan {
  int n, cap;
  MemBuf *bufs;
  int64_t arena;       /* result: bytes */
  int64_t lower_bound; /* result: bytes */
  int64_t greedy;      /* result: the arena of greedy by size */
  int64_t first_fit;   /* result: the arena of first fit in def order */
  /* for the report only (filled by the caller): bytes outside the arena */
  int64_t weights;     /* Parameters and constants passed by pointer */
  int64_t inputs, outputs;
} MemPlan;

/* Appends a buffer and returns its index. */
int memplan_add(MemPlan *p, MemBufKind kind, const IrNode *node, int64_t size, int def, int last,
                int inplace_of);
/* Extends buffer i's lifetime to node index last (a view read later). */
void memplan_extend(MemPlan *p, int i, int last);
/* Assigns offsets, arena and lower_bound. Deterministic: two placements
 * (greedy by size, descending, as TFLite Micro's GreedyMemoryPlanner;
 * first fit in def order) and the smaller arena is kept (ties: greedy).
 * May be called again after more memplan_add calls. */
void memplan_compute(MemPlan *p);
/* The --memory-report text: graph name, arena, lower bound, the ratio,
 * then one line per buffer: node (%id and op, script line), kind, offset,
 * size, lifetime [def, last]. */
void memplan_report(FILE *out, const IrGraph *g, const MemPlan *p);
void memplan_free(MemPlan *p);

#endif
