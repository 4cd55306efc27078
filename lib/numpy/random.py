"""numpy.random: the global MT19937 stream (numpy's legacy RandomState).

seed/randn/rand/random/uniform/normal draw float64 arrays from the tensor
core's generator (_msc), which follows numpy's legacy seeding and
algorithms; a call with no size returns a Python float, as numpy's does.
"""
import time

import _msc


def _size(size):
    if size is None:
        return None
    if isinstance(size, int):
        return (size,)
    return tuple(size)


def _draw(arr, size):
    if size is None:
        return arr.item()
    return arr


def seed(seed=None):
    if seed is None:
        seed = time.time_ns() % 4294967296
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError('Cannot cast scalar from dtype(\'float64\') to dtype(\'int64\') according to the rule \'safe\'')
    if seed < 0 or seed > 4294967295:
        raise ValueError('Seed must be between 0 and 2**32 - 1')
    _msc.seed(seed)


def randn(*d):
    shape = tuple(d)
    a = _msc.randn(shape)
    return a.item() if not shape else a


def rand(*d):
    shape = tuple(d)
    a = _msc.rand(shape)
    return a.item() if not shape else a


def random(size=None):
    s = _size(size)
    return _draw(_msc.rand(() if s is None else s), s)


random_sample = random
sample = random


def uniform(low=0.0, high=1.0, size=None):
    s = _size(size)
    return _draw(_msc.uniform(low, high, () if s is None else s), s)


def normal(loc=0.0, scale=1.0, size=None):
    s = _size(size)
    return _draw(_msc.normal(loc, scale, () if s is None else s), s)


def standard_normal(size=None):
    s = _size(size)
    return _draw(_msc.randn(() if s is None else s), s)
