# RUN: not %msc run --backend=ref %s 2>&1 | FileCheck %s
# ms.jit(capture_mode='bytecode', fullgraph=True) (MindSpore's argument)
# turns a graph break into the error ast capture gives, at its line.
import mindspore as ms
from mindspore import Tensor

@ms.jit(capture_mode='bytecode')
def loose(x):
    y = x + 1
    return float(y)

@ms.jit(capture_mode='bytecode', fullgraph=True)
def strict(x):
    y = x + 1
    return float(y)

print(loose(Tensor(1.0)))
# CHECK: 2.0
print(strict(Tensor(1.0)))
# CHECK: bytecode_fullgraph.py:15:12: error: TypeError: converting a tensor to a Python number needs the value of a tensor computed in the graph
# CHECK-NEXT: {{^}}    return float(y)
# CHECK-NEXT: {{^}}           ^~~~~~~~
