# Conformance corpus (issue 19): n02_conv2d_transpose
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.Conv2dTranspose.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, nn

net = nn.Conv2dTranspose(3, 64, 4, has_bias=False, weight_init='normal', pad_mode='pad')
x = Tensor(np.ones([1, 3, 16, 50]), mindspore.float32)
output = net(x).shape
print(output)
