# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Truth values: numbers, strings, containers, None, ranges, user classes with
# __bool__ or __len__ (and neither: always true); used by if, while, not,
# and, or, bool(), filter and the conditional expression.
values = [0, 1, -1, 0.0, 0.5, "", "0", " ", [], [[]], (), (0,), {}, {0: 0}, None, True, False, range(0), range(1), set(), {0}]
print([bool(v) for v in values])
class WithBool:
    def __init__(self, b):
        self.b = b
    def __bool__(self):
        return self.b
class WithLen:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
class Neither:
    pass
for obj in [WithBool(True), WithBool(False), WithLen(0), WithLen(3), Neither()]:
    print(type(obj).__name__, bool(obj), "yes" if obj else "no", not obj)
n = 3
while n:
    n -= 1
print(n, WithBool(False) or "fallback", WithLen(2) and "second")
print(len(list(filter(None, values))))
# CHECK: [False, True, True, False, True, False, True, True, False, True, False, True, False, True, False, True, False, False, True, False, True]
# CHECK-NEXT: WithBool True yes False
# CHECK-NEXT: WithBool False no True
# CHECK-NEXT: WithLen False no True
# CHECK-NEXT: WithLen True yes False
# CHECK-NEXT: Neither True yes False
# CHECK-NEXT: 0 fallback second
# CHECK-NEXT: 11
