# TypeError: calling a value that is not callable.
lr = 0.01
step = lr(3)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}type_error_not_callable.py:3:8: error: TypeError: 'float' object is not callable{{$}}
# CHECK-NEXT: {{^}}step = lr(3){{$}}
# CHECK-NEXT: {{^}}       ^~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: TypeError: 'float' object is not callable
