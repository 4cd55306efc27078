# An error inside a lambda called by a builtin (map) and consumed by list().
values = [1, 0, 2]
inverses = list(map(lambda v: 1 / v, values))

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}error_in_lambda_map.py:3:31: error: ZeroDivisionError: division by zero{{$}}
# CHECK-NEXT: {{^}}inverses = list(map(lambda v: 1 / v, values)){{$}}
# CHECK-NEXT: {{^}}                              ^~~~~{{$}}
# PY: line 3, in 
# PY: ZeroDivisionError: division by zero
