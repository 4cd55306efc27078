# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
for x in y  # a comment
    pass
while x
    pass
def f(x) -> int
    pass
class A(B)
    pass
if x:
    pass
elif y
    pass
else
    pass
lambda x x

# CHECK: {{.*}}expected_colon_kinds.py:2:11: error: expected ':'
# CHECK-NEXT: {{^}}for x in y  # a comment{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
# CHECK-NEXT: {{.*}}expected_colon_kinds.py:4:8: error: expected ':'
# CHECK-NEXT: {{^}}while x{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NEXT: {{.*}}expected_colon_kinds.py:6:16: error: expected ':'
# CHECK-NEXT: {{^}}def f(x) -> int{{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
# CHECK-NEXT: {{.*}}expected_colon_kinds.py:8:11: error: expected ':'
# CHECK-NEXT: {{^}}class A(B){{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
# CHECK-NEXT: {{.*}}expected_colon_kinds.py:12:7: error: expected ':'
# CHECK-NEXT: {{^}}elif y{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}expected_colon_kinds.py:16:9: error: expected ':'
# CHECK-NEXT: {{^}}lambda x x{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NOT: error
