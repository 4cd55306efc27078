# Conformance corpus (issue 19): tm01_tensor_view
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/mindspore/Tensor/mindspore.Tensor.view.html
# block:  Examples
import numpy as np
from mindspore import Tensor

a = Tensor(np.array([[1, 2, 3], [2, 3, 4]], dtype=np.float32))
output = a.view((3, 2))
print(output)
