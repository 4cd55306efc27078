# TypeError: unsupported operand types for a binary operator.
total = 0
items = ["a"]
total = total + items[0]

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}type_error_operand.py:4:9: error: TypeError: unsupported operand type(s) for +: 'int' and 'str'{{$}}
# CHECK-NEXT: {{^}}total = total + items[0]{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 4, in 
# PY: TypeError: unsupported operand type(s) for +: 'int' and 'str'
