# A name assigned in a function before its nonlocal declaration: a
# compile-time error, reported before anything runs.
print("not reached")

def counter():
    count = 0
    def bump():
        count = 1
        nonlocal count
        return count
    return bump

counter()()

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %msc run %s 2>/dev/null | count 0
# CPython shows the source line with its indentation cut to 4 spaces.
# RUN: not %python %s 2>&1 | FileCheck --strict-whitespace --check-prefix=PY %s
# CHECK: {{^.*/}}nonlocal_after_assign.py:9:9: error: name 'count' is assigned to before nonlocal declaration{{$}}
# CHECK-NEXT: {{^}}        nonlocal count{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: {{^}}  File "{{.*}}nonlocal_after_assign.py", line 9{{$}}
# PY-NEXT: {{^}}    nonlocal count{{$}}
# PY-NEXT: {{^}}    ^^^^^^^^^^^^^^{{$}}
# PY-NEXT: {{^}}SyntaxError: name 'count' is assigned to before nonlocal declaration{{$}}
# PY-NOT: not reached
