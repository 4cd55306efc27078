# numpy functions built on the Select, ArgSort, GatherD, Gather, Tile,
# CumSum and CumProd primitives, against Debian's numpy: the same script
# runs in msc and numpy and the printed outputs must be identical. (Values
# are distinct where numpy's default, unstable, quicksort matters.)
import numpy as np
a = np.array([[3.0, 1.0, 2.0], [0.5, 9.0, -1.0]])
b = np.array([[1, 5, 5], [0, 2, 7]], dtype=np.int32)
print(np.where(a > 1, a, -a), np.where(b, 1, 0), np.where(a > 1, a, 0.5), np.where(b > 2, b, 10))
print(np.argsort(a), np.argsort(a, axis=0), np.argsort(a, axis=None), np.sort(a), np.sort(b, axis=0), np.sort(a, axis=None))
print(np.unique([3, 1, 2, 3, 1, 9]), np.unique(b, return_index=True, return_inverse=True, return_counts=True))
i = np.array([[4, 4, 1], [2, 9, 2]])
print(np.unique(i.astype(np.float32)), np.unique(np.array([True, False, True])), np.unique(np.array([], dtype=np.int64)))
print(np.cumsum(a), np.cumsum(a, axis=1), np.cumsum(b, axis=0), np.cumsum(b > 1), np.cumsum(b, axis=-1).dtype)
print(np.cumprod(b, axis=1), np.cumprod(a))
print(np.tile(a, 2), np.tile(b, (2, 1, 2)), np.tile(np.arange(3), (2, 2)), np.tile(b, (2,)))
print(np.take(a, [0, 4, -1]), np.take(a, [[1, 0]], axis=1), np.take(a, 2), np.take(b, [1, 1, 0], axis=0))
print(np.take_along_axis(a, np.argsort(a, axis=1), axis=1), np.take_along_axis(a, np.argsort(a, axis=0), axis=0))
print(np.isclose(a, a + 1e-9), np.isclose([1.0, np.inf, np.nan, -np.inf], [1.0, np.inf, np.nan, np.inf]))
print(np.isclose([np.nan, 1.0], [np.nan, 1.1], equal_nan=True), np.isclose(b, b + 1, atol=1.0), np.isclose(1.0, 1.0 + 1e-6))
print(np.allclose(a, a * (1 + 1e-7)), np.allclose(a, a + 0.1), np.allclose(b, b), np.allclose([np.nan], [np.nan], equal_nan=True))

# RUN: %msc run %s > %t.msc
# RUN: %python %s > %t.np
# RUN: diff %t.msc %t.np
