# AssertionError with a message (an f-string, evaluated only on failure).
def check(shape):
    assert len(shape) == 2, f"expected 2 dims, got {len(shape)}"

check((1, 2))
check((1, 2, 3))

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}assert_message.py:3:5: error: AssertionError: expected 2 dims, got 3{{$}}
# CHECK-NEXT: {{^}}    assert len(shape) == 2, f"expected 2 dims, got {len(shape)}"{{$}}
# CHECK-NEXT: {{^ *\^~*$}}
# CHECK-NEXT: {{^.*/}}assert_message.py:6:1: note: called from here{{$}}
# CHECK-NEXT: {{^}}check((1, 2, 3)){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: AssertionError: expected 2 dims, got 3
