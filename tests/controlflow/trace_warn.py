# RUN: %msc run %s 2>%t.err | FileCheck %s
# RUN: FileCheck --check-prefix=WARN %s < %t.err
# capture_mode='trace' records the branch the first call takes (seed 004:
# trace cannot see control flow): msc warns once at the line, and later
# calls take that branch whatever their inputs, as MindSpore's trace does.
import numpy as np
import mindspore as ms
from mindspore import Tensor

@ms.jit(capture_mode='trace')
def f(x):
    if x.sum() > 0:
        return x * 2
    return x - 1

print(f(Tensor(np.array([1.0, 2.0], np.float32))))
print(f(Tensor(np.array([-1.0, -2.0], np.float32))))
print(f(Tensor(np.array([3.0, 4.0], np.float32))))
# CHECK: [2. 4.]
# CHECK-NEXT: [-2. -4.]
# CHECK-NEXT: [6. 8.]
# WARN: trace_warn.py:12:8: warning: this condition reads a tensor's value while capture_mode='trace' records the graph: the branch taken now is baked into the graph
# WARN-NEXT: {{^}}    if x.sum() > 0:
# WARN-NOT: warning
