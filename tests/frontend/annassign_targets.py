# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
a, b: int
[a, b]: int = 1
f(): int
x.y: int = 1
x[0]: int

# CHECK: {{.*}}annassign_targets.py:2:1: error: only single target (not tuple) can be annotated
# CHECK-NEXT: {{^}}a, b: int{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{.*}}annassign_targets.py:3:1: error: only single target (not list) can be annotated
# CHECK-NEXT: {{^}}[a, b]: int = 1{{$}}
# CHECK-NEXT: {{^}}^~~~~~{{$}}
# CHECK-NEXT: {{.*}}annassign_targets.py:4:1: error: illegal target for annotation
# CHECK-NEXT: {{^}}f(): int{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
# CHECK-NOT: error
