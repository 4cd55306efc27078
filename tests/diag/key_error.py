# KeyError: the message is the repr of the key.
config = {"lr": 0.1}
epochs = config["epochs"]

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}key_error.py:3:10: error: KeyError: 'epochs'{{$}}
# CHECK-NEXT: {{^}}epochs = config["epochs"]{{$}}
# CHECK-NEXT: {{^}}         ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: KeyError: 'epochs'
