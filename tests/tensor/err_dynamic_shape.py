# A None dimension is only a declaration (Tensor(shape=[None, 3]) for
# Cell.set_inputs); an op cannot make a tensor of unknown size.
import mindspore as ms

t = ms.ops.zeros((None, 3), ms.float32)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_dynamic_shape.py:5:5: error: TypeError: dynamic shapes are not supported yet (a None dimension in shape){{$}}
