# Integers to negative integer powers (numpy raises ValueError).
import numpy as np

a = np.array([1, 2, 3])
b = a ** np.array([1, -1, 2])

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_int_negative_pow.py:5:5: error: ValueError: Pow: integers to negative integer powers are not allowed{{$}}
