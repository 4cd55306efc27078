# ZeroDivisionError from float modulo (message "float modulo").
r = 5.5 % 0.0

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %s > /dev/null 2>&1; test $? -eq 1
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}zero_div_float_mod.py:2:5: error: ZeroDivisionError: float modulo{{$}}
# CHECK-NEXT: {{^}}r = 5.5 % 0.0{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 2, in 
# PY: ZeroDivisionError: float modulo
