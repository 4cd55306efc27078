# RUN: %msc run %s | FileCheck %s
# RUN: %msc run -v %s 2>&1 >/dev/null | FileCheck %s --check-prefix=LOG
# RUN: not %msc run %s changed 2>&1 | FileCheck %s --check-prefix=ERR
# Cell.__call__ in GRAPH_MODE goes through _msc.cell_jit, which makes the
# jit_call itself while the graph id cached on the instance ('_msc_graph')
# is current, and jit_dispatch runs the last call's entry when the
# arguments match its guard (graph.c fast_call) without building the key.
# Each case below would print something else if either cache returned a
# stale graph: a new construct on the class, a subclass, set_jit_config,
# a new shape or dtype, another int or bool argument, a Parameter
# argument, keyword arguments, PyNative mode, a Cell called inside
# another's construct; and the errors stay Cell.__call__'s.
# (TRACE counts the Python runs of construct: once per compile in graph
# mode, every call in PyNative.)
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter
from mindspore import JitConfig

ms.set_context(mode=ms.GRAPH_MODE)
TRACE = []


class Net(nn.Cell):
    def __init__(self):
        super().__init__()

    def construct(self, x, k=1):
        TRACE.append('net')
        return x * 2 + k


net = Net()
x = Tensor(np.ones((2,), np.float32))
for i in range(3):
    y = net(x)
print(y, len(TRACE))
# CHECK: [3. 3.] 1

# another shape, then the first again (its entry: no new compile)
print(net(Tensor(np.ones((3,), np.float32))), net(x), len(TRACE))
# CHECK-NEXT: [3. 3. 3.] [3. 3.] 2
# another dtype
print(net(Tensor(np.ones((2,), np.float64))), len(TRACE))
# CHECK-NEXT: [3. 3.] 3
print(net(x), len(TRACE))
# CHECK-NEXT: [3. 3.] 3

# int and bool arguments are in the key by value (and type)
print(net(x, 5), net(x, 5), net(x, 7), net(x, True), net(x, 1), len(TRACE))
# CHECK-NEXT: [7. 7.] [7. 7.] [9. 9.] [3. 3.] [3. 3.] 7
# keyword arguments
print(net(x, k=4), net(x, k=4), net(x), len(TRACE))
# CHECK-NEXT: [6. 6.] [6. 6.] [3. 3.] 8

# a Parameter argument: by identity
p1 = Parameter(Tensor(np.ones((2,), np.float32)), name='p1')
p2 = Parameter(Tensor(np.full((2,), 2, np.float32)), name='p2')
print(net(p1), net(p2), net(p1), len(TRACE))
# CHECK-NEXT: [3. 3.] [5. 5.] [3. 3.] 10


# a new construct on the class: a new graph
def construct3(self, x, k=1):
    TRACE.append('net3')
    return x * 3 + k


Net.construct = construct3
print(net(x), net(x), len(TRACE))
# CHECK-NEXT: [4. 4.] [4. 4.] 11


# a subclass: its own construct, its own graph; the parent's still right
class Sub(Net):
    def construct(self, x, k=1):
        TRACE.append('sub')
        return x * 10


sub = Sub()
print(sub(x), net(x), sub(x), net(x), len(TRACE))
# CHECK-NEXT: [10. 10.] [4. 4.] [10. 10.] [4. 4.] 12

# set_jit_config: a new graph id (compiled again, at O0)
net.set_jit_config(JitConfig(jit_level='O0'))
print(net(x), net(x), len(TRACE))
# CHECK-NEXT: [4. 4.] [4. 4.] 13
# LOG: msc: jit: compiling 'Net_construct' (first call)
# LOG: msc: jit: compiling 'Net_construct' (argument 3 changed: 7 -> True)
# LOG: msc: jit: compiling 'Net_construct' (argument 3 changed: True -> 1)
# LOG: msc: jit: compiling 'Net_construct' (argument 2 changed: Parameter p1 -> Parameter p2)
# LOG-NOT: compiling
# LOG: msc: jit: compiling 'Net_construct' (first call)
# LOG-NOT: compiling
# LOG: msc: jit: compiling 'Sub_construct' (first call)
# LOG-NOT: compiling
# LOG: msc: jit: compiling 'Net_construct' (first call)
# LOG-NOT: compiling
# LOG: msc: jit: compiling 'Outer_construct' (first call)
# LOG-NOT: compiling
# LOG: msc: jit: compiling 'Fc_construct' (first call)
# LOG-NOT: compiling


# a Cell inside another's construct runs inline (captured)
class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = net

    def construct(self, x):
        TRACE.append('outer')
        return self.inner(x) + 100


outer = Outer()
print(outer(x), outer(x), net(x), len(TRACE))
# CHECK-NEXT: [104. 104.] [104. 104.] [4. 4.] 15

# PyNative: construct runs every call
ms.set_context(mode=ms.PYNATIVE_MODE)
print(net(x), net(x), len(TRACE))
# CHECK-NEXT: [4. 4.] [4. 4.] 17
ms.set_context(mode=ms.GRAPH_MODE)
print(net(x), net(x), len(TRACE))
# CHECK-NEXT: [4. 4.] [4. 4.] 17


# a __call__ of its own is not Cell.__call__
class Own(Net):
    def __call__(self, *args):
        return 'own'


print(Own()(x))
# CHECK-NEXT: own


# errors: Cell.__call__'s
class NoInit(nn.Cell):
    def __init__(self):
        pass

    def construct(self, x):
        return x


try:
    NoInit()(x)
except AttributeError as e:
    print(e)
# CHECK-NEXT: The 'NoInit' object does not inherit attribute from 'cell'. Please use 'super().__init__()'.


# an error of the graph call itself, on the path without Cell.__call__'s
# statements: reported as before, raised at its jit_call
class Fc(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(2, 2)

    def construct(self, x):
        return self.fc(x)


fc = Fc()
x2 = Tensor(np.ones((1, 2), np.float32))
fc(x2)
fc(x2)
print('fc ok')
# CHECK-NEXT: fc ok
# the native itself, called wrongly: a TypeError naming its arguments
import _msc  # noqa: E402
try:
    _msc.cell_jit(fc)
except TypeError as e:
    print('TypeError:', e)
# CHECK-NEXT: TypeError: cell_jit(self, args, kwargs, context, nojit)
if len(sys.argv) > 1:
    fc.fc.weight.set_data(Tensor(np.ones((3, 2), np.float32)))
    try:
        fc(x2)
    except RuntimeError as e:
        print('caught', e)
    fc(x2)
# ERR: caught graph 'Fc_construct': Parameter 'fc.weight' changed type since the graph was compiled
# ERR: cell_call_fast.py:{{[0-9]+}}:5: error: RuntimeError: graph 'Fc_construct': Parameter 'fc.weight' changed type since the graph was compiled
# ERR-NEXT: {{^}}    fc(x2){{$}}
# ERR: <msc-lib>/mindspore/nn/cell.py:{{[0-9]+}}:{{[0-9]+}}: note: raised here, in library code
# ERR-NEXT: {{^}}            return _msc.jit_call(g[2], (self,) + args, kwargs){{$}}
