# Conformance corpus (issue 19): tm06_tensor_clip
# source: https://www.mindspore.cn/docs/en/r2.0/api_python/mindspore/Tensor/mindspore.Tensor.clip.html
# block:  Examples
from mindspore import Tensor

x = Tensor([1, 2, 3, -4, 0, 3, 2, 0]).astype("float32")
y = x.clip(0, 2)
print(y)
