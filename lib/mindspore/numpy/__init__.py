"""mindspore.numpy: MindSpore's numpy-like functions on Tensors (they take
and return mindspore Tensors; this is not numpy). The subset model scripts
use, with mindspore.numpy's defaults: integer results are int32 and float
results float32 unless a dtype says otherwise.
https://www.mindspore.cn/docs/en/r2.3.1/api_python/mindspore.numpy.html
"""
import math as _math

import _msc
from mindspore.common import dtype as _mstype
from mindspore.common.dtype import (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
                                    float16, float32, float64)
from mindspore.ops import functional as _F

Tensor = _msc.Tensor
inf = float('inf')
nan = float('nan')
pi = _math.pi
e = _math.e
newaxis = None

_NAMES = {'bool': bool_, 'bool_': bool_, 'int8': int8, 'int16': int16, 'int32': int32, 'int64': int64,
          'uint8': uint8, 'uint16': uint16, 'uint32': uint32, 'uint64': uint64, 'float16': float16,
          'float32': float32, 'float64': float64, 'float': float32, 'int': int32}


def _dtype(dtype, default):
    if dtype is None:
        return default
    if isinstance(dtype, str):
        if dtype not in _NAMES:
            raise TypeError(f"For 'mindspore.numpy', the dtype '{dtype}' is not supported.")
        return _NAMES[dtype]
    if dtype is float:
        return float32
    if dtype is int:
        return int32
    if dtype is bool:
        return bool_
    return dtype


def _default_of(v):
    if isinstance(v, bool):
        return bool_
    if isinstance(v, int):
        return int32
    return float32


def _to_tensor(a, dtype=None):
    if isinstance(a, Tensor):
        return a if dtype is None else _F.cast(a, dtype)
    if _msc.is_tensor(a):
        return Tensor(a, dtype)
    if dtype is None:
        flat = _flatten(a)
        dtype = float32
        if flat and all(isinstance(v, bool) for v in flat):
            dtype = bool_
        elif flat and all(isinstance(v, int) for v in flat):
            dtype = int32
    return Tensor(a, dtype)


def _flatten(a):
    if isinstance(a, (list, tuple)):
        out = []
        for v in a:
            out.extend(_flatten(v))
        return out
    return [a]


def array(obj, dtype=None, copy=True, ndmin=0):
    t = _to_tensor(obj, _dtype(dtype, None))
    while t.ndim < ndmin:
        t = _F.expand_dims(t, 0)
    return t


def asarray(a, dtype=None):
    return _to_tensor(a, _dtype(dtype, None))


def arange(start, stop=None, step=None, dtype=None):
    """[start, stop) by step; int32 for int arguments, else float32."""
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    allint = isinstance(start, int) and isinstance(stop, int) and isinstance(step, int)
    dt = _dtype(dtype, int32 if allint else float32)
    if step == 0:
        raise ValueError("For 'mindspore.numpy.arange', the 'step' must not be 0.")
    n = int(_math.ceil((stop - start) / step))
    return Tensor([start + i * step for i in range(n if n > 0 else 0)], dt)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    div = (num - 1) if endpoint else num
    step = (stop - start) / div if div > 0 else 0.0
    out = Tensor([start + i * step for i in range(num)], _dtype(dtype, float32))
    return (out, step) if retstep else out


def _fill(shape, value, dtype):
    if isinstance(shape, int):
        shape = (shape,)
    return _msc.fill(tuple(shape), value, dtype, 'ms')


def zeros(shape, dtype=float32):
    return _fill(shape, 0, _dtype(dtype, float32))


def ones(shape, dtype=float32):
    return _fill(shape, 1, _dtype(dtype, float32))


def empty(shape, dtype=float32):
    return zeros(shape, dtype)


def full(shape, fill_value, dtype=None):
    if isinstance(shape, int):
        shape = (shape,)
    if isinstance(fill_value, (list, tuple, Tensor)):
        v = _to_tensor(fill_value, _dtype(dtype, None))
        return _F.broadcast_to(v, tuple(shape))
    return _fill(shape, fill_value, _dtype(dtype, _default_of(fill_value)))


def zeros_like(a, dtype=None):
    a = _to_tensor(a)
    return _fill(a.shape, 0, _dtype(dtype, a.dtype))


def ones_like(a, dtype=None):
    a = _to_tensor(a)
    return _fill(a.shape, 1, _dtype(dtype, a.dtype))


def full_like(a, fill_value, dtype=None):
    a = _to_tensor(a)
    return _fill(a.shape, fill_value, _dtype(dtype, a.dtype))


def eye(N, M=None, k=0, dtype=float32):
    M = N if M is None else M
    return Tensor([[1 if j - i == k else 0 for j in range(M)] for i in range(N)], _dtype(dtype, float32))


def identity(n, dtype=float32):
    return eye(n, dtype=dtype)


def _axis(axis):
    return axis


def sum(a, axis=None, dtype=None, keepdims=False, initial=None):
    a = _to_tensor(a)
    out = _F.sum(a, axis, keepdims)
    if initial is not None:
        out = _F.add(out, initial)
    return out if dtype is None else _F.cast(out, _dtype(dtype, None))


def mean(a, axis=None, keepdims=False, dtype=None):
    a = _to_tensor(a)
    if a.dtype not in _mstype.float_type:
        a = _F.cast(a, float32)
    out = _F.mean(a, axis, keepdims)
    return out if dtype is None else _F.cast(out, _dtype(dtype, None))


def amax(a, axis=None, keepdims=False):
    return _F.amax(_to_tensor(a), axis, keepdims)


def amin(a, axis=None, keepdims=False):
    return _F.amin(_to_tensor(a), axis, keepdims)


def var(x, axis=None, ddof=0, keepdims=False):
    return _F.var(_to_tensor(x), axis, ddof, keepdims)


def std(x, axis=None, ddof=0, keepdims=False):
    return _F.std(_to_tensor(x), axis, ddof, keepdims)


def argmax(a, axis=None):
    return _F.argmax(_to_tensor(a), axis)


def argmin(a, axis=None):
    return _F.argmin(_to_tensor(a), axis)


def dot(a, b):
    """numpy.dot: a scalar product, a matrix product, or the sum over the last
    axis of a and the second-to-last of b."""
    a = _to_tensor(a)
    b = _to_tensor(b)
    if a.ndim == 0 or b.ndim == 0:
        return _F.mul(a, b)
    if b.ndim == 1:
        return _F.sum(_F.mul(a, b), a.ndim - 1)
    k = a.shape[-1]
    a2 = _F.reshape(a, (-1, k))
    perm = [b.ndim - 2] + [i for i in range(b.ndim) if i != b.ndim - 2]
    b2 = _F.reshape(_F.transpose(b, tuple(perm)), (k, -1))
    out = _F.matmul(a2, b2)
    return _F.reshape(out, tuple(a.shape[:-1]) + tuple(b.shape[:-2]) + (b.shape[-1],))


def matmul(x1, x2):
    return _F.matmul(_to_tensor(x1), _to_tensor(x2))


def concatenate(arrays, axis=0):
    ts = [_to_tensor(a) for a in arrays]
    if axis is None:
        ts = [_F.reshape(t, (t.size,)) for t in ts]
        axis = 0
    return _F.concat(ts, axis)


def stack(arrays, axis=0):
    return _F.stack([_to_tensor(a) for a in arrays], axis)


def where(condition, x=None, y=None):
    if x is None and y is None:
        raise ValueError("For 'mindspore.numpy.where', msc needs both 'x' and 'y'.")
    c = _to_tensor(condition)
    if c.dtype != bool_:
        c = _F.cast(c, bool_)
    return _F.where(c, _to_tensor(x), _to_tensor(y))


def reshape(x, new_shape):
    return _F.reshape(_to_tensor(x), new_shape)


def transpose(a, axes=None):
    a = _to_tensor(a)
    if axes is None:
        axes = tuple(range(a.ndim - 1, -1, -1))
    return _F.transpose(a, tuple(axes))


def expand_dims(a, axis):
    return _F.expand_dims(_to_tensor(a), axis)


def squeeze(a, axis=None):
    return _F.squeeze(_to_tensor(a), axis)


def ravel(x):
    x = _to_tensor(x)
    return _F.reshape(x, (x.size,))


def clip(a, a_min, a_max):
    return _F.clamp(_to_tensor(a), a_min, a_max)


def _unary(fn):
    def f(x):
        return fn(_to_tensor(x))
    return f


def _binary(fn):
    def f(x1, x2):
        return fn(_to_tensor(x1) if not isinstance(x1, (int, float)) else x1,
                  _to_tensor(x2) if not isinstance(x2, (int, float)) else x2)
    return f


exp = _unary(_F.exp)
log = _unary(_F.log)
sqrt = _unary(_F.sqrt)
absolute = _unary(_F.abs)
abs = absolute
square = _unary(_F.square)
tanh = _unary(_F.tanh)
sin = _unary(_F.sin)
cos = _unary(_F.cos)
negative = _unary(_F.neg)
floor = _unary(_F.floor)
ceil = _unary(_F.ceil)
sign = _unary(_F.sign)
add = _binary(_F.add)
subtract = _binary(_F.sub)
multiply = _binary(_F.mul)
divide = _binary(_F.div)
true_divide = divide
power = _binary(_F.pow)
maximum = _binary(_F.maximum)
minimum = _binary(_F.minimum)
equal = _binary(_F.equal)
less = _binary(_F.less)
greater = _binary(_F.greater)


def tile(A, reps):
    return _F.tile(_to_tensor(A), reps)


def repeat(a, repeats, axis=None):
    return _F.repeat_interleave(_to_tensor(a), repeats, axis)


def cumsum(a, axis=None, dtype=None):
    a = _to_tensor(a)
    if axis is None:
        a = _F.reshape(a, (a.size,))
        axis = 0
    return _F.cumsum(a, axis, None if dtype is None else _dtype(dtype, None))


def pad(array, pad_width, mode='constant', constant_values=0):
    a = _to_tensor(array)
    if isinstance(pad_width, int):
        pad_width = [(pad_width, pad_width)] * a.ndim
    flat = []
    for p in reversed(list(pad_width)):
        p = (p, p) if isinstance(p, int) else p
        flat.extend([p[0], p[1]])
    modes = {'constant': 'constant', 'reflect': 'reflect', 'edge': 'replicate'}
    if mode not in modes:
        raise ValueError(f"For 'mindspore.numpy.pad', msc supports the modes 'constant', 'reflect' and 'edge', "
                         f"but got {mode}.")
    return _F.pad(a, flat, modes[mode], constant_values if mode == 'constant' else None)


def shape(a):
    return _to_tensor(a).shape


def size(a):
    return _to_tensor(a).size


def ndim(a):
    return _to_tensor(a).ndim
