# Conformance corpus (issue 19): tm04_tensor_item_tolist
# source: https://www.mindspore.cn/docs/en/r2.0/api_python/mindspore/Tensor/mindspore.Tensor.item.html
# block:  Examples (and Tensor.tolist's)
import numpy as np
import mindspore
from mindspore import Tensor

x = Tensor(np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32))
x = x.item((0, 1))
print(x)
y = Tensor(np.array([1.2], dtype=np.float32))
y = y.item()
print(y)
a = Tensor([[1, 2, 3], [4, 5, 6]], mindspore.int32)
output = a.tolist()
print(output)
