# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
f() = 1
1 = x
x + 1 = 2
a, f() = 1, 2
[a, "s"] = x
None = 1
True = 1
(x for x in y) = 1
*a = b
a, *b, *c = d
x = y = z() = 4
lambda: 1 = 2
a if b else c = 1
a < b = 1
{} = 1
{1} = 1
... = 1
f"{x}" = 1
[x for x in y] = 1

# CHECK: {{.*}}assign_targets.py:2:1: error: cannot assign to function call here. Maybe you meant '==' instead of '='?
# CHECK-NEXT: {{^}}f() = 1{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:3:1: error: cannot assign to literal here. Maybe you meant '==' instead of '='?
# CHECK-NEXT: {{^}}1 = x{{$}}
# CHECK-NEXT: {{^}}^{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:4:1: error: cannot assign to expression here. Maybe you meant '==' instead of '='?
# CHECK-NEXT: {{^}}x + 1 = 2{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:5:4: error: cannot assign to function call
# CHECK-NEXT: {{^}}a, f() = 1, 2{{$}}
# CHECK-NEXT: {{^}}   ^~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:6:5: error: cannot assign to literal
# CHECK-NEXT: {{^}}[a, "s"] = x{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:7:1: error: cannot assign to None
# CHECK-NEXT: {{^}}None = 1{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:8:1: error: cannot assign to True
# CHECK-NEXT: {{^}}True = 1{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:9:1: error: cannot assign to generator expression
# CHECK-NEXT: {{^}}(x for x in y) = 1{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:10:1: error: starred assignment target must be in a list or tuple
# CHECK-NEXT: {{^}}*a = b{{$}}
# CHECK-NEXT: {{^}}^~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:11:8: error: multiple starred expressions in assignment
# CHECK-NEXT: {{^}}a, *b, *c = d{{$}}
# CHECK-NEXT: {{^}}       ^~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:12:9: error: cannot assign to function call
# CHECK-NEXT: {{^}}x = y = z() = 4{{$}}
# CHECK-NEXT: {{^}}        ^~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:13:1: error: cannot assign to lambda here. Maybe you meant '==' instead of '='?
# CHECK-NEXT: {{^}}lambda: 1 = 2{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:14:1: error: cannot assign to conditional expression here. Maybe you meant '==' instead of '='?
# CHECK-NEXT: {{^}}a if b else c = 1{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:15:1: error: cannot assign to comparison here. Maybe you meant '==' instead of '='?
# CHECK-NEXT: {{^}}a < b = 1{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:16:1: error: cannot assign to dict literal here. Maybe you meant '==' instead of '='?
# CHECK-NEXT: {{^}}{} = 1{{$}}
# CHECK-NEXT: {{^}}^~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:17:1: error: cannot assign to set display here. Maybe you meant '==' instead of '='?
# CHECK-NEXT: {{^}}{1} = 1{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:18:1: error: cannot assign to ellipsis here. Maybe you meant '==' instead of '='?
# CHECK-NEXT: {{^}}... = 1{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:19:1: error: cannot assign to f-string expression here. Maybe you meant '==' instead of '='?
# CHECK-NEXT: {{^}}f"{x}" = 1{{$}}
# CHECK-NEXT: {{^}}^~~~~~{{$}}
# CHECK-NEXT: {{.*}}assign_targets.py:20:1: error: cannot assign to list comprehension here. Maybe you meant '==' instead of '='?
# CHECK-NEXT: {{^}}[x for x in y] = 1{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
