# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
for f() in x:
    pass
for a, 1 in x:
    pass
y = [1 for g() in x]

# CHECK: {{.*}}for_targets.py:2:5: error: cannot assign to function call
# CHECK-NEXT: {{^}}for f() in x:{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
# CHECK-NEXT: {{.*}}for_targets.py:4:8: error: cannot assign to literal
# CHECK-NEXT: {{^}}for a, 1 in x:{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NEXT: {{.*}}for_targets.py:6:12: error: cannot assign to function call
# CHECK-NEXT: {{^}}y = [1 for g() in x]{{$}}
# CHECK-NEXT: {{^}}           ^~~{{$}}
# CHECK-NOT: error
