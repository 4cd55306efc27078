# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Single inheritance: inherited and overridden methods, attribute lookup
# through bases, super().__init__, isinstance along the chain, calling the
# base method explicitly.
class Animal:
    sound = "..."
    legs = 4
    def __init__(self, name):
        self.name = name
    def speak(self):
        return self.name + " says " + self.sound
    def describe(self):
        return "%s has %d legs" % (self.name, self.legs)
class Dog(Animal):
    sound = "woof"
class Bird(Animal):
    sound = "tweet"
    legs = 2
    def __init__(self, name, can_fly=True):
        super().__init__(name)
        self.can_fly = can_fly
    def speak(self):
        base = Animal.speak(self)
        return base + (" (flying)" if self.can_fly else "")
class Penguin(Bird):
    def __init__(self, name):
        super().__init__(name, can_fly=False)
for a in [Animal("thing"), Dog("rex"), Bird("tweety"), Penguin("pingu")]:
    print(a.speak(), "|", a.describe())
p = Penguin("p")
print(isinstance(p, Penguin), isinstance(p, Bird), isinstance(p, Animal), isinstance(p, Dog))
print(type(p).__name__, p.can_fly, p.legs, Penguin.sound)
class Base:
    def template(self):
        return "[" + self.hook() + "]"
    def hook(self):
        return "base"
class Derived(Base):
    def hook(self):
        return "derived"
print(Base().template(), Derived().template())
print(Derived.__bases__[0].__name__, Penguin.__bases__[0] is Bird)
# CHECK: thing says ... | thing has 4 legs
# CHECK-NEXT: rex says woof | rex has 4 legs
# CHECK-NEXT: tweety says tweet (flying) | tweety has 2 legs
# CHECK-NEXT: pingu says tweet | pingu has 2 legs
# CHECK-NEXT: True True True False
# CHECK-NEXT: Penguin False 2 tweet
# CHECK-NEXT: [base] [derived]
