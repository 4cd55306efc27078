# Conformance corpus (issue 19): np02_mnp_linspace_zeros
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/numpy/mindspore.numpy.linspace.html
# block:  Examples (and mindspore.numpy.zeros's)
import mindspore.numpy as np

output = np.linspace(0, 5, 6)
print(output)
print(np.zeros((2, 2)))
