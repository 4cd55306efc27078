# A numpy scalar has no elements to index (numpy's IndexError).
import numpy as np

x = np.float32(1.5)
print(x[()], x[...])
y = x[0]

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_np_scalar_index.py:6:5: error: IndexError: invalid index to scalar variable.{{$}}
# CHECK-NEXT: {{^}}y = x[0]{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
