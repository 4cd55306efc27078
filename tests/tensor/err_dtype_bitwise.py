# Bitwise operators need bool or integer operands.
import numpy as np

a = np.array([1.5, 2.5])
b = a & a

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_dtype_bitwise.py:5:5: error: TypeError: BitwiseAnd: unsupported dtype Float64 (needs bool or integer){{$}}
