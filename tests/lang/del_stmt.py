# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# del: names, list items and slices, dict keys, attributes, several targets.
a = 1
b = 2
del a
print("deleted", b)
lst = list(range(10))
del lst[0]
del lst[-1]
print(lst)
del lst[1:3]
print(lst)
del lst[::2]
print(lst)
d = {"x": 1, "y": 2, "z": 3}
del d["y"]
print(d)
class O:
    pass
o = O()
o.p = 1
o.q = 2
del o.p
print(hasattr(o, "p"), hasattr(o, "q"))
x, y, z = 1, 2, 3
del x, y
print(z)
m = [[1, 2], [3, 4]]
del m[0][1], m[1]
print(m)
def f():
    v = 5
    del v
    return "local deleted"
print(f())
b = 3
print(b)
# CHECK: deleted 2
# CHECK-NEXT: [1, 2, 3, 4, 5, 6, 7, 8]
# CHECK-NEXT: [1, 4, 5, 6, 7, 8]
# CHECK-NEXT: [4, 6, 8]
# CHECK-NEXT: {'x': 1, 'z': 3}
# CHECK-NEXT: False True
# CHECK-NEXT: 3
# CHECK-NEXT: {{\[\[1\]\]}}
# CHECK-NEXT: local deleted
# CHECK-NEXT: 3
