# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Default values are evaluated once, when the def runs: a mutable default is
# shared between calls; a default that names a variable captures its value then.
def append_to(x, acc=[]):
    acc.append(x)
    return acc
print(append_to(1), append_to(2), append_to(3, []), append_to(4))
n = 10
def show(v=n):
    return v
n = 20
print(show(), show(5))
evaluated = []
def default_value():
    evaluated.append("eval")
    return 42
def f(a=default_value()):
    return a
print(evaluated, f(), f(), evaluated)
def several(a, b=2, c="three", d=None):
    return (a, b, c, d)
print(several(1), several(1, 20), several(1, c="C"), several(1, 2, 3, 4))
def dict_default(k, v, store={}):
    store[k] = v
    return len(store)
print(dict_default("a", 1), dict_default("b", 2), dict_default("a", 3))
def none_default(x, acc=None):
    if acc is None:
        acc = []
    acc.append(x)
    return acc
print(none_default(1), none_default(2))
# CHECK: [1, 2, 4] [1, 2, 4] [3] [1, 2, 4]
# CHECK-NEXT: 10 5
# CHECK-NEXT: ['eval'] 42 42 ['eval']
# CHECK-NEXT: (1, 2, 'three', None) (1, 20, 'three', None) (1, 2, 'C', None) (1, 2, 3, 4)
# CHECK-NEXT: 1 2 2
# CHECK-NEXT: [1] [2]
