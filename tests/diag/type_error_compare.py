# TypeError: ordering comparison between int and str.
data = [3, "x"]
if data[0] < data[1]:
    print("less")

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}type_error_compare.py:3:4: error: TypeError: '<' not supported between instances of 'int' and 'str'{{$}}
# CHECK-NEXT: {{^}}if data[0] < data[1]:{{$}}
# CHECK-NEXT: {{^}}   ^~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: TypeError: '<' not supported between instances of 'int' and 'str'
