# a training step: --quantize=int8 refuses it (tests/quant/errors.py)
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_seed(1)
net = nn.Dense(4, 2)
opt = nn.SGD(net.trainable_params(), 0.1)
loss_fn = nn.MSELoss()
grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)


@ms.jit
def step(x, y):
    loss, g = grad_fn(x, y)
    opt(g)
    return loss


print(step(Tensor(np.ones((3, 4), np.float32)), Tensor(np.zeros((3, 2), np.float32))))
