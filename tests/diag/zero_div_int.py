# ZeroDivisionError from int true division inside a function: the caret spans
# the binop, and the call site gets a note.
def f(a, b):
    return a / b

print(f(1, 0))

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}zero_div_int.py:4:12: error: ZeroDivisionError: division by zero{{$}}
# CHECK-NEXT: {{^}}    return a / b{{$}}
# CHECK-NEXT: {{^}}           ^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}zero_div_int.py:6:7: note: called from here{{$}}
# CHECK-NEXT: {{^}}print(f(1, 0)){{$}}
# CHECK-NEXT: {{^}}      ^~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 4, in 
# PY: ZeroDivisionError: division by zero
