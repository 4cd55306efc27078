# The seed MLP (seed-examples s002: 784-512-512-10, Flatten, ReLU) at batch
# 1, in graph mode, for scripts/firmware-test.sh. Weights are the Cells'
# own default initialisation. `msc compile seed_mlp.py -o LIB DIR` exports
# the graph with the reference executor's output as the self-test's
# expected values; the run also saves into DIR what it used and computed
# (every Parameter as NAME.npy, in0.npy, out0.npy) for scripts/bench.sh.
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
d = sys.argv[1]


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
x = Tensor(np.linspace(-1.0, 1.0, 784).reshape(1, 1, 28, 28).astype(np.float32))
for name, p in model.parameters_and_names():
    np.save(d + '/' + name + '.npy', p.asnumpy())
np.save(d + '/in0.npy', x.asnumpy())
out = model(x)
np.save(d + '/out0.npy', out.asnumpy())
print(out.shape, out.dtype)
