# RUN: %msc run -v --backend=ref --explain %s 2>%t.err | FileCheck %s --check-prefix=OUT
# RUN: FileCheck %s --check-prefix=LOG --input-file %t.err
# RUN: rm -rf %t.cache
# RUN: %msc run --cache-dir=%t.cache %s | FileCheck %s --check-prefix=OUT
# Bytecode pieces are compiled once and found again by later calls: their
# guards are the pieces' IR (input dtypes and shapes, the Python values
# baked in as constants). Five calls with one shape compile each piece
# once; a new shape compiles them again; a new value of a Python argument
# changes only the piece it enters. The cc backend gives the same output.
import numpy as np
import mindspore as ms
from mindspore import Tensor

@ms.jit(capture_mode='bytecode')
def f(x, k):
    y = x * k
    n = int(y.shape[0])
    m = y.asnumpy().max()
    return y + n, m

x = Tensor(np.ones((2, 3)), ms.float32)
for i in range(5):
    out, m = f(x, 2)
print(out.sum(), m)
out, m = f(Tensor(np.ones((4, 3)), ms.float32), 2)
print(out.sum(), m)
out, m = f(x, 3)
print(out.sum(), m)
# OUT: 24.0 2.0
# OUT-NEXT: 72.0 2.0
# OUT-NEXT: 30.0 3.0
# LOG: msc: jit: compiling 'f (piece 1)' (first call): 1 nodes
# LOG: msc: jit: compiling 'f (piece 2)' (a new piece): 1 nodes
# LOG-NEXT: msc: jit: compiling 'f (piece 1)' (a new piece)
# LOG-NEXT: msc: jit: compiling 'f (piece 2)' (a new piece)
# LOG-NEXT: msc: jit: compiling 'f (piece 1)' (a new piece)
# LOG-NOT: compiling
# LOG: msc: explain: 'f' (capture_mode='bytecode'): 7 calls, 1 graph break, 14 pieces run, 5 compiled
