# A loop on a tensor with a return inside is captured once: Python side
# effects of its body at capture time (here: appends to a global list) run
# once per statement, as for any other graph code (the value's type used to
# be found by capturing the body a first time, running them twice); the
# results against the same programs in plain Python over numpy.
# RUN: %python %S/Inputs/capture_once_ref.py > %t.ref
# RUN: %msc run %s > %t.out 2> %t.count
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.out
# RUN: FileCheck %s --input-file %t.count
# CHECK: captures: f1.after=1 f1.body=1 f1.then=1 f2.inner=1 f2.outer=1 f2.ret=1
import sys
import numpy as np
import mindspore as ms
from mindspore import Tensor

ms.set_context(mode=ms.GRAPH_MODE)
seen = []


def show(tag, t):
    for i, u in enumerate(t):
        print('%s.%d' % (tag, i), ' '.join('%.7g' % v for v in np.asarray(u.asnumpy()).reshape(-1).tolist()))


@ms.jit
def f1(x, n):
    i = Tensor(0, ms.int32)
    while i < n:
        seen.append('f1.body')
        if x.sum() > 10:
            seen.append('f1.then')
            return x * 10, i
        x = x * 2
        i = i + 1
    seen.append('f1.after')
    return x - 100, i


@ms.jit
def f2(x, n, m):
    for k in range(n):
        seen.append('f2.outer')
        j = Tensor(0, ms.int32)
        while j < m:
            seen.append('f2.inner')
            if x.sum() > 50:
                seen.append('f2.ret')
                return x, j
            x = x + 1
            j = j + 1
        x = x * 2
    return x, Tensor(-1, ms.int32)


for a in ([1.0, 2.0], [-1.0, 0.5], [3.0, 9.25]):
    for n in (0, 2, 5):
        show('f1 %s %d' % (a, n), f1(Tensor(np.array(a, np.float32)), Tensor(n, ms.int32)))
        show('f2 %s %d' % (a, n), f2(Tensor(np.array(a, np.float32)), Tensor(n, ms.int32), Tensor(3, ms.int32)))
print('captures:', ' '.join('%s=%d' % (k, seen.count(k)) for k in sorted(set(seen))), file=sys.stderr)
