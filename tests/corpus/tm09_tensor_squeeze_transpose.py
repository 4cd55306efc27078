# Conformance corpus (issue 19): tm09_tensor_squeeze_transpose
# source: https://www.mindspore.cn/docs/en/r2.0/api_python/mindspore/Tensor/mindspore.Tensor.squeeze.html
# block:  Examples (and Tensor.transpose's, Tensor.expand_dims's)
import numpy as np
from mindspore import Tensor

x = Tensor(np.ones((1, 2, 2, 1), dtype=np.float32))
x = x.squeeze()
print(x.shape)
x = Tensor(np.ones((1, 2, 3), dtype=np.float32))
x = x.transpose()
print(x.shape)
x = Tensor(np.ones((2, 2), dtype=np.float32))
print(x)
x = x.expand_dims(1)
print(x.shape)
