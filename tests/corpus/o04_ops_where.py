# Conformance corpus (issue 19): o04_ops_where
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.where.html
# block:  Examples
import numpy as np
from mindspore import Tensor, ops
from mindspore import dtype as mstype

a = Tensor(np.arange(4).reshape((2, 2)), mstype.float32)
b = Tensor(np.ones((2, 2)), mstype.float32)
condition = a < 3
output = ops.where(condition, a, b)
print(output)
