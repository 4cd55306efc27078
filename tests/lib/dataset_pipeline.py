# mindspore.dataset (issue 8 item 7) against an independent numpy
# re-implementation of the documented semantics (Inputs/dataset_ref.py):
# NumpySlicesDataset (tuple, dict, list data; column names), GeneratorDataset
# (random-accessible class, list, iterable class, callable), batch with and
# without drop_remainder, map (in place, renaming, changing the number of
# columns, chained operations, transforms.TypeCast), repeat/take/skip/
# project/rename, get_dataset_size, get_col_names, the tuple and dict
# iterators (num_epochs, output_numpy, columns), and the seeded shuffles:
# the source's RandomState(seed).permutation per epoch and shuffle(buffer)'s
# buffer algorithm, seeded by ms.set_seed, by ds.config.set_seed and by the
# default seed 5489 (all documented in lib/mindspore/dataset/engine.py).
# The output is compared exactly (integer and k/16 values print exactly), and
# two runs of msc must print the same bytes.
# RUN: %python %S/Inputs/dataset_ref.py > %t.ref
# RUN: %msc run %s > %t.out
# RUN: diff %t.ref %t.out
# RUN: %msc run %s > %t.out2
# RUN: cmp %t.out %t.out2
# RUN: FileCheck %s --input-file %t.out
# CHECK: default_seed 5489
# CHECK: types Tensor Tensor Int32 Float32
# CHECK: dict_types Tensor Tensor
# CHECK: seeds_differ True
# CHECK: same_seed_same_order True
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import Tensor


def val(v):
    a = np.asarray(v)
    return (str(a.dtype), list(a.shape), a.tolist())


def show(tag, row):
    print(tag, [val(v) for v in row])


def show_all(tag, dataset):
    print(tag, 'size', dataset.get_dataset_size(), 'cols', dataset.get_col_names())
    for row in dataset.create_tuple_iterator(output_numpy=True):
        show(tag, row)


def order(dataset):
    return [int(r[0]) for r in dataset.create_tuple_iterator(num_epochs=1, output_numpy=True)]


# -- default seed (nothing set yet): RandomState(5489) ------------------------
print('default_seed', ds.config.get_seed())
d = ds.NumpySlicesDataset(np.arange(8, dtype=np.int32))
print('default_order', order(d), order(d))

# -- NumpySlicesDataset, batch --------------------------------------------------
x = (np.arange(30).reshape(10, 3) / 16).astype(np.float32)
y = np.arange(10, dtype=np.int32) * 3
d = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False)
show_all('rows', d.take(3))
show_all('batch4', d.batch(4))
show_all('batch4drop', d.batch(4, drop_remainder=True))
show_all('batch10', d.batch(10))
show_all('batch32', d.batch(32))
show_all('batch32drop', d.batch(32, True))

n = 0
for a, b in d.batch(4):
    if n == 0:
        print('types', type(a).__name__, type(b).__name__, b.dtype, a.dtype)
    n += 1
print('for_batches', n)

show_all('dict_data', ds.NumpySlicesDataset({"b": y, "a": x}, shuffle=False).batch(5))
show_all('list_data', ds.NumpySlicesDataset([1, 2, 3, 4, 5], shuffle=False).batch(2))
show_all('list2d', ds.NumpySlicesDataset([[1.5, 2.0], [3.0, 4.25]], shuffle=False))
show_all('tuple_default_names', ds.NumpySlicesDataset((y, x), shuffle=False).batch(6))
show_all('num_samples', ds.NumpySlicesDataset((x, y), shuffle=False, num_samples=4).batch(3))

for r in ds.NumpySlicesDataset({"p": x, "q": y}, shuffle=False).batch(4).create_dict_iterator():
    print('dict_keys', list(r.keys()))
    print('dict_types', type(r["p"]).__name__, type(r["q"]).__name__)
    break
for r in ds.NumpySlicesDataset({"p": x, "q": y}, shuffle=False).create_dict_iterator(output_numpy=True):
    print('dict_row', sorted(r.keys()), val(r["p"]), val(r["q"]))
    break
it = d.batch(6).create_tuple_iterator(columns=["y"], output_numpy=True)
for r in it:
    show('columns_y', r)


# -- map ----------------------------------------------------------------------
def affine(v):
    return v * 2 + 1


def swap(a, b):
    return b, a


def stats(v):
    return v.sum(), v.max()


def halve(v):
    return v / 2


show_all('map_inplace', d.map(affine, input_columns="y").batch(5))
show_all('map_default_col', d.map(affine).batch(5))
show_all('map_two', d.map(swap, input_columns=["y", "x"], output_columns=["y", "x"]).take(2))
show_all('map_count', d.map(stats, input_columns="x", output_columns=["s", "m"]).batch(4))
show_all('map_chain', d.map([affine, halve], input_columns="y").batch(10))
show_all('map_rename', d.map(affine, input_columns="y", output_columns="z").batch(5))
show_all('map_typecast', d.map(ds.transforms.TypeCast(ms.float32), input_columns="y").batch(5))
show_all('map_lambda', d.map(lambda v: v - 1, input_columns=["y"]).batch(5))


# -- GeneratorDataset -----------------------------------------------------------
class Squares:
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        return np.array([i, i * i], np.int32), np.array(i % 3, np.int64)

    def __len__(self):
        return self.n


class Counter:
    """Iterable: rows (k, 10k) for k < n."""

    def __init__(self, n):
        self.n = n
        self.k = 0

    def __iter__(self):
        self.k = 0
        return self

    def __next__(self):
        if self.k >= self.n:
            raise StopIteration
        self.k += 1
        return (np.array(self.k - 1, np.int32), np.array(10 * (self.k - 1), np.int32))


def make_counter():
    return Counter(4)


show_all('gen_class', ds.GeneratorDataset(Squares(7), column_names=["v", "m"], shuffle=False).batch(3))
show_all('gen_list', ds.GeneratorDataset([(1, 2.5), (3, 4.5), (5, 6.5)], ["a", "b"], shuffle=False).batch(2))
show_all('gen_str_name', ds.GeneratorDataset([np.array([1, 2]), np.array([3, 4])], "data", shuffle=False))
show_all('gen_iter', ds.GeneratorDataset(Counter(5), column_names=["k", "t"]).batch(2))
show_all('gen_call', ds.GeneratorDataset(make_counter, column_names=["k", "t"]).batch(3, True))
show_all('gen_default_names', ds.GeneratorDataset(Squares(2), shuffle=False))

# -- repeat, skip, project, rename ---------------------------------------------
r = d.batch(4).repeat(2)
print('repeat', r.get_dataset_size(), r.get_batch_size(), r.get_repeat_count())
show_all('repeat', d.take(3).repeat(2))
show_all('skip', d.skip(7))
show_all('project', d.project(["y"]).batch(5))
show_all('rename', d.rename(["x", "y"], ["data", "label"]).take(1))
print('shapes', d.batch(4).output_shapes(), d.batch(4).output_types())

# -- tuple iterator over epochs --------------------------------------------------
it = d.batch(4, drop_remainder=True).create_tuple_iterator(num_epochs=2, output_numpy=True)
for e in range(3):
    k = 0
    for xb, yb in it:
        k += 1
        print('epoch', e, k, yb.tolist())
    print('epoch_end', e, k)

# -- shuffles ---------------------------------------------------------------------
ms.set_seed(7)
print('ms_seed', ds.config.get_seed())
src = ds.NumpySlicesDataset(np.arange(20, dtype=np.int32))
it = src.create_tuple_iterator(num_epochs=3, output_numpy=True)
for e in range(3):
    print('src_shuffle', e, [int(r[0]) for r in it])
seq = ds.NumpySlicesDataset(np.arange(20, dtype=np.int32), shuffle=False)
bs = seq.shuffle(5)
print('buffer5', order(bs))
print('buffer5_again', order(bs))
print('buffer50', order(seq.shuffle(50)))
ds.config.set_seed(1)
print('config_seed', ds.config.get_seed())
o1 = order(ds.NumpySlicesDataset(np.arange(30, dtype=np.int32), shuffle=True))
ds.config.set_seed(2)
o2 = order(ds.NumpySlicesDataset(np.arange(30, dtype=np.int32), shuffle=True))
ds.config.set_seed(1)
o3 = order(ds.NumpySlicesDataset(np.arange(30, dtype=np.int32), shuffle=True))
print('seed1', o1)
print('seed2', o2)
print('seeds_differ', o1 != o2)
print('same_seed_same_order', o1 == o3)
ds.config.set_seed(3)
show_all('shuffled_batches', ds.NumpySlicesDataset((x, y), column_names=["x", "y"], num_samples=7).shuffle(4).batch(3))
show_all('gen_shuffled', ds.GeneratorDataset(Squares(6), ["v", "m"]).batch(4))
show_all('gen_shuffled_iter', ds.GeneratorDataset(Counter(6), ["k", "t"]).shuffle(3))
show_all('repeat_shuffled', ds.NumpySlicesDataset(np.arange(5, dtype=np.int32), ["k"]).repeat(2))
show_all('repeat_forever', d.take(3).repeat().take(7).project("y"))
for row in d.create_tuple_iterator():
    print('row_container', type(row).__name__, len(row))
    break
ds.config.set_seed(5)
p = ds.NumpySlicesDataset(np.arange(6, dtype=np.int32), ["k"]).shuffle(3)
print('peek', p.output_shapes(), p.output_types(), p.get_col_names())
print('after_peek', order(p))
g = ds.GeneratorDataset(Squares(5))
print('gen_peek', g.get_col_names(), [int(r[0][0]) for r in g.create_tuple_iterator(num_epochs=1, output_numpy=True)])
