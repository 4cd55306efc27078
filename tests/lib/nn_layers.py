# The nn layers of issue 5 (Conv2d, MaxPool2d, AvgPool2d, BatchNorm1d/2d,
# LayerNorm, Embedding, Dropout, GELU, LeakyReLU, SiLU, Softplus, Flatten)
# against numpy + PyTorch (Inputs/nn_layers_ref.py) on the same inputs and
# weights (numpy's legacy random stream, which msc's follows): Conv2d's
# default initialisers, 'same' padding split, layers in PyNative and in
# GRAPH_MODE (cc and the reference executor), and the training-mode
# BatchNorm2d (batch statistics, moving-average update with momentum 0.9)
# and Dropout (mask from the global stream) in PyNative.
# RUN: %python %S/Inputs/nn_layers_ref.py pynative > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %python %S/Inputs/nn_layers_ref.py graph > %t.gref
# RUN: %msc run %s graph > %t.cc
# RUN: %python %S/../e2e/Inputs/numeq.py %t.gref %t.cc
# RUN: %msc run --backend=ref %s graph > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.gref %t.refexec
# RUN: FileCheck %s --input-file %t.pyn
# CHECK: names ['conv.weight', 'conv.bias', 'conv_s.weight', 'conv_g.weight', 'bn.moving_mean', 'bn.moving_variance', 'bn.gamma', 'bn.beta'
# CHECK-NEXT: conv.weight float32 (4, 3, 3, 3)
# CHECK: bn_train_mean float32 (4,)
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

mode = sys.argv[1]
if mode == 'graph':
    ms.set_context(mode=ms.GRAPH_MODE)

np.random.seed(7)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, has_bias=True)                       # 'same', default init
        self.conv_s = nn.Conv2d(3, 4, (2, 3), stride=2, pad_mode='same')    # even kernel, split padding
        self.conv_g = nn.Conv2d(3, 6, 3, pad_mode='pad', padding=(1, 0, 2, 1), dilation=(1, 2), group=3)
        self.bn = nn.BatchNorm2d(4)
        self.pool = nn.MaxPool2d(2, 2)
        self.pool_same = nn.MaxPool2d(3, 2, pad_mode='same')
        self.avg = nn.AvgPool2d(2, 1)
        self.avg_pad = nn.AvgPool2d(3, 2, pad_mode='pad', padding=1, count_include_pad=False)
        self.flat = nn.Flatten()
        self.gelu = nn.GELU()
        self.gelu_erf = nn.GELU(approximate=False)
        self.leaky = nn.LeakyReLU()
        self.silu = nn.SiLU()
        self.softplus = nn.Softplus()
        self.ln = nn.LayerNorm((7,), epsilon=1e-5)
        self.emb = nn.Embedding(6, 3)
        self.bn1 = nn.BatchNorm1d(5)
        self.drop = nn.Dropout(p=0.4)

    def construct(self, x, ids, v):
        y = self.conv(x)
        b = self.bn(y)
        return (y, self.conv_s(x), self.conv_g(x), b, self.pool(y), self.pool_same(y), self.avg(x),
                self.avg_pad(x), self.flat(self.pool(b)), self.gelu(x), self.gelu_erf(x), self.leaky(x),
                self.silu(x), self.softplus(x), self.ln(x), self.emb(ids), self.bn1(v), self.drop(v))


net = Net()
x = Tensor(np.random.randn(2, 3, 7, 7).astype(np.float32))
ids = Tensor(np.array([[5, 0, 2], [1, 1, 3]], np.int32))
v = Tensor(np.random.randn(4, 5).astype(np.float32))
# non-trivial BatchNorm state
net.bn.moving_mean.set_data(Tensor(np.random.randn(4).astype(np.float32)))
net.bn.moving_variance.set_data(Tensor(np.random.rand(4).astype(np.float32) + 0.5))
net.bn.gamma.set_data(Tensor(np.random.randn(4).astype(np.float32)))
net.bn.beta.set_data(Tensor(np.random.randn(4).astype(np.float32)))


def show(name, t):
    a = t.asnumpy()
    print(name, str(a.dtype), a.shape, a.reshape(-1).tolist())


print('names', [n for n, p in net.parameters_and_names()])
show('conv.weight', net.conv.weight)
show('conv.bias', net.conv.bias)
show('conv_s.weight', net.conv_s.weight)
show('emb.table', net.emb.embedding_table)
outs = net(x, ids, v)
names = 'conv conv_s conv_g bn pool pool_same avg avg_pad flat gelu gelu_erf leaky silu softplus ln emb bn1 drop_eval'
for n, t in zip(names.split(), outs):
    show(n, t)

if mode == 'pynative':
    # training mode: batch statistics and the moving averages; dropout mask
    net.set_train()
    np.random.seed(11)
    outs = net(x, ids, v)
    show('bn_train', outs[3])
    show('bn_train_mean', net.bn.moving_mean)
    show('bn_train_var', net.bn.moving_variance)
    show('bn1_train', outs[16])
    show('drop_train', outs[17])
