# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Starred unpacking in displays and calls; starred assignment targets of
# every shape; unpacking from any iterable.
a = [1, 2]
b = (3, 4)
print([*a, *b], (*a, 0), [*range(3), *"xy"], (*b,))
print({**{"a": 1}, "b": 2, **{"a": 3}})
print({*a, *b} == {1, 2, 3, 4}, sorted({*a, 9}))
first, second, *others = "python"
print(first, second, others)
*head, tail = [1]
print(head, tail)
a1, *mid, z1 = range(10)
print(a1, mid, z1)
(p, q), *r = [(1, 2), (3, 4), (5, 6)]
print(p, q, r)
x, (y, *z) = 1, (2, 3, 4)
print(x, y, z)
def f(*args):
    return args
print(f(*a, *b, 5), f(*[], *()))
k, v = {"only": 1}.popitem()
print(k, v)
(i, j), = [(7, 8)]
print(i, j)
[s] = ["single"]
print(s)
for n, *rest in ["abc", "de", "f"]:
    print(n, rest)
m1, m2 = {"x": 1, "y": 2}.values()
print(m1 + m2)
# CHECK: [1, 2, 3, 4] (1, 2, 0) [0, 1, 2, 'x', 'y'] (3, 4)
# CHECK-NEXT: {'a': 3, 'b': 2}
# CHECK-NEXT: True [1, 2, 9]
# CHECK-NEXT: p y ['t', 'h', 'o', 'n']
# CHECK-NEXT: [] 1
# CHECK-NEXT: 0 [1, 2, 3, 4, 5, 6, 7, 8] 9
# CHECK-NEXT: 1 2 [(3, 4), (5, 6)]
# CHECK-NEXT: 1 2 [3, 4]
# CHECK-NEXT: (1, 2, 3, 4, 5) ()
# CHECK-NEXT: only 1
# CHECK-NEXT: 7 8
# CHECK-NEXT: single
# CHECK-NEXT: a ['b', 'c']
# CHECK-NEXT: d ['e']
# CHECK-NEXT: f []
# CHECK-NEXT: 3
