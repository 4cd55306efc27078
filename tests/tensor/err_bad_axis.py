# A reduction axis outside the array.
import numpy as np

a = np.ones((2, 3))
s = a.sum(axis=2)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_bad_axis.py:5:5: error: ValueError: ReduceSum: axis 2 is out of bounds for array of dimension 2{{$}}
