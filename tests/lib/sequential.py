# SequentialCell and CellList: construction forms, child names "0", "1", ...,
# indexing, len, append, slicing and the parameter names they give.
# Source: docs tutorials/source_en/beginner/model.md; mindspore/nn/layer/container.py.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

seq = nn.SequentialCell(nn.Dense(4, 3), nn.ReLU(), nn.Dense(3, 2))
print(len(seq), type(seq[0]).__name__, type(seq[1]).__name__, type(seq[-1]).__name__)
print([n for n, _ in seq.parameters_and_names()])
print([p.name for p in seq.trainable_params()])
x = Tensor(np.ones([5, 4]), ms.float32)
print(seq(x).shape)

seq2 = nn.SequentialCell([nn.Dense(2, 2), nn.Tanh()])
print(len(seq2), list(seq2.name_cells().keys()))
seq3 = nn.SequentialCell({'fc': nn.Dense(2, 3), 'act': nn.Sigmoid()})
print(list(seq3.name_cells().keys()), [p.name for p in seq3.get_parameters()])

class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.body = nn.SequentialCell(nn.Dense(4, 3), nn.ReLU())
        self.body.append(nn.Dense(3, 2))

    def construct(self, x):
        return self.body(x)

net = Net()
print([p.name for p in net.trainable_params()], len(net.body))
print(net(x).shape)
print(type(net.body[1:]).__name__, len(net.body[1:]), bool(net.body))
seq[1] = nn.Sigmoid()
print(seq)
del seq[1]
print(len(seq), list(seq.name_cells().keys()))

cl = nn.CellList([nn.Dense(2, 2), nn.ReLU()])
cl.append(nn.Dense(2, 1))
cl.insert(0, nn.Tanh())
print(len(cl), [type(c).__name__ for c in cl], [p.name for p in cl.trainable_params()])

class Stack(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([nn.Dense(3, 3) for _ in range(2)])

    def construct(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

st = Stack()
print([p.name for p in st.trainable_params()])
print(st(Tensor(np.ones([1, 3]), ms.float32)).shape)
seq[5]

# ----------------------------------------------------------------------
# RUN: not %msc run %s > %t.out 2> %t.err
# RUN: FileCheck %s < %t.out
# RUN: FileCheck --check-prefix=ERR %s < %t.err
# CHECK: 3 Dense ReLU Dense
# CHECK-NEXT: ['0.weight', '0.bias', '2.weight', '2.bias']
# CHECK-NEXT: ['0.weight', '0.bias', '2.weight', '2.bias']
# CHECK-NEXT: (5, 2)
# CHECK-NEXT: 2 ['0', '1']
# CHECK-NEXT: ['fc', 'act'] ['fc.weight', 'fc.bias']
# CHECK-NEXT: ['body.0.weight', 'body.0.bias', 'body.2.weight', 'body.2.bias'] 3
# CHECK-NEXT: (5, 2)
# CHECK-NEXT: SequentialCell 2 True
# CHECK-NEXT: SequentialCell<
# CHECK-NEXT:   (0): Dense<input_channels=4, output_channels=3, has_bias=True>
# CHECK-NEXT:   (1): Sigmoid<>
# CHECK-NEXT:   (2): Dense<input_channels=3, output_channels=2, has_bias=True>
# CHECK-NEXT: >
# CHECK-NEXT: 2 ['0', '2']
# CHECK-NEXT: 4 ['Tanh', 'Dense', 'ReLU', 'Dense'] ['1.weight', '1.bias', '3.weight', '3.bias']
# CHECK-NEXT: ['layers.0.weight', 'layers.0.bias', 'layers.1.weight', 'layers.1.bias']
# CHECK-NEXT: (1, 3)
# ERR: sequential.py:56:1: error: IndexError: For 'SequentialCell', the value of 'index' should be a number in range [-2, 2), but got 5.
