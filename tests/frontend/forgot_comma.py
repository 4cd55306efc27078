# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
x = [1 2]
f(a b)
d = {"a": 1 "b": 2}

# CHECK: {{.*}}forgot_comma.py:2:8: error: invalid syntax. Perhaps you forgot a comma?
# CHECK-NEXT: {{^}}x = [1 2]{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NEXT: {{.*}}forgot_comma.py:3:5: error: invalid syntax. Perhaps you forgot a comma?
# CHECK-NEXT: {{^}}f(a b){{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NEXT: {{.*}}forgot_comma.py:4:13: error: invalid syntax. Perhaps you forgot a comma?
# CHECK-NEXT: {{^}}d = {"a": 1 "b": 2}{{$}}
# CHECK-NEXT: {{^}}            ^~~{{$}}
# CHECK-NOT: error
