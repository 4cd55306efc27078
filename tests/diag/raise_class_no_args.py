# Raising an exception class (no call) and with an empty message.
raise RuntimeError

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}raise_class_no_args.py:2:1: error: RuntimeError{{$}}
# CHECK-NEXT: {{^}}raise RuntimeError{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 2, in 
# PY: RuntimeError
