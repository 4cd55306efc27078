# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
x0 = = 0
x1 = = 1
x2 = = 2
x3 = = 3
x4 = = 4
x5 = = 5
x6 = = 6
x7 = = 7
x8 = = 8
x9 = = 9
x10 = = 10
x11 = = 11
x12 = = 12
x13 = = 13
x14 = = 14
x15 = = 15
x16 = = 16
x17 = = 17
x18 = = 18
x19 = = 19
x20 = = 20
x21 = = 21
x22 = = 22
x23 = = 23
x24 = = 24

# CHECK: {{.*}}too_many_errors.py:2:6: error: expected an expression
# CHECK-NEXT: {{^}}x0 = = 0{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:3:6: error: expected an expression
# CHECK-NEXT: {{^}}x1 = = 1{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:4:6: error: expected an expression
# CHECK-NEXT: {{^}}x2 = = 2{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:5:6: error: expected an expression
# CHECK-NEXT: {{^}}x3 = = 3{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:6:6: error: expected an expression
# CHECK-NEXT: {{^}}x4 = = 4{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:7:6: error: expected an expression
# CHECK-NEXT: {{^}}x5 = = 5{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:8:6: error: expected an expression
# CHECK-NEXT: {{^}}x6 = = 6{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:9:6: error: expected an expression
# CHECK-NEXT: {{^}}x7 = = 7{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:10:6: error: expected an expression
# CHECK-NEXT: {{^}}x8 = = 8{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:11:6: error: expected an expression
# CHECK-NEXT: {{^}}x9 = = 9{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:12:7: error: expected an expression
# CHECK-NEXT: {{^}}x10 = = 10{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:13:7: error: expected an expression
# CHECK-NEXT: {{^}}x11 = = 11{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:14:7: error: expected an expression
# CHECK-NEXT: {{^}}x12 = = 12{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:15:7: error: expected an expression
# CHECK-NEXT: {{^}}x13 = = 13{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:16:7: error: expected an expression
# CHECK-NEXT: {{^}}x14 = = 14{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:17:7: error: expected an expression
# CHECK-NEXT: {{^}}x15 = = 15{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:18:7: error: expected an expression
# CHECK-NEXT: {{^}}x16 = = 16{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:19:7: error: expected an expression
# CHECK-NEXT: {{^}}x17 = = 17{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:20:7: error: expected an expression
# CHECK-NEXT: {{^}}x18 = = 18{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}too_many_errors.py:21:7: error: expected an expression
# CHECK-NEXT: {{^}}x19 = = 19{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: msc: error: too many errors, stopping
# CHECK-NOT: error
