# Conformance corpus (issue 19): o13_ops_interpolate
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.interpolate.html
# block:  Examples
import mindspore
from mindspore import Tensor, ops

input = Tensor([[[1, 2, 3], [4, 5, 6]]], mindspore.float32)
output = ops.interpolate(input, size=(6,), mode='nearest')
print(output)
