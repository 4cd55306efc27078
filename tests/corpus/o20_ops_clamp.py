# Conformance corpus (issue 19): o20_ops_clamp
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.clamp.html
# block:  Examples, case 2 (min and max numbers)
import mindspore
import numpy as np
from mindspore import Tensor, ops

min_value = 5
max_value = 20
x = Tensor(np.array([[1., 25., 5., 7.], [4., 11., 6., 21.]]), mindspore.float32)
output = ops.clamp(x, min_value, max_value)
print(output)
