# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# tuple(), list(), dict() constructors from every kind of iterable and from
# keyword arguments; copies are shallow and independent.
print(tuple(), tuple([1, 2]), tuple("ab"), tuple(range(3)), tuple({"k": 1}), tuple((5,)))
print(list(), list((1, 2)), list("xy"), list(range(2, 5)), list({"a": 1, "b": 2}), list({"a": 1}.items()))
print(dict(), dict(a=1, b=2), dict([("x", 1), ("y", 2)]), dict({"k": "v"}), dict({"k": 1}, k=2, j=3))
print(dict(zip("abc", range(3))), dict([(1, 2)], three=3), dict((("p", 0),)))
orig = [1, [2, 3]]
copy = list(orig)
copy.append(4)
copy[1].append(99)
print(orig, copy, copy is orig)
t = (1, 2)
print(tuple(t) == t, list(t) == [1, 2], list(list("ab")))
d = {"a": 1}
d2 = dict(d)
d2["b"] = 2
print(d, d2)
print(list(map(lambda x: x + 1, (1, 2))), tuple(x for x in "hi"), list(enumerate("ab")))
print(sorted(set([3, 1, 2, 3, 1])), len(set("hello")), set() == set([]))
# CHECK: () (1, 2) ('a', 'b') (0, 1, 2) ('k',) (5,)
# CHECK-NEXT: [] [1, 2] ['x', 'y'] [2, 3, 4] ['a', 'b'] [('a', 1)]
# CHECK-NEXT: {} {'a': 1, 'b': 2} {'x': 1, 'y': 2} {'k': 'v'} {'k': 2, 'j': 3}
# CHECK-NEXT: {'a': 0, 'b': 1, 'c': 2} {1: 2, 'three': 3} {'p': 0}
# CHECK-NEXT: [1, [2, 3, 99]] [1, [2, 3, 99], 4] False
