# Conformance corpus (issue 19): n05_adaptive_avgpool2d
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.AdaptiveAvgPool2d.html
# block:  Examples
import mindspore
import numpy as np
from mindspore import Tensor, nn

input = Tensor(np.array([[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]],
                         [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]],
                         [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]), mindspore.float32)
net = nn.AdaptiveAvgPool2d((None, 2))
output = net(input)
print(output)
