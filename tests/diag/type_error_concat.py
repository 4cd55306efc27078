# TypeError: str + int.
n = 3
label = "epoch " + n

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}type_error_concat.py:3:9: error: TypeError: can only concatenate str (not "int") to str{{$}}
# CHECK-NEXT: {{^}}label = "epoch " + n{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: TypeError: can only concatenate str (not "int") to str
