/* fold.h — constant folding's evaluator (passes/constfold.c calls it
 * through PassCtx.fold): runs a primitive's eager kernel on constant
 * operands at compile time. */
#ifndef MSC_FOLD_H
#define MSC_FOLD_H

#include "../ir/ir.h"

/* A PassFoldFn. ctx is the Interp* of the running script, or NULL (msc
 * opt), in which case a private interpreter is made on first use and
 * kept. Returns an IR constant of n's type in m holding n's result, or
 * NULL when n cannot be folded (not a primitive, an operand is not a
 * constant, the kernel raised, the result is not a tensor). */
IrNode *eval_fold(void *ctx, IrModule *m, const IrNode *n);

#endif
