# nets.py [compile] — the networks the MindIR tests export (imported by
# mindir_roundtrip.py's run through `msc run`/`msc compile` of this file):
# an MLP, a LeNet-like CNN (Conv2D, BatchNorm, pooling, Flatten, Dense,
# Softmax) and a @ms.jit function with Reshape, Transpose, ReduceMean, Cast,
# Concat and elementwise ops. Each is exported to MindIR, loaded back with
# ms.load + nn.GraphCell, and run on the same input: the outputs must be
# identical. The inputs and outputs are saved as .npy.
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(8, 16)
        self.fc2 = nn.Dense(16, 4)
        self.act = nn.ReLU()

    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))


class LeNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 5, pad_mode='valid', has_bias=True)
        self.bn = nn.BatchNorm2d(4)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(4, 8, 3, pad_mode='pad', padding=1)
        self.avg = nn.AvgPool2d(2, 2)
        self.flat = nn.Flatten()
        self.fc = nn.Dense(8 * 3 * 3, 10)
        self.sig = nn.Sigmoid()

    def construct(self, x):
        x = self.pool(ops.relu(self.bn(self.conv1(x))))
        x = self.avg(self.sig(self.conv2(x)))
        return ops.softmax(self.fc(self.flat(x)), axis=-1)


@ms.jit
def shapes(x, y):
    a = ops.transpose(ops.reshape(x, (2, 3, 4)), (0, 2, 1))
    m = ops.mean(a, axis=1, keep_dims=True)
    c = ops.concat((m, ops.cast(y, ms.float32)), axis=1)
    return ops.tanh(c * 2.0 - 1.0) + ops.exp(-c)


np.random.seed(3)
mlp = MLP()
lenet = LeNet()
lenet.set_train(False)
x1 = np.random.randn(2, 8).astype(np.float32)
x2 = np.random.randn(1, 1, 16, 16).astype(np.float32)
x3 = np.random.randn(6, 4).astype(np.float32)
y3 = np.arange(6).reshape(2, 1, 3).astype(np.int32)
ms.export(mlp, Tensor(x1), file_name="mlp", file_format="MINDIR")
ms.export(lenet, Tensor(x2), file_name="lenet.mindir", file_format="MINDIR")
ms.export(shapes, Tensor(x3), Tensor(y3), file_name="shapes", file_format="MINDIR")
outs = [mlp(Tensor(x1)).asnumpy(), lenet(Tensor(x2)).asnumpy(), shapes(Tensor(x3), Tensor(y3)).asnumpy()]
for name, o in zip(["mlp", "lenet", "shapes"], outs):
    np.save(name + ".out.npy", o)
np.save("mlp.in.npy", x1)
np.save("lenet.in.npy", x2)
for name, o, args in [("mlp", outs[0], (x1,)), ("lenet", outs[1], (x2,)), ("shapes", outs[2], (x3, y3))]:
    cell = nn.GraphCell(ms.load(name + ".mindir"))
    got = cell(*[Tensor(a) for a in args]).asnumpy()
    print(name, got.shape, got.dtype, float(np.abs(got - o).max()))
