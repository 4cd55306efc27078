# Conformance corpus (issue 19): a01_mindspore_tensor
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/mindspore/mindspore.tensor.html
# block:  Examples
import mindspore as ms
from mindspore import jit, tensor


@jit
def func(x):
    return tensor(x.asnumpy(), dtype=ms.float32)


x = tensor([1, 2, 3])
y = func(x)
print(y)
