# AttributeError on a class object.
class Config:
    lr = 0.1

print(Config.momentum)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}attribute_error_class.py:5:7: error: AttributeError: type object 'Config' has no attribute 'momentum'{{$}}
# CHECK-NEXT: {{^}}print(Config.momentum){{$}}
# CHECK-NEXT: {{^}}      ^~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 5, in 
# PY: AttributeError: type object 'Config' has no attribute 'momentum'
