# NameError at module level (a misspelled builtin).
values = [1, 2, 3]
print(lenn(values))

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}name_error_module.py:3:7: error: NameError: name 'lenn' is not defined{{$}}
# CHECK-NEXT: {{^}}print(lenn(values)){{$}}
# CHECK-NEXT: {{^}}      ^~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: NameError: name 'lenn' is not defined
