# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Conditional expressions: only the chosen branch is evaluated; nesting.
def side(x):
    print("side", x)
    return x
for n in [-3, 0, 4]:
    print("neg" if n < 0 else "zero" if n == 0 else "pos")
print(side("a") if True else side("b"))
print(side("a") if False else side("b"))
y = [i if i % 2 else -i for i in range(5)]
print(y)
f = lambda v: "even" if v % 2 == 0 else "odd"
print(f(2), f(3))
print((1 if True else 2) + 10, 1 if False else 2 + 10)
# CHECK: neg
# CHECK-NEXT: zero
# CHECK-NEXT: pos
# CHECK-NEXT: side a
# CHECK-NEXT: a
# CHECK-NEXT: side b
# CHECK-NEXT: b
# CHECK-NEXT: [0, 1, -2, 3, -4]
# CHECK-NEXT: even odd
# CHECK-NEXT: 11 12
