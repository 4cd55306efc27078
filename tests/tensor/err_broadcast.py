# Operands that do not broadcast.
import numpy as np

a = np.zeros((2, 3))
b = np.ones(4, dtype=np.float32)
c = a + b

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_broadcast.py:6:5: error: ValueError: Add: operands could not be broadcast together with shapes (2, 3) (4,){{$}}
