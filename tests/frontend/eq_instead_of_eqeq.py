# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
if x = 1:
    pass
while y = 2:
    pass
z = [a = 1]

# CHECK: {{.*}}eq_instead_of_eqeq.py:2:6: error: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
# CHECK-NEXT: {{^}}if x = 1:{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}eq_instead_of_eqeq.py:4:9: error: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
# CHECK-NEXT: {{^}}while y = 2:{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{.*}}eq_instead_of_eqeq.py:6:8: error: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
# CHECK-NEXT: {{^}}z = [a = 1]{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NOT: error
