# Issue 18, class 16: an error a primitive reports about its operands names
# the exception's type like every other uncaught exception
# ("error: ValueError: Fill: ..."), and it is that type to `except`.
import sys
import mindspore as ms
from mindspore import ops

if sys.argv[1] == 'fill':
    ops.ones((-1, 3))
if sys.argv[1] == 'caught':
    try:
        ops.ones((-1, 3))
    except ValueError as e:
        print('ValueError', e)
    try:
        ops.matmul(ops.ones((2, 3)), ops.ones((4, 5)))
    except ValueError as e:
        print('ValueError', e)

# RUN: %msc run %s fill 2>&1 | FileCheck --check-prefix=FILL %s; test ${PIPESTATUS[0]} -eq 1
# FILL: op_error_type.py:9:5: error: ValueError: Fill: negative dimensions are not allowed
# RUN: %msc run %s caught | FileCheck --check-prefix=CAUGHT %s
# CAUGHT: ValueError Fill: negative dimensions are not allowed
# CAUGHT-NEXT: ValueError MatMul: cannot multiply (2, 3) by (4, 5): 3 != 4
