# Bad returns inside a loop on a tensor condition: an error at the line, exit 1.
# RUN: not %msc run %s dtype 2>&1 | FileCheck --check-prefix=DTYPE %s
# DTYPE: return_errors.py:37:9: error: TypeError: Cannot join the return values of different branches, perhaps you need to make them equal.
# DTYPE-NEXT: Type Join Failed: dtype1 = Float32, dtype2 = Int32. (the return value)
# RUN: not %msc run %s text 2>&1 | FileCheck --check-prefix=TEXT %s
# TEXT: return_errors.py:52:13: error: TypeError: a 'return' inside a loop on a tensor condition returns a str: in graph mode it may return tensors and numbers (or tuples of them) only
# A loop past its bound (--max-loop-iterations) is reported at its own line
# by the C (each bounded loop returns its own code to msc run) as by ref:
# RUN: not %msc run --max-loop-iterations=4 %s twoloops 2>&1 | FileCheck --check-prefix=BOUND %s
# RUN: not %msc run --backend=ref --max-loop-iterations=4 %s twoloops 2>&1 | FileCheck --check-prefix=BOUND %s
# BOUND: return_errors.py:63:5: error: RuntimeError: a while loop ran more than its bound of 4 iterations
# BOUND-NEXT: {{^}}    while j < n * 2:
# A Python `while` (its condition a number) with a break in a tensor if
# expands on each path (tests/controlflow/pywhile.py); `while True` never
# ends, an error at its line after 100 iterations:
# RUN: not %msc run %s pywhile 2>&1 | FileCheck --check-prefix=PYW %s
# PYW: return_errors.py:71:5: error: RuntimeError: this 'while' loop, whose condition is not a tensor computed in the graph, still runs after 100 iterations that a 'break', 'continue' or 'return' inside an 'if' on a tensor may have ended: graph mode expands such a loop on each path (as MindSpore expands a while on a constant condition); make its condition a tensor (a Tensor counter, say) so that it is one graph loop
# PYW-NEXT: {{^}}    while True:
# ... and inside another loop, an error at the if:
# RUN: not %msc run %s pywhile_in_for 2>&1 | FileCheck --check-prefix=PYF %s
# PYF: return_errors.py:84:13: error: NotImplementedError: a 'break', 'continue' or 'return' inside an 'if' on a tensor inside a Python 'while' loop that is inside another loop is not supported yet in graph mode; give the 'while' a tensor condition (a Tensor counter, say) to make it a graph loop
import sys
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops

ms.set_context(mode=ms.GRAPH_MODE)
case = sys.argv[1]
x0 = Tensor(np.ones(2, np.float32))
n0 = Tensor(3)


@ms.jit
def dtype(x, n):
    i = 0
    while i < n:
        if x.sum() > 5:
            return x
        if x.sum() < 0:
            return x.astype(ms.int32)
        x = x * 2
        i = i + 1
    return x


@ms.jit
def text(x, n):
    i = 0
    while i < n:
        x = x * 2
        if x.sum() > 5:
            return 'big'
        i = i + 1
    return x


def twoloops(x, n):
    i = 0
    while i < n:
        x = x * 1.5
        i = i + 1
    j = 0
    while j < n * 2:
        x = ops.sin(x)
        j = j + 1
    return x.sum()


@ms.jit
def pywhile(x, n):
    while True:
        if x.sum() > 1e30:
            break
        x = x + 1
    return x


@ms.jit
def pywhile_in_for(x, n):
    for k in range(2):
        i = 0
        while i < 3:
            i += 1
            if x.sum() > 6:
                break
            x = x * 2
    return x


if case == 'twoloops':
    print(ms.jit(ms.grad(twoloops))(x0, n0))
else:
    globals()[case](x0, n0)
