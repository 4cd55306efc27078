# An uncaught exception whose __str__ itself raises: the report names the
# class and says that str() failed (CPython's wording).
class Unprintable(Exception):
    def __str__(self):
        raise ValueError("no text")

raise Unprintable()

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}exception_str_fails.py:7:1: error: Unprintable: <exception str() failed>{{$}}
# CHECK-NEXT: {{^}}raise Unprintable(){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 7, in 
# PY: Unprintable: <exception str() failed>
