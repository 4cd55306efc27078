# The gradient is IR appended to the graph being compiled (DESIGN.md:
# passes/grad): the forward nodes, then the backward ones reusing the
# forward's values (Exp's output), the ones seed broadcast to the output's
# shape, and the returned tuple (value, d/dx, d/dw). Values checked by hand:
# d/dx (exp(x) * w).sum() = exp(x) * w, d/dw = exp(x).
# RUN: %msc run --passes= --dump-ir %s 2> %t.ir | FileCheck --check-prefix=OUT %s
# RUN: FileCheck %s --input-file %t.ir
# CHECK: %para1_x: <Tensor[Float32], (3)>
# CHECK: %para2_w: <Ref[Tensor[Float32]], (3)>
# CHECK: %[[ID:[0-9]+]]({{.*}}) = PrimFunc_Identity(%para1_x)
# CHECK: %[[W:[0-9]+]]({{.*}}) = Load(%para2_w)
# CHECK: %[[E:[0-9]+]]({{.*}}) = PrimFunc_Exp(%[[ID]])
# CHECK: %[[M:[0-9]+]]({{.*}}) = PrimFunc_Mul(%[[E]], %[[W]])
# CHECK: %[[L:[0-9]+]]({{.*}}) = PrimFunc_ReduceSum(%[[M]])
# CHECK: PrimFunc_BroadcastTo
# CHECK: %[[GW:[0-9]+]]({{.*}}) = PrimFunc_Mul(%{{[0-9]+}}, %[[E]])
# CHECK: %[[GX:[0-9]+]]({{.*}}) = PrimFunc_Mul(%{{[0-9]+}}, %[[E]])
# CHECK: MakeTuple(%[[L]], %[[GX]], %[[GW]])
# OUT: value= 24.5516
# OUT-SAME: [ 1.64872122e+00,  7.35758901e-01,  2.21671677e+01]
# OUT-SAME: [ 1.64872122e+00,  3.67879450e-01,  7.38905621e+00]
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor, Parameter

w = Parameter(Tensor(np.array([1.0, 2.0, 3.0]), ms.float32), name='w')


def loss(x):
    return (ops.exp(x) * w).sum()


g = ms.value_and_grad(loss, 0, w)


@ms.jit
def step(x):
    return g(x)


print(step(Tensor(np.array([0.5, -1.0, 2.0]), ms.float32)))
