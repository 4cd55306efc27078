# A shape mismatch inside ops.matmul is reported at the user's line.
import numpy as np
import mindspore as ms
from mindspore import ops

x = ms.Tensor(np.ones((2, 3)), ms.float32)
w = ms.Tensor(np.ones((4, 5)), ms.float32)
y = ops.matmul(x, w)
print(y)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_matmul_shape.py:8:5: error: ValueError: MatMul: cannot multiply (2, 3) by (4, 5): 3 != 4{{$}}
# CHECK-NEXT: {{^}}y = ops.matmul(x, w){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: Traceback
