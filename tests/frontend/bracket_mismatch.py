# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
x = [1, 2)
y = {"a": (1, 2]}

# CHECK: {{.*}}bracket_mismatch.py:2:10: error: closing parenthesis ')' does not match opening parenthesis '['
# CHECK-NEXT: {{^}}x = [1, 2){{$}}
# CHECK-NEXT: {{^}}         ^{{$}}
# CHECK-NEXT: {{.*}}bracket_mismatch.py:3:16: error: closing parenthesis ']' does not match opening parenthesis '('
# CHECK-NEXT: {{^}}y = {"a": (1, 2]}{{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
# CHECK-NOT: error
