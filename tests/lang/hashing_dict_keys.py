# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Dict and set keys: equal numbers are the same key (1, 1.0, True), tuples
# of hashables are keys, strings of equal value are the same key however
# they were built; key order is first insertion.
d = {}
d[1] = "int"
d[1.0] = "float overwrites value, keeps key"
d[True] = "bool too"
print(d, len(d))
d2 = {0: "zero", False: "false", 0.0: "float zero"}
print(d2)
s = "ab"
t = "".join(["a", "b"])
d3 = {s: 1}
d3[t] += 1
d3["a" + "b"] += 1
print(d3)
grid = {}
for x in range(2):
    for y in range(2):
        grid[(x, y)] = x * 10 + y
print(grid[(1, 0)], grid.get((5, 5)), (0, 1) in grid, [k for k in grid])
print({1, 1.0, True, 2}, {(1, "a"), (1, "a")}, len({"x", "x" + ""}))
print(hash(1) == hash(1.0), hash((1, 2)) == hash((1, 2)), hash("s") == hash("s"), hash(True) == hash(1))
big = {i: i * i for i in range(1000)}
print(len(big), big[999], sum(big.values()) % 1000, list(big)[:3], list(big)[-1])
for i in range(0, 1000, 2):
    del big[i]
print(len(big), list(big)[:3], big.get(500), big[501])
# CHECK: {1: 'bool too'} 1
# CHECK-NEXT: {0: 'float zero'}
# CHECK-NEXT: {'ab': 3}
# CHECK-NEXT: 10 None True [(0, 0), (0, 1), (1, 0), (1, 1)]
# CHECK-NEXT: {1, 2} {(1, 'a')} 1
# CHECK-NEXT: True True True True
# CHECK-NEXT: 1000 998001 500 [0, 1, 2] 999
# CHECK-NEXT: 500 [1, 3, 5] None 251001
