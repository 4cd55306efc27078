# Conformance corpus (issue 19): tm05_tensor_astype
# source: https://www.mindspore.cn/docs/en/r2.0/api_python/mindspore/Tensor/mindspore.Tensor.astype.html
# block:  Examples
import numpy as np
from mindspore import Tensor

x = Tensor(np.ones((1, 2, 2, 1), dtype=np.float32))
x = x.astype("int32")
print(x.dtype)
