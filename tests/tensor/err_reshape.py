# Reshape to an incompatible size.
import mindspore as ms
from mindspore import ops

t = ms.Tensor([[1, 2, 3], [4, 5, 6]])
print(ops.reshape(t, (4, -1)))

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_reshape.py:6:7: error: ValueError: Reshape: cannot reshape array of size 6 into shape (4, -1){{$}}
