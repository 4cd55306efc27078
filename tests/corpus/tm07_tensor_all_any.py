# Conformance corpus (issue 19): tm07_tensor_all_any
# source: https://www.mindspore.cn/docs/en/r2.0/api_python/mindspore/Tensor/mindspore.Tensor.all.html
# block:  Examples (and Tensor.any's)
import numpy as np
from mindspore import Tensor

a = Tensor([True, True, False])
output = a.all()
print(output)
a = Tensor([True, True, False])
output = a.any()
print(output)
