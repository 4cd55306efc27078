# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
x = foo(1,
        [2, 3],
y = 4

# CHECK: {{.*}}never_closed.py:2:8: error: '(' was never closed
# CHECK-NEXT: {{^}}x = foo(1,{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NOT: error
