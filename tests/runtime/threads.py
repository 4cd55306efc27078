# MSC_NUM_THREADS (driver/threads.c): msc's GEMM split over threads gives
# the same bits as one thread, eagerly and in a JIT'd graph (which calls
# msc's own msrt_*), and the product is numpy's within float32 rounding.
# The printed values identify the float32 bits exactly (repr of each
# value widened to a Python float: the shortest text that round-trips).
# RUN: %msc run %s > %t.1
# RUN: env MSC_NUM_THREADS=2 %msc run %s > %t.2
# RUN: env MSC_NUM_THREADS=3 %msc run %s > %t.3
# RUN: cmp %t.1 %t.2
# RUN: cmp %t.1 %t.3
# RUN: %python %s --check %t.2
# RUN: env MSC_NUM_THREADS=0 not %msc run %s 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: env MSC_NUM_THREADS=two not %msc run %s 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: msc: error: MSC_NUM_THREADS='{{0|two}}': expected a number of threads from 1 to 16
import sys
import numpy as np

np.random.seed(0)
a = np.random.randn(96, 300).astype(np.float32)
b = np.random.randn(300, 200).astype(np.float32)
if len(sys.argv) > 2 and sys.argv[1] == '--check':
    got = [float(t) for t in open(sys.argv[2]).read().split()]
    ref = (a.astype(np.float64) @ b.astype(np.float64)).ravel()
    n = len(ref)
    for k in range(2):
        part = np.array(got[k * n:(k + 1) * n])
        assert part.shape == ref.shape, (part.shape, ref.shape)
        err = np.abs(part - ref).max()
        assert err < 1e-3, err
    print('ok')
    sys.exit(0)

import mindspore as ms
from mindspore import Tensor, ops


@ms.jit
def mm(x, y):
    return ops.matmul(x, y)


for c in (ops.matmul(Tensor(a), Tensor(b)), mm(Tensor(a), Tensor(b))):
    print(' '.join(repr(v) for v in c.asnumpy().ravel().tolist()))
