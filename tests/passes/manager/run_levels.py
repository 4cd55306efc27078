# RUN: %msc run --backend=ref -v -O0 --print-after=cse %s > %t.o0 2> %t.e0
# RUN: FileCheck %s --check-prefix=O0 --input-file %t.e0
# RUN: %msc run --backend=ref -v --print-after=cse %s > %t.o1 2> %t.e1
# RUN: FileCheck %s --check-prefix=O1 --input-file %t.e1
# RUN: %msc run --backend=ref -v -O1 --print-after=cse %s 2>&1 >/dev/null | FileCheck %s --check-prefix=O1
# RUN: FileCheck %s --check-prefix=OUT --input-file %t.o0
# RUN: diff %t.o0 %t.o1
# The level of a graph: ms.jit(jit_level=...) and a Cell's
# set_jit_config(JitConfig(jit_level=...)) win; graphs that set none get
# msc run's -O (default -O1). cse (and so its dump) runs only at O1/O2.
# Dumps go to stderr; stdout is the same at every level.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, JitConfig

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def construct(self, x, y):
        a = x + y
        b = x + y
        return a * b


@ms.jit
def f_unset(x, y):
    return (x - y) * (x - y)


@ms.jit(jit_level='O0')
def f_o0(x, y):
    return (x * y) + (x * y)


@ms.jit(jit_level='O1')
def f_o1(x, y):
    return (x / y) - (x / y)


x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
y = Tensor(np.array([0.5, 0.5, 0.5], np.float32))
net = Net()
print(net(x, y))
net_o0 = Net()
net_o0.set_jit_config(JitConfig(jit_level='O0'))
print(net_o0(x, y))
print(f_unset(x, y))
print(f_o0(x, y))
print(f_o1(x, y))
# OUT: [ 2.25  6.25 12.25]
# OUT-NEXT: [ 2.25  6.25 12.25]
# OUT-NEXT: [0.25 2.25 6.25]
# OUT-NEXT: [1. 2. 3.]
# OUT-NEXT: [0. 0. 0.]
#
# -O0: only f_o1 (jit_level='O1') runs cse.
# O0-NOT: IR Dump
# O0: msc: jit: compiling 'Net_construct' (first call): 3 nodes, capture {{[0-9.]+}} ms, passes {{[0-9.]+}} ms, codegen {{[0-9.]+}} ms
# O0-NOT: IR Dump
# O0: msc: jit: compiling 'Net_construct' (first call): 3 nodes
# O0-NOT: IR Dump
# O0: msc: jit: compiling 'f_unset' (first call): 3 nodes
# O0-NOT: IR Dump
# O0: msc: jit: compiling 'f_o0' (first call): 3 nodes
# O0-NEXT: // -----// IR Dump After cse //----- //
# O0-NEXT: # IR entry: @f_o1
# O0: = PrimFunc_Sub(%0, %0)
# O0: msc: jit: compiling 'f_o1' (first call): {{[0-9]+}} nodes
#
# -O1 (the default): all but net_o0 and f_o0.
# O1: // -----// IR Dump After cse //----- //
# O1-NEXT: # IR entry: @Net_construct
# O1: %1(CNode_1) = PrimFunc_Mul(%0, %0)
# O1-NOT: IR Dump
# O1: msc: jit: compiling 'Net_construct' (first call): {{[0-9]+}} nodes
# O1-NOT: IR Dump
# O1: msc: jit: compiling 'Net_construct' (first call): 3 nodes
# O1-NEXT: // -----// IR Dump After cse //----- //
# O1-NEXT: # IR entry: @f_unset
# O1: = PrimFunc_Mul(%0, %0)
# O1: msc: jit: compiling 'f_unset' (first call): {{[0-9]+}} nodes
# O1-NOT: IR Dump
# O1: msc: jit: compiling 'f_o0' (first call): 3 nodes
# O1-NEXT: // -----// IR Dump After cse //----- //
# O1-NEXT: # IR entry: @f_o1
# O1: msc: jit: compiling 'f_o1' (first call): {{[0-9]+}} nodes
# O1-NOT: IR Dump
