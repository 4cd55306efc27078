# UnboundLocalError: a name assigned later in the function is local everywhere in it.
x = 10

def f():
    y = x + 1
    x = 5
    return y

print(f())

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}unbound_local_read.py:5:9: error: UnboundLocalError: cannot access local variable 'x' where it is not associated with a value{{$}}
# CHECK-NEXT: {{^}}    y = x + 1{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{^.*/}}unbound_local_read.py:9:7: note: called from here{{$}}
# CHECK-NEXT: {{^}}print(f()){{$}}
# CHECK-NEXT: {{^}}      ^~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 5, in 
# PY: UnboundLocalError: cannot access local variable 'x' where it is not associated with a value
