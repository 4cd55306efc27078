# numpy's results for tests/lib/nan_order.py (see there): NaN larger than
# every number, equal values (NaNs too) in input order.
import numpy as np

nan = float('nan')
x32 = np.array([[3.0, nan, 1.0, 2.0, nan, -1.0, 2.0], [nan, 0.5, nan, nan, 0.5, -2.0, 4.0]], np.float32)
x64 = np.array([nan, -0.5, 7.0, nan, 7.0], np.float64)


def show(names, vals):
    for n, a in zip(names.split(), vals):
        a = np.asarray(a)
        print(n, a.dtype, a.shape, [None if x != x else x for x in a.reshape(-1).tolist()])


def i32(a):
    return np.asarray(a).astype(np.int32)


def desc_i(x, axis=-1):
    """Descending, NaNs first, equal values in input order (a stable sort
    on the key (not nan, -x))."""
    x = np.moveaxis(x, axis, -1)
    out = np.empty(x.shape, np.int64)
    for r in np.ndindex(x.shape[:-1]):
        row = x[r]
        out[r] = sorted(range(len(row)), key=lambda i: (not np.isnan(row[i]), 0.0 if np.isnan(row[i]) else -row[i]))
    return np.moveaxis(out, -1, axis)


def take(x, i):
    return np.take_along_axis(x, i, axis=-1)


# TopK(sorted=False) is MindSpore's CPU kernel's std::nth_element order,
# whose comparator (>) is false with a NaN: GCC 12's libstdc++ gives
NTH4 = [[3, 6, 4, 0], [3, 6, 5, 4]]
NTH3_SMALL = [[2, 5, 3], [1, 5, 4]]  # topk(largest=False): nth_element(3) of -x with >
asc = np.argsort(x32, kind='stable')
dsc = desc_i(x32)
small = np.argsort(x32, kind='stable')[:, :3]
show('sort_v sort_i sortd_v sortd_i argsort sortd64_i sort0_i topk_v topk_i topkF_i topk64_i small_i smallF_i '
     'argmax argmin argmax64 argmin64 argmax0 max min64',
     [take(x32, asc), i32(asc), take(x32, dsc), i32(dsc), i32(asc), i32(desc_i(x64)),
      i32(np.argsort(x32, axis=0, kind='stable')),
      take(x32, dsc[:, :4]), i32(dsc[:, :4]), i32(NTH4), i32(desc_i(x64)[:3]),
      i32(small), i32(NTH3_SMALL), i32(np.argmax(x32, -1)), i32(np.argmin(x32, -1)), np.argmax(x64),
      np.argmin(x64), i32(np.argmax(x32, 0)), np.max(x32, 1), np.min(x64)])
