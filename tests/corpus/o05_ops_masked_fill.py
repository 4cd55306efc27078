# Conformance corpus (issue 19): o05_ops_masked_fill
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.masked_fill.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, ops

input_x = Tensor(np.array([1., 2., 3., 4.]), mindspore.float32)
mask = Tensor(np.array([True, True, False, True]), mindspore.bool_)
output = ops.masked_fill(input_x, mask, 0.5)
print(output)
