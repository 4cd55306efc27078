# Reshape to an incompatible size.
import mindspore as ms
from mindspore import ops

t = ms.Tensor([[1, 2, 3], [4, 5, 6]])
print(ops.reshape(t, (4, -1)))

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %s > /dev/null 2>&1; test $? -eq 1
# CHECK: {{^.*/}}err_reshape.py:6:7: error: ValueError: Reshape: cannot reshape array of size 6 into shape (4, -1){{$}}
