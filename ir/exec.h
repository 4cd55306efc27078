/* exec.h — the reference executor (ir/exec.c): runs an IR module node by
 * node with the eager kernels (eval/prim.c's kernel rules, through
 * op_kernel_rule), so any graph can be run without a C compiler
 * (`msc run --backend=ref`) and generated C can be checked against it.
 *
 * It follows the calling convention of ir.h: params[] holds one tensor per
 * entry-graph param (a Parameter passes its Parameter tensor), and outs[]
 * receives one tensor per ir_outputs() entry. outs[i] may be preallocated
 * by the caller with the output's type (the executor writes into it) or
 * NULL (the executor allocates it, a new reference). Print writes through
 * the runtime's output hook exactly as generated C does. Structural ops:
 * MakeTuple/TupleGetItem/Load/Print; If/While raise NotImplementedError.
 * Errors raise through the interpreter (rt_raise_op) at the node's script
 * location when it has one.
 */
#ifndef MSC_IR_EXEC_H
#define MSC_IR_EXEC_H

#include "../eval/tensor.h"
#include "ir.h"

void ir_exec(Interp *I, IrModule *m, Tensor *const *params, Tensor **outs);
/* Puts a script location (an IR node's loc) at the innermost end of the
 * traceback of the exception being raised (call between catching it and
 * raising it again). */
void ir_exec_relocate(Interp *I, IrLoc loc);

#endif
