# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
def f():
    return {"a": [1,

# CHECK: {{.*}}never_closed_eof.py:3:18: error: '[' was never closed
# CHECK-NEXT: {{^}}    return {"a": [1,{{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
# CHECK-NOT: error
