# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Assignment forms: chained, tuple/list unpacking (nested), starred targets,
# attribute and subscript targets, swap, evaluation order.
a = b = c = 5
print(a, b, c)
x, y = 1, 2
x, y = y, x
print(x, y)
[p, q] = "hi"
print(p, q)
(m, n), o = (1, 2), 3
print(m, n, o)
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = (1, 2, 3)
print(init, last)
h, *mid, t = range(6)
print(h, mid, t)
h, *mid, t = [1, 2]
print(h, mid, t)
a, (b, *c), d = 1, [2, 3, 4], 5
print(a, b, c, d)
class Box:
    pass
bx = Box()
bx.val = 10
bx.val += 1
lst = [0, 0, 0]
lst[0] = lst[1] = 7
d = {}
d["k"], lst[2] = "v", 9
print(bx.val, lst, d)
i = 0
arr = [10, 20, 30]
i, arr[i] = 2, 99
print(i, arr)
l1 = l2 = []
l1.append(1)
print(l2, l1 is l2)
for k, (u, v) in enumerate([(1, 2), (3, 4)]):
    print(k, u, v)
s1, s2, s3 = "abc"
print(s3 + s2 + s1)
k = {"a": 1, "b": 2}
ka, kb = k
print(ka, kb)
# CHECK: 5 5 5
# CHECK-NEXT: 2 1
# CHECK-NEXT: h i
# CHECK-NEXT: 1 2 3
# CHECK-NEXT: 1 [2, 3, 4]
# CHECK-NEXT: [1, 2] 3
# CHECK-NEXT: 0 [1, 2, 3, 4] 5
# CHECK-NEXT: 1 [] 2
# CHECK-NEXT: 1 2 [3, 4] 5
# CHECK-NEXT: 11 [7, 7, 9] {'k': 'v'}
# CHECK-NEXT: 2 [10, 20, 99]
