# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
f(1=2)
f(a.b=1)
f(True=1)
f(a=1, b)
f(**k, b)
f(**k, *a)
f(a=1, a=2)
f(x for x in y, 1)
f(1, x for x in y)
f(x for x in y)
f((x for x in y), 1)
f(a=1, *b, **c, d=2)

# CHECK: {{.*}}call_args.py:2:3: error: expression cannot contain assignment, perhaps you meant "=="?
# CHECK-NEXT: {{^}}f(1=2){{$}}
# CHECK-NEXT: {{^}}  ^~~{{$}}
# CHECK-NEXT: {{.*}}call_args.py:3:3: error: expression cannot contain assignment, perhaps you meant "=="?
# CHECK-NEXT: {{^}}f(a.b=1){{$}}
# CHECK-NEXT: {{^}}  ^~~~~{{$}}
# CHECK-NEXT: {{.*}}call_args.py:4:3: error: cannot assign to True
# CHECK-NEXT: {{^}}f(True=1){{$}}
# CHECK-NEXT: {{^}}  ^~~~{{$}}
# CHECK-NEXT: {{.*}}call_args.py:5:8: error: positional argument follows keyword argument
# CHECK-NEXT: {{^}}f(a=1, b){{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NEXT: {{.*}}call_args.py:6:8: error: positional argument follows keyword argument unpacking
# CHECK-NEXT: {{^}}f(**k, b){{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NEXT: {{.*}}call_args.py:7:8: error: iterable argument unpacking follows keyword argument unpacking
# CHECK-NEXT: {{^}}f(**k, *a){{$}}
# CHECK-NEXT: {{^}}       ^~{{$}}
# CHECK-NEXT: {{.*}}call_args.py:8:8: error: keyword argument repeated: a
# CHECK-NEXT: {{^}}f(a=1, a=2){{$}}
# CHECK-NEXT: {{^}}       ^~~{{$}}
# CHECK-NEXT: {{.*}}call_args.py:9:3: error: Generator expression must be parenthesized
# CHECK-NEXT: {{^}}f(x for x in y, 1){{$}}
# CHECK-NEXT: {{^}}  ^~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}call_args.py:10:6: error: Generator expression must be parenthesized
# CHECK-NEXT: {{^}}f(1, x for x in y){{$}}
# CHECK-NEXT: {{^}}     ^~~~~~~~~~~~{{$}}
# CHECK-NOT: error
