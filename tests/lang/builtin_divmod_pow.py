# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# divmod and pow (two and three arguments) for ints and floats.
print(divmod(17, 5), divmod(-17, 5), divmod(17, -5), divmod(-17, -5), divmod(0, 7))
print(divmod(7.5, 2), divmod(-7.5, 2), divmod(7, 0.5), divmod(1, 3.0))
print(pow(2, 10), pow(2, -1), pow(2.0, 3), pow(-2, 3), pow(9, 0.5), pow(0, 0), pow(2, 62))
print(pow(3, 4, 5), pow(2, 100, 1000000007), pow(-3, 3, 7), pow(7, 0, 3), pow(5, 2, -3))
print(pow(10, -2), pow(4, 0.5), pow(1.5, 2), type(pow(2, 3)).__name__, type(pow(2, -3)).__name__)
print(2 ** -2, 10 ** -1, (-8) ** 2, 0.5 ** 2, 3 ** 0.0)
q, r = divmod(123456789, 1000)
print(q, r, q * 1000 + r)
# CHECK: (3, 2) (-4, 3) (-4, -3) (3, -2) (0, 0)
# CHECK-NEXT: (3.0, 1.5) (-4.0, 0.5) (14.0, 0.0) (0.0, 1.0)
# CHECK-NEXT: 1024 0.5 8.0 -8 3.0 1 4611686018427387904
# CHECK-NEXT: 1 976371285 1 1 -2
# CHECK-NEXT: 0.01 2.0 2.25 int float
# CHECK-NEXT: 0.25 0.1 64 0.25 1.0
# CHECK-NEXT: 123456 789 123456789
