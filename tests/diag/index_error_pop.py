# IndexError: pop from an empty list.
stack = []
stack.pop()

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %s > /dev/null 2>&1; test $? -eq 1
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}index_error_pop.py:3:1: error: IndexError: pop from empty list{{$}}
# CHECK-NEXT: {{^}}stack.pop(){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: IndexError: pop from empty list
