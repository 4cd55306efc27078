# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Container protocol on user classes: __len__, __getitem__ (ints, negative,
# slices, keys), __setitem__, __contains__, truthiness from __len__, and
# iteration via __iter__ returning an iterator over the data.
class Vec:
    def __init__(self, *items):
        self.items = list(items)
    def __len__(self):
        return len(self.items)
    def __getitem__(self, i):
        if isinstance(i, slice):
            return Vec(*self.items[i])
        return self.items[i]
    def __setitem__(self, i, v):
        self.items[i] = v
    def __contains__(self, x):
        return x in self.items
    def __iter__(self):
        return iter(self.items)
    def __repr__(self):
        return "Vec" + repr(tuple(self.items))
v = Vec(1, 2, 3)
print(len(v), v[0], v[-1], v[1:], v[::-1])
v[0] = 10
print(v, 10 in v, 1 in v, 5 not in v)
print(bool(Vec()), bool(v), "empty" if not Vec() else "full")
print(list(v), sum(v), sorted(v, reverse=True), [x * 2 for x in v], max(v))
a, b, c = v
print(a, b, c)
class Table:
    def __init__(self):
        self.data = {}
    def __getitem__(self, key):
        return self.data.get(key, "missing")
    def __setitem__(self, key, value):
        self.data[key] = value
    def __contains__(self, key):
        return key in self.data
    def __len__(self):
        return len(self.data)
t = Table()
t["a"] = 1
t[(1, 2)] = "tuple key"
t["a"] += 5
print(t["a"], t[1, 2], t["zz"], "a" in t, "b" in t, len(t))
class Grid:
    def __getitem__(self, idx):
        return repr(idx)
g = Grid()
print(g[1], g[1, 2], g[:, 1:3], g[..., None], g[::2], g[1:2:3, ...])
# CHECK: 3 1 3 Vec(2, 3) Vec(3, 2, 1)
# CHECK-NEXT: Vec(10, 2, 3) True False True
# CHECK-NEXT: False True empty
# CHECK-NEXT: [10, 2, 3] 15 [10, 3, 2] [20, 4, 6] 10
# CHECK-NEXT: 10 2 3
# CHECK-NEXT: 6 tuple key missing True False 2
# CHECK-NEXT: 1 (1, 2) (slice(None, None, None), slice(1, 3, None)) (Ellipsis, None) slice(None, None, 2) (slice(1, 2, 3), Ellipsis)
