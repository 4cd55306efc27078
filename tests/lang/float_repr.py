# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# repr(float) is the shortest string that round-trips, as in CPython.
vals = [0.0, -0.0, 1.0, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 0.1 + 0.2, 1e16, 1e15,
        9999999999999998.0, 1e16 + 2, 123456789.123456789, 1e22, 1e23,
        5e-324, 2.2250738585072014e-308, 1.7976931348623157e+308,
        0.000123, 0.0001, 0.00001, 1.5e-10, 3.14159265358979, 2.718281828459045,
        100.0, 1234.5678, 1e100, 1.0000000000000002, 0.9999999999999999,
        4.35, 4.349999999999999, 1.1, 2.675, 1e-7, 12345678901234567890.0,
        2.0 ** 63, -1.5, -123.456e-78]
for v in vals:
    print(repr(v), str(v))
print(vals[2:6])
print((0.5, -2.25), {1.5: 2.75})
print(float("1.10"), float("  -3.5e2 "), float("1_0.5"), float(".5"), float("5."))
print(float("InF"), float("-Infinity"), float("nan"))
# CHECK: 0.0 0.0
# CHECK-NEXT: -0.0 -0.0
# CHECK-NEXT: 1.0 1.0
# CHECK-NEXT: 0.1 0.1
# CHECK: 0.3333333333333333 0.3333333333333333
# CHECK: 5e-324 5e-324
# CHECK: 1.7976931348623157e+308
# CHECK: 1.5e-10 1.5e-10
# CHECK: 9.223372036854776e+18
