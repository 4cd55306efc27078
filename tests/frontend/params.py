# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
def f(a, a): pass
def g(a=1, b): pass
def h(*, **k): pass
def i(*a, *b): pass
def j(**k, a): pass
def k(*): pass
lam = lambda a, a: 0
lam2 = lambda a=1, b: 0
lam3 = lambda *, b: b
def ok(a, b=2, *args, c, d=4, **kw): pass
def ok2(a, *, b): pass

# CHECK: {{.*}}params.py:2:10: error: duplicate argument 'a' in function definition
# CHECK-NEXT: {{^}}def f(a, a): pass{{$}}
# CHECK-NEXT: {{^}}         ^{{$}}
# CHECK-NEXT: {{.*}}params.py:3:12: error: non-default argument follows default argument
# CHECK-NEXT: {{^}}def g(a=1, b): pass{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
# CHECK-NEXT: {{.*}}params.py:4:7: error: named arguments must follow bare *
# CHECK-NEXT: {{^}}def h(*, **k): pass{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}params.py:5:11: error: * argument may appear only once
# CHECK-NEXT: {{^}}def i(*a, *b): pass{{$}}
# CHECK-NEXT: {{^}}          ^~{{$}}
# CHECK-NEXT: {{.*}}params.py:6:12: error: arguments cannot follow var-keyword argument
# CHECK-NEXT: {{^}}def j(**k, a): pass{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
# CHECK-NEXT: {{.*}}params.py:7:7: error: named arguments must follow bare *
# CHECK-NEXT: {{^}}def k(*): pass{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}params.py:8:17: error: duplicate argument 'a' in function definition
# CHECK-NEXT: {{^}}lam = lambda a, a: 0{{$}}
# CHECK-NEXT: {{^}}                ^{{$}}
# CHECK-NEXT: {{.*}}params.py:9:20: error: non-default argument follows default argument
# CHECK-NEXT: {{^}}lam2 = lambda a=1, b: 0{{$}}
# CHECK-NEXT: {{^}}                   ^{{$}}
# CHECK-NOT: error
