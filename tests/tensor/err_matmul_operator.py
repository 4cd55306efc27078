# The @ operator on ndarrays with mismatched inner dimensions.
import numpy as np

a = np.ones((3, 2))
b = np.ones((3, 2))
def f(p, q):
    return p @ q
f(a, b)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_matmul_operator.py:7:12: error: ValueError: MatMul: cannot multiply (3, 2) by (3, 2): 2 != 3{{$}}
# CHECK-NEXT: {{^}}    return p @ q{{$}}
# CHECK: {{^.*/}}err_matmul_operator.py:8:1: note: called from here{{$}}
