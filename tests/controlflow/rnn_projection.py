# An RNN's input projection computed for every step at once (licm,
# passes/licm.c project_gathered): in the `while` body,
# ops.matmul(ops.gather(xs, i, 0), self.wx) becomes a Gather from
# ops.matmul(xs, self.wx), one GEMM before the loop, when xs and wx are
# invariant and the index is 0-d. The results are bit-identical to
# PyNative's per-step products (the same fma chain per output), at -O1,
# -O2 and on the reference executor; against numpy within float32
# rounding. Not at -O0 (no licm) and not in msc compile (its memory is a
# microcontroller's RAM): the same bits there too.
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/Inputs/rnn_projection_ref.py %t.pyn
# RUN: %msc run -O1 %s graph > %t.o1
# RUN: diff %t.pyn %t.o1
# RUN: %msc run -O2 %s graph > %t.o2
# RUN: diff %t.pyn %t.o2
# RUN: %msc run -O0 %s graph > %t.o0
# RUN: diff %t.pyn %t.o0
# RUN: %msc run --backend=ref %s graph > %t.refexec
# RUN: diff %t.pyn %t.refexec
# RUN: %msc run -O1 --print-after=licm %s graph 2>&1 >/dev/null | FileCheck %s
# CHECK: PrimFunc_MatMulExt(%para1_xs, %0)
# CHECK-NEXT: : (<Tensor[Float32], (7, 1, 16)>, <Tensor[Float32], (16, 16)>) -> (<Tensor[Float32], (7, 1, 16)>)
# CHECK: While(
# CHECK-LABEL: subgraph @RNN_construct_body
# CHECK: PrimFunc_Gather(%para{{[0-9]+}}_inv, %para{{[0-9]+}}_i) {axis: I64(0)}
# CHECK-NOT: PrimFunc_MatMulExt(%0,
# In the generated C, the projection is one product of T rows (the one-row
# products of the batch folded: one sweep over wx), the body's h @ wh a one-row
# msrt_gemv_f32, and nothing in the loop calls back into msc (no
# msc_host_interpret: the whole loop is C and msrt_* kernels).
# RUN: %msc run -O1 --dump-c %s graph 2>&1 >/dev/null | FileCheck %s --check-prefix=C
# C: rc = msrt_matmul(MSRT_FLOAT32, 0, 0, 1, 7, 16, 16, args[0], 0, args[3], 0,
# C: for (;;) {
# C-NOT: msc_host
# C: rc = msrt_gemv_f32(16, 16,
# C-NOT: msc_host
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

H, T = 16, 7
if sys.argv[1] == 'graph':
    ms.set_context(mode=ms.GRAPH_MODE)


class RNN(nn.Cell):
    def __init__(self):
        super().__init__()
        r = np.random.RandomState(0)
        self.wx = ms.Parameter(Tensor((r.randn(H, H) * 0.3).astype(np.float32)), name='wx')
        self.wh = ms.Parameter(Tensor((r.randn(H, H) * 0.3).astype(np.float32)), name='wh')
        self.b = ms.Parameter(Tensor((r.randn(1, H) * 0.1).astype(np.float32)), name='b')

    def construct(self, xs, h, n):
        i = Tensor(0, ms.int32)
        while i < n:
            x = ops.gather(xs, i, 0)
            h = ops.tanh(ops.matmul(x, self.wx) + ops.matmul(h, self.wh) + self.b)
            i = i + 1
        return h


net = RNN()
xs = Tensor(np.random.RandomState(1).randn(T, 1, H).astype(np.float32))
h0 = Tensor(np.zeros((1, H), np.float32))
for n in (T, 3, 0):  # every row, some rows, none (the loop never runs)
    print(n, ' '.join(repr(v) for v in net(xs, h0, Tensor(n, ms.int32)).asnumpy().reshape(-1).tolist()))
