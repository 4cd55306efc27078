# Conformance corpus (issue 19): o03_ops_gather
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.gather.html
# block:  Examples, case1
import mindspore
import numpy as np
from mindspore import Tensor, ops

input_params = Tensor(np.array([1, 2, 3, 4, 5, 6, 7]), mindspore.float32)
input_indices = Tensor(np.array([0, 2, 4, 2, 6]), mindspore.int32)
axis = 0
output = ops.gather(input_params, input_indices, axis)
print(output)
