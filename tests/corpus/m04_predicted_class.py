# Conformance corpus (issue 19): m04_predicted_class
# source: https://www.mindspore.cn/tutorials/en/r2.0/beginner/model.html
# block:  "Defining a Model Class", logits, nn.Softmax and argmax
# check:  exit status only: the weights are drawn at random (HeUniform), so the logits and the predicted class differ from run to run and from the page
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
X = ops.ones((1, 28, 28), mindspore.float32)
logits = model(X)
print(logits)
pred_probab = nn.Softmax(axis=1)(logits)
y_pred = pred_probab.argmax(1)
print(f"Predicted class: {y_pred}")
