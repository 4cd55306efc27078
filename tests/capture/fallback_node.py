# RUN: %msc run --backend=ref %s > %t.ref
# RUN: %msc run %s > %t.cc
# RUN: %msc run --mode=pynative %s > %t.py
# RUN: FileCheck %s --input-file %t.cc
# RUN: diff %t.py %t.ref
# RUN: diff %t.py %t.cc
# RUN: %msc run --backend=ref --dump-ir %s 2>&1 >/dev/null | FileCheck %s --check-prefix=IR
# RUN: not %msc run --backend=ref %s raise 2>&1 | FileCheck %s --check-prefix=RAISE
# RUN: not %msc run %s raise 2>&1 | FileCheck %s --check-prefix=RAISE
# RUN: rm -rf %t.lib
# RUN: not %msc compile %s -o %t.lib 2>&1 | FileCheck %s --check-prefix=COMPILE
# RUN: test ! -e %t.lib
# JIT Fallback as an interpreted node (MindSpore's PyExecute): in an ast
# capture with jit_syntax_level LAX, a call of a builtin or library callable
# that needs the value of a tensor computed in the graph (float(), int(),
# .item(), numpy and math functions) becomes a PyExecute node of the one
# graph; when the graph runs it calls back into the interpreter (the
# reference executor and the JIT's C alike). So it also works inside a
# branch or loop on a tensor (an If/While region), where a graph break
# cannot end a piece. A Python number it returns takes part in arithmetic
# as a Python number (float32 stays float32) and is returned as one. The
# values are numpy's for the same computation (float32 throughout); the
# runs are diffed against PyNative. MindSpore: tutorials/source_en/compile/
# static_graph.md "Supporting the Use of Custom Classes"/"Calling the
# Third-party Libraries" (LAX), python_builtin_functions.md "float", "int".
import math
import sys
import numpy as np
import mindspore as ms
from mindspore import Tensor


@ms.jit
def branch(x):
    y = x * 2
    if y.sum() > 3:
        s = float(y.max())      # inside the If's then-region
        z = y / s
    else:
        z = y + 1
    return z


@ms.jit
def loop(x, n):
    i = 0
    while i < n:                # a While: n is a graph input (mutable)
        x = x * 0.5 + float(x.sum())
        i = i + 1
    return x


@ms.jit
def numbers(x):
    k = int(x.sum())
    return x * k, k + 1, k * 2.5, k > 2


@ms.jit
def numpy_calls(x):
    return np.exp(x).item(), math.log(float(x.sum()))


@ms.jit
def logf(x):
    y = x - 2
    return x * math.log(float(y.sum()))


@ms.jit
def show(x):
    s = float(x.sum())
    print("s:", s, x)           # a Python number: Python's print, when the graph runs
    return s


def loss(x):
    y = x * x
    s = float(y.sum())          # a constant to autodiff, as PyNative's float()
    return (y * s).sum()


if sys.argv[-1] == 'raise':
    print(logf(Tensor([3.0], ms.float32)))
    print(logf(Tensor([1.0], ms.float32)))   # log(-1): the callback raises
for v in (1.0, 3.0):
    print(branch(Tensor([v, 0.5], ms.float32)))
print(loop(Tensor([1.0, 2.0], ms.float32), ms.mutable(3)))
print(numbers(Tensor([1, 2], ms.int32)))
print(numpy_calls(Tensor(0.5, ms.float32)))
print(ms.jit(ms.grad(loss))(Tensor([1.0, 2.0], ms.float32)))
print(show(Tensor([1.0, 2.0], ms.float32)))
# CHECK: [3. 2.]
# CHECK-NEXT: [1.         0.16666667]
# CHECK-NEXT: [23.375 23.5  ]
# CHECK-NEXT: (Tensor(shape=[2], dtype=Int32, value= [3, 6]), 4, 7.5, True)
# CHECK-NEXT: (1.6487212181091309, -0.6931471805599453)
# CHECK-NEXT: [10. 20.]
# CHECK-NEXT: s: 3.0 [1. 2.]
# CHECK-NEXT: 3.0
# IR: PyExecute({{.*}}) {id: I64({{[0-9]+}}), call: "float"}
# IR: : (<Tensor[Float32], ()>) -> (<Tensor[Float64], ()>)
# RAISE: [0.]
# RAISE: fallback_node.py:67:16: error: ValueError: math domain error
# RAISE-NEXT: return x * math.log(float(y.sum()))
# COMPILE: fallback_node.py:37:13: error: JIT Fallback in 'branch' (jit_syntax_level LAX): converting a tensor to a Python number reads the value of a tensor computed in the graph; its interpreted node (PyExecute) calls back into the Python interpreter when the graph runs, which C for firmware cannot do
# COMPILE-NEXT: {{^}}        s = float(y.max())
# COMPILE: fallback_node.py:48:23: error: JIT Fallback in 'loop'
# COMPILE: fallback_node.py:55:9: error: JIT Fallback in 'numbers'
# COMPILE: error: JIT Fallback in 'numpy_calls'
# COMPILE: msc: error: {{[0-9]+}} JIT Fallbacks (jit_syntax_level LAX): a compiled library cannot run Python
