# Conformance corpus (issue 19): np03_mnp_dot_mean
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/numpy/mindspore.numpy.dot.html
# block:  Examples (and mindspore.numpy.mean's)
import mindspore.numpy as np

a = np.full((1, 3), 7).astype('float32')
b = np.full((2, 3, 4), 5).astype('float32')
output = np.dot(a, b)
print(output)
a = np.arange(6, dtype='float32')
output = np.mean(a, 0)
print(output)
