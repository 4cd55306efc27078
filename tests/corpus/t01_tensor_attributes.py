# Conformance corpus (issue 19): t01_tensor_attributes
# source: https://www.mindspore.cn/tutorials/en/r2.0/beginner/tensor.html
# block:  "Tensor Attributes"
import numpy as np
import mindspore
from mindspore import Tensor

x = Tensor(np.array([[1, 2], [3, 4]]), mindspore.int32)

print("x_shape:", x.shape)
print("x_dtype:", x.dtype)
print("x_itemsize:", x.itemsize)
print("x_nbytes:", x.nbytes)
print("x_ndim:", x.ndim)
print("x_size:", x.size)
print("x_strides:", x.strides)
