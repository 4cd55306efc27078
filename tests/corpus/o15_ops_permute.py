# Conformance corpus (issue 19): o15_ops_permute
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.permute.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, ops

input_x = Tensor(np.array([[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]), mindspore.float32)
input_perm = (0, 2, 1)
print(ops.permute(input_x, input_perm))
