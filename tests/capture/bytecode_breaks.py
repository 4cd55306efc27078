# RUN: %msc run --backend=ref --explain %s > %t.bc 2> %t.err
# RUN: %msc run --mode=pynative %s > %t.py
# RUN: diff %t.py %t.bc
# RUN: FileCheck %s --input-file %t.bc --check-prefix=OUT
# RUN: FileCheck %s --input-file %t.err --check-prefix=EXPLAIN
# capture_mode='bytecode': each kind of graph break ends the graph there
# (it runs), the statement runs eagerly and capture resumes; the results
# equal the PyNative run of the same script (diff) and the values worked
# out by hand (OUT); --explain notes every break at its line and column.
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops

@ms.jit(capture_mode='bytecode')
def f(x):
    a = x * 2 + 1                      # [3, 5, 7]
    s = float(a.sum())                 # data access: 15.0
    b = a * s                          # [45, 75, 105]
    n = b.asnumpy()                    # asnumpy
    e = np.maximum(n, 50.0)            # numpy on the value
    c = Tensor(e) - b                  # [5, 0, 0]
    print("c:", c)                     # print of a graph tensor (PyNative format)
    if c.sum() > 1:                    # condition on a tensor
        c = c + 10
    while c.max() < 100:               # loop condition on a tensor
        c = c * 3
    k = sorted([3, 1, 2])              # a call outside the static-graph syntax
    d = [c, k]
    del d                              # a statement outside it
    try:
        q = c / 0.5
    except ZeroDivisionError:
        q = c
    return q + len(k), s

x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
q, s = f(x)
print(q, s)
q, s = f(x * 0)
print(q, s)
# OUT: c: [5. 0. 0.]
# OUT-NEXT: [273. 183. 183.] 15.0
# OUT-NEXT: c: [47. 47. 47.]
# OUT-NEXT: [345. 345. 345.] 3.0
# EXPLAIN: bytecode_breaks.py:17:9: note: graph break in 'f': converting a tensor to a Python number reads the value of a tensor computed in the graph
# EXPLAIN-NEXT: {{^}}    s = float(a.sum())
# EXPLAIN: bytecode_breaks.py:19:9: note: graph break in 'f': asnumpy() reads the value of a tensor computed in the graph
# EXPLAIN: bytecode_breaks.py:22:5: note: graph break in 'f': str() of a tensor reads the value of a tensor computed in the graph
# EXPLAIN: bytecode_breaks.py:23:8: note: graph break in 'f': using a tensor as a condition (if, while, and, or, not, bool()) reads the value of a tensor computed in the graph
# EXPLAIN: bytecode_breaks.py:25:11: note: graph break in 'f': using a tensor as a condition
# EXPLAIN: bytecode_breaks.py:27:9: note: graph break in 'f': sorted() is not supported in graph mode (MindSpore's static graph syntax)
# EXPLAIN: bytecode_breaks.py:29:5: note: graph break in 'f': 'del' is not supported in graph mode
# EXPLAIN: bytecode_breaks.py:30:5: note: graph break in 'f': 'try' is not supported in graph mode
# EXPLAIN-NOT: graph break
# EXPLAIN: msc: explain: 'f' (capture_mode='bytecode'): 2 calls, 8 graph breaks, {{[0-9]+}} pieces run, {{[0-9]+}} compiled
