# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# zip (shortest, several args), enumerate (start), map (several iterables),
# filter (None and a function), reversed (lists, tuples, strings, ranges).
print(list(zip([1, 2, 3], "ab")), list(zip()), list(zip([1, 2])), list(zip("ab", "cd", "ef")))
print(list(enumerate("abc")), list(enumerate(["x", "y"], 1)), list(enumerate([], 5)), list(enumerate("a", start=-1)))
print(list(map(str.upper, ["a", "b"])), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])), list(map(len, ["", "ab"])))
print(list(filter(None, [0, 1, "", "a", None, [], [0]])), list(filter(lambda x: x % 2, range(10))))
print(list(reversed([1, 2, 3])), list(reversed((4, 5))), list(reversed("abc")), list(reversed(range(5))), list(reversed(range(1, 10, 3))))
print("".join(reversed("stressed")), tuple(reversed([])))
names = ["a", "b", "c"]
for i, (n, v) in enumerate(zip(names, [10, 20, 30])):
    print(i, n, v)
keys, vals = zip(*[("k1", 1), ("k2", 2)])
print(keys, vals)
print(dict(enumerate("xy")), list(map(abs, [-1, 2, -3])))
print(type(zip([], [])).__name__, type(map(len, [])).__name__, type(filter(None, [])).__name__, type(enumerate([])).__name__)
print(list(map(int, "123")), sum(map(int, "999")))
# CHECK: [(1, 'a'), (2, 'b')] [] [(1,), (2,)] [('a', 'c', 'e'), ('b', 'd', 'f')]
# CHECK-NEXT: [(0, 'a'), (1, 'b'), (2, 'c')] [(1, 'x'), (2, 'y')] [] [(-1, 'a')]
# CHECK-NEXT: ['A', 'B'] [4, 10] [0, 2]
# CHECK-NEXT: [1, 'a', [0]] [1, 3, 5, 7, 9]
# CHECK-NEXT: [3, 2, 1] [5, 4] ['c', 'b', 'a'] [4, 3, 2, 1, 0] [7, 4, 1]
# CHECK-NEXT: desserts ()
# CHECK: ('k1', 'k2') (1, 2)
# CHECK: zip map filter enumerate
