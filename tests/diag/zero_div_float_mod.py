# ZeroDivisionError from float modulo (message "float modulo").
r = 5.5 % 0.0

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}zero_div_float_mod.py:2:5: error: ZeroDivisionError: float modulo{{$}}
# CHECK-NEXT: {{^}}r = 5.5 % 0.0{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 2, in 
# PY: ZeroDivisionError: float modulo
