# An index past the end of an axis.
import numpy as np

a = np.arange(6).reshape(2, 3)
print(a[1, 3])

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %s > /dev/null 2>&1; test $? -eq 1
# CHECK: {{^.*/}}err_index_range.py:5:7: error: IndexError: index 3 is out of bounds for axis 1 with size 3{{$}}
