# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
def f(a, b, /, c):
    pass
g = lambda a, /: a

# CHECK: {{.*}}unsupported_slash.py:2:13: error: positional-only parameters ('/') are not supported by msc
# CHECK-NEXT: {{^}}def f(a, b, /, c):{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
# CHECK-NEXT: {{.*}}unsupported_slash.py:4:15: error: positional-only parameters ('/') are not supported by msc
# CHECK-NEXT: {{^}}g = lambda a, /: a{{$}}
# CHECK-NEXT: {{^}}              ^{{$}}
# CHECK-NOT: error
