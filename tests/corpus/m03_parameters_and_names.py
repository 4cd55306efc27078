# Conformance corpus (issue 19): m03_parameters_and_names
# source: https://www.mindspore.cn/tutorials/en/r2.0/beginner/model.html
# block:  "Model Parameters" (names and sizes; the values are random)
import mindspore
from mindspore import nn, ops


class Network(nn.Cell):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.dense_relu_sequential = nn.SequentialCell(
            nn.Dense(28*28, 512),
            nn.ReLU(),
            nn.Dense(512, 512),
            nn.ReLU(),
            nn.Dense(512, 10)
        )

    def construct(self, x):
        x = self.flatten(x)
        logits = self.dense_relu_sequential(x)
        return logits


model = Network()
for name, param in model.parameters_and_names():
    print(f"Layer: {name}\nSize: {param.shape}\n")
