# Conformance corpus (issue 19): n03_maxpool1d
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.MaxPool1d.html
# block:  Examples
import mindspore as ms
import mindspore.nn as nn
import numpy as np

max_pool = nn.MaxPool1d(kernel_size=3, stride=1)
x = ms.Tensor(np.random.randint(0, 10, [1, 2, 4]), ms.float32)
output = max_pool(x)
result = output.shape
print(result)
