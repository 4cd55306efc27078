# Bad tensor control flow in a graph: MindSpore's errors at the line, exit 1.
# RUN: not %msc run %s dtype 2>&1 | FileCheck --check-prefix=DTYPE %s
# DTYPE: errors.py:43:5: error: TypeError: Cannot join the return values of different branches, perhaps you need to make them equal.
# DTYPE-NEXT: Type Join Failed: dtype1 = Float32, dtype2 = Int32. (variable 'z')
# DTYPE-NEXT: {{^}}    if x.sum() > y.sum():
# DTYPE-NEXT: {{^}}    ^~~~
# RUN: not %msc run %s shape 2>&1 | FileCheck --check-prefix=SHAPE %s
# SHAPE: errors.py:52:5: error: ValueError: Cannot join the return values of different branches, perhaps you need to make them equal.
# SHAPE-NEXT: Shape Join Failed: shape1 = (2), shape2 = (1). (variable 'z')
# RUN: not %msc run %s kind 2>&1 | FileCheck --check-prefix=KIND %s
# KIND: errors.py:61:5: error: TypeError: Cannot join the return values of different branches, perhaps you need to make them equal.
# KIND-NEXT: Type Join Failed: Abstract type AbstractTensor cannot join with AbstractList. (the return value)
# RUN: not %msc run %s onebranch 2>&1 | FileCheck --check-prefix=ONE %s
# ONE: errors.py:72:12: error: UnboundLocalError: The local variable 'z' is not defined in false branch, but defined in true branch.
# ONE-NEXT: {{^}}    return z
# RUN: not %msc run %s carried 2>&1 | FileCheck --check-prefix=CARRIED %s
# CARRIED: errors.py:78:5: error: TypeError: the loop-carried variable 'x' is a Tensor[Float32] (2,) before the loop and a Tensor[Int32] (2,) after the loop body: its dtype and shape must not change
# RUN: not %msc run %s recursion 2>&1 | FileCheck --check-prefix=REC %s
# REC: errors.py:88:12: error: RecursionError: maximum recursion depth exceeded
# RUN: not %msc run %s ambiguous 2>&1 | FileCheck --check-prefix=AMB %s
# AMB: errors.py:93:8: error: ValueError: The truth value of a Tensor with 2 elements is ambiguous in a graph condition; use .any() or .all()
# RUN: not %msc run %s unbounded 2>&1 | FileCheck --check-prefix=UNB %s
# UNB: errors.py:100:5: error: TypeError: the gradient of this while loop needs a bound on its iterations: its trip count is not known at compile time; pass --max-loop-iterations=N
# UNB-NEXT: {{^}}    while i < n:
# RUN: not %msc run --max-loop-iterations=0 %s unbounded 2>&1 | FileCheck --check-prefix=BADN %s
# BADN: msc: error: '--max-loop-iterations=0': the bound of loop iterations must be a positive integer
# RUN: %msc run %s dtype 2>/dev/null; test $? -eq 1
import sys
import numpy as np
import mindspore as ms
from mindspore import Tensor

ms.set_context(mode=ms.GRAPH_MODE)
case = sys.argv[1]
x0 = Tensor(np.ones(2, np.float32))
y0 = Tensor(np.ones(2, np.float32))
n0 = Tensor(3)



@ms.jit
def dtype(x, y):
    if x.sum() > y.sum():
        z = x
    else:
        z = y.astype(ms.int32)
    return z


@ms.jit
def shape(x, y):
    if x.sum() > y.sum():
        z = x
    else:
        z = y[:1]
    return z


@ms.jit
def kind(x, y):
    if x.sum() > y.sum():
        return x
    return [1, 2, 3]


@ms.jit
def onebranch(x, y):
    if x.sum() > y.sum():
        z = x
    else:
        w = y
    return z


@ms.jit
def carried(x, n):
    i = 0
    while i < n:
        x = x.astype(ms.int32)
        i = i + 1
    return x


@ms.jit
def recursion(x, y):
    if x.sum() > 100:
        return x
    return recursion(x + 1, y)


@ms.jit
def ambiguous(x, y):
    if x > y:
        return x
    return y


def unbounded_fn(x, n):
    i = 0
    while i < n:
        x = x * x
        i = i + 1
    return x.sum()


if case == 'carried':
    carried(x0, n0)
elif case == 'unbounded':
    ms.jit(ms.grad(unbounded_fn))(x0, n0)
else:
    globals()[case](x0, y0)
