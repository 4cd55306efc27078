# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# getattr (with default), setattr, hasattr on instances, classes and modules;
# attribute names built at run time.
import math
class P:
    kind = "point"
    def __init__(self):
        self.x = 1
    def norm(self):
        return self.x * 10
p = P()
print(getattr(p, "x"), getattr(p, "kind"), getattr(p, "missing", "dflt"), getattr(P, "kind"))
setattr(p, "y", 5)
setattr(p, "x", getattr(p, "x") + 1)
print(p.x, p.y, hasattr(p, "y"), hasattr(p, "z"), hasattr(P, "norm"), hasattr(P, "x"))
print(getattr(p, "norm")(), getattr(math, "sqrt")(9), hasattr(math, "pi"), hasattr(math, "nope"))
for name in ["a", "b"]:
    setattr(p, "attr_" + name, name.upper())
print(p.attr_a, p.attr_b)
setattr(P, "kind", "changed")
print(p.kind, P().kind)
print(getattr(p, "missing", None), getattr([], "append") is not None, hasattr("s", "upper"), hasattr(1, "real"))
print(getattr("abc", "upper")(), getattr([3, 1], "index")(1))
# CHECK: 1 point dflt point
# CHECK-NEXT: 2 5 True False True False
# CHECK-NEXT: 20 3.0 True False
# CHECK-NEXT: A B
# CHECK-NEXT: changed changed
# CHECK-NEXT: None True True True
# CHECK-NEXT: ABC 1
