# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Classes: __init__, instance attributes, methods, class attributes shared by
# instances until an instance assigns its own, methods calling methods.
class Counter:
    instances = 0
    step = 1
    def __init__(self, start=0):
        self.value = start
        Counter.instances += 1
    def inc(self):
        self.value += self.step
        return self
    def get(self):
        return self.value
a = Counter()
b = Counter(10)
a.inc().inc()
b.inc()
print(a.get(), b.get(), Counter.instances, a.instances)
b.step = 5
b.inc()
print(a.step, b.step, Counter.step, b.get())
Counter.step = 100
a.inc()
print(a.get(), b.step)
del b.step
print(b.step)
class Empty:
    pass
e = Empty()
e.anything = [1]
e.anything.append(2)
print(e.anything, type(e).__name__, isinstance(e, Empty))
class WithClassList:
    shared = []
    def add(self, x):
        self.shared.append(x)
w1, w2 = WithClassList(), WithClassList()
w1.add(1)
w2.add(2)
print(WithClassList.shared, w1.shared is w2.shared)
class Pt:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def moved(self, dx, dy=0):
        return Pt(self.x + dx, self.y + dy)
    def coords(self):
        return (self.x, self.y)
print(Pt(1, 2).moved(3).moved(dy=4, dx=0).coords())
m = Pt(0, 0).coords
print(m(), Pt.coords(Pt(7, 8)))
# CHECK: 2 11 2 2
# CHECK-NEXT: 1 5 1 16
# CHECK-NEXT: 102 5
# CHECK-NEXT: 100
# CHECK-NEXT: [1, 2] Empty True
# CHECK-NEXT: [1, 2] True
# CHECK-NEXT: (4, 6)
# CHECK-NEXT: (0, 0) (7, 8)
