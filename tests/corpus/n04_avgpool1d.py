# Conformance corpus (issue 19): n04_avgpool1d
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.AvgPool1d.html
# block:  Examples
import mindspore as ms
import mindspore.nn as nn
import numpy as np

pool = nn.AvgPool1d(kernel_size=6, stride=1)
x = ms.Tensor(np.random.randint(0, 10, [1, 3, 6]), ms.float32)
output = pool(x)
result = output.shape
print(result)
