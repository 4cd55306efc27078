# A small conv net with BatchNorm at batch 1, in graph mode, for
# scripts/firmware-test.sh (issue 21's third model): conv3x3(1->8)-BN-ReLU-
# maxpool, conv3x3(8->16)-BN-ReLU-maxpool, Dense(784, 10) on 1x28x28
# (290,080 multiply-adds). Weights and the BatchNorm statistics are seeded
# random values (not the defaults: a BN of mean 0, variance 1 would hide
# mistakes). `msc compile conv_bn.py -o LIB DIR` runs it once in inference
# mode and exports the graph; the run saves into DIR every Parameter as
# NAME.npy, in0.npy and out0.npy.
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
d = sys.argv[1]


class ConvBN(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, pad_mode='same')
        self.bn1 = nn.BatchNorm2d(8)
        self.conv2 = nn.Conv2d(8, 16, 3, pad_mode='same')
        self.bn2 = nn.BatchNorm2d(16)
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(16 * 7 * 7, 10)

    def construct(self, x):
        x = self.pool(self.relu(self.bn1(self.conv1(x))))
        x = self.pool(self.relu(self.bn2(self.conv2(x))))
        return self.fc(self.flatten(x))


net = ConvBN()
net.set_train(False)
rng = np.random.RandomState(21)
for name, p in net.parameters_and_names():
    shape = p.asnumpy().shape
    if name.endswith('moving_variance'):
        v = rng.uniform(0.5, 2.0, shape)
    elif name.endswith('gamma'):
        v = rng.uniform(0.5, 1.5, shape)
    else:
        v = rng.uniform(-0.3, 0.3, shape)
    p.set_data(Tensor(v.astype(np.float32)))
    np.save(d + '/' + name + '.npy', p.asnumpy())
x = Tensor(rng.uniform(0.0, 1.0, (1, 1, 28, 28)).astype(np.float32))
np.save(d + '/in0.npy', x.asnumpy())
out = net(x)
np.save(d + '/out0.npy', out.asnumpy())
print(out.shape, out.dtype)
