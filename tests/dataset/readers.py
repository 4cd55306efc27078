# mindspore.dataset's readers (issue 25) on fixtures written by other tools
# (Inputs/mkdata.py: idx and CIFAR files after the published layouts, JPEGs
# by Debian's cjpeg, PNGs by Python's zlib), against an independent reading
# (Inputs/readers_ref.py: struct/gzip for idx and CIFAR, djpeg for JPEG
# pixels, the written samples for PNG): MnistDataset (plain and gzipped
# files, usage), Cifar10/100Dataset, ImageFolderDataset (classes, sorted
# files, extensions, decode=True and map(vision.Decode())), CSVDataset
# (header, column_defaults, empty fields, quotes, field_delim,
# column_names), and the samplers' and shuffles' documented orders.
# RUN: rm -rf %t && %python %S/Inputs/mkdata.py %t
# RUN: %python %S/Inputs/readers_ref.py %t > %t/ref.txt
# RUN: %msc run %s %t > %t/out.txt
# RUN: diff %t/ref.txt %t/out.txt
# RUN: FileCheck %s --input-file %t/out.txt
# CHECK: mnist-all 9 ['image', 'label']
# CHECK: folder-classes {'cat': 0, 'dog': 1, 'empty': 2}
import sys
import numpy as np
import mindspore.dataset as ds
import mindspore.dataset.vision as vision

d = sys.argv[1]


def digest(a):
    a = np.asarray(a)
    flat = a.reshape(-1).astype(np.int64)
    w = np.arange(flat.shape[0]) % 97 + 1
    return f"{a.dtype} {list(a.shape)} {int(flat.sum())} {int((flat * w).sum())}"


def show(tag, dataset):
    print(tag, dataset.get_dataset_size(), dataset.get_col_names())
    for row in dataset.create_tuple_iterator(output_numpy=True):
        print(' ', ' | '.join(digest(v) if v.size > 1 else f"{v.dtype} {v.tolist()}" for v in row))


show('mnist-all', ds.MnistDataset(d + '/mnist', shuffle=False))
show('mnist-test', ds.MnistDataset(d + '/mnist', usage='test', shuffle=False))
ds.config.set_seed(3)
show('mnist-shuffled', ds.MnistDataset(d + '/mnist', usage='train'))
show('mnist-num_samples', ds.MnistDataset(d + '/mnist', usage='train', num_samples=4, shuffle=False))
show('mnist-random-sampler', ds.MnistDataset(d + '/mnist', sampler=ds.RandomSampler(num_samples=5)))
show('mnist-subset', ds.MnistDataset(d + '/mnist', sampler=ds.SubsetRandomSampler([8, 1, 4])))
show('mnist-seq', ds.MnistDataset(d + '/mnist', sampler=ds.SequentialSampler(start_index=6)))
show('mnist-shard1', ds.MnistDataset(d + '/mnist', num_shards=2, shard_id=1, shuffle=False))
show('mnist-dist', ds.MnistDataset(d + '/mnist', sampler=ds.DistributedSampler(4, 3)))
show('cifar10-all', ds.Cifar10Dataset(d + '/cifar10', shuffle=False))
show('cifar10-test', ds.Cifar10Dataset(d + '/cifar10', usage='test', shuffle=False))
show('cifar100-all', ds.Cifar100Dataset(d + '/cifar100', shuffle=False))
folder = ds.ImageFolderDataset(d + '/folder', extensions=['.jpg', '.png'], decode=True, shuffle=False)
print('folder-classes', folder.get_class_indexing())
show('folder-decoded', folder)
raw = ds.ImageFolderDataset(d + '/folder', extensions=['.jpg', '.png'], shuffle=False)
show('folder-mapped', raw.map(vision.Decode(), input_columns='image'))
show('folder-indexing', ds.ImageFolderDataset(d + '/folder', class_indexing={'dog': 5}, decode=True,
                                              shuffle=False))
show('csv', ds.CSVDataset(d + '/data.csv', column_defaults=[0, 0.0, 1], shuffle=False))
show('csv-inferred', ds.CSVDataset(d + '/data2.csv', field_delim=';', column_names=['a', 'b', 'c'],
                                   shuffle=False))
