# Conformance corpus (issue 19): t02_tensor_indexing
# source: https://www.mindspore.cn/tutorials/en/r2.0/beginner/tensor.html
# block:  "Tensor Indexing"
import numpy as np
from mindspore import Tensor

tensor = Tensor(np.array([[0, 1], [2, 3]]).astype(np.float32))

print("First row: {}".format(tensor[0]))
print("value of bottom right corner: {}".format(tensor[1, 1]))
print("Last column: {}".format(tensor[:, -1]))
print("First column: {}".format(tensor[..., 0]))
