# Conformance corpus (issue 19): n12_gru
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.GRU.html
# block:  Examples
import mindspore as ms
import numpy as np
from mindspore import Tensor, nn

net = nn.GRU(10, 16, 2, has_bias=True, batch_first=True, bidirectional=False)
x = ms.Tensor(np.ones([3, 5, 10]).astype(np.float32))
h0 = ms.Tensor(np.ones([1 * 2, 3, 16]).astype(np.float32))
output, hn = net(x, h0)
print(output.shape)
