# A parameter declared global is a compile-time error (CPython's symtable):
# msc's resolver reports it before anything runs, so the print below never
# happens.
print("not reached")

def scale(factor):
    global factor
    return factor * 2

scale(3)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %msc run %s 2>/dev/null | count 0
# RUN: not %python %s 2>&1 | FileCheck --strict-whitespace --check-prefix=PY %s
# CHECK: {{^.*/}}global_param.py:7:5: error: name 'factor' is parameter and global{{$}}
# CHECK-NEXT: {{^}}    global factor{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: {{^}}  File "{{.*}}global_param.py", line 7{{$}}
# PY-NEXT: {{^}}    global factor{{$}}
# PY-NEXT: {{^}}    ^^^^^^^^^^^^^{{$}}
# PY-NEXT: {{^}}SyntaxError: name 'factor' is parameter and global{{$}}
# PY-NOT: not reached
