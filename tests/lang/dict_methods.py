# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Every dict method: get, keys, values, items, pop, popitem, setdefault,
# update (dict, pairs, keywords), clear, copy, fromkeys; operators; insertion
# order kept through updates and deletions.
d = {"b": 2, "a": 1}
d["c"] = 3
d["b"] = 20
print(d, len(d), d["a"], d.get("z"), d.get("z", 0), d.get("a", 0))
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.pop("a"), d.pop("missing", "default"), d)
d["a"] = 1
print(d.popitem(), d)
print(d.setdefault("b", 99), d.setdefault("new", []), d)
d.update({"x": 1, "b": 0})
d.update([("y", 2)])
d.update(z=3)
d.update({"w": 4}, v=5)
print(d)
c = d.copy()
c["only_copy"] = True
print("only_copy" in d, "only_copy" in c, "b" in d, 0 in d, "b" not in d)
c.clear()
print(c, dict.fromkeys("ab"), dict.fromkeys(["k1", "k2"], 0), dict.fromkeys([]))
m = {1: "one", 2: "two"}
print(m | {3: "three"}, {**m, 1: "ONE"})
m |= {0: "zero"}
print(m, m == {0: "zero", 1: "one", 2: "two"})
del m[1]
m[1] = "back"
print(m, list(m))
nested = {"outer": {"inner": [1, 2]}}
nested["outer"]["inner"].append(3)
print(nested, nested["outer"]["inner"][-1])
keys = {1: "int", 1.5: "float", "1": "str", (1, 2): "tuple", None: "none", True: "bool?"}
print(keys[1], keys[(1, 2)], keys[None], len(keys))
counts = {}
for w in "the cat the hat the end".split():
    counts[w] = counts.get(w, 0) + 1
print(counts, sorted(counts.items(), key=lambda kv: -kv[1])[0])
# CHECK: {'b': 20, 'a': 1, 'c': 3} 3 1 None 0 1
# CHECK-NEXT: ['b', 'a', 'c'] [20, 1, 3] [('b', 20), ('a', 1), ('c', 3)]
# CHECK-NEXT: 1 default {'b': 20, 'c': 3}
# CHECK-NEXT: ('a', 1) {'b': 20, 'c': 3}
# CHECK-NEXT: 20 [] {'b': 20, 'c': 3, 'new': []}
# CHECK-NEXT: {'b': 0, 'c': 3, 'new': [], 'x': 1, 'y': 2, 'z': 3, 'w': 4, 'v': 5}
# CHECK-NEXT: False True True False False
# CHECK: bool? tuple none 5
