# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Float literals in every spelling, printed with CPython's shortest repr.
print(1., .5, 1.5, 0.0)
print(1e3, 1E3, 1e-3, 2.5e+2, 1_000.5, 1_0e1_0)
print(3.14159, 1e16, 1e15, 123456789012345678.0)
print(1e-4, 1e-5, 0.0001, 0.00001)
print(1e308, 1e-323)
print(.1 + .2)
print(type(1.).__name__, type(1e0).__name__)
print(0e0, 00.5, 1_0.0_1)
# CHECK: 1.0 0.5 1.5 0.0
# CHECK-NEXT: 1000.0 1000.0 0.001 250.0 1000.5 100000000000.0
# CHECK-NEXT: 3.14159 1e+16 1000000000000000.0 1.2345678901234568e+17
# CHECK-NEXT: 0.0001 1e-05 0.0001 1e-05
# CHECK-NEXT: 1e+308 1e-323
# CHECK-NEXT: 0.30000000000000004
# CHECK-NEXT: float float
