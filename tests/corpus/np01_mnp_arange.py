# Conformance corpus (issue 19): np01_mnp_arange
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/numpy/mindspore.numpy.arange.html
# block:  Examples
import mindspore.numpy as np

print(np.arange(0, 5, 1))
print(np.arange(3))
print(np.arange(start=0, stop=3))
print(np.arange(0, stop=3, step=0.5))
