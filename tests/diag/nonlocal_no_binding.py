# nonlocal naming a variable that no enclosing function binds (here a
# global): a compile-time error, reported at the nonlocal statement before
# anything runs.
print("not reached")
limit = 10

def make():
    def check(n):
        nonlocal limit
        return n < limit
    return check

make()(3)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %msc run %s 2>/dev/null | count 0
# CPython shows the source line with its indentation cut to 4 spaces.
# RUN: not %python %s 2>&1 | FileCheck --strict-whitespace --check-prefix=PY %s
# CHECK: {{^.*/}}nonlocal_no_binding.py:9:9: error: no binding for nonlocal 'limit' found{{$}}
# CHECK-NEXT: {{^}}        nonlocal limit{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: {{^}}  File "{{.*}}nonlocal_no_binding.py", line 9{{$}}
# PY-NEXT: {{^}}    nonlocal limit{{$}}
# PY-NEXT: {{^}}    ^^^^^^^^^^^^^^{{$}}
# PY-NEXT: {{^}}SyntaxError: no binding for nonlocal 'limit' found{{$}}
# PY-NOT: not reached
