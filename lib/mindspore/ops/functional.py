"""mindspore.ops.functional (`ops.add`, `ops.matmul`, ...): MindSpore 2.x's
functional ops, with its argument names and defaults.

Decisions where MindSpore's versions differ:
- `ops.max` / `ops.min` return `(values, indices)` (2.x; with axis=None the
  index is 0, as documented);
- `ops.sum(input, dim=None, keepdim=False, *, dtype=None)` (2.x names);
  `ops.reduce_sum(x, axis=(), keep_dims=False)` is kept for 1.x scripts;
- `ops.argmax(input, dim=None, keepdim=False)` returns int64 indices (2.x),
  over the flattened input when dim is None.
"""
import _msc
from mindspore.common import dtype as mstype
from mindspore.ops import operations as P

Tensor = _msc.Tensor

__all__ = [
    'ones', 'zeros', 'ones_like', 'zeros_like', 'fill', 'full', 'full_like', 'add', 'sub', 'mul',
    'div', 'true_divide', 'floor_div', 'floor_mod', 'matmul', 'bmm', 'relu', 'sigmoid', 'tanh',
    'exp', 'log', 'sqrt', 'rsqrt', 'pow', 'abs', 'neg', 'negative', 'square', 'sign', 'floor',
    'ceil', 'round', 'sin', 'cos', 'reciprocal', 'maximum', 'minimum', 'reshape', 'transpose',
    'permute', 'concat', 'cat', 'stack', 'squeeze', 'expand_dims', 'unsqueeze', 'flatten',
    'reduce_sum', 'sum', 'mean', 'reduce_mean', 'prod', 'max', 'min', 'amax', 'amin', 'argmax',
    'argmin', 'softmax', 'log_softmax', 'cast', 'equal', 'not_equal', 'ne', 'less', 'lt',
    'less_equal', 'le', 'greater', 'gt', 'greater_equal', 'ge', 'logical_and', 'logical_or',
    'logical_not', 'shape', 'dtype', 'rank', 'size', 'numel', 'addn', 'bias_add', 'dense',
    'identity', 'clip_by_value', 'clamp', 'square_sum',
]


def _shape(op, shape):
    if isinstance(shape, bool):
        raise TypeError(f"For '{op}', 'shape' must be an int, a tuple or a list of int, but got bool.")
    if isinstance(shape, int):
        return (shape,)
    if isinstance(shape, (tuple, list)):
        return tuple(shape)
    if isinstance(shape, Tensor):
        return tuple(shape.asnumpy().tolist())
    raise TypeError(f"For '{op}', 'shape' must be an int, a tuple or a list of int, but got {type(shape).__name__}.")


def _scalar_dtype(v):
    if isinstance(v, bool):
        return mstype.bool_
    if isinstance(v, int):
        return mstype.int64
    return mstype.float32


# ---- creation --------------------------------------------------------------

def ones(shape, dtype=None):
    return _msc.fill(_shape('ones', shape), 1, mstype.float32 if dtype is None else dtype, 'ms')


def zeros(size, dtype=None):
    return _msc.fill(_shape('zeros', size), 0, mstype.float32 if dtype is None else dtype, 'ms')


def ones_like(input, *, dtype=None):
    return _msc.fill(input.shape, 1, input.dtype if dtype is None else dtype, 'ms')


def zeros_like(input, *, dtype=None):
    return _msc.fill(input.shape, 0, input.dtype if dtype is None else dtype, 'ms')


def fill(type, shape, value):
    return _msc.fill(_shape('fill', shape), value, type, 'ms')


def full(size, fill_value, *, dtype=None):
    if dtype is None:
        dtype = _scalar_dtype(fill_value)
    return _msc.fill(_shape('full', size), fill_value, dtype, 'ms')


def full_like(input, fill_value, *, dtype=None):
    return _msc.fill(input.shape, fill_value, input.dtype if dtype is None else dtype, 'ms')


# ---- elementwise ---------------------------------------------------------

def add(input, other):
    return _msc.prim('Add', input, other)


def sub(input, other):
    return _msc.prim('Sub', input, other)


def mul(input, other):
    return _msc.prim('Mul', input, other)


def div(input, other, *, rounding_mode=None):
    if rounding_mode is None:
        return _msc.prim('RealDiv', input, other)
    if rounding_mode == 'floor':
        return _msc.prim('FloorDiv', input, other)
    if rounding_mode == 'trunc':
        return _msc.prim('Trunc', _msc.prim('RealDiv', input, other))
    raise ValueError(f"For ops.div, rounding_mode value should be None, 'floor' or 'trunc', but got {rounding_mode}.")


def true_divide(dividend, divisor):
    return _msc.prim('RealDiv', dividend, divisor)


def floor_div(x, y):
    return _msc.prim('FloorDiv', x, y)


def floor_mod(x, y):
    return _msc.prim('FloorMod', x, y)


def pow(input, exponent):
    return _msc.prim('Pow', input, exponent)


def maximum(input, other):
    return _msc.prim('Maximum', input, other)


def minimum(input, other):
    return _msc.prim('Minimum', input, other)


def relu(input):
    return _msc.prim('ReLU', input)


def sigmoid(input):
    return _msc.prim('Sigmoid', input)


def tanh(input):
    return _msc.prim('Tanh', input)


def exp(input):
    return _msc.prim('Exp', input)


def log(input):
    return _msc.prim('Log', input)


def sqrt(x):
    return _msc.prim('Sqrt', x)


def rsqrt(input):
    return _msc.prim('Rsqrt', input)


def abs(input):
    return _msc.prim('Abs', input)


def neg(input):
    return _msc.prim('Neg', input)


negative = neg


def square(input):
    return _msc.prim('Square', input)


def sign(input):
    return _msc.prim('Sign', input)


def floor(input):
    return _msc.prim('Floor', input)


def ceil(input):
    return _msc.prim('Ceil', input)


def round(input):
    return _msc.prim('Round', input)


def sin(input):
    return _msc.prim('Sin', input)


def cos(input):
    return _msc.prim('Cos', input)


def reciprocal(input):
    return _msc.prim('Reciprocal', input)


def identity(input):
    return _msc.prim('Identity', input)


def clip_by_value(x, clip_value_min=None, clip_value_max=None):
    if clip_value_min is not None:
        x = _msc.prim('Maximum', x, clip_value_min)
    if clip_value_max is not None:
        x = _msc.prim('Minimum', x, clip_value_max)
    return x


def clamp(input, min=None, max=None):
    return clip_by_value(input, min, max)


def equal(input, other):
    return _msc.prim('Equal', input, other)


def not_equal(input, other):
    return _msc.prim('NotEqual', input, other)


ne = not_equal


def less(input, other):
    return _msc.prim('Less', input, other)


lt = less


def less_equal(input, other):
    return _msc.prim('LessEqual', input, other)


le = less_equal


def greater(input, other):
    return _msc.prim('Greater', input, other)


gt = greater


def greater_equal(input, other):
    return _msc.prim('GreaterEqual', input, other)


ge = greater_equal


def logical_and(input, other):
    return _msc.prim('LogicalAnd', input, other)


def logical_or(input, other):
    return _msc.prim('LogicalOr', input, other)


def logical_not(input):
    return _msc.prim('LogicalNot', input)


def cast(input, dtype):
    return _msc.prim('Cast', input, dtype=dtype)


# ---- linear algebra ------------------------------------------------------

def matmul(input, other):
    """numpy.matmul semantics (MatMulExt): 1-D operands are promoted and the
    added dim removed again; more than 2 dims broadcast as a batch."""
    return _msc.prim('MatMulExt', input, other)


def bmm(input_x, mat2):
    return _msc.prim('BatchMatMul', input_x, mat2, transpose_a=False, transpose_b=False)


def bias_add(input_x, bias):
    return _msc.prim('BiasAdd', input_x, bias)


def dense(input, weight, bias=None):
    """input @ weight.T + bias."""
    x = input
    shape = x.shape
    if len(shape) != 2:
        x = _msc.prim('Reshape', x, shape=(-1, shape[-1]))
    x = _msc.prim('MatMul', x, weight, transpose_a=False, transpose_b=True)
    if bias is not None:
        x = _msc.prim('Add', x, bias)
    if len(shape) != 2:
        x = _msc.prim('Reshape', x, shape=tuple(shape[:-1]) + (-1,))
    return x


# ---- shapes ----------------------------------------------------------------

def reshape(input, shape):
    return _msc.prim('Reshape', input, shape=_shape('reshape', shape))


def transpose(input, input_perm):
    return _msc.prim('Transpose', input, perm=tuple(input_perm))


def permute(input, axis):
    return _msc.prim('Transpose', input, perm=tuple(axis))


def concat(tensors, axis=0):
    return _msc.prim('Concat', *tensors, axis=axis)


cat = concat


def stack(tensors, axis=0):
    return _msc.prim('Stack', *tensors, axis=axis)


def squeeze(input, axis=None):
    if isinstance(axis, int):
        axis = (axis,)
    return _msc.prim('Squeeze', input, axis=tuple(axis) if axis else None)


def expand_dims(input_x, axis):
    return _msc.prim('ExpandDims', input_x, axis=axis)


def unsqueeze(input, dim):
    return _msc.prim('ExpandDims', input, axis=dim)


def flatten(input, order='C', *, start_dim=1, end_dim=-1):
    """Merges dims start_dim..end_dim into one (MindSpore 2.x ops.flatten)."""
    if order not in ('C', 'F'):
        raise ValueError(f"For 'flatten', 'order' must be 'C' or 'F', but got '{order}'.")
    shape = input.shape
    n = len(shape)
    if n <= 1:
        return _msc.prim('Reshape', input, shape=(-1,))
    s = start_dim + n if start_dim < 0 else start_dim
    e = end_dim + n if end_dim < 0 else end_dim
    if s < 0 or s >= n or e < 0 or e >= n:
        raise ValueError(f"For 'flatten', 'start_dim' and 'end_dim' must be in [{-n}, {n - 1}], "
                         f"but got start_dim={start_dim}, end_dim={end_dim}.")
    if s > e:
        raise ValueError(f"For 'flatten', 'start_dim' cannot come after 'end_dim', but got "
                         f"start_dim={start_dim}, end_dim={end_dim}.")
    merged = 1
    for d in shape[s:e + 1]:
        merged *= d
    return _msc.prim('Reshape', input, shape=tuple(shape[:s]) + (merged,) + tuple(shape[e + 1:]))


def shape(input_x):
    return input_x.shape


def dtype(input_x):
    return input_x.dtype


def rank(input_x):
    return input_x.ndim


def size(input_x):
    return input_x.size


numel = size


def addn(x):
    return P.AddN()(x)


# ---- reductions ------------------------------------------------------------

def _axis(axis):
    """MindSpore's axis (None or () = every axis) in the tensor core's form
    (None = every axis)."""
    if axis is None or axis == () or axis == []:
        return None
    if isinstance(axis, list):
        return tuple(axis)
    return axis


def reduce_sum(x, axis=(), keep_dims=False):
    return _msc.prim('ReduceSum', x, axis=_axis(axis), keep_dims=keep_dims)


def sum(input, dim=None, keepdim=False, *, dtype=None):
    if dtype is not None:
        input = cast(input, dtype)
    return _msc.prim('ReduceSum', input, axis=_axis(dim), keep_dims=keepdim)


def square_sum(x, axis=(), keep_dims=False):
    return reduce_sum(square(x), axis, keep_dims)


def mean(input, axis=None, keep_dims=False):
    return _msc.prim('ReduceMean', input, axis=_axis(axis), keep_dims=keep_dims)


def reduce_mean(x, axis=(), keep_dims=False):
    return _msc.prim('ReduceMean', x, axis=_axis(axis), keep_dims=keep_dims)


def prod(input, axis=None, keep_dims=False):
    return _msc.prim('ReduceProd', input, axis=_axis(axis), keep_dims=keep_dims)


def amax(input, axis=None, keepdims=False):
    return _msc.prim('ReduceMax', input, axis=_axis(axis), keep_dims=keepdims)


def amin(input, axis=None, keepdims=False):
    return _msc.prim('ReduceMin', input, axis=_axis(axis), keep_dims=keepdims)


def _value_and_index(op, arg, input, axis, keepdims):
    if axis is None:
        values = _msc.prim(op, input, axis=None, keep_dims=False)
        return values, _msc.fill((), 0, mstype.int64, 'ms')
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"For 'max'/'min', the 'axis' must be an int, but got {type(axis).__name__}.")
    values = _msc.prim(op, input, axis=axis, keep_dims=keepdims)
    index = _msc.prim(arg, input, axis=axis, output_type=mstype.int64, keep_dims=keepdims)
    return values, index


def max(input, axis=None, keepdims=False, *, initial=None, where=None):
    """(values, indices) of the maximum along axis (MindSpore 2.x)."""
    return _value_and_index('ReduceMax', 'Argmax', input, axis, keepdims)


def min(input, axis=None, keepdims=False, *, initial=None, where=None):
    """(values, indices) of the minimum along axis (MindSpore 2.x)."""
    return _value_and_index('ReduceMin', 'Argmin', input, axis, keepdims)


def _arg(op, input, dim, keepdim):
    """Indices (int64) along dim, or into the flattened input when dim is None."""
    return _msc.prim(op, input, axis=dim, output_type=mstype.int64, keep_dims=keepdim and dim is not None)


def argmax(input, dim=None, keepdim=False):
    return _arg('Argmax', input, dim, keepdim)


def argmin(input, axis=None, keepdims=False):
    return _arg('Argmin', input, axis, keepdims)


def softmax(input, axis=-1, *, dtype=None):
    if dtype is not None:
        input = cast(input, dtype)
    return _msc.prim('Softmax', input, axis=P._one_axis('softmax', axis))


def log_softmax(logits, axis=-1):
    return _msc.prim('LogSoftmax', logits, axis=P._one_axis('log_softmax', axis))
