# RecursionError: unbounded recursion is reported as a diagnostic (never a C
# stack overflow); the call chain notes may be abbreviated, so only the error
# line is pinned.
def down(n):
    return down(n + 1)

down(0)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}recursion_error.py:5:12: error: RecursionError: maximum recursion depth exceeded{{$}}
# CHECK-NEXT: {{^}}    return down(n + 1){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~{{$}}
# PY: line 5, in 
# PY: RecursionError: maximum recursion depth exceeded
