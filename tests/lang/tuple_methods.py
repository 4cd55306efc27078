# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# tuples: count, index, concatenation, repetition, comparison, immutability of
# the tuple (not its items), one-element syntax, tuples as dict keys.
t = (1, 2, 3, 2, 1)
print(t.count(1), t.count(9), t.index(2), t.index(1, 1), t.index(2, 2, 4))
print(t + (4,), (0,) * 3, () + (), t[1:3], len(t), 3 in t, max(t), sorted(t))
print((1, 2) < (1, 2, 0), (2,) > (1, 9), (1, "a") == (1, "a"), () < (0,), (1, 2) != (1, 2))
single = (5,)
not_tuple = (5)
print(single, not_tuple, type(single).__name__, type(not_tuple).__name__, (), tuple())
holder = ([1], "s")
holder[0].append(2)
print(holder)
grid = {(0, 0): "origin", (1, 2): "p"}
print(grid[(1, 2)], grid[0, 0], (1, 2) in grid)
a, b = t[0], t[-1]
packed = 1, "x", None
print(packed, a == b)
print(tuple(reversed(t)), tuple(sorted(t, reverse=True)))
nested = ((1, 2), (3, (4, 5)))
print(nested[1][1][0], len(nested))
# CHECK: 2 0 1 4 3
# CHECK-NEXT: (1, 2, 3, 2, 1, 4) (0, 0, 0) () (2, 3) 5 True 3 [1, 1, 2, 2, 3]
# CHECK-NEXT: True True True True False
# CHECK-NEXT: (5,) 5 tuple int () ()
# CHECK-NEXT: ([1, 2], 's')
# CHECK-NEXT: p origin True
# CHECK-NEXT: (1, 'x', None) True
