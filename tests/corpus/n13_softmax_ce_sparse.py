# Conformance corpus (issue 19): n13_softmax_ce_sparse
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.SoftmaxCrossEntropyWithLogits.html
# block:  Examples, case 1 and case 2
import mindspore
import numpy as np
from mindspore import Tensor, nn

# case 1: sparse=True
loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True)
logits = Tensor(np.array([[3, 5, 6, 9, 12, 33, 42, 12, 32, 72]]), mindspore.float32)
labels_np = np.array([1]).astype(np.int32)
labels = Tensor(labels_np)
output = loss(logits, labels)
print(output)
# case 2: sparse=False
loss = nn.SoftmaxCrossEntropyWithLogits(sparse=False)
logits = Tensor(np.array([[3, 5, 6, 9, 12, 33, 42, 12, 32, 72]]), mindspore.float32)
labels_np = np.array([[0, 0, 0, 0, 0, 0, 1, 0, 0, 0]]).astype(np.float32)
labels = Tensor(labels_np)
output = loss(logits, labels)
print(output)
