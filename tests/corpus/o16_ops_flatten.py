# Conformance corpus (issue 19): o16_ops_flatten
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.flatten.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, ops

input_x = Tensor(np.ones(shape=[1, 2, 3, 4]), mindspore.float32)
output = ops.flatten(input_x)
print(output.shape)
