# The one advanced index msc refuses (numpy's boolean scalar index, which
# adds a dimension): a clear TypeError. Index arrays, lists and boolean
# masks work (tests/indexing).
import numpy as np

a = np.arange(5)
print(a[[0, 2]], a[a > 2], a[np.array([-1])])
print(a[True])

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^}}[0 2] [3 4] [4]{{$}}
# CHECK: {{^.*/}}err_advanced_index.py:8:7: error: TypeError: indexing with a boolean scalar (x[True]) is not supported; use a boolean array with the shape of the indexed dimensions{{$}}
