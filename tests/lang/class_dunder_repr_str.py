# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# __repr__ and __str__: print and str() use __str__ (falling back to
# __repr__); containers, repr() and !r use __repr__; f-strings and format.
class Both:
    def __repr__(self):
        return "Both()"
    def __str__(self):
        return "both as str"
class ReprOnly:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return "ReprOnly(%r)" % (self.v,)
class StrOnly:
    def __str__(self):
        return "str only"
b, r = Both(), ReprOnly("x")
print(b, str(b), repr(b), [b], (b,), {"k": b})
print(r, str(r), repr(r), [r, ReprOnly(2)])
print(f"{b} {b!r} {b!s} {r}", "{} {!r}".format(b, b), "%s %r" % (b, b))
print(StrOnly(), str(StrOnly()), ReprOnly([1, "a"]))
class Node:
    def __init__(self, val, children=()):
        self.val, self.children = val, list(children)
    def __repr__(self):
        return "Node(%s%s)" % (self.val, ", " + repr(self.children) if self.children else "")
print(Node(1, [Node(2), Node(3, [Node(4)])]))
class Inherits(Both):
    pass
print(Inherits(), repr(Inherits()))
print(format(b), "[" + format(r) + "]")
# CHECK: both as str both as str Both() [Both()] (Both(),) {'k': Both()}
# CHECK-NEXT: ReprOnly('x') ReprOnly('x') ReprOnly('x') [ReprOnly('x'), ReprOnly(2)]
# CHECK-NEXT: both as str Both() both as str ReprOnly('x') both as str Both() both as str Both()
# CHECK-NEXT: str only str only ReprOnly([1, 'a'])
# CHECK-NEXT: Node(1, [Node(2), Node(3, [Node(4)])])
# CHECK-NEXT: both as str Both()
# CHECK-NEXT: both as str [ReprOnly('x')]
