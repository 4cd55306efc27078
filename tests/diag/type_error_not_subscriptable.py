# TypeError: subscripting an int.
value = 42
first = value[0]

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}type_error_not_subscriptable.py:3:9: error: TypeError: 'int' object is not subscriptable{{$}}
# CHECK-NEXT: {{^}}first = value[0]{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: TypeError: 'int' object is not subscriptable
