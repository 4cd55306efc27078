# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# property (getter, setter, computed), staticmethod and classmethod (called on
# the class and on instances; cls is the actual subclass).
class Temp:
    scale = "C"
    def __init__(self, c):
        self._c = c
    @property
    def celsius(self):
        return self._c
    @celsius.setter
    def celsius(self, v):
        if v < -273.15:
            v = -273.15
        self._c = v
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32
    @staticmethod
    def convert(c):
        return c * 9 / 5 + 32
    @classmethod
    def from_f(cls, f):
        return cls((f - 32) * 5 / 9)
    @classmethod
    def describe(cls):
        return cls.__name__ + " in " + cls.scale
t = Temp(100)
print(t.celsius, t.fahrenheit)
t.celsius = 37
print(t.celsius, t.fahrenheit)
t.celsius = -500
print(t.celsius)
print(Temp.convert(0), t.convert(100), Temp.from_f(212).celsius, t.from_f(32).celsius)
class Kelvin(Temp):
    scale = "K"
k = Kelvin.from_f(32)
print(type(k).__name__, Kelvin.describe(), Temp.describe(), k.describe())
class Circle:
    def __init__(self, r):
        self.r = r
    area = property(lambda self: 3 * self.r * self.r)
print(Circle(2).area)
class Counter:
    count = 0
    @classmethod
    def bump(cls):
        cls.count += 1
        return cls.count
    @staticmethod
    def helper(a, b=2):
        return a * b
Counter.bump()
Counter().bump()
print(Counter.count, Counter.helper(4), Counter().helper(1, b=5))
# CHECK: 100 212.0
# CHECK-NEXT: 37 98.6
# CHECK-NEXT: -273.15
# CHECK-NEXT: 32.0 212.0 100.0 0.0
# CHECK-NEXT: Kelvin Kelvin in K Temp in C Kelvin in K
# CHECK-NEXT: 12
# CHECK-NEXT: 2 8 5
