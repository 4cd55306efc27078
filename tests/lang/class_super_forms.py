# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# super() in both forms: zero-argument and super(Class, self); calling
# overridden methods, class methods and __init__ through super.
class Base:
    def __init__(self, x):
        self.x = x
    def value(self):
        return self.x
    @classmethod
    def make(cls, x):
        return cls(x)
class Mid(Base):
    def __init__(self, x):
        super(Mid, self).__init__(x * 10)
    def value(self):
        return super(Mid, self).value() + 1
class Leaf(Mid):
    def __init__(self, x):
        super().__init__(x + 1)
    def value(self):
        return super().value() * 2
    def skip_mid(self):
        return super(Mid, self).value()
    @classmethod
    def make(cls, x):
        obj = super().make(x)
        obj.tag = "made by " + cls.__name__
        return obj
leaf = Leaf(1)
print(leaf.x, leaf.value(), leaf.skip_mid(), Mid(1).value())
made = Leaf.make(2)
print(type(made).__name__, made.x, made.tag)
class Greeter:
    def greet(self, who="world"):
        return "hello " + who
class Loud(Greeter):
    def greet(self, who="world"):
        return super().greet(who).upper() + "!"
print(Loud().greet(), Loud().greet(who="msc"))
# CHECK: 20 42 20 11
# CHECK-NEXT: Leaf 30 made by Leaf
# CHECK-NEXT: HELLO WORLD! HELLO MSC!
