# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
x = 1
    y = 2
z = 3

# CHECK: {{.*}}unexpected_indent.py:3:5: error: unexpected indent
# CHECK-NEXT: {{^}}    y = 2{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NOT: error
