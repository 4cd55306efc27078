# Conformance corpus (issue 19): t08_ones_zeros_like
# source: https://www.mindspore.cn/tutorials/en/r2.0/beginner/tensor.html
# block:  "Creating a Tensor", inheriting attributes of another tensor
from mindspore import Tensor, ops

data = [1, 0, 1, 0]
x_data = Tensor(data)

x_ones = ops.ones_like(x_data)
print(f"Ones Tensor: \n {x_ones} \n")

x_zeros = ops.zeros_like(x_data)
print(f"Zeros Tensor: \n {x_zeros} \n")
