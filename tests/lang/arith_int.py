# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Integer arithmetic: + - * / // % **, unary ops, bit operators, shifts.
a, b = 17, 5
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** 2)
print(-a, +a, ~a, ~0, ~-1)
print(a & b, a | b, a ^ b, a << 3, a >> 2, -a >> 2, 1 << 62)
print(6 / 3, type(6 / 3).__name__, 7 / 2, -7 / 2, 1 / 3)
print(0 // 5, 0 % 5, -0)
print(2 ** 10, 2 ** 0, 0 ** 0, (-2) ** 3, (-2) ** 4, -2 ** 2)
print(10 - 2 - 3, 2 * 3 + 4, 2 + 3 * 4, (2 + 3) * 4, 100 // 7 // 2)
print(2 ** 3 ** 2, (2 ** 3) ** 2)
print(0xFF & 0x0F | 0x30 ^ 0x01)
print(True + True, True * 5, False - 1, 3 - True)
x = 123456789
print(x * 1000, x * x, -x * x)
print(abs(-7), abs(7), 7 // 1, 7 % 1)
# CHECK: 22 12 85 3.4 3 2 289
# CHECK-NEXT: -17 17 -18 -1 0
# CHECK-NEXT: 1 21 20 136 4 -5 4611686018427387904
# CHECK-NEXT: 2.0 float 3.5 -3.5 0.3333333333333333
# CHECK-NEXT: 0 0 0
# CHECK-NEXT: 1024 1 1 -8 16 -4
# CHECK-NEXT: 5 10 14 20 7
# CHECK-NEXT: 512 64
# CHECK-NEXT: 63
# CHECK-NEXT: 2 5 -1 2
# CHECK-NEXT: 123456789000 15241578750190521 -15241578750190521
