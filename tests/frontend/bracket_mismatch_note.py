# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
total = sum([
    1,
    2,
)

# CHECK: {{.*}}bracket_mismatch_note.py:5:1: error: closing parenthesis ')' does not match opening parenthesis '[' on line 2
# CHECK-NEXT: {{^}}){{$}}
# CHECK-NEXT: {{^}}^{{$}}
# CHECK-NEXT: {{.*}}bracket_mismatch_note.py:2:13: note: to close '[' at line 2
# CHECK-NEXT: {{^}}total = sum([{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
# CHECK-NOT: error
