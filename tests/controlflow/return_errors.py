# Bad returns inside a loop on a tensor condition: an error at the line, exit 1.
# RUN: not %msc run %s dtype 2>&1 | FileCheck --check-prefix=DTYPE %s
# DTYPE: return_errors.py:24:9: error: TypeError: Cannot join the return values of different branches, perhaps you need to make them equal.
# DTYPE-NEXT: Type Join Failed: dtype1 = Int32, dtype2 = Float32. (the return value)
# RUN: not %msc run %s text 2>&1 | FileCheck --check-prefix=TEXT %s
# TEXT: return_errors.py:37:13: error: TypeError: a 'return' inside a loop on a tensor condition returns a str: in graph mode it may return tensors and numbers (or tuples of them) only
import sys
import numpy as np
import mindspore as ms
from mindspore import Tensor

ms.set_context(mode=ms.GRAPH_MODE)
case = sys.argv[1]
x0 = Tensor(np.ones(2, np.float32))
n0 = Tensor(3)


@ms.jit
def dtype(x, n):
    i = 0
    while i < n:
        if x.sum() > 5:
            return x
        if x.sum() < 0:
            return x.astype(ms.int32)
        x = x * 2
        i = i + 1
    return x


@ms.jit
def text(x, n):
    i = 0
    while i < n:
        x = x * 2
        if x.sum() > 5:
            return 'big'
        i = i + 1
    return x


globals()[case](x0, n0)
