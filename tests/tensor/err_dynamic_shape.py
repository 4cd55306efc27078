# Dynamic shapes (a None dimension) are the compile-time issue's.
import mindspore as ms

t = ms.Tensor(shape=[None, 3], dtype=ms.float32)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %s > /dev/null 2>&1; test $? -eq 1
# CHECK: {{^.*/}}err_dynamic_shape.py:4:5: error: TypeError: dynamic shapes are not supported yet (a None dimension in shape){{$}}
