# Conformance corpus (issue 19): o08_ops_sort
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.sort.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, ops

x = Tensor(np.array([[8, 2, 1], [5, 9, 3], [4, 6, 7]]), mindspore.float16)
output = ops.sort(x)
print(output)
