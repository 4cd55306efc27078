# ZeroDivisionError from float division; output printed before the error stays.
x = 1.5
print("before")
y = x / 0.0

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# RUN: not %msc run %s 2>/dev/null | FileCheck --check-prefix=OUT %s
# CHECK: {{^.*/}}zero_div_float.py:4:5: error: ZeroDivisionError: float division by zero{{$}}
# CHECK-NEXT: {{^}}y = x / 0.0{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NOT: {{.}}
# OUT: before
# PY: line 4, in 
# PY: ZeroDivisionError: float division by zero
