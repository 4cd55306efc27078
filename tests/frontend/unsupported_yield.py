# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
def gen():
    yield
    yield 1, 2
    x = yield from range(3)
    y = (yield)
s = f"{yield}"

# CHECK: {{.*}}unsupported_yield.py:3:5: error: 'yield' expressions are not supported by msc
# CHECK-NEXT: {{^}}    yield{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_yield.py:4:5: error: 'yield' expressions are not supported by msc
# CHECK-NEXT: {{^}}    yield 1, 2{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_yield.py:5:9: error: 'yield' expressions are not supported by msc
# CHECK-NEXT: {{^}}    x = yield from range(3){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_yield.py:6:10: error: 'yield' expressions are not supported by msc
# CHECK-NEXT: {{^}}    y = (yield){{$}}
# CHECK-NEXT: {{^}}         ^~~~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_yield.py:7:8: error: 'yield' expressions are not supported by msc
# CHECK-NEXT: {{^}}s = f"{yield}"{{$}}
# CHECK-NEXT: {{^}}       ^~~~~{{$}}
# CHECK-NOT: error
