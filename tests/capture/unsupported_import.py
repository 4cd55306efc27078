# RUN: not %msc run --backend=ref %s 2>&1 | FileCheck %s
import mindspore as ms
from mindspore import Tensor

@ms.jit
def f(x):
    import math
    return x * sorted([2, 1])[0]

f(Tensor(1.0))
# CHECK: unsupported_import.py:7:5: error: RuntimeError: Unsupported statement 'Import'. ('import' is outside MindSpore's static graph syntax: move it out of the @ms.jit function or construct, or run in PyNative mode)
