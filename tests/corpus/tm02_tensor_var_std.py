# Conformance corpus (issue 19): tm02_tensor_var_std
# source: https://www.mindspore.cn/docs/en/r2.0/api_python/mindspore/Tensor/mindspore.Tensor.var.html
# block:  Examples (and Tensor.std's)
import numpy as np
from mindspore import Tensor

input_x = Tensor(np.array([1., 2., 3., 4.], np.float32))
output = input_x.var()
print(output)
input_x = Tensor(np.array([1, 2, 3, 4], dtype=np.float32))
output = input_x.std()
print(output)
