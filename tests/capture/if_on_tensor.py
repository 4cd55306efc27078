# RUN: %msc run --backend=ref --dump-ir %s 2>%t.ir | FileCheck %s
# RUN: FileCheck --check-prefix=IR %s < %t.ir
# RUN: not %msc run --backend=ref %s float 2>&1 | FileCheck --check-prefix=FLOAT %s --strict-whitespace
# An `if` on a tensor computed in the graph becomes an If with a region per
# branch (eval/ctlflow.c; tests/controlflow/ has the rest); with
# jit_syntax_level STRICT reading its value as a number stops there.
import sys
import mindspore as ms
from mindspore import Tensor

@ms.jit
def f(x):
    y = x * 2
    if y > 0:
        return y
    return x

@ms.jit
def g(x):
    return float(x * 2)
ms.set_context(jit_syntax_level=ms.STRICT if len(sys.argv) > 1 else ms.LAX)  # STRICT: no JIT Fallback
if len(sys.argv) > 1:
    g(Tensor(1.0))
print(f(Tensor(1.0)), f(Tensor(-1.0)))
# CHECK: 2.0 -1.0
# IR: If(%{{[0-9]+}}, @f_true0, @f_false1,
# IR: subgraph @f_true0(
# IR: subgraph @f_false1(
# FLOAT: if_on_tensor.py:20:12: error: TypeError: converting a tensor to a Python number needs the value of a tensor computed in the graph
