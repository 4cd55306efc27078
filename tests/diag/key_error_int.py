# KeyError with an int key, inside nested calls.
table = {1: "one"}

def lookup(k):
    return table[k]

def show(k):
    print(lookup(k))

show(2)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}key_error_int.py:5:12: error: KeyError: 2{{$}}
# CHECK-NEXT: {{^}}    return table[k]{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}key_error_int.py:8:11: note: called from here{{$}}
# CHECK-NEXT: {{^}}    print(lookup(k)){{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}key_error_int.py:10:1: note: called from here{{$}}
# CHECK-NEXT: {{^}}show(2){{$}}
# CHECK-NEXT: {{^}}^~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 5, in 
# PY: KeyError: 2
