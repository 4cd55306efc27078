# TypeError: a required argument is missing.
def area(w, h):
    return w * h

print(area(3))

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}type_error_missing_arg.py:5:7: error: TypeError: area() missing 1 required positional argument: 'h'{{$}}
# CHECK-NEXT: {{^}}print(area(3)){{$}}
# CHECK-NEXT: {{^}}      ^~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 5, in 
# PY: TypeError: area() missing 1 required positional argument: 'h'
