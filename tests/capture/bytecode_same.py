# RUN: %msc run --backend=ref %s ast > %t.ast
# RUN: %msc run --backend=ref --explain %s bytecode > %t.bc 2> %t.err
# RUN: %msc run --mode=pynative %s ast > %t.py
# RUN: diff %t.py %t.ast
# RUN: diff %t.py %t.bc
# RUN: FileCheck %s --input-file %t.bc
# RUN: FileCheck %s --input-file %t.err --check-prefix=EXPLAIN
# Where ast capture can build the graph, bytecode capture gives the same
# results as ast and as PyNative, in one piece per call (no graph break):
# a Cell stack, Python loops and ifs on constants, a tuple result. A
# condition on a tensor, which ast stages as If, is a break in bytecode.
import sys
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops

mode = sys.argv[1]

class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.l1 = nn.Dense(3, 4, weight_init='ones', bias_init='zeros')
        self.l2 = nn.Dense(4, 2, weight_init='ones', bias_init='ones')
        self.act = nn.ReLU()

    def construct(self, x):
        return self.l2(self.act(self.l1(x)))

net = MLP()

@ms.jit(capture_mode=mode)
def f(x, n):
    y = net(x)
    for i in range(n):
        if i % 2 == 0:
            y = y * 0.5
        else:
            y = y - 1
    return y, ops.reduce_sum(y), x.shape

@ms.jit(capture_mode=mode)
def g(x):
    if x.sum() > 0:
        return x * 2
    return -x

x = Tensor(np.array([[1.0, -2.0, 3.0], [0.5, 0.5, 0.5]], np.float32))
for k in (1, 3):
    y, s, shp = f(x, k)
    print(y, s, shp)
print(g(x), g(-x))
# CHECK: {{\[}}[4.5 4.5]
# CHECK-NEXT: [3.5 3.5]] 16.0 (2, 3)
# CHECK-NEXT: {{\[}}[1.75 1.75]
# CHECK-NEXT: [1.25 1.25]] 6.0 (2, 3)
# EXPLAIN-NOT: graph break in 'f'
# EXPLAIN: bytecode_same.py:43:8: note: graph break in 'g': using a tensor as a condition
# EXPLAIN: msc: explain: 'f' (capture_mode='bytecode'): 2 calls, 0 graph breaks, 2 pieces run, 2 compiled
