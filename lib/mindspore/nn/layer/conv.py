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
