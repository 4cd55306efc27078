# LeNet-5 of tests/models/lenet.py at batch 1, in graph mode, for
# scripts/firmware-test.sh. DIR must hold the .npy weights and input x1 of
# tests/models/Inputs/lenet_gen.py. `msc compile lenet.py -o LIB DIR` loads
# them into the Cell, runs it once and exports the graph with the reference
# executor's output as the self-test's expected values; the run also saves
# into DIR what it used and computed (every Parameter as NAME.npy,
# unchanged, in0.npy, out0.npy).
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
d = sys.argv[1]


class LeNet5(nn.Cell):
    def __init__(self, num_class=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode='valid')
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode='valid')
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_class)

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


net = LeNet5()
for name, p in net.parameters_and_names():
    p.set_data(Tensor(np.load(d + '/' + name + '.npy')))
    np.save(d + '/' + name + '.npy', p.asnumpy())
x = Tensor(np.load(d + '/x1.npy'))
np.save(d + '/in0.npy', x.asnumpy())
out = net(x)
np.save(d + '/out0.npy', out.asnumpy())
print(out.shape, out.dtype)
