# AttributeError on None (a function that forgot to return).
def build():
    items = [1]

result = build()
result.append(2)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}attribute_error_none.py:6:1: error: AttributeError: 'NoneType' object has no attribute 'append'{{$}}
# CHECK-NEXT: {{^}}result.append(2){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 6, in 
# PY: AttributeError: 'NoneType' object has no attribute 'append'
