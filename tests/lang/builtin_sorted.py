# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# sorted and list.sort: key, reverse, stability (also with reverse=True),
# mixed int/float, strings, tuples; sorted returns a new list.
data = [5, 2, 9, 1, 5, 6]
print(sorted(data), data)
print(sorted(data, reverse=True), sorted("banana"), sorted((3, 1, 2)), sorted({"b": 1, "a": 2}))
print(sorted([1.5, 1, -2, 0.5, True]), sorted(["b", "A", "a", "B"]), sorted(["b", "A", "a"], key=str.lower))
words = ["apple", "fig", "kiwi", "banana", "date", "plum"]
print(sorted(words, key=len), sorted(words, key=len, reverse=True))
pairs = [("b", 2), ("a", 2), ("c", 1), ("a", 1)]
print(sorted(pairs), sorted(pairs, key=lambda p: p[1]), sorted(pairs, key=lambda p: -p[1]))
data.sort()
print(data)
data.sort(reverse=True)
print(data)
words.sort(key=lambda w: (len(w), w))
print(words)
print(sorted([]), sorted([[2, 1], [1, 2], [1]]), sorted(range(5, 0, -1)))
r = [3, 1, 2]
print(r.sort(), r)
print(sorted([(1, "b"), (1, "a"), (0, "z")], key=lambda t: t[0], reverse=True))
# CHECK: [1, 2, 5, 5, 6, 9] [5, 2, 9, 1, 5, 6]
# CHECK-NEXT: [9, 6, 5, 5, 2, 1] ['a', 'a', 'a', 'b', 'n', 'n'] [1, 2, 3] ['a', 'b']
# CHECK-NEXT: [-2, 0.5, 1, True, 1.5] ['A', 'B', 'a', 'b'] ['A', 'a', 'b']
# CHECK-NEXT: ['fig', 'kiwi', 'date', 'plum', 'apple', 'banana'] ['banana', 'apple', 'kiwi', 'date', 'plum', 'fig']
# CHECK: None [1, 2, 3]
# CHECK-NEXT: [(1, 'b'), (1, 'a'), (0, 'z')]
