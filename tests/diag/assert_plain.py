# AssertionError without a message: just the class name.
x = 3
assert x > 5

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}assert_plain.py:3:1: error: AssertionError{{$}}
# CHECK-NEXT: {{^}}assert x > 5{{$}}
# CHECK-NEXT: {{^ *\^~*$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: AssertionError
