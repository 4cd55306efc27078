/* memplan.h — the memory plan: where every value of a module's entry graph
 * lives, decided before C is emitted (STYLE.md "Analyses before
 * emission"; QBE's filllive before emit, tinygrad's linearised buffers).
 * codegen/emit.c reads the plan and walks the graph once; `msc opt
 * --memory-report` prints it without emitting anything.
 *
 * Files: memplan.c (the analysis: memplan_compute), memplace.c (placing
 * the arena buffers; the report), scratch.c (the scratch query op_scratch
 * and the kernel geometry it shares with C emission).
 *
 * ---- What the plan says, per node (MemValue, indexed by schedule position)
 *   loc       where the result's data is: ML_PARAM args[idx] (an entry
 *             param, a Parameter read by a Load, or the Parameter a node
 *             computes into), ML_CONST (constant slot idx), ML_OUTPUT
 *             args[out_base + idx] (computed straight into output idx),
 *             ML_ARENA the workspace at off, ML_NONE no data (tuples,
 *             Print, empty tensors).
 *   view_of   a view (ops.def VIEW: Reshape, ExpandDims, Squeeze, Flatten,
 *             Identity, StopGradient of a value of the same element count
 *             and dtype, not computed into an output) copies nothing: its
 *             loc is its operand's, whose lifetime is extended to the
 *             view's last use (transitively).
 *   inplace_of the result is written over this operand's arena buffer:
 *             an INPL op (or an elementwise Fusion when memplan.c is built
 *             with MEMPLAN_FUSION_INPLACE; off, as it always was) whose
 *             operand of the result's exact shape and
 *             element size dies at this node and is read by no other
 *             operand with other strides; the placement keeps the pair
 *             only when the operand's block ends exactly here.
 *   snapshot  a Load of a Parameter that some Assign overwrites between
 *             the Load and a later use of its value: the Load copies the
 *             Parameter into an arena buffer. Other Loads are the
 *             Parameter's data (ML_PARAM).
 *   param_out Assign(p, v) where nothing reads p's current value between
 *             v and the Assign (v itself only elementwise) and v is no
 *             output: v is computed straight into p and the Assign copies
 *             nothing. v's other uses (kernels, Fusions) read it from p,
 *             so no other Assign of p and no If/While may run from v to
 *             the last of them (an optimizer's moments: stored, then read
 *             by the parameter's update).
 *   output    a node with a buffer of its own returned exactly once is
 *             computed straight into its output (ML_OUTPUT); other
 *             outputs are copied at the end.
 *   def, last the lifetime in schedule positions: the node itself to the
 *             last position that reads it (or a view of it); outputs are
 *             read at position nnode (after the last node).
 *   slot0, nslot  the node's kernel scratch: slots[slot0 ..] (MemSlot:
 *             offset and size, 0 = none) as op_scratch answered for the
 *             target.
 * Constants get slots (MemConst): equal ones share; a tensor constant of
 * more than inline_max elements is passed by pointer (args after the
 * params, ir.h's calling convention), others are static arrays.
 *
 * ---- The arena
 * Every arena value and every scratch slot is a MemBuf in schedule order
 * (value or view first, then the node's scratch slots), each with its
 * lifetime [def, last]; memplan_place (memplace.c) gives each an offset
 * (MEMPLAN_ALIGN = 64-byte aligned) so that no two buffers live at the
 * same time overlap. Two placements are tried and the smaller kept:
 * greedy by size (TFLite Micro's GreedyMemoryPlanner) and first fit in
 * schedule order. The lower bound (DESIGN.md "Generated C") is the peak,
 * over the schedule, of the bytes live at one position, scratch included
 * and in-place pairs counted once: no plan of this schedule with these
 * kernels is smaller.
 *
 * ---- Targets and scratch
 * op_scratch(n, target) is the only place that knows how much scratch a
 * kernel takes; the emitter asks the plan for a slot's offset and never
 * computes a size. A target whose kernels differ (an AVX-512 GEMM packing
 * its weights, Cortex-M kernels with smaller blocks) adds a MemIsa and
 * answers differently in scratch.c; the plan and the emitter follow.
 *
 * ---- Regions (If/While)
 * Regions are graphs (ir.h sub[0], sub[1]). A region node's subgraphs are
 * planned as graphs of their own, by the same analysis (memplan_compute's
 * steps, recursively; nested regions nest), and the region node is one
 * position of the enclosing schedule with:
 *   - a value buffer holding its results, one after the other (64-byte
 *     aligned): the If's outputs, the While's state. A TupleGetItem of the
 *     node is a view into it (view_off); the buffer is live from the node
 *     to the last use of any result;
 *   - scratch slot 0 (the region slot), live at the node only: the
 *     subgraphs' arenas at offset 0 (one branch or one of cond/body runs
 *     at a time), then for a While the body's results (next_off) and the
 *     condition's flag (flag_off).
 * Values from outside a region enter it as operands of the node (capture
 * lifts them: ctlflow.c), so liveness crosses the boundary by the usual
 * rule: an operand lives to the node's position. A subgraph's params are
 * pointers to the operands (If) or to the state (While); its outputs are
 * the node's result buffers (If: computed straight into them when the
 * plan can) or, for a While body, the next-state buffers, copied into the
 * state after the body (a body result may read the state it replaces).
 * A state the body returns unchanged (a lifted loop invariant: a weight)
 * is the operand's data itself: no buffer and no copy.
 * This nests the intervals conservatively: a region's slot is the largest
 * of its subgraphs' arenas, reserved for the whole node, so a buffer of
 * a branch never shares bytes with an enclosing value that is dead during
 * the region; the lower bound is computed with the same slots.
 */
#ifndef MSC_MEMPLAN_H
#define MSC_MEMPLAN_H

#include <stdint.h>
#include <stdio.h>

#include "../ir/ir.h"

#define MEMPLAN_ALIGN 64

/* ---- targets and the scratch query (scratch.c) ---------------------------- */

typedef enum MemIsa {
  MEM_ISA_PORTABLE, /* msrt's kernels as built for any target: scratch sizes
                       are the bound over every kernel set msrt picks from
                       (runtime/gemm.c) */
  MEM_ISA_MCU,      /* 32-bit microcontrollers (msc compile --target=cortex-m*):
                       runtime/mcu.c's float32 kernels where they apply
                       (mem_mcu_conv), msrt's elsewhere */
} MemIsa;

typedef struct MemTarget {
  MemIsa isa;
  bool no_simd32; /* a core without Armv7E-M's SIMD (Cortex-M0+): int8 dense
                     layers keep msrt_q8_dense's [N, K] weights
                     (codegen/emit_quant.c.inc) */
} MemTarget;

/* Can QuantDense n (its operands' sources in[0..4]) run on target t as
 * msrt_q8_dense_x16 (scratch.c): a SIMD32 target, constant weights,
 * biases, multipliers and shifts that msrt_q8_pack_dense_x16 takes, no
 * clamp, N % 4 != 3. Pure (packs the blob once to ask). */
bool mem_q8_x16_dense(const IrNode *n, IrNode *const *in, int nin, const MemTarget *t);

/* Does target t run this float32 convolution (dtype dt, group) with
 * runtime/mcu.c's direct kernel, which takes no workspace? The scratch
 * rule and C emission both ask. */
bool mem_mcu_conv(const MemTarget *t, msrt_dtype dt, int64_t group);

/* A tensor's dtype and shape (a scalar is 0-d). */
typedef struct MemShape {
  msrt_dtype dt;
  int ndim;
  int64_t shape[MSRT_MAX_NDIM];
} MemShape;

/* x's type as a MemShape; false when it is not a tensor, a Ref or a
 * scalar of a runtime dtype. */
bool memplan_shape(const IrNode *x, MemShape *s);
int64_t memplan_nelem(const MemShape *s);
int64_t memplan_nbytes(const MemShape *s);

#define MEM_SCRATCH_MAX 8

/* The scratch a node's kernel needs: n slots, each bytes[k] (0: none),
 * what[k] its purpose (for the report). The slots of each kernel, in the
 * order the emitter uses them:
 *   MatMul, BatchMatMul, MatMulExt, a fused MatMul/Conv2D epilogue:
 *     0 the gemm (conv) workspace;
 *   reductions: 0 the permuted copy when the reduced axes are not adjacent;
 *   NCHW ops (Conv2D, pools, BatchNorm, LayerNorm, the backward ops):
 *     0..nin-1 the float32 copy of each float16 operand, nin the float32
 *     result of a float16 op, nin+1 the kernel's workspace (convolutions). */
typedef struct MemScratch {
  int n;
  int64_t bytes[MEM_SCRATCH_MAX];
  const char *what[MEM_SCRATCH_MAX];
} MemScratch;

/* Fills s with the scratch node n (a primitive or a Fusion of the entry
 * graph) needs on target t. An op without scratch, or one whose operand
 * types its kernel would refuse, gets n = 0. Pure. */
void op_scratch(const IrNode *n, const MemTarget *t, MemScratch *s);

/* Kernel geometry the scratch query and the emitter share (one copy). */
typedef struct MemMatmul {
  int64_t m, k, n; /* one product: [m, k] @ [k, n] */
  int nb;          /* batch dims of the result */
  int64_t batch;   /* their element count */
  bool folded;     /* the batch folded into m: batch is 1 and m the rows of
                      every batch of x (below) */
} MemMatmul;

/* The geometry of MatMul-family op on x, y giving out; NULL, or why the
 * operand types do not fit (the emitter's message). With a target t
 * (NULL: never), a batched x (not transposed, every batch its own) times
 * one matrix y is one product of batch * m rows (folded), the same bits
 * as batch products of m rows (every output is the same chain over k)
 * with one sweep over y instead of batch: an RNN's input projection
 * (passes/licm.c) of T steps at batch 1 is one [T, k] @ [k, n] GEMM, not
 * T one-row products. Not where it would add a workspace on a
 * microcontroller (m == 1 there takes none). */
const char *scratch_matmul_dims(int op, const MemShape *x, const MemShape *y, const MemShape *out, bool ta,
                                bool tb, const MemTarget *t, MemMatmul *d);

typedef struct MemReduce {
  int64_t outer, r, inner; /* x as [outer, r, inner], r reduced */
  bool block;              /* the reduced axes are adjacent; else x is
                              permuted (perm) to put them last */
  int64_t perm[MSRT_MAX_NDIM];
  int64_t bad_axis;        /* false returned: the axis out of bounds */
} MemReduce;

bool scratch_reduce_dims(const MemShape *x, const Attrs *a, MemReduce *d);
/* Does a reduction of code over nothing give its identity (no kernel)? */
bool scratch_reduce_identity(int code);

/* ---- the plan (memplan.c) -------------------------------------------------- */

typedef enum MemLoc { ML_NONE, ML_PARAM, ML_CONST, ML_OUTPUT, ML_ARENA } MemLoc;

struct MemPlan;

/* The plan of a region node (If/While): its subgraphs are planned as
 * graphs of their own (their params are the region's operands or its
 * state, their outputs its results), and their arenas live in the
 * region node's scratch slot 0, live at the node only (see "Regions"). */
typedef struct MemRegion {
  struct MemPlan *sub;   /* [2]: If then, else; While cond, body */
  int64_t slot;          /* bytes of the region's scratch slot */
  int nres;              /* results: the If's outputs; the While's state */
  int64_t *res_off;      /* per result: offset in the node's value buffer */
  bool *invariant;       /* While: state k is returned unchanged by the
                            body: it is operand k's data (no buffer, no copy) */
  bool *inplace;         /* While: the body's result k is a
                            TensorScatterUpdate of its param k, the param's
                            only use (a gradient's saved-state stack): the
                            body updates the state buffer in place (its
                            output is the state; no next-state buffer, no
                            copy) */
  int64_t *next_off;     /* While: per state, the body's result in the slot */
  int64_t flag_off;      /* While: the condition's result in the slot */
  int64_t value;         /* bytes of the node's value buffer */
} MemRegion;

typedef struct MemValue {
  MemLoc loc;
  int idx;               /* ML_PARAM: param; ML_OUTPUT: output; ML_CONST: slot */
  int64_t off;           /* ML_ARENA */
  int64_t size;          /* bytes of the result (0: none) */
  int def, last;         /* schedule positions; last -1: never read */
  const IrNode *view_of; /* a view: the operand whose data it is */
  const IrNode *inplace_of; /* written over this operand's buffer */
  bool snapshot;         /* a Load that copies its Parameter */
  bool param_out;        /* computed into Parameter idx (ML_PARAM) */
  int buf;               /* its MemBuf (value or view), or -1 */
  int slot0, nslot;      /* its scratch: slots[slot0 .. slot0 + nslot) */
  MemRegion *region;     /* If/While: the plan of its subgraphs */
  int64_t view_off;      /* a result of a region: its offset in the
                            region's value buffer */
  bool x16;              /* an int8 [M, K] value kept as M x16 rows
                            (msrt_q8_x16_words(K) int32 each; q8_x16_fill) */
} MemValue;

typedef struct MemSlot {
  int64_t off, size;     /* size 0: no scratch in this slot */
  const char *what;
  int buf;               /* its MemBuf, or -1 */
} MemSlot;

typedef struct MemConst {
  IrNode *node;
  bool by_ptr;           /* args[nparam + idx]; else the array FNAME_c<idx> */
  int idx;
  bool dup;              /* equal to an earlier constant: shares its slot */
} MemConst;

typedef enum MemBufKind {
  MB_VALUE,   /* a node's result */
  MB_SCRATCH, /* a scratch slot of one node */
  MB_VIEW,    /* a view: no bytes; inplace_of is the aliased buffer (or
                 -1: a param or a constant, outside the arena) */
} MemBufKind;

typedef struct MemBuf {
  MemBufKind kind;
  const IrNode *node; /* the node that defines it (or uses the scratch) */
  int64_t size;       /* bytes (0: nothing to place) */
  int def, last;      /* schedule positions, inclusive */
  int inplace_of;     /* index of a buffer whose storage it may share (that
                         buffer's last == this def), or -1; the placement
                         clears it when the pair does not qualify. MB_VIEW:
                         the base. */
  int64_t offset;     /* placed: byte offset in the arena */
} MemBuf;

typedef struct MemOptions {
  MemTarget target;
  int64_t inline_max; /* tensor constants with more elements are passed by
                         pointer; 0: 16 */
} MemOptions;

typedef struct MemPlan {
  MemTarget target;
  int depth;             /* 0: the entry graph; regions nest */
  IrGraph *g;
  int nnode;             /* schedule length */
  IrNode **sched;        /* the nodes by position */
  MemValue *val;         /* per position */
  int nslot;
  MemSlot *slots;
  int nconst, nptr, ninline;
  MemConst *consts;      /* in first-use order */
  int nout;
  IrNode **outs;         /* ir_outputs (points into g) */
  int out_base;          /* args index of output 0 */
  /* the arena */
  int nbuf, capbuf;
  MemBuf *bufs;
  int64_t arena, lower_bound, greedy, first_fit;
  int64_t act_lower;     /* the lower bound of the values alone, without the
                            kernels' scratch (the activation floor) */
  /* bytes outside the arena */
  int64_t weights;       /* Parameters and pointer constants */
  int64_t inputs, outputs;
} MemPlan;

/* Plans the entry graph of a verified module m. False with a message in
 * err ("file:line:col: Op: what") when the graph holds something the plan
 * cannot place (non-tensor params or outputs, an Assign to a non-Parameter,
 * If/While). Numbers the entry graph's params and nodes (ir_graph_number);
 * the plan points into m and lives until memplan_free. Deterministic. */
bool memplan_compute(IrModule *m, const MemOptions *o, MemPlan *p, char *err, size_t errcap);
void memplan_free(MemPlan *p);

/* The value x stands for: the element of a TupleGetItem of a MakeTuple,
 * the Parameter of a Load that is no snapshot, the value of an Assign. */
IrNode *memplan_source(const MemPlan *p, IrNode *x);
/* The data operands of primitive or Fusion n: its operands' sources, a
 * tuple operand expanded (malloc'd; count in *nin). */
IrNode **memplan_operands(const MemPlan *p, IrNode *n, int *nin);
/* The constant slot of x, or NULL (not a data constant the plan saw). */
const MemConst *memplan_const(const MemPlan *p, const IrNode *x);
/* Scratch slot k of node n, or NULL when n has no slot k. */
const MemSlot *memplan_slot(const MemPlan *p, const IrNode *n, int k);
/* Is n's value (a QuantizeInt8 or QuantDense of the entry graph) kept as
 * x16 rows? Then the QuantDense nodes that read it and it (when it is one)
 * call msrt_q8_dense_x16 with msrt_q8_pack_dense_x16's blob, and a
 * DequantizeInt8 that reads it msrt_q8_dequantize_x16. */
bool memplan_x16(const MemPlan *p, const IrNode *n);

/* ---- placement and the report (memplace.c) --------------------------------- */

/* Appends a buffer; returns its index. */
int memplan_add(MemPlan *p, MemBufKind kind, const IrNode *node, int64_t size, int def, int last, int inplace_of);
/* Places the buffers: offsets, arena, lower bound (see above). */
void memplan_place(MemPlan *p);
/* The --memory-report text: the arena against its lower bound, each arena
 * buffer (position and op, kind, offset, size, lifetime, what it aliases,
 * snapshots, what a scratch slot is for), then the values computed
 * outside the arena into outputs and Parameters. */
void memplan_report(FILE *out, const MemPlan *p);

#endif
