# The numpy core (issue 3 item 6), diffed against Debian's numpy: creation
# functions, dtypes, astype, reshape, a few math functions, random shapes.
import numpy as np

a = np.array([1.0, 2.0, 3.0])
print(a, a.dtype, a.shape, np.array([1, 2]).dtype, np.array([True]).dtype)
print(np.array([1.0, 2.0], np.float32).dtype, np.array([[1, 2], [3, 4]], dtype=np.float64))
print(np.asarray([1, 2, 3]), np.asarray(a) is a)
print(np.ones([2, 3]), np.zeros(3), np.zeros((2,), dtype=np.int32))
print(np.ones([64, 1, 28, 28]).astype(np.float32).shape, np.ones(2).astype(np.float32).dtype)
print(np.full((2, 2), 7), np.full(3, 0.5), np.full((1,), True).dtype)
print(np.empty((2, 2)).shape, np.empty(3, np.int64).dtype)
print(np.arange(5), np.arange(1, 4), np.arange(0, 1, 0.25), np.arange(3, dtype=np.float32))
print(np.linspace(0, 1, 5), np.linspace(0, 1, 4, endpoint=False), np.linspace(2, 3, 3).dtype)
b = np.arange(6).reshape(2, 3)
print(np.ones_like(b), np.zeros_like(b, dtype=np.float32), np.full_like(b, 9), np.empty_like(a).shape)
print(np.reshape(b, (3, 2)), np.reshape(b, -1), np.transpose(b), b.T.shape)
print(np.exp(np.array([0.0, 1.0])), np.log(np.array([1.0])), np.sqrt(np.array([4.0, 9.0])))
print(np.tanh(np.array([0.0])), np.abs(np.array([-1, 2])), np.maximum(b, 2), np.minimum(b, 2))
print(np.sum(b), np.sum(b, axis=0), np.mean(b), np.mean(b, axis=1), np.max(b), np.argmax(b))
print(np.matmul(b, b.T), np.dot(b, np.ones(3)), np.concatenate([b, b]), np.concatenate([b, b], axis=1))
# (np.float32 itself prints as a dtype, not as numpy's "<class 'numpy.float32'>".)
print(np.dtype('float32'), np.dtype(np.float64), np.ones(1, np.bool_).dtype, np.newaxis, np.pi, np.e, np.inf)
print(np.ones(2, np.float32).dtype == np.float32, np.arange(3).dtype == np.int64)
print(b[np.newaxis].shape, a.astype(np.int32), np.array(3.5), np.array([[1.5]]).ndim)
np.random.seed(0)
print(np.random.randn(5, 3).shape, np.random.rand(2).shape, np.random.randn(5, 3).dtype)
print(np.random.uniform(-1, 1, (3, 4)).shape, np.random.normal(0, 1, 7).shape)
print(type(np.random.rand()).__name__, np.random.random((2, 2)).shape)

# ----------------------------------------------------------------------
# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
