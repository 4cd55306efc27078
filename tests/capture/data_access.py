# RUN: not %msc run --backend=ref %s f strict 2>&1 | FileCheck %s --check-prefix=F
# RUN: not %msc run --backend=ref %s g strict 2>&1 | FileCheck %s --check-prefix=G
# RUN: not %msc run --backend=ref %s h strict 2>&1 | FileCheck %s --check-prefix=H
# RUN: not %msc run --backend=ref %s k strict 2>&1 | FileCheck %s --check-prefix=K
# RUN: %msc run --backend=ref %s all > %t.lax
# RUN: %msc run --mode=pynative %s all > %t.py
# RUN: diff %t.py %t.lax
# Reading a symbolic tensor's data during capture (float(), .asnumpy().tolist(),
# numpy on it, str() in an f-string): with jit_syntax_level STRICT an error
# at the line that needs it (numpy, a third-party library, at its use);
# with LAX, the default, JIT Fallback runs it and the results are PyNative's.
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
if sys.argv[-1] == 'strict':
    ms.set_context(jit_syntax_level=ms.STRICT)
    fns[sys.argv[1]](Tensor(1.0))
for name in 'fghk':
    print(name, fns[name](Tensor(1.0)))
# F: data_access.py:20:12: error: TypeError: converting a tensor to a Python number needs the value of a tensor computed in the graph
# F-NEXT: return float(y)
# G: data_access.py:24:12: error: {{.*}}needs the value of a tensor computed in the graph
# H: data_access.py:28:12: error: TypeError: the third-party library 'numpy' ('numpy.exp') cannot be used in graph mode when jit_syntax_level is STRICT
# K: data_access.py:32:15: error: TypeError: str() of a tensor needs the value of a tensor computed in the graph
