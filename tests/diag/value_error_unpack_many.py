# ValueError: too many values to unpack.
pair = (1, 2, 3)
a, b = pair

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}value_error_unpack_many.py:3:1: error: ValueError: too many values to unpack (expected 2){{$}}
# CHECK-NEXT: {{^}}a, b = pair{{$}}
# CHECK-NEXT: {{^ *\^~*$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: ValueError: too many values to unpack (expected 2)
