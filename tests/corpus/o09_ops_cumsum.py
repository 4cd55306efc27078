# Conformance corpus (issue 19): o09_ops_cumsum
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.cumsum.html
# block:  Examples
import numpy as np
from mindspore import Tensor, ops

x = Tensor(np.array([[3, 4, 6, 10], [1, 6, 7, 9], [4, 3, 8, 7], [1, 3, 7, 9]]).astype(np.float32))
# case 1: along the axis 0
y = ops.cumsum(x, 0)
print(y)
# case 2: along the axis 1
y = ops.cumsum(x, 1)
print(y)
