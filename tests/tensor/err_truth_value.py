# The truth value of a multi-element array is ambiguous.
import numpy as np

a = np.array([1, 2])
if a > 0:
    print("yes")

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*/}}err_truth_value.py:5:4: error: ValueError: The truth value of an array with more than one element is ambiguous. Use a.any() or a.all(){{$}}
