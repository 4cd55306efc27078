# A name read in a function before its global declaration: a compile-time
# error, reported before anything runs.
print("not reached")
total = 0

def add(n):
    print(total)
    global total
    total += n

add(1)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %msc run %s 2>/dev/null | count 0
# RUN: not %python %s 2>&1 | FileCheck --strict-whitespace --check-prefix=PY %s
# CHECK: {{^.*/}}global_after_use.py:8:5: error: name 'total' is used prior to global declaration{{$}}
# CHECK-NEXT: {{^}}    global total{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: {{^}}  File "{{.*}}global_after_use.py", line 8{{$}}
# PY-NEXT: {{^}}    global total{{$}}
# PY-NEXT: {{^}}    ^^^^^^^^^^^^{{$}}
# PY-NEXT: {{^}}SyntaxError: name 'total' is used prior to global declaration{{$}}
# PY-NOT: not reached
