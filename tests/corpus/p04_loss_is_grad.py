# Conformance corpus (issue 19): p04_loss_is_grad
# source: https://www.mindspore.cn/tutorial/en/r0.7/quick_start/quick_start.html
# block:  "Defining the Loss Function and Optimizer" (SoftmaxCrossEntropyWithLogits(is_grad=False, sparse=True, reduction='mean')) applied to the logits of the SoftmaxCrossEntropyWithLogits API example, case 1
import mindspore
import numpy as np
from mindspore import Tensor
from mindspore.nn import SoftmaxCrossEntropyWithLogits

net_loss = SoftmaxCrossEntropyWithLogits(is_grad=False, sparse=True, reduction='mean')
logits = Tensor(np.array([[3, 5, 6, 9, 12, 33, 42, 12, 32, 72]]), mindspore.float32)
labels = Tensor(np.array([1]).astype(np.int32))
print(net_loss(logits, labels))
