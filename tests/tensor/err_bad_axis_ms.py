# A bad axis for ops.softmax on a Tensor.
import mindspore as ms
from mindspore import ops

t = ms.Tensor([[1.0, 2.0]])
print(ops.softmax(t, axis=-3))

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_bad_axis_ms.py:6:7: error: ValueError: Softmax: axis -3 is out of bounds for array of dimension 2{{$}}
