# UnboundLocalError: a local read before its assignment (3.11 wording).
count = 0

def bump():
    count += 1
    return count

bump()

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}unbound_local.py:5:5: error: UnboundLocalError: cannot access local variable 'count' where it is not associated with a value{{$}}
# CHECK-NEXT: {{^}}    count += 1{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^.*/}}unbound_local.py:8:1: note: called from here{{$}}
# CHECK-NEXT: {{^}}bump(){{$}}
# CHECK-NEXT: {{^}}^~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 5, in 
# PY: UnboundLocalError: cannot access local variable 'count' where it is not associated with a value
