# Conformance corpus (issue 19): a03_ms_from_numpy
# source: https://www.mindspore.cn/docs/en/r2.4.0/api_python/mindspore/mindspore.from_numpy.html
# block:  Examples
import numpy as np
import mindspore as ms

x = np.array([1, 2])
output = ms.from_numpy(x)
print(output)
