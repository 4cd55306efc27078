# Conformance corpus (issue 19): t06_tensor_to_numpy
# source: https://www.mindspore.cn/tutorials/en/r2.0/beginner/tensor.html
# block:  "Conversion Between Tensor and NumPy", Tensor to NumPy
import mindspore
from mindspore import ops

t = ops.ones(5, mindspore.float32)
print(f"t: {t}")
n = t.asnumpy()
print(f"n: {n}")
