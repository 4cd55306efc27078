# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Floor division and modulo follow the sign of the divisor (floor semantics),
# for ints and floats; divmod agrees with // and %.
pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 3), (6, 3), (-6, 3), (1, 7), (-1, 7)]
for a, b in pairs:
    print(a, b, a // b, a % b, divmod(a, b))
for a, b in [(7.5, 2), (-7.5, 2), (7.5, -2), (-7.5, -2.0), (5.0, 0.5), (-0.0, 1.0), (1e300, 1e-300)]:
    print(a, b, a // b, a % b, divmod(a, b))
print(-9223372036854775807 // 2, -9223372036854775807 % 2)
print(9223372036854775807 // -1)
print(5 % 3.0, -5 % 3.0, 5.5 % -2)
print(-1 % 10, -11 % 10, 11 % -10)
# CHECK: 7 2 3 1 (3, 1)
# CHECK-NEXT: -7 2 -4 1 (-4, 1)
# CHECK-NEXT: 7 -2 -4 -1 (-4, -1)
# CHECK-NEXT: -7 -2 3 -1 (3, -1)
# CHECK: -7.5 2 -4.0 0.5 (-4.0, 0.5)
# CHECK: -4611686018427387904 1
# CHECK-NEXT: -9223372036854775807
# CHECK-NEXT: 2.0 1.0 -0.5
# CHECK-NEXT: 9 9 -9
