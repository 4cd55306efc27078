# graphcell_jit.py DIR [train] — nn.GraphCell called inside compiled graphs
# (graphcell_jit.py in tests/serial): DIR/ms23.mindir (written by Python's
# protobuf, make_mindirs.py) in an @ms.jit function and in a GRAPH_MODE
# Cell's construct, each output against numpy's DIR/ms23.out<k>.npy; the
# weights stay the cell's Parameters (a set_data is seen by the next call).
# With 'train': a training-step file inside a jit (refused).
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
d = sys.argv[1]
if len(sys.argv) > 2:
    tc = nn.GraphCell(ms.load(d + "/train.mindir"))

    @ms.jit
    def step(x, y):
        return tc(x, y)

    step(Tensor(np.ones((5, 4), np.float32)), Tensor(np.zeros(5, np.int32)))
    sys.exit(0)

x = Tensor(np.load(d + "/ms23.in.npy"))
ref = [np.load(d + "/ms23.out0.npy"), np.load(d + "/ms23.out1.npy")]
gc = nn.GraphCell(ms.load(d + "/ms23.mindir"))


def err(a, b):
    return float(np.abs(a.asnumpy().astype(np.float64) - b.astype(np.float64)).max())


@ms.jit
def f(x):
    a, b = gc(x)
    return a * 2.0, ops.cast(b, ms.float32) + 1.0


a, b = f(x)
print("jit", a.shape, a.dtype, err(a, ref[0] * 2.0) < 1e-5, b.dtype, err(b, ref[1].astype(np.float32) + 1.0) < 1e-5)


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = nn.GraphCell(ms.load(d + "/ms23.mindir"))
        self.scale = ms.Parameter(Tensor(np.full((2, 4), 3.0, np.float32)), name="scale")

    def construct(self, x):
        y = self.inner(x)[0]
        return y * self.scale


net = Outer()
o = net(x)
print("cell", o.shape, err(o, ref[0] * 3.0) < 1e-5)
names = [p.name for p in net.get_parameters()]
print("params", names)
# the weights are Parameters of the compiled graph, not constants
for p in gc.get_parameters():
    if p.name == "dense.bias":
        p.set_data(Tensor(np.full((4,), 5.0, np.float32)))
a2, _ = f(x)
eager = gc(x)[0]
print("after set_data", err(a2, eager.asnumpy() * 2.0) < 1e-6, err(a2, ref[0] * 2.0) > 1e-3)
ms.export(net, x, file_name="outer")
print("exported")
# the export holds the inlined graph: it runs alone, from the file
o2 = nn.GraphCell(ms.load("outer.mindir"))(x)
print("outer.mindir", err(o2, ref[0] * 3.0) < 1e-5)
# the other capture modes: trace runs the call and records its nodes,
# bytecode stages it
gc2 = nn.GraphCell(ms.load(d + "/ms23.mindir"))
for mode in ("trace", "bytecode"):
    @ms.jit(capture_mode=mode)
    def g(x):
        a, b = gc2(x)
        return a * 2.0, b

    for k in range(2):
        a, b = g(x)
        print(mode, k, err(a, ref[0] * 2.0) < 1e-5, err(b, ref[1]) < 1e-5)
