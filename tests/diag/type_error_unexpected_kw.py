# TypeError: an unexpected keyword argument.
def g(x, y=1):
    return x * y

g(1, z=2)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}type_error_unexpected_kw.py:5:1: error: TypeError: g() got an unexpected keyword argument 'z'{{$}}
# CHECK-NEXT: {{^}}g(1, z=2){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 5, in 
# PY: TypeError: g() got an unexpected keyword argument 'z'
