# Conformance corpus (issue 19): o01_ops_split_class
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.Split.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, ops

split = ops.Split(1, 2)
x = Tensor(np.array([[1, 1, 1, 1], [2, 2, 2, 2]]), mindspore.int32)
print(x)
output = split(x)
print(output)
split = ops.Split(1, 4)
output = split(x)
print(output)
