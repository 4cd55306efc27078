# Conformance corpus (issue 19): o06_ops_one_hot
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.one_hot.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, ops

indices = Tensor(np.array([0, 1, 2]), mindspore.int32)
depth, on_value, off_value = 3, Tensor(1.0, mindspore.float32), Tensor(0.0, mindspore.float32)
output = ops.one_hot(indices, depth, on_value, off_value, axis=-1)
print(output)
