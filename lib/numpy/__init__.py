"""numpy: the core of numpy that model scripts use, on msc's tensor core.

Arrays are the tensor core's `_msc.ndarray` (numpy semantics: float64 and
int64 defaults, numpy's printing). This is the core of issue 3 —
creation functions, dtypes, random, and a few math functions; the breadth
of numpy comes later.
"""
import _msc
from numpy import random

ndarray = _msc.ndarray

bool_ = _msc.dtype('bool', 'np')
int8 = _msc.dtype('int8', 'np')
int16 = _msc.dtype('int16', 'np')
int32 = _msc.dtype('int32', 'np')
int64 = _msc.dtype('int64', 'np')
uint8 = _msc.dtype('uint8', 'np')
float16 = _msc.dtype('float16', 'np')
float32 = _msc.dtype('float32', 'np')
float64 = _msc.dtype('float64', 'np')
single = float32
double = float64
float_ = float64
int_ = int64
intp = int64

newaxis = None
pi = 3.141592653589793
e = 2.718281828459045
inf = float('inf')
nan = float('nan')
Inf = inf
NaN = nan

_NAMES = {
    'bool': bool_, 'bool_': bool_, 'int8': int8, 'int16': int16, 'int32': int32, 'int64': int64,
    'uint8': uint8, 'float16': float16, 'float32': float32, 'float64': float64,
    'float': float64, 'int': int64, 'double': float64, 'single': float32, 'half': float16,
}


def dtype(obj):
    """numpy.dtype(name or type or dtype)."""
    if isinstance(obj, str):
        if obj not in _NAMES:
            raise TypeError(f"data type '{obj}' not understood")
        return _NAMES[obj]
    if obj is float:
        return float64
    if obj is int:
        return int64
    if obj is bool:
        return bool_
    return obj


def _dt(d):
    if d is None or isinstance(d, str) or d is float or d is int or d is bool:
        return None if d is None else dtype(d)
    return d


def _shape(shape):
    if isinstance(shape, int):
        return (shape,)
    return tuple(shape)


def _scalar_dtype(v):
    if isinstance(v, bool):
        return bool_
    if isinstance(v, int):
        return int64
    return float64


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


def eye(N, M=None, k=0, dtype=float64):
    M = N if M is None else M
    rows = []
    for i in range(N):
        rows.append([1 if j - i == k else 0 for j in range(M)])
    return _msc.array(rows, _dt(dtype) or float64, 'np')


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


def matmul(x1, x2):
    return asarray(x1) @ asarray(x2)


def dot(a, b):
    a = asarray(a)
    b = asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return a * b
    return a @ b


def sum(a, axis=None, dtype=None, keepdims=False):
    a = asarray(a)
    if dtype is not None:
        a = a.astype(_dt(dtype))
    return a.sum(axis=axis, keepdims=keepdims)


def mean(a, axis=None, dtype=None, keepdims=False):
    a = asarray(a)
    if dtype is not None:
        a = a.astype(_dt(dtype))
    return a.mean(axis=axis, keepdims=keepdims)


def max(a, axis=None, keepdims=False):
    return asarray(a).max(axis=axis, keepdims=keepdims)


def min(a, axis=None, keepdims=False):
    return asarray(a).min(axis=axis, keepdims=keepdims)


amax = max
amin = min


def argmax(a, axis=None):
    return asarray(a).argmax(axis=axis)


def allclose(a, b, rtol=1e-05, atol=1e-08):
    a = asarray(a).astype(float64)
    b = asarray(b).astype(float64)
    diff = abs(a - b)
    tol = atol + rtol * abs(b)
    return bool(sum(diff > tol) == 0)


def array_equal(a1, a2):
    a1 = asarray(a1)
    a2 = asarray(a2)
    if a1.shape != a2.shape:
        return False
    return bool(sum(a1 != a2) == 0)
