# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Attributes at run time: instance dicts are per object, class attributes
# added later are seen by existing instances, methods assigned to classes
# become methods, functions stored on instances do not bind, bound methods
# remember their instance, __class__ and __name__.
class K:
    pass
k1, k2 = K(), K()
k1.a = 1
K.shared = "added later"
print(k1.a, hasattr(k2, "a"), k1.shared, k2.shared)
def method(self, x):
    return ("method", x, self is k1)
K.m = method
print(k1.m(5), K.m(k1, 6))
k2.f = lambda x: ("plain", x)
print(k2.f(7))
bm = k1.m
print(bm(8), True)
print(k1.__class__.__name__, k1.__class__ is K, K.__name__, type(k1) is k1.__class__)
class Shape:
    sides = 0
    def name(self):
        return type(self).__name__ + "/" + str(self.sides)
class Tri(Shape):
    sides = 3
class Sq(Shape):
    sides = 4
print([s.name() for s in [Shape(), Tri(), Sq()]])
Shape.sides = -1
print(Shape().name(), Tri().name())
methods = [Tri().name, Sq().name]
print([m() for m in methods])
# CHECK: 1 False added later added later
# CHECK-NEXT: ('method', 5, True) ('method', 6, True)
# CHECK-NEXT: ('plain', 7)
# CHECK-NEXT: ('method', 8, True) True
# CHECK-NEXT: K True K True
# CHECK-NEXT: ['Shape/0', 'Tri/3', 'Sq/4']
# CHECK-NEXT: Shape/-1 Tri/3
# CHECK-NEXT: ['Tri/3', 'Sq/4']
