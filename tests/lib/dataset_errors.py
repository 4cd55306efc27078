# Bad uses of mindspore.dataset are errors at the script line, exit status 1
# (MindSpore-like messages). One case per run, selected by argv[1].
# RUN: not %msc run %s batch0 2>&1 | FileCheck %s --check-prefix=BATCH0
# RUN: %msc run %s batch0 2>/dev/null; test $? -eq 1
# BATCH0: dataset_errors.py:[[@LINE+40]]:{{[0-9]+}}: error: ValueError: batch_size is not within the required interval of [1, 2147483647].
# RUN: not %msc run %s batchfloat 2>&1 | FileCheck %s --check-prefix=BATCHF
# BATCHF: error: TypeError: Argument batch_size with value 2.5 is not of type [<class 'int'>, <class 'function'>]
# RUN: not %msc run %s drop 2>&1 | FileCheck %s --check-prefix=DROP
# DROP: error: TypeError: Argument drop_remainder with value 1 is not of type [<class 'bool'>].
# RUN: not %msc run %s buffer1 2>&1 | FileCheck %s --check-prefix=BUF
# BUF: error: ValueError: buffer_size is not within the required interval of [2, 2147483647].
# RUN: not %msc run %s lengths 2>&1 | FileCheck %s --check-prefix=LEN
# LEN: error: ValueError: Data length in each column is not equal: [4, 3].
# RUN: not %msc run %s names 2>&1 | FileCheck %s --check-prefix=NAMES
# NAMES: error: ValueError: NumpySlicesDataset: 1 column_names ['x'] given for 2 column(s) of data.
# RUN: not %msc run %s mapcol 2>&1 | FileCheck %s --check-prefix=MAPCOL
# MAPCOL: error: ValueError: map: input column 'z' does not exist in the dataset; columns are ['x', 'y'].
# RUN: not %msc run %s mapcount 2>&1 | FileCheck %s --check-prefix=MAPCOUNT
# MAPCOUNT: dataset_errors.py:[[@LINE+42]]:{{[0-9]+}}: error: RuntimeError: map: the operations returned 2 column(s) but 1 output column(s) ['x'] are expected
# RUN: not %msc run %s shapes 2>&1 | FileCheck %s --check-prefix=SHAPES
# SHAPES: dataset_errors.py:[[@LINE+44]]:{{[0-9]+}}: error: RuntimeError: Inconsistent batch shapes, batch operation expects same shape for each data row, but got inconsistent shape in column 0 ('data'), expected shape for this column is: [2], got shape: [3].
# RUN: not %msc run %s itershuffle 2>&1 | FileCheck %s --check-prefix=ITERSHUF
# ITERSHUF: error: ValueError: GeneratorDataset: shuffle=True needs a random-accessible source
# RUN: not %msc run %s width 2>&1 | FileCheck %s --check-prefix=WIDTH
# WIDTH: error: RuntimeError: the number of columns returned by the source (2) does not match the number of column_names (1): ['a'].
# RUN: not %msc run %s epochs 2>&1 | FileCheck %s --check-prefix=EPOCHS
# EPOCHS: error: ValueError: num_epochs should be either -1 or positive integer, but got: 0.
# RUN: not %msc run %s source 2>&1 | FileCheck %s --check-prefix=SOURCE
# SOURCE: error: TypeError: GeneratorDataset: source should be a random-accessible object (with __getitem__ and __len__), an iterable or a callable, but got int.
# RUN: not %msc run %s nolen 2>&1 | FileCheck %s --check-prefix=NOLEN
# NOLEN: error: TypeError: GeneratorDataset: a random-accessible source (with __getitem__) must also define __len__.
# RUN: not %msc run %s seed 2>&1 | FileCheck %s --check-prefix=SEED
# SEED: error: ValueError: seed is not within the required interval of [0, 4294967295].
# RUN: not %msc run %s perbatch 2>&1 | FileCheck %s --check-prefix=PERBATCH
# PERBATCH: error: NotImplementedError: msc: batch: argument 'per_batch_map' is not supported by msc's mindspore.dataset.
import sys
import numpy as np
import mindspore.dataset as ds

case = sys.argv[1]
x = np.zeros((4, 2), np.float32)
y = np.zeros((4,), np.int32)
d = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False)
if case == 'batch0':
    b = d.batch(0)
elif case == 'batchfloat':
    b = d.batch(2.5)
elif case == 'drop':
    b = d.batch(2, 1)
elif case == 'buffer1':
    s = d.shuffle(1)
elif case == 'lengths':
    e = ds.NumpySlicesDataset((x, y[:3]))
elif case == 'names':
    e = ds.NumpySlicesDataset((x, y), column_names=["x"])
elif case == 'mapcol':
    m = d.map(abs, input_columns="z")
elif case == 'mapcount':
    def two(v):
        return v, v
    for r in d.map(two, input_columns="x"):
        pass
elif case == 'shapes':
    g = ds.GeneratorDataset([np.zeros(2), np.zeros(2), np.zeros(3)], ["data"], shuffle=False).batch(3)
    for r in g.create_dict_iterator():
        pass
elif case == 'itershuffle':
    class It:
        def __iter__(self):
            return iter([1, 2])
    g = ds.GeneratorDataset(It(), ["a"], shuffle=True)
elif case == 'width':
    g = ds.GeneratorDataset([(1, 2), (3, 4)], ["a"], shuffle=False)
    n = g.get_dataset_size()
    for r in g:
        pass
elif case == 'epochs':
    it = d.create_tuple_iterator(num_epochs=0)
elif case == 'source':
    g = ds.GeneratorDataset(5, ["a"])
elif case == 'nolen':
    class Half:
        def __getitem__(self, i):
            return i
    g = ds.GeneratorDataset(Half(), ["a"])
elif case == 'seed':
    ds.config.set_seed(-1)
elif case == 'perbatch':
    b = d.batch(2, per_batch_map=abs)
