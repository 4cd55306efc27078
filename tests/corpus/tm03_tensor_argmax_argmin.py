# Conformance corpus (issue 19): tm03_tensor_argmax_argmin
# source: https://www.mindspore.cn/docs/en/r2.0/api_python/mindspore/Tensor/mindspore.Tensor.argmax.html
# block:  Examples (and Tensor.argmin's)
import numpy as np
from mindspore import Tensor

a = Tensor(np.arange(10, 16).reshape(2, 3).astype("float32"))
print(a.argmax())
a = Tensor(np.arange(10, 16).reshape(2, 3).astype("float32"))
print(a.argmin())
