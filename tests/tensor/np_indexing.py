# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# basic indexing: ints, negative ints, slices with steps, None, ...,
# tuples of those; item and slice assignment on the array itself.
import numpy as np

a = np.arange(24).reshape(2, 3, 4)
print(a[0])
print(a[-1, -1])
print(a[1, 2, 3], a[-2, 0, -4])
print(a[:, 1])
print(a[..., 2])
print(a[0, ..., ::2])
print(a[:, ::-1, 1:3])
print(a[::-1])
print(a[None, 1, :, None].shape)
print(a[..., None].shape, a[None].shape, a[:, None, :, None].shape)
print(a[1:, 5:], a[1:, 5:].shape)
print(a[:, 2:0:-1, -1])
print(a[0, 0, 10:2:-3], a[0, 0, -100:100:5])

v = np.arange(10.0)
print(v[3], v[-1], v[2:8:2], v[::-3], v[7:2:-2])

b = np.zeros((3, 4))
b[0] = 7
b[1, 1:3] = np.array([1.5, 2.5])
b[2] = np.arange(4)
b[:, -1] = -1
b[..., 0] += 100
print(b)
c = np.arange(12).reshape(3, 4)
c[::2, ::3] = 0
c[1] = 9.7
print(c)
for row in c:
    print(row, len(row))
print(len(c), c.shape[0])
