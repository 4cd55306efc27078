# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}unterminated_triple_single.py:6:5: error: unterminated triple-quoted string literal (detected at line 6)
# CHECK-NEXT: {{^}}s = r{{\'\'\'}}abc{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NOT: error
s = r'''abc
