# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
x = b"abc"
y = rb'\d'

# CHECK: {{.*}}bytes_literal.py:2:5: error: bytes literals are not supported by msc
# CHECK-NEXT: {{^}}x = b"abc"{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NEXT: {{.*}}bytes_literal.py:3:5: error: bytes literals are not supported by msc
# CHECK-NEXT: {{^}}y = rb'\d'{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NOT: error
