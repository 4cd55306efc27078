# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# range: one, two, three arguments, negative steps, empty ranges, len,
# indexing, membership, equality, repr, re-iteration.
print(list(range(5)), list(range(2, 6)), list(range(0, 10, 3)), list(range(10, 0, -3)), list(range(5, 5)), list(range(5, 0)))
r = range(1, 20, 4)
print(r, len(r), r[0], r[-1], r[2], 9 in r, 10 in r, list(r) == [1, 5, 9, 13, 17])
print(range(3), range(1, 3), range(0, 9, 2), repr(range(-5, -1)))
print(range(0) == range(2, 2), range(0, 3) == range(3), len(range(-10, 10, 7)), len(range(10, -10, -7)))
total = 0
for i in r:
    total += i
for i in r:
    total += i
print(total, sum(range(-3, 4)), max(range(7)), min(range(3, 9)))
print(list(range(-1, -10, -2)), range(10)[::2], range(10)[-3:], r.index(9), r.count(5), r.start, r.stop, r.step)
# CHECK: [0, 1, 2, 3, 4] [2, 3, 4, 5] [0, 3, 6, 9] [10, 7, 4, 1] [] []
# CHECK-NEXT: range(1, 20, 4) 5 1 17 9 True False True
# CHECK-NEXT: range(0, 3) range(1, 3) range(0, 9, 2) range(-5, -1)
# CHECK-NEXT: True True 3 3
# CHECK-NEXT: 90 0 6 3
