# Conformance corpus (issue 19): t07_tensor_init_one
# source: https://www.mindspore.cn/tutorials/en/r2.0/beginner/tensor.html
# block:  "Creating a Tensor", generating a tensor by using init (the One() half; the Normal() half is random)
import mindspore
from mindspore.common.initializer import One

tensor1 = mindspore.Tensor(shape=(2, 2), dtype=mindspore.float32, init=One())
print("tensor1:\n", tensor1)
