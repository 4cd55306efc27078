# Conformance corpus (issue 19): np04_mnp_concatenate_where
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/numpy/mindspore.numpy.concatenate.html
# block:  Examples (and mindspore.numpy.where's)
import mindspore.numpy as np

x1 = np.ones((1, 2, 3))
x2 = np.ones((1, 2, 1))
x = np.concatenate((x1, x2), axis=-1)
print(x.shape)
condition = np.full((1, 1, 2), [False, True])
x = np.full((1, 3, 2), 5)
y = np.full((2, 1, 1), 7)
output = np.where(condition, x, y)
print(output)
