# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Slicing lists, tuples, strings and ranges: defaults, negative indices and
# steps, out-of-range bounds, slice assignment (growing and shrinking),
# extended-slice assignment, slice objects.
s = list(range(10))
print(s[2:5], s[:3], s[7:], s[-3:], s[:-7], s[::3], s[1::2], s[::-1], s[8:2:-2])
print(s[100:], s[-100:2], s[5:2], s[::-3], s[-1:-4:-1], s[3:3])
t = tuple("abcdef")
print(t[1:4], t[::-1], t[-2:])
w = "hello world"
print(w[:5], w[6:], w[::-1], w[::2], w[-5:-1], w[4:100])
r = range(0, 20, 3)
print(r[2:5], list(r[::-2]), r[-1], r[1])
a = [0, 1, 2, 3, 4]
a[1:3] = ["x", "y", "z"]
print(a)
a[:2] = []
print(a)
a[len(a):] = [7, 8]
print(a)
a[::2] = [0, 0, 0]
print(a)
a[:] = "ab"
print(a)
b = [1, 2, 3, 4, 5, 6]
del b[::2]
print(b)
sl = slice(1, 5, 2)
print(s[sl], "abcdefg"[sl], sl.start, sl.stop, sl.step, slice(3))
print(s[None:None:None], s[slice(None, 3)])
c = s[:]
c.append(99)
print(len(s), len(c))
# CHECK: [2, 3, 4] [0, 1, 2] [7, 8, 9] [7, 8, 9] [0, 1, 2] [0, 3, 6, 9] [1, 3, 5, 7, 9] [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] [8, 6, 4]
# CHECK-NEXT: [] [0, 1] [] [9, 6, 3, 0] [9, 8, 7] []
# CHECK-NEXT: ('b', 'c', 'd') ('f', 'e', 'd', 'c', 'b', 'a') ('e', 'f')
# CHECK-NEXT: hello world dlrow olleh hlowrd worl o world
# CHECK-NEXT: range(6, 15, 3) [18, 12, 6, 0] 18 3
# CHECK-NEXT: [0, 'x', 'y', 'z', 3, 4]
# CHECK: [1, 3] bd 1 5 2 slice(None, 3, None)
