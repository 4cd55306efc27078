# Assigning a value that does not broadcast into the selected slice.
import numpy as np

a = np.zeros((3, 4))
a[0, 1:3] = np.ones(3)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_setitem_shape.py:5:1: error: ValueError: could not broadcast input array from shape (3,) into shape (2,){{$}}
