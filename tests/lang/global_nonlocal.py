# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# global and nonlocal: rebinding module and enclosing variables; reading a
# global without a declaration; locals shadowing globals.
counter = 0
def bump():
    global counter
    counter += 1
    return counter
bump()
bump()
print(counter)
def read_only():
    return counter * 10
print(read_only())
def shadow():
    counter = 99
    return counter
print(shadow(), counter)
def define_new_global():
    global created
    created = "made inside"
define_new_global()
print(created)
def outer():
    x = 1
    def inner():
        nonlocal x
        x += 10
        return x
    inner()
    inner()
    return x
print(outer())
def make_acc():
    total = 0
    def add(n):
        nonlocal total
        total += n
        return total
    return add
acc = make_acc()
acc(5)
print(acc(7), make_acc()(1))
def level1():
    v = "L1"
    def level2():
        def level3():
            nonlocal v
            v = "changed by L3"
        level3()
    level2()
    return v
print(level1())
def multi():
    global g1, g2
    g1, g2 = 1, 2
multi()
print(g1 + g2)
# CHECK: 2
# CHECK-NEXT: 20
# CHECK-NEXT: 99 2
# CHECK-NEXT: made inside
# CHECK-NEXT: 21
# CHECK-NEXT: 12 1
# CHECK-NEXT: changed by L3
# CHECK-NEXT: 3
