# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# str and repr of ndarrays and numpy scalars: numpy 1.24's, byte for byte.
import numpy as np

arrays = [
    np.array([1.0, 2.0, 3.0]),
    np.array([1.0, 2.5, -3.25], dtype=np.float32),
    np.array([[1, 2], [3, 4]]),
    np.array([[1, 2], [3, 4]], dtype=np.int32),
    np.array([True, False, True]),
    np.array([[[1.5, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]),
    np.array([0.1, 1e-5, 12345.678]),
    np.array([1e20, -1e-20], dtype=np.float32),
    np.array([]),
    np.zeros((0, 3)),
    np.zeros((2, 0), dtype=np.int32),
    np.array([float('nan'), float('inf'), -0.0]),
    np.arange(30.0),
    np.arange(40, dtype=np.int32),
    np.arange(2000.0),
    np.arange(2000).reshape(40, 50),
    np.array([[0.123456789, 100.5], [-3.0, 4.25]], dtype=np.float32),
    np.ones((3, 2, 2), dtype=np.float32) / 3,
]
for a in arrays:
    print(a)
    print(repr(a))
    print([a[:2]])

# numpy scalars (0-d arrays in msc) print like numpy scalars
x = np.array([1.5, 2.25], dtype=np.float32)
print(x[0], repr(x[0]), x.sum(), [x[1]], np.float32(0.1), np.int64(7), np.float64(2.0))
print(x.dtype, repr(x.dtype), np.array([1, 2]).dtype, x.dtype == np.float32, x.dtype == 'float32')
print(x.shape, np.zeros((2, 3)).shape, x.ndim, x.size)
