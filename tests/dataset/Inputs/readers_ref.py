"""The expected output of tests/dataset/readers.py, read independently of
msc: idx with struct/gzip, CIFAR by slicing the records, JPEG pixels by
Debian's djpeg, PNG pixels from OUT/pixels (the samples mkdata.py wrote);
orders from numpy's RandomState as the samplers document."""
import gzip
import os
import struct
import subprocess
import sys

import numpy as np

d = sys.argv[1]


def digest(a):
    a = np.asarray(a)
    flat = a.reshape(-1).astype(np.int64)
    w = np.arange(flat.shape[0]) % 97 + 1
    return f"{a.dtype} {list(a.shape)} {int(flat.sum())} {int((flat * w).sum())}"


def show(tag, cols, names, order=None):
    n = len(cols[0])
    order = list(range(n)) if order is None else order
    print(tag, len(order), names)
    for i in order:
        vals = []
        for c in cols:
            v = np.asarray(c[i])
            vals.append(digest(v) if v.size > 1 else f"{v.dtype} {v.tolist()}")
        print(' ', ' | '.join(vals))


def read_idx(path):
    op = gzip.open if path.endswith('.gz') else open
    with op(path, 'rb') as f:
        b = f.read()
    nd = b[3]
    shape = struct.unpack('>' + 'I' * nd, b[4:4 + 4 * nd])
    return np.frombuffer(b[4 + 4 * nd:], dtype=np.uint8).reshape(shape)


m = d + '/mnist/'
tr_x = read_idx(m + 'train-images-idx3-ubyte')[..., None]
tr_y = read_idx(m + 'train-labels-idx1-ubyte').astype(np.uint32)
te_x = read_idx(m + 't10k-images-idx3-ubyte.gz')[..., None]
te_y = read_idx(m + 't10k-labels-idx1-ubyte.gz').astype(np.uint32)
all_x = np.concatenate([tr_x, te_x])
all_y = np.concatenate([tr_y, te_y])
names = ['image', 'label']
show('mnist-all', [all_x, all_y], names)
show('mnist-test', [te_x, te_y], names)
show('mnist-shuffled', [tr_x, tr_y], names, np.random.RandomState(3).permutation(6).tolist())
show('mnist-num_samples', [tr_x, tr_y], names, [0, 1, 2, 3])
show('mnist-random-sampler', [all_x, all_y], names, np.random.RandomState(3).permutation(9).tolist()[:5])
sub = [8, 1, 4]
show('mnist-subset', [all_x, all_y], names, [sub[j] for j in np.random.RandomState(3).permutation(3)])
show('mnist-seq', [all_x, all_y], names, [6, 7, 8])
show('mnist-shard1', [all_x, all_y], names, [(2 * j + 1) % 9 for j in range(5)])
perm = np.random.RandomState(3).permutation(9).tolist()
show('mnist-dist', [all_x, all_y], names, [perm[(4 * j + 3) % 9] for j in range(3)])


def cifar(files, nl):
    recs = b''.join(open(f, 'rb').read() for f in files)
    r = np.frombuffer(recs, dtype=np.uint8).reshape(-1, 3072 + nl)
    img = r[:, nl:].reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1)
    return [img] + [r[:, k].astype(np.uint32) for k in range(nl)]


c10 = [f'{d}/cifar10/data_batch_{k}.bin' for k in range(1, 6)]
show('cifar10-all', cifar(c10 + [f'{d}/cifar10/test_batch.bin'], 1), names)
show('cifar10-test', cifar([f'{d}/cifar10/test_batch.bin'], 1), names)
show('cifar100-all', cifar([f'{d}/cifar100/train.bin', f'{d}/cifar100/test.bin'], 2),
     ['image', 'coarse_label', 'fine_label'])


def djpeg(path):
    ppm = subprocess.check_output(['djpeg', '-pnm', path])
    magic, w, h, mx, data = ppm.split(maxsplit=4)
    a = np.frombuffer(data, dtype=np.uint8)
    if magic == b'P5':
        return np.repeat(a.reshape(int(h), int(w), 1), 3, axis=2)
    return a.reshape(int(h), int(w), 3)


def pixels(name):
    if name.endswith('.jpg'):
        return djpeg(f'{d}/folder/{name}')
    return np.load(f'{d}/pixels/{os.path.basename(name)[:-4]}.npy')


files = [('cat/a.jpg', 0), ('cat/b.png', 0), ('cat/h.png', 0), ('dog/c.png', 1), ('dog/d.png', 1),
         ('dog/e.png', 1), ('dog/f.png', 1), ('dog/g.jpg', 1)]
print('folder-classes', {'cat': 0, 'dog': 1, 'empty': 2})
imgs = [pixels(f) for f, _ in files]
labs = [np.int32(k) for _, k in files]
show('folder-decoded', [imgs, labs], names)
show('folder-mapped', [imgs, labs], names)
dog = [(f, k) for f, k in files if f.startswith('dog')]
show('folder-indexing', [[pixels(f) for f, _ in dog], [np.int32(5)] * len(dog)], names)
show('csv', [np.array([1, 2, 3, 4], np.int32), np.array([0.5, 0.0, 2.25, -100], np.float32),
             np.array([3, 4, 1, 7], np.int32)], ['id', 'score', 'weight'])
show('csv-inferred', [np.array([5, 6], np.float32), np.array([1.5, 2.5], np.float32),
                      np.array([9, 10], np.float32)], ['a', 'b', 'c'])
