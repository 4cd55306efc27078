# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# __getattr__ is called only for attributes that normal lookup does not find;
# it can compute values, delegate, or fall back to a default.
class Lazy:
    real = "class attr"
    def __init__(self):
        self.inst = "instance attr"
    def __getattr__(self, name):
        if name.startswith("dyn_"):
            return name[4:].upper()
        return "fallback for " + name
l = Lazy()
print(l.inst, l.real, l.dyn_abc, l.whatever, getattr(l, "dyn_x"), hasattr(l, "anything"))
class Proxy:
    def __init__(self, target):
        self._target = target
        self.hits = 0
    def __getattr__(self, name):
        self.hits += 1
        return getattr(self._target, name)
p = Proxy([3, 1, 2])
p.append(0)
p.sort()
print(p._target, p.hits, p.count(1))
class Config:
    def __init__(self, **kw):
        self._data = kw
    def __getattr__(self, name):
        if name in self._data:
            return self._data[name]
        return None
c = Config(lr=0.01, epochs=3)
print(c.lr, c.epochs, c.missing)
c.lr = 0.1
print(c.lr, c._data["lr"])
# CHECK: instance attr class attr ABC fallback for whatever X True
# CHECK-NEXT: [0, 1, 2, 3] 2 1
# CHECK-NEXT: 0.01 3 None
# CHECK-NEXT: 0.1 0.01
