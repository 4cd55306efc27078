# samples/mlp.py with the mode left to the command line: graphdiff runs it
# with --mode=pynative and --mode=graph (construct compiled, with a print of
# a tuple and a dtype inside the graph) and compares the outputs.
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

np.random.seed(0)


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.layers = nn.SequentialCell(
            nn.Dense(4 * 4, 8, weight_init=Tensor(np.random.randn(8, 16).astype(np.float32) * 0.3),
                     bias_init=Tensor(np.random.randn(8).astype(np.float32) * 0.1)),
            nn.ReLU(),
            nn.Dense(8, 3, weight_init=Tensor(np.random.randn(3, 8).astype(np.float32) * 0.3),
                     bias_init=Tensor(np.random.randn(3).astype(np.float32) * 0.1)),
        )

    def construct(self, x):
        x = self.flatten(x)
        logits = self.layers(x)
        print("logits:", logits.shape, logits.dtype)
        return logits


net = MLP()
x = Tensor(np.linspace(-1.0, 1.0, 2 * 16).reshape(2, 1, 4, 4).astype(np.float32))
logits = net(x)
print(logits)
probs = ops.softmax(logits, axis=-1)
print("probabilities:\n", probs)
print("predicted classes:", probs.argmax(axis=1))
# a second call with another batch size: a new specialization
x5 = Tensor(np.random.rand(5, 1, 4, 4).astype(np.float32))
print(net(x5))
print(net(x))
