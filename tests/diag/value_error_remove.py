# ValueError from a list method.
xs = [1, 2]
xs.remove(5)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}value_error_remove.py:3:1: error: ValueError: list.remove(x): x not in list{{$}}
# CHECK-NEXT: {{^}}xs.remove(5){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: ValueError: list.remove(x): x not in list
