# Issue 18, classes 10 and 11 (11 fixed by the verifier; kept here as regressions).
# Class 10: a jit graph of 10^4 chained elementwise ops used to become one C
# expression the C compiler needed 16 s (here: 49 s of CPU) for. Elementwise
# fusion now takes at most FUSE_MAX_NODES (128) nodes per kernel
# (passes/fuse_elementwise.c), so the cc backend compiles it in ~2 s of CPU;
# both backends are checked against numpy (the lit wrapper's timeout is the
# bound, no timing is asserted).
import numpy as np
import mindspore as ms
from mindspore import Tensor


@ms.jit
def chain(x):
    for i in range(10000):
        x = x * 1.0001 + 0.0001
    return x


x0 = np.linspace(-1, 1, 8).astype(np.float32)
got = chain(Tensor(x0)).asnumpy()
ref = x0.astype(np.float64)
for i in range(10000):
    ref = ref * 1.0001 + 0.0001
print(np.allclose(got, ref, rtol=1e-3, atol=1e-3))

# CHECK: True
# RUN: %msc run --backend=ref %s | FileCheck %s
# RUN: rm -rf %t.cache && %msc run --cache-dir=%t.cache %s | FileCheck %s
# Class 11: msc opt refuses ill-typed IR (shapes that do not broadcast, a
# result type its operands do not give), at the node's line.
# RUN: not %msc opt %S/Inputs/add_shapes.mir 2>&1 | FileCheck --check-prefix=SHAPES %s
# SHAPES: add_shapes.mir:9:3: error: in @f, %0 (PrimFunc_Add): Add: operands could not be broadcast together with shapes (2,) (3,)
# RUN: not %msc opt -O1 --emit-c %S/Inputs/add_dtype.mir 2>&1 | FileCheck --check-prefix=DTYPE %s
# DTYPE: add_dtype.mir:9:3: error: in @f, %0 (PrimFunc_Add): result type <Tensor[Int32], (2)>, the operands give <Tensor[Float32], (2)>
# DTYPE-NOT: int msc_
