# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
if (n := len(a)) > 10:
    pass
while chunk := read():
    pass
print(y := 3)

# CHECK: {{.*}}unsupported_walrus.py:2:5: error: assignment expressions (':=') are not supported by msc
# CHECK-NEXT: {{^}}if (n := len(a)) > 10:{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_walrus.py:4:7: error: assignment expressions (':=') are not supported by msc
# CHECK-NEXT: {{^}}while chunk := read():{{$}}
# CHECK-NEXT: {{^}}      ^~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_walrus.py:6:7: error: assignment expressions (':=') are not supported by msc
# CHECK-NEXT: {{^}}print(y := 3){{$}}
# CHECK-NEXT: {{^}}      ^~~~~~{{$}}
# CHECK-NOT: error
