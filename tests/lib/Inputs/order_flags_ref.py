# numpy's results for tests/lib/order_flags.py (see there).
import numpy as np

np.random.seed(7)
r34 = np.random.rand(3, 4).astype(np.float32)
r234 = np.random.rand(2, 3, 4).astype(np.float32)
issue = np.array([[0.3, 0.9, 0.1, 0.5]], np.float32)
ties = np.array([[2, 1, 2, 3, 1, 3, 2], [0, 0, 0, 0, 0, 0, 0]], np.float32)
ities = np.array([[5, -1, 5, 7, -1, 7, 0, 5]], np.int32)
col = np.array([[1, 4], [3, 4], [1, 2], [3, 0]], np.float32)


def show(names, vals):
    for n, a in zip(names.split(), vals):
        a = np.asarray(a)
        print(n, a.dtype, a.shape, a.reshape(-1).tolist())


def i32(a):
    return np.asarray(a).astype(np.int32)


def topk_i(x, k, largest=True, sorted=True, axis=-1):
    idx = np.argsort(-x if largest else x, axis=axis, kind='stable')
    idx = np.take(idx, np.arange(k), axis=axis)
    if not sorted:
        idx = np.sort(idx, axis=axis)
    return i32(idx)


def topk_v(x, k, largest=True, sorted=True, axis=-1):
    return np.take_along_axis(x, topk_i(x, k, largest, sorted, axis), axis=axis)


# TopK(sorted=False) with k < n: the order C++'s std::nth_element leaves
# (MindSpore's CPU kernel), as GCC 12's libstdc++ gives it for these rows
# (tests/lib/topk_nth.py checks the kernel against libstdc++ on 120 more)
NTH = {'issue2': [[3, 1]], 'issue3': [[3, 1, 0]], 'ties4': [[6, 0, 5, 3], [3, 6, 5, 4]],
       'small3': [[1, 4, 0], [5, 4, 3]], 'col2': [[1, 1], [3, 0]], 'int5': [[7, 5, 0, 3, 2]]}



# TopK(sorted=True) with k <= n * 0.5: the kernel's nth_element(k), then a
# stable sort of those k (for k > n * 0.5 a stable sort of the row: topk_i)
def nth_sorted(x, nth, largest=True, axis=-1):
    nth = i32(nth)
    v = np.take_along_axis(x, nth, axis)
    return i32(np.take_along_axis(nth, np.argsort(-v if largest else v, axis=axis, kind='stable'), axis))


show('topk_r34 topkF_r34 topkF_r34_i topk_r234 topk_r234_i topkF_issue4 topkF_issue2 topkF_issue2_i topk_ties_i '
     'topkF_ties_i topkF_ties topk_small_i topkF_small_i topkF_col_i topk_col_i ftopk_i ttopk_i topkF_int_i '
     'topk_int_i',
     (np.sort(r34, axis=-1)[..., ::-1][..., 0:4], r34, i32(np.broadcast_to(np.arange(4), (3, 4))),
      np.sort(r234, axis=-1)[..., ::-1][..., 0:2], topk_i(r234, 2),
      issue, np.take_along_axis(issue, i32(NTH['issue2']), -1), i32(NTH['issue2']),
      topk_i(ties, 4), i32(NTH['ties4']), np.take_along_axis(ties, i32(NTH['ties4']), -1),
      nth_sorted(ties, NTH['small3'], largest=False), i32(NTH['small3']),
      i32(NTH['col2']), nth_sorted(col, NTH['col2'], axis=0),
      i32(NTH['issue3']), i32(NTH['issue3']), i32(NTH['int5']),
      topk_i(ities, 5)))
show('sort_i sortD_i sortD argsort argsortD sortD0_i sort0_i sortD_int_i sort_int_i',
     (i32(np.argsort(ties, kind='stable')), i32(np.argsort(-ties, kind='stable')),
      np.take_along_axis(ties, np.argsort(-ties, kind='stable'), -1),
      i32(np.argsort(ties, kind='stable')), i32(np.argsort(-ties, kind='stable')),
      i32(np.argsort(-col, axis=0, kind='stable')), i32(np.argsort(col, axis=0, kind='stable')),
      i32(np.argsort(-ities, kind='stable')), i32(np.argsort(ities, kind='stable'))))
show('argmax argmin max_i min_i argmax0 argmin0 argmax_int argmin_int Argmax Argmin0',
     (np.argmax(ties, 1), np.argmin(ties, 1), np.argmax(ties, 1), np.argmin(ties, 1),
      np.argmax(col, 0), np.argmin(col, 0), np.argmax(ities, 1), np.argmin(ities, 1),
      i32(np.argmax(ties, -1)), i32(np.argmin(col, 0))))


def unique(a):
    flat = a.reshape(-1)
    _, first, inv = np.unique(flat, return_index=True, return_inverse=True)
    order = np.argsort(first)          # distinct values by first occurrence
    rank = np.argsort(order)
    return flat[first[order]], i32(rank[inv].reshape(a.shape))


show('uniq_y uniq_i', unique(np.array([1, 2, 5, 2], np.int32)))
show('uniq16_y uniq16_i', unique(np.array([1, 5, 2, 2], np.float16)))
show('uniq2_y uniq2_i', unique(np.array([[3.5, -1.0, 3.5], [0.0, -1.0, 9.0]], np.float32)))
show('uniq1_y uniq1_i', unique(np.array([7], np.int64)))
