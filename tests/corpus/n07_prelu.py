# Conformance corpus (issue 19): n07_prelu
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.PReLU.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, nn

x = Tensor(np.array([[[[0.1, 0.6], [0.9, 0.9]]]]), mindspore.float32)
prelu = nn.PReLU()
output = prelu(x)
print(output)
