# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Arithmetic dunders: binary (+ - * / // % ** @), reflected (__radd__,
# __rmul__, __rsub__), unary (__neg__, __pos__, __abs__), in-place fallback to
# the binary method, NotImplemented falling through to the other operand,
# sum() starting from 0 through __radd__.
class V:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return "V(%r, %r)" % (self.x, self.y)
    def __add__(self, o):
        if isinstance(o, V):
            return V(self.x + o.x, self.y + o.y)
        if isinstance(o, (int, float)):
            return V(self.x + o, self.y + o)
        return NotImplemented
    def __radd__(self, o):
        return self.__add__(o)
    def __sub__(self, o):
        return V(self.x - o.x, self.y - o.y)
    def __rsub__(self, o):
        return V(o - self.x, o - self.y)
    def __mul__(self, k):
        return V(self.x * k, self.y * k)
    def __rmul__(self, k):
        return V(k * self.x, k * self.y)
    def __truediv__(self, k):
        return V(self.x / k, self.y / k)
    def __floordiv__(self, k):
        return V(self.x // k, self.y // k)
    def __mod__(self, k):
        return V(self.x % k, self.y % k)
    def __pow__(self, k):
        return V(self.x ** k, self.y ** k)
    def __matmul__(self, o):
        return self.x * o.x + self.y * o.y
    def __neg__(self):
        return V(-self.x, -self.y)
    def __pos__(self):
        return self
    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
a, b = V(1, 2), V(3, 4)
print(a + b, a - b, a * 3, 3 * a, b / 2, b // 2, b % 2, a ** 2, a @ b)
print(-a, +a, abs(b), a + 1, 1 + a, 10 - a, 0.5 + a)
print(sum([a, b, V(10, 10)]), sum([a, b], V(0, 0)))
c = a
c += b
print(c, a, c is a)
c *= 2
print(c)
class Meters:
    def __init__(self, m):
        self.m = m
    def __add__(self, o):
        return NotImplemented
    def __radd__(self, o):
        return "radd called with " + type(o).__name__
class Other:
    def __add__(self, o):
        return NotImplemented
print(Other() + Meters(1))
class Acc:
    def __init__(self):
        self.items = []
    def __iadd__(self, x):
        self.items.append(x)
        return self
acc = Acc()
keep = acc
acc += 1
acc += 2
print(acc.items, acc is keep)
# CHECK: V(4, 6) V(-2, -2) V(3, 6) V(3, 6) V(1.5, 2.0) V(1, 2) V(1, 0) V(1, 4) 11
# CHECK-NEXT: V(-1, -2) V(1, 2) 5.0 V(2, 3) V(2, 3) V(9, 8) V(1.5, 2.5)
# CHECK-NEXT: V(14, 16) V(4, 6)
# CHECK-NEXT: V(4, 6) V(1, 2) False
# CHECK-NEXT: V(8, 12)
# CHECK-NEXT: radd called with Other
# CHECK-NEXT: [1, 2] True
