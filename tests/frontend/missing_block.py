# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
if x:
pass
for x in y:
pass
while x:
pass
def f():
pass
class A:
pass
if x:
    pass
elif y:
pass
else:
pass
x = 1

# CHECK: {{.*}}missing_block.py:3:1: error: expected an indented block after 'if' statement on line 2
# CHECK-NEXT: {{^}}pass{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{.*}}missing_block.py:5:1: error: expected an indented block after 'for' statement on line 4
# CHECK-NEXT: {{^}}pass{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{.*}}missing_block.py:7:1: error: expected an indented block after 'while' statement on line 6
# CHECK-NEXT: {{^}}pass{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{.*}}missing_block.py:9:1: error: expected an indented block after function definition on line 8
# CHECK-NEXT: {{^}}pass{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{.*}}missing_block.py:11:1: error: expected an indented block after class definition on line 10
# CHECK-NEXT: {{^}}pass{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{.*}}missing_block.py:15:1: error: expected an indented block after 'elif' statement on line 14
# CHECK-NEXT: {{^}}pass{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{.*}}missing_block.py:17:1: error: expected an indented block after 'else' statement on line 16
# CHECK-NEXT: {{^}}pass{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NOT: error
