# nn.WithLossCell + nn.TrainOneStepCell (MindSpore's idiom: forward,
# GradOperation(get_by_list=True, sens_param=True) over optimizer.parameters,
# optimizer(grads), return the loss) with nn.Momentum, and a functional
# @ms.jit train step (ms.value_and_grad over the weights + nn.Adam inlined),
# 5 steps each: the losses and final weights against PyTorch autograd with
# torch.optim.SGD(momentum) (= Momentum) and MindSpore's Adam formula applied
# to torch's gradients (Inputs/train_wrappers_ref.py). PyNative, and
# GRAPH_MODE (the whole TrainOneStepCell compiles to one graph) on cc and
# the reference executor. Adam's eps is 1e-3: with 1e-8, m / sqrt(v) of
# near-zero gradient components amplifies float32 rounding (summation order)
# past numeq's relative 1e-5. Needs the autodiff API (ops/composite.py).
# RUN: %python %S/Inputs/train_wrappers_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run %s graph > %t.cc
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.cc
# RUN: %msc run --backend=ref %s graph > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.refexec
# RUN: FileCheck %s --input-file %t.pyn
# CHECK: names ['l1.weight', 'l1.bias', 'l2.weight', 'l2.bias']
# CHECK: train_one_step loss
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

if sys.argv[1] == 'graph':
    ms.set_context(mode=ms.GRAPH_MODE)

np.random.seed(11)
f32 = np.float32
W1 = (np.random.randn(3, 4) * 0.5).astype(f32)
B1 = (np.random.randn(3) * 0.1).astype(f32)
W2 = (np.random.randn(1, 3) * 0.5).astype(f32)
B2 = (np.random.randn(1) * 0.1).astype(f32)
X = np.random.randn(8, 4).astype(f32)
Y = np.random.randn(8, 1).astype(f32)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Dense(4, 3, weight_init=Tensor(W1), bias_init=Tensor(B1))
        self.l2 = nn.Dense(3, 1, weight_init=Tensor(W2), bias_init=Tensor(B2))

    def construct(self, x):
        return self.l2(ops.tanh(self.l1(x)))


def show(name, t):
    a = t.asnumpy()
    print(name, str(a.dtype), a.shape, a.reshape(-1).tolist())


# 1. TrainOneStepCell(WithLossCell(net, MSELoss), Momentum)
net = Net()
print('names', [n for n, p in net.parameters_and_names()])
opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
train.set_train()
for k in range(5):
    show('train_one_step loss', train(Tensor(X), Tensor(Y)))
for n, p in net.parameters_and_names():
    show(n, p)

# 2. a @ms.jit step: value_and_grad over the weights, then Adam
net2 = Net()
loss_fn = nn.MSELoss()
adam = nn.Adam(net2.trainable_params(), learning_rate=0.05, eps=1e-3)


def forward(x, y):
    return loss_fn(net2(x), y)


grad_fn = ms.value_and_grad(forward, None, adam.parameters)


@ms.jit
def train_step(x, y):
    loss, grads = grad_fn(x, y)
    adam(grads)
    return loss


for k in range(5):
    show('jit_adam loss', train_step(Tensor(X), Tensor(Y)))
for n, p in net2.parameters_and_names():
    show(n, p)
show('beta1_power', adam.beta1_power)
