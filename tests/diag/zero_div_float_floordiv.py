# ZeroDivisionError from float floor division and modulo.
a = 7.0
b = a % 2.0
c = a // (b - 1.0)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}zero_div_float_floordiv.py:4:5: error: ZeroDivisionError: float floor division by zero{{$}}
# CHECK-NEXT: {{^}}c = a // (b - 1.0){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 4, in 
# PY: ZeroDivisionError: float floor division by zero
