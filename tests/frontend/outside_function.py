# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
return 1
break
continue
nonlocal x
for i in y:
    break
    continue
    def f():
        break
while x:
    pass
else:
    continue
class A:
    return 2
def g():
    nonlocal z
    return 3

# CHECK: {{.*}}outside_function.py:2:1: error: 'return' outside function
# CHECK-NEXT: {{^}}return 1{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}outside_function.py:3:1: error: 'break' outside loop
# CHECK-NEXT: {{^}}break{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{.*}}outside_function.py:4:1: error: 'continue' not properly in loop
# CHECK-NEXT: {{^}}continue{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}outside_function.py:5:1: error: nonlocal declaration not allowed at module level
# CHECK-NEXT: {{^}}nonlocal x{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}outside_function.py:10:9: error: 'break' outside loop
# CHECK-NEXT: {{^}}        break{{$}}
# CHECK-NEXT: {{^}}        ^~~~~{{$}}
# CHECK-NEXT: {{.*}}outside_function.py:14:5: error: 'continue' not properly in loop
# CHECK-NEXT: {{^}}    continue{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}outside_function.py:16:5: error: 'return' outside function
# CHECK-NEXT: {{^}}    return 2{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~{{$}}
# CHECK-NOT: error
