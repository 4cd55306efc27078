# RUN: %msc run --backend=ref --explain %s > %t.out 2> %t.err
# RUN: FileCheck %s --input-file %t.out
# RUN: FileCheck %s --input-file %t.err --check-prefix=EXPLAIN
# RUN: %msc run --backend=ref %s | FileCheck %s --check-prefix=AGAIN
# RUN: rm -rf %t.lib
# RUN: not %msc compile %s -o %t.lib 2>&1 | FileCheck %s --check-prefix=COMPILE
# RUN: test ! -e %t.lib
# JIT Fallback (jit_syntax_level LAX, MindSpore's default): a graph
# tensor's value read in Python (int(x), float(x.asnumpy()), numpy on it,
# len of its array) runs when the graph runs (x.asnumpy() itself, numpy
# operators on it and len() of it are staged: no fallback). msc captures as
# ast; a call that reads such a value becomes an interpreted node
# (PyExecute) inside the one graph, which calls back into the interpreter
# when the graph runs (--explain notes it), keeping ast's semantics
# otherwise (print is the graph's Print, `if` on a tensor an If). The
# values are the ones MindSpore's pages print for the same code
# (tutorials/source_en/compile/python_builtin_functions.md "int", "float",
# "len"; static_graph.md "Basic Operators Support More Data Type").
# msc compile cannot put Python into firmware C: it lists each and stops.
import numpy as np
import mindspore
from mindspore import nn

@mindspore.jit
def func_int(x):
    a = int(3)
    b = int(3.6)
    c = int('12', 16)
    f = int(x)
    return a, b, c, f

@mindspore.jit
def func_float(x):
    a = float(1)
    d = float('123')
    e = float(x.asnumpy())
    return a, d, e

class InnerClass(nn.Cell):
    @mindspore.jit
    def construct(self, x, y):
        return x.asnumpy() + y.asnumpy()

@mindspore.jit
def test_len(w):
    n = np.array([1, 2, 3, 4])
    return len(n), len(w.asnumpy())

@mindspore.jit
def mixed(x):
    y = x * 2
    s = float(y.sum())                # Python, when the graph runs
    z = y * s
    print("z:", z)                    # the graph's Print
    if z.sum() > 100:                 # an If in the graph
        z = z - 100
    return z

print(func_int(mindspore.tensor([-1.0], mindspore.float32)))
# CHECK: (3, 3, 18, -1)
print(func_float(mindspore.tensor([-1], mindspore.int32)))
# CHECK-NEXT: (1.0, 123.0, -1.0)
print(InnerClass()(mindspore.tensor([4, 5]), mindspore.tensor([1, 2])))
# CHECK-NEXT: [5 7]
print(test_len(mindspore.tensor([1, 2, 3, 4])))
# CHECK-NEXT: (4, 4)
for v in (1.0, 4.0):
    print(mixed(mindspore.tensor([v, 2.0])))
# CHECK-NEXT: z:
# CHECK-NEXT: Tensor(shape=[2], dtype=Float32, value=[ 1.20000000e+01  2.40000000e+01])
# CHECK-NEXT: [12. 24.]
# CHECK-NEXT: z:
# CHECK-NEXT: Tensor(shape=[2], dtype=Float32, value=[ 9.60000000e+01  4.80000000e+01])
# CHECK-NEXT: [ -4. -52.]
# AGAIN: [ -4. -52.]
# EXPLAIN: fallback.py:29:9: note: JIT Fallback in 'func_int': converting a tensor to a Python number reads the value of a tensor computed in the graph
# EXPLAIN: fallback.py:36:9: note: JIT Fallback in 'func_float': converting a tensor to a Python number reads the value
# EXPLAIN-NOT: JIT Fallback in 'InnerClass_construct'
# EXPLAIN-NOT: JIT Fallback in 'test_len'
# EXPLAIN: fallback.py:52:9: note: JIT Fallback in 'mixed': converting a tensor to a Python number
# EXPLAIN-SAME: ; an interpreted node (PyExecute) in the graph runs it in Python when the graph runs
# EXPLAIN: msc: explain: 'func_int' (JIT Fallback, jit_syntax_level LAX): 1 call, 1 fallback, 1 interpreted node, 0 pieces run, 0 compiled
# EXPLAIN: msc: explain: 'mixed' (JIT Fallback, jit_syntax_level LAX): 2 calls, 1 fallback, 1 interpreted node, 0 pieces run, 0 compiled
# COMPILE: fallback.py:29:9: error: JIT Fallback in 'func_int' (jit_syntax_level LAX): converting a tensor to a Python number reads the value of a tensor computed in the graph; its interpreted node (PyExecute) calls back into the Python interpreter when the graph runs, which C for firmware cannot do
# COMPILE: fallback.py:52:9: error: JIT Fallback in 'mixed'
# COMPILE: msc: error: 3 JIT Fallbacks (jit_syntax_level LAX): a compiled library cannot run Python; compute those values from the graph's tensors with ops, or move the statements out of the function; nothing was written
