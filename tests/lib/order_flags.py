# Issue 26 item 2: the ops whose result order depends on a flag or on ties,
# against numpy (Inputs/order_flags_ref.py) and the values MindSpore's own
# tests and documentation assert, in PyNative, compiled by cc, and on the
# reference executor:
#   TopK(sorted=True): the k largest, descending; equal values as the CPU
#     kernel leaves them: for k > n * 0.5 a stable sort (np.argsort(-x,
#     kind='stable')[:k]), else std::nth_element(k) and a stable sort of
#     those k; tests/st/ops/cpu/test_topk_op.py
#   TopK(sorted=False): MindSpore's CPU kernel's order, std::nth_element(k)
#     (the input order for k = n, the case test_topk_op.py asserts:
#     TopK(False)(x, n) == x; for k < n libstdc++'s, as tests/lib/topk_nth.py
#     checks); also ops.topk(largest=False, sorted=False), F.top_k,
#     Tensor.top_k
#   Sort/argsort: stable in both directions (sort_cpu_kernel.cc:
#     std::stable_sort with < or >): descending is np.argsort(-x, 'stable'),
#     not the ascending order reversed
#   Argmax/Argmin, ops.max/min's index: the first of equal extremes
#   Unique (PyNative: its output length depends on the values): distinct
#     values in the order of their first occurrence, idx int32 into them
#     (tests/st/ops/cpu/test_unique_op.py: [1, 5, 2, 2] -> [1, 5, 2], [0, 1, 2, 2])
# RUN: %python %S/Inputs/order_flags_ref.py > %t.ref
# RUN: %msc run --mode=pynative %s > %t.pyn
# RUN: diff %t.ref %t.pyn
# RUN: %msc run --backend=cc %s > %t.cc
# RUN: diff %t.ref %t.cc
# RUN: %msc run --backend=ref %s > %t.refexec
# RUN: diff %t.ref %t.refexec
# RUN: %msc run -O0 %s > %t.cc0
# RUN: diff %t.ref %t.cc0
# RUN: %msc run -O2 %s > %t.cc2
# RUN: diff %t.ref %t.cc2
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor
from mindspore.ops import operations as P
from mindspore.ops import functional as F

np.random.seed(7)
r34 = np.random.rand(3, 4).astype(np.float32)
r234 = np.random.rand(2, 3, 4).astype(np.float32)
issue = np.array([[0.3, 0.9, 0.1, 0.5]], np.float32)
ties = np.array([[2, 1, 2, 3, 1, 3, 2], [0, 0, 0, 0, 0, 0, 0]], np.float32)
ities = np.array([[5, -1, 5, 7, -1, 7, 0, 5]], np.int32)
col = np.array([[1, 4], [3, 4], [1, 2], [3, 0]], np.float32)


def show(names, vals):
    for n, v in zip(names.split(), vals):
        a = v.asnumpy()
        print(n, a.dtype, a.shape, a.reshape(-1).tolist())


@ms.jit
def topks(r34, r234, issue, ties, ities, col):
    return (P.TopK(True)(r34, 4)[0], P.TopK(False)(r34, 4)[0], P.TopK(False)(r34, 4)[1],
            P.TopK(True)(r234, 2)[0], P.TopK(True)(r234, 2)[1],
            P.TopK(False)(issue, 4)[0], P.TopK(False)(issue, 2)[0], P.TopK(False)(issue, 2)[1],
            P.TopK(True)(ties, 4)[1], P.TopK(False)(ties, 4)[1], P.TopK(False)(ties, 4)[0],
            ops.topk(ties, 3, largest=False)[1], ops.topk(ties, 3, largest=False, sorted=False)[1],
            ops.topk(col, 2, dim=0, sorted=False)[1], ops.topk(col, 2, dim=0)[1],
            F.top_k(issue, 3, False)[1], issue.top_k(3, False)[1], P.TopK(False)(ities, 5)[1],
            P.TopK(True)(ities, 5)[1])


@ms.jit
def sorts(ties, ities, col):
    return (ops.sort(ties)[1], ops.sort(ties, descending=True)[1], ops.sort(ties, descending=True)[0],
            ops.argsort(ties), ops.argsort(ties, descending=True), P.Sort(0, True)(col)[1],
            P.Sort(0)(col)[1], ops.sort(ities, descending=True)[1], ops.sort(ities)[1])


@ms.jit
def args(ties, ities, col):
    return (ops.argmax(ties, 1), ops.argmin(ties, 1), ops.max(ties, 1)[1], ops.min(ties, 1)[1],
            ops.argmax(col, 0), ops.argmin(col, 0), ops.argmax(ities, 1), ops.argmin(ities, 1),
            P.Argmax()(ties), P.Argmin(axis=0)(col))


show('topk_r34 topkF_r34 topkF_r34_i topk_r234 topk_r234_i topkF_issue4 topkF_issue2 topkF_issue2_i topk_ties_i '
     'topkF_ties_i topkF_ties topk_small_i topkF_small_i topkF_col_i topk_col_i ftopk_i ttopk_i topkF_int_i '
     'topk_int_i', topks(Tensor(r34), Tensor(r234), Tensor(issue), Tensor(ties), Tensor(ities), Tensor(col)))
show('sort_i sortD_i sortD argsort argsortD sortD0_i sort0_i sortD_int_i sort_int_i',
     sorts(Tensor(ties), Tensor(ities), Tensor(col)))
show('argmax argmin max_i min_i argmax0 argmin0 argmax_int argmin_int Argmax Argmin0',
     args(Tensor(ties), Tensor(ities), Tensor(col)))
show('uniq_y uniq_i', ops.unique(Tensor(np.array([1, 2, 5, 2]), ms.int32)))
show('uniq16_y uniq16_i', P.Unique()(Tensor(np.array([1, 5, 2, 2]), ms.float16)))
show('uniq2_y uniq2_i', ops.unique(Tensor(np.array([[3.5, -1.0, 3.5], [0.0, -1.0, 9.0]]), ms.float32)))
show('uniq1_y uniq1_i', ops.unique(Tensor(np.array([7]), ms.int64)))
