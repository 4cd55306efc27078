# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# sets: add, discard, remove, update, union, intersection, difference,
# symmetric_difference (methods and operators, and their in-place forms),
# subset tests, copy, clear. Results are printed sorted (iteration order of a
# set is an implementation detail).
s = {3, 1, 2}
s.add(4)
s.add(1)
s.discard(10)
s.discard(3)
s.remove(4)
print(sorted(s), len(s), 1 in s, 3 in s, 5 not in s)
a, b = {1, 2, 3, 4}, {3, 4, 5}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(b - a), sorted(a ^ b))
print(sorted(a.union(b, [9])), sorted(a.intersection(b)), sorted(a.difference(b, {1})), sorted(a.symmetric_difference(b)))
print({1, 2} <= {1, 2, 3}, {1, 2} < {1, 2}, {1, 2, 3} >= {3}, {1} > set(), {1, 2}.issubset([1, 2, 3]), {1, 2}.issuperset({2}))
print({1, 2}.isdisjoint({3}), {1, 2}.isdisjoint([2, 5]), {1, 2} == {2, 1}, {1} != {1, 2})
c = a.copy()
c.update([10, 11], {12})
c.intersection_update(range(2, 12))
print(sorted(c), sorted(a))
c.difference_update({2, 3})
c.symmetric_difference_update({4, 99})
print(sorted(c))
x = {1, 2}
x |= {3}
x &= {2, 3, 4}
x -= {9}
x ^= {5}
print(sorted(x))
c.clear()
print(c, len(c), set(), bool(set()), bool({0}))
dedup = set([1, 1, 2, 2, 2, 3])
print(len(dedup), sorted(dedup), sorted(set("mississippi")))
one = {"only"}
print(one.pop(), one, {7})
print({n % 3 for n in range(10)} == {0, 1, 2}, len({1, 1.0, True}))
# CHECK: [1, 2] 2 True False True
# CHECK-NEXT: [1, 2, 3, 4, 5] [3, 4] [1, 2] [5] [1, 2, 5]
# CHECK-NEXT: [1, 2, 3, 4, 5, 9] [3, 4] [2] [1, 2, 5]
# CHECK-NEXT: True False True True True True
# CHECK-NEXT: True False True True
# CHECK-NEXT: [2, 3, 4, 10, 11] [1, 2, 3, 4]
# CHECK-NEXT: [10, 11, 99]
# CHECK-NEXT: [2, 3, 5]
# CHECK-NEXT: set() 0 set() False True
# CHECK-NEXT: 3 [1, 2, 3] ['i', 'm', 'p', 's']
# CHECK-NEXT: only set() {7}
# CHECK-NEXT: True 1
