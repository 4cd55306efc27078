# RUN: rm -rf %t.cache
# RUN: %msc run -v --cache-dir=%t.cache %s 2>%t.err | FileCheck %s --check-prefix=OUT
# RUN: FileCheck %s --check-prefix=LOG --input-file %t.err
# RUN: %msc run -v --backend=ref %s 2>&1 >/dev/null | FileCheck %s --check-prefix=LOG
# One compilation for five calls with the same shapes; a changed constant
# argument recompiles, as does a new shape; ms.mutable makes a number a graph
# input (no recompilation when it changes).
import numpy as np
import mindspore as ms
from mindspore import Tensor

@ms.jit
def scale(x, k):
    return x * k

x = Tensor(np.ones((2, 3)), ms.float32)
for i in range(5):
    out = scale(x, 2)
print(out.sum())
print(scale(x, 3).sum())
print(scale(Tensor(np.ones((4, 3)), ms.float32), 3).sum())
for i in range(3):
    out = scale(x, ms.mutable(i))
print(out.sum())
# OUT: 12.0
# OUT-NEXT: 18.0
# OUT-NEXT: 36.0
# OUT-NEXT: 12.0
# LOG: msc: jit: compiling 'scale' (first call): 1 nodes
# LOG-NOT: compiling
# LOG: msc: jit: compiling 'scale' (argument 2 changed: 2 -> 3)
# LOG: msc: jit: compiling 'scale' (argument 1 changed: Tensor[Float32](2, 3) -> Tensor[Float32](4, 3))
# LOG: msc: jit: compiling 'scale' (argument 1 changed: Tensor[Float32](4, 3) -> Tensor[Float32](2, 3))
# LOG-NOT: compiling
