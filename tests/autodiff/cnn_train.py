# A small CNN trained for 3 steps — Conv2d (stride 1, 'pad' 1), BatchNorm2d
# in training mode (batch statistics; its moving averages are Parameters
# the step assigns), ReLU, MaxPool2d, Dense; CrossEntropyLoss; SGD with
# momentum — in PyNative and as one @ms.jit step (cc and ref), against
# PyTorch's autograd and torch.optim.SGD on the same weights
# (Inputs/cnn_train_ref.py): losses, the conv weight, the moving mean and
# variance after the steps, relative 1e-4. Exercises the gradients of
# Conv2D (Conv2DBackpropInput/Filter), BatchNorm through its batch
# statistics, MaxPool (MaxPoolGrad) end to end.
# RUN: %python %S/Inputs/cnn_train_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/Inputs/close.py 1e-4 %t.ref %t.pyn
# RUN: %msc run %s jit > %t.jit
# RUN: %python %S/Inputs/close.py 1e-4 %t.ref %t.jit
# RUN: %msc run --backend=ref %s jit > %t.jitref
# RUN: %python %S/Inputs/close.py 1e-4 %t.ref %t.jitref
# RUN: FileCheck %s --input-file %t.jit
# CHECK: step 0 loss
# CHECK: step 2 loss
# CHECK: moving_mean
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

mode = sys.argv[1]


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 4, 3, pad_mode='pad', padding=1, has_bias=True)
        self.bn = nn.BatchNorm2d(4)
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(2, 2)
        self.flat = nn.Flatten()
        self.fc = nn.Dense(4 * 3 * 3, 3)

    def construct(self, x):
        return self.fc(self.flat(self.pool(self.relu(self.bn(self.conv(x))))))


net = Net()
net.set_train()
net.conv.weight.set_data(Tensor(np.sin(np.arange(72).reshape(4, 2, 3, 3) * 0.37) * 0.4, ms.float32))
net.conv.bias.set_data(Tensor(np.array([0.1, -0.1, 0.05, 0.0]), ms.float32))
net.fc.weight.set_data(Tensor(np.cos(np.arange(108).reshape(3, 36) * 0.11) * 0.2, ms.float32))
net.fc.bias.set_data(Tensor(np.zeros(3), ms.float32))
loss_fn = nn.CrossEntropyLoss()
optimizer = nn.SGD(net.trainable_params(), 0.1, momentum=0.9)
x = Tensor(np.cos(np.arange(4 * 2 * 6 * 6).reshape(4, 2, 6, 6) * 0.05), ms.float32)
y = Tensor(np.array([0, 1, 2, 1]), ms.int32)


def forward_fn(data, label):
    return loss_fn(net(data), label)


grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters)


def train_step(data, label):
    loss, grads = grad_fn(data, label)
    optimizer(grads)
    return loss


if mode == 'jit':
    train_step = ms.jit(train_step)
for step in range(3):
    print('step', step, 'loss', float(train_step(x, y)))
print('conv.weight', [float(v) for v in net.conv.weight.asnumpy().reshape(-1)[:12]])
print('moving_mean', [float(v) for v in net.bn.moving_mean.asnumpy()])
print('moving_variance', [float(v) for v in net.bn.moving_variance.asnumpy()])
