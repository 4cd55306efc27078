# Cell bookkeeping and MindSpore's dotted parameter names.
# Sources (MindSpore 2.x): docs tutorials/source_en/beginner/model.md prints
# "Layer: dense_relu_sequential.0.weight" for this network; the
# Cell.get_parameters docstring (mindspore/nn/cell.py) shows TestNet2's
# parameters as my_t1, subcell.my_w1, subcell.my_w2; the
# Cell.insert_param_to_cell docstring shows "name=bias ... dtype=Int64".
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter


class Network(nn.Cell):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.dense_relu_sequential = nn.SequentialCell(
            nn.Dense(28*28, 512),
            nn.ReLU(),
            nn.Dense(512, 512),
            nn.ReLU(),
            nn.Dense(512, 10)
        )

    def construct(self, x):
        x = self.flatten(x)
        return self.dense_relu_sequential(x)


model = Network()
for name, param in model.parameters_and_names():
    print(f"Layer: {name} Size: {param.shape} name: {param.name}")
print([p.name for p in model.trainable_params()])
print(len(model.get_parameters()), len(model.untrainable_params()))
print([n for n, _ in model.cells_and_names()])
print(list(model.name_cells().keys()), len(model.cells()))
print(list(model.parameters_dict().keys())[:2])
print(model)


class TestNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.my_w1 = ms.Parameter(Tensor(np.ones([4, 4]), ms.float32))
        self.my_w2 = ms.Parameter(Tensor(np.ones([16]), ms.float32))

    def construct(self, x):
        return x


class TestNet2(nn.Cell):
    def __init__(self):
        super().__init__()
        self.my_t1 = ms.Parameter(Tensor(np.ones([4, 4]), ms.float32))
        self.subcell = TestNet()

    def construct(self, x):
        return x


net = TestNet2()
print([p.name for p in net.get_parameters(expand=True)])
print([p.name for p in net.get_parameters(expand=False)])
print([n for n, _ in net.parameters_and_names(name_prefix='top')])

# A Parameter given a name keeps it until its cell is stored in another
# cell, which renames it to its path.
class Named(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.zeros([2]), ms.float32), name='my_weight', requires_grad=False)

    def construct(self, x):
        return x


n1 = Named()
print(n1.w.name, [n for n, _ in n1.parameters_and_names()], len(n1.trainable_params()))
class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Named()

    def construct(self, x):
        return x


print(Outer().inner.w.name)

relu_net = nn.ReLU()
relu_net.insert_param_to_cell("bias", Parameter(Tensor([1, 2, 3])))
print(relu_net.bias.name, relu_net.bias.shape, relu_net.bias.dtype)

# training flags: cells start in inference mode; set_train reaches children.
print(model.training, model.dense_relu_sequential[0].training)
print(model.set_train() is model, model.training, model.dense_relu_sequential[4].training)
model.set_train(False)
print(model.training, model.dense_relu_sequential[0].training, model.phase)

# Plain attributes, None parameters, and replacing a parameter's data.
d = nn.Dense(3, 2, has_bias=False)
print(d.bias, d.has_bias, [n for n, _ in d.parameters_and_names()])
d.weight = Tensor(np.ones([2, 3]), ms.float32)
print(type(d.weight).__name__, d.weight.name, d.weight.asnumpy().sum())
print(hasattr(d, 'nothing'), getattr(d, 'nothing', 'default'))

# ----------------------------------------------------------------------
# RUN: %msc run %s | FileCheck %s
# CHECK: Layer: dense_relu_sequential.0.weight Size: (512, 784) name: dense_relu_sequential.0.weight
# CHECK-NEXT: Layer: dense_relu_sequential.0.bias Size: (512,) name: dense_relu_sequential.0.bias
# CHECK-NEXT: Layer: dense_relu_sequential.2.weight Size: (512, 512) name: dense_relu_sequential.2.weight
# CHECK-NEXT: Layer: dense_relu_sequential.2.bias Size: (512,) name: dense_relu_sequential.2.bias
# CHECK-NEXT: Layer: dense_relu_sequential.4.weight Size: (10, 512) name: dense_relu_sequential.4.weight
# CHECK-NEXT: Layer: dense_relu_sequential.4.bias Size: (10,) name: dense_relu_sequential.4.bias
# CHECK-NEXT: ['dense_relu_sequential.0.weight', 'dense_relu_sequential.0.bias', 'dense_relu_sequential.2.weight', 'dense_relu_sequential.2.bias', 'dense_relu_sequential.4.weight', 'dense_relu_sequential.4.bias']
# CHECK-NEXT: 6 0
# CHECK-NEXT: ['', 'flatten', 'dense_relu_sequential', 'dense_relu_sequential.0', 'dense_relu_sequential.1', 'dense_relu_sequential.2', 'dense_relu_sequential.3', 'dense_relu_sequential.4']
# CHECK-NEXT: ['flatten', 'dense_relu_sequential'] 2
# CHECK-NEXT: ['dense_relu_sequential.0.weight', 'dense_relu_sequential.0.bias']
# CHECK-NEXT: Network<
# CHECK-NEXT:   (flatten): Flatten<>
# CHECK-NEXT:   (dense_relu_sequential): SequentialCell<
# CHECK-NEXT:     (0): Dense<input_channels=784, output_channels=512, has_bias=True>
# CHECK-NEXT:     (1): ReLU<>
# CHECK-NEXT:     (2): Dense<input_channels=512, output_channels=512, has_bias=True>
# CHECK-NEXT:     (3): ReLU<>
# CHECK-NEXT:     (4): Dense<input_channels=512, output_channels=10, has_bias=True>
# CHECK-NEXT:   >
# CHECK-NEXT: >
# CHECK-NEXT: ['my_t1', 'subcell.my_w1', 'subcell.my_w2']
# CHECK-NEXT: ['my_t1']
# CHECK-NEXT: ['top.my_t1', 'top.subcell.my_w1', 'top.subcell.my_w2']
# CHECK-NEXT: my_weight ['w'] 0
# CHECK-NEXT: inner.w
# CHECK-NEXT: bias (3,) Int64
# CHECK-NEXT: False False
# CHECK-NEXT: True True True
# CHECK-NEXT: False False predict
# CHECK-NEXT: None False ['weight']
# CHECK-NEXT: Parameter weight 6.0
# CHECK-NEXT: False default
