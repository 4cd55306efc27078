# yield inside a comprehension is CPython's compile-time error.
# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
def comp():
    return [(yield i) for i in range(3)]

# CHECK: {{.*}}yield_comp.py:4:14: error: 'yield' inside list comprehension
# CHECK-NEXT: {{^}}    return [(yield i) for i in range(3)]{{$}}
# CHECK-NOT: error
