"""mindspore.dataset's samplers: which rows of a source, in which order.

A sampler is given to a reader (`sampler=`) or a source dataset; each epoch
it turns the source's row count n into a list of row indices. Randomness
uses numpy's legacy RandomState (MT19937), seeded like the rest of the
pipeline (ds.config.get_seed(), see engine.py), created when the sampler
first starts an epoch, so a numpy script can replay the order:
- RandomSampler: rs.permutation(n) (replacement=True: rs.randint(0, n, k));
  the first num_samples of it.
- SubsetRandomSampler(indices): [indices[j] for j in rs.permutation(len)].
- WeightedRandomSampler(weights, k, replacement=True): rs.choice(n, k,
  p=weights / sum(weights), replace=replacement).
- SequentialSampler(start_index, num_samples): start, start + 1, ...
- SubsetSampler(indices): the indices in order.
- DistributedSampler(num_shards, shard_id, shuffle=True): as MindSpore's
  DistributedSamplerRT, every shard gets ceil(n / num_shards) rows: row
  j of shard s is perm[(num_shards * j + s) % n], where perm is
  rs.permutation(n) (shuffle) or 0..n-1.
MindSpore's own C++ samplers draw from std::mt19937 and cannot be replayed
bit for bit; the sets of rows are the same, the random orders differ.
"""
import numpy as np
from mindspore.dataset import config


def _check_int(name, v, low):
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"Argument {name} with value {v!r} is not of type [<class 'int'>].")
    if v < low:
        raise ValueError(f"Argument {name} with value {v} should be >= {low}.")


class Sampler:
    """Base of the samplers; subclasses define _order(n, rs)."""

    def __init__(self, num_samples=None):
        if num_samples is not None:
            _check_int('num_samples', num_samples, 0)
        self.num_samples = num_samples
        self._rs = None
        self.child_sampler = None

    def _rng(self):
        if self._rs is None:
            self._rs = np.random.RandomState(config.get_seed())
        return self._rs

    def _limit(self, order):
        if self.num_samples is not None and self.num_samples > 0:
            return order[:self.num_samples]
        return order

    def _indices(self, n):
        return self._limit(self._order(n))

    def _count(self, n):
        k = self._count_all(n)
        if self.num_samples is not None and self.num_samples > 0 and self.num_samples < k:
            return self.num_samples
        return k

    def _count_all(self, n):
        return n

    def get_num_samples(self):
        return self.num_samples

    def add_child(self, sampler):
        raise NotImplementedError("msc: Sampler.add_child (chained samplers) is not supported by msc's "
                                  "mindspore.dataset.")


class SequentialSampler(Sampler):
    def __init__(self, start_index=None, num_samples=None):
        Sampler.__init__(self, num_samples)
        if start_index is not None:
            _check_int('start_index', start_index, 0)
        self.start_index = 0 if start_index is None else start_index

    def _order(self, n):
        if self.start_index >= n and n > 0:
            raise RuntimeError(f"SequentialSampler: start_index {self.start_index} is out of range for a "
                               f"dataset of {n} rows.")
        return list(range(self.start_index, n))

    def _count_all(self, n):
        return max(0, n - self.start_index)


class RandomSampler(Sampler):
    def __init__(self, replacement=False, num_samples=None):
        Sampler.__init__(self, num_samples)
        if not isinstance(replacement, bool):
            raise TypeError(f"Argument replacement with value {replacement!r} is not of type [<class 'bool'>].")
        self.replacement = replacement

    def _order(self, n):
        rs = self._rng()
        if self.replacement:
            k = self.num_samples if self.num_samples else n
            return rs.randint(0, n, k).tolist()
        return rs.permutation(n).tolist()


class SubsetSampler(Sampler):
    def __init__(self, indices, num_samples=None):
        Sampler.__init__(self, num_samples)
        if not isinstance(indices, (list, tuple, np.ndarray)):
            raise TypeError(f"Argument indices with value {indices!r} is not of type [<class 'list'>].")
        self.indices = [int(i) for i in indices]

    def _check(self, n):
        for i in self.indices:
            if i < 0 or i >= n:
                raise RuntimeError(f"{type(self).__name__}: index {i} is out of range for a dataset of {n} rows.")

    def _order(self, n):
        self._check(n)
        return list(self.indices)

    def _count_all(self, n):
        return len(self.indices)


class SubsetRandomSampler(SubsetSampler):
    def _order(self, n):
        self._check(n)
        perm = self._rng().permutation(len(self.indices)).tolist()
        return [self.indices[j] for j in perm]


class WeightedRandomSampler(Sampler):
    def __init__(self, weights, num_samples=None, replacement=True):
        Sampler.__init__(self, num_samples)
        w = np.asarray(weights, dtype=np.float64)
        if w.ndim != 1 or w.shape[0] == 0:
            raise ValueError("WeightedRandomSampler: weights should be a non-empty list of numbers.")
        if bool((w < 0).any()) or float(w.sum()) <= 0:
            raise ValueError("WeightedRandomSampler: weights should be non-negative with a positive sum.")
        self.weights = w
        self.replacement = replacement

    def _order(self, n):
        k = self.num_samples if self.num_samples else len(self.weights)
        p = self.weights / self.weights.sum()
        return self._rng().choice(len(self.weights), k, replace=self.replacement, p=p).tolist()

    def _count_all(self, n):
        return self.num_samples if self.num_samples else len(self.weights)


class DistributedSampler(Sampler):
    def __init__(self, num_shards, shard_id, shuffle=True, num_samples=None, offset=-1):
        Sampler.__init__(self, num_samples)
        _check_int('num_shards', num_shards, 1)
        _check_int('shard_id', shard_id, 0)
        if shard_id >= num_shards:
            raise ValueError(f"shard_id {shard_id} is not within the required interval of "
                             f"[0, {num_shards - 1}] (num_shards {num_shards}).")
        if not isinstance(shuffle, bool):
            raise TypeError(f"Argument shuffle with value {shuffle!r} is not of type [<class 'bool'>].")
        self.num_shards = num_shards
        self.shard_id = shard_id
        self.shuffle = shuffle

    def _order(self, n):
        if n == 0:
            return []
        perm = self._rng().permutation(n).tolist() if self.shuffle else list(range(n))
        per = (n + self.num_shards - 1) // self.num_shards
        return [perm[(self.num_shards * j + self.shard_id) % n] for j in range(per)]

    def _count_all(self, n):
        return (n + self.num_shards - 1) // self.num_shards


def _make(sampler, shuffle, num_samples, num_shards, shard_id, what):
    """The sampler a reader uses for its arguments (MindSpore's rules:
    sampler excludes shuffle and num_shards; shards need both arguments).
    None: the reader's own order (shuffled or sequential)."""
    if sampler is not None:
        if shuffle is not None:
            raise RuntimeError(f"{what}: sampler and shuffle cannot be specified at the same time.")
        if num_shards is not None or shard_id is not None:
            raise RuntimeError(f"{what}: sampler and sharding cannot be specified at the same time.")
        if not isinstance(sampler, Sampler):
            raise TypeError(f"{what}: sampler should be a mindspore.dataset sampler, but got "
                            f"{type(sampler).__name__}.")
        return sampler
    if (num_shards is None) != (shard_id is None):
        raise RuntimeError(f"{what}: num_shards and shard_id need to be passed in together.")
    if num_shards is not None:
        return DistributedSampler(num_shards, shard_id, shuffle=shuffle is None or bool(shuffle),
                                  num_samples=num_samples)
    return None
