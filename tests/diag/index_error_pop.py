# IndexError: pop from an empty list.
stack = []
stack.pop()

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}index_error_pop.py:3:1: error: IndexError: pop from empty list{{$}}
# CHECK-NEXT: {{^}}stack.pop(){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: IndexError: pop from empty list
