# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
if x > 1
    pass

# CHECK: {{.*}}if_colon.py:2:9: error: expected ':'
# CHECK-NEXT: {{^}}if x > 1{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NOT: error
