# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
if x:
        a = 1
    b = 2
c = 3

# CHECK: {{.*}}unindent_mismatch.py:4:5: error: unindent does not match any outer indentation level
# CHECK-NEXT: {{^}}    b = 2{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NOT: error
