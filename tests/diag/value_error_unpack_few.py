# ValueError: not enough values to unpack.
x, y, z = [1, 2]

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}value_error_unpack_few.py:2:1: error: ValueError: not enough values to unpack (expected 3, got 2){{$}}
# CHECK-NEXT: {{^}}x, y, z = [1, 2]{{$}}
# CHECK-NEXT: {{^ *\^~*$}}
# CHECK-NOT: {{.}}
# PY: line 2, in 
# PY: ValueError: not enough values to unpack (expected 3, got 2)
