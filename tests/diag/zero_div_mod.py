# ZeroDivisionError from int modulo (CPython 3.11 message).
values = [3, 4, 0]
for v in values:
    print(10 % v)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}zero_div_mod.py:4:11: error: ZeroDivisionError: integer modulo by zero{{$}}
# CHECK-NEXT: {{^}}    print(10 % v){{$}}
# CHECK-NEXT: {{^}}          ^~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 4, in 
# PY: ZeroDivisionError: integer modulo by zero
