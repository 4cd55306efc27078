# numpy functions a model script uses (those on msc's older primitives),
# against Debian's numpy: the same script runs in msc and numpy and the
# printed outputs must be identical. (funcs_index.py: the functions built
# on Select, ArgSort, GatherD, Gather, Tile and CumSum.)
import numpy as np
a = np.array([[3.0, 1.0, 2.0], [0.5, 9.0, -1.0]])
b = np.array([[1, 5, 5], [0, 2, 7]], dtype=np.int32)
print(np.eye(3, k=1), np.eye(2, 4, k=-1, dtype=np.int32), np.eye(3, 2, k=5), np.identity(2))
print(np.clip(a, 0, 2), np.clip(b, 1, 4), np.clip(b, 1.5, None), np.clip(a, [0, 1, 2], 2.5))
print(np.where([[True, False, True], [False, False, True]]), np.where(b))
print(np.prod(b), np.prod(a, axis=1, keepdims=True), np.prod(b > 0))
print(np.argmax(a, axis=1, keepdims=True), np.argmin(a), np.argmin(b, axis=0), np.argmax(b))
print(np.dot(np.ones((2, 3, 4)), np.ones((5, 4, 2))).shape, np.dot(a, a.T), np.dot(np.arange(3), np.arange(3)), np.dot(2, a))
print(np.dot(np.arange(24.0).reshape(2, 3, 4), np.arange(40.0).reshape(5, 4, 2))[1, 2].tolist())
print(np.nonzero(b), np.count_nonzero(b), np.flatnonzero(a > 1), np.argwhere(b > 1))
print(np.sum(b), np.sum(b, axis=0).dtype, np.sum(a, axis=1, keepdims=True), np.mean(b, axis=1), np.max(a, axis=0))
print(np.min(b, axis=1, keepdims=True), np.sum(b > 1), np.sum(np.ones(3, np.uint8)).dtype, np.all(b >= 0), np.any(a > 8, axis=0))
print(np.exp(a), np.log(np.abs(a)), np.sqrt(np.abs(a)), np.tanh(a), np.sin(a), np.cos(b), np.maximum(a, 1), np.minimum(b, 3))
print(np.concatenate([a, a], axis=1), np.concatenate([a, a], axis=None), np.stack([b, b]), np.stack([b, b], axis=2).shape)
print(np.transpose(a), np.transpose(np.ones((2, 3, 4)), (2, 0, 1)).shape, np.matmul(a, a.T), np.matmul(np.ones((2, 2, 3)), np.ones((3, 1))))
print(np.searchsorted([1, 2, 3, 5], [0, 2, 4, 9]), np.searchsorted([1, 2, 3], 2, side='right'), np.std(a), np.var(b, axis=0))
print(np.float32(1.5), np.float32 == np.dtype('float32'), np.int64(3), np.float64(2.5) * 2, np.int_ is np.int64, np.uint8(255))
print(np.outer([1, 2], [3, 4, 5]), np.vstack([np.arange(3), np.arange(3)]), np.hstack([np.arange(2), np.arange(3)]), np.round(a * 1.5))
print(np.isnan(np.array([1.0, np.nan])), np.isinf(np.array([np.inf, 1.0])), np.isfinite(np.array([np.inf, 1.0, np.nan])))
print(np.array_equal(a, a), np.array_equal(a, b), np.abs(b - 3), np.square(b), np.negative(a), np.power(b, 2))

# RUN: %msc run %s > %t.msc
# RUN: %python %s > %t.np
# RUN: diff %t.msc %t.np
