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
import math

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
    # indexing, selection, scatter, sorting
    'split', 'tile', 'broadcast_to', 'where', 'select', 'one_hot', 'gather', 'gather_elements', 'gather_d',
    'gather_nd', 'tensor_scatter_update', 'tensor_scatter_add', 'cumsum', 'cumprod', 'topk', 'top_k', 'unique', 'sort',
    'argsort', 'embedding',
    # activations and reductions
    'erf', 'erfc', 'logsigmoid', 'mish', 'selu', 'softsign', 'hardsigmoid', 'hardswish', 'gelu', 'softplus', 'leaky_relu', 'silu', 'logsumexp', 'norm',
    # neural-network functionals
    'conv2d', 'max_pool2d', 'avg_pool2d', 'dropout', 'batch_norm', 'layer_norm',
    # state
    'assign',
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


# ---- helpers of the functionals below ----------------------------------------

def _norm_axis(op, axis, ndim, name='axis'):
    """axis in [-ndim, ndim) as a non-negative int."""
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"For '{op}', the '{name}' must be an int, but got {type(axis).__name__}.")
    if axis < -ndim or axis >= ndim:
        raise ValueError(f"For '{op}', the '{name}' must be in range [{-ndim}, {ndim}), but got {axis}.")
    return axis + ndim if axis < 0 else axis


def _slice_axis(x, axis, start, stop):
    """x[..., start:stop, ...] along axis (a StridedSlice)."""
    n = x.ndim
    begin = [0] * n
    end = list(x.shape)
    begin[axis] = start
    end[axis] = stop
    return _msc.prim('StridedSlice', x, begin=tuple(begin), end=tuple(end), strides=tuple([1] * n),
                     shrink_axis_mask=0, new_axis=())


def _pair(op, name, v):
    """An int or a 1-/2-tuple as (h, w), each a positive int."""
    if isinstance(v, int) and not isinstance(v, bool):
        v = (v, v)
    elif isinstance(v, (tuple, list)) and len(v) == 1:
        v = (v[0], v[0])
    elif isinstance(v, (tuple, list)) and len(v) == 2:
        v = (v[0], v[1])
    else:
        raise TypeError(f"For '{op}', the '{name}' must be an int or a tuple of two int, but got {v}.")
    for d in v:
        if not isinstance(d, int) or isinstance(d, bool) or d <= 0:
            raise ValueError(f"For '{op}', the '{name}' must be positive int, but got {v}.")
    return v


def _pad4(op, padding):
    """padding: int (all sides), (h, w) or (top, bottom, left, right), each >= 0."""
    if isinstance(padding, int) and not isinstance(padding, bool):
        p = (padding, padding, padding, padding)
    elif isinstance(padding, (tuple, list)) and len(padding) == 1:
        p = (padding[0], padding[0], padding[0], padding[0])
    elif isinstance(padding, (tuple, list)) and len(padding) == 2:
        p = (padding[0], padding[0], padding[1], padding[1])
    elif isinstance(padding, (tuple, list)) and len(padding) == 4:
        p = tuple(padding)
    else:
        raise TypeError(f"For '{op}', the 'padding' must be an int or a tuple of 2 or 4 int, but got {padding}.")
    for d in p:
        if not isinstance(d, int) or isinstance(d, bool) or d < 0:
            raise ValueError(f"For '{op}', the 'padding' must be non-negative int, but got {padding}.")
    return p


def _same_pad(size, k, s, d):
    """'same' padding of one spatial dim as MindSpore/TensorFlow split it:
    total = max((ceil(size / s) - 1) * s + (k - 1) * d + 1 - size, 0), the
    smaller half before (top/left), the rest after (bottom/right)."""
    out = (size + s - 1) // s
    total = (out - 1) * s + (k - 1) * d + 1 - size
    if total < 0:
        total = 0
    return total // 2, total - total // 2


def _conv_pad(op, pad_mode, padding, hw, k, s, d):
    """(top, bottom, left, right) for Conv2D from MindSpore's pad_mode/padding."""
    if not isinstance(pad_mode, str) or pad_mode.lower() not in ('same', 'valid', 'pad'):
        raise ValueError(f"For '{op}', the 'pad_mode' must be one of ['same', 'valid', 'pad'], but got {pad_mode}.")
    mode = pad_mode.lower()
    p = _pad4(op, padding)
    if mode != 'pad':
        if p != (0, 0, 0, 0):
            raise ValueError(f"For '{op}', the 'padding' must be zero when 'pad_mode' is not 'pad', "
                             f"but got 'padding': {padding} and 'pad_mode': {pad_mode}.")
        if mode == 'valid':
            return (0, 0, 0, 0)
        t, b = _same_pad(hw[0], k[0], s[0], d[0])
        l, r = _same_pad(hw[1], k[1], s[1], d[1])
        return (t, b, l, r)
    return p


def _is_capturing():
    return _msc.capturing()


# ---- indexing, selection, scatter, sorting -----------------------------------

def split(tensor, split_size_or_sections, axis=0):
    """tuple of pieces along axis: chunks of split_size_or_sections (the last
    one smaller), or the given sizes (which must add up to the dim).
    https://www.mindspore.cn/docs/zh-CN/r2.3.0/api_python/ops/mindspore.ops.split.html"""
    ax = _norm_axis('split', axis, tensor.ndim)
    n = tensor.shape[ax]
    sizes = []
    if isinstance(split_size_or_sections, int) and not isinstance(split_size_or_sections, bool):
        if split_size_or_sections <= 0:
            raise ValueError(f"For 'split', the 'split_size_or_sections' must be positive, "
                             f"but got {split_size_or_sections}.")
        start = 0
        while start < n:
            sizes.append(split_size_or_sections if start + split_size_or_sections <= n else n - start)
            start += split_size_or_sections
        if n == 0:
            sizes.append(0)
    elif isinstance(split_size_or_sections, (tuple, list)):
        total = 0
        for v in split_size_or_sections:
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'split', the elements of 'split_size_or_sections' must be int, "
                                f"but got {split_size_or_sections}.")
            total += v
            sizes.append(v)
        if total != n:
            raise ValueError(f"For 'split', the sum of 'split_size_or_sections' must be equal to "
                             f"tensor.shape[axis] {n}, but got {total}.")
    else:
        raise TypeError(f"For 'split', the 'split_size_or_sections' must be int, tuple(int) or list(int), "
                        f"but got {type(split_size_or_sections).__name__}.")
    out = []
    start = 0
    for sz in sizes:
        out.append(_slice_axis(tensor, ax, start, start + sz))
        start += sz
    return tuple(out)


def tile(input, dims):
    """numpy.tile: dims may be longer than input.ndim (leading 1s)."""
    if isinstance(dims, int):
        dims = (dims,)
    return _msc.prim('Tile', input, multiples=tuple(dims))


def broadcast_to(input, shape):
    """Broadcast to shape; a -1 in shape keeps the input's size at that dim
    (aligned from the right)."""
    shape = _shape('broadcast_to', shape)
    ishape = input.shape
    out = []
    off = len(shape) - len(ishape)
    for i in range(len(shape)):
        d = shape[i]
        if d == -1:
            if i < off:
                raise ValueError(f"For 'broadcast_to', -1 is not allowed in a leading, non-existing dimension "
                                 f"{i}, but got shape {shape}.")
            d = ishape[i - off]
        out.append(d)
    return _msc.prim('BroadcastTo', input, shape=tuple(out))


def where(condition, input, other):
    """input where condition else other, broadcasting the three."""
    return _msc.prim('Select', condition, input, other)


def select(cond, input, other):
    return _msc.prim('Select', cond, input, other)


def _scalar_of(op, name, v):
    """(python value, dtype) of a Python number or a 0-d/1-element Tensor."""
    if isinstance(v, Tensor):
        if v.size != 1:
            raise ValueError(f"For '{op}', the '{name}' must be a scalar, but got a Tensor of shape {v.shape}.")
        return v.asnumpy().item(), v.dtype
    if isinstance(v, bool):
        return v, mstype.bool_
    if isinstance(v, int):
        return v, mstype.int64
    if isinstance(v, float):
        return v, mstype.float32
    raise TypeError(f"For '{op}', the '{name}' must be a number or a Tensor, but got {type(v).__name__}.")


def one_hot(indices, depth, on_value=1, off_value=0, axis=-1):
    """One-hot of indices with a new dim of size depth at axis. The output
    dtype is on_value's (a Tensor's dtype; int64 for a Python int, float32
    for a Python float). https://www.mindspore.cn/docs/en/r2.3.0/api_python/ops/mindspore.ops.one_hot.html"""
    if not isinstance(depth, int) or isinstance(depth, bool):
        raise TypeError(f"For 'one_hot', the 'depth' must be an int, but got {type(depth).__name__}.")
    if depth < 0:
        raise ValueError(f"For 'one_hot', the 'depth' must be non-negative, but got {depth}.")
    on, dt = _scalar_of('one_hot', 'on_value', on_value)
    off, _ = _scalar_of('one_hot', 'off_value', off_value)
    return _msc.prim('OneHot', indices, depth=depth, on_value=on, off_value=off, axis=axis, dtype=dt)


def gather(input_params, input_indices, axis, batch_dims=0):
    """numpy.take(input_params, input_indices, axis)."""
    if batch_dims != 0:
        raise ValueError(f"For 'gather', msc supports only 'batch_dims' 0, but got {batch_dims}.")
    return _msc.prim('Gather', input_params, input_indices, axis=axis)


def gather_elements(input, dim, index):
    """numpy.take_along_axis(input, index, dim) (GatherD)."""
    return _msc.prim('GatherD', input, index, axis=dim)


def gather_d(x, dim, index):
    return _msc.prim('GatherD', x, index, axis=dim)


def gather_nd(input_x, indices):
    return _msc.prim('GatherNd', input_x, indices)


def tensor_scatter_update(input_x, indices, updates):
    return _msc.prim('TensorScatterUpdate', input_x, indices, updates)


def tensor_scatter_add(input_x, indices, updates):
    return _msc.prim('TensorScatterAdd', input_x, indices, updates)


def cumsum(x, axis, dtype=None):
    if dtype is not None:
        x = cast(x, dtype)
    return _msc.prim('CumSum', x, axis=axis, exclusive=False, reverse=False)


def cumprod(input, dim, dtype=None):
    if dtype is not None:
        input = cast(input, dtype)
    return _msc.prim('CumProd', input, axis=dim, exclusive=False, reverse=False)


def argsort(input, axis=-1, descending=False):
    """Indices (int32, as MindSpore's Sort) that sort input along axis; stable."""
    return _msc.prim('ArgSort', input, axis=axis, descending=descending, dtype=mstype.int32)


def sort(input_x, axis=-1, descending=False):
    """(sorted values, int32 indices) along axis; stable (equal values keep
    their order). https://www.mindspore.cn/docs/zh-CN/r2.2/api_python/ops/mindspore.ops.sort.html"""
    if not isinstance(descending, bool):
        raise TypeError(f"For 'sort', the 'descending' must be a bool, but got {type(descending).__name__}.")
    idx = _msc.prim('ArgSort', input_x, axis=axis, descending=descending, dtype=mstype.int32)
    return _msc.prim('GatherD', input_x, idx, axis=axis), idx


def topk(input, k, dim=None, largest=True, sorted=True):
    """(values, int32 indices) of the k largest (smallest) along dim (default
    the last); equal values in the order MindSpore's CPU kernel
    (topk_cpu_kernel.cc) leaves them, see below.
    https://mindspore.cn/docs/zh-CN/r2.4.1/api_python/ops/mindspore.ops.topk.html"""
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError(f"For 'topk', the 'k' must be an int, but got {type(k).__name__}.")
    if not isinstance(sorted, bool):
        raise TypeError(f"For 'topk', the 'sorted' must be a bool, but got {type(sorted).__name__}.")
    if input.ndim == 0:
        input = _msc.prim('Reshape', input, shape=(1,))
    ax = _norm_axis('topk', -1 if dim is None else dim, input.ndim, 'dim')
    n = input.shape[ax]
    if k < 0 or k > n:
        raise ValueError(f"For 'topk', the 'k' must be in range [0, {n}], but got {k}.")
    if k == 0 or (sorted and k > int(n * 0.5)):
        # the kernel's sorted path for k > n * 0.5: a stable sort of the axis
        idx = _msc.prim('ArgSort', input, axis=ax, descending=largest, dtype=mstype.int32)
    elif sorted:
        # else std::nth_element(k), then a stable sort of those k: equal
        # values on both sides of the k-th keep nth_element's choice
        idx = _slice_axis(_msc.prim('ArgSort', input, axis=ax, descending=largest, dtype=mstype.int32,
                                    select=k), ax, 0, k)
        order = _msc.prim('ArgSort', _msc.prim('GatherD', input, idx, axis=ax), axis=ax,
                          descending=largest, dtype=mstype.int32)
        idx = _msc.prim('GatherD', idx, order, axis=ax)
    else:
        # MindSpore's CPU kernel (topk_cpu_kernel.cc) leaves sorted=False
        # to std::nth_element(k) with > (libstdc++'s introselect): the
        # input order when k is the whole axis (what its tests assert),
        # else that algorithm's order, which ArgSort's select reproduces.
        idx = _msc.prim('ArgSort', input, axis=ax, descending=largest, dtype=mstype.int32, select=k)
    idx = _slice_axis(idx, ax, 0, k)
    return _msc.prim('GatherD', input, idx, axis=ax), idx


def unique(input):
    """(y, idx): the distinct elements of input (flattened) in the order of
    their first occurrence, as MindSpore's CPU kernel gives them (its test
    tests/st/ops/cpu/test_unique_op.py: [1, 5, 2, 2] -> [1, 5, 2]), and
    for each element of input the int32 index of its value in y (input's
    shape). Eager: y's length depends on the values."""
    if not _msc.is_tensor(input):
        raise TypeError(f"For 'unique', the 'input' must be a Tensor, but got {type(input).__name__}.")
    shape = input.shape
    a = _msc.prim('Reshape', input, shape=(-1,))
    n = a.shape[0]
    if n == 0:
        return a, _msc.prim('Reshape', cast(a, mstype.int32), shape=shape)
    perm = _msc.prim('ArgSort', a, axis=0, dtype=mstype.int64)
    s = _msc.prim('Gather', a, perm, axis=0)
    head = _msc.prim('Fill', shape=(1,), value=True, dtype=mstype.bool_)
    if n > 1:
        mask = concat((head, _msc.prim('NotEqual', s[1:], s[:-1])))
    else:
        mask = head
    first = _msc.nonzero(mask)[0]                       # group starts, sorted order
    firstidx = _msc.prim('Gather', perm, first, axis=0)   # each group's first occurrence
    order = _msc.prim('ArgSort', firstidx, axis=0, dtype=mstype.int64)
    y = _msc.prim('Gather', a, _msc.prim('Gather', firstidx, order, axis=0), axis=0)
    grp = _msc.prim('CumSum', cast(mask, mstype.int64), axis=0, exclusive=False, reverse=False) - 1
    grp = _msc.prim('Gather', grp, _msc.prim('ArgSort', perm, axis=0, dtype=mstype.int64), axis=0)
    rank = _msc.prim('ArgSort', order, axis=0, dtype=mstype.int32)
    idx = _msc.prim('Gather', rank, grp, axis=0)
    return y, _msc.prim('Reshape', idx, shape=shape)


def top_k(input_x, k, sorted=True):
    """top_k(input_x, k, sorted=True): TopK(sorted)(input_x, k)."""
    return topk(input_x, k, -1, True, sorted)


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False):
    """Rows of weight at the indices in input (a Gather on axis 0)."""
    if max_norm is not None:
        raise ValueError("For 'embedding', msc does not support 'max_norm'.")
    return _msc.prim('Gather', weight, input, axis=0)


# ---- activations ---------------------------------------------------------------

def erf(input):
    return _msc.prim('Erf', input)


def hardswish(input):
    """Hard Swish: 0 for x <= -3, x for x >= 3, else x (x + 3) / 6."""
    return _msc.prim('HSwish', input)


def hardsigmoid(input):
    """Hard Sigmoid: 0 for x <= -3, 1 for x >= 3, else (x + 3) / 6."""
    return _msc.prim('HSigmoid', input)


def softsign(x):
    """x / (1 + |x|)."""
    return _msc.prim('Softsign', x)


def selu(input_x):
    """scale * (x if x > 0 else alpha * (exp(x) - 1)), alpha = 1.67326324, scale = 1.05070098."""
    return _msc.prim('SeLU', input_x)


def mish(x):
    """x * tanh(softplus(x))."""
    return _msc.prim('Mish', x)


def logsigmoid(x):
    """log(1 / (1 + exp(-x))), as min(x, 0) - log1p(exp(-|x|))."""
    return _msc.prim('LogSigmoid', x)


def erfc(input):
    """1 - erf(input) (ops.erfc; float16/float32/float64, ints computed in float32)."""
    return _msc.prim('Erfc', input)


def _gelu_tanh(x):
    """0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))."""
    inner = mul(add(x, mul(mul(mul(x, x), x), 0.044715)), 0.7978845608028654)
    return mul(mul(x, 0.5), add(_msc.prim('Tanh', inner), 1.0))


def gelu(input, approximate='none'):
    """x * P(X <= x) ('none', the GeLU primitive's erf form) or the tanh
    approximation ('tanh').
    https://mindspore.cn/docs/zh-CN/r2.3.0/_sources/api_python/ops/mindspore.ops.gelu.rst.txt"""
    if approximate == 'none':
        return _msc.prim('GeLU', input)
    if approximate == 'tanh':
        return _gelu_tanh(input)
    raise ValueError(f"For 'gelu', 'approximate' must be either 'none' or 'tanh', but got {approximate}.")


def softplus(input, beta=1, threshold=20):
    """log(1 + exp(beta x)) / beta, and x where beta x > threshold."""
    if beta == 1 and threshold == 20:
        return _msc.prim('Softplus', input)
    bx = mul(input, beta)
    soft = div(_msc.prim('Log1p', _msc.prim('Exp', bx)), beta)
    return _msc.prim('Select', _msc.prim('Greater', bx, threshold), input, soft)


def leaky_relu(input, alpha=0.2):
    """x where x >= 0, alpha * x elsewhere."""
    return _msc.prim('Select', _msc.prim('GreaterEqual', input, 0), input, mul(input, alpha))


def silu(input):
    return _msc.prim('SiLU', input)


# ---- reductions ------------------------------------------------------------------

def logsumexp(input, axis, keep_dims=False):
    """log(sum(exp(x), axis)) computed as MindSpore does: max + log(sum(exp(x - max)))."""
    m = _msc.prim('ReduceMax', input, axis=_axis(axis), keep_dims=True)
    s = _msc.prim('ReduceSum', _msc.prim('Exp', sub(input, m)), axis=_axis(axis), keep_dims=keep_dims)
    if not keep_dims:
        m = _msc.prim('ReduceMax', m, axis=_axis(axis), keep_dims=False)
    return add(_msc.prim('Log', s), m)


def _vector_norm(x, ord, dims, keepdim):
    ax = dims if len(dims) != 1 else dims[0]
    a = abs(x)
    if ord == float('inf'):
        return _msc.prim('ReduceMax', a, axis=ax, keep_dims=keepdim)
    if ord == float('-inf'):
        return _msc.prim('ReduceMin', a, axis=ax, keep_dims=keepdim)
    if ord == 0:
        return _msc.prim('ReduceSum', cast(_msc.prim('NotEqual', x, 0), x.dtype), axis=ax, keep_dims=keepdim)
    if ord == 1:
        return _msc.prim('ReduceSum', a, axis=ax, keep_dims=keepdim)
    if ord == 2:
        return sqrt(_msc.prim('ReduceSum', square(x), axis=ax, keep_dims=keepdim))
    return pow(_msc.prim('ReduceSum', pow(a, ord), axis=ax, keep_dims=keepdim), 1.0 / ord)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """Vector norms (dim an int, or None on a 1-D input) and matrix norms (dim
    a 2-tuple, or None on a 2-D input with ord given): ord None/'fro'
    (Frobenius / 2-norm), 1, -1, inf, -inf, 0 and p (vectors); 'fro', 1, -1,
    inf, -inf (matrices). dim None with ord None: the 2-norm of the flattened input.
    https://www.mindspore.cn/docs/en/r2.3.0/api_python/ops/mindspore.ops.norm.html"""
    if dtype is not None:
        A = cast(A, dtype)
    n = A.ndim
    if dim is None:
        if ord is None:
            return sqrt(_msc.prim('ReduceSum', square(A), axis=None, keep_dims=False)) if not keepdim else \
                sqrt(_msc.prim('ReduceSum', square(A), axis=tuple(range(n)), keep_dims=True))
        if n == 1:
            dims = (0,)
        elif n == 2:
            dims = (0, 1)
        else:
            raise ValueError(f"For 'norm', the input must be 1-D or 2-D when 'dim' is None and 'ord' is not None, "
                             f"but got {n}-D.")
    elif isinstance(dim, int):
        dims = (_norm_axis('norm', dim, n, 'dim'),)
    else:
        dims = tuple([_norm_axis('norm', d, n, 'dim') for d in dim])
    if len(dims) == 1:
        if isinstance(ord, str):
            raise ValueError(f"For 'norm', the 'ord' {ord} is not a vector norm.")
        return _vector_norm(A, 2 if ord is None else ord, dims, keepdim)
    if len(dims) != 2 or dims[0] == dims[1]:
        raise ValueError(f"For 'norm', the 'dim' must be an int or a tuple of two different int, but got {dim}.")
    if ord is None or ord == 'fro':
        return sqrt(_msc.prim('ReduceSum', square(A), axis=dims, keep_dims=keepdim))
    a = abs(A)
    if ord == 1 or ord == -1:
        r, c = dims[0], dims[1]
    elif ord == float('inf') or ord == float('-inf'):
        r, c = dims[1], dims[0]
    else:
        raise ValueError(f"For 'norm', msc supports the matrix norms 'fro', 1, -1, inf and -inf, but got ord {ord}.")
    s = _msc.prim('ReduceSum', a, axis=r, keep_dims=True)
    red = 'ReduceMax' if ord == 1 or ord == float('inf') else 'ReduceMin'
    out = _msc.prim(red, s, axis=c, keep_dims=True)
    if not keepdim:
        out = _msc.prim('Squeeze', out, axis=dims)
    return out


# ---- neural-network functionals (NCHW) --------------------------------------------

def conv2d(input, weight, bias=None, stride=1, pad_mode='valid', padding=0, dilation=1, groups=1):
    """2-D cross-correlation; weight (Cout, Cin/groups, kh, kw); pad_mode
    'valid' (default), 'same' or 'pad' (padding: int, (h, w) or (top,
    bottom, left, right)).
    https://mindspore.cn/docs/zh-CN/r2.0/api_python/ops/mindspore.ops.conv2d.html"""
    if input.ndim != 4 or weight.ndim != 4:
        raise ValueError(f"For 'conv2d', the input and the weight must be 4-D, but got shapes {input.shape} and "
                         f"{weight.shape}.")
    s = _pair('conv2d', 'stride', stride)
    d = _pair('conv2d', 'dilation', dilation)
    if not isinstance(groups, int) or isinstance(groups, bool) or groups <= 0:
        raise ValueError(f"For 'conv2d', the 'groups' must be a positive int, but got {groups}.")
    k = (weight.shape[2], weight.shape[3])
    pad = _conv_pad('conv2d', pad_mode, padding, (input.shape[2], input.shape[3]), k, s, d)
    out = _msc.prim('Conv2D', input, weight, stride=s, pad=pad, dilation=d, group=groups)
    if bias is not None:
        out = _msc.prim('BiasAdd', out, bias)
    return out


def max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
    """2-D max pooling (padding: int or (h, w), on both sides; stride defaults
    to kernel_size). https://www.mindspore.cn/docs/zh-CN/br_base/api_python/ops/mindspore.ops.max_pool2d.html"""
    k = _pair('max_pool2d', 'kernel_size', kernel_size)
    s = k if stride is None else _pair('max_pool2d', 'stride', stride)
    if _pair('max_pool2d', 'dilation', dilation) != (1, 1):
        raise ValueError(f"For 'max_pool2d', msc supports only 'dilation' 1, but got {dilation}.")
    if return_indices:
        raise ValueError("For 'max_pool2d', msc does not support 'return_indices' True.")
    if isinstance(padding, (tuple, list)) and len(padding) == 4:
        raise TypeError(f"For 'max_pool2d', the 'padding' must be an int or a tuple of two int, but got {padding}.")
    p = _pad4('max_pool2d', padding)
    if p[0] * 2 > k[0] or p[2] * 2 > k[1]:
        raise ValueError(f"For 'max_pool2d', the 'padding' must be at most half the kernel size, but got "
                         f"padding {padding} and kernel_size {kernel_size}.")
    return _msc.prim('MaxPool', x, kernel_size=k, stride=s, pad=p, ceil_mode=ceil_mode)


def avg_pool2d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=0):
    """2-D average pooling (padding: int or (top, bottom, left, right)).
    https://mindspore.cn/docs/zh-CN/r2.4.1/api_python/ops/mindspore.ops.avg_pool2d.html"""
    k = _pair('avg_pool2d', 'kernel_size', kernel_size)
    s = _pair('avg_pool2d', 'stride', stride)
    p = _pad4('avg_pool2d', padding)
    if divisor_override:
        out = _msc.prim('AvgPool', input_x, kernel_size=k, stride=s, pad=p, ceil_mode=ceil_mode,
                        count_include_pad=True)
        return div(mul(out, k[0] * k[1]), divisor_override)
    return _msc.prim('AvgPool', input_x, kernel_size=k, stride=s, pad=p, ceil_mode=ceil_mode,
                     count_include_pad=count_include_pad)


def _bernoulli_keep(x, p):
    """A float mask of x's shape and dtype: 1 with probability 1 - p, drawn
    from msc's global numpy stream (np.random.seed / ms.set_seed)."""
    u = Tensor(_msc.rand(tuple(x.shape)))
    return cast(_msc.prim('GreaterEqual', u, p), x.dtype)


def dropout(input, p=0.5, training=True, seed=None):
    """Zeroes elements with probability p and scales the rest by 1 / (1 - p)
    when training; the input itself otherwise. The mask comes from msc's
    global random stream (not MindSpore's generator: other values)."""
    if not isinstance(p, (int, float)) or isinstance(p, bool) or p < 0 or p > 1:
        raise ValueError(f"For 'dropout', the 'p' must be a number in range [0, 1], but got {p}.")
    if not training or p == 0:
        return input
    if _is_capturing():
        raise RuntimeError("For 'dropout', training mode is not supported in graph mode by msc (its random mask "
                           "needs a random op in the graph); use set_train(False) or PyNative mode.")
    if p == 1:
        return zeros_like(input)
    return div(mul(input, _bernoulli_keep(input, p)), 1.0 - p)


def _channel_shape(x):
    """(1, C, 1, ...) for broadcasting per-channel values against x (NC...)."""
    return (1, x.shape[1]) + tuple([1] * (x.ndim - 2))


def _batch_stats(x):
    """(mean, biased var, count) per channel (dim 1) of x."""
    axes = tuple([0] + list(range(2, x.ndim)))
    mean_ = _msc.prim('ReduceMean', x, axis=axes, keep_dims=False)
    c = _msc.prim('Reshape', mean_, shape=_channel_shape(x))
    var = _msc.prim('ReduceMean', square(sub(x, c)), axis=axes, keep_dims=False)
    count = 1
    for a in axes:
        count *= x.shape[a]
    return mean_, var, count


def _bn_train(op, x, running_mean, running_var, weight, bias, factor, eps):
    """Training-mode batch norm: normalises with the batch statistics and
    updates running_mean/running_var in place (when they are Parameters) as
    running = (1 - factor) * running + factor * batch, with the unbiased batch
    variance (n / (n - 1)) for running_var, as MindSpore's CPU kernel and
    PyTorch do. The updates are ops.assign: eager copies in PyNative, Assign
    nodes in a graph (a jit training step keeps its running statistics)."""
    mean_, var, n = _batch_stats(x)
    if isinstance(running_mean, _msc.Parameter) and isinstance(running_var, _msc.Parameter):
        unbiased = mul(var, n / (n - 1)) if n > 1 else var
        _msc.assign(running_mean, add(mul(running_mean, 1.0 - factor), mul(mean_, factor)))
        _msc.assign(running_var, add(mul(running_var, 1.0 - factor), mul(unbiased, factor)))
    return _msc.prim('BatchNorm', x, weight, bias, mean_, var, epsilon=eps)


def batch_norm(input_x, running_mean, running_var, weight, bias, training=False, momentum=0.1, eps=1e-5):
    """Batch normalisation over dim 1. training=False: with running_mean/var;
    True: with the batch statistics, and the running ones updated as
    running = (1 - momentum) * running + momentum * batch.
    https://www.mindspore.cn/docs/en/r2.3.0/api_python/ops/mindspore.ops.batch_norm.html"""
    if training:
        return _bn_train('batch_norm', input_x, running_mean, running_var, weight, bias, momentum, eps)
    return _msc.prim('BatchNorm', input_x, weight, bias, running_mean, running_var, epsilon=eps)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Normalises over the last len(normalized_shape) dims, then * weight + bias."""
    if isinstance(normalized_shape, int):
        normalized_shape = (normalized_shape,)
    normalized_shape = tuple(normalized_shape)
    k = len(normalized_shape)
    if k == 0 or k > input.ndim or tuple(input.shape[input.ndim - k:]) != normalized_shape:
        raise ValueError(f"For 'layer_norm', the 'normalized_shape' must be the trailing dims of the input shape "
                         f"{input.shape}, but got {normalized_shape}.")
    if weight is None:
        weight = ones(normalized_shape, input.dtype)
    if bias is None:
        bias = zeros(normalized_shape, input.dtype)
    begin = input.ndim - k
    return _msc.prim('LayerNorm', input, weight, bias, begin_norm_axis=begin, begin_params_axis=begin, epsilon=eps)


def assign(variable, value):
    """Writes value into the Parameter `variable` (cast to its dtype; same shape) and
    returns it. Inside a graph this is an Assign node: later reads see the new value
    and the update persists across calls."""
    return _msc.assign(variable, value)


# ---- issue 19: the 2.x functional breadth (composed from the primitives above,
# so every one has a gradient and runs in graphs) -----------------------------

def _check_tensor(op, name, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor, but got {type(x).__name__}.")


def _check_int_arg(op, name, v):
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"For '{op}', the '{name}' must be an int, but got {type(v).__name__}.")
    return v


def chunk(input, chunks, axis=0):
    """Splits input into chunks pieces of ceil(n / chunks) along axis (the
    last one smaller; fewer pieces when n is small), as ops.chunk.
    https://www.mindspore.cn/docs/en/r2.1/api_python/ops/mindspore.ops.chunk.html"""
    _check_tensor('chunk', 'input', input)
    _check_int_arg('chunk', 'chunks', chunks)
    _check_int_arg('chunk', 'axis', axis)
    if chunks <= 0:
        raise ValueError(f"For 'chunk', the 'chunks' must be positive, but got {chunks}.")
    ax = _norm_axis('chunk', axis, input.ndim)
    n = input.shape[ax]
    size = (n + chunks - 1) // chunks
    if size == 0:
        return (input,)
    return split(input, size, ax)


def unstack(input_x, axis=0):
    """The slices of input_x along axis, as a tuple (ops.unstack)."""
    _check_tensor('unstack', 'input_x', input_x)
    ax = _norm_axis('unstack', axis, input_x.ndim)
    out = []
    for i in range(input_x.shape[ax]):
        out.append(_msc.prim('Squeeze', _slice_axis(input_x, ax, i, i + 1), axis=(ax,)))
    return tuple(out)


def narrow(input, axis, start, length):
    """input[..., start:start + length, ...] along axis."""
    _check_tensor('narrow', 'input', input)
    ax = _norm_axis('narrow', axis, input.ndim)
    n = input.shape[ax]
    if start < -n or start > n:
        raise ValueError(f"For 'narrow', the 'start' must be in range [{-n}, {n}], but got {start}.")
    if start < 0:
        start += n
    if length < 0 or start + length > n:
        raise ValueError(f"For 'narrow', 'start' + 'length' must be in range [0, {n}], but got {start + length}.")
    return _slice_axis(input, ax, start, start + length)


def masked_fill(input_x, mask, value):
    """value where mask is True, input_x elsewhere (mask broadcasts); value is a
    number or a 0-d Tensor, cast to input_x's dtype.
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.masked_fill.html"""
    _check_tensor('masked_fill', 'input_x', input_x)
    _check_tensor('masked_fill', 'mask', mask)
    if mask.dtype != mstype.bool_:
        raise TypeError(f"For 'masked_fill', the dtype of 'mask' must be Bool, but got {mask.dtype}.")
    if isinstance(value, Tensor):
        if value.ndim != 0:
            raise ValueError(f"For 'masked_fill', the 'value' must be a number or a 0-D Tensor, but got a Tensor of "
                             f"shape {value.shape}.")
        v = cast(value, input_x.dtype)
    elif isinstance(value, (int, float)):
        v = _msc.fill((), value, input_x.dtype, 'ms')
    else:
        raise TypeError(f"For 'masked_fill', the 'value' must be a number or a Tensor, but got "
                        f"{type(value).__name__}.")
    return _msc.prim('Select', mask, v, input_x)


def repeat_interleave(input, repeats, axis=None):
    """Each element repeated `repeats` times along axis (the flattened input
    when axis is None); repeats is an int or one count per element.
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.repeat_interleave.html"""
    _check_tensor('repeat_interleave', 'input', input)
    if axis is None:
        input = _msc.prim('Reshape', input, shape=(input.size,))
        axis = 0
    ax = _norm_axis('repeat_interleave', axis, input.ndim)
    n = input.shape[ax]
    if isinstance(repeats, Tensor):
        repeats = repeats.asnumpy().tolist()
        if isinstance(repeats, int):
            repeats = [repeats]
    if isinstance(repeats, int) and not isinstance(repeats, bool):
        counts = [repeats] * n
    elif isinstance(repeats, (list, tuple)):
        counts = list(repeats)
        if len(counts) == 1:
            counts = counts * n
        if len(counts) != n:
            raise ValueError(f"For 'repeat_interleave', the size of 'repeats' must be 1 or {n}, but got "
                             f"{len(counts)}.")
    else:
        raise TypeError(f"For 'repeat_interleave', the 'repeats' must be an int, a list or a Tensor, but got "
                        f"{type(repeats).__name__}.")
    idx = []
    for i in range(n):
        if counts[i] < 0:
            raise ValueError(f"For 'repeat_interleave', the 'repeats' must be non-negative, but got {counts[i]}.")
        idx.extend([i] * counts[i])
    return _msc.prim('Gather', input, Tensor(idx, mstype.int64), axis=ax)


def _const_like(x, shape, value):
    return _msc.fill(tuple(shape), value, x.dtype, 'ms')


def pad(input_x, padding, mode='constant', value=None):
    """Pads the last len(padding) // 2 dims: padding = (left, right) of the
    last dim, then (top, bottom) of the one before, ...; negative amounts
    crop. mode 'constant' (value, default 0), 'reflect' or 'replicate'.
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.pad.html"""
    _check_tensor('pad', 'input_x', input_x)
    if isinstance(padding, Tensor):
        padding = padding.asnumpy().tolist()
    if not isinstance(padding, (tuple, list)):
        raise TypeError(f"For 'pad', the 'padding' must be a tuple, a list or a Tensor, but got "
                        f"{type(padding).__name__}.")
    if len(padding) % 2 != 0 or len(padding) // 2 > input_x.ndim:
        raise ValueError(f"For 'pad', the length of 'padding' must be even and at most 2 * {input_x.ndim}, "
                         f"but got {len(padding)}.")
    for p in padding:
        if not isinstance(p, int) or isinstance(p, bool):
            raise TypeError(f"For 'pad', the elements of 'padding' must be int, but got {padding}.")
    if mode not in ('constant', 'reflect', 'replicate'):
        raise ValueError(f"For 'pad', the 'mode' must be 'constant', 'reflect' or 'replicate', but got {mode}.")
    if mode != 'constant' and value is not None:
        raise ValueError(f"For 'pad', the 'value' can only be given in 'constant' mode, but got mode {mode}.")
    fillv = 0 if value is None else value
    x = input_x
    for k in range(len(padding) // 2):
        ax = x.ndim - 1 - k
        lo, hi = padding[2 * k], padding[2 * k + 1]
        n = x.shape[ax]
        if lo < 0:
            x = _slice_axis(x, ax, -lo, n)
            n = x.shape[ax]
            lo = 0
        if hi < 0:
            x = _slice_axis(x, ax, 0, n + hi)
            n = x.shape[ax]
            hi = 0
        if lo == 0 and hi == 0:
            continue
        if mode == 'constant':
            parts = []
            if lo:
                s = list(x.shape)
                s[ax] = lo
                parts.append(_const_like(x, s, fillv))
            parts.append(x)
            if hi:
                s = list(x.shape)
                s[ax] = hi
                parts.append(_const_like(x, s, fillv))
            x = _msc.prim('Concat', *parts, axis=ax)
        else:
            if mode == 'reflect' and (lo >= n or hi >= n):
                raise ValueError(f"For 'pad', the padding of 'reflect' mode must be less than the dim size {n}, "
                                 f"but got {padding}.")
            if mode == 'reflect':
                idx = [lo - i for i in range(lo)] + list(range(n)) + [n - 2 - i for i in range(hi)]
            else:
                idx = [0] * lo + list(range(n)) + [n - 1] * hi
            x = _msc.prim('Gather', x, Tensor(idx, mstype.int64), axis=ax)
    return x


def _imin(a, b):
    return a if a < b else b


def _interp_size(op, x, size, scale_factor):
    nsp = x.ndim - 2
    if nsp < 1:
        raise ValueError(f"For '{op}', the input must be at least 3-D (N, C, ...), but got shape {x.shape}.")
    if (size is None) == (scale_factor is None):
        raise ValueError(f"For '{op}', exactly one of 'size' and 'scale_factor' must be given.")
    if size is not None:
        if isinstance(size, int):
            size = (size,) * nsp
        size = tuple(size)
        if len(size) != nsp:
            raise ValueError(f"For '{op}', the 'size' must have {nsp} elements for a {x.ndim}-D input, "
                             f"but got {size}.")
        return size, None
    if isinstance(scale_factor, (int, float)):
        scale_factor = (scale_factor,) * nsp
    scale_factor = tuple(scale_factor)
    if len(scale_factor) != nsp:
        raise ValueError(f"For '{op}', the 'scale_factor' must have {nsp} elements, but got {scale_factor}.")
    return tuple([int(x.shape[2 + i] * scale_factor[i]) for i in range(nsp)]), scale_factor


def interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None,
                recompute_scale_factor=None):
    """Resizes the spatial dims (all but N, C): mode 'nearest' (source index
    floor(i * in / out)), 'linear' / 'bilinear' (align_corners as PyTorch:
    False takes half-pixel centres, clamped at 0).
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.interpolate.html"""
    _check_tensor('interpolate', 'input', input)
    if mode not in ('nearest', 'linear', 'bilinear'):
        raise ValueError(f"For 'interpolate', msc supports the modes 'nearest', 'linear' and 'bilinear', "
                         f"but got {mode}.")
    if mode == 'nearest' and align_corners:
        raise ValueError("For 'interpolate', 'align_corners' must be None or False in 'nearest' mode.")
    if mode == 'linear' and input.ndim != 3:
        raise ValueError(f"For 'interpolate', 'linear' mode needs a 3-D input, but got shape {input.shape}.")
    if mode == 'bilinear' and input.ndim != 4:
        raise ValueError(f"For 'interpolate', 'bilinear' mode needs a 4-D input, but got shape {input.shape}.")
    out_size, scales = _interp_size('interpolate', input, size, scale_factor)
    x = input
    for i in range(len(out_size)):
        ax = 2 + i
        n_in = x.shape[ax]
        n_out = out_size[i]
        if mode == 'nearest':
            sc = n_in / n_out if scales is None or recompute_scale_factor else 1.0 / scales[i]
            idx = [_imin(int(math.floor(j * sc)), n_in - 1) for j in range(n_out)]
            x = _msc.prim('Gather', x, Tensor(idx, mstype.int64), axis=ax)
            continue
        lo_idx, hi_idx, w = [], [], []
        for j in range(n_out):
            if align_corners:
                src = j * (n_in - 1) / (n_out - 1) if n_out > 1 else 0.0
            else:
                sc = n_in / n_out if scales is None or recompute_scale_factor else 1.0 / scales[i]
                src = (j + 0.5) * sc - 0.5
                src = src if src > 0.0 else 0.0
            i0 = _imin(int(math.floor(src)), n_in - 1)
            i1 = _imin(i0 + 1, n_in - 1)
            lo_idx.append(i0)
            hi_idx.append(i1)
            w.append(src - i0)
        wshape = [1] * x.ndim
        wshape[ax] = n_out
        wt = _msc.prim('Reshape', Tensor(w, x.dtype), shape=tuple(wshape))
        a = _msc.prim('Gather', x, Tensor(lo_idx, mstype.int64), axis=ax)
        b = _msc.prim('Gather', x, Tensor(hi_idx, mstype.int64), axis=ax)
        x = add(a, mul(sub(b, a), wt))
    return x


def _scatter_indices(op, index, axis):
    """The full (..., ndim) coordinates of every element of index, with index's
    values at axis (for TensorScatterUpdate)."""
    nd = index.ndim
    coords = []
    for d in range(nd):
        if d == axis:
            coords.append(cast(index, mstype.int64))
        else:
            shp = [1] * nd
            shp[d] = index.shape[d]
            r = _msc.prim('Reshape', Tensor(list(range(index.shape[d])), mstype.int64), shape=tuple(shp))
            coords.append(_msc.prim('BroadcastTo', r, shape=tuple(index.shape)))
    return _msc.prim('Stack', *coords, axis=nd)


def tensor_scatter_elements(input_x, indices, updates, axis=0, reduction='none'):
    """out[..., indices[i, j, ...], ...] = updates[i, j, ...] along axis
    (reduction 'none' writes, 'add' accumulates).
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.tensor_scatter_elements.html"""
    _check_tensor('tensor_scatter_elements', 'input_x', input_x)
    _check_tensor('tensor_scatter_elements', 'indices', indices)
    _check_tensor('tensor_scatter_elements', 'updates', updates)
    if indices.ndim != input_x.ndim:
        raise ValueError(f"For 'tensor_scatter_elements', the rank of 'indices' must equal the rank of 'input_x' "
                         f"{input_x.ndim}, but got {indices.ndim}.")
    if reduction not in ('none', 'add'):
        raise ValueError(f"For 'tensor_scatter_elements', the 'reduction' must be 'none' or 'add', but got "
                         f"{reduction}.")
    ax = _norm_axis('tensor_scatter_elements', axis, input_x.ndim)
    upd = updates
    if tuple(updates.shape) != tuple(indices.shape):
        begin = [0] * updates.ndim
        upd = _msc.prim('StridedSlice', updates, begin=tuple(begin), end=tuple(indices.shape),
                        strides=tuple([1] * updates.ndim))
    idx = _scatter_indices('tensor_scatter_elements', indices, ax)
    if reduction == 'add':
        return _msc.prim('TensorScatterAdd', input_x, idx, upd)
    return _msc.prim('TensorScatterUpdate', input_x, idx, upd)


def scatter(input, axis, index, src):
    """ops.scatter: tensor_scatter_elements(input, index, src, axis).
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.scatter.html"""
    return tensor_scatter_elements(input, index, src, axis)


def arange(start=0, end=None, step=1, *, dtype=None):
    """[start, end) by step: int64 when all three are ints, else float32
    (a Tensor bound gives its dtype), unless dtype is given."""
    vals = []
    dt = None
    for v in (start, end, step):
        if isinstance(v, Tensor):
            dt = v.dtype if dt is None or dt == mstype.int64 else dt
            vals.append(v.asnumpy().item())
        else:
            vals.append(v)
    start, end, step = vals
    if end is None:
        start, end = 0, start
    if step == 0:
        raise ValueError("For 'arange', the 'step' must not be 0.")
    if dt is None:
        allint = True
        for v in (start, end, step):
            if not isinstance(v, int):
                allint = False
        dt = mstype.int64 if allint else mstype.float32
    if dtype is not None:
        dt = dtype
    n = int(math.ceil((end - start) / step))
    return Tensor([start + i * step for i in range(n if n > 0 else 0)], dt)


def linspace(start, end, steps):
    """steps values from start to end inclusive (float32)."""
    s = start.asnumpy().item() if isinstance(start, Tensor) else start
    e = end.asnumpy().item() if isinstance(end, Tensor) else end
    if isinstance(steps, Tensor):
        steps = steps.asnumpy().item()
    if steps == 1:
        return Tensor([s], mstype.float32)
    return Tensor([s + (e - s) * i / (steps - 1) for i in range(steps)], mstype.float32)


def eye(n, m=None, dtype=None):
    """The n x m identity (float32 by default)."""
    if m is None:
        m = n
    rows = [[1 if i == j else 0 for j in range(m)] for i in range(n)]
    return Tensor(rows, mstype.float32 if dtype is None else dtype)


def _var_core(op, x, axis, ddof, keepdims):
    if axis is None:
        axis = tuple(range(x.ndim))
    elif isinstance(axis, int):
        axis = (axis,)
    axis = tuple(axis)
    n = 1
    for a in axis:
        n *= x.shape[a]
    m = _msc.prim('ReduceMean', x, axis=axis, keep_dims=True)
    s = _msc.prim('ReduceSum', square(sub(x, m)), axis=axis, keep_dims=keepdims)
    return div(s, n - ddof if n > ddof else 0)


def var(input, axis=None, ddof=0, keepdims=False):
    """Variance over axis (all by default) with n - ddof in the denominator
    (ddof may be a bool: True is 1, as ops.var's unbiased)."""
    _check_tensor('var', 'input', input)
    if isinstance(ddof, bool):
        ddof = 1 if ddof else 0
    return _var_core('var', input, axis, ddof, keepdims)


def std(input, axis=None, ddof=0, keepdims=False):
    """Standard deviation: sqrt(var(input, axis, ddof, keepdims))."""
    return sqrt(var(input, axis, ddof, keepdims))


def clip(input, min=None, max=None):
    """Clamps input to [min, max] (numbers or Tensors; either may be None)."""
    return clamp(input, min, max)


def prelu(x, weight):
    """max(0, x) + weight * min(0, x), weight per channel (dim 1) or a scalar."""
    _check_tensor('prelu', 'x', x)
    _check_tensor('prelu', 'weight', weight)
    w = weight
    if x.ndim >= 2 and weight.ndim == 1 and weight.shape[0] == x.shape[1] and weight.shape[0] != 1:
        w = _msc.prim('Reshape', weight, shape=_channel_shape(x))
    elif weight.size != 1 and not (x.ndim == 1 and weight.shape[0] == x.shape[0]):
        raise ValueError(f"For 'prelu', the 'weight' must have 1 or x.shape[1] elements, but got shape "
                         f"{weight.shape} for x of shape {x.shape}.")
    zero = _msc.fill((), 0, x.dtype, 'ms')
    return add(maximum(x, zero), mul(w, minimum(x, zero)))


def conv1d(input, weight, bias=None, stride=1, pad_mode='valid', padding=0, dilation=1, groups=1):
    """1-D cross-correlation on (N, C, L) with weight (Cout, Cin/groups, k): a
    Conv2D on (N, C, 1, L)."""
    if input.ndim != 3 or weight.ndim != 3:
        raise ValueError(f"For 'conv1d', the input and the weight must be 3-D, but got shapes {input.shape} and "
                         f"{weight.shape}.")
    pd = padding
    if isinstance(pd, (tuple, list)):
        pd = pd[0] if len(pd) == 1 else pd
    if isinstance(pd, int):
        p4 = (0, 0, pd, pd)
    else:
        p4 = (0, 0, pd[0], pd[1])
    s = stride[0] if isinstance(stride, (tuple, list)) else stride
    d = dilation[0] if isinstance(dilation, (tuple, list)) else dilation
    x4 = _msc.prim('ExpandDims', input, axis=2)
    w4 = _msc.prim('ExpandDims', weight, axis=2)
    out = conv2d(x4, w4, None, (1, s), pad_mode, p4, (1, d), groups)
    out = _msc.prim('Squeeze', out, axis=(2,))
    if bias is not None:
        out = _msc.prim('BiasAdd', out, bias)
    return out


def _dilate_hw(x, s):
    """x (N, C, H, W) with s[0] - 1 zero rows (s[1] - 1 zero columns) between
    its rows (columns): ((H - 1) s0 + 1, (W - 1) s1 + 1)."""
    n, c, h, w = x.shape
    if s[0] > 1:
        x = _msc.prim('ExpandDims', x, axis=3)
        z = _msc.fill((n, c, h, s[0] - 1, w), 0, x.dtype, 'ms')
        x = _msc.prim('Reshape', _msc.prim('Concat', x, z, axis=3), shape=(n, c, h * s[0], w))
        x = _slice_axis(x, 2, 0, (h - 1) * s[0] + 1)
        h = (h - 1) * s[0] + 1
    if s[1] > 1:
        x = _msc.prim('ExpandDims', x, axis=4)
        z = _msc.fill((n, c, h, w, s[1] - 1), 0, x.dtype, 'ms')
        x = _msc.prim('Reshape', _msc.prim('Concat', x, z, axis=4), shape=(n, c, h, w * s[1]))
        x = _slice_axis(x, 3, 0, (w - 1) * s[1] + 1)
    return x


def conv_transpose2d(input, weight, bias=None, stride=1, padding=(0, 0, 0, 0), output_padding=0, dilation=1,
                     groups=1, out_hw=None):
    """The transposed 2-D convolution (the gradient of conv2d with respect to
    its input), composed as a Conv2D of the stride-dilated, padded input with
    the flipped, transposed kernel (so it has a gradient): weight (Cin,
    Cout/groups, kh, kw); padding = (top, bottom, left, right) of the forward
    convolution; output_padding extra rows/columns at the bottom/right;
    out_hw, when given, the output's (H, W) (extra rows/columns are zeros).
    With groups g, group j's Cin/g input channels map to its Cout/g output
    channels: a grouped Conv2D whose kernel is each group's block transposed."""
    cin = weight.shape[0]
    if not isinstance(groups, int) or isinstance(groups, bool) or groups < 1 or cin % groups != 0:
        raise ValueError(f"For 'conv_transpose2d', the 'groups' must be a positive int dividing the weight's "
                         f"in_channels {cin}, but got {groups}.")
    if input.shape[1] != cin:
        raise ValueError(f"For 'conv_transpose2d', the input's channels {input.shape[1]} must equal the weight's "
                         f"in_channels {cin}.")
    s = _pair('conv_transpose2d', 'stride', stride)
    d = _pair('conv_transpose2d', 'dilation', dilation)
    op = _pair('conv_transpose2d', 'output_padding', output_padding) if output_padding else (0, 0)
    kh, kw = weight.shape[2], weight.shape[3]
    x = _dilate_hw(input, s)
    eh, ew = d[0] * (kh - 1), d[1] * (kw - 1)
    p = [eh - padding[0], eh - padding[1] + op[0], ew - padding[2], ew - padding[3] + op[1]]
    if out_hw is not None:
        nat_h = x.shape[2] + p[0] + p[1] - eh
        nat_w = x.shape[3] + p[2] + p[3] - ew
        p[1] += out_hw[0] - nat_h
        p[3] += out_hw[1] - nat_w
    x = pad(x, (p[2], p[3], p[0], p[1]))
    w = _msc.prim('Gather', weight, Tensor(list(range(kh - 1, -1, -1)), mstype.int64), axis=2)
    w = _msc.prim('Gather', w, Tensor(list(range(kw - 1, -1, -1)), mstype.int64), axis=3)
    if groups == 1:
        w = _msc.prim('Transpose', w, perm=(1, 0, 2, 3))
    else:
        cog = weight.shape[1]
        w = _msc.prim('Reshape', w, shape=(groups, cin // groups, cog, kh, kw))
        w = _msc.prim('Transpose', w, perm=(0, 2, 1, 3, 4))
        w = _msc.prim('Reshape', w, shape=(groups * cog, cin // groups, kh, kw))
    out = _msc.prim('Conv2D', x, w, stride=(1, 1), pad=(0, 0, 0, 0), dilation=d, group=groups)
    if bias is not None:
        out = _msc.prim('BiasAdd', out, bias)
    return out


def max_pool1d(x, kernel_size, stride=None, padding=0, ceil_mode=False):
    """1-D max pooling on (N, C, L): a MaxPool over (N, C, 1, L)."""
    s = kernel_size if stride is None else stride
    x4 = _msc.prim('ExpandDims', x, axis=2)
    out = _msc.prim('MaxPool', x4, kernel_size=(1, kernel_size), stride=(1, s), pad=(0, 0, padding, padding),
                    ceil_mode=ceil_mode)
    return _msc.prim('Squeeze', out, axis=(2,))


def avg_pool1d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True):
    """1-D average pooling on (N, C, L): an AvgPool over (N, C, 1, L)."""
    x4 = _msc.prim('ExpandDims', input_x, axis=2)
    out = _msc.prim('AvgPool', x4, kernel_size=(1, kernel_size), stride=(1, stride),
                    pad=(0, 0, padding, padding), ceil_mode=ceil_mode, count_include_pad=count_include_pad)
    return _msc.prim('Squeeze', out, axis=(2,))


def _adaptive_bins(n_in, n_out):
    return [((i * n_in) // n_out, -((-(i + 1) * n_in) // n_out)) for i in range(n_out)]


def _adaptive_pool_axis(x, ax, n_out, red):
    n_in = x.shape[ax]
    if n_out is None or n_out == n_in:
        return x
    if n_in % n_out == 0:
        k = n_in // n_out
        shp = list(x.shape[:ax]) + [n_out, k] + list(x.shape[ax + 1:])
        return _msc.prim(red, _msc.prim('Reshape', x, shape=tuple(shp)), axis=(ax + 1,), keep_dims=False)
    parts = []
    for lo, hi in _adaptive_bins(n_in, n_out):
        parts.append(_msc.prim(red, _slice_axis(x, ax, lo, hi), axis=(ax,), keep_dims=True))
    return _msc.prim('Concat', *parts, axis=ax)


def adaptive_avg_pool2d(input, output_size):
    """Average over the bins [floor(i * in / out), ceil((i + 1) * in / out)) of
    the last two dims; output_size an int or (h, w), None keeping a dim."""
    _check_tensor('adaptive_avg_pool2d', 'input', input)
    if input.ndim not in (3, 4):
        raise ValueError(f"For 'adaptive_avg_pool2d', the input must be 3-D or 4-D, but got shape {input.shape}.")
    if isinstance(output_size, int):
        output_size = (output_size, output_size)
    if not isinstance(output_size, (tuple, list)) or len(output_size) != 2:
        raise ValueError(f"For 'adaptive_avg_pool2d', the 'output_size' must be an int or a tuple of two, but got "
                         f"{output_size}.")
    x = _adaptive_pool_axis(input, input.ndim - 2, output_size[0], 'ReduceMean')
    return _adaptive_pool_axis(x, input.ndim - 1, output_size[1], 'ReduceMean')


def adaptive_avg_pool1d(input, output_size):
    _check_tensor('adaptive_avg_pool1d', 'input', input)
    return _adaptive_pool_axis(input, input.ndim - 1, output_size, 'ReduceMean')


def adaptive_max_pool2d(input, output_size):
    _check_tensor('adaptive_max_pool2d', 'input', input)
    if isinstance(output_size, int):
        output_size = (output_size, output_size)
    x = _adaptive_pool_axis(input, input.ndim - 2, output_size[0], 'ReduceMax')
    return _adaptive_pool_axis(x, input.ndim - 1, output_size[1], 'ReduceMax')


def dropout2d(input, p=0.5, training=True):
    """Zeroes whole channels (N, C, H, W) with probability p and scales the
    rest by 1 / (1 - p) when training (the mask from msc's global stream)."""
    _check_tensor('dropout2d', 'input', input)
    if input.ndim != 4:
        raise ValueError(f"For 'dropout2d', the input must be 4-D (N, C, H, W), but got shape {input.shape}.")
    if not isinstance(p, (int, float)) or isinstance(p, bool) or p < 0 or p > 1:
        raise ValueError(f"For 'dropout2d', the 'p' must be a number in range [0, 1], but got {p}.")
    if not training or p == 0:
        return input
    if _is_capturing():
        raise RuntimeError("For 'dropout2d', training mode is not supported in graph mode by msc (its random mask "
                           "needs a random op in the graph); use set_train(False) or PyNative mode.")
    if p == 1:
        return zeros_like(input)
    mask = _bernoulli_keep(_msc.fill((input.shape[0], input.shape[1], 1, 1), 0, input.dtype, 'ms'), p)
    return div(mul(input, mask), 1.0 - p)


__all__ += ['chunk', 'unstack', 'narrow', 'masked_fill', 'repeat_interleave', 'pad', 'interpolate',
            'tensor_scatter_elements', 'scatter', 'arange', 'linspace', 'eye', 'var', 'std', 'clip', 'prelu',
            'conv1d', 'conv_transpose2d', 'max_pool1d', 'avg_pool1d', 'adaptive_avg_pool2d',
            'adaptive_avg_pool1d', 'adaptive_max_pool2d', 'dropout2d']


# ---- complex tensors (issue 26) ---------------------------------------------
def real(input):
    """ops.real: the real part (a real tensor: itself)."""
    return _msc.prim('Real', input)


def imag(input):
    """ops.imag: the imaginary part (a real tensor: zeros)."""
    return _msc.prim('Imag', input)


def conj(input):
    """ops.conj: the complex conjugate (a real tensor: itself)."""
    return _msc.prim('Conj', input)


def complex(real, imag):
    """ops.complex: real + imag * 1j from float32/float64 tensors of one dtype."""
    return _msc.prim('Complex', real, imag)


def is_complex(input):
    """ops.is_complex: is input's dtype complex64 or complex128?"""
    return input.dtype in (mstype.complex64, mstype.complex128)


__all__ += ['real', 'imag', 'conj', 'complex', 'is_complex']
