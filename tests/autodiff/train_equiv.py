# The same training script (Dense-ReLU-Dense, CrossEntropyLoss, Adam; 5
# steps) run every way msc runs it: PyNative, a @ms.jit train step (one
# graph: forward, loss, gradients and the Adam update) on both backends,
# GRAPH_MODE with the gradient function and the optimizer called from the
# script (each compiles to its own graph), and nn.TrainOneStepCell — each
# against an independent numpy implementation of the forward, the backward
# and MindSpore's Adam (Inputs/train_ref.py), losses and final weights
# within a relative 1e-4. Then the generated C of the jit step (msc
# compile): built with the strict flags, its self-test replays the five
# steps (losses) and checks the 14 trained Parameters (weights, Adam's
# moments and beta powers) against the reference executor, which the
# --backend=ref lines here check against numpy.
# RUN: %python %S/Inputs/train_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/Inputs/close.py 1e-4 %t.ref %t.pyn
# RUN: %msc run %s jit > %t.jit
# RUN: %python %S/Inputs/close.py 1e-4 %t.ref %t.jit
# RUN: %msc run --backend=ref %s jit > %t.jitref
# RUN: %python %S/Inputs/close.py 1e-4 %t.ref %t.jitref
# RUN: %msc run %s graph > %t.graph
# RUN: %python %S/Inputs/close.py 1e-4 %t.ref %t.graph
# RUN: %msc run --backend=ref %s graph > %t.graphref
# RUN: %python %S/Inputs/close.py 1e-4 %t.ref %t.graphref
# RUN: %msc run %s cell > %t.cell
# RUN: %python %S/Inputs/close.py 1e-4 %t.ref %t.cell
# RUN: rm -rf %t.lib && %msc compile %s -o %t.lib jit > /dev/null
# RUN: cd %t.lib && cc -std=c99 -DMSRT_NO_SIMD -O1 -Wall -Wextra -Wpedantic -Wconversion -Werror ./*.c -lm -o selftest
# RUN: %t.lib/selftest | FileCheck --check-prefix=C %s
# C: train_equiv_train_step: ok (5 calls, 1 output each, 14 Parameters, max abs error
# RUN: FileCheck %s --input-file %t.jit
# CHECK: step 0 loss
# CHECK: step 4 loss
# CHECK: final fc2.bias
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

mode = sys.argv[1]
if mode in ('graph', 'cell'):
    ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 8)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(8, 3)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


net = Net()
net.fc1.weight.set_data(Tensor(np.sin(np.arange(32).reshape(8, 4) * 0.7) * 0.5, ms.float32))
net.fc1.bias.set_data(Tensor(np.linspace(-0.1, 0.1, 8), ms.float32))
net.fc2.weight.set_data(Tensor(np.cos(np.arange(24).reshape(3, 8) * 0.3) * 0.4, ms.float32))
net.fc2.bias.set_data(Tensor(np.array([0.05, -0.05, 0.0]), ms.float32))
loss_fn = nn.CrossEntropyLoss()
optimizer = nn.Adam(net.trainable_params(), 0.05)

x = Tensor(np.linspace(-1.0, 1.0, 24).reshape(6, 4), ms.float32)
y = Tensor(np.array([0, 2, 1, 2, 0, 1]), ms.int32)


def forward_fn(data, label):
    return loss_fn(net(data), label)


grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters)


def train_step(data, label):
    loss, grads = grad_fn(data, label)
    optimizer(grads)
    return loss


if mode == 'jit':
    train_step = ms.jit(train_step)
if mode == 'cell':
    step_cell = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
    train_step = step_cell

for step in range(5):
    loss = train_step(x, y)
    print('step', step, 'loss', float(loss))
for p in net.trainable_params():
    print('final', p.name, [float(v) for v in p.asnumpy().reshape(-1)])
