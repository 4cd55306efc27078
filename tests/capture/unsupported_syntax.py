# RUN: not %msc run --backend=ref %s 2>&1 | FileCheck %s
# Statements outside MindSpore's static-graph syntax (SEMANTICS.md §8) are an
# error at their line during ast capture, not in PyNative mode.
import mindspore as ms
from mindspore import Tensor

def plain(x):
    s = {1, 2}
    del s
    return x

print(plain(1))
# CHECK: 1

@ms.jit
def f(x):
    d = [x]
    del d
    return x

f(Tensor(1.0))
# CHECK: unsupported_syntax.py:18:5: error: RuntimeError: Unsupported statement 'Delete'. ('del' is outside MindSpore's static graph syntax: move it out of the @ms.jit function or construct, or run in PyNative mode)
# CHECK-NEXT: del d
