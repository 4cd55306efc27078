# `from M import *` inside a function: a compile-time error (CPython's
# symtable), reported at the '*' before anything runs.
print("not reached")

def area(r):
    from math import *
    return pi * r * r

print(area(2))

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %msc run %s 2>/dev/null | count 0
# RUN: not %python %s 2>&1 | FileCheck --strict-whitespace --check-prefix=PY %s
# CHECK: {{^.*/}}import_star_function.py:6:22: error: import * only allowed at module level{{$}}
# CHECK-NEXT: {{^}}    from math import *{{$}}
# CHECK-NEXT: {{^}}                     ^{{$}}
# CHECK-NOT: {{.}}
# PY: {{^}}  File "{{.*}}import_star_function.py", line 6{{$}}
# PY-NEXT: {{^}}    from math import *{{$}}
# PY-NEXT: {{^}}                     ^{{$}}
# PY-NEXT: {{^}}SyntaxError: import * only allowed at module level{{$}}
# PY-NOT: not reached
