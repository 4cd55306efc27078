# RUN: not %msc run --backend=ref %s 2>&1 | FileCheck %s
# A symbolic tensor stored outside the graph during capture has no value
# afterwards: using it is an error, not a wrong number.
import mindspore as ms
from mindspore import Tensor

kept = []

@ms.jit
def f(x):
    y = x * 3
    kept.append(y)
    return y

print(f(Tensor(2.0)))
print(kept[0] + 1)
# CHECK: 6.0
# CHECK: escaped_tensor.py:16:7: error: RuntimeError: Add: this tensor was computed while a graph was being compiled and has no value outside it; return it from the graph instead
