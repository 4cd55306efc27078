# Conformance corpus (issue 19): m02_model_layers
# source: https://www.mindspore.cn/tutorials/en/r2.0/beginner/model.html
# block:  "Model Layers" (nn.Flatten, nn.Dense, nn.SequentialCell, nn.Softmax; shapes)
import mindspore
from mindspore import nn, ops

input_image = ops.ones((3, 28, 28), mindspore.float32)
print(input_image.shape)

flatten = nn.Flatten()
flat_image = flatten(input_image)
print(flat_image.shape)

layer1 = nn.Dense(in_channels=28*28, out_channels=20)
hidden1 = layer1(flat_image)
print(hidden1.shape)

seq_modules = nn.SequentialCell(
    flatten,
    layer1,
    nn.ReLU(),
    nn.Dense(20, 10)
)

logits = seq_modules(input_image)
print(logits.shape)

softmax = nn.Softmax(axis=1)
pred_probab = softmax(logits)
