# ZeroDivisionError from int floor division at module level.
n = 0
total = 10
share = total // n
print(share)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}zero_div_floordiv.py:4:9: error: ZeroDivisionError: integer division or modulo by zero{{$}}
# CHECK-NEXT: {{^}}share = total // n{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 4, in 
# PY: ZeroDivisionError: integer division or modulo by zero
