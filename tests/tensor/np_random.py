# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# numpy's legacy RandomState stream: bit-exact after np.random.seed.
import numpy as np

np.random.seed(0)
print(np.random.randn(3))
print(np.random.rand(2, 2))
print(np.random.randn(5))
print(np.random.uniform(-1, 1, (3,)))
print(np.random.normal(2.0, 0.5, (2, 3)))
np.random.seed(42)
a = np.random.randn(1000)
print(a[:4], a[-3:], a.sum(), a.mean())
np.random.seed(12345)
print(np.random.rand(7))
print(np.random.randn(3, 2).astype(np.float32))
