# TypeError: iterating over an int.
n = 5
for i in n:
    print(i)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}type_error_not_iterable.py:3:10: error: TypeError: 'int' object is not iterable{{$}}
# CHECK-NEXT: {{^}}for i in n:{{$}}
# CHECK-NEXT: {{^}}         ^{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: TypeError: 'int' object is not iterable
