# Conformance corpus (issue 19): o10_ops_tile
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.tile.html
# block:  Examples, case 1
import mindspore
import numpy as np
from mindspore import Tensor, ops

input = Tensor(np.array([[1, 2], [3, 4]]), mindspore.float32)
dims = (2, 3)
output = ops.tile(input, dims)
print(output)
