# RUN: not %msc run --backend=ref %s f 2>&1 | FileCheck %s --check-prefix=F
# RUN: not %msc run --backend=ref %s g 2>&1 | FileCheck %s --check-prefix=G
# RUN: not %msc run --backend=ref %s h 2>&1 | FileCheck %s --check-prefix=H
# RUN: not %msc run --backend=ref %s k 2>&1 | FileCheck %s --check-prefix=K
# Reading a symbolic tensor's data during capture is an error at the line
# that needs it: float(), .asnumpy().tolist(), .item() of numpy on it, str() in an f-string.
import sys
import numpy as np
import mindspore as ms
from mindspore import Tensor

@ms.jit
def f(x):
    y = x + 1
    return float(y)

@ms.jit
def g(x):
    return x.asnumpy().tolist()

@ms.jit
def h(x):
    return np.exp(x * 2).item()

@ms.jit
def k(x):
    print(f"x={x * 2}")
    return x

fns = {'f': f, 'g': g, 'h': h, 'k': k}
fns[sys.argv[1]](Tensor(1.0))
# F: data_access.py:15:12: error: TypeError: converting a tensor to a Python number needs the value of a tensor computed in the graph
# F-NEXT: return float(y)
# G: data_access.py:19:12: error: {{.*}}needs the value of a tensor computed in the graph
# H: data_access.py:23:12: error: {{.*}}needs the value of a tensor computed in the graph
# K: data_access.py:27:15: error: TypeError: str() of a tensor needs the value of a tensor computed in the graph
