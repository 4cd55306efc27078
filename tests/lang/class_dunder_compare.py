# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Comparison dunders: __eq__ (and != derived from it), __lt__ used by sorted,
# min and max, reflected comparisons, __hash__ for dict and set keys, the
# default identity equality.
class Version:
    def __init__(self, major, minor):
        self.major, self.minor = major, minor
    def key(self):
        return (self.major, self.minor)
    def __eq__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.key() == other.key()
    def __lt__(self, other):
        return self.key() < other.key()
    def __le__(self, other):
        return self.key() <= other.key()
    def __hash__(self):
        return hash(self.key())
    def __repr__(self):
        return "v%d.%d" % self.key()
a, b, c = Version(1, 2), Version(1, 10), Version(1, 2)
print(a == c, a != c, a == b, a != b, a is c, a == "1.2", a != "1.2")
print(a < b, b < a, a <= c, b > a, a >= c)
vs = [Version(2, 0), Version(1, 10), Version(1, 2)]
print(sorted(vs), min(vs), max(vs), sorted(vs, reverse=True))
d = {a: "first"}
d[c] = "same key"
print(len(d), d[Version(1, 2)], Version(1, 2) in d, len({a, b, c}))
print(vs.index(Version(1, 10)), Version(2, 0) in vs, vs.count(Version(1, 2)))
class Plain:
    pass
p1, p2 = Plain(), Plain()
print(p1 == p1, p1 == p2, p1 != p2, len({p1, p2, p1}))
class AlwaysEqual:
    def __eq__(self, other):
        return True
print(AlwaysEqual() == 5, 5 == AlwaysEqual(), AlwaysEqual() != 5)
# CHECK: True False False True False False True
# CHECK-NEXT: True False True True True
# CHECK-NEXT: [v1.2, v1.10, v2.0] v1.2 v2.0 [v2.0, v1.10, v1.2]
# CHECK-NEXT: 1 same key True 2
# CHECK-NEXT: 1 True 1
# CHECK-NEXT: True False True 2
# CHECK-NEXT: True True False
