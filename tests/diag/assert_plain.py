# AssertionError without a message: just the class name.
x = 3
assert x > 5

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %s > /dev/null 2>&1; test $? -eq 1
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}assert_plain.py:3:1: error: AssertionError{{$}}
# CHECK-NEXT: {{^}}assert x > 5{{$}}
# CHECK-NEXT: {{^ *\^~*$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: AssertionError
