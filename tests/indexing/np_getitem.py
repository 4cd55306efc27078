# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# numpy advanced indexing (getitem) against numpy itself: integer arrays,
# lists, several arrays (broadcast), placement of the array dims (adjacent
# or not, integers counting as advanced), boolean masks, mixed with
# slices, None and Ellipsis, several dtypes, negative indices, 0-size.
import numpy as np


def show(r):
    print(r.dtype, r.shape)
    print(r)


x = np.arange(60).reshape(3, 4, 5)
show(x[[0, 2]])
show(x[[-1, 0, -3]])
show(x[np.array([2, 2, 0], np.int32)])
show(x[np.array([[0, 1], [2, -1]])])
show(x[:, [3, 0]])
show(x[..., np.array([4, -5])])
show(x[1:, np.array([1, 2]), ::2])
show(x[None, [1], None].reshape(-1)[:5])
show(x[[]])
show(x[np.array([], np.int64), 1])
# several arrays: broadcast together, GatherNd
show(x[[0, 1, 2], [3, 2, 1]])
show(x[np.arange(3)[:, None], np.array([0, 3])])
show(x[[0, 2], :, [1, 4]])
show(x[:, [0, 3], [1, 4]])
show(x[[1], [2], [3]])
show(x[np.array([0, 1], np.uint8), np.array([-1, -2], np.int16)])
# integers next to / apart from arrays (numpy's placement rule)
show(x[1, :, [0, 2]])
show(x[:, 1, [0, 2]])
show(x[[0, 2], 1])
show(x[[0, 2], 1:3, 4])
show(x[2, [1, 3], :])
# boolean masks
m = x % 7 == 0
show(x[m])
show(x[x[:, :, 0] > 15])
show(x[np.array([True, False, True])])
show(x[:, np.array([False, True, True, False])])
show(x[1, np.array([True, False, True, False]), 2:])
show(x[np.zeros((3, 4), bool)])
show(x[[True, False, True], 0])
# dtypes
for dt in [np.int8, np.uint8, np.int16, np.float16, np.float32, np.float64, np.bool_, np.int64]:
    y = (np.arange(12).reshape(4, 3) % 5).astype(dt)
    show(y[[3, 0]])
    show(y[[1, 2], [0, 2]])
    show(y[y.astype(np.float64) > 1])
# 0-size dims
z = np.zeros((0, 3))
show(z[:, [0, 2]])
show(z[[]])
show(z[z > 0])
# augmented assignment goes through getitem and setitem
w = np.arange(6.0)
w[[1, -1]] += 10
w[w > 4] *= 2
print(w)
