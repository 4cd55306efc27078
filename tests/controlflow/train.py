# A training step whose forward branches on the data (an if on the
# hidden layer's sum, taken both ways across the 5 steps) and loops with
# a weight inside (a while on a tensor counter, bound 2 found at compile
# time): value_and_grad + SGD, 5 steps, in PyNative, a @ms.jit step (cc
# and ref) and GRAPH_MODE, against the same program in PyTorch
# (Inputs/train_ref.py); then msc compile's C of the jit step replays the
# 5 steps and checks the trained Parameters against the reference
# executor.
# RUN: %python %S/Inputs/train_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../autodiff/Inputs/close.py 1e-4 %t.ref %t.pyn
# RUN: %msc run %s jit > %t.jit
# RUN: %python %S/../autodiff/Inputs/close.py 1e-4 %t.ref %t.jit
# RUN: %msc run --backend=ref %s jit > %t.jitref
# RUN: %python %S/../autodiff/Inputs/close.py 1e-4 %t.ref %t.jitref
# RUN: %msc run %s graph > %t.graph
# RUN: %python %S/../autodiff/Inputs/close.py 1e-4 %t.ref %t.graph
# RUN: rm -rf %t.lib && %msc compile %s -o %t.lib jit > /dev/null
# RUN: cd %t.lib && cc -std=c99 -DMSRT_NO_SIMD -O1 -Wall -Wextra -Wpedantic -Wconversion -Werror ./*.c -lm -o selftest
# RUN: %t.lib/selftest | FileCheck --check-prefix=C %s
# C: train_train_step: ok (5 calls, 1 output each, 6 Parameters, max abs error
# RUN: FileCheck %s --input-file %t.jit
# CHECK: step 0 loss
# CHECK: step 4 loss
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

mode = sys.argv[1]
if mode == 'graph':
    ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(3, 4)
        self.rec = nn.Dense(4, 4)
        self.fc2 = nn.Dense(4, 2)

    def construct(self, x):
        h = self.fc1(x)
        if h.sum() > 0:
            h = ops.relu(h)
        else:
            h = ops.tanh(h) * 2
        j = Tensor(0)
        while j < 2:
            h = ops.tanh(self.rec(h)) + h * 0.5
            j = j + 1
        return self.fc2(h)


net = Net()
net.fc1.weight.set_data(Tensor(np.sin(np.arange(12).reshape(4, 3) * 0.9) * 0.6, ms.float32))
net.fc1.bias.set_data(Tensor(np.array([0.1, -0.2, 0.05, 0.0]), ms.float32))
net.rec.weight.set_data(Tensor(np.cos(np.arange(16).reshape(4, 4) * 0.4) * 0.3, ms.float32))
net.rec.bias.set_data(Tensor(np.array([0.0, 0.1, -0.1, 0.05]), ms.float32))
net.fc2.weight.set_data(Tensor(np.sin(np.arange(8).reshape(2, 4) * 0.5 + 1) * 0.5, ms.float32))
net.fc2.bias.set_data(Tensor(np.array([0.02, -0.03]), ms.float32))
loss_fn = nn.MSELoss()
optimizer = nn.SGD(net.trainable_params(), 0.1)


def forward_fn(data, label):
    return loss_fn(net(data), label)


grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters)


def train_step(data, label):
    loss, grads = grad_fn(data, label)
    optimizer(grads)
    return loss


if mode == 'jit':
    train_step = ms.jit(train_step)

for step in range(5):
    x = Tensor((np.cos(np.arange(6).reshape(2, 3) * (step + 1)) * (1.5 if step % 2 else -1.5)).astype(np.float32))
    y = Tensor(np.array([[0.5, -0.5], [1.0, 0.25]]) * (step + 1) * 0.3, ms.float32)
    loss = train_step(x, y)
    print('step', step, 'loss', '%.6g' % float(loss))
for p in net.trainable_params():
    print('final', p.name, ' '.join('%.6g' % float(v) for v in p.asnumpy().reshape(-1)))
