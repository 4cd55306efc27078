# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# round(): banker's rounding (half to even) for ints, correct rounding of
# floats to ndigits, ints with negative ndigits.
for v in [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 0.4999999999999999, 2.6, -2.6]:
    print(v, round(v), type(round(v)).__name__)
print(round(2.675, 2), round(1.005, 2), round(0.125, 2), round(0.375, 2))
print(round(3.14159, 3), round(3.14159, 0), round(-3.14159, 1), round(1234.5678, -2))
print(round(7), round(15, -1), round(25, -1), round(-25, -1), round(1234, -2), round(1250, -2))
print(type(round(2.5, 0)).__name__, type(round(7, 1)).__name__)
print(round(1e18), round(123.456, None))
print(round(0.0), round(-0.0, 1), round(5e-324, 2))
# CHECK: 0.5 0 int
# CHECK-NEXT: 1.5 2 int
# CHECK-NEXT: 2.5 2 int
# CHECK-NEXT: 3.5 4 int
# CHECK-NEXT: -0.5 0 int
# CHECK-NEXT: -1.5 -2 int
# CHECK-NEXT: -2.5 -2 int
# CHECK: 2.67 1.0 0.12 0.38
# CHECK-NEXT: 3.142 3.0 -3.1 1200.0
# CHECK-NEXT: 7 20 20 -20 1200 1200
# CHECK-NEXT: float int
# CHECK-NEXT: 1000000000000000000 123
