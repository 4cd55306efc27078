# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
x = 1)
y = [1]]
z = 2

# CHECK: {{.*}}unmatched_paren.py:2:6: error: unmatched ')'
# CHECK-NEXT: {{^}}x = 1){{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}unmatched_paren.py:3:8: error: unmatched ']'
# CHECK-NEXT: {{^}}y = [1]]{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NOT: error
