"""numpy.random: numpy's legacy RandomState (MT19937), bit-exact.

The module-level functions draw from the global stream (shared with
MindSpore's initialisers and `ms.set_seed`); `RandomState(seed)` objects
have their own stream with the same methods. The draws are numpy 1.24's
legacy algorithms (mtrand.pyx, _bounded_integers.pyx.in, distributions.c),
implemented in C by the tensor core (eval/mod_msc.c): seeding, 53-bit
doubles, the polar Gaussian with its cached second value, masked rejection
sampling for randint, random_interval for shuffle/permutation, and choice
with and without replacement and with p=.

A call with no size returns a scalar, as numpy's does (a Python float for
the float draws, a numpy scalar for randint).

Not implemented: get_state/set_state, the other distributions, seeding
with arrays, and the new Generator API (np.random.default_rng raises
NotImplementedError).
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


def _check_seed(seed):
    if seed is None:
        return time.time_ns() % 4294967296
    if isinstance(seed, bool) or not isinstance(seed, int):
        if _msc.is_tensor(seed) and seed.ndim == 0 and seed.dtype.kind in 'iu':
            seed = int(seed)
        else:
            raise TypeError("Cannot cast scalar from dtype('float64') to dtype('int64') according to the rule 'safe'")
    if seed < 0 or seed > 4294967295:
        raise ValueError('Seed must be between 0 and 2**32 - 1')
    return seed


def _prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


class RandomState:
    """numpy.random.RandomState(seed=None): a legacy MT19937 stream."""

    def __init__(self, seed=None):
        self._st = _msc.rng_new()
        self.seed(seed)

    def __repr__(self):
        return 'RandomState(MT19937)'

    def seed(self, seed=None):
        _msc.seed(_check_seed(seed), self._st)

    def get_state(self, legacy=True):
        raise NotImplementedError('msc: RandomState.get_state is not supported; reseed with seed(n) instead')

    def set_state(self, state):
        raise NotImplementedError('msc: RandomState.set_state is not supported; reseed with seed(n) instead')

    def random_sample(self, size=None):
        s = _size(size)
        return _draw(_msc.rand(() if s is None else s, self._st), s)

    def random(self, size=None):
        return self.random_sample(size)

    def sample(self, size=None):
        return self.random_sample(size)

    def ranf(self, size=None):
        return self.random_sample(size)

    def rand(self, *args):
        if not args:
            return _msc.rand((), self._st).item()
        return _msc.rand(tuple(args), self._st)

    def randn(self, *args):
        if not args:
            return _msc.randn((), self._st).item()
        return _msc.randn(tuple(args), self._st)

    def standard_normal(self, size=None):
        s = _size(size)
        return _draw(_msc.randn(() if s is None else s, self._st), s)

    def uniform(self, low=0.0, high=1.0, size=None):
        s = _size(size)
        return _draw(_msc.uniform(low, high, () if s is None else s, self._st), s)

    def normal(self, loc=0.0, scale=1.0, size=None):
        s = _size(size)
        return _draw(_msc.normal(loc, scale, () if s is None else s, self._st), s)

    def randint(self, low, high=None, size=None, dtype=int):
        if high is None:
            high = low
            low = 0
        s = _size(size)
        return _msc.randint(low, high, () if s is None else s, dtype, self._st)

    def random_integers(self, low, high=None, size=None):
        if high is None:
            high = low
            low = 1
        return self.randint(low, high + 1, size)

    def shuffle(self, x):
        """Shuffles x in place along its first axis (ndarray or list)."""
        if _msc.is_tensor(x):
            if x.ndim == 0:
                raise TypeError('object of type numpy.ndarray has no len()')
            _msc.shuffle(x, self._st)
            return None
        n = len(x)
        for i in range(n - 1, 0, -1):
            j = _msc.random_interval(i, self._st)
            x[i], x[j] = x[j], x[i]
        return None

    def permutation(self, x):
        if isinstance(x, int) and not isinstance(x, bool):
            arr = _msc.arange(0, x, 1, None, 'np')
            _msc.shuffle(arr, self._st)
            return arr
        arr = _msc.array(x, None, 'np')
        if arr.ndim < 1:
            raise IndexError('x must be an integer or at least 1-dimensional')
        if arr.ndim == 1:
            _msc.shuffle(arr, self._st)
            return arr
        idx = _msc.arange(0, arr.shape[0], 1, None, 'np')
        _msc.shuffle(idx, self._st)
        return _msc.take_rows(arr, idx)

    def choice(self, a, size=None, replace=True, p=None):
        """numpy's legacy choice (mtrand.pyx): the same draws in the same order."""
        if isinstance(a, int) and not isinstance(a, bool):
            arr = None
            pop_size = a
            if pop_size <= 0 and (size is None or _prod(_size(size)) != 0):
                raise ValueError('a must be greater than 0 unless no samples are taken')
        else:
            arr = _msc.array(a, None, 'np')
            if arr.ndim == 0:
                if arr.dtype.kind not in 'iu':
                    raise ValueError('a must be 1-dimensional or an integer')
                pop_size = int(arr)
                if pop_size <= 0 and (size is None or _prod(_size(size)) != 0):
                    raise ValueError('a must be greater than 0 unless no samples are taken')
                arr = None
            elif arr.ndim != 1:
                raise ValueError('a must be 1-dimensional')
            else:
                pop_size = arr.shape[0]
                if pop_size == 0 and (size is None or _prod(_size(size)) != 0):
                    raise ValueError("'a' cannot be empty unless no samples are taken")
        pa = None
        atol = 1.4901161193847656e-08   # sqrt(finfo(float64).eps)
        if p is not None:
            if _msc.is_tensor(p) and p.dtype.kind == 'f' and p.dtype.itemsize < 8:
                atol = 0.00034526698300124393 if p.dtype.itemsize == 4 else 0.03125
            pa = _msc.array(p, 'float64', 'np')
            if pa.ndim != 1:
                raise ValueError("'p' must be 1-dimensional")
            if pa.size != pop_size:
                raise ValueError("'a' and 'p' must have same size")
        is_scalar = size is None
        shape = () if is_scalar else _size(size)
        n = 1 if is_scalar else _prod(shape)
        if replace:
            if pa is not None:
                idx = _msc.choice_p(pa, atol, shape, True, self._st)
            else:
                idx = _msc.randint(0, pop_size, shape, None, self._st)
        else:
            if n > pop_size:
                raise ValueError("Cannot take a larger sample than population when 'replace=False'")
            if n < 0:
                raise ValueError('negative dimensions are not allowed')
            if pa is not None:
                idx = _msc.choice_p(pa, atol, shape, False, self._st)
            else:
                perm = _msc.arange(0, pop_size, 1, None, 'np')
                _msc.shuffle(perm, self._st)
                idx = perm[:n].reshape(shape)
        if arr is None:
            return int(idx) if is_scalar else idx
        if is_scalar:
            return arr[int(idx)]
        return _msc.take_rows(arr, idx)


class _GlobalState(RandomState):
    """The module-level stream: _msc's global generator (state None)."""

    def __init__(self):
        self._st = None


_rand = _GlobalState()


def seed(seed=None):
    _rand.seed(seed)


def get_state(legacy=True):
    return _rand.get_state(legacy)


def set_state(state):
    return _rand.set_state(state)


def rand(*args):
    return _rand.rand(*args)


def randn(*args):
    return _rand.randn(*args)


def random_sample(size=None):
    return _rand.random_sample(size)


def random(size=None):
    return _rand.random_sample(size)


def sample(size=None):
    return _rand.random_sample(size)


def ranf(size=None):
    return _rand.random_sample(size)


def standard_normal(size=None):
    return _rand.standard_normal(size)


def uniform(low=0.0, high=1.0, size=None):
    return _rand.uniform(low, high, size)


def normal(loc=0.0, scale=1.0, size=None):
    return _rand.normal(loc, scale, size)


def randint(low, high=None, size=None, dtype=int):
    return _rand.randint(low, high, size, dtype)


def random_integers(low, high=None, size=None):
    return _rand.random_integers(low, high, size)


def choice(a, size=None, replace=True, p=None):
    return _rand.choice(a, size, replace, p)


def permutation(x):
    return _rand.permutation(x)


def shuffle(x):
    return _rand.shuffle(x)


def default_rng(seed=None):
    raise NotImplementedError(
        'msc: numpy.random.default_rng (the Generator API) is not supported; use the legacy functions '
        '(np.random.seed, rand, randn, randint, uniform, normal, choice, permutation, shuffle) or '
        'np.random.RandomState(seed)')


def Generator(bit_generator=None):
    raise NotImplementedError('msc: numpy.random.Generator is not supported; use np.random.RandomState(seed)')
