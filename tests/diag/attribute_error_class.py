# AttributeError on a class object.
class Config:
    lr = 0.1

print(Config.momentum)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %s > /dev/null 2>&1; test $? -eq 1
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}attribute_error_class.py:5:7: error: AttributeError: type object 'Config' has no attribute 'momentum'{{$}}
# CHECK-NEXT: {{^}}print(Config.momentum){{$}}
# CHECK-NEXT: {{^}}      ^~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 5, in 
# PY: AttributeError: type object 'Config' has no attribute 'momentum'
