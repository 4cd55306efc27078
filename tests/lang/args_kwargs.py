# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Parameters: positional, defaults, *args, keyword-only (after * or *args),
# **kwargs; calls with keywords and with * and ** unpacking.
def f(a, b, *args, c, d=4, **kwargs):
    return (a, b, args, c, d, sorted(kwargs.items()))
print(f(1, 2, c=3))
print(f(1, 2, 5, 6, c=3, d=7, x=8, w=9))
print(f(*[1, 2, 3], **{"c": 10, "z": 0}))
print(f(b=2, a=1, c=3))
def only_kw(*, key, flag=False):
    return key, flag
print(only_kw(key="k"), only_kw(flag=True, key=0))
def star_only(*args):
    return args
print(star_only(), star_only(1), star_only(*"abc"), star_only(*range(3), 9, *[7]))
def kw_only(**kw):
    return kw
print(kw_only(), kw_only(a=1, b=2), kw_only(**{"x": 1}, y=2))
def pos(a, b=2, c=3):
    return a * 100 + b * 10 + c
args = (7,)
kw = {"c": 9}
print(pos(*args, **kw), pos(1, *(5,)), pos(c=1, b=1, a=1))
def forward(*args, **kwargs):
    return pos(*args, **kwargs)
print(forward(4, 5, 6), forward(4, c=0))
print(max(*[3, 9, 2]), "{}-{}".format(*"xy"), dict(**{"k": 1}, m=2))
def echo(*a, **k):
    return len(a), len(k)
print(echo(*[], **{}))
# CHECK: (1, 2, (), 3, 4, [])
# CHECK-NEXT: (1, 2, (5, 6), 3, 7, [('w', 9), ('x', 8)])
# CHECK-NEXT: (1, 2, (3,), 10, 4, [('z', 0)])
# CHECK-NEXT: (1, 2, (), 3, 4, [])
# CHECK-NEXT: ('k', False) (0, True)
# CHECK-NEXT: () (1,) ('a', 'b', 'c') (0, 1, 2, 9, 7)
# CHECK-NEXT: {} {'a': 1, 'b': 2} {'x': 1, 'y': 2}
# CHECK-NEXT: 729 153 111
# CHECK-NEXT: 456 420
# CHECK-NEXT: 9 x-y {'k': 1, 'm': 2}
# CHECK-NEXT: (0, 0)
