# One name declared both global and nonlocal in the same function: a
# compile-time error, which CPython reports at the first of the two
# declarations.
print("not reached")

def outer():
    level = 1
    def inner():
        global level
        nonlocal level
        return level
    return inner

outer()()

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %msc run %s 2>/dev/null | count 0
# CPython shows the source line with its indentation cut to 4 spaces.
# RUN: not %python %s 2>&1 | FileCheck --strict-whitespace --check-prefix=PY %s
# CHECK: {{^.*/}}nonlocal_and_global.py:9:9: error: name 'level' is nonlocal and global{{$}}
# CHECK-NEXT: {{^}}        global level{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: {{^}}  File "{{.*}}nonlocal_and_global.py", line 9{{$}}
# PY-NEXT: {{^}}    global level{{$}}
# PY-NEXT: {{^}}    ^^^^^^^^^^^^{{$}}
# PY-NEXT: {{^}}SyntaxError: name 'level' is nonlocal and global{{$}}
# PY-NOT: not reached
