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
