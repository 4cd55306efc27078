# Issue 26: where NaN goes in the ops that order values, against numpy
# (Inputs/nan_order_ref.py), in PyNative, compiled by cc and on the
# reference executor. msc's rule is numpy's: NaN is larger than every
# number (equal NaNs keep their input order):
#   Sort/argsort ascending: NaNs last (np.sort); descending: NaNs first,
#     then the numbers descending, equal values in input order;
#   TopK(sorted=True): NaNs are the largest; topk(largest=False) takes
#     NaNs last; TopK(sorted=False) is the CPU kernel's std::nth_element
#     order (tests/lib/topk_nth.py), whose > is false with a NaN: the
#     expected rows are libstdc++'s;
#   Argmax/Argmin (and ops.argmax/argmin): the first NaN (np.argmax/argmin);
#   ReduceMax/ReduceMin: NaN (np.max/np.min).
# MindSpore's CPU kernels differ, and not by a rule: Sort's std::stable_sort
# and TopK's std::nth_element compare with < / >, for which a NaN is
# equivalent to every number (not a strict weak order: the place of a NaN
# then depends on the library's algorithm); Argmax is std::max_element with
# <, which never picks a NaN unless it is the first element.
# RUN: %python %S/Inputs/nan_order_ref.py > %t.ref
# RUN: %msc run --mode=pynative %s > %t.pyn
# RUN: diff %t.ref %t.pyn
# RUN: %msc run --backend=cc %s > %t.cc
# RUN: diff %t.ref %t.cc
# RUN: %msc run --backend=ref %s > %t.refexec
# RUN: diff %t.ref %t.refexec
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor
from mindspore.ops import operations as P

nan = float('nan')
x32 = np.array([[3.0, nan, 1.0, 2.0, nan, -1.0, 2.0], [nan, 0.5, nan, nan, 0.5, -2.0, 4.0]], np.float32)
x64 = np.array([nan, -0.5, 7.0, nan, 7.0], np.float64)


def show(names, vals):
    for n, v in zip(names.split(), vals):
        a = v.asnumpy()
        print(n, a.dtype, a.shape, [None if x != x else x for x in a.reshape(-1).tolist()])


@ms.jit
def ordered(x, y):
    return (ops.sort(x)[0], ops.sort(x)[1], ops.sort(x, descending=True)[0], ops.sort(x, descending=True)[1],
            ops.argsort(x), ops.sort(y, descending=True)[1], ops.sort(x, axis=0)[1],
            P.TopK(True)(x, 4)[0], P.TopK(True)(x, 4)[1], P.TopK(False)(x, 4)[1], P.TopK(True)(y, 3)[1],
            ops.topk(x, 3, largest=False)[1], ops.topk(x, 3, largest=False, sorted=False)[1],
            P.Argmax()(x), P.Argmin()(x), ops.argmax(y), ops.argmin(y), P.Argmax(axis=0)(x),
            x.max(axis=1), y.min())


show('sort_v sort_i sortd_v sortd_i argsort sortd64_i sort0_i topk_v topk_i topkF_i topk64_i small_i smallF_i '
     'argmax argmin argmax64 argmin64 argmax0 max min64', ordered(Tensor(x32), Tensor(x64)))
