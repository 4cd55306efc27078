# A numpy scalar has no len() (numpy's TypeError), unlike a 1-element array.
import numpy as np

a = np.array([3, 4])
print(len(a[:1]))
n = len(a.max())

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: 1
# CHECK: {{^.*/}}err_np_scalar_len.py:6:5: error: TypeError: object of type 'numpy.int64' has no len(){{$}}
