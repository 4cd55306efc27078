# An error three calls deep: one note per outer frame, innermost first.
def inner(x):
    return x[5]

def middle(x):
    y = inner(x) + 1
    return y

def outer():
    return middle([0, 1])

outer()

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}nested_calls_notes.py:3:12: error: IndexError: list index out of range{{$}}
# CHECK-NEXT: {{^}}    return x[5]{{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
# CHECK-NEXT: {{^.*/}}nested_calls_notes.py:6:9: note: called from here{{$}}
# CHECK-NEXT: {{^}}    y = inner(x) + 1{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}nested_calls_notes.py:10:12: note: called from here{{$}}
# CHECK-NEXT: {{^}}    return middle([0, 1]){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}nested_calls_notes.py:12:1: note: called from here{{$}}
# CHECK-NEXT: {{^}}outer(){{$}}
# CHECK-NEXT: {{^}}^~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: IndexError: list index out of range
