# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
@dec
    def f(): pass
y := 5
x = 1 2
@dec
x = 3

# CHECK: {{.*}}reporter_misc.py:3:5: error: unexpected indent
# CHECK-NEXT: {{^}}    def f(): pass{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NEXT: {{.*}}reporter_misc.py:4:3: error: assignment expressions (':=') are not supported by msc
# CHECK-NEXT: {{^}}y := 5{{$}}
# CHECK-NEXT: {{^}}  ^~{{$}}
# CHECK-NEXT: {{.*}}reporter_misc.py:5:7: error: invalid syntax
# CHECK-NEXT: {{^}}x = 1 2{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}reporter_misc.py:7:1: error: invalid syntax
# CHECK-NEXT: {{^}}x = 3{{$}}
# CHECK-NEXT: {{^}}^{{$}}
# CHECK-NOT: error
