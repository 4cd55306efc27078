# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
print "hello"
print x

# CHECK: {{.*}}print_parens.py:2:1: error: Missing parentheses in call to 'print'. Did you mean print(...)?
# CHECK-NEXT: {{^}}print "hello"{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}print_parens.py:3:1: error: Missing parentheses in call to 'print'. Did you mean print(...)?
# CHECK-NEXT: {{^}}print x{{$}}
# CHECK-NEXT: {{^}}^~~~~~~{{$}}
# CHECK-NOT: error
