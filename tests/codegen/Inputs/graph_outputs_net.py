# The script graph_outputs.py runs (issue 26 item 1): graphs whose outputs
# are not computed by a kernel of their own: a Parameter, an input, a
# constant, the same node twice, a view (Reshape/ExpandDims/Squeeze/Flatten)
# of a Parameter or an input, a Load after an Assign, an identity op that
# simplify removes. Each case prints "CASE name k dtype shape [values]" per
# output; graph_outputs.py compares them with numpy.
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter

ms.set_context(mode=ms.GRAPH_MODE)
W = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 5.5
X = (np.arange(6, dtype=np.float32).reshape(2, 3) + 1) * 0.25
C = np.arange(40, dtype=np.float32) * 0.5
I = np.array([[3, -1], [7, 2]], np.int32)


def show(name, out):
    if not isinstance(out, tuple):
        out = (out,)
    for k, t in enumerate(out):
        a = t.asnumpy()
        print("CASE", name, k, a.dtype, tuple(a.shape), a.reshape(-1).tolist())


class Base(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(W), name="w")
        self.iw = Parameter(Tensor(I), name="iw")
        self.s = Parameter(Tensor(np.zeros((2, 3), np.float32)), name="s")
        self.c = Tensor(C)
        self.c2 = Tensor(np.full((2, 2), 5.0, np.float32))


class Transposes(Base):  # the case: the identity Transpose goes
    def construct(self, x):
        return ops.transpose(self.w, (1, 0, 2)), ops.transpose(self.w, (0, 1, 2)), ops.transpose(self.w, (2, 1, 0))


class Param(Base):
    def construct(self, x):
        return self.w


class ParamInt(Base):
    def construct(self, x):
        return self.iw, x


class Input(Base):
    def construct(self, x):
        return x


class Twice(Base):  # inputs, Parameters and a node, each returned twice
    def construct(self, x):
        y = x * 2
        return x, self.w, y, x, y, self.w, y + 1


class Consts(Base):  # a big and a small constant, a folded one, one made in the graph
    def construct(self, x):
        return self.c, self.c2, self.c2 + self.c2, ops.ones((2, 3), ms.float32) * 2, x


class ParamViews(Base):
    def construct(self, x):
        return (ops.reshape(self.w, (6, 4)), ops.expand_dims(self.w, 0),
                ops.squeeze(ops.expand_dims(self.w, 0), 0), ops.flatten(self.w))


class InputViews(Base):
    def construct(self, x):
        return (ops.reshape(x, (6,)), ops.expand_dims(x, 1), ops.squeeze(ops.reshape(x, (1, 2, 3)), 0), x,
                ops.stop_gradient(x))


class ParamView(Base):  # a single output that is a view of a Parameter
    def construct(self, x):
        return ops.reshape(self.w, (24,))


class Identities(Base):  # ops simplify removes: the output is the operand
    def construct(self, x):
        return x * 1, x + 0, ops.cast(x, ms.float32), ops.transpose(x, (0, 1)), ops.cast(self.w, ms.float32)


class LoadAfterAssign(Base):
    def construct(self, x):
        ops.assign(self.s, self.s + x)
        return self.s, ops.reshape(self.s, (3, 2)), x


for cls in (Transposes, Param, ParamInt, Input, Twice, Consts, ParamViews, InputViews, ParamView, Identities,
            LoadAfterAssign):
    show(cls.__name__, cls()(Tensor(X)))

# a second call of an assigning graph reads the updated Parameter
net = LoadAfterAssign()
net(Tensor(X))
show("LoadAfterAssign2", net(Tensor(X)))

# the caller's output is a copy: writing into it leaves the weights alone
net = Param()
out = net(Tensor(X))
out[0, 0, 0] = 100.0
show("ParamMutated", out)
show("ParamAgain", net(Tensor(X)))
show("ParamValue", (net.w,))
net = Input()
x = Tensor(X)
out = net(x)
out[1, 1] = -7.0
show("InputAfter", x)
