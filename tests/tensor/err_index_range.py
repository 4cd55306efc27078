# An index past the end of an axis.
import numpy as np

a = np.arange(6).reshape(2, 3)
print(a[1, 3])

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_index_range.py:5:7: error: IndexError: index 3 is out of bounds for axis 1 with size 3{{$}}
