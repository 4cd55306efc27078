# Conformance corpus (issue 19): t03_tensor_arithmetic
# source: https://www.mindspore.cn/tutorials/en/r2.0/beginner/tensor.html
# block:  "Tensor Operation", arithmetic
import numpy as np
import mindspore
from mindspore import Tensor

x = Tensor(np.array([1, 2, 3]), mindspore.float32)
y = Tensor(np.array([4, 5, 6]), mindspore.float32)

output_add = x + y
output_sub = x - y
output_mul = x * y
output_div = y / x
output_mod = y % x
output_floordiv = y // x

print("add:", output_add)
print("sub:", output_sub)
print("mul:", output_mul)
print("div:", output_div)
print("mod:", output_mod)
print("floordiv:", output_floordiv)
