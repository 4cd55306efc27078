# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Names are references: aliasing of lists and dicts, shallow copies by
# slicing, list(), copy(), nested lists shared by repetition, mutation
# through function parameters vs rebinding them.
a = [1, 2, 3]
b = a
c = a[:]
d = list(a)
a.append(4)
print(a, b, c, d, a is b, a == c)
def mutate(lst):
    lst.append("m")
def rebind(lst):
    lst = ["new"]
    return lst
mutate(a)
r = rebind(a)
print(a, r)
rows = [[0] * 3 for _ in range(2)]
rows[0][0] = 1
shared = [[0] * 3] * 2
shared[0][0] = 1
print(rows, shared, shared[0] is shared[1])
orig = {"k": [1]}
cp = orig.copy()
cp["k"].append(2)
cp["new"] = 0
print(orig, cp)
t = ([1], 2)
t[0].append(3)
print(t)
s = "abc"
s2 = s
s += "d"
print(s, s2)
x = 5
y = x
x += 1
print(x, y)
# CHECK: [1, 2, 3, 4] [1, 2, 3, 4] [1, 2, 3] [1, 2, 3] True False
# CHECK-NEXT: [1, 2, 3, 4, 'm'] ['new']
# CHECK-NEXT: {{\[\[1, 0, 0\], \[0, 0, 0\]\] \[\[1, 0, 0\], \[1, 0, 0\]\]}} True
# CHECK-NEXT: {'k': [1, 2]} {'k': [1, 2], 'new': 0}
# CHECK-NEXT: ([1, 3], 2)
# CHECK-NEXT: abcd abc
# CHECK-NEXT: 6 5
