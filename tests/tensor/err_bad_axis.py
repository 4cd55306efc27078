# A reduction axis outside the array.
import numpy as np

a = np.ones((2, 3))
s = a.sum(axis=2)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %s > /dev/null 2>&1; test $? -eq 1
# CHECK: {{^.*/}}err_bad_axis.py:5:5: error: ValueError: ReduceSum: axis 2 is out of bounds for array of dimension 2{{$}}
