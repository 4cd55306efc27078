# AttributeError on a module.
import math

r = math.square(3)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %s > /dev/null 2>&1; test $? -eq 1
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}attribute_error_module.py:4:5: error: AttributeError: module 'math' has no attribute 'square'{{$}}
# CHECK-NEXT: {{^}}r = math.square(3){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 4, in 
# PY: AttributeError: module 'math' has no attribute 'square'
