# ValueError: int() of a string that is not a number.
text = "12a"
n = int(text)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}value_error_int.py:3:5: error: ValueError: invalid literal for int() with base 10: '12a'{{$}}
# CHECK-NEXT: {{^}}n = int(text){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: ValueError: invalid literal for int() with base 10: '12a'
