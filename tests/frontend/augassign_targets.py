# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
x + 1 += 1
a, b += 1
[a] -= 1
f() *= 2
x.y **= 2
x[0] //= 2

# CHECK: {{.*}}augassign_targets.py:2:1: error: 'expression' is an illegal expression for augmented assignment
# CHECK-NEXT: {{^}}x + 1 += 1{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{.*}}augassign_targets.py:3:1: error: 'tuple' is an illegal expression for augmented assignment
# CHECK-NEXT: {{^}}a, b += 1{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{.*}}augassign_targets.py:4:1: error: 'list' is an illegal expression for augmented assignment
# CHECK-NEXT: {{^}}[a] -= 1{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
# CHECK-NEXT: {{.*}}augassign_targets.py:5:1: error: 'function call' is an illegal expression for augmented assignment
# CHECK-NEXT: {{^}}f() *= 2{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
# CHECK-NOT: error
