# RUN: rm -rf %t.out %t.ok
# RUN: not %msc compile %s -o %t.out 2>&1 | FileCheck %s
# RUN: test ! -e %t.out
# RUN: %msc compile %s -o %t.ok ok > /dev/null
# RUN: cc -std=c99 -DMSRT_NO_SIMD %t.ok/*.c -lm -o %t.selftest
# RUN: %t.selftest | FileCheck %s --check-prefix=SELF
# msc compile cannot put a graph break into firmware C: it lists every
# break of every call as an error (each once), then stops before writing
# anything. A bytecode function without a break compiles as ast would.
import sys
import numpy as np
import mindspore as ms
from mindspore import Tensor

@ms.jit(capture_mode='bytecode')
def f(x):
    y = x * 2
    s = float(y.sum())
    z = y * s
    if z.sum() > 0:
        z = z + 1
    return z

@ms.jit(capture_mode='bytecode')
def h(x):
    return x * 3 + 1

x = Tensor(np.array([1.0, 2.0], np.float32))
print(h(x))
if len(sys.argv) < 2:
    print(f(x))
    print(f(x))
# CHECK: bytecode_compile.py:18:9: error: graph break in 'f' (capture_mode='bytecode'): converting a tensor to a Python number reads the value of a tensor computed in the graph
# CHECK: bytecode_compile.py:20:8: error: graph break in 'f' (capture_mode='bytecode'): using a tensor as a condition
# CHECK-NOT: graph break in
# CHECK: msc: error: 2 graph breaks (capture_mode='bytecode'): a compiled library holds one graph per entry and cannot run Python between pieces; use capture_mode='ast' or move those statements out of the function; nothing was written
# SELF: h: ok (1 output, max abs error 0)
