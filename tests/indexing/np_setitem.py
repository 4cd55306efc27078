# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# numpy advanced assignment against numpy itself: x[mask] = scalar / array,
# x[idx] = value (broadcast), several arrays, arrays mixed with slices,
# duplicates (the last write wins), conversion to x's dtype, in place.
import numpy as np

x = np.zeros((3, 4))
x[x == 0] = 5
print(x)
x[[0, 2]] = np.arange(4)
print(x)
x[np.array([1]), np.array([3])] = -1
print(x)
x[[0, 0]] = np.array([[7, 7, 7, 7], [8, 8, 8, 8]])
print(x)
x[x > 6] = np.array([1.5, 2.5, 3.5, 4.5])
print(x)
x[:, [1, 3]] = np.array([[10], [20], [30]])
print(x)
x[1, [0, -1]] = 9
print(x)
x[[2, 1], 1:3] = np.array([-2, -3])
print(x)
x[np.array([True, False, True])] = 0.25
print(x)
x[:, np.array([True, False, False, True])] = np.arange(6).reshape(3, 2)
print(x)

v = np.arange(10)
v[[1, 1, 1]] = np.array([1, 2, 3])
v[v > 5] = 0
v[[-1, 0]] = 42
print(v)
b = np.zeros((2, 3), np.int8)
b[b == 0] = 100
b[[0], [2]] = -2.7
b[[1, 0], [0, 1]] = np.array([3.9, -3.9])
print(b, b.dtype)
h = np.ones(5, np.float16)
h[[0, 4]] = np.array([0.1, 65504.0])
print(h, h.dtype)
t = np.array([True, False, True])
t[[1]] = 1
print(t)
e = np.arange(4.0)
e[e > 100] = 1
e[[]] = 3
print(e)
# the object itself changes (views taken before see it, as numpy)
q = np.arange(6).reshape(2, 3)
alias = q
q[q % 2 == 1] = -1
print(alias)
