"""mindspore.dataset's readers of files in standard formats.

MnistDataset(dataset_dir, usage=None, ...)
    LeCun's idx files train-images-idx3-ubyte, train-labels-idx1-ubyte,
    t10k-images-idx3-ubyte, t10k-labels-idx1-ubyte (each also found as
    NAME.gz, inflated by zlib). Columns image uint8 (28, 28, 1), label
    uint32 (). usage 'train', 'test' or 'all' (train then test; None: all).
Cifar10Dataset(dataset_dir, usage=None, ...)
    The binary batches data_batch_1.bin .. data_batch_5.bin (train) and
    test_batch.bin (test), records of 1 label byte and 3072 pixel bytes
    (R, G, B planes of 32x32). Columns image uint8 (32, 32, 3) (HWC, as
    MindSpore gives it), label uint32 ().
Cifar100Dataset(dataset_dir, usage=None, ...)
    train.bin / test.bin, records of coarse label, fine label and 3072
    pixel bytes. Columns image, coarse_label uint32, fine_label uint32.
ImageFolderDataset(dataset_dir, extensions=None, class_indexing=None,
                   decode=False, ...)
    One class per sub-directory (sorted names -> 0, 1, ...; or
    class_indexing {name: index}); within a class the files in sorted
    order. Columns image (uint8: the file's bytes, 1-D; decode=True: H x W
    x 3 RGB, vision.Decode) and label int32 (). extensions: the file
    suffixes to take (case-sensitive, e.g. ['.jpg', '.png']; None: every
    file).
CSVDataset(dataset_files, field_delim=',', column_defaults=None,
           column_names=None, ...)
    Text files of comma-separated fields (double quotes quote a field);
    without column_names the first line of each file is its header. Each
    column is a scalar: int32 or float32 after the type of its
    column_defaults entry (an empty field takes the default). DIFFERENCE:
    MindSpore reads a column without a default as a string; msc has no
    string tensors, so such a column is float32 when every field is a
    number, and an error otherwise.

All take num_samples, num_parallel_workers (accepted; msc reads in the
calling thread), shuffle (None: shuffled, as MindSpore), sampler
(samplers.py) and num_shards/shard_id (a DistributedSampler); the
shuffled order is the documented one of engine.py. Files are read when
the dataset is created: a missing directory or file, or a corrupt one, is
an error then, naming the file.
"""
import os
import _msc
import numpy as np
from mindspore.dataset.engine import (_SourceDataset, _check_shuffle_arg, _check_num_samples, _name_list)
from mindspore.dataset import samplers as _samplers


class Shuffle:
    """CSVDataset's shuffle levels (MindSpore's mindspore.dataset.Shuffle)."""
    GLOBAL = 'global'
    FILES = 'files'
    INFILE = 'infile'


def _check_dir(d, what):
    if not isinstance(d, str):
        raise TypeError(f"Argument dataset_dir with value {d!r} is not of type [<class 'str'>].")
    if not os.path.isdir(d):
        raise ValueError(f"The folder {d} does not exist or is not a directory or permission denied!")


def _check_usage(usage, allowed, what):
    if usage is None:
        return 'all'
    if usage not in allowed:
        raise ValueError(f"{what}: usage '{usage}' is not within the valid set of {allowed}.")
    return usage


class _ReaderDataset(_SourceDataset):
    """A source of n rows with MindSpore's reader arguments."""

    def _init_reader(self, n, what, shuffle, num_samples, sampler, num_shards, shard_id):
        if shuffle is not None and not isinstance(shuffle, bool):
            raise TypeError(f"Argument shuffle with value {shuffle!r} is not of type [<class 'bool'>].")
        _check_num_samples(num_samples)
        self._sampler = _samplers._make(sampler, shuffle, num_samples, num_shards, shard_id, what)
        self._init_source(n, shuffle, num_samples)

    def _count(self):
        if self._sampler is not None:
            k = self._sampler._count(self._n)
            if self._num_samples is not None and 0 < self._num_samples < k:
                return self._num_samples
            return k
        return _SourceDataset._count(self)

    def _open(self):
        if self._sampler is None:
            return _SourceDataset._open(self)
        from mindspore.dataset.engine import _IndexReader
        order = self._sampler._indices(self._n)
        return _IndexReader(self._fetch, order[:self._count()])

    def _names(self):
        return self._colnames


# ---- MNIST --------------------------------------------------------------------------

def _idx_file(d, name, what):
    p = os.path.join(d, name)
    if _msc.file_exists(p):
        return _msc.ds_idx(p)
    if _msc.file_exists(p + '.gz'):
        return _msc.ds_idx(p + '.gz')
    raise RuntimeError(f"{what}: the MNIST file '{name}' (or '{name}.gz') is missing in dataset_dir '{d}'.")


class MnistDataset(_ReaderDataset):
    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        _check_dir(dataset_dir, 'MnistDataset')
        usage = _check_usage(usage, ['train', 'test', 'all'], 'MnistDataset')
        prefixes = ['train', 't10k'] if usage == 'all' else (['train'] if usage == 'train' else ['t10k'])
        images = []
        labels = []
        for pre in prefixes:
            img = _idx_file(dataset_dir, f'{pre}-images-idx3-ubyte', 'MnistDataset')
            lab = _idx_file(dataset_dir, f'{pre}-labels-idx1-ubyte', 'MnistDataset')
            if img.dtype != np.uint8 or img.ndim != 3:
                raise RuntimeError(f"MnistDataset: '{pre}-images-idx3-ubyte' should hold a 3-D uint8 array "
                                   f"(n, rows, cols), but holds {img.dtype} {list(img.shape)}.")
            if lab.dtype != np.uint8 or lab.ndim != 1:
                raise RuntimeError(f"MnistDataset: '{pre}-labels-idx1-ubyte' should hold a 1-D uint8 array, "
                                   f"but holds {lab.dtype} {list(lab.shape)}.")
            if img.shape[0] != lab.shape[0]:
                raise RuntimeError(f"MnistDataset: the number of images ({img.shape[0]}) and labels "
                                   f"({lab.shape[0]}) of '{pre}' differ.")
            images.append(img.reshape(img.shape[0], img.shape[1], img.shape[2], 1))
            labels.append(lab.astype(np.uint32))
        self._images = np.concatenate(images) if len(images) > 1 else images[0]
        self._labels = np.concatenate(labels) if len(labels) > 1 else labels[0]
        self._colnames = ['image', 'label']
        self._init_reader(self._images.shape[0], 'MnistDataset', shuffle, num_samples, sampler, num_shards,
                          shard_id)

    def _fetch(self, i):
        return [self._images[i], self._labels[i]]


# ---- CIFAR --------------------------------------------------------------------------

def _cifar_records(path, nlabels, what):
    raw = _msc.ds_read_file(path)
    rec = 3072 + nlabels
    if raw.shape[0] == 0 or raw.shape[0] % rec != 0:
        raise RuntimeError(f"{what}: '{path}' is not a CIFAR binary batch: its size {raw.shape[0]} is not a "
                           f"positive multiple of the {rec}-byte record.")
    return raw.reshape(raw.shape[0] // rec, rec)


def _cifar_load(d, names, nlabels, what):
    recs = []
    for name in names:
        p = os.path.join(d, name)
        if not _msc.file_exists(p):
            raise RuntimeError(f"{what}: the CIFAR file '{name}' is missing in dataset_dir '{d}'.")
        recs.append(_cifar_records(p, nlabels, what))
    r = np.concatenate(recs) if len(recs) > 1 else recs[0]
    images = r[:, nlabels:].reshape(r.shape[0], 3, 32, 32).transpose(0, 2, 3, 1)
    labels = [r[:, k].astype(np.uint32) for k in range(nlabels)]
    return np.ascontiguousarray(images), labels


class Cifar10Dataset(_ReaderDataset):
    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        _check_dir(dataset_dir, 'Cifar10Dataset')
        usage = _check_usage(usage, ['train', 'test', 'all'], 'Cifar10Dataset')
        names = []
        if usage != 'test':
            names += [f'data_batch_{k}.bin' for k in range(1, 6)]
        if usage != 'train':
            names.append('test_batch.bin')
        self._images, labels = _cifar_load(dataset_dir, names, 1, 'Cifar10Dataset')
        self._labels = labels[0]
        self._colnames = ['image', 'label']
        self._init_reader(self._images.shape[0], 'Cifar10Dataset', shuffle, num_samples, sampler, num_shards,
                          shard_id)

    def _fetch(self, i):
        return [self._images[i], self._labels[i]]


class Cifar100Dataset(_ReaderDataset):
    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        _check_dir(dataset_dir, 'Cifar100Dataset')
        usage = _check_usage(usage, ['train', 'test', 'all'], 'Cifar100Dataset')
        names = []
        if usage != 'test':
            names.append('train.bin')
        if usage != 'train':
            names.append('test.bin')
        self._images, labels = _cifar_load(dataset_dir, names, 2, 'Cifar100Dataset')
        self._coarse = labels[0]
        self._fine = labels[1]
        self._colnames = ['image', 'coarse_label', 'fine_label']
        self._init_reader(self._images.shape[0], 'Cifar100Dataset', shuffle, num_samples, sampler, num_shards,
                          shard_id)

    def _fetch(self, i):
        return [self._images[i], self._coarse[i], self._fine[i]]


# ---- ImageFolder ----------------------------------------------------------------------

class ImageFolderDataset(_ReaderDataset):
    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 extensions=None, class_indexing=None, decode=False, num_shards=None, shard_id=None,
                 cache=None, decrypt=None):
        _check_dir(dataset_dir, 'ImageFolderDataset')
        exts = _name_list(extensions, 'extensions')
        if class_indexing is not None and not isinstance(class_indexing, dict):
            raise TypeError(f"Argument class_indexing with value {class_indexing!r} is not of type "
                            "[<class 'dict'>].")
        if not isinstance(decode, bool):
            raise TypeError(f"Argument decode with value {decode!r} is not of type [<class 'bool'>].")
        classes = sorted([c for c in os.listdir(dataset_dir) if os.path.isdir(os.path.join(dataset_dir, c))])
        if class_indexing is not None:
            for c in class_indexing:
                if c not in classes:
                    raise RuntimeError(f"ImageFolderDataset: class '{c}' of class_indexing has no "
                                       f"sub-directory in '{dataset_dir}'.")
            classes = [c for c in classes if c in class_indexing]
            index = class_indexing
        else:
            index = {}
            for k in range(len(classes)):
                index[classes[k]] = k
        files = []
        labels = []
        for c in classes:
            sub = os.path.join(dataset_dir, c)
            for f in sorted(os.listdir(sub)):
                p = os.path.join(sub, f)
                if not os.path.isfile(p):
                    continue
                if exts is not None and os.path.splitext(f)[1] not in exts:
                    continue
                files.append(p)
                labels.append(index[c])
        self._files = files
        self._labels = np.array(labels, dtype=np.int32)
        self._decode = decode
        self._colnames = ['image', 'label']
        self._class_indexing = index
        self._init_reader(len(files), 'ImageFolderDataset', shuffle, num_samples, sampler, num_shards, shard_id)

    def get_class_indexing(self):
        return dict(self._class_indexing)

    def _fetch(self, i):
        data = _msc.ds_read_file(self._files[i])
        if self._decode:
            try:
                data = _msc.ds_decode(data)
            except RuntimeError as e:
                raise RuntimeError(f"ImageFolderDataset: '{self._files[i]}': {e}")
        return [data, self._labels[i]]


# ---- CSV ----------------------------------------------------------------------------

def _csv_split(line, delim, path, lineno):
    """The fields of one line (double quotes quote a field, "" is a quote)."""
    out = []
    cur = ''
    i = 0
    n = len(line)
    quoted = False
    while i < n:
        ch = line[i]
        if quoted:
            if ch == '"':
                if i + 1 < n and line[i + 1] == '"':
                    cur += '"'
                    i += 1
                else:
                    quoted = False
            else:
                cur += ch
        elif ch == '"':
            quoted = True
        elif ch == delim:
            out.append(cur)
            cur = ''
        else:
            cur += ch
        i += 1
    if quoted:
        raise RuntimeError(f"CSVDataset: '{path}', line {lineno}: a quoted field is not closed.")
    out.append(cur)
    return out


def _is_number(s):
    try:
        float(s)
        return True
    except ValueError:
        return False


class CSVDataset(_ReaderDataset):
    def __init__(self, dataset_files, field_delim=',', column_defaults=None, column_names=None,
                 num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None,
                 shard_id=None, cache=None):
        files = [dataset_files] if isinstance(dataset_files, str) else dataset_files
        if not isinstance(files, (list, tuple)) or len(files) == 0:
            raise TypeError("CSVDataset: dataset_files should be a file name or a non-empty list of them.")
        if not isinstance(field_delim, str) or len(field_delim) != 1 or field_delim in '"\r\n':
            raise ValueError(f"CSVDataset: field_delim should be one character (not a quote or a newline), "
                             f"but got {field_delim!r}.")
        names = _name_list(column_names, 'column_names')
        rows = []
        where = []
        for path in files:
            if not isinstance(path, str) or not os.path.isfile(path):
                raise ValueError(f"The file {path} does not exist or permission denied!")
            with open(path) as fh:
                lines = fh.read().split('\n')
            first = True
            for ln in range(len(lines)):
                line = lines[ln]
                if line == '':
                    continue
                fields = _csv_split(line, field_delim, path, ln + 1)
                if first and column_names is None:
                    first = False
                    if names is None:
                        names = fields
                    continue
                first = False
                rows.append(fields)
                where.append((path, ln + 1))
        if names is None:
            raise RuntimeError("CSVDataset: no column names: the files are empty and column_names is not given.")
        ncol = len(names)
        for k in range(len(rows)):
            if len(rows[k]) != ncol:
                raise RuntimeError(f"CSVDataset: '{where[k][0]}', line {where[k][1]}: {len(rows[k])} fields, "
                                   f"but there are {ncol} columns {names}.")
        if column_defaults is not None and len(column_defaults) != ncol:
            raise ValueError(f"CSVDataset: {len(column_defaults)} column_defaults for {ncol} columns {names}.")
        cols = []
        for c in range(ncol):
            d = column_defaults[c] if column_defaults is not None else None
            vals = [r[c] for r in rows]
            if d is None:
                for k in range(len(vals)):
                    if not _is_number(vals[k]):
                        raise NotImplementedError(
                            f"msc: CSVDataset: column '{names[c]}' holds the non-number {vals[k]!r} "
                            f"('{where[k][0]}', line {where[k][1]}): msc has no string tensors; give "
                            "column_defaults with an int or float for numeric columns.")
                cols.append(np.array([float(v) for v in vals], dtype=np.float32))
            elif isinstance(d, bool) or not isinstance(d, (int, float)):
                raise NotImplementedError(f"msc: CSVDataset: column '{names[c]}': a column default of type "
                                          f"{type(d).__name__} (string columns) is not supported by msc.")
            else:
                conv = int if isinstance(d, int) else float
                out = []
                for k in range(len(vals)):
                    v = vals[k]
                    if v == '':
                        out.append(d)
                        continue
                    try:
                        out.append(conv(v))
                    except ValueError:
                        raise RuntimeError(f"CSVDataset: '{where[k][0]}', line {where[k][1]}: column "
                                           f"'{names[c]}': {v!r} is not a valid {conv.__name__}.")
                cols.append(np.array(out, dtype=np.int32 if conv is int else np.float32))
        self._cols = cols
        self._colnames = names
        if shuffle is False:
            sh = False
        elif shuffle is True or shuffle is None or shuffle == Shuffle.GLOBAL:
            sh = True
        elif shuffle in (Shuffle.FILES, Shuffle.INFILE):
            raise NotImplementedError("msc: CSVDataset: Shuffle.FILES and Shuffle.INFILE are not supported "
                                      "(Shuffle.GLOBAL, True or False are).")
        else:
            raise TypeError(f"Argument shuffle with value {shuffle!r} is not of type [<class 'bool'>, "
                            "<enum 'Shuffle'>].")
        self._init_reader(len(rows), 'CSVDataset', sh, num_samples, None, num_shards, shard_id)

    def _fetch(self, i):
        return [c[i] for c in self._cols]
