# Conformance corpus (issue 19): a02_tensor_from_numpy
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/mindspore/Tensor/mindspore.Tensor.from_numpy.html
# block:  Examples
import numpy as np
from mindspore import Tensor

x = np.array([1, 2])
output = Tensor.from_numpy(x)
print(output)
