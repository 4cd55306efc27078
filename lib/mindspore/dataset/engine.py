"""mindspore.dataset's pipeline: sources, operations and iterators.

A dataset is a chain of nodes. Each node can open a reader for one epoch
(an object whose `next()` returns a row, a list of numpy arrays, one per
column, or None at the end of the epoch), count its rows per epoch, and
name its columns. Everything runs eagerly in the calling thread; rows are
numpy arrays until an iterator hands them out as mindspore Tensors (or as
numpy arrays with output_numpy=True).

Randomness (documented algorithms; MindSpore's own C++ samplers cannot be
reproduced bit for bit). Both use numpy's legacy RandomState (MT19937), so a
numpy script can replay them exactly:
- A shuffled source (NumpySlicesDataset / random-accessible
  GeneratorDataset with shuffle=True, or shuffle=None — MindSpore's default,
  which shuffles) holds rs = numpy.random.RandomState(ds.config.get_seed()),
  created when it first starts an epoch. Every epoch of that source (each
  `for` over the dataset, each epoch of a multi-epoch iterator, each
  repetition of repeat()) takes its order from rs.permutation(n); with
  num_samples=k, the first k indices of that permutation.
- Dataset.shuffle(buffer_size) holds its own
  rs = numpy.random.RandomState(ds.config.get_seed()), created when it first
  starts an epoch, and keeps a buffer: it fills the buffer with the first
  buffer_size rows of its input; then, until the buffer is empty, it draws
  j = int(rs.randint(0, len(buffer))), emits buffer[j], and puts the next
  input row in slot j, or, when the input is exhausted, moves the last buffer
  row into slot j and drops the last slot. buffer_size >= the dataset size
  is a uniform shuffle; buffer_size=1 keeps the order.
So the same seed gives the same order in every run, and successive epochs
of one dataset object differ.
"""
import _msc
import numpy as np
from mindspore.dataset import config

Tensor = _msc.Tensor
_INT32_MAX = 2147483647
_END = object()   # sentinel for next(iterator, _END)
# True while a row is peeked (output_shapes, the default column names):
# random operations then draw from a fresh RandomState(seed), so peeking does
# not advance the pipeline's random streams.
_peeking = [False]


def _rng(node):
    if _peeking[0]:
        return np.random.RandomState(config.get_seed())
    if node._rs is None:
        node._rs = np.random.RandomState(config.get_seed())
    return node._rs


# ---- helpers ------------------------------------------------------------------

def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _to_array(v):
    """One column value as a numpy array (Tensors, numbers, lists, arrays)."""
    if isinstance(v, np.ndarray):
        return v
    return np.asarray(v)


def _as_row(item, what):
    """A source item (tuple/list of values, or one value) as a row."""
    if isinstance(item, (tuple, list)):
        return [_to_array(v) for v in item]
    if isinstance(item, dict):
        raise TypeError(f"{what}: a row must be a tuple of numpy arrays, not a dict.")
    return [_to_array(item)]


def _name_list(names, arg):
    if names is None:
        return None
    if isinstance(names, str):
        return [names]
    if isinstance(names, (list, tuple)):
        for n in names:
            if not isinstance(n, str):
                raise TypeError(f"Argument {arg}[{names.index(n)}] with value {n!r} is not of type "
                                "[<class 'str'>].")
        return list(names)
    raise TypeError(f"Argument {arg} with value {names!r} is not of type [<class 'str'>, <class 'list'>].")


def _check_shuffle_arg(shuffle):
    if shuffle is not None and not isinstance(shuffle, bool):
        raise TypeError(f"Argument shuffle with value {shuffle!r} is not of type [<class 'bool'>].")


def _check_num_samples(num_samples):
    if num_samples is None:
        return
    if not _is_int(num_samples):
        raise TypeError(f"Argument num_samples with value {num_samples!r} is not of type [<class 'int'>].")
    if num_samples < 0:
        raise ValueError(f"num_samples exceeds the boundary between 0 and {_INT32_MAX}!")


def _unsupported(op, kwargs):
    for k in kwargs:
        raise NotImplementedError(f"msc: {op}: argument '{k}' is not supported by msc's mindspore.dataset.")


# ---- readers (one epoch each) -------------------------------------------------

class _IndexReader:
    """Rows fetch(i) for i in order."""

    def __init__(self, fetch, order):
        self.fetch = fetch
        self.order = order
        self.pos = 0

    def next(self):
        if self.pos >= len(self.order):
            return None
        i = self.order[self.pos]
        self.pos += 1
        return self.fetch(i)


class _IterReader:
    """Rows of a Python iterator, at most `limit` of them (None: all)."""

    def __init__(self, it, names, limit):
        self.it = it
        self.names = names
        self.limit = limit
        self.count = 0

    def next(self):
        if self.limit is not None and self.count >= self.limit:
            return None
        item = next(self.it, _END)
        if item is _END:
            return None
        self.count += 1
        return _check_width(_as_row(item, 'GeneratorDataset'), self.names)


class _BatchReader:
    def __init__(self, child, size, drop, names):
        self.child = child
        self.size = size
        self.drop = drop
        self.names = names

    def next(self):
        rows = []
        while len(rows) < self.size:
            r = self.child.next()
            if r is None:
                break
            rows.append(r)
        if len(rows) == 0 or (self.drop and len(rows) < self.size):
            return None
        return _stack_rows(rows, self.names)


class _MapReader:
    def __init__(self, child, node):
        self.child = child
        self.node = node

    def next(self):
        r = self.child.next()
        if r is None:
            return None
        return self.node._apply(r)


class _ShuffleReader:
    def __init__(self, child, size, rs):
        self.child = child
        self.size = size
        self.rs = rs
        self.buf = None

    def next(self):
        if self.buf is None:
            self.buf = []
            while len(self.buf) < self.size:
                r = self.child.next()
                if r is None:
                    break
                self.buf.append(r)
        n = len(self.buf)
        if n == 0:
            return None
        j = int(self.rs.randint(0, n))
        row = self.buf[j]
        nxt = self.child.next()
        if nxt is not None:
            self.buf[j] = nxt
        else:
            self.buf[j] = self.buf[n - 1]
            self.buf.pop()
        return row


class _RepeatReader:
    def __init__(self, node, count):
        self.node = node
        self.count = count   # -1: forever
        self.done = 0
        self.cur = node._open()

    def next(self):
        while True:
            r = self.cur.next()
            if r is not None:
                return r
            self.done += 1
            if self.count != -1 and self.done >= self.count:
                return None
            if self.count == -1 and self.node._count() == 0:
                return None
            self.cur = self.node._open()


class _TakeReader:
    def __init__(self, child, count):
        self.child = child
        self.count = count
        self.n = 0

    def next(self):
        if self.count != -1 and self.n >= self.count:
            return None
        r = self.child.next()
        if r is not None:
            self.n += 1
        return r


class _SkipReader:
    def __init__(self, child, count):
        self.child = child
        self.count = count
        self.skipped = False

    def next(self):
        if not self.skipped:
            self.skipped = True
            for _ in range(self.count):
                if self.child.next() is None:
                    return None
        return self.child.next()


class _ProjectReader:
    def __init__(self, child, idx):
        self.child = child
        self.idx = idx

    def next(self):
        r = self.child.next()
        if r is None:
            return None
        return [r[i] for i in self.idx]


def _check_width(row, names):
    if names is not None and len(row) != len(names):
        raise RuntimeError(f"the number of columns returned by the source ({len(row)}) does not match "
                           f"the number of column_names ({len(names)}): {names}.")
    return row


def _stack_rows(rows, names):
    out = []
    for c in range(len(rows[0])):
        col = [r[c] for r in rows]
        shape = col[0].shape
        for v in col:
            if v.shape != shape:
                raise RuntimeError(
                    "Inconsistent batch shapes, batch operation expects same shape for each data row, "
                    f"but got inconsistent shape in column {c} ({names[c]!r}), expected shape for this "
                    f"column is: {list(shape)}, got shape: {list(v.shape)}.")
        out.append(np.stack(col))
    return out


def _to_output(v, output_numpy):
    if output_numpy:
        return v
    return Tensor(v)


# ---- iterators ----------------------------------------------------------------

class _IteratorBase:
    """Epochs of `dataset`: __next__ raises StopIteration at the end of each
    epoch; iterating the same iterator again starts the next one, up to
    num_epochs (-1: no limit)."""

    def __init__(self, dataset, num_epochs, output_numpy):
        if not _is_int(num_epochs):
            raise TypeError(f"Argument num_epochs with value {num_epochs!r} is not of type [<class 'int'>].")
        if num_epochs < -1 or num_epochs == 0:
            raise ValueError(f"num_epochs should be either -1 or positive integer, but got: {num_epochs}.")
        if not isinstance(output_numpy, bool):
            raise TypeError(f"Argument output_numpy with value {output_numpy!r} is not of type "
                            "[<class 'bool'>].")
        self._ds = dataset
        self._num_epochs = num_epochs
        self._output_numpy = output_numpy
        self._epochs = 0
        self._reader = None

    def __iter__(self):
        return self

    def _next_row(self):
        if self._reader is None:
            if self._num_epochs != -1 and self._epochs >= self._num_epochs:
                return None
            self._reader = self._ds._open()
        r = self._reader.next()
        if r is None:
            self._reader = None
            self._epochs += 1
        return r

    def get_next(self):
        return self.__next__()


class TupleIterator(_IteratorBase):
    """Yields a list with one Tensor (or numpy array) per column."""

    def __init__(self, dataset, columns=None, num_epochs=-1, output_numpy=False):
        _IteratorBase.__init__(self, dataset, num_epochs, output_numpy)
        names = dataset.get_col_names()
        cols = _name_list(columns, 'columns')
        if cols is None:
            self._idx = None
        else:
            self._idx = []
            for c in cols:
                if c not in names:
                    raise ValueError(f"Column '{c}' does not exist in the dataset; columns are {names}.")
                self._idx.append(names.index(c))

    def __next__(self):
        r = self._next_row()
        if r is None:
            raise StopIteration
        if self._idx is not None:
            r = [r[i] for i in self._idx]
        return [_to_output(v, self._output_numpy) for v in r]


class DictIterator(_IteratorBase):
    """Yields a dict {column name: Tensor (or numpy array)} in column order."""

    def __init__(self, dataset, num_epochs=-1, output_numpy=False):
        _IteratorBase.__init__(self, dataset, num_epochs, output_numpy)
        self._names = dataset.get_col_names()

    def __next__(self):
        r = self._next_row()
        if r is None:
            raise StopIteration
        out = {}
        for i in range(len(r)):
            out[self._names[i]] = _to_output(r[i], self._output_numpy)
        return out


# ---- Dataset ------------------------------------------------------------------

class Dataset:
    """Base of every dataset node: the pipeline methods."""

    def _open(self):
        raise NotImplementedError

    def _count(self):
        raise NotImplementedError

    def _names(self):
        raise NotImplementedError

    # -- operations --
    def batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, **kwargs):
        _unsupported('batch', kwargs)
        return BatchDataset(self, batch_size, drop_remainder)

    def shuffle(self, buffer_size):
        return ShuffleDataset(self, buffer_size)

    def map(self, operations, input_columns=None, output_columns=None, num_parallel_workers=None,
            python_multiprocessing=False, cache=None, callbacks=None, **kwargs):
        _unsupported('map', kwargs)
        return MapDataset(self, operations, input_columns, output_columns)

    def repeat(self, count=None):
        return RepeatDataset(self, count)

    def take(self, count=-1):
        return TakeDataset(self, count)

    def skip(self, count):
        return SkipDataset(self, count)

    def project(self, columns):
        return ProjectDataset(self, columns)

    def rename(self, input_columns, output_columns):
        return RenameDataset(self, input_columns, output_columns)

    # -- iteration --
    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False, do_copy=True):
        return TupleIterator(self, columns, num_epochs, output_numpy)

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        return DictIterator(self, num_epochs, output_numpy)

    def __iter__(self):
        return TupleIterator(self, None, 1, False)

    # -- information --
    def get_dataset_size(self):
        return self._count()

    def get_col_names(self):
        return list(self._names())

    @property
    def column_names(self):
        return list(self._names())

    def get_batch_size(self):
        return 1

    def get_repeat_count(self):
        return 1

    def _first_row(self):
        _peeking[0] = True
        r = self._open().next()
        _peeking[0] = False
        if r is None:
            raise RuntimeError("the dataset is empty: no row to take shapes and types from.")
        return r

    def output_shapes(self, estimate=False):
        return [list(v.shape) for v in self._first_row()]

    def output_types(self):
        return [v.dtype for v in self._first_row()]


class _SourceDataset(Dataset):
    """Random-access rows 0..n-1 (fetch(i)), sequential or shuffled."""

    def _init_source(self, n, shuffle, num_samples):
        self._n = n
        self._shuffle = shuffle is None or shuffle
        self._num_samples = num_samples
        self._rs = None

    def _count(self):
        if self._num_samples is not None and self._num_samples > 0 and self._num_samples < self._n:
            return self._num_samples
        return self._n

    def _open(self):
        k = self._count()
        if self._shuffle:
            perm = _rng(self).permutation(self._n).tolist()
            order = perm[:k]
        else:
            order = list(range(k))
        return _IndexReader(self._fetch, order)


class NumpySlicesDataset(_SourceDataset):
    """Rows are slices along the first axis of the given data.

    data: a list (one column: np.array(data)), a tuple (one column per
    element), a dict (one column per key, named after it), or an array.
    Columns are named column_0, column_1, ... unless column_names or a dict
    gives names. shuffle=None (the default) shuffles, as in MindSpore.
    """

    def __init__(self, data, column_names=None, num_samples=None, num_parallel_workers=1, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None):
        _check_shuffle_arg(shuffle)
        _check_num_samples(num_samples)
        if sampler is not None or num_shards is not None or shard_id is not None:
            raise NotImplementedError("msc: NumpySlicesDataset: sampler, num_shards and shard_id are not "
                                      "supported by msc's mindspore.dataset.")
        names = None
        if isinstance(data, dict):
            names = list(data.keys())
            cols = [_to_array(data[k]) for k in names]
        elif isinstance(data, tuple):
            cols = [_to_array(d) for d in data]
        else:
            cols = [_to_array(data)]
        if len(cols) == 0:
            raise ValueError("NumpySlicesDataset: the input data has no column.")
        for c in cols:
            if c.ndim == 0:
                raise ValueError("NumpySlicesDataset: a column must have at least one dimension to slice "
                                 "along, but got a scalar.")
        lens = [c.shape[0] for c in cols]
        for ln in lens:
            if ln != lens[0]:
                raise ValueError(f"Data length in each column is not equal: {lens}.")
        given = _name_list(column_names, 'column_names')
        if given is not None:
            if len(given) != len(cols):
                raise ValueError(f"NumpySlicesDataset: {len(given)} column_names {given} given for "
                                 f"{len(cols)} column(s) of data.")
            names = given
        if names is None:
            names = [f"column_{i}" for i in range(len(cols))]
        self._cols = cols
        self._colnames = names
        self._init_source(lens[0], shuffle, num_samples)

    def _names(self):
        return self._colnames

    def _fetch(self, i):
        return [c[i] for c in self._cols]


class GeneratorDataset(_SourceDataset):
    """Rows from a Python source, as MindSpore's GeneratorDataset.

    source: a random-accessible object (__getitem__ and __len__: a class, a
    list, a tuple, an array) whose item i is a tuple of arrays (or one
    array); or an iterable (a class with __iter__), iterated each epoch; or
    a callable returning an iterator (a generator function: called again
    each epoch). shuffle=None (the default) shuffles a
    random-accessible source, as in MindSpore; an iterable source cannot be
    shuffled (use .shuffle(buffer_size)).
    """

    def __init__(self, source, column_names=None, column_types=None, schema=None, num_samples=None,
                 num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None, shard_id=None,
                 python_multiprocessing=True, max_rowsize=None):
        _check_shuffle_arg(shuffle)
        _check_num_samples(num_samples)
        if sampler is not None or num_shards is not None or shard_id is not None or schema is not None:
            raise NotImplementedError("msc: GeneratorDataset: sampler, schema, num_shards and shard_id are "
                                      "not supported by msc's mindspore.dataset.")
        self._src = source
        self._given = _name_list(column_names, 'column_names')
        self._colnames = None
        if isinstance(source, (list, tuple, np.ndarray)) or hasattr(source, '__getitem__'):
            if not isinstance(source, (list, tuple, np.ndarray)) and not hasattr(source, '__len__'):
                raise TypeError("GeneratorDataset: a random-accessible source (with __getitem__) must also "
                                "define __len__.")
            self._kind = 'random'
            self._init_source(len(source), shuffle, num_samples)
        elif hasattr(source, '__iter__') or isinstance(source, (set, dict, range)) or callable(source):
            if shuffle:
                raise ValueError("GeneratorDataset: shuffle=True needs a random-accessible source "
                                 "(with __getitem__ and __len__); an iterable source cannot be shuffled, "
                                 "use .shuffle(buffer_size).")
            self._kind = 'iter' if (hasattr(source, '__iter__') or isinstance(source, (set, dict, range))) \
                else 'call'
            self._num_samples = num_samples
            self._n = None
        else:
            raise TypeError("GeneratorDataset: source should be a random-accessible object (with "
                            "__getitem__ and __len__), an iterable or a callable, but got "
                            f"{type(source).__name__}.")

    def _fetch(self, i):
        return _check_width(_as_row(self._src[i], 'GeneratorDataset'), self._given)

    def _iterator(self):
        if self._kind == 'iter':
            return iter(self._src)
        obj = self._src()
        if hasattr(obj, '__next__') and not hasattr(obj, '__iter__'):
            return obj
        return iter(obj)

    def _open(self):
        if self._kind == 'random':
            return _SourceDataset._open(self)
        limit = self._num_samples if self._num_samples else None
        return _IterReader(self._iterator(), self._given, limit)

    def _count(self):
        if self._kind == 'random':
            return _SourceDataset._count(self)
        if self._n is None:
            # MindSpore also counts an iterable source by iterating it.
            r = self._open()
            n = 0
            while r.next() is not None:
                n += 1
            self._n = n
        return self._n

    def _names(self):
        if self._colnames is None:
            if self._given is not None:
                self._colnames = self._given
            else:
                if self._kind == 'random':
                    k = len(_as_row(self._src[0], 'GeneratorDataset')) if self._n > 0 else 1
                else:
                    r = self._open().next()
                    k = 1 if r is None else len(r)
                self._colnames = [f"column_{i}" for i in range(k)]
        return self._colnames


class BatchDataset(Dataset):
    def __init__(self, child, batch_size, drop_remainder):
        if not _is_int(batch_size):
            if callable(batch_size):
                raise NotImplementedError("msc: batch: a callable batch_size is not supported by msc's "
                                          "mindspore.dataset.")
            raise TypeError(f"Argument batch_size with value {batch_size!r} is not of type "
                            "[<class 'int'>, <class 'function'>], but got "
                            f"{type(batch_size)}.")
        if batch_size < 1 or batch_size > _INT32_MAX:
            raise ValueError(f"batch_size is not within the required interval of [1, {_INT32_MAX}].")
        if not isinstance(drop_remainder, bool):
            raise TypeError(f"Argument drop_remainder with value {drop_remainder!r} is not of type "
                            "[<class 'bool'>].")
        self._child = child
        self._size = batch_size
        self._drop = drop_remainder

    def _open(self):
        return _BatchReader(self._child._open(), self._size, self._drop, self._child._names())

    def _count(self):
        n = self._child._count()
        if n < 0:
            return -1
        if self._drop:
            return n // self._size
        return (n + self._size - 1) // self._size

    def _names(self):
        return self._child._names()

    def get_batch_size(self):
        return self._size

    def get_repeat_count(self):
        return self._child.get_repeat_count()


class ShuffleDataset(Dataset):
    def __init__(self, child, buffer_size):
        if not _is_int(buffer_size):
            raise TypeError(f"Argument buffer_size with value {buffer_size!r} is not of type "
                            "[<class 'int'>].")
        if buffer_size < 2 or buffer_size > _INT32_MAX:
            raise ValueError(f"buffer_size is not within the required interval of [2, {_INT32_MAX}].")
        self._child = child
        self._size = buffer_size
        self._rs = None

    def _open(self):
        return _ShuffleReader(self._child._open(), self._size, _rng(self))

    def _count(self):
        return self._child._count()

    def _names(self):
        return self._child._names()

    def get_batch_size(self):
        return self._child.get_batch_size()

    def get_repeat_count(self):
        return self._child.get_repeat_count()


class MapDataset(Dataset):
    """Applies operations (a callable or a list of callables, chained) to the
    input columns (default: the first column). Each callable gets the
    columns' numpy arrays as arguments and returns one array or a tuple.
    The results replace the input columns in place (then output_columns, if
    given, names them; a different number of outputs needs output_columns and
    puts the new columns where the first input column was)."""

    def __init__(self, child, operations, input_columns, output_columns):
        ops = operations if isinstance(operations, list) else [operations]
        if len(ops) == 0:
            raise ValueError("map: operations is empty.")
        for op in ops:
            if not callable(op):
                raise TypeError(f"map: operations must be callables (Python functions or transforms), "
                                f"but got {type(op).__name__}.")
        names = child._names()
        ins = _name_list(input_columns, 'input_columns')
        if ins is None:
            ins = [names[0]]
        for c in ins:
            if c not in names:
                raise ValueError(f"map: input column '{c}' does not exist in the dataset; columns are "
                                 f"{names}.")
        outs = _name_list(output_columns, 'output_columns')
        self._child = child
        self._ops = ops
        self._in_idx = [names.index(c) for c in ins]
        self._ins = ins
        self._outs = outs if outs is not None else ins
        first = min(self._in_idx)
        keep = [n for n in names if n not in ins]
        if outs is None:
            self._out_names = list(names)
        else:
            self._out_names = [n for n in names[:first] if n not in ins] + list(outs) + \
                [n for n in names[first:] if n not in ins]
        self._keep_idx = [names.index(n) for n in keep]
        self._first = first

    def _apply(self, row):
        args = [row[i] for i in self._in_idx]
        for op in self._ops:
            res = op(*args)
            if isinstance(res, tuple):
                args = [_to_array(v) for v in res]
            else:
                args = [_to_array(res)]
        if len(args) != len(self._outs):
            raise RuntimeError(f"map: the operations returned {len(args)} column(s) but "
                               f"{len(self._outs)} output column(s) {self._outs} are expected; give "
                               "output_columns to change the number of columns.")
        if self._outs is self._ins:
            out = list(row)
            for k in range(len(self._in_idx)):
                out[self._in_idx[k]] = args[k]
            return out
        before = [row[i] for i in self._keep_idx if i < self._first]
        after = [row[i] for i in self._keep_idx if i > self._first]
        return before + args + after

    def _open(self):
        return _MapReader(self._child._open(), self)

    def _count(self):
        return self._child._count()

    def _names(self):
        return self._out_names

    def get_batch_size(self):
        return self._child.get_batch_size()

    def get_repeat_count(self):
        return self._child.get_repeat_count()


class RepeatDataset(Dataset):
    def __init__(self, child, count):
        if count is None:
            count = -1
        if not _is_int(count):
            raise TypeError(f"Argument count with value {count!r} is not of type [<class 'int'>].")
        if count != -1 and (count < 1 or count > _INT32_MAX):
            raise ValueError(f"count is not within the required interval of [-1, {_INT32_MAX}] "
                             "(0 excluded).")
        self._child = child
        self._rep = count

    def _open(self):
        return _RepeatReader(self._child, self._rep)

    def _count(self):
        if self._rep == -1:
            return -1
        n = self._child._count()
        return -1 if n < 0 else n * self._rep

    def _names(self):
        return self._child._names()

    def get_batch_size(self):
        return self._child.get_batch_size()

    def get_repeat_count(self):
        return self._rep


class TakeDataset(Dataset):
    def __init__(self, child, count):
        if not _is_int(count):
            raise TypeError(f"Argument count with value {count!r} is not of type [<class 'int'>].")
        if count < -1 or count == 0:
            raise ValueError(f"count should be either -1 or positive integer, but got: {count}.")
        self._child = child
        self._take = count

    def _open(self):
        return _TakeReader(self._child._open(), self._take)

    def _count(self):
        n = self._child._count()
        if self._take == -1 or (n >= 0 and n < self._take):
            return n
        return self._take

    def _names(self):
        return self._child._names()


class SkipDataset(Dataset):
    def __init__(self, child, count):
        if not _is_int(count):
            raise TypeError(f"Argument count with value {count!r} is not of type [<class 'int'>].")
        if count < 0:
            raise ValueError(f"count is not within the required interval of [0, {_INT32_MAX}].")
        self._child = child
        self._skip = count

    def _open(self):
        return _SkipReader(self._child._open(), self._skip)

    def _count(self):
        n = self._child._count()
        if n < 0:
            return n
        return max(0, n - self._skip)

    def _names(self):
        return self._child._names()


class ProjectDataset(Dataset):
    def __init__(self, child, columns):
        cols = _name_list(columns, 'columns')
        names = child._names()
        for c in cols:
            if c not in names:
                raise ValueError(f"project: column '{c}' does not exist in the dataset; columns are {names}.")
        self._child = child
        self._cols = cols
        self._idx = [names.index(c) for c in cols]

    def _open(self):
        return _ProjectReader(self._child._open(), self._idx)

    def _count(self):
        return self._child._count()

    def _names(self):
        return self._cols


class RenameDataset(Dataset):
    def __init__(self, child, input_columns, output_columns):
        ins = _name_list(input_columns, 'input_columns')
        outs = _name_list(output_columns, 'output_columns')
        if len(ins) != len(outs):
            raise ValueError("rename: input_columns and output_columns must have the same length.")
        names = list(child._names())
        for k in range(len(ins)):
            if ins[k] not in names:
                raise ValueError(f"rename: column '{ins[k]}' does not exist in the dataset; columns are "
                                 f"{names}.")
            names[names.index(ins[k])] = outs[k]
        self._child = child
        self._new = names

    def _open(self):
        return self._child._open()

    def _count(self):
        return self._child._count()

    def _names(self):
        return self._new
