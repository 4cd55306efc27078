# Two msc processes that compile the same graph into one JIT cache at the
# same time compile it once (codegen/jit.c: the key's lock, <key>.lock,
# taken on a miss; the cache is looked at again under it). Before, both
# missed and both ran cc (the duplicate work graph-diff's parallel runs
# paid); the compiler here takes a second more, so both processes are
# inside that window. Both print the right result; one ran cc, the other
# found the object the first one made.
import numpy as np
import mindspore as ms
from mindspore import Tensor


@ms.jit
def f(x):
    return ms.ops.matmul(x, x) * 3 - 1


print(f(Tensor(np.eye(2, dtype=np.float32))))
# OUT: {{\[\[}} 2. -1.]
# OUT-NEXT: [-1.  2.]]
# RUN: rm -rf %t && mkdir -p %t
# RUN: env CC=%S/Inputs/slow_cc.sh %msc run -v --cache-dir=%t/c %s > %t/1.out 2> %t/1.err & \
# RUN:   env CC=%S/Inputs/slow_cc.sh %msc run -v --cache-dir=%t/c %s > %t/2.out 2> %t/2.err; wait
# RUN: FileCheck --check-prefix=OUT %s < %t/1.out
# RUN: FileCheck --check-prefix=OUT %s < %t/2.out
# RUN: cat %t/1.err %t/2.err | grep -c '^msc: jit: cc ' | FileCheck --check-prefix=ONE %s
# ONE: {{^1$}}
# RUN: cat %t/1.err %t/2.err | FileCheck --check-prefix=HIT %s
# HIT: msc: jit: cache hit {{.*}}.so (compiled by another process meanwhile)
