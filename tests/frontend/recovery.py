# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
def f(x)
    return x
y = (1 +)
if y > 2
    z = [1, 2
w = 3
class A:
    def m(self):
        return self.x +
print(f(1))

# CHECK: {{.*}}recovery.py:2:9: error: expected ':'
# CHECK-NEXT: {{^}}def f(x){{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{.*}}recovery.py:4:9: error: expected an expression
# CHECK-NEXT: {{^}}y = (1 +){{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{.*}}recovery.py:5:9: error: expected ':'
# CHECK-NEXT: {{^}}if y > 2{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{.*}}recovery.py:6:9: error: '[' was never closed
# CHECK-NEXT: {{^}}    z = [1, 2{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{.*}}recovery.py:10:24: error: expected an expression
# CHECK-NEXT: {{^}}        return self.x +{{$}}
# CHECK-NEXT: {{^}}                       ^{{$}}
# CHECK-NOT: error
