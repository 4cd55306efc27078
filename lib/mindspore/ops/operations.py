"""mindspore.ops.operations (`from mindspore.ops import operations as P`):
primitive classes.

Each class is a Primitive named as in MindSpore. Operands that MindSpore
passes as call inputs but the tensor core takes as attributes (Reshape's
shape, Transpose's perm, a reduction's axis, Cast's dtype) are moved into
attributes here, so `_msc.prim` sees one form.
"""
import _msc
from mindspore.common import dtype as mstype
from mindspore.ops.primitive import Primitive

__all__ = [
    'Add', 'Sub', 'Mul', 'RealDiv', 'Div', 'FloorDiv', 'FloorMod', 'Mod', 'Pow', 'Maximum',
    'Minimum', 'Equal', 'NotEqual', 'Less', 'LessEqual', 'Greater', 'GreaterEqual', 'LogicalAnd',
    'LogicalOr', 'LogicalNot', 'Neg', 'Abs', 'Sign', 'Square', 'Sqrt', 'Rsqrt', 'Reciprocal',
    'Exp', 'Log', 'Sin', 'Cos', 'Tanh', 'Sigmoid', 'ReLU', 'Floor', 'Ceil', 'Round', 'Identity',
    'MatMul', 'BatchMatMul', 'BiasAdd', 'Reshape', 'Transpose', 'ExpandDims', 'Squeeze',
    'Flatten', 'Concat', 'Cast', 'ReduceSum', 'ReduceMean', 'ReduceMax', 'ReduceMin',
    'ReduceProd', 'Argmax', 'Argmin', 'Softmax', 'LogSoftmax', 'Fill', 'Ones', 'Zeros',
    'OnesLike', 'ZerosLike', 'Shape', 'DType', 'Rank', 'Size', 'TensorAdd', 'AddN', 'Stack',
    'Erf', 'Erfc', 'Mish', 'SeLU', 'Softsign', 'HSigmoid', 'HSwish', 'Softplus', 'SiLU', 'GeLU', 'FastGeLU', 'LeakyReLU', 'Tile', 'Select', 'OneHot', 'Gather',
    'GatherD', 'GatherNd', 'TensorScatterUpdate', 'TensorScatterAdd', 'CumSum', 'CumProd', 'TopK',
    'Sort', 'BroadcastTo', 'Conv2D', 'MaxPool', 'AvgPool', 'BatchNorm', 'LayerNorm', 'Dropout',
]


def _elementwise(name, doc):
    """Class of a primitive whose call inputs are all tensors (or scalars)."""
    def init(self):
        Primitive.__init__(self, name)
    return type(name, (Primitive,), {'__init__': init, '__doc__': doc})


Add = _elementwise('Add', 'x + y, broadcasting.')
Sub = _elementwise('Sub', 'x - y, broadcasting.')
Mul = _elementwise('Mul', 'x * y, broadcasting.')
RealDiv = _elementwise('RealDiv', 'x / y, broadcasting.')
FloorDiv = _elementwise('FloorDiv', 'x // y, broadcasting.')
FloorMod = _elementwise('FloorMod', 'x % y (sign of y), broadcasting.')
Pow = _elementwise('Pow', 'x ** y, broadcasting.')
Maximum = _elementwise('Maximum', 'max(x, y) elementwise.')
Minimum = _elementwise('Minimum', 'min(x, y) elementwise.')
Equal = _elementwise('Equal', 'x == y elementwise.')
NotEqual = _elementwise('NotEqual', 'x != y elementwise.')
Less = _elementwise('Less', 'x < y elementwise.')
LessEqual = _elementwise('LessEqual', 'x <= y elementwise.')
Greater = _elementwise('Greater', 'x > y elementwise.')
GreaterEqual = _elementwise('GreaterEqual', 'x >= y elementwise.')
LogicalAnd = _elementwise('LogicalAnd', 'x and y on bool tensors.')
LogicalOr = _elementwise('LogicalOr', 'x or y on bool tensors.')
LogicalNot = _elementwise('LogicalNot', 'not x on a bool tensor.')
Neg = _elementwise('Neg', '-x.')
Abs = _elementwise('Abs', '|x|.')
Sign = _elementwise('Sign', 'sign(x).')
Square = _elementwise('Square', 'x * x.')
Sqrt = _elementwise('Sqrt', 'sqrt(x).')
Rsqrt = _elementwise('Rsqrt', '1 / sqrt(x).')
Reciprocal = _elementwise('Reciprocal', '1 / x.')
Exp = _elementwise('Exp', 'e ** x.')
Log = _elementwise('Log', 'natural log.')
Sin = _elementwise('Sin', 'sin(x).')
Cos = _elementwise('Cos', 'cos(x).')
Tanh = _elementwise('Tanh', 'tanh(x).')
Sigmoid = _elementwise('Sigmoid', '1 / (1 + exp(-x)).')
ReLU = _elementwise('ReLU', 'max(x, 0).')
Floor = _elementwise('Floor', 'floor(x).')
Ceil = _elementwise('Ceil', 'ceil(x).')
Round = _elementwise('Round', 'round half to even.')
Identity = _elementwise('Identity', 'a copy of x.')
OnesLike = _elementwise('OnesLike', 'ones of x\'s shape and dtype.')
ZerosLike = _elementwise('ZerosLike', 'zeros of x\'s shape and dtype.')
Flatten = _elementwise('Flatten', '(N, ...) -> (N, prod(...)).')


Div = _elementwise('Div', 'x / y (true division), broadcasting.')


class Mod(Primitive):
    """x % y with the sign of x (C fmod)."""

    def __init__(self):
        Primitive.__init__(self, 'Mod')

    def __call__(self, x, y):
        q = _msc.prim('Trunc', _msc.prim('RealDiv', x, y))
        return _msc.prim('Sub', x, _msc.prim('Mul', q, y))


TensorAdd = Add


class MatMul(Primitive):
    """2-D matrix product, optionally transposing either operand."""

    def __init__(self, transpose_a=False, transpose_b=False):
        Primitive.__init__(self, 'MatMul')
        self.add_prim_attr('transpose_a', transpose_a)
        self.add_prim_attr('transpose_b', transpose_b)
        self.transpose_a = transpose_a
        self.transpose_b = transpose_b


class BatchMatMul(Primitive):
    """Batched matrix product over the leading dims (broadcasting)."""

    def __init__(self, transpose_a=False, transpose_b=False):
        Primitive.__init__(self, 'BatchMatMul')
        self.add_prim_attr('transpose_a', transpose_a)
        self.add_prim_attr('transpose_b', transpose_b)
        self.transpose_a = transpose_a
        self.transpose_b = transpose_b


class BiasAdd(Primitive):
    """x + b along the channel axis (axis 1; the last axis for 2-D x)."""

    def __init__(self, data_format='NCHW'):
        Primitive.__init__(self, 'BiasAdd')
        if data_format not in ('NCHW', 'NHWC', 'NCDHW'):
            raise ValueError(f"For 'BiasAdd', the 'data_format' must be 'NCHW', 'NHWC' or 'NCDHW', but got {data_format}.")
        self.data_format = data_format

    def __call__(self, x, b):
        return _msc.prim('BiasAdd', x, b)


def _shape_arg(op, shape):
    if isinstance(shape, int):
        return (shape,)
    if isinstance(shape, (tuple, list)):
        return tuple(shape)
    raise TypeError(f"For '{op}', the 'shape' must be a tuple of int, but got {type(shape).__name__}.")


class Reshape(Primitive):
    def __init__(self):
        Primitive.__init__(self, 'Reshape')

    def __call__(self, x, shape):
        return _msc.prim('Reshape', x, shape=_shape_arg('Reshape', shape))


class Transpose(Primitive):
    def __init__(self):
        Primitive.__init__(self, 'Transpose')

    def __call__(self, x, perm):
        return _msc.prim('Transpose', x, perm=tuple(perm))


class ExpandDims(Primitive):
    def __init__(self):
        Primitive.__init__(self, 'ExpandDims')

    def __call__(self, x, axis):
        return _msc.prim('ExpandDims', x, axis=axis)


class Squeeze(Primitive):
    """Removes the given size-1 axes (all of them when axis is ())."""

    def __init__(self, axis=()):
        Primitive.__init__(self, 'Squeeze')
        if isinstance(axis, int):
            axis = (axis,)
        self.axis = tuple(axis)
        self.add_prim_attr('axis', self.axis)

    def __call__(self, x):
        return _msc.prim('Squeeze', x, axis=self.axis if self.axis else None)


class Concat(Primitive):
    def __init__(self, axis=0):
        Primitive.__init__(self, 'Concat')
        self.axis = axis
        self.add_prim_attr('axis', axis)

    def __call__(self, input_x):
        return _msc.prim('Concat', *input_x, axis=self.axis)


class Stack(Primitive):
    def __init__(self, axis=0):
        Primitive.__init__(self, 'Stack')
        self.axis = axis
        self.add_prim_attr('axis', axis)

    def __call__(self, input_x):
        return _msc.prim('Stack', *input_x, axis=self.axis)


class AddN(Primitive):
    def __init__(self):
        Primitive.__init__(self, 'AddN')

    def __call__(self, inputs):
        acc = inputs[0]
        for t in inputs[1:]:
            acc = _msc.prim('Add', acc, t)
        return acc


class Cast(Primitive):
    def __init__(self):
        Primitive.__init__(self, 'Cast')

    def __call__(self, x, dtype):
        return _msc.prim('Cast', x, dtype=dtype)


def _axis_arg(axis):
    """MindSpore's axis (() = every axis) in the tensor core's form (None)."""
    if axis is None or axis == () or axis == []:
        return None
    if isinstance(axis, list):
        return tuple(axis)
    return axis


class _Reduce(Primitive):
    def __init__(self, name, keep_dims=False):
        Primitive.__init__(self, name)
        if not isinstance(keep_dims, bool):
            raise TypeError(f"For '{name}', the 'keep_dims' must be a bool, but got {type(keep_dims).__name__}.")
        self.keep_dims = keep_dims
        self.add_prim_attr('keep_dims', keep_dims)

    def __call__(self, x, axis=()):
        return _msc.prim(self.name, x, axis=_axis_arg(axis), keep_dims=self.keep_dims)


class ReduceSum(_Reduce):
    def __init__(self, keep_dims=False):
        _Reduce.__init__(self, 'ReduceSum', keep_dims)


class ReduceMean(_Reduce):
    def __init__(self, keep_dims=False):
        _Reduce.__init__(self, 'ReduceMean', keep_dims)


class ReduceMax(_Reduce):
    def __init__(self, keep_dims=False):
        _Reduce.__init__(self, 'ReduceMax', keep_dims)


class ReduceMin(_Reduce):
    def __init__(self, keep_dims=False):
        _Reduce.__init__(self, 'ReduceMin', keep_dims)


class ReduceProd(_Reduce):
    def __init__(self, keep_dims=False):
        _Reduce.__init__(self, 'ReduceProd', keep_dims)


class Argmax(Primitive):
    """Index of the maximum along axis; output_type int32 (MindSpore's default)."""

    def __init__(self, axis=-1, output_type=mstype.int32):
        Primitive.__init__(self, 'Argmax')
        self.axis = axis
        self.output_type = output_type
        self.add_prim_attr('axis', axis)
        self.add_prim_attr('output_type', output_type)


class Argmin(Primitive):
    """Index of the minimum along axis; output_type int32 (MindSpore's default)."""

    def __init__(self, axis=-1, output_type=mstype.int32):
        Primitive.__init__(self, 'Argmin')
        self.axis = axis
        self.output_type = output_type
        self.add_prim_attr('axis', axis)
        self.add_prim_attr('output_type', output_type)


def _one_axis(op, axis):
    if isinstance(axis, (tuple, list)):
        if len(axis) != 1:
            raise ValueError(f"For '{op}', only one axis is supported, but got {axis}.")
        return axis[0]
    return axis


class Softmax(Primitive):
    def __init__(self, axis=-1):
        Primitive.__init__(self, 'Softmax')
        self.axis = _one_axis('Softmax', axis)
        self.add_prim_attr('axis', self.axis)


class LogSoftmax(Primitive):
    def __init__(self, axis=-1):
        Primitive.__init__(self, 'LogSoftmax')
        self.axis = _one_axis('LogSoftmax', axis)
        self.add_prim_attr('axis', self.axis)


class Fill(Primitive):
    """Fill()(dtype, shape, value)."""

    def __init__(self):
        Primitive.__init__(self, 'Fill')

    def __call__(self, dtype, shape, value):
        return _msc.fill(_shape_arg('Fill', shape), value, dtype, 'ms')


class Ones(Primitive):
    """Ones()(shape, dtype)."""

    def __init__(self):
        Primitive.__init__(self, 'Ones')

    def __call__(self, shape, dtype=mstype.float32):
        return _msc.fill(_shape_arg('Ones', shape), 1, dtype, 'ms')


class Zeros(Primitive):
    """Zeros()(shape, dtype)."""

    def __init__(self):
        Primitive.__init__(self, 'Zeros')

    def __call__(self, shape, dtype=mstype.float32):
        return _msc.fill(_shape_arg('Zeros', shape), 0, dtype, 'ms')


class Shape(Primitive):
    def __init__(self):
        Primitive.__init__(self, 'Shape')

    def __call__(self, x):
        return x.shape


class DType(Primitive):
    def __init__(self):
        Primitive.__init__(self, 'DType')

    def __call__(self, x):
        return x.dtype


class Rank(Primitive):
    def __init__(self):
        Primitive.__init__(self, 'Rank')

    def __call__(self, x):
        return x.ndim


class Size(Primitive):
    def __init__(self):
        Primitive.__init__(self, 'Size')

    def __call__(self, x):
        return x.size


# ---- activations (issue 5) ------------------------------------------------------

Erf = _elementwise('Erf', 'erf(x).')
HSwish = _elementwise('HSwish', 'Hard Swish: 0 for x <= -3, x for x >= 3, else x (x + 3) / 6.')
HSigmoid = _elementwise('HSigmoid', 'Hard Sigmoid: 0 for x <= -3, 1 for x >= 3, else (x + 3) / 6.')
Softsign = _elementwise('Softsign', 'x / (1 + |x|).')
SeLU = _elementwise('SeLU', 'scale * (x if x > 0 else alpha * (exp(x) - 1)), alpha = 1.67326324, scale = 1.05070098.')
Mish = _elementwise('Mish', 'x * tanh(softplus(x)).')
Erfc = _elementwise('Erfc', '1 - erf(x), computed without cancellation.')
Softplus = _elementwise('Softplus', 'log(1 + exp(x)).')
SiLU = _elementwise('SiLU', 'x * sigmoid(x).')


class GeLU(Primitive):
    """MindSpore's GeLU primitive: the tanh approximation
    0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))) (its documented example
    gives 0.841192 for 1.0; nn.GELU(approximate=True) uses it).
    https://www.mindspore.cn/docs/zh-CN/r2.3/api_python/nn/mindspore.nn.GELU.html"""

    def __init__(self):
        Primitive.__init__(self, 'GeLU')

    def __call__(self, x):
        from mindspore.ops import functional as F
        return F.gelu(x, approximate='tanh')


class FastGeLU(Primitive):
    """x / (1 + exp(-1.702 |x|)) * exp(0.851 (x - |x|))."""

    def __init__(self):
        Primitive.__init__(self, 'FastGeLU')

    def __call__(self, x):
        a = _msc.prim('Abs', x)
        den = _msc.prim('Add', _msc.prim('Exp', _msc.prim('Mul', a, -1.702)), 1.0)
        num = _msc.prim('Exp', _msc.prim('Mul', _msc.prim('Sub', x, a), 0.851))
        return _msc.prim('Mul', _msc.prim('RealDiv', x, den), num)


class LeakyReLU(Primitive):
    """x where x >= 0, alpha * x elsewhere."""

    def __init__(self, alpha=0.2):
        Primitive.__init__(self, 'LeakyReLU')
        self.alpha = alpha
        self.add_prim_attr('alpha', alpha)

    def __call__(self, x):
        return _msc.prim('Select', _msc.prim('GreaterEqual', x, 0), x, _msc.prim('Mul', x, self.alpha))


# ---- indexing, selection, scatter, sorting (issue 5) --------------------------------

class Tile(Primitive):
    """Tile()(input, dims)."""

    def __init__(self):
        Primitive.__init__(self, 'Tile')

    def __call__(self, input, dims):
        if isinstance(dims, int):
            dims = (dims,)
        return _msc.prim('Tile', input, multiples=tuple(dims))


class BroadcastTo(Primitive):
    def __init__(self, shape):
        Primitive.__init__(self, 'BroadcastTo')
        self.shape = _shape_arg('BroadcastTo', shape)
        self.add_prim_attr('shape', self.shape)

    def __call__(self, x):
        from mindspore.ops import functional as F
        return F.broadcast_to(x, self.shape)


Select = _elementwise('Select', 'Select()(cond, x, y): x where cond else y.')


class OneHot(Primitive):
    """OneHot(axis=-1)(indices, depth, on_value, off_value): the output dtype
    is on_value's."""

    def __init__(self, axis=-1):
        Primitive.__init__(self, 'OneHot')
        self.axis = axis
        self.add_prim_attr('axis', axis)

    def __call__(self, indices, depth, on_value, off_value):
        from mindspore.ops import functional as F
        return F.one_hot(indices, depth, on_value, off_value, self.axis)


class Gather(Primitive):
    """Gather(batch_dims=0)(input_params, input_indices, axis)."""

    def __init__(self, batch_dims=0):
        Primitive.__init__(self, 'Gather')
        if batch_dims != 0:
            raise ValueError(f"For 'Gather', msc supports only 'batch_dims' 0, but got {batch_dims}.")
        self.batch_dims = batch_dims

    def __call__(self, input_params, input_indices, axis):
        return _msc.prim('Gather', input_params, input_indices, axis=axis)


class GatherD(Primitive):
    """GatherD()(x, dim, index)."""

    def __init__(self):
        Primitive.__init__(self, 'GatherD')

    def __call__(self, x, dim, index):
        return _msc.prim('GatherD', x, index, axis=dim)


GatherNd = _elementwise('GatherNd', 'GatherNd()(input_x, indices).')
TensorScatterUpdate = _elementwise('TensorScatterUpdate', 'TensorScatterUpdate()(input_x, indices, updates).')
TensorScatterAdd = _elementwise('TensorScatterAdd', 'TensorScatterAdd()(input_x, indices, updates).')


class _Cum(Primitive):
    def __init__(self, name, exclusive, reverse):
        Primitive.__init__(self, name)
        for n, v in (('exclusive', exclusive), ('reverse', reverse)):
            if not isinstance(v, bool):
                raise TypeError(f"For '{name}', the '{n}' must be a bool, but got {type(v).__name__}.")
        self.exclusive = exclusive
        self.reverse = reverse
        self.add_prim_attr('exclusive', exclusive)
        self.add_prim_attr('reverse', reverse)

    def __call__(self, x, axis):
        return _msc.prim(self.name, x, axis=axis, exclusive=self.exclusive, reverse=self.reverse)


class CumSum(_Cum):
    """CumSum(exclusive=False, reverse=False)(x, axis)."""

    def __init__(self, exclusive=False, reverse=False):
        _Cum.__init__(self, 'CumSum', exclusive, reverse)


class CumProd(_Cum):
    """CumProd(exclusive=False, reverse=False)(x, axis)."""

    def __init__(self, exclusive=False, reverse=False):
        _Cum.__init__(self, 'CumProd', exclusive, reverse)


class TopK(Primitive):
    """TopK(sorted=True)(input_x, k): the k largest along the last dim,
    (values, int32 indices)."""

    def __init__(self, sorted=True):
        Primitive.__init__(self, 'TopK')
        self.sorted = sorted
        self.add_prim_attr('sorted', sorted)

    def __call__(self, input_x, k):
        from mindspore.ops import functional as F
        return F.topk(input_x, k, -1, True, self.sorted)


class Unique(Primitive):
    """Unique()(input_x): (y, idx), as ops.unique (first-occurrence order)."""

    def __init__(self):
        Primitive.__init__(self, 'Unique')

    def __call__(self, input_x):
        from mindspore.ops import functional as F
        return F.unique(input_x)


class Sort(Primitive):
    """Sort(axis=-1, descending=False)(x): (values, int32 indices)."""

    def __init__(self, axis=-1, descending=False):
        Primitive.__init__(self, 'Sort')
        if not isinstance(axis, int) or isinstance(axis, bool):
            raise TypeError(f"For 'Sort', the 'axis' must be an int, but got {type(axis).__name__}.")
        if not isinstance(descending, bool):
            raise TypeError(f"For 'Sort', the 'descending' must be a bool, but got {type(descending).__name__}.")
        self.axis = axis
        self.descending = descending
        self.add_prim_attr('axis', axis)
        self.add_prim_attr('descending', descending)

    def __call__(self, x):
        from mindspore.ops import functional as F
        return F.sort(x, self.axis, self.descending)


# ---- neural-network primitives (NCHW; issue 5) ------------------------------------------

def _int_tuple(op, name, v, n):
    """An int or a tuple of n ints (a 4-tuple (1, 1, h, w) also accepted for
    2-D kernel/stride attributes, as MindSpore's primitives do)."""
    if isinstance(v, int) and not isinstance(v, bool):
        return tuple([v] * n)
    if isinstance(v, (tuple, list)):
        v = tuple(v)
        if len(v) == 1:
            return tuple([v[0]] * n)
        if len(v) == n:
            return v
        if n == 2 and len(v) == 4:
            return (v[2], v[3])
    raise TypeError(f"For '{op}', the '{name}' must be an int or a tuple of {n} int, but got {v}.")


def _positive(op, name, v):
    for d in v:
        if not isinstance(d, int) or isinstance(d, bool) or d <= 0:
            raise ValueError(f"For '{op}', the '{name}' must be positive int, but got {v}.")
    return v


def _pad_mode(op, pad_mode):
    if not isinstance(pad_mode, str) or pad_mode.lower() not in ('same', 'valid', 'pad'):
        raise ValueError(f"For '{op}', the 'pad_mode' must be one of ['same', 'valid', 'pad'], but got {pad_mode}.")
    return pad_mode.lower()


class Conv2D(Primitive):
    """Conv2D(out_channel, kernel_size, mode=1, pad_mode='valid', pad=0,
    stride=1, dilation=1, group=1, data_format='NCHW')(x, weight).
    pad: int or (top, bottom, left, right), only with pad_mode 'pad'.
    https://www.mindspore.cn/docs/en/r2.3.0/api_python/ops/mindspore.ops.Conv2D.html"""

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1, dilation=1,
                 group=1, data_format='NCHW'):
        Primitive.__init__(self, 'Conv2D')
        self.out_channel = out_channel
        self.kernel_size = _positive('Conv2D', 'kernel_size', _int_tuple('Conv2D', 'kernel_size', kernel_size, 2))
        self.stride = _positive('Conv2D', 'stride', _int_tuple('Conv2D', 'stride', stride, 2))
        self.dilation = _positive('Conv2D', 'dilation', _int_tuple('Conv2D', 'dilation', dilation, 2))
        self.pad_mode = _pad_mode('Conv2D', pad_mode)
        self.pad = _int_tuple('Conv2D', 'pad', pad, 4)
        if self.pad_mode != 'pad' and self.pad != (0, 0, 0, 0):
            raise ValueError(f"For 'Conv2D', the 'pad' must be zero when 'pad_mode' is not 'pad', but got "
                             f"'pad': {pad} and 'pad_mode': {pad_mode}.")
        if mode != 1:
            raise ValueError(f"For 'Conv2D', the 'mode' must be 1, but got {mode}.")
        if data_format != 'NCHW':
            raise ValueError(f"For 'Conv2D', msc supports only 'data_format' 'NCHW', but got {data_format}.")
        if not isinstance(group, int) or isinstance(group, bool) or group <= 0:
            raise ValueError(f"For 'Conv2D', the 'group' must be a positive int, but got {group}.")
        self.group = group
        self.mode = mode
        self.data_format = data_format
        for n in ('out_channel', 'kernel_size', 'mode', 'pad_mode', 'pad', 'stride', 'dilation', 'group'):
            self.attrs[n] = getattr(self, n)

    def __call__(self, x, weight):
        from mindspore.ops import functional as F
        pad = self.pad
        if self.pad_mode == 'same':
            t, b = F._same_pad(x.shape[2], self.kernel_size[0], self.stride[0], self.dilation[0])
            l, r = F._same_pad(x.shape[3], self.kernel_size[1], self.stride[1], self.dilation[1])
            pad = (t, b, l, r)
        return _msc.prim('Conv2D', x, weight, stride=self.stride, pad=pad, dilation=self.dilation,
                         group=self.group)


class _Pool(Primitive):
    def __init__(self, name, kernel_size, strides, pad_mode, data_format):
        Primitive.__init__(self, name)
        self.kernel_size = _positive(name, 'kernel_size', _int_tuple(name, 'kernel_size', kernel_size, 2))
        self.strides = _positive(name, 'strides', _int_tuple(name, 'strides', strides, 2))
        self.pad_mode = _pad_mode(name, pad_mode)
        if self.pad_mode == 'pad':
            raise ValueError(f"For '{name}', the 'pad_mode' must be 'same' or 'valid', but got {pad_mode}.")
        if data_format != 'NCHW':
            raise ValueError(f"For '{name}', msc supports only 'data_format' 'NCHW', but got {data_format}.")
        self.add_prim_attr('kernel_size', self.kernel_size)
        self.add_prim_attr('strides', self.strides)
        self.add_prim_attr('pad_mode', self.pad_mode)

    def _pad(self, x):
        if self.pad_mode == 'valid':
            return (0, 0, 0, 0)
        from mindspore.ops import functional as F
        t, b = F._same_pad(x.shape[2], self.kernel_size[0], self.strides[0], 1)
        l, r = F._same_pad(x.shape[3], self.kernel_size[1], self.strides[1], 1)
        return (t, b, l, r)


class MaxPool(_Pool):
    """MaxPool(kernel_size=1, strides=1, pad_mode='valid', data_format='NCHW')(x)."""

    def __init__(self, kernel_size=1, strides=1, pad_mode='valid', data_format='NCHW'):
        _Pool.__init__(self, 'MaxPool', kernel_size, strides, pad_mode, data_format)

    def __call__(self, x):
        return _msc.prim('MaxPool', x, kernel_size=self.kernel_size, stride=self.strides, pad=self._pad(x),
                         ceil_mode=False)


class AvgPool(_Pool):
    """AvgPool(kernel_size=1, strides=1, pad_mode='valid', data_format='NCHW')(x);
    with 'same' the padded cells are not counted."""

    def __init__(self, kernel_size=1, strides=1, pad_mode='valid', data_format='NCHW'):
        _Pool.__init__(self, 'AvgPool', kernel_size, strides, pad_mode, data_format)

    def __call__(self, x):
        return _msc.prim('AvgPool', x, kernel_size=self.kernel_size, stride=self.strides, pad=self._pad(x),
                         ceil_mode=False, count_include_pad=False)


class BatchNorm(Primitive):
    """BatchNorm(is_training=False, epsilon=1e-5, momentum=0.1,
    data_format='NCHW')(x, scale, bias, mean, variance) -> (y, batch_mean,
    batch_variance, reserve_space_1, reserve_space_2). Inference only:
    the last four outputs are mean and variance (as given)."""

    def __init__(self, is_training=False, epsilon=1e-5, momentum=0.1, data_format='NCHW'):
        Primitive.__init__(self, 'BatchNorm')
        if is_training:
            raise ValueError("For 'BatchNorm', msc supports only 'is_training' False (use nn.BatchNorm2d "
                             "in training mode, or ops.batch_norm).")
        if data_format != 'NCHW':
            raise ValueError(f"For 'BatchNorm', msc supports only 'data_format' 'NCHW', but got {data_format}.")
        self.is_training = is_training
        self.epsilon = epsilon
        self.momentum = momentum
        self.add_prim_attr('is_training', is_training)
        self.add_prim_attr('epsilon', epsilon)
        self.add_prim_attr('momentum', momentum)

    def __call__(self, x, scale, bias, mean, variance):
        y = _msc.prim('BatchNorm', x, scale, bias, mean, variance, epsilon=self.epsilon)
        return (y, mean, variance, mean, variance)


class LayerNorm(Primitive):
    """LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7)(x,
    gamma, beta) -> (y, mean, variance) (mean and variance keep the
    normalised dims as 1)."""

    def __init__(self, begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7):
        Primitive.__init__(self, 'LayerNorm')
        self.begin_norm_axis = begin_norm_axis
        self.begin_params_axis = begin_params_axis
        self.epsilon = epsilon
        self.add_prim_attr('begin_norm_axis', begin_norm_axis)
        self.add_prim_attr('begin_params_axis', begin_params_axis)
        self.add_prim_attr('epsilon', epsilon)

    def __call__(self, x, gamma, beta):
        y = _msc.prim('LayerNorm', x, gamma, beta, begin_norm_axis=self.begin_norm_axis,
                      begin_params_axis=self.begin_params_axis, epsilon=self.epsilon)
        b = self.begin_norm_axis + x.ndim if self.begin_norm_axis < 0 else self.begin_norm_axis
        axes = tuple(range(b, x.ndim))
        mean = _msc.prim('ReduceMean', x, axis=axes, keep_dims=True)
        d = _msc.prim('Sub', x, mean)
        var = _msc.prim('ReduceMean', _msc.prim('Mul', d, d), axis=axes, keep_dims=True)
        return (y, mean, var)


class Dropout(Primitive):
    """Dropout(keep_prob=0.5, Seed0=0, Seed1=0)(x) -> (output, mask): always
    drops (a primitive has no training flag); mask is x's shape, float."""

    def __init__(self, keep_prob=0.5, Seed0=0, Seed1=0):
        Primitive.__init__(self, 'Dropout')
        if not isinstance(keep_prob, (int, float)) or isinstance(keep_prob, bool) or keep_prob <= 0 \
                or keep_prob > 1:
            raise ValueError(f"For 'Dropout', the 'keep_prob' must be in range (0, 1], but got {keep_prob}.")
        self.keep_prob = keep_prob
        self.add_prim_attr('keep_prob', keep_prob)

    def __call__(self, x):
        if _msc.capturing():
            raise RuntimeError("For 'Dropout', msc does not support dropout in graph mode (its random mask "
                               "needs a random op in the graph).")
        from mindspore.ops import functional as F
        mask = F._bernoulli_keep(x, 1.0 - self.keep_prob)
        return (_msc.prim('RealDiv', _msc.prim('Mul', x, mask), self.keep_prob), mask)


class Split(Primitive):
    """ops.Split(axis=0, output_num=1)(x): output_num equal pieces along axis.
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.Split.html"""

    def __init__(self, axis=0, output_num=1):
        Primitive.__init__(self, 'Split')
        if not isinstance(axis, int) or isinstance(axis, bool):
            raise TypeError(f"For 'Split', the 'axis' must be an int, but got {type(axis).__name__}.")
        if not isinstance(output_num, int) or isinstance(output_num, bool):
            raise TypeError(f"For 'Split', the 'output_num' must be an int, but got {type(output_num).__name__}.")
        if output_num <= 0:
            raise ValueError(f"For 'Split', the 'output_num' must be positive, but got {output_num}.")
        self.axis = axis
        self.output_num = output_num
        self.add_prim_attr('axis', axis)
        self.add_prim_attr('output_num', output_num)

    def __call__(self, x):
        from mindspore.ops import functional as F
        ax = F._norm_axis('Split', self.axis, x.ndim)
        n = x.shape[ax]
        if n % self.output_num != 0:
            raise ValueError(f"For 'Split', x.shape[{ax}] ({n}) must be divisible by 'output_num' "
                             f"{self.output_num}.")
        return F.split(x, n // self.output_num, ax)


class MaskedFill(Primitive):
    def __init__(self):
        Primitive.__init__(self, 'MaskedFill')

    def __call__(self, input_x, mask, value):
        from mindspore.ops import functional as F
        return F.masked_fill(input_x, mask, value)


class Pad(Primitive):
    """ops.Pad(paddings)(x): paddings ((before, after) per dim), zeros."""

    def __init__(self, paddings):
        Primitive.__init__(self, 'Pad')
        self.paddings = tuple([tuple(p) for p in paddings])

    def __call__(self, x):
        from mindspore.ops import functional as F
        flat = []
        for p in reversed(self.paddings):
            flat.extend([p[0], p[1]])
        return F.pad(x, flat)


__all__ += ['Split', 'MaskedFill', 'Pad', 'Unique']


# ---- complex tensors (issue 26): Complex(real, imag) of float32/float64
# parts; Real/Imag give a complex tensor's parts (of a real tensor: itself,
# zeros), Conj its conjugate (of a real tensor: itself) ------------------------
Complex = _elementwise('Complex', 'real + imag * 1j from float32/float64 parts of one dtype.')
Real = _elementwise('Real', 'the real part of a complex tensor.')
Imag = _elementwise('Imag', 'the imaginary part of a complex tensor.')
Conj = _elementwise('Conj', 'the complex conjugate.')

__all__ += ['Complex', 'Real', 'Imag', 'Conj']
