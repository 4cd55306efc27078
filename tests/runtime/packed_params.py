# A JIT'd graph reads each Parameter that is a 2-D MatMul's B from a copy
# packed once in msrt_gemm_pack_b's layout (codegen/emit_fuse.c.inc,
# eval/graph.c packed_param): no transposes or panel copies per call. The
# copy is repacked whenever the Parameter was written since (its version):
# set_data, ops.assign, item assignment, load_param_into_net, and a Graph
# mode training step (a graph that assigns Parameters is never packed, and
# moves the versions of those it runs with). After every write the Graph
# mode outputs are checked against numpy (float64) on the weights as they
# are then; the last ones also bit for bit against PyNative.
# RUN: %msc run %s > %t.out
# RUN: env MSC_CHECK_PACKED=1 %msc run %s > %t.chk
# RUN: cmp %t.out %t.chk
# RUN: %python %s --check %t.out | FileCheck %s
# RUN: %msc run --dump-c %s 2>&1 >/dev/null | FileCheck --check-prefix=C %s
# CHECK: start: ok
# CHECK: set_data: ok
# CHECK: assign: ok
# CHECK: setitem: ok
# CHECK: load_param_into_net: ok
# CHECK: train_step: ok
# CHECK: after_train_step: ok
# CHECK: pynative: same bits
# the forward graph at batch 1, then at batch 4: both weights packed
# C: args[{{[0-9]+}}]  Parameter %d1.weight packed: msrt_gemm_pack_b(transb 1, K 20, N 16) of args[1]
# C: args[{{[0-9]+}}]  Parameter %d2.weight packed: msrt_gemm_pack_b(transb 1, K 16, N 3) of args[3]
# C: msrt_matmul_packed_ep(MSRT_FLOAT32, 0, 1, 16, 20,
# C: msrt_matmul_packed_ep(MSRT_FLOAT32, 0, 1, 3, 16,
# C: msrt_matmul_packed_ep(MSRT_FLOAT32, 0, 4, 16, 20,
# the training step assigns the Parameters: nothing packed
# C: int msc_TrainOneStepCell_construct(void *const *args, void *ws);
# C-NOT: {{packed: msrt_gemm_pack_b|msrt_matmul_packed_ep}}
# C: msrt_matmul_ep(MSRT_FLOAT32, 0, 1, 4, 16, 20,
# C-NOT: {{packed: msrt_gemm_pack_b|msrt_matmul_packed_ep}}
import sys
import numpy as np

if len(sys.argv) > 2 and sys.argv[1] == '--check':
    def vals(s):
        return np.array([float(t) for t in s.split()], dtype=np.float64)
    rows = {}
    order = []
    for line in open(sys.argv[2]):
        tag, key, rest = line.rstrip('\n').split(' ', 2)
        if tag not in rows:
            rows[tag] = {}
            order.append(tag)
        rows[tag][key] = vals(rest)
    x1, x4 = rows['inputs']['x1'].reshape(1, 20), rows['inputs']['x4'].reshape(4, 20)
    for tag in order[1:]:
        r = rows[tag]
        if tag == 'pynative':
            same = all(np.array_equal(r[k], rows[order[-2]][k]) for k in ('y1', 'y4'))
            print('pynative: %s' % ('same bits' if same else 'DIFFERENT bits'))
            continue
        w1, b1 = r['w1'].reshape(16, 20), r['b1']
        w2, b2 = r['w2'].reshape(3, 16), r['b2']
        res = []
        for x, k in ((x1, 'y1'), (x4, 'y4')):
            ref = np.maximum(x @ w1.T + b1, 0) @ w2.T + b2
            err = np.abs(r[k].reshape(ref.shape) - ref).max() / max(1.0, np.abs(ref).max())
            if err > 1e-5:
                res.append('%s error %g' % (k, err))
        print('%s: %s' % (tag, ', '.join(res) or 'ok'))
    sys.exit(0)

import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter

ms.set_context(mode=ms.GRAPH_MODE)
np.random.seed(3)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.d1 = nn.Dense(20, 16)
        self.d2 = nn.Dense(16, 3)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.d2(self.relu(self.d1(x)))


def hexs(t):
    return ' '.join(repr(v) for v in t.asnumpy().ravel().tolist())


net = Net()
x1 = Tensor(np.random.randn(1, 20).astype(np.float32))
x4 = Tensor(np.random.randn(4, 20).astype(np.float32))
print('inputs x1', hexs(x1))
print('inputs x4', hexs(x4))


def show(tag):
    y1, y4 = net(x1), net(x4)  # Graph mode: the packed weights
    for k, t in (('w1', net.d1.weight), ('b1', net.d1.bias), ('w2', net.d2.weight), ('b2', net.d2.bias),
                 ('y1', y1), ('y4', y4)):
        print(tag, k, hexs(t))


def rnd(*shape):
    return Tensor(np.random.randn(*shape).astype(np.float32))


show('start')
net.d1.weight.set_data(rnd(16, 20))
show('set_data')
ops.assign(net.d2.weight, rnd(3, 16))
show('assign')
net.d1.weight[0] = 5.0
show('setitem')
ms.load_param_into_net(net, {'d2.weight': Parameter(rnd(3, 16), name='d2.weight')})
show('load_param_into_net')
step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), learning_rate=0.5))
step(x4, rnd(4, 3))  # Graph mode: Assigns to every Parameter
show('train_step')
step(x4, rnd(4, 3))
show('after_train_step')
ms.set_context(mode=ms.PYNATIVE_MODE)
y1, y4 = net(x1), net(x4)
print('pynative y1', hexs(y1))
print('pynative y4', hexs(y4))
