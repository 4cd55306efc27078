# Bitwise operators need bool or integer operands.
import numpy as np

a = np.array([1.5, 2.5])
b = a & a

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %s > /dev/null 2>&1; test $? -eq 1
# CHECK: {{^.*/}}err_dtype_bitwise.py:5:5: error: TypeError: BitwiseAnd: unsupported dtype Float64 (needs bool or integer){{$}}
