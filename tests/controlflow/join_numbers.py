# Python numbers across the branches of an `if` on a tensor (MindSpore's
# AbstractScalar::Join): numbers of one type join into a scalar variable
# (a 0-d tensor in msc, which a later number of that type joins again);
# a number against a tensor, or numbers of two types, is MindSpore's type
# join error at the `if`, naming both types. Numbers against plain Python
# over numpy (Inputs/join_numbers_ref.py), in Graph (cc and ref).
# RUN: %python %S/Inputs/join_numbers_ref.py > %t.ref
# RUN: %msc run %s ok > %t.cc
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.cc
# RUN: %msc run --backend=ref %s ok > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.refexec
# RUN: not %msc run %s num_tensor 2>&1 | FileCheck --check-prefix=NT %s
# NT: join_numbers.py:44:5: error: TypeError: Cannot join the return values of different branches, perhaps you need to make them equal.
# NT-NEXT: Type Join Failed: dtype1 = Int64, dtype2 = Tensor[Float32]. (variable 'k')
# RUN: not %msc run %s tensor_num 2>&1 | FileCheck --check-prefix=TN %s
# TN: join_numbers.py:53:5: error: TypeError: Cannot join the return values of different branches, perhaps you need to make them equal.
# TN-NEXT: Type Join Failed: Abstract type AbstractTensor cannot join with AbstractScalar. (variable 'k')
# RUN: not %msc run %s int_float 2>&1 | FileCheck --check-prefix=IF %s
# IF: join_numbers.py:62:5: error: TypeError: Cannot join the return values of different branches, perhaps you need to make them equal.
# IF-NEXT: Type Join Failed: dtype1 = Int64, dtype2 = Float32. (variable 'k')
import sys
import numpy as np
import mindspore as ms
from mindspore import Tensor

ms.set_context(mode=ms.GRAPH_MODE)


@ms.jit
def ok(x):
    k = 1
    if x.sum() > 0:
        k = 2
    else:
        k = 5
    k = k + 1
    if x.max() > 2:
        k = 10
    return x * k, k


@ms.jit
def num_tensor(x):
    if x.sum() > 0:
        k = 2
    else:
        k = x
    return k


@ms.jit
def tensor_num(x):
    if x.sum() > 0:
        k = x
    else:
        k = 2
    return k


@ms.jit
def int_float(x):
    if x.sum() > 0:
        k = 2
    else:
        k = 2.5
    return x * k


def show(tag, t):
    for i, u in enumerate(t):
        print('%s.%d' % (tag, i), ' '.join('%.7g' % v for v in np.asarray(u.asnumpy()).reshape(-1).astype(np.float64).tolist()))


if sys.argv[1] == 'ok':
    for i, a in enumerate([[1.0, 2.0], [-1.0, -2.0], [3.0, -4.0]]):
        show('ok %d' % i, ok(Tensor(np.array(a, np.float32))))
else:
    globals()[sys.argv[1]](Tensor(np.ones(2, np.float32)))
