# Conformance corpus (issue 19): n08_softmax_f16
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.Softmax.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, nn

x = Tensor(np.array([-1, -2, 0, 2, 1]), mindspore.float16)
softmax = nn.Softmax()
output = softmax(x)
print(output)
