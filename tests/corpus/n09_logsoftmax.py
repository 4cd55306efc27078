# Conformance corpus (issue 19): n09_logsoftmax
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.LogSoftmax.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, nn

x = Tensor(np.array([[-1.0, 4.0, -8.0], [2.0, -5.0, 9.0]]), mindspore.float32)
log_softmax = nn.LogSoftmax()
output = log_softmax(x)
print(output)
