# Conformance corpus (issue 19): n01_conv1d
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.Conv1d.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, nn

net = nn.Conv1d(120, 240, 4, has_bias=False, weight_init='normal')
x = Tensor(np.ones([1, 120, 640]), mindspore.float32)
output = net(x).shape
print(output)
