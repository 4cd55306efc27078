# numpy's scalars are immutable: item assignment is numpy's TypeError.
import numpy as np

a = np.array([1.0, 2.0])
s = a.sum()
s[()] = 0.0

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_np_scalar_setitem.py:6:1: error: TypeError: 'numpy.float64' object does not support item assignment{{$}}
