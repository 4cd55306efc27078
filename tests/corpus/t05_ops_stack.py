# Conformance corpus (issue 19): t05_ops_stack
# source: https://www.mindspore.cn/tutorials/en/r2.0/beginner/tensor.html
# block:  "Tensor Operation", Stack
import numpy as np
from mindspore import Tensor, ops

data1 = Tensor(np.array([[0, 1], [2, 3]]).astype(np.float32))
data2 = Tensor(np.array([[4, 5], [6, 7]]).astype(np.float32))
output = ops.stack([data1, data2])

print(output)
print("shape:\n", output.shape)
