# Conformance corpus (issue 19): o12_ops_pad
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.pad.html
# block:  Examples, constant mode
import mindspore as ms
import numpy as np
from mindspore import ops

x = ms.Tensor(np.arange(1 * 2 * 2 * 2).reshape((1, 2, 2, 2)), dtype=ms.float64)
output = ops.pad(x, [1, 0, 0, 1], mode='constant', value=6.0)
print(output)
