# Reference for ../dataset_pipeline.py: the documented semantics of msc's
# mindspore.dataset (lib/mindspore/dataset/engine.py), computed directly with
# numpy on whole arrays: a pipeline's row order is an index list (sequential,
# or numpy.random.RandomState(seed).permutation(n) per epoch, or the
# shuffle-buffer algorithm replayed on indices), batches are slices of
# arrays gathered in that order, map is applied row by row with numpy.
import numpy as np


def val(v):
    a = np.asarray(v)
    return (str(a.dtype), list(a.shape), a.tolist())


def show(tag, row):
    print(tag, [val(v) for v in row])


def rows_of(cols, idx):
    """Rows (lists of 0-d/row arrays) of columns `cols` at indices idx."""
    return [[c[i] for c in cols] for i in idx]


def batched(rows, b, drop=False):
    out = []
    for s in range(0, len(rows), b):
        chunk = rows[s:s + b]
        if drop and len(chunk) < b:
            break
        out.append([np.stack([r[k] for r in chunk]) for k in range(len(chunk[0]))])
    return out


def show_all(tag, names, rows):
    print(tag, 'size', len(rows), 'cols', names)
    for r in rows:
        show(tag, r)


def buffer_order(n, size, rs):
    """shuffle(buffer_size) over inputs 0..n-1 (indices)."""
    src = list(range(n))
    buf = src[:size]
    nxt = min(size, n)
    out = []
    while buf:
        j = int(rs.randint(0, len(buf)))
        out.append(buf[j])
        if nxt < n:
            buf[j] = src[nxt]
            nxt += 1
        else:
            buf[j] = buf[-1]
            buf.pop()
    return out


# -- default seed -------------------------------------------------------------
print('default_seed', 5489)
rs = np.random.RandomState(5489)
print('default_order', rs.permutation(8).tolist(), rs.permutation(8).tolist())

x = (np.arange(30).reshape(10, 3) / 16).astype(np.float32)
y = np.arange(10, dtype=np.int32) * 3
seq = list(range(10))
R = rows_of([x, y], seq)
XY = ['x', 'y']
show_all('rows', XY, R[:3])
show_all('batch4', XY, batched(R, 4))
show_all('batch4drop', XY, batched(R, 4, True))
show_all('batch10', XY, batched(R, 10))
show_all('batch32', XY, batched(R, 32))
show_all('batch32drop', XY, batched(R, 32, True))
print('types', 'Tensor', 'Tensor', 'Int32', 'Float32')
print('for_batches', 3)
show_all('dict_data', ['b', 'a'], batched(rows_of([y, x], seq), 5))
lst = np.array([1, 2, 3, 4, 5])
show_all('list_data', ['column_0'], batched(rows_of([lst], range(5)), 2))
l2 = np.array([[1.5, 2.0], [3.0, 4.25]])
show_all('list2d', ['column_0'], rows_of([l2], range(2)))
show_all('tuple_default_names', ['column_0', 'column_1'], batched(rows_of([y, x], seq), 6))
show_all('num_samples', ['column_0', 'column_1'], batched(R[:4], 3))
print('dict_keys', ['p', 'q'])
print('dict_types', 'Tensor', 'Tensor')
print('dict_row', ['p', 'q'], val(x[0]), val(y[0]))
for b in batched(rows_of([y], seq), 6):
    show('columns_y', b)


def affine(v):
    return v * 2 + 1


def halve(v):
    return v / 2


def mapped(rows, f, cols):
    out = []
    for r in rows:
        r = list(r)
        for c in cols:
            r[c] = np.asarray(f(r[c]))
        out.append(r)
    return out


show_all('map_inplace', XY, batched(mapped(R, affine, [1]), 5))
show_all('map_default_col', XY, batched(mapped(R, affine, [0]), 5))
show_all('map_two', ['y', 'x'], [[r[0], r[1]] for r in R[:2]])   # swap(y, x) -> (x, y) under names y, x
show_all('map_count', ['s', 'm', 'y'],
         batched([[np.asarray(r[0].sum()), np.asarray(r[0].max()), r[1]] for r in R], 4))
show_all('map_chain', XY, batched(mapped(R, lambda v: halve(affine(v)), [1]), 10))
show_all('map_rename', ['x', 'z'], batched(mapped(R, affine, [1]), 5))
show_all('map_typecast', XY, batched(mapped(R, lambda v: v.astype(np.float32), [1]), 5))
show_all('map_lambda', XY, batched(mapped(R, lambda v: v - 1, [1]), 5))

# GeneratorDataset
sq = [[np.array([i, i * i], np.int32), np.array(i % 3, np.int64)] for i in range(7)]
show_all('gen_class', ['v', 'm'], batched(sq, 3))
gl = [[np.asarray(1), np.asarray(2.5)], [np.asarray(3), np.asarray(4.5)], [np.asarray(5), np.asarray(6.5)]]
show_all('gen_list', ['a', 'b'], batched(gl, 2))
show_all('gen_str_name', ['data'], [[np.array([1, 2])], [np.array([3, 4])]])
cnt = [[np.array(k, np.int32), np.array(10 * k, np.int32)] for k in range(6)]
show_all('gen_iter', ['k', 't'], batched(cnt[:5], 2))
show_all('gen_call', ['k', 't'], batched(cnt[:4], 3, True))
show_all('gen_default_names', ['column_0', 'column_1'], sq[:2])

print('repeat', 6, 4, 2)
show_all('repeat', XY, R[:3] + R[:3])
show_all('skip', XY, R[7:])
show_all('project', ['y'], batched(rows_of([y], seq), 5))
show_all('rename', ['data', 'label'], R[:1])
print('shapes', [[4, 3], [4]], [x.dtype, y.dtype])
for e in range(3):
    k = 0
    if e < 2:
        for b in batched(R, 4, True):
            k += 1
            print('epoch', e, k, b[1].tolist())
    print('epoch_end', e, k)

# shuffles, ms.set_seed(7)
print('ms_seed', 7)
rs = np.random.RandomState(7)
for e in range(3):
    print('src_shuffle', e, rs.permutation(20).tolist())
rs = np.random.RandomState(7)
print('buffer5', buffer_order(20, 5, rs))
print('buffer5_again', buffer_order(20, 5, rs))
print('buffer50', buffer_order(20, 50, np.random.RandomState(7)))
print('config_seed', 1)
o1 = np.random.RandomState(1).permutation(30).tolist()
o2 = np.random.RandomState(2).permutation(30).tolist()
print('seed1', o1)
print('seed2', o2)
print('seeds_differ', o1 != o2)
print('same_seed_same_order', True)
# seed 3: source permutation (first 7), then buffer 4 over those rows, batch 3
perm = np.random.RandomState(3).permutation(10)[:7]
bo = buffer_order(7, 4, np.random.RandomState(3))
show_all('shuffled_batches', XY, batched(rows_of([x, y], [perm[i] for i in bo]), 3))
perm = np.random.RandomState(3).permutation(6)
show_all('gen_shuffled', ['v', 'm'], batched([sq[i] for i in perm], 4))
show_all('gen_shuffled_iter', ['k', 't'], [cnt[i] for i in buffer_order(6, 3, np.random.RandomState(3))])
rs = np.random.RandomState(3)
k5 = np.arange(5, dtype=np.int32)
show_all('repeat_shuffled', ['k'], rows_of([k5], rs.permutation(5).tolist() + rs.permutation(5).tolist()))
show_all('repeat_forever', ['y'], rows_of([y], [0, 1, 2, 0, 1, 2, 0]))
print('row_container', 'list', 2)
perm = np.random.RandomState(5).permutation(6)
print('peek', [[]], [np.dtype('int32')], ['k'])
print('after_peek', [int(perm[i]) for i in buffer_order(6, 3, np.random.RandomState(5))])
print('gen_peek', ['column_0', 'column_1'], np.random.RandomState(5).permutation(5).tolist())
