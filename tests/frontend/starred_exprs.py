# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
*a
x = *a
return *a
y = (*a)
z = [*a for a in b]
w = {**a for a in b}
v = {*a for a in b}
u = (*a for a in b)
print(*a, *b, **c)
t = *a, *b

# CHECK: {{.*}}starred_exprs.py:2:1: error: can't use starred expression here
# CHECK-NEXT: {{^}}*a{{$}}
# CHECK-NEXT: {{^}}^~{{$}}
# CHECK-NEXT: {{.*}}starred_exprs.py:3:5: error: can't use starred expression here
# CHECK-NEXT: {{^}}x = *a{{$}}
# CHECK-NEXT: {{^}}    ^~{{$}}
# CHECK-NEXT: {{.*}}starred_exprs.py:4:8: error: can't use starred expression here
# CHECK-NEXT: {{^}}return *a{{$}}
# CHECK-NEXT: {{^}}       ^~{{$}}
# CHECK-NEXT: {{.*}}starred_exprs.py:5:6: error: cannot use starred expression here
# CHECK-NEXT: {{^}}y = (*a){{$}}
# CHECK-NEXT: {{^}}     ^~{{$}}
# CHECK-NEXT: {{.*}}starred_exprs.py:6:6: error: iterable unpacking cannot be used in comprehension
# CHECK-NEXT: {{^}}z = [*a for a in b]{{$}}
# CHECK-NEXT: {{^}}     ^~{{$}}
# CHECK-NEXT: {{.*}}starred_exprs.py:7:6: error: dict unpacking cannot be used in dict comprehension
# CHECK-NEXT: {{^}}w = {**a for a in b}{{$}}
# CHECK-NEXT: {{^}}     ^~~{{$}}
# CHECK-NEXT: {{.*}}starred_exprs.py:8:6: error: iterable unpacking cannot be used in comprehension
# CHECK-NEXT: {{^}}v = {*a for a in b}{{$}}
# CHECK-NEXT: {{^}}     ^~{{$}}
# CHECK-NEXT: {{.*}}starred_exprs.py:9:6: error: iterable unpacking cannot be used in comprehension
# CHECK-NEXT: {{^}}u = (*a for a in b){{$}}
# CHECK-NEXT: {{^}}     ^~{{$}}
# CHECK-NOT: error
