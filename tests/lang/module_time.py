# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# The time module: time() and perf_counter() return floats that do not go
# backwards (no timing values are printed: they differ between runs).
import time
from time import perf_counter
t0 = time.time()
p0 = perf_counter()
total = 0
for i in range(10000):
    total += i
t1 = time.time()
p1 = time.perf_counter()
print(type(t0).__name__, type(p0).__name__)
print(t1 >= t0, p1 >= p0, t0 > 1.6e9)
print(p1 - p0 < 60.0, total)
# CHECK: float float
# CHECK-NEXT: True True True
# CHECK-NEXT: True 49995000
