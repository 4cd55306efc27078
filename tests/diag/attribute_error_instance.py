# AttributeError on an instance.
class Net:
    def __init__(self):
        self.layers = []

net = Net()
print(net.weights)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}attribute_error_instance.py:7:7: error: AttributeError: 'Net' object has no attribute 'weights'{{$}}
# CHECK-NEXT: {{^}}print(net.weights){{$}}
# CHECK-NEXT: {{^}}      ^~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 7, in 
# PY: AttributeError: 'Net' object has no attribute 'weights'
