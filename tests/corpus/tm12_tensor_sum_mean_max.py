# Conformance corpus (issue 19): tm12_tensor_sum_mean_max
# source: https://www.mindspore.cn/docs/en/r2.0/api_python/mindspore/Tensor/mindspore.Tensor.sum.html
# block:  Examples (and Tensor.mean's, Tensor.max's)
import numpy as np
from mindspore import Tensor

input_x = Tensor(np.array([-1, 0, 1]).astype(np.float32))
print(input_x.sum())
input_x = Tensor(np.array([[1, 2, 3], [4, 5, 6]]).astype(np.float32))
print(input_x.mean())
a = Tensor(np.arange(4).reshape((2, 2)).astype('float32'))
output = a.max(axis=0)
print(output)
