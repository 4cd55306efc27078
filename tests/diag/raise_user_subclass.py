# A user exception subclass, raised from a method two calls deep.
class ShapeError(ValueError):
    pass

class Layer:
    def forward(self, x):
        if len(x) != 3:
            raise ShapeError("bad input length %d" % len(x))
        return x

def run(layer, data):
    return layer.forward(data)

run(Layer(), [1, 2])

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}raise_user_subclass.py:8:13: error: ShapeError: bad input length 2{{$}}
# CHECK-NEXT: {{^}}            raise ShapeError("bad input length %d" % len(x)){{$}}
# CHECK-NEXT: {{^}}            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}raise_user_subclass.py:12:12: note: called from here{{$}}
# CHECK-NEXT: {{^}}    return layer.forward(data){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}raise_user_subclass.py:14:1: note: called from here{{$}}
# CHECK-NEXT: {{^}}run(Layer(), [1, 2]){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 8, in 
# PY: ShapeError: bad input length 2
