# RUN: %msc run -v --backend=ref %s 2>%t.err | FileCheck %s
# RUN: FileCheck %s --check-prefix=LOG --input-file %t.err
# Cell.set_inputs with None dims is accepted; msc compiles one graph per
# concrete shape (MindSpore would reuse one dynamic-shape graph).
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)

class Net(nn.Cell):
    def construct(self, x):
        return x.sum(axis=1) * 2

net = Net()
dyn = Tensor(shape=[None, 3], dtype=ms.float32)
print(dyn.shape)
net.set_inputs(dyn)
print(net(Tensor(np.ones((2, 3)), ms.float32)))
print(net(Tensor(np.ones((4, 3)), ms.float32)))
# CHECK: (0, 3)
# CHECK-NEXT: [6. 6.]
# CHECK-NEXT: [6. 6. 6. 6.]
# LOG: compiling 'Net_construct' (first call)
# LOG: compiling 'Net_construct' (argument 2 changed: Tensor[Float32](2, 3) -> Tensor[Float32](4, 3))
