# RUN: PYTHONPATH=%S/Inputs/msshim %python %s > %t.np
# RUN: %msc run %s > %t.out
# RUN: diff -u %t.np %t.out
# RUN: %msc run --mode=pynative %s > %t.pyn
# RUN: diff -u %t.np %t.pyn
# RUN: %msc run --mode=graph %s > %t.graph
# RUN: diff -u %t.np %t.graph
# RUN: %msc run --mode=graph --backend=ref %s > %t.ref
# RUN: diff -u %t.np %t.ref
# RUN: %msc run -v --mode=graph %s 2>&1 >/dev/null | FileCheck %s --check-prefix=LOG
# MindSpore Tensor advanced indexing in PyNative and graph mode (an @ms.jit
# function and a Cell in GRAPH_MODE), against numpy (Inputs/msshim is a
# numpy stand-in for mindspore under %python): Gather/GatherNd/Select
# staged in the graph with symbolic index tensors, constant lists, arrays
# and masks; assignment in PyNative.
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn

x = Tensor(np.arange(24).reshape(4, 6).astype(np.float32))
idx = Tensor(np.array([3, 0, -1]), ms.int32)
rows = Tensor(np.array([0, 1, 2, 3]), ms.int64)
labels = Tensor(np.array([5, 0, 2, 1]), ms.int64)


@ms.jit
def gathers(x, idx, rows, labels):
    a = x[idx]
    b = x[:, idx]
    c = x[rows, labels]
    d = x[[0, 2], 1:4]
    e = x[idx, 2]
    f = x[1:3, np.array([True, False, True, False, True, False])]
    g = x[np.arange(4), labels] * 2
    h = x[None, idx[:2], None]
    k = x[rows[:2][:, None], idx]
    return a, b, c, d, e, f, g, h, k


for r in gathers(x, idx, rows, labels):
    print(r.shape)
    print(r)


class Pick(nn.Cell):
    """Cross-entropy style: the logit of each row's label."""

    def construct(self, logits, labels):
        return -logits[np.arange(4), labels] + logits[:, 0]


print(Pick()(x, labels))

# PyNative: masks from data, assignment in place
print(x[x > 17])
print(x[x[:, 0] > 5])
y = Tensor(np.zeros((3, 4), np.float32))
y[y == 0] = 2.0
y[Tensor(np.array([2, 0]), ms.int32)] = Tensor(np.arange(4).astype(np.float32))
y[:, [1, 3]] = -1.0
y[y == 2] = Tensor(np.array([7.0, 8.0, 9.0, 10.0], np.float32))
print(y)
z = Tensor(np.arange(5), ms.int64)
z[[0, 0, 4]] = Tensor(np.array([1, 2, 3]), ms.int64)
print(z)
# LOG: jit: compiling 'gathers'
# LOG: jit: compiling 'Pick
