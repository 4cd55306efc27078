# Conformance corpus (issue 19): tm08_tensor_copy
# source: https://www.mindspore.cn/docs/en/r2.0/api_python/mindspore/Tensor/mindspore.Tensor.copy.html
# block:  Examples
import numpy as np
from mindspore import Tensor

a = Tensor(np.ones((3, 3)).astype("float32"))
output = a.copy()
print(output)
