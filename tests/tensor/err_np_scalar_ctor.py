# numpy's scalar types take a number, a string or an array (numpy's error
# is int()'s).
import numpy as np

print(np.int8('7'), np.float32(None), np.bool_([]))
n = np.int8(object())

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: 7 nan []
# CHECK: {{^.*/}}err_np_scalar_ctor.py:6:5: error: TypeError: int() argument must be a string, a bytes-like object or a real number, not 'object'{{$}}
