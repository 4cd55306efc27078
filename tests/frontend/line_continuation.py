# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
x = 1 + \ 2
y = 3

# CHECK: {{.*}}line_continuation.py:2:9: error: unexpected character after line continuation character
# CHECK-NEXT: {{^}}x = 1 + \ 2{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NOT: error
