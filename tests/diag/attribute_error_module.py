# AttributeError on a module.
import math

r = math.square(3)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}attribute_error_module.py:4:5: error: AttributeError: module 'math' has no attribute 'square'{{$}}
# CHECK-NEXT: {{^}}r = math.square(3){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 4, in 
# PY: AttributeError: module 'math' has no attribute 'square'
