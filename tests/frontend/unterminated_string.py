# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
s = 'abc
t = "it's
u = f'x{y}

# CHECK: {{.*}}unterminated_string.py:2:5: error: unterminated string literal (detected at line 2)
# CHECK-NEXT: {{^}}s = 'abc{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NEXT: {{.*}}unterminated_string.py:3:5: error: unterminated string literal (detected at line 3)
# CHECK-NEXT: {{^}}t = "it's{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NEXT: {{.*}}unterminated_string.py:4:5: error: unterminated string literal (detected at line 4)
# CHECK-NEXT: {{^}}u = f'x{y}{{$}}
# CHECK-NEXT: {{^}}    ^~{{$}}
# CHECK-NOT: error
