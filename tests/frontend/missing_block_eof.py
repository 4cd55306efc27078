# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}missing_block_eof.py:7:17: error: expected an indented block after function definition on line 7
# CHECK-NEXT: {{^}}    def f(self):{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
# CHECK-NOT: error
class A:
    def f(self):
