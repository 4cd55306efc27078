# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Multiple inheritance: C3 method resolution order, the diamond, cooperative
# super() calls visiting every class once in MRO order.
class A:
    def who(self):
        return "A"
    def chain(self):
        return ["A"]
class B(A):
    def who(self):
        return "B"
    def chain(self):
        return ["B"] + super().chain()
class C(A):
    def who(self):
        return "C"
    def chain(self):
        return ["C"] + super().chain()
class D(B, C):
    def chain(self):
        return ["D"] + super().chain()
d = D()
print(d.who(), d.chain())
print([k.__name__ for k in D.__mro__])
class E(C, B):
    pass
print(E().who(), E().chain())
class Mixin:
    def greet(self):
        return "hello from " + self.name()
class Named:
    def name(self):
        return "Named"
class Both(Mixin, Named):
    pass
print(Both().greet(), isinstance(Both(), Mixin), isinstance(Both(), Named))
class Init1:
    def __init__(self):
        self.log = getattr(self, "log", []) + ["Init1"]
        super().__init__()
class Init2:
    def __init__(self):
        self.log = getattr(self, "log", []) + ["Init2"]
        super().__init__()
class Joined(Init1, Init2):
    def __init__(self):
        super().__init__()
print(Joined().log)
# CHECK: B ['D', 'B', 'C', 'A']
# CHECK-NEXT: ['D', 'B', 'C', 'A', 'object']
# CHECK-NEXT: C ['C', 'B', 'A']
# CHECK-NEXT: hello from Named True True
# CHECK-NEXT: ['Init1', 'Init2']
