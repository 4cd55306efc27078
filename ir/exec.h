/* exec.h — the reference executor (ir/exec.c): runs an IR module node by
 * node with the eager kernels (ir/rules.c op_run), so any graph can be
 * run without a C compiler (`msc run --backend=ref`), constant folding
 * and `msc compile`'s self-test data need no interpreter, and generated C
 * can be checked against it. Interpreter-free: errors are returned as
 * values (the interpreter's graph_exec, eval/graph.c, raises them at the
 * node's script line).
 *
 * It follows the calling convention of ir.h: params[] holds one tensor per
 * entry-graph param (a Parameter passes its Parameter's buffer, which an
 * Assign writes), and outs[] receives one tensor per ir_outputs() entry:
 * outs[i].data given (the caller allocated the output's type) is written
 * into; outs[i].data NULL gets a new buffer (op_alloc_data: free() it).
 * Print writes through the runtime's output hook exactly as generated C
 * does. Structural ops: MakeTuple/TupleGetItem/Load/Assign/Print/Fusion,
 * PyExecute (through ir_exec_set_interpret's callback),
 * and If/While, whose subgraphs run as calls (If: the taken branch; While:
 * the state in fresh buffers, replaced by each body call's results).
 */
#ifndef MSC_IR_EXEC_H
#define MSC_IR_EXEC_H

#include "ir.h"

typedef struct IrExecError {
  OpErrKind kind;
  char msg[512];
  IrLoc loc;        /* the node that failed (ir_noloc: none) */
  bool at_node;     /* loc is a node's */
} IrExecError;

/* Runs m's entry graph. ws (may be NULL) is the kernels' reusable
 * workspace. Returns false with *err (every buffer the run allocated, the
 * outputs it allocated included, is freed). */
bool ir_exec(IrModule *m, OpTensor *params, OpTensor *outs, OpWorkspace *ws, IrExecError *err);

/* ir_exec that also hands each tensor result of an entry-graph node to
 * observe(ctx, node, result) as soon as the node ran (the result is only
 * valid during the call): msc compile --quantize=int8's calibration. */
typedef void (*IrExecObserve)(void *ctx, const IrNode *n, const OpTensor *t);
bool ir_exec_observed(IrModule *m, OpTensor *params, OpTensor *outs, OpWorkspace *ws, IrExecError *err,
                      IrExecObserve observe, void *ctx);

/* JIT Fallback (eval/graph.c): PyExecute node `id` calls fn(ctx, id, in, out):
 * in[k] is operand k's data, out the result's buffer (the node's type);
 * 0 on success, else the Python call raised (the interpreter keeps the
 * exception). Unset (msc opt, msc compile's library): PyExecute fails. */
typedef int (*IrInterpretFn)(void *ctx, uint32_t id, void *const *in, void *out);
void ir_exec_set_interpret(IrInterpretFn fn, void *ctx);

#endif
