# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
del f()
del a, 1
del *a
del (a, b), [c], d.e, f[0]
del a + b

# CHECK: {{.*}}del_targets.py:2:5: error: cannot delete function call
# CHECK-NEXT: {{^}}del f(){{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
# CHECK-NEXT: {{.*}}del_targets.py:3:8: error: cannot delete literal
# CHECK-NEXT: {{^}}del a, 1{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NEXT: {{.*}}del_targets.py:4:5: error: cannot delete starred
# CHECK-NEXT: {{^}}del *a{{$}}
# CHECK-NEXT: {{^}}    ^~{{$}}
# CHECK-NEXT: {{.*}}del_targets.py:6:5: error: cannot delete expression
# CHECK-NEXT: {{^}}del a + b{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NOT: error
