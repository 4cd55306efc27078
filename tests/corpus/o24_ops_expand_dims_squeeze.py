# Conformance corpus (issue 19): o24_ops_expand_dims_squeeze
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.squeeze.html
# block:  Examples (with ops.expand_dims's example)
import mindspore
import numpy as np
from mindspore import Tensor, ops

input = Tensor(np.ones(shape=[3, 2, 1]), mindspore.float32)
output = ops.squeeze(input)
print(output)
input_tensor = Tensor(np.array([[2, 2], [2, 2]]), mindspore.float32)
output = ops.expand_dims(input_tensor, 0)
print(output)
