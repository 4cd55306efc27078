# Conformance corpus (issue 19): o14_ops_scatter
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.scatter.html
# block:  Examples, first case
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops

input = Tensor(np.array([[1, 2, 3, 4, 5]]), dtype=ms.float32)
src = Tensor(np.array([[8, 8]]), dtype=ms.float32)
index = Tensor(np.array([[2, 4]]), dtype=ms.int64)
out = ops.scatter(input=input, axis=1, index=index, src=src)
print(out)
