# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Subclasses of dict, list and tuple (issue 24): construction through
# dict/list __init__ and tuple.__new__, the built-in methods on the
# instance (keys, append, count, super().__setitem__, dict.__getitem__),
# the protocol falling back to the built-in value (iteration, len, in, [],
# ==, repr, hash, +, *, **, unpacking), __missing__, fromkeys of a
# subclass, json and str formatting. Diffed against CPython.
# CHECK: True 2 1 ['a', 'b'] [('a', 1), ('b', 2)] True 9 D
import json
class D(dict):
    pass
d = D(a=1)
d["b"] = 2
print(isinstance(d, dict), len(d), d["a"], list(d), sorted(d.items()), "a" in d, d.get("z", 9), type(d).__name__)
class L(list):
    def first(self):
        return self[0]
l = L([3, 1, 2])
l.append(5)
l.sort()
print(l.first(), len(l), l[1:], isinstance(l, list), list(l))
class T(tuple):
    pass
t = T([1, 2])
print(t[0], len(t), t, isinstance(t, tuple), hash(t) == hash((1, 2)), t == (1, 2), t + (3,))
class D(dict):
    def __missing__(self, k):
        return k * 2
d = D({"a": 1}, b=2)
print(d["zz"], d, repr(d), str(d), d == {"a": 1, "b": 2}, d != {}, len(d), bool(D()), dict(d), {**d}, sorted(d))
del d["a"]
d.update(c=3)
print(d, d.pop("c"), d.setdefault("q", 0), d, list(d.keys()), list(d.values()), d | {"x": 1})
class E(dict):
    def __init__(self, n):
        super().__init__()
        self.n = n
        self["n"] = n
    def __setitem__(self, k, v):
        super().__setitem__(k, v * 10)
e = E(3)
e["k"] = 1
print(e, e.n, e.get("k"), isinstance(e, E), issubclass(E, dict), type(e) is dict, E.__mro__)
class P(tuple):
    def __new__(cls, x, y):
        return tuple.__new__(cls, (x, y))
    @property
    def x(self):
        return self[0]
    def __repr__(self):
        return f"P(x={self[0]}, y={self[1]})"
p = P(1, 2)
a, b = p
print(p, p.x, a, b, list(p), p == (1, 2), {p: 1}[(1, 2)], p + (3,), p * 2, p[::-1], tuple(p), max(p), len(p), p.count(1), p.index(2))
class L(list):
    def __init__(self, *a):
        super().__init__(a)
l = L(3, 1, 2)
l[0] = 9
l += [7]
print(l, sorted(l), l + [1], l * 2, 9 in l, l.pop(), l, l == [9, 1, 2], L(), [x for x in l])
try:
    hash(D())
except TypeError as ex:
    print(ex)
try:
    class Bad(dict, list):
        pass
except TypeError as ex:
    print(ex)
print(json.dumps(D(a=[1, P(1, 2)])), json.dumps(L(1, 2)))
print(f"{d}", "%s" % (l,), "{}".format(p))
def kw(**k):
    return k
print(kw(**D(x=1)), D.fromkeys("ab", 0), type(D.fromkeys("ab")).__name__)
