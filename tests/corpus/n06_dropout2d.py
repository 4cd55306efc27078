# Conformance corpus (issue 19): n06_dropout2d
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.Dropout2d.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, nn

dropout = nn.Dropout2d(p=0.5)
x = Tensor(np.ones([2, 1, 2, 3]), mindspore.float32)
output = dropout(x)
print(output.shape)
