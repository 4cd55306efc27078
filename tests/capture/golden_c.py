# RUN: rm -rf %t.cache
# RUN: %msc run --dump-c --cache-dir=%t.cache %s 2>%t.c1 | FileCheck %s --check-prefix=OUT
# RUN: %msc run --dump-c --cache-dir=%t.cache %s 2>%t.c2 >/dev/null
# RUN: diff %t.c1 %t.c2
# RUN: FileCheck %s --input-file %t.c1
# RUN: %msc run -O0 --dump-c --cache-dir=%t.cache %s 2>&1 >/dev/null | FileCheck %s --check-prefix=O0
# The generated C of a fixed script is byte-identical across runs (and the
# second run loads it from the cache); it never contains weight values.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
np.random.seed(1)

class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 3)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.relu(self.fc(x)) * 2

net = Net()
print(net(Tensor(np.ones((2, 4)), ms.float32)).shape)
# OUT: (2, 3)
# The Dense weight is passed packed too (eval/graph.c keeps the copy):
# CHECK: args[4]  Parameter %fc.weight packed: msrt_gemm_pack_b(transb 1, K 4, N 3) of args[1]
# CHECK: #include "msrt.h"
# CHECK: int msc_Net_construct(void *const *args, void *ws)
# At -O1 (the default) Dense + ReLU is one fused gemm with its epilogue:
# CHECK: Fusion
# CHECK: msrt_matmul_packed_ep(MSRT_FLOAT32, 0, 2, 3, 4, args[0], args[4],
# CHECK-SAME: &ep)
# CHECK-NOT: 0x1.{{[0-9a-f]+}}p-{{[0-9]}}
# O0: MatMul
# O0: BiasAdd
# O0: ReLU
# O0-NOT: 0x1.{{[0-9a-f]+}}p-{{[0-9]}}
