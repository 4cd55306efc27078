# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Float arithmetic, mixed int/float, special values.
x, y = 2.5, 0.5
print(x + y, x - y, x * y, x / y, x // y, x % y, x ** y)
print(1 + 2.0, 3 * 1.5, 10 / 4, 2 ** -1, 2 ** 0.5, 4 ** 0.5)
print(0.1 * 3, 0.1 + 0.7, 1.1 * 1.1, 1 - 0.9)
print(-0.0, 0.0 == -0.0, -(0.0), abs(-0.0))
print(float("inf"), float("-inf"), -float("inf"), float("inf") > 1e308)
n = float("nan")
print(n, n == n, n != n, n > 0, n < 0)
print(1e308 * 10, -1e308 * 10)
print(3.0 == 3, 3.5 > 3, 2 < 2.5, 1 == 1.0000000000000002)
print(float(10 ** 15), float(2 ** 53), float(2 ** 53 + 1))
print(1 / 7, 22 / 7, 1e-7 / 3)
print(round(2.675, 2), 0.1 + 0.2 == 0.3, abs(0.1 + 0.2 - 0.3) < 1e-9)
print(7.0 // 2, -7.0 // 2, 7.0 % 2.5, 2.0 ** 10, (-2.0) ** 3)
print(int(7.9), int(-7.9), int(1e15), float(7))
# CHECK: 3.0 2.0 1.25 5.0 5.0 0.0 1.5811388300841898
# CHECK-NEXT: 3.0 4.5 2.5 0.5 1.4142135623730951 2.0
# CHECK-NEXT: 0.30000000000000004 0.7999999999999999 1.2100000000000002 0.09999999999999998
# CHECK-NEXT: -0.0 True -0.0 0.0
# CHECK-NEXT: inf -inf -inf True
# CHECK-NEXT: nan False True False False
# CHECK-NEXT: inf -inf
