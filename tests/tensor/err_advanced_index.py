# Advanced indexing is not supported yet: a clear TypeError.
import numpy as np

a = np.arange(5)
print(a[[0, 2]])

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %s > /dev/null 2>&1; test $? -eq 1
# CHECK: {{^.*/}}err_advanced_index.py:5:7: error: TypeError: advanced indexing (lists, arrays or booleans as indices) is not supported yet; use integers, slices, None and ...{{$}}
