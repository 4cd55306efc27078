"""numpy: the part of numpy that model scripts use, on msc's tensor core.

Arrays are the tensor core's `_msc.ndarray` (numpy semantics: float64 and
int64 defaults, numpy's printing). Every computation is a primitive
(`_msc.prim(OPNAME, ...)`, ir/ops.def) or, for data-dependent results
(nonzero, unique, where with one argument), an eager native of `_msc`.

Contents: dtypes; creation (array, zeros, ones, full, arange, linspace,
eye, ...); shapes (reshape, transpose, concatenate, stack, vstack, hstack,
tile, ...); elementwise math; reductions (sum, mean, prod, max, min,
argmax, argmin, all, any, var, std; axis/keepdims); selection and sorting
(where, clip, nonzero, argsort, sort, unique, take, take_along_axis,
searchsorted, cumsum, cumprod); comparison (isclose, allclose,
array_equal); files (save, load, savez, savez_compressed: .npy/.npz, see
eval/npyio.c); numpy.random (the legacy RandomState, bit-exact).

Differences from numpy (each also noted at the function): argsort/sort are
always stable (numpy's default quicksort may order ties differently);
take supports mode='raise' only; unique has no axis=; files are named by
str paths (no file objects), and since msc's language has no `with`
statement an NpzFile is used without it (it is read eagerly; close() is
optional).
"""
import _msc
from numpy import random

ndarray = _msc.ndarray

# numpy's scalar types are classes (eval/tensor.c): np.float32(1.5) is a
# numpy scalar, type(a[0]) is np.int64, isinstance(x, np.floating) works;
# every API taking a dtype takes them too.
_types = _msc.np_types()
bool_ = _types['bool_']
int8 = _types['int8']
int16 = _types['int16']
int32 = _types['int32']
int64 = _types['int64']
uint8 = _types['uint8']
uint16 = _types['uint16']
uint32 = _types['uint32']
uint64 = _types['uint64']
float16 = _types['float16']
float32 = _types['float32']
float64 = _types['float64']
complex64 = _types['complex64']
complex128 = _types['complex128']
generic = _types['generic']
number = _types['number']
integer = _types['integer']
signedinteger = _types['signedinteger']
unsignedinteger = _types['unsignedinteger']
inexact = _types['inexact']
floating = _types['floating']
single = float32
double = float64
half = float16
float_ = float64
complex_ = complex128
cdouble = complex128
csingle = complex64
int_ = int64
intp = int64
uint = uint64
byte = int8
ubyte = uint8
short = int16
ushort = uint16
intc = int32
uintc = uint32
longlong = int64
ulonglong = uint64
True_ = bool_(True)
False_ = bool_(False)

newaxis = None
pi = 3.141592653589793
e = 2.718281828459045
inf = float('inf')
nan = float('nan')
Inf = inf
NaN = nan

_NAMES = {
    'bool': bool_, 'bool_': bool_, 'int8': int8, 'int16': int16, 'int32': int32, 'int64': int64,
    'uint8': uint8, 'uint16': uint16, 'uint32': uint32, 'uint64': uint64, 'float16': float16, 'float32': float32, 'float64': float64,
    'float': float64, 'int': int64, 'double': float64, 'single': float32, 'half': float16,
    'complex64': complex64, 'complex128': complex128, 'complex': complex128,
}


def dtype(obj):
    """numpy.dtype(name, scalar type, Python type or dtype): the dtype object
    (dtype('float32')); it compares equal to its name and its scalar type."""
    if isinstance(obj, str):
        if obj not in _NAMES:
            raise TypeError(f"data type '{obj}' not understood")
        obj = _NAMES[obj]
    return _msc.dtype(obj, 'np')


def _dt(d):
    if d is None:
        return None
    return dtype(d)


def issubdtype(arg1, arg2):
    """numpy.issubdtype: is the scalar type of arg1 (a dtype, scalar type or
    name) arg2's or derived from it (np.floating, np.integer, ...)?"""
    t1 = arg1 if isinstance(arg1, type) else dtype(arg1).type
    t2 = arg2 if isinstance(arg2, type) else dtype(arg2).type
    return issubclass(t1, t2)


def _scalar_dtype(v):
    if isinstance(v, generic):
        return v.dtype
    if isinstance(v, bool):
        return bool_
    if isinstance(v, int):
        return int64
    if isinstance(v, complex):
        return complex128
    return float64


def _shape(shape):
    if isinstance(shape, int):
        return (shape,)
    return tuple(shape)


# ---- creation ----------------------------------------------------------------

def array(object, dtype=None, copy=True, ndmin=0):
    a = _msc.array(object, _dt(dtype), 'np')
    while a.ndim < ndmin:
        a = a.reshape((1,) + a.shape)
    return a


def asarray(a, dtype=None):
    dtype = _dt(dtype)
    if isinstance(a, ndarray) and (dtype is None or a.dtype == dtype):
        return a
    return _msc.array(a, dtype, 'np')


def ascontiguousarray(a, dtype=None):
    return asarray(a, dtype)


def copy(a):
    return _msc.array(a, None, 'np')


def zeros(shape, dtype=float64):
    return _msc.fill(_shape(shape), 0, _dt(dtype) or float64, 'np')


def ones(shape, dtype=None):
    return _msc.fill(_shape(shape), 1, _dt(dtype) or float64, 'np')


def empty(shape, dtype=float64):
    return _msc.fill(_shape(shape), 0, _dt(dtype) or float64, 'np')


def full(shape, fill_value, dtype=None):
    dtype = _dt(dtype)
    return _msc.fill(_shape(shape), fill_value, dtype or _scalar_dtype(fill_value), 'np')


def zeros_like(a, dtype=None):
    a = asarray(a)
    return _msc.fill(a.shape, 0, _dt(dtype) or a.dtype, 'np')


def ones_like(a, dtype=None):
    a = asarray(a)
    return _msc.fill(a.shape, 1, _dt(dtype) or a.dtype, 'np')


def empty_like(a, dtype=None):
    return zeros_like(a, dtype)


def full_like(a, fill_value, dtype=None):
    a = asarray(a)
    return _msc.fill(a.shape, fill_value, _dt(dtype) or a.dtype, 'np')


def arange(start, stop=None, step=None, dtype=None):
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    if step == 0:
        raise ZeroDivisionError('division by zero')
    return _msc.arange(start, stop, step, _dt(dtype), 'np')


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None):
    if num < 0:
        raise ValueError(f'Number of samples, {num}, must be non-negative.')
    div = num - 1 if endpoint else num
    step = (stop - start) / div if div > 0 else float('nan')
    if not endpoint and num > 0:
        stop = start + step * (num - 1)
    a = _msc.linspace(start, stop, num, _dt(dtype), 'np')
    if retstep:
        return a, step
    return a


def eye(N, M=None, k=0, dtype=float64, order='C'):
    M = N if M is None else M
    a = _msc.fill((N * M,), 0, _dt(dtype) or float64, 'np')
    i = 0 if k >= 0 else -k
    while i < N and i + k < M:
        a[i * M + i + k] = 1
        i += 1
    return a.reshape((N, M))


def identity(n, dtype=float64):
    return eye(n, dtype=dtype)


# ---- shape -------------------------------------------------------------------

def reshape(a, newshape):
    return asarray(a).reshape(newshape)


def transpose(a, axes=None):
    a = asarray(a)
    if axes is None:
        return a.T
    return a.transpose(tuple(axes))


def squeeze(a, axis=None):
    return asarray(a).squeeze(axis)


def expand_dims(a, axis):
    return asarray(a).expand_dims(axis)


def ravel(a):
    return asarray(a).reshape((-1,))


def shape(a):
    return asarray(a).shape


def ndim(a):
    return asarray(a).ndim


def size(a):
    return asarray(a).size


def concatenate(arrays, axis=0):
    arrays = [asarray(x) for x in arrays]
    if axis is None:
        arrays = [x.reshape((-1,)) for x in arrays]
        axis = 0
    return _msc.prim('Concat', *arrays, axis=axis)


def stack(arrays, axis=0):
    return concatenate([asarray(x).expand_dims(axis) for x in arrays], axis)


# ---- math ----------------------------------------------------------------------

def _unary(name, x):
    return _msc.prim(name, asarray(x))


def exp(x):
    return _unary('Exp', x)


def log(x):
    return _unary('Log', x)


def sqrt(x):
    return _unary('Sqrt', x)


def tanh(x):
    return _unary('Tanh', x)


def sin(x):
    return _unary('Sin', x)


def cos(x):
    return _unary('Cos', x)


def abs(x):
    return _unary('Abs', x)


absolute = abs


def real(x):
    """numpy.real: the real part (a real array: itself)."""
    return asarray(x).real


def imag(x):
    """numpy.imag: the imaginary part (a real array: zeros)."""
    return asarray(x).imag


def conj(x):
    """numpy.conj / conjugate: the complex conjugate."""
    return asarray(x).conj()


conjugate = conj


def iscomplexobj(x):
    return asarray(x).dtype in (complex64, complex128)


def square(x):
    return _unary('Square', x)


def sign(x):
    return _unary('Sign', x)


def floor(x):
    return _unary('Floor', x)


def ceil(x):
    return _unary('Ceil', x)


def negative(x):
    return _unary('Neg', x)


def maximum(x1, x2):
    return _msc.prim('Maximum', asarray(x1), asarray(x2))


def minimum(x1, x2):
    return _msc.prim('Minimum', asarray(x1), asarray(x2))


def add(x1, x2):
    return _msc.prim('Add', asarray(x1), asarray(x2))


def subtract(x1, x2):
    return _msc.prim('Sub', asarray(x1), asarray(x2))


def multiply(x1, x2):
    return _msc.prim('Mul', asarray(x1), asarray(x2))


def divide(x1, x2):
    return _msc.prim('RealDiv', asarray(x1), asarray(x2))


true_divide = divide


def power(x1, x2):
    return _msc.prim('Pow', asarray(x1), asarray(x2))


def matmul(x1, x2, out=None):
    return asarray(x1) @ asarray(x2)


def dot(a, b, out=None):
    """numpy.dot: products for 0-d, inner/matrix products for 1-d/2-d, and
    for N-d a sum over the last axis of a and the second-to-last of b."""
    a = asarray(a)
    b = asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return a * b
    if b.ndim <= 2:
        return a @ b
    k = b.shape[-2]
    if a.shape[-1] != k:
        raise ValueError(f'shapes {a.shape} and {b.shape} not aligned: {a.shape[-1]} (dim {a.ndim - 1}) != '
                         f'{k} (dim {b.ndim - 2})')
    perm = [b.ndim - 2] + [i for i in range(b.ndim) if i != b.ndim - 2]
    bt = b.transpose(tuple(perm)).reshape((k, -1))
    r = a.reshape((-1, k)) @ bt
    return r.reshape(a.shape[:-1] + b.shape[:-2] + b.shape[-1:])


def _acc_dtype(a, dtype):
    # numpy's add/multiply reductions accumulate bool and small ints in int_
    # (int64) and small unsigned ints in uint64
    if dtype is not None:
        return a.astype(_dt(dtype))
    k = a.dtype.kind
    if k == 'b' or (k == 'i' and a.dtype.itemsize < 8):
        return a.astype(int64)
    if k == 'u' and a.dtype.itemsize < 8:
        return a.astype(uint64)
    return a


def sum(a, axis=None, dtype=None, out=None, keepdims=False):
    a = _acc_dtype(asarray(a), dtype)
    return a.sum(axis=axis, keepdims=keepdims)


def mean(a, axis=None, dtype=None, out=None, keepdims=False):
    a = asarray(a)
    if dtype is not None:
        a = a.astype(_dt(dtype))
    return a.mean(axis=axis, keepdims=keepdims)


def max(a, axis=None, out=None, keepdims=False):
    return asarray(a).max(axis=axis, keepdims=keepdims)


def min(a, axis=None, out=None, keepdims=False):
    return asarray(a).min(axis=axis, keepdims=keepdims)


amax = max
amin = min


def argmax(a, axis=None, out=None, keepdims=False):
    return asarray(a).argmax(axis=axis, keepdims=keepdims)


def argmin(a, axis=None, out=None, keepdims=False):
    return asarray(a).argmin(axis=axis, keepdims=keepdims)


def prod(a, axis=None, dtype=None, out=None, keepdims=False):
    a = _acc_dtype(asarray(a), dtype)
    return a.prod(axis=axis, keepdims=keepdims)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """numpy.isclose: |a - b| <= atol + rtol * |b| elementwise; infinities
    are close only to themselves; nan only with equal_nan."""
    x = asarray(a)
    y = asarray(b)
    if x.dtype.kind != 'f':
        x = x.astype(float64)
    if y.dtype.kind != 'f':
        y = y.astype(float64)
    fin = _msc.prim('LogicalAnd', _msc.prim('IsFinite', x), _msc.prim('IsFinite', y))
    diff = _msc.prim('Abs', x - y)
    tol = _msc.prim('Abs', y) * rtol + atol
    close = _msc.prim('Select', fin, diff <= tol, x == y)
    if equal_nan:
        both = _msc.prim('LogicalAnd', _msc.prim('IsNan', x), _msc.prim('IsNan', y))
        close = _msc.prim('LogicalOr', close, both)
    return close


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return bool(isclose(a, b, rtol, atol, equal_nan).all())


def array_equal(a1, a2):
    a1 = asarray(a1)
    a2 = asarray(a2)
    if a1.shape != a2.shape:
        return False
    return bool(sum(a1 != a2) == 0)


# ---- .npy / .npz files (eval/npyio.c) ------------------------------------------------
# Files are named by str paths (msc has no file objects). Writes are atomic
# (a temporary file in the same directory renamed over the target). np.load
# reads .npz archives eagerly: NpzFile holds every array.

def save(file, arr, allow_pickle=True, fix_imports=True):
    """numpy.save: arr as a .npy file (format 1.0, numpy's exact bytes);
    '.npy' is appended to a file name that does not end with it."""
    if not isinstance(file, str):
        raise TypeError(f'msc: np.save: file must be a file name (str), not {type(file).__name__}')
    if not file.endswith('.npy'):
        file = file + '.npy'
    _msc.npy_save(file, asarray(arr))


def _savez(file, args, kwds, compress):
    if not isinstance(file, str):
        raise TypeError(f'msc: np.savez: file must be a file name (str), not {type(file).__name__}')
    if not file.endswith('.npz'):
        file = file + '.npz'
    namedict = dict(kwds)
    for i in range(len(args)):
        key = 'arr_%d' % i
        if key in namedict:
            raise ValueError('Cannot use un-named variables and keyword %s' % key)
        namedict[key] = args[i]
    names = []
    arrays = []
    for key in namedict:
        names.append(key + '.npy')
        arrays.append(asarray(namedict[key]))
    _msc.npz_save(file, names, arrays, compress)


def savez(file, *args, **kwds):
    """numpy.savez: several arrays in an uncompressed .npz (zip) archive."""
    _savez(file, args, kwds, False)


def savez_compressed(file, *args, **kwds):
    """numpy.savez_compressed: a deflate-compressed .npz archive."""
    _savez(file, args, kwds, True)


class NpzFile:
    """The result of np.load on a .npz: f['x'] (or f['x.npy']), f.files,
    `'x' in f`, iteration over the names, len, keys/values/items, get,
    close() and the context-manager methods (msc's language has no `with`
    statement yet: call close(), which is optional here since the archive
    was read eagerly)."""

    def __init__(self, members):
        self._files = [m[0] for m in members]
        self.files = [m[:-4] if m.endswith('.npy') else m for m in self._files]
        self._arrays = {}
        for m in members:
            self._arrays[m[0]] = m[1]
        self.allow_pickle = False

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def close(self):
        return None

    def __len__(self):
        return len(self.files)

    def __iter__(self):
        return iter(self.files)

    def __contains__(self, key):
        return key in self._files or key in self.files

    def __getitem__(self, key):
        if key in self._files:
            return self._arrays[key]
        if key in self.files:
            return self._arrays[key + '.npy']
        raise KeyError('%s is not a file in the archive' % key)

    def get(self, key, default=None):
        if key in self:
            return self[key]
        return default

    def keys(self):
        return list(self.files)

    def values(self):
        return [self[k] for k in self.files]

    def items(self):
        return [(k, self[k]) for k in self.files]

    def __repr__(self):
        return 'NpzFile(files=%r)' % (self.files,)


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding='ASCII'):
    """numpy.load of a .npy (an ndarray) or .npz (an NpzFile) file."""
    if not isinstance(file, str):
        raise TypeError(f'msc: np.load: file must be a file name (str), not {type(file).__name__}')
    if mmap_mode is not None:
        raise ValueError('msc: np.load: mmap_mode is not supported')
    kind = _msc.file_kind(file)
    if kind == 'zip':
        return NpzFile(_msc.npz_load(file))
    if kind == 'npy':
        return _msc.npy_load(file)
    if not allow_pickle:
        raise ValueError('Cannot load file containing pickled data when allow_pickle=False')
    raise ValueError('msc: np.load: pickled files are not supported')


# ---- selection, sorting, accumulation (Select, ArgSort, GatherD, Gather, Tile, CumSum) ---

def clip(a, a_min, a_max, out=None):
    """numpy.clip: minimum(maximum(a, a_min), a_max) (a bound may be None)."""
    if a_min is None and a_max is None:
        raise ValueError('One of max or min must be given')
    r = asarray(a)
    if a_min is not None:
        r = _msc.prim('Maximum', r, asarray(a_min) if _msc.is_tensor(a_min) or isinstance(a_min, list) else a_min)
    if a_max is not None:
        r = _msc.prim('Minimum', r, asarray(a_max) if _msc.is_tensor(a_max) or isinstance(a_max, list) else a_max)
    return r


def nonzero(a):
    """numpy.nonzero: a tuple of int64 index arrays (eager: the size depends
    on the data)."""
    return _msc.nonzero(asarray(a))


def flatnonzero(a):
    return _msc.nonzero(asarray(a).reshape((-1,)))[0]


def argwhere(a):
    a = asarray(a)
    if a.ndim == 0:
        a = a.reshape((1,))
        return stack(_msc.nonzero(a), axis=1)[:, 0:0]
    idx = _msc.nonzero(a)
    return stack(list(idx), axis=1) if idx[0].size else zeros((0, a.ndim), dtype=int64)


def where(condition, x=None, y=None):
    """numpy.where: 3 arguments -> elementwise select (the Select op);
    1 argument -> nonzero(condition)."""
    if x is None and y is None:
        return nonzero(condition)
    if x is None or y is None:
        raise ValueError('either both or neither of x and y should be given')
    c = asarray(condition)
    if c.dtype != bool_:
        c = c != 0
    if not _msc.is_tensor(x) and not _msc.is_tensor(y):
        x = asarray(x)
        y = asarray(y)
    elif not _msc.is_tensor(x):
        x = asarray(x) if isinstance(x, (list, tuple)) else x
    elif not _msc.is_tensor(y):
        y = asarray(y) if isinstance(y, (list, tuple)) else y
    return _msc.prim('Select', c, x, y)


def _norm_axis(axis, ndim):
    if axis < -ndim or axis >= ndim:
        raise ValueError(f'axis {axis} is out of bounds for array of dimension {ndim}')
    return axis + ndim if axis < 0 else axis


def argsort(a, axis=-1, kind=None, order=None):
    """numpy.argsort. msc always sorts stably (numpy's kind='stable'); with
    the default kind='quicksort' numpy may order equal elements differently."""
    if order is not None:
        raise ValueError('msc: argsort: order= (structured arrays) is not supported')
    a = asarray(a)
    if axis is None:
        a = a.reshape((-1,))
        axis = -1
    if a.ndim == 0:
        return zeros((), dtype=int64)
    return _msc.prim('ArgSort', a, axis=_norm_axis(axis, a.ndim))


def sort(a, axis=-1, kind=None, order=None):
    """numpy.sort: a sorted copy (ArgSort + GatherD)."""
    a = asarray(a)
    if axis is None:
        a = a.reshape((-1,))
        axis = -1
    if a.ndim == 0:
        raise ValueError('msc: np.sort of a 0-d array: numpy raises AxisError (axis -1 is out of bounds for array of dimension 0)')
    axis = _norm_axis(axis, a.ndim)
    idx = _msc.prim('ArgSort', a, axis=axis)
    return _msc.prim('GatherD', a, idx, axis=axis)


def take(a, indices, axis=None, out=None, mode='raise'):
    """numpy.take (mode='raise' only): the Gather op."""
    if mode != 'raise':
        raise ValueError(f"msc: np.take: mode='{mode}' is not supported (only 'raise')")
    a = asarray(a)
    if axis is None:
        a = a.reshape((-1,))
        axis = 0
    axis = _norm_axis(axis, a.ndim)
    ind = asarray(indices)
    if ind.dtype.kind not in 'iu':
        raise TypeError("Cannot cast array data from dtype('%s') to dtype('int64') according to the rule 'safe'"
                        % ind.dtype.name)
    n = a.shape[axis]
    if ind.size and (int(ind.max()) >= n or int(ind.min()) < -n):
        bad = int(ind.max()) if int(ind.max()) >= n else int(ind.min())
        raise IndexError(f'index {bad} is out of bounds for axis {axis} with size {n}')
    return _msc.prim('Gather', a, ind.astype(int64), axis=axis)


def take_along_axis(arr, indices, axis):
    arr = asarray(arr)
    if axis is None:
        arr = arr.reshape((-1,))
        axis = 0
    return _msc.prim('GatherD', arr, asarray(indices), axis=_norm_axis(axis, arr.ndim))


def tile(A, reps):
    """numpy.tile: the Tile op (reps shorter than A.ndim get leading 1s)."""
    A = asarray(A)
    reps = (reps,) if isinstance(reps, int) else tuple(reps)
    if len(reps) < A.ndim:
        reps = (1,) * (A.ndim - len(reps)) + reps
    if len(reps) == 0:
        return copy(A)
    return _msc.prim('Tile', A, multiples=reps)


def cumsum(a, axis=None, dtype=None, out=None):
    """numpy.cumsum: the CumSum op (axis None: over the flattened array;
    bool and small ints accumulate in int64 as numpy's)."""
    a = _acc_dtype(asarray(a), dtype)
    if axis is None:
        a = a.reshape((-1,))
        axis = 0
    if a.ndim == 0:
        return a.reshape((1,))
    return _msc.prim('CumSum', a, axis=_norm_axis(axis, a.ndim))


def cumprod(a, axis=None, dtype=None, out=None):
    a = _acc_dtype(asarray(a), dtype)
    if axis is None:
        a = a.reshape((-1,))
        axis = 0
    if a.ndim == 0:
        return a.reshape((1,))
    return _msc.prim('CumProd', a, axis=_norm_axis(axis, a.ndim))


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None):
    """numpy.unique of the flattened array (eager): the sorted unique values,
    and optionally the first indices, the inverse and the counts."""
    if axis is not None:
        raise ValueError('msc: np.unique: axis= is not supported')
    a = asarray(ar).reshape((-1,))
    n = a.size
    if n == 0:
        res = [a]
        if return_index:
            res.append(zeros((0,), dtype=int64))
        if return_inverse:
            res.append(zeros((0,), dtype=int64))
        if return_counts:
            res.append(zeros((0,), dtype=int64))
        return res[0] if len(res) == 1 else tuple(res)
    perm = _msc.prim('ArgSort', a, axis=0)
    s = _msc.prim('Gather', a, perm, axis=0)
    if n > 1:
        mask = concatenate([ones((1,), dtype=bool_), s[1:] != s[:-1]])
    else:
        mask = ones((1,), dtype=bool_)
    first = _msc.nonzero(mask)[0]
    vals = _msc.prim('Gather', s, first, axis=0)
    if not (return_index or return_inverse or return_counts):
        return vals
    res = [vals]
    if return_index:
        res.append(_msc.prim('Gather', perm, first, axis=0))
    if return_inverse:
        grp = _msc.prim('CumSum', mask.astype(int64), axis=0) - 1
        res.append(_msc.prim('Gather', grp, _msc.prim('ArgSort', perm, axis=0), axis=0))
    if return_counts:
        ends = concatenate([first[1:], full((1,), n, dtype=int64)])
        res.append(ends - first)
    return tuple(res)


def searchsorted(a, v, side='left', sorter=None):
    """numpy.searchsorted for a sorted 1-d a (eager, binary search)."""
    a = asarray(a)
    if a.ndim != 1:
        raise ValueError('object too deep for desired array')
    if sorter is not None:
        a = take(a, sorter)
    vals = a.tolist()
    scalar = not _msc.is_tensor(v) and not isinstance(v, (list, tuple))
    va = asarray(v)
    flat = va.reshape((-1,)).tolist()
    out = []
    for x in flat:
        lo = 0
        hi = len(vals)
        while lo < hi:
            mid = (lo + hi) // 2
            if (vals[mid] < x) if side == 'left' else (vals[mid] <= x):
                lo = mid + 1
            else:
                hi = mid
        out.append(lo)
    r = array(out, dtype=int64).reshape(va.shape)
    return r if not scalar else r.reshape(())


def count_nonzero(a, axis=None, keepdims=False):
    a = asarray(a)
    if axis is None and not keepdims:
        return int(_msc.nonzero(a.reshape((-1,)))[0].size)
    return (a != 0).astype(int64).sum(axis=axis, keepdims=keepdims)


def all(a, axis=None, keepdims=False):
    return asarray(a).all(axis=axis, keepdims=keepdims)


def any(a, axis=None, keepdims=False):
    return asarray(a).any(axis=axis, keepdims=keepdims)


def isnan(x):
    return _msc.prim('IsNan', asarray(x))


def isinf(x):
    return _msc.prim('IsInf', asarray(x))


def isfinite(x):
    return _msc.prim('IsFinite', asarray(x))


def log1p(x):
    return _unary('Log1p', x)


def expm1(x):
    return _unary('Expm1', x)


def tan(x):
    return _unary('Tan', x)


def round(a, decimals=0):
    if decimals != 0:
        raise ValueError('msc: np.round: only decimals=0 is supported')
    return _unary('Round', a)


around = round


def _count(a, axis):
    if axis is None:
        return a.size
    if isinstance(axis, int):
        return a.shape[axis]
    n = 1
    for ax in axis:
        n *= a.shape[ax]
    return n


def var(a, axis=None, dtype=None, ddof=0, keepdims=False):
    """numpy's _var: in a's float dtype (float64 for ints and bools), each
    step rounded to it: the mean, the squared deviations, their sum over
    n - ddof."""
    a = asarray(a)
    rt = _dt(dtype) or (a.dtype if a.dtype.kind == 'f' else float64)
    x = a.astype(rt)
    n = _count(a, axis)
    m = x.sum(axis=axis, keepdims=True) / array(n, dtype=rt)
    d = x - m
    return (d * d).sum(axis=axis, keepdims=keepdims) / array(max(n - ddof, 0), dtype=rt)


def std(a, axis=None, dtype=None, ddof=0, keepdims=False):
    """numpy's _std: the square root of var, in var's dtype."""
    return sqrt(var(a, axis, dtype, ddof, keepdims))


def broadcast_to(array, shape):
    return _msc.prim('BroadcastTo', asarray(array), shape=_shape(shape))


def vstack(tup):
    arrs = [asarray(x) for x in tup]
    arrs = [x.reshape((1, -1)) if x.ndim < 2 else x for x in arrs]
    return concatenate(arrs, axis=0)


def hstack(tup):
    arrs = [asarray(x) for x in tup]
    return concatenate(arrs, axis=0 if arrs and arrs[0].ndim == 1 else 1)


def outer(a, b):
    return asarray(a).reshape((-1, 1)) * asarray(b).reshape((1, -1))
