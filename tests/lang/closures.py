# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Closures capture variables (cells), not values; each call makes new cells;
# closures over loop variables bind late; closures over parameters.
def counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    def get():
        return count
    return inc, get
inc1, get1 = counter()
inc2, get2 = counter()
inc1()
inc1()
inc2()
print(get1(), get2())
def late_binding():
    fs = []
    for i in range(3):
        def f():
            return i
        fs.append(f)
    return [f() for f in fs]
print(late_binding())
def early_binding():
    fs = []
    for i in range(3):
        def f(i=i):
            return i
        fs.append(f)
    return [f() for f in fs]
print(early_binding())
def make_multiplier(k):
    def mul(x):
        return x * k
    return mul
double, triple = make_multiplier(2), make_multiplier(3)
print(double(21), triple("ab"))
def outer():
    x = "before"
    def show():
        return x
    x = "after"
    return show()
print(outer())
def nested(a):
    def mid(b):
        def inner(c):
            return a + b + c
        return inner
    return mid
print(nested(1)(20)(300))
def memo():
    cache = {}
    def fib(n):
        if n in cache:
            return cache[n]
        r = n if n < 2 else fib(n - 1) + fib(n - 2)
        cache[n] = r
        return r
    return fib
print(memo()(80))
# CHECK: 2 1
# CHECK-NEXT: [2, 2, 2]
# CHECK-NEXT: [0, 1, 2]
# CHECK-NEXT: 42 ababab
# CHECK-NEXT: after
# CHECK-NEXT: 321
# CHECK-NEXT: 23416728348467685
