# A functional op called directly from the script: the error is at the
# script's line and the one library frame (ops.matmul) is a note.
import numpy as np
import mindspore as ms
from mindspore import ops

a = ms.Tensor(np.ones((2, 3)), ms.float32)
b = ms.Tensor(np.ones((4, 5)), ms.float32)
c = ops.matmul(a, b)

# ----------------------------------------------------------------------
# RUN: not %msc run %s 2>&1 | FileCheck %s
# CHECK: lib_error_ops.py:9:5: error: {{.*}}(2, 3){{.*}}(4, 5)
# CHECK-NEXT: c = ops.matmul(a, b)
# CHECK: <msc-lib>/mindspore/ops/functional.py:{{[0-9]+}}:{{[0-9]+}}: note: raised here, in library code
