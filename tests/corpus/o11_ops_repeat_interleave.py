# Conformance corpus (issue 19): o11_ops_repeat_interleave
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.repeat_interleave.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, ops

input = Tensor(np.array([[0, 1, 2], [3, 4, 5]]), mindspore.int32)
output = ops.repeat_interleave(input, repeats=2, axis=0)
print(output)
