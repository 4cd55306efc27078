# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# dict views: keys/values/items are live views (they see later changes),
# support len, in, iteration (re-iterable), reversed, set operations on keys.
d = {"a": 1, "b": 2}
k, v, it = d.keys(), d.values(), d.items()
print(k, v, it)
d["c"] = 3
print(len(k), len(v), len(it), list(k), list(v))
print("a" in k, "z" in k, 2 in v, 9 in v, ("a", 1) in it, ("a", 2) in it)
print(list(k) == list(k), [x for x in k], [x for x in k])
print(sorted(k & {"a", "c", "q"}), sorted(k | {"z"}), sorted(k - {"a"}), sorted(k ^ {"a", "y"}))
print(k == {"a", "b", "c"}, list(reversed(k)), list(reversed(d.values())))
del d["a"]
print(k, it)
print(type(k).__name__, type(v).__name__, type(it).__name__)
for key, val in it:
    print(key, val)
print(isinstance(list(it)[0], tuple), list(d))
# CHECK: dict_keys(['a', 'b']) dict_values([1, 2]) dict_items([('a', 1), ('b', 2)])
# CHECK-NEXT: 3 3 3 ['a', 'b', 'c'] [1, 2, 3]
# CHECK-NEXT: True False True False True False
# CHECK-NEXT: True ['a', 'b', 'c'] ['a', 'b', 'c']
# CHECK-NEXT: ['a', 'c'] ['a', 'b', 'c', 'z'] ['b', 'c'] ['b', 'c', 'y']
# CHECK-NEXT: True ['c', 'b', 'a'] [3, 2, 1]
# CHECK-NEXT: dict_keys(['b', 'c']) dict_items([('b', 2), ('c', 3)])
# CHECK-NEXT: dict_keys dict_values dict_items
