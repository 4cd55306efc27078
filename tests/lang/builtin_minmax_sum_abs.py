# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# min, max (iterable or several args, key=, default=, first of equals),
# sum (start), abs of ints and floats.
print(min(3, 1, 2), max(3, 1, 2), min([4, 5]), max("hello"), min("b", "a", "c"), max((1, 2), (1, 3)))
print(min([], default="empty"), max([], default=None), min([7], default=0))
print(max(["aa", "b", "ccc"], key=len), min(["aa", "b", "cc"], key=len), max([-5, 3, 4], key=abs))
print(max([(1, "a"), (1, "b")]), max([1, 1.0]), min([1.0, 1]), max(1, 2.5), min(-1, -1.5))
print(max(["x", "yy", "zz"], key=len), min([3, 2, 2.0], key=lambda v: v))
d = {"a": 3, "b": 1, "c": 2}
print(max(d), min(d, key=d.get), max(d.values()), max(d.items(), key=lambda kv: kv[1]))
print(sum([1, 2, 3]), sum([]), sum([1, 2], 10), sum([0.1, 0.2]), sum(range(101)), sum([1.5, 2]), sum([[1], [2]], []))
print(sum((x for x in [1, 2])), sum([True, True, False]), sum([], 0.0), sum([1, 2], start=5))
print(abs(-3), abs(3), abs(-2.5), abs(0), abs(-0.0), abs(True), abs(-9223372036854775807))
# CHECK: 1 3 4 o a (1, 3)
# CHECK-NEXT: empty None 7
# CHECK-NEXT: ccc b -5
# CHECK-NEXT: (1, 'b') 1 1.0 2.5 -1.5
# CHECK-NEXT: yy 2
# CHECK-NEXT: c b 3 ('a', 3)
# CHECK-NEXT: 6 0 13 0.30000000000000004 5050 3.5 [1, 2]
# CHECK-NEXT: 3 2 0.0 8
# CHECK-NEXT: 3 3 2.5 0 0.0 1 9223372036854775807
