# NameError for an undefined global read inside a function.
def compute():
    return 2 * undefined_thing

compute()

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}name_error.py:3:16: error: NameError: name 'undefined_thing' is not defined{{$}}
# CHECK-NEXT: {{^}}    return 2 * undefined_thing{{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}name_error.py:5:1: note: called from here{{$}}
# CHECK-NEXT: {{^}}compute(){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: NameError: name 'undefined_thing' is not defined
