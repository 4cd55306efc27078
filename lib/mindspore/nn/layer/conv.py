"""mindspore.nn.layer.conv: Conv2d.

MindSpore 2.x defaults (https://mindspore.cn/docs/en/r2.4.0/api_python/nn/mindspore.nn.Conv2d.html):
pad_mode='same', has_bias=False; weight (out_channels, in_channels/group,
kh, kw) Parameter 'weight', bias (out_channels,) Parameter 'bias'; default
init (2.1+, as nn.Dense): weight HeUniform(negative_slope=sqrt(5)), bias
Uniform(1/sqrt(fan_in)) with fan_in = in_channels/group * kh * kw, the
weight drawn before the bias from numpy's global stream. 'same' padding is
split as MindSpore/TensorFlow do: total = max((ceil(H/s)-1)*s + (k-1)*d + 1
- H, 0), top/left = total // 2, bottom/right the rest.
"""
import math

import _msc
from mindspore.common import dtype as mstype
from mindspore.common.parameter import Parameter
from mindspore.common.initializer import initializer, HeUniform, Uniform
from mindspore.nn.cell import Cell
from mindspore.ops import operations as P
from mindspore.ops import functional as F

Tensor = _msc.Tensor


def _check_int(cls_name, arg_name, value, positive=True):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{cls_name}', the '{arg_name}' must be int, but got {type(value).__name__}.")
    if positive and value <= 0:
        raise ValueError(f"For '{cls_name}', the '{arg_name}' must be a positive int, but got {value}.")
    return value


def _pair(cls_name, arg_name, value):
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value, value)
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"For '{cls_name}', the '{arg_name}' must be an int or a tuple of two int, but got {value}.")
    for v in value:
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"For '{cls_name}', the elements of '{arg_name}' must be int, but got {value}.")
        if v <= 0:
            raise ValueError(f"For '{cls_name}', the elements of '{arg_name}' must be positive int, but got {value}.")
    return tuple(value)


def _padding4(cls_name, padding):
    if isinstance(padding, int) and not isinstance(padding, bool):
        p = (padding, padding, padding, padding)
    elif isinstance(padding, (tuple, list)) and len(padding) == 2:
        p = (padding[0], padding[0], padding[1], padding[1])
    elif isinstance(padding, (tuple, list)) and len(padding) == 4:
        p = tuple(padding)
    else:
        raise TypeError(f"For '{cls_name}', the 'padding' must be an int or a tuple of 2 or 4 int, but got "
                        f"{padding}.")
    for v in p:
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(f"For '{cls_name}', the 'padding' must be non-negative int, but got {padding}.")
    return p


def _pad_mode(cls_name, pad_mode):
    if not isinstance(pad_mode, str) or pad_mode.lower() not in ('same', 'valid', 'pad'):
        raise ValueError(f"For '{cls_name}', the 'pad_mode' must be one of ['same', 'valid', 'pad'], but got "
                         f"{pad_mode}.")
    return pad_mode.lower()


class Conv2d(Cell):
    """2-D convolution over (N, C_in, H, W) (see the module docstring)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1,
                 group=1, has_bias=False, weight_init=None, bias_init=None, data_format='NCHW',
                 dtype=mstype.float32):
        super().__init__()
        self.in_channels = _check_int('Conv2d', 'in_channels', in_channels)
        self.out_channels = _check_int('Conv2d', 'out_channels', out_channels)
        self.kernel_size = _pair('Conv2d', 'kernel_size', kernel_size)
        self.stride = _pair('Conv2d', 'stride', stride)
        self.dilation = _pair('Conv2d', 'dilation', dilation)
        self.pad_mode = _pad_mode('Conv2d', pad_mode)
        self.padding = padding
        pad = _padding4('Conv2d', padding)
        if self.pad_mode != 'pad' and pad != (0, 0, 0, 0):
            raise ValueError(f"For 'Conv2d', the 'padding' must be zero when 'pad_mode' is not 'pad', but got "
                             f"'padding': {padding} and 'pad_mode': {pad_mode}.")
        self.group = _check_int('Conv2d', 'group', group)
        if in_channels % group != 0:
            raise ValueError(f"For 'Conv2d', the attr 'in_channels' must be divisible by attr 'group', but got "
                             f"'in_channels': {in_channels} and 'group': {group}.")
        if out_channels % group != 0:
            raise ValueError(f"For 'Conv2d', the 'out_channels' must be divisible by attr 'group', but got "
                             f"'out_channels': {out_channels} and 'group': {group}.")
        if not isinstance(has_bias, bool):
            raise TypeError(f"For 'Conv2d', the 'has_bias' must be bool, but got {type(has_bias).__name__}.")
        if data_format != 'NCHW':
            raise ValueError(f"For 'Conv2d', msc supports only 'data_format' 'NCHW', but got {data_format}.")
        self.data_format = data_format
        self.has_bias = has_bias
        shape = [out_channels, in_channels // group, self.kernel_size[0], self.kernel_size[1]]
        if isinstance(weight_init, Tensor) and tuple(weight_init.shape) != tuple(shape):
            raise ValueError(f"For 'Conv2d', the shape of 'weight_init' must be {tuple(shape)}, but got "
                             f"{weight_init.shape}.")
        self.weight_init = weight_init
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(weight_init, shape, dtype=dtype), name='weight')
        self.bias_init = bias_init
        self.bias = None
        if has_bias:
            if bias_init is None:
                fan_in = (in_channels // group) * self.kernel_size[0] * self.kernel_size[1]
                bias_init = Uniform(1 / math.sqrt(fan_in))
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype=dtype), name='bias')
            self.bias_add = P.BiasAdd()
        self.conv2d = P.Conv2D(out_channel=out_channels, kernel_size=self.kernel_size, mode=1,
                               pad_mode=self.pad_mode, pad=pad, stride=self.stride, dilation=self.dilation,
                               group=group)

    def construct(self, x):
        if x.ndim != 4:
            raise ValueError(f"For 'Conv2d', the input must be 4-D (N, C, H, W), but got shape {x.shape}.")
        if x.shape[1] != self.in_channels:
            raise ValueError(f"For 'Conv2d', the channel dim of the input (x.shape[1]) must be equal to "
                             f"'in_channels' {self.in_channels}, but got input shape {x.shape}.")
        output = self.conv2d(x, self.weight)
        if self.has_bias:
            output = self.bias_add(output, self.bias)
        return output

    def extend_repr(self):
        return (f'input_channels={self.in_channels}, output_channels={self.out_channels}, '
                f'kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, '
                f'padding={self.padding}, dilation={self.dilation}, group={self.group}, '
                f'has_bias={self.has_bias}, weight_init={self.weight_init}, bias_init={self.bias_init}, '
                f'format={self.data_format}')


def _conv_init(name, weight_init, bias_init, has_bias, shape, fan_in, out_channels, dtype):
    if isinstance(weight_init, Tensor) and tuple(weight_init.shape) != tuple(shape):
        raise ValueError(f"For '{name}', the shape of 'weight_init' must be {tuple(shape)}, but got "
                         f"{weight_init.shape}.")
    w = Parameter(initializer(HeUniform(math.sqrt(5)) if weight_init is None else weight_init, shape, dtype=dtype),
                  name='weight')
    b = None
    if has_bias:
        b = Parameter(initializer(Uniform(1 / math.sqrt(fan_in)) if bias_init is None else bias_init,
                                  [out_channels], dtype=dtype), name='bias')
    return w, b


class Conv1d(Cell):
    """1-D convolution over (N, C_in, L): MindSpore 2.x's signature and
    defaults (pad_mode 'same', has_bias False; weight (C_out, C_in / group,
    kernel_size), HeUniform(sqrt(5)); bias Uniform(1 / sqrt(fan_in))),
    computed as a Conv2D over (N, C_in, 1, L).
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.Conv1d.html"""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1,
                 group=1, has_bias=False, weight_init=None, bias_init=None, dtype=mstype.float32):
        super().__init__()
        self.in_channels = _check_int('Conv1d', 'in_channels', in_channels)
        self.out_channels = _check_int('Conv1d', 'out_channels', out_channels)
        self.kernel_size = _check_int('Conv1d', 'kernel_size', kernel_size)
        self.stride = _check_int('Conv1d', 'stride', stride)
        self.dilation = _check_int('Conv1d', 'dilation', dilation)
        self.pad_mode = _pad_mode('Conv1d', pad_mode)
        if not isinstance(padding, int) or isinstance(padding, bool) or padding < 0:
            raise ValueError(f"For 'Conv1d', the 'padding' must be a non-negative int, but got {padding}.")
        if self.pad_mode != 'pad' and padding != 0:
            raise ValueError(f"For 'Conv1d', the 'padding' must be zero when 'pad_mode' is not 'pad', but got "
                             f"'padding': {padding} and 'pad_mode': {pad_mode}.")
        self.padding = padding
        self.group = _check_int('Conv1d', 'group', group)
        if in_channels % group != 0 or out_channels % group != 0:
            raise ValueError(f"For 'Conv1d', the 'in_channels' and 'out_channels' must be divisible by 'group', "
                             f"but got {in_channels}, {out_channels} and {group}.")
        if not isinstance(has_bias, bool):
            raise TypeError(f"For 'Conv1d', the 'has_bias' must be bool, but got {type(has_bias).__name__}.")
        self.has_bias = has_bias
        shape = [out_channels, in_channels // group, kernel_size]
        self.weight, self.bias = _conv_init('Conv1d', weight_init, bias_init, has_bias, shape,
                                            (in_channels // group) * kernel_size, out_channels, dtype)

    def construct(self, x):
        if x.ndim != 3:
            raise ValueError(f"For 'Conv1d', the input must be 3-D (N, C, L), but got shape {x.shape}.")
        if x.shape[1] != self.in_channels:
            raise ValueError(f"For 'Conv1d', the channel dim of the input (x.shape[1]) must be equal to "
                             f"'in_channels' {self.in_channels}, but got input shape {x.shape}.")
        return F.conv1d(x, self.weight, self.bias, self.stride, self.pad_mode, self.padding, self.dilation,
                        self.group)

    def extend_repr(self):
        return (f'input_channels={self.in_channels}, output_channels={self.out_channels}, '
                f'kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, '
                f'padding={self.padding}, dilation={self.dilation}, group={self.group}, has_bias={self.has_bias}')


class Conv2dTranspose(Cell):
    """2-D transposed convolution over (N, C_in, H, W): MindSpore 2.x's
    signature and defaults (pad_mode 'same', has_bias False; weight (C_in,
    C_out / group, kh, kw)). Output size: 'same' H * stride; 'valid'
    (H - 1) * stride + dilation * (k - 1) + 1 (at least H * stride); 'pad'
    (H - 1) * stride - top - bottom + dilation * (k - 1) + 1 + output_padding.
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.Conv2dTranspose.html"""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
                 output_padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
                 dtype=mstype.float32):
        super().__init__()
        self.in_channels = _check_int('Conv2dTranspose', 'in_channels', in_channels)
        self.out_channels = _check_int('Conv2dTranspose', 'out_channels', out_channels)
        self.kernel_size = _pair('Conv2dTranspose', 'kernel_size', kernel_size)
        self.stride = _pair('Conv2dTranspose', 'stride', stride)
        self.dilation = _pair('Conv2dTranspose', 'dilation', dilation)
        self.pad_mode = _pad_mode('Conv2dTranspose', pad_mode)
        self.padding = padding
        self.pad = _padding4('Conv2dTranspose', padding)
        if self.pad_mode != 'pad' and self.pad != (0, 0, 0, 0):
            raise ValueError(f"For 'Conv2dTranspose', the 'padding' must be zero when 'pad_mode' is not 'pad', but "
                             f"got 'padding': {padding} and 'pad_mode': {pad_mode}.")
        self.output_padding = output_padding
        self.group = _check_int('Conv2dTranspose', 'group', group)
        if in_channels % group != 0:
            raise ValueError(f"For 'Conv2dTranspose', the attr 'in_channels' must be divisible by attr 'group', but "
                             f"got 'in_channels': {in_channels} and 'group': {group}.")
        if out_channels % group != 0:
            raise ValueError(f"For 'Conv2dTranspose', the 'out_channels' must be divisible by attr 'group', but got "
                             f"'out_channels': {out_channels} and 'group': {group}.")
        if not isinstance(has_bias, bool):
            raise TypeError(f"For 'Conv2dTranspose', the 'has_bias' must be bool, but got "
                            f"{type(has_bias).__name__}.")
        self.has_bias = has_bias
        shape = [in_channels, out_channels // group, self.kernel_size[0], self.kernel_size[1]]
        fan_in = (out_channels // group) * self.kernel_size[0] * self.kernel_size[1]
        self.weight, self.bias = _conv_init('Conv2dTranspose', weight_init, bias_init, has_bias, shape, fan_in,
                                            out_channels, dtype)

    def construct(self, x):
        if x.ndim != 4:
            raise ValueError(f"For 'Conv2dTranspose', the input must be 4-D (N, C, H, W), but got shape {x.shape}.")
        if x.shape[1] != self.in_channels:
            raise ValueError(f"For 'Conv2dTranspose', the channel dim of the input (x.shape[1]) must be equal to "
                             f"'in_channels' {self.in_channels}, but got input shape {x.shape}.")
        h, w = x.shape[2], x.shape[3]
        s, d, k = self.stride, self.dilation, self.kernel_size
        nat = ((h - 1) * s[0] + d[0] * (k[0] - 1) + 1, (w - 1) * s[1] + d[1] * (k[1] - 1) + 1)
        if self.pad_mode == 'pad':
            return F.conv_transpose2d(x, self.weight, self.bias, s, self.pad, self.output_padding, d, self.group)
        if self.pad_mode == 'same':
            out = (h * s[0], w * s[1])
            th, tw = nat[0] - out[0], nat[1] - out[1]
            th = th if th > 0 else 0
            tw = tw if tw > 0 else 0
            pad = (th // 2, th - th // 2, tw // 2, tw - tw // 2)
            return F.conv_transpose2d(x, self.weight, self.bias, s, pad, 0, d, self.group, out)
        out = (nat[0] if nat[0] > h * s[0] else h * s[0], nat[1] if nat[1] > w * s[1] else w * s[1])
        return F.conv_transpose2d(x, self.weight, self.bias, s, (0, 0, 0, 0), 0, d, self.group, out)

    def extend_repr(self):
        return (f'input_channels={self.in_channels}, output_channels={self.out_channels}, '
                f'kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, '
                f'padding={self.padding}, dilation={self.dilation}, group={self.group}, has_bias={self.has_bias}')
