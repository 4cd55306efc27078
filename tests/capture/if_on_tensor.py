# RUN: not %msc run --backend=ref %s 2>&1 | FileCheck %s --strict-whitespace
# An `if` on a tensor computed in the graph stops at that line with a hint;
# it never takes a silently wrong branch. (Tensor control flow is a later issue.)
import mindspore as ms
from mindspore import Tensor

@ms.jit
def f(x):
    y = x * 2
    if y > 0:
        return y
    return x

f(Tensor(1.0))
# CHECK: if_on_tensor.py:10:8: error: using a tensor as a condition (if, while, and, or, not, bool()) needs the value of a tensor computed in the graph, which is only known when the graph runs; {{.*}}run this in PyNative mode
# CHECK-NEXT: {{^}}    if y > 0:
# CHECK-NEXT: {{^}}       ^~~~~
# CHECK: if_on_tensor.py:14:1: note: called from here
