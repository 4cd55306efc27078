# Conformance corpus (issue 19): tm11_tensor_flatten_reshape
# source: https://www.mindspore.cn/docs/en/r2.0/api_python/mindspore/Tensor/mindspore.Tensor.flatten.html
# block:  Examples (and Tensor.reshape's)
import numpy as np
from mindspore import Tensor

x = Tensor(np.ones((2, 3, 4), dtype=np.float32))
output = x.flatten()
print(output.shape)
x = Tensor(np.array([[-0.1, 0.3, 3.6], [0.4, 0.5, -3.2]], dtype=np.float32))
output = x.reshape((3, 2))
print(output)
