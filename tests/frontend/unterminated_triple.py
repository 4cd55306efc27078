# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}unterminated_triple.py:7:5: error: unterminated triple-quoted string literal (detected at line 9)
# CHECK-NEXT: {{^}}s = {{\"\"\"}}abc{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NOT: error
x = 1
s = """abc
def

