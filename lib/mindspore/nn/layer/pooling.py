"""mindspore.nn.layer.pooling: MaxPool2d, AvgPool2d.

MindSpore 2.x signatures and defaults (a no-op 1x1 window by default):
MaxPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
return_indices=False, ceil_mode=False, data_format='NCHW') and
AvgPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0,
ceil_mode=False, count_include_pad=True, divisor_override=None,
data_format='NCHW'). https://mindspore.cn/docs/en/r2.4.1/api_python/nn/mindspore.nn.MaxPool2d.html
'same': padding so that the output is ceil(H / stride), split with the odd
pixel at the bottom/right (the docs); max ignores padding, avg does not count
it. 'pad': padding (int or (h, w)) on both sides. Inputs may be 3-D (C, H, W).
"""
import _msc
from mindspore.nn.cell import Cell
from mindspore.ops import functional as F

Tensor = _msc.Tensor


def _pair(cls_name, arg_name, value):
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value, value)
    if isinstance(value, (tuple, list)) and len(value) == 1:
        value = (value[0], value[0])
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"For '{cls_name}', the '{arg_name}' must be an int or a tuple of two int, but got {value}.")
    for v in value:
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"For '{cls_name}', the elements of '{arg_name}' must be int, but got {value}.")
        if v <= 0:
            raise ValueError(f"For '{cls_name}', the '{arg_name}' must be positive int, but got {value}.")
    return tuple(value)


class _Pool2d(Cell):
    def __init__(self, name, kernel_size, stride, pad_mode, padding, ceil_mode, data_format):
        super().__init__()
        self.kernel_size = _pair(name, 'kernel_size', kernel_size)
        self.stride = _pair(name, 'stride', stride)
        if not isinstance(pad_mode, str) or pad_mode.lower() not in ('same', 'valid', 'pad'):
            raise ValueError(f"For '{name}', the 'pad_mode' must be one of ['same', 'valid', 'pad'], but got "
                             f"{pad_mode}.")
        self.pad_mode = pad_mode.lower()
        if isinstance(padding, int) and not isinstance(padding, bool):
            p = (padding, padding)
        elif isinstance(padding, (tuple, list)) and len(padding) in (1, 2):
            p = (padding[0], padding[-1])
        else:
            raise TypeError(f"For '{name}', the 'padding' must be an int or a tuple of one or two int, but got "
                            f"{padding}.")
        for v in p:
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ValueError(f"For '{name}', the 'padding' must be non-negative int, but got {padding}.")
        if self.pad_mode != 'pad' and p != (0, 0):
            raise ValueError(f"For '{name}', the 'padding' must be 0 when 'pad_mode' is not 'pad', but got "
                             f"'padding': {padding} and 'pad_mode': {pad_mode}.")
        self.padding = p
        if not isinstance(ceil_mode, bool):
            raise TypeError(f"For '{name}', the 'ceil_mode' must be bool, but got {type(ceil_mode).__name__}.")
        self.ceil_mode = ceil_mode
        if data_format != 'NCHW':
            raise ValueError(f"For '{name}', msc supports only 'data_format' 'NCHW', but got {data_format}.")
        self.data_format = data_format
        self.name_ = name

    def _pad(self, x):
        if self.pad_mode == 'valid':
            return (0, 0, 0, 0)
        if self.pad_mode == 'pad':
            return (self.padding[0], self.padding[0], self.padding[1], self.padding[1])
        t, b = F._same_pad(x.shape[2], self.kernel_size[0], self.stride[0], 1)
        l, r = F._same_pad(x.shape[3], self.kernel_size[1], self.stride[1], 1)
        return (t, b, l, r)

    def _pool(self, x):
        raise NotImplementedError('_pool')

    def construct(self, x):
        if x.ndim == 3:
            return _msc.prim('Squeeze', self._pool(_msc.prim('ExpandDims', x, axis=0)), axis=(0,))
        if x.ndim != 4:
            raise ValueError(f"For '{self.name_}', the input must be 3-D or 4-D, but got shape {x.shape}.")
        return self._pool(x)

    def extend_repr(self):
        return f'kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}'


class MaxPool2d(_Pool2d):
    """2-D max pooling (see the module docstring)."""

    def __init__(self, kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1, return_indices=False,
                 ceil_mode=False, data_format='NCHW'):
        super().__init__('MaxPool2d', kernel_size, stride, pad_mode, padding, ceil_mode, data_format)
        if _pair('MaxPool2d', 'dilation', dilation) != (1, 1):
            raise ValueError(f"For 'MaxPool2d', msc supports only 'dilation' 1, but got {dilation}.")
        if return_indices:
            raise ValueError("For 'MaxPool2d', msc does not support 'return_indices' True.")
        self.dilation = dilation
        self.return_indices = return_indices

    def _pool(self, x):
        return _msc.prim('MaxPool', x, kernel_size=self.kernel_size, stride=self.stride, pad=self._pad(x),
                         ceil_mode=self.ceil_mode)


class AvgPool2d(_Pool2d):
    """2-D average pooling (see the module docstring)."""

    def __init__(self, kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None, data_format='NCHW'):
        super().__init__('AvgPool2d', kernel_size, stride, pad_mode, padding, ceil_mode, data_format)
        if divisor_override is not None and (not isinstance(divisor_override, int) or divisor_override <= 0):
            raise ValueError(f"For 'AvgPool2d', the 'divisor_override' must be a positive int, but got "
                             f"{divisor_override}.")
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def _pool(self, x):
        if self.divisor_override:
            s = _msc.prim('AvgPool', x, kernel_size=self.kernel_size, stride=self.stride, pad=self._pad(x),
                          ceil_mode=self.ceil_mode, count_include_pad=True)
            k = self.kernel_size[0] * self.kernel_size[1]
            return _msc.prim('RealDiv', _msc.prim('Mul', s, k), self.divisor_override)
        return _msc.prim('AvgPool', x, kernel_size=self.kernel_size, stride=self.stride, pad=self._pad(x),
                         ceil_mode=self.ceil_mode,
                         count_include_pad=self.count_include_pad and self.pad_mode == 'pad')


def _int1(cls_name, arg_name, value):
    if isinstance(value, (tuple, list)) and len(value) == 1:
        value = value[0]
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{cls_name}', the '{arg_name}' must be an int, but got {type(value).__name__}.")
    if value <= 0:
        raise ValueError(f"For '{cls_name}', the '{arg_name}' must be positive int, but got {value}.")
    return value


class _Pool1d(Cell):
    def __init__(self, name, kernel_size, stride, pad_mode, padding, ceil_mode):
        super().__init__()
        self.kernel_size = _int1(name, 'kernel_size', kernel_size)
        self.stride = _int1(name, 'stride', stride)
        if not isinstance(pad_mode, str) or pad_mode.lower() not in ('same', 'valid', 'pad'):
            raise ValueError(f"For '{name}', the 'pad_mode' must be one of ['same', 'valid', 'pad'], but got "
                             f"{pad_mode}.")
        self.pad_mode = pad_mode.lower()
        if isinstance(padding, (tuple, list)) and len(padding) == 1:
            padding = padding[0]
        if not isinstance(padding, int) or isinstance(padding, bool) or padding < 0:
            raise ValueError(f"For '{name}', the 'padding' must be a non-negative int, but got {padding}.")
        if self.pad_mode != 'pad' and padding != 0:
            raise ValueError(f"For '{name}', the 'padding' must be 0 when 'pad_mode' is not 'pad', but got "
                             f"'padding': {padding} and 'pad_mode': {pad_mode}.")
        self.padding = padding
        self.ceil_mode = bool(ceil_mode)
        self.name_ = name

    def _pad(self, x):
        if self.pad_mode == 'valid':
            return (0, 0, 0, 0)
        if self.pad_mode == 'pad':
            return (0, 0, self.padding, self.padding)
        l, r = F._same_pad(x.shape[-1], self.kernel_size, self.stride, 1)
        return (0, 0, l, r)

    def construct(self, x):
        if x.ndim not in (2, 3):
            raise ValueError(f"For '{self.name_}', the input must be 2-D (C, L) or 3-D (N, C, L), but got shape "
                             f"{x.shape}.")
        x4 = _msc.prim('ExpandDims', x, axis=x.ndim - 1)
        out = self._pool(x4)
        return _msc.prim('Squeeze', out, axis=(x.ndim - 1,))

    def extend_repr(self):
        return f'kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}'


class MaxPool1d(_Pool1d):
    """1-D max pooling over (N, C, L) (a MaxPool over (N, C, 1, L)).
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.MaxPool1d.html"""

    def __init__(self, kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1, return_indices=False,
                 ceil_mode=False):
        super().__init__('MaxPool1d', kernel_size, stride, pad_mode, padding, ceil_mode)
        if dilation != 1 or return_indices:
            raise ValueError("For 'MaxPool1d', msc supports only 'dilation' 1 and 'return_indices' False.")

    def _pool(self, x):
        if x.ndim == 3:
            x = _msc.prim('ExpandDims', x, axis=0)
            return _msc.prim('Squeeze', self._pool(x), axis=(0,))
        return _msc.prim('MaxPool', x, kernel_size=(1, self.kernel_size), stride=(1, self.stride),
                         pad=self._pad(x), ceil_mode=self.ceil_mode)


class AvgPool1d(_Pool1d):
    """1-D average pooling over (N, C, L) (an AvgPool over (N, C, 1, L)).
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.AvgPool1d.html"""

    def __init__(self, kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
                 count_include_pad=True):
        super().__init__('AvgPool1d', kernel_size, stride, pad_mode, padding, ceil_mode)
        self.count_include_pad = count_include_pad

    def _pool(self, x):
        if x.ndim == 3:
            x = _msc.prim('ExpandDims', x, axis=0)
            return _msc.prim('Squeeze', self._pool(x), axis=(0,))
        return _msc.prim('AvgPool', x, kernel_size=(1, self.kernel_size), stride=(1, self.stride),
                         pad=self._pad(x), ceil_mode=self.ceil_mode,
                         count_include_pad=self.count_include_pad and self.pad_mode == 'pad')


class AdaptiveAvgPool2d(Cell):
    """Averages over adaptive bins of the last two dims; output_size an int
    or (h, w), None keeping that dim (ops.adaptive_avg_pool2d).
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.AdaptiveAvgPool2d.html"""

    def __init__(self, output_size):
        super().__init__()
        if isinstance(output_size, int) and not isinstance(output_size, bool):
            output_size = (output_size, output_size)
        if not isinstance(output_size, (tuple, list)) or len(output_size) != 2:
            raise ValueError(f"For 'AdaptiveAvgPool2d', the 'output_size' must be an int or a tuple of two int or "
                             f"None, but got {output_size}.")
        self.output_size = tuple(output_size)

    def construct(self, x):
        return F.adaptive_avg_pool2d(x, self.output_size)

    def extend_repr(self):
        return f'output_size={self.output_size}'


class AdaptiveAvgPool1d(Cell):
    """Averages over adaptive bins of the last dim (N, C, L)."""

    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def construct(self, x):
        return F.adaptive_avg_pool1d(x, self.output_size)


class AdaptiveMaxPool2d(Cell):
    """Maxima over adaptive bins of the last two dims."""

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        if return_indices:
            raise ValueError("For 'AdaptiveMaxPool2d', msc does not support 'return_indices' True.")
        self.output_size = output_size

    def construct(self, x):
        return F.adaptive_max_pool2d(x, self.output_size)
