# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# import forms: import a, import a as b, from a import x as y, z, parenthesised
# lists, imports inside functions, modules as values.
import math
import math as m
import sys, time
from math import sqrt as s, floor
from math import (
    pi,
    e as euler,
)
print(math.sqrt(16), m.sqrt(25), s(36), floor(2.7))
print(pi == math.pi, euler == math.e, m is math)
def local_import():
    import math as mm
    from math import ceil
    return mm.floor(-0.5), ceil(-0.5)
print(local_import())
print(type(math).__name__, type(sys.argv).__name__, callable(time.time))
mod = math
print(mod.fabs(-3))
# CHECK: 4.0 5.0 6.0 2
# CHECK-NEXT: True True True
# CHECK-NEXT: (-1, 0)
# CHECK-NEXT: module list True
# CHECK-NEXT: 3.0
