# A small MindSpore MLP in PyNative mode: a seeded model, a forward pass,
# intermediate prints from construct, and a softmax over the logits.
# `msc run samples/mlp.py` prints what MindSpore prints.
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

ms.set_context(mode=ms.PYNATIVE_MODE)
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
for name, p in net.parameters_and_names():
    print(f"{name:16s} {str(p.shape):8s} {p.dtype}")
x = Tensor(np.linspace(-1.0, 1.0, 2 * 16).reshape(2, 1, 4, 4).astype(np.float32))
logits = net(x)
print(logits)
probs = ops.softmax(logits, axis=-1)
print("probabilities:\n", probs)
print("predicted classes:", probs.argmax(axis=1))
