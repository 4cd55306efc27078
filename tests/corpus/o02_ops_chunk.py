# Conformance corpus (issue 19): o02_ops_chunk
# source: https://www.mindspore.cn/docs/en/r2.1/api_python/ops/mindspore.ops.chunk.html
# block:  Examples
import numpy as np
from mindspore import ops, Tensor

input_x = np.arange(9).astype("float32")
output = ops.chunk(Tensor(input_x), 3)
print(output)
