# yield is an expression of a function body: in a generator function it is
# fine (yield, yield a, b, yield from, (yield)); at module level and in
# comprehensions it is CPython's compile-time error.
# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
def gen():
    yield
    yield 1, 2
    x = yield from range(3)
    y = (yield)
s = f"{yield}"

# CHECK: {{.*}}yield_syntax.py:10:8: error: 'yield' outside function
# CHECK-NEXT: {{^}}s = f"{yield}"{{$}}
# CHECK-NEXT: {{^}}       ^~~~~{{$}}
# CHECK-NOT: error
