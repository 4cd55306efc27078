# TypeError: too many positional arguments to a user function.
def f(a, b):
    return a + b

f(1, 2, 3)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}type_error_too_many_args.py:5:1: error: TypeError: f() takes 2 positional arguments but 3 were given{{$}}
# CHECK-NEXT: {{^}}f(1, 2, 3){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 5, in 
# PY: TypeError: f() takes 2 positional arguments but 3 were given
