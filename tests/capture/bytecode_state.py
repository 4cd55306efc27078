# RUN: %msc run --backend=ref --explain %s > %t.bc 2> %t.err
# RUN: %msc run --mode=pynative %s > %t.py
# RUN: diff %t.py %t.bc
# RUN: FileCheck %s --input-file %t.bc --check-prefix=OUT
# RUN: FileCheck %s --input-file %t.err --check-prefix=EXPLAIN
# Bytecode capture and state: a Parameter the graph assigns is read from
# Python after the graph so far runs; a gradient runs eagerly (a break);
# an in-place write into a tensor the graph so far reads waits for it; a
# Cell's construct under capture_mode='bytecode' keeps its Parameters.
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, nn, ops

w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name='w')

@ms.jit(capture_mode='bytecode')
def step(x):
    ops.assign(w, w * x)
    print(w.asnumpy())
    return w + 0

def loss_fn(x, v):
    return (x * v).sum()

@ms.jit(capture_mode='bytecode')
def with_grad(x, v):
    y = x * 2
    g = ms.grad(loss_fn, grad_position=1)(y, v)
    return g + y

@ms.jit(capture_mode='bytecode')
def write(x):
    y = x + 1
    x[1] = 100.0
    return y, x

class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(2, 2, weight_init='ones', bias_init='zeros')
        self.scale = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name='scale')

    @ms.jit(capture_mode='bytecode')
    def construct(self, x):
        h = self.dense(x) * self.scale
        k = int(h.sum().asnumpy())
        ops.assign(self.scale, self.scale + 1)
        return h * k

print(step(Tensor(np.array([3.0, 3.0], np.float32))))
print(with_grad(Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0, 4.0], np.float32))))
y, x = write(Tensor(np.array([1.0, 2.0], np.float32)))
print(y, x)
net = Net()
print(net(Tensor(np.array([[1.0, 2.0]], np.float32))))
print(net(Tensor(np.array([[1.0, 2.0]], np.float32))))
print(net.scale.asnumpy())
# OUT: [3. 6.]
# OUT-NEXT: [3. 6.]
# OUT-NEXT: [4. 8.]
# OUT-NEXT: [2. 3.] [  1. 100.]
# OUT-NEXT: {{\[}}[27. 54.]]
# OUT-NEXT: {{\[}}[ 90. 135.]]
# OUT-NEXT: [3. 4.]
# EXPLAIN: bytecode_state.py:19:11: note: graph break in 'step': asnumpy() reads a Parameter that the graph assigns
# EXPLAIN: bytecode_state.py:28:9: note: graph break in 'with_grad': a gradient (GradOperation, grad, value_and_grad) runs eagerly
# EXPLAIN: bytecode_state.py:34:5: note: graph break in 'write': writing into a tensor that the graph so far reads
# EXPLAIN: bytecode_state.py:46:17: note: graph break in 'Net_construct': asnumpy() reads the value of a tensor computed in the graph
