# x.asnumpy() and Tensor(x) of a tensor computed inside a graph (@jit, a
# GRAPH_MODE construct): MindSpore's JIT Fallback runs them when the graph
# runs; msc stages them as a copy (Identity) or a Cast, so the page's
# `tensor(x.asnumpy(), dtype=ms.float32)` in a jit function works (corpus
# a01). Reading the values inside the graph (tolist) is JIT Fallback's
# (tests/capture/fallback.py), an error with jit_syntax_level STRICT.
# RUN: %msc run %s 2>&1 | FileCheck %s
# RUN: not %msc run %s tolist 2>&1 | FileCheck %s --check-prefix=TOLIST
import sys
import mindspore as ms
from mindspore import jit, tensor, Tensor, nn

x = tensor([1, 2, 3])
if len(sys.argv) > 1:
    ms.set_context(jit_syntax_level=ms.STRICT)  # no JIT Fallback: the error
    @jit
    def g(v):
        return v.asnumpy().tolist()
    g(x)
# TOLIST: jit_asnumpy.py:[[@LINE-2]]:16: error: TypeError: tolist() needs the value of a tensor computed in the graph


@jit
def f(v):
    a = v.asnumpy()
    return tensor(a, dtype=ms.float32) * 2, Tensor(v, ms.float16), Tensor(v)


r = f(x)
print(r[0], r[0].dtype, r[1], r[1].dtype, r[2], r[2].dtype, x, x.dtype)
# CHECK: [2. 4. 6.] Float32 [1. 2. 3.] Float16 [1 2 3] Int64 [1 2 3] Int64


class Net(nn.Cell):
    def construct(self, v):
        return Tensor(v.asnumpy(), ms.float32) + 0.5


ms.set_context(mode=ms.GRAPH_MODE)
print(Net()(x))
# CHECK-NEXT: [1.5 2.5 3.5]
