# More indices than dimensions.
import mindspore as ms

t = ms.Tensor([1.0, 2.0])
print(t[0, 1])

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_too_many_indices.py:5:7: error: IndexError: too many indices for array: array is 1-dimensional, but 2 were indexed{{$}}
