# LeNet-5 (Conv2d(1,6,5,valid) ReLU MaxPool2d(2,2) Conv2d(6,16,5,valid) ReLU
# MaxPool2d(2,2) Flatten Dense(400,120) ReLU Dense(120,84) ReLU Dense(84,10))
# on 1x1x32x32 and 64x1x32x32 inputs, with weights drawn at test time
# (Inputs/lenet_gen.py, numpy RandomState) and loaded from .npy files with
# np.load into the Cell's Parameters; run in PyNative and in Graph mode (cc
# backend, then the reference executor), compared (1e-5 relative) with a
# PyTorch forward and with a pure numpy one (Inputs/lenet_ref.py).
# RUN: rm -rf %t.d && %python %S/Inputs/lenet_gen.py %t.d
# RUN: %python %S/Inputs/lenet_ref.py %t.d torch > %t.torch
# RUN: %python %S/Inputs/lenet_ref.py %t.d numpy > %t.numpy
# RUN: %python %S/../e2e/Inputs/numeq.py %t.torch %t.numpy
# RUN: %msc run %s %t.d > %t.cc
# RUN: %python %S/../e2e/Inputs/numeq.py %t.torch %t.cc
# RUN: %python %S/../e2e/Inputs/numeq.py %t.numpy %t.cc
# RUN: %msc run --backend=ref %s %t.d > %t.ref
# RUN: %python %S/../e2e/Inputs/numeq.py %t.torch %t.ref
# RUN: FileCheck %s --input-file %t.cc
# CHECK: pynative x1 float32 (1, 10)
# CHECK: pynative x64 float32 (64, 10)
# CHECK: graph x1 float32 (1, 10)
# CHECK: graph x64 float32 (64, 10)
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

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
inputs = [('x1', Tensor(np.load(d + '/x1.npy'))), ('x64', Tensor(np.load(d + '/x64.npy')))]

for mode in ('pynative', 'graph'):
    ms.set_context(mode=ms.PYNATIVE_MODE if mode == 'pynative' else ms.GRAPH_MODE)
    for b, x in inputs:
        out = net(x).asnumpy()
        print(mode, b, str(out.dtype), out.shape, out.reshape(-1).tolist())
