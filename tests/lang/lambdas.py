# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# lambda: parameters, defaults, closures, immediate calls, as key functions.
sq = lambda x: x * x
add = lambda a, b=10: a + b
noargs = lambda: "nothing"
va = lambda *a, **k: (a, sorted(k.items()))
print(sq(7), add(1), add(1, 2), add(b=5, a=1), noargs())
print(va(1, 2, z=3, y=4))
print((lambda x, y: x - y)(10, 3))
adders = [lambda x, n=n: x + n for n in range(3)]
print([f(100) for f in adders])
late = [lambda x: x + n for n in range(3)]
print([f(100) for f in late])
def make(k):
    return lambda x: x * k
triple = make(3)
print(triple(5), make(2)(make(4)(1)))
pairs = [(1, "b"), (3, "a"), (2, "c")]
print(sorted(pairs, key=lambda p: p[1]), max(pairs, key=lambda p: p[0]))
kw = lambda a, *, b: a * b
print(kw(2, b=21))
compose = lambda f, g: lambda x: f(g(x))
print(compose(sq, lambda x: x + 1)(3))
# CHECK: 49 11 3 6 nothing
# CHECK-NEXT: ((1, 2), [('y', 4), ('z', 3)])
# CHECK-NEXT: 7
# CHECK-NEXT: [100, 101, 102]
# CHECK-NEXT: [102, 102, 102]
# CHECK-NEXT: 15 8
