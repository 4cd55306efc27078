# Unary minus on a bool tensor (numpy and MindSpore refuse it).
import mindspore as ms

t = ms.Tensor([True, False])
u = -t

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_dtype_neg_bool.py:5:5: error: TypeError: Neg: the boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead{{$}}
