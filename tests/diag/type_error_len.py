# TypeError: len() of an int (a builtin raising from inside).
size = 10
print(len(size))

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}type_error_len.py:3:7: error: TypeError: object of type 'int' has no len(){{$}}
# CHECK-NEXT: {{^}}print(len(size)){{$}}
# CHECK-NEXT: {{^}}      ^~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: TypeError: object of type 'int' has no len()
