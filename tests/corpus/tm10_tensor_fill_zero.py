# Conformance corpus (issue 19): tm10_tensor_fill_zero
# source: https://www.mindspore.cn/docs/en/r2.0/api_python/mindspore/Tensor/mindspore.Tensor.fill.html
# block:  Examples (Tensor.fill)
import numpy as np
from mindspore import Tensor

a = Tensor(np.arange(4).reshape((2, 2)).astype('float32'))
print(a.fill(1.0))
