# A user raise of a built-in exception: the caret spans the raise statement.
def set_lr(lr):
    if lr <= 0:
        raise ValueError("learning rate must be positive, got " + str(lr))
    return lr

set_lr(0.1)
set_lr(-1)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}raise_value_error.py:4:9: error: ValueError: learning rate must be positive, got -1{{$}}
# CHECK-NEXT: {{^}}        raise ValueError("learning rate must be positive, got " + str(lr)){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}raise_value_error.py:8:1: note: called from here{{$}}
# CHECK-NEXT: {{^}}set_lr(-1){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 4, in 
# PY: ValueError: learning rate must be positive, got -1
