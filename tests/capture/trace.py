# RUN: %msc run -v --backend=ref %s 2>%t.err | FileCheck %s
# RUN: FileCheck %s --check-prefix=LOG --input-file %t.err
# capture_mode="trace": the first call runs eagerly and records; Python
# control flow is baked in (the branch taken on the first call), later calls
# with the same signature run the recorded graph.
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops, jit

calls = []

@jit(capture_mode="trace")
def f(x, y):
    calls.append(1)
    if float(x.sum()) > 0:
        return ops.matmul(x, y) + 1
    return ops.matmul(x, y) - 1

a = Tensor(np.ones((2, 3)), ms.float32)
b = Tensor(np.ones((3, 2)), ms.float32)
print(f(a, b))
print(f(-a, b))
print(len(calls))
# CHECK: {{\[\[}}4. 4.]
# CHECK-NEXT: [4. 4.]]
# CHECK-NEXT: {{\[\[}}-2. -2.]
# CHECK-NEXT: [-2. -2.]]
# CHECK-NEXT: 1
# LOG: msc: jit: compiling 'f' (first call)
# LOG-NOT: compiling
