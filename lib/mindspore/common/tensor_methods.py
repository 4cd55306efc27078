"""mindspore.Tensor's methods that are functional ops: each `Tensor.name(...)`
here is `ops.name(self, ...)`, as MindSpore documents them ("Tensor.erf:
for details, please refer to mindspore.ops.erf()"). The tensor core (C)
defines the structural methods (shape, reshape, sum, asnumpy, ...); this
file adds the rest through _msc.tensor_method, once, when mindspore is
imported."""
import _msc
from mindspore.ops import functional as F


def _def(name, fn):
    _msc.tensor_method(name, fn)


def _erf(self):
    return F.erf(self)


_def('erf', _erf)


def _erfc(self):
    return F.erfc(self)


_def('erfc', _erfc)


# ---- issue 19: MindSpore 2.x's Tensor API (structural methods the C core
# lacks, and functional ops as methods) ---------------------------------------

Tensor = _msc.Tensor


def _prop(name, fn):
    _msc.tensor_method(name, property(fn))


def _strides(self):
    """Bytes to step along each dim (C-contiguous, as MindSpore's tensors)."""
    out = []
    step = self.itemsize
    for d in range(self.ndim - 1, -1, -1):
        out.append(step)
        step *= self.shape[d]
    out.reverse()
    return tuple(out)


_prop('strides', _strides)


def _from_numpy(array):
    """Tensor.from_numpy(array): a Tensor of array's dtype (msc copies the
    data; MindSpore may share the buffer)."""
    if not _msc.is_tensor(array) or _msc.flavour(array) != 'np':
        raise TypeError(f"For 'Tensor.from_numpy', the input must be a numpy.ndarray, but got "
                        f"{type(array).__name__}.")
    return Tensor(array)


_msc.tensor_method('from_numpy', staticmethod(_from_numpy))


def _init_tensor(init, shape, dtype):
    """Tensor(shape=..., dtype=..., init=...) (called by the C constructor)."""
    from mindspore.common.initializer import initializer
    return initializer(init, shape, dtype)


_msc.tensor_method('_init_tensor', staticmethod(_init_tensor))


def _shape_args(op, shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        return tuple(shape[0])
    return tuple(shape)


def _view(self, *shape):
    """The tensor reshaped to shape (msc's tensors are contiguous copies)."""
    if not shape:
        raise ValueError("For 'Tensor.view', the shape must be given.")
    return F.reshape(self, _shape_args('view', shape))


_def('view', _view)


def _view_as(self, other):
    return F.reshape(self, other.shape)


_def('view_as', _view_as)


def _permute(self, *axis):
    return F.transpose(self, _shape_args('permute', axis))


_def('permute', _permute)


def _swapaxes(self, axis0, axis1):
    perm = list(range(self.ndim))
    a = axis0 % self.ndim if self.ndim else 0
    b = axis1 % self.ndim if self.ndim else 0
    perm[a], perm[b] = perm[b], perm[a]
    return F.transpose(self, tuple(perm))


_def('swapaxes', _swapaxes)


def _unsqueeze(self, dim):
    return F.expand_dims(self, dim)


_def('unsqueeze', _unsqueeze)


def _var(self, axis=None, ddof=0, keepdims=False):
    return F.var(self, axis, ddof, keepdims)


def _std(self, axis=None, ddof=0, keepdims=False):
    return F.std(self, axis, ddof, keepdims)


_def('var', _var)
_def('std', _std)


def _clip(self, xmin=None, xmax=None, dtype=None):
    out = F.clamp(self, xmin, xmax)
    return out if dtype is None else F.cast(out, dtype)


_def('clip', _clip)
_def('clamp', _clip)


def _fill(self, value):
    """A tensor of self's shape and dtype filled with value (Tensor.fill)."""
    if value is None:
        raise TypeError("For 'Tensor.fill', the 'value' must be a number, but got None.")
    if isinstance(value, Tensor):
        value = value.asnumpy().item()
    return _msc.fill(self.shape, value, self.dtype, 'ms')


_def('fill', _fill)


def _zero_(self):
    """Tensor.zero_(): self's elements set to 0 (in place; returns self)."""
    self[...] = 0
    return self


def _fill_(self, value):
    self[...] = value
    return self


_def('zero_', _zero_)
_def('fill_', _fill_)


def _set_dtype(self, dtype):
    """Tensor.set_dtype: a tensor of the new dtype (msc returns a converted copy)."""
    return F.cast(self, dtype)


_def('set_dtype', _set_dtype)


def _to(self, dtype):
    return F.cast(self, dtype)


_def('to', _to)


def _float(self):
    from mindspore.common import dtype as mstype
    return F.cast(self, mstype.float32)


def _int(self):
    from mindspore.common import dtype as mstype
    return F.cast(self, mstype.int32)


_def('float', _float)
_def('int', _int)


def _abs(self):
    return F.abs(self)


_def('abs', _abs)


def _unary(name, fn):
    def m(self):
        return fn(self)
    _def(name, m)


_unary('sqrt', F.sqrt)
_unary('exp', F.exp)
_unary('log', F.log)
_unary('neg', F.neg)
_unary('square', F.square)
_unary('sigmoid', F.sigmoid)
_unary('tanh', F.tanh)
_unary('relu', F.relu)
_unary('floor', F.floor)
_unary('ceil', F.ceil)
_unary('sin', F.sin)
_unary('cos', F.cos)
_unary('reciprocal', F.reciprocal)
_unary('rsqrt', F.rsqrt)
_unary('sign', F.sign)


def _binary(name, fn):
    def m(self, other):
        return fn(self, other)
    _def(name, m)


_binary('add', F.add)
_binary('sub', F.sub)
_binary('mul', F.mul)
_binary('div', F.div)
_binary('pow', F.pow)
_binary('matmul', F.matmul)
_binary('maximum', F.maximum)
_binary('minimum', F.minimum)
_binary('equal', F.equal)
_binary('expand_as', lambda x, y: F.broadcast_to(x, y.shape))


def _masked_fill(self, mask, value):
    return F.masked_fill(self, mask, value)


_def('masked_fill', _masked_fill)


def _chunk(self, chunks, axis=0):
    return F.chunk(self, chunks, axis)


def _split(self, split_size_or_sections, axis=0):
    return F.split(self, split_size_or_sections, axis)


_def('chunk', _chunk)
_def('split', _split)


def _repeat_interleave(self, repeats, dim=None):
    return F.repeat_interleave(self, repeats, dim)


_def('repeat_interleave', _repeat_interleave)


def _tile(self, reps):
    return F.tile(self, reps)


_def('tile', _tile)


def _gather(self, input_indices, axis, batch_dims=0):
    return F.gather(self, input_indices, axis, batch_dims)


_def('gather', _gather)


def _cumsum(self, axis=None, dtype=None):
    x = self
    if axis is None:
        x = F.reshape(self, (self.size,))
        axis = 0
    return F.cumsum(x, axis, dtype)


_def('cumsum', _cumsum)


def _topk(self, k, dim=None, largest=True, sorted=True):
    return F.topk(self, k, dim, largest, sorted)


def _sort(self, axis=-1, descending=False):
    return F.sort(self, axis, descending)


def _top_k(self, k, sorted=True):
    return F.topk(self, k, -1, True, sorted)


def _argsort(self, axis=-1, descending=False):
    return F.argsort(self, axis, descending)


_def('topk', _topk)
_def('top_k', _top_k)
_def('sort', _sort)
_def('argsort', _argsort)


def _softmax(self, axis=-1):
    return F.softmax(self, axis)


_def('softmax', _softmax)


def _norm(self, ord=None, dim=None, keepdim=False):
    return F.norm(self, ord, dim, keepdim)


_def('norm', _norm)


def _broadcast_to(self, shape):
    return F.broadcast_to(self, shape)


_def('broadcast_to', _broadcast_to)


def _narrow(self, axis, start, length):
    return F.narrow(self, axis, start, length)


_def('narrow', _narrow)


def _scatter(self, axis, index, src):
    return F.scatter(self, axis, index, src)


_def('scatter', _scatter)


def _asnumpy_of(self):
    return self.asnumpy()


def _nonzero(self):
    import numpy as np
    return Tensor(np.array(np.nonzero(self.asnumpy())).T)


_def('nonzero', _nonzero)


def _unbind(self, dim=0):
    return F.unstack(self, dim)


_def('unbind', _unbind)


def _item(self, index=None):
    """Tensor.item(index=None) as MindSpore 2.0-2.2 (compile_utils.tensor_item):
    an element picked by index is a 0-d Tensor of self's dtype ("a Tensor
    scalar instead of a Python scalar": x.item((0, 1)) prints 2.0); the
    value of a 0-d or one-element Tensor is a numpy 0-d ndarray (Tensor(1.2,
    float32).item() prints 1.2). index: None, an int (into the flattened
    tensor) or a tuple of ndim ints."""
    if self.ndim == 0:
        if index is not None and index != ():
            raise ValueError("For item, the index of scalar Tensor should not be set.")
        return self.asnumpy()
    args = index if isinstance(index, tuple) else (index,)
    if not args or args[0] is None:
        if self.shape == (1,):
            return self[0].asnumpy()
        raise ValueError("Can only convert an array of size 1 to a Python scalar")
    for a in args:
        if not isinstance(a, int) or isinstance(a, bool):
            raise TypeError("The index object cannot be interpreted as an integer")
    if len(args) == self.ndim:
        return self[args]
    if len(args) > 1:
        raise ValueError("Incorrect number of indices for array")
    return self.reshape((-1,))[args[0]]


_msc.tensor_method('item', _item, True)  # replaces the core's numpy-like item


# ---- complex tensors (issue 26) ---------------------------------------------
def _real(self):
    return F.real(self)


def _imag(self):
    return F.imag(self)


def _conj(self):
    return F.conj(self)


def _is_complex(self):
    return F.is_complex(self)


_def('real', _real)
_def('imag', _imag)
_def('conj', _conj)
_def('is_complex', _is_complex)
