# metaclass= in a class statement: valid Python, but msc does not support
# metaclasses and says so before anything runs (the print below never
# happens under msc; CPython runs the whole script).
print("not reached")

class Meta(type):
    pass

class Model(object, metaclass=Meta):
    pass

print("made", Model.__name__)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %msc run %s 2>/dev/null | count 0
# RUN: %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}metaclass.py:9:21: error: metaclasses are not supported by msc{{$}}
# CHECK-NEXT: {{^}}class Model(object, metaclass=Meta):{{$}}
# CHECK-NEXT: {{^}}                    ^~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: not reached
# PY-NEXT: made Model
