"""mindspore.nn.layer.basic: Dense, Flatten, Identity, Dropout."""
import math

import _msc
from mindspore.common import dtype as mstype
from mindspore.common.parameter import Parameter
from mindspore.common.initializer import initializer, HeUniform, Uniform, _calculate_fan_in_and_fan_out
from mindspore.nn.cell import Cell
from mindspore.nn.layer.activation import get_activation
from mindspore.ops import operations as P
from mindspore.ops import functional as F
from mindspore.ops.primitive import Primitive

Tensor = _msc.Tensor


def _positive_int(cls_name, arg_name, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{cls_name}', the '{arg_name}' must be int, but got {type(value).__name__}.")
    if value <= 0:
        raise ValueError(f"For '{cls_name}', the '{arg_name}' must be a positive int, but got {value}.")
    return value


class Dense(Cell):
    """Fully connected layer: activation(x @ weight.T + bias).

    weight has shape (out_channels, in_channels), bias (out_channels,).
    Default init (MindSpore 2.1+): weight HeUniform(negative_slope=sqrt(5))
    (= U(-1/sqrt(in), 1/sqrt(in))), bias Uniform(1/sqrt(in)); the weight is
    drawn before the bias, from numpy's global stream. Inputs with ndim != 2
    are reshaped to (-1, in_channels) and back.
    """

    def __init__(self, in_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
                 activation=None, dtype=mstype.float32):
        super().__init__()
        self.in_channels = _positive_int('Dense', 'in_channels', in_channels)
        self.out_channels = _positive_int('Dense', 'out_channels', out_channels)
        if not isinstance(has_bias, bool):
            raise TypeError(f"For 'Dense', the 'has_bias' must be bool, but got {type(has_bias).__name__}.")
        self.has_bias = has_bias
        self.reshape = P.Reshape()
        if isinstance(weight_init, Tensor):
            if weight_init.ndim != 2 or weight_init.shape[0] != out_channels or \
                    weight_init.shape[1] != in_channels:
                raise ValueError("For 'Dense', weight init shape error. The ndim of 'weight_init' must be "
                                 "equal to 2, and the first dim must be equal to 'out_channels', and the "
                                 "second dim must be equal to 'in_channels'. But got 'weight_init' shape: "
                                 f"{weight_init.shape}, 'out_channels': {out_channels}, 'in_channels': "
                                 f"{in_channels}.")
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels], dtype=dtype),
                                name="weight")
        self.bias = None
        if self.has_bias:
            if isinstance(bias_init, Tensor):
                if bias_init.ndim != 1 or bias_init.shape[0] != out_channels:
                    raise ValueError("For 'Dense', bias init shape error. The ndim of 'bias_init' must be "
                                     "equal to 1, and the first dim must be equal to 'out_channels'. But "
                                     f"got 'bias_init' shape: {bias_init.shape}, 'out_channels': "
                                     f"{out_channels}.")
            if bias_init is None:
                fan_in, _ = _calculate_fan_in_and_fan_out((out_channels, in_channels))
                bias_init = Uniform(1 / math.sqrt(fan_in))
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype=dtype), name="bias")
            self.bias_add = P.BiasAdd()
        self.matmul = P.MatMul(transpose_b=True)
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if activation is not None and not isinstance(self.activation, (Cell, Primitive)):
            raise TypeError("For 'Dense', the 'activation' must be str or Cell or Primitive, but got "
                            f"{type(activation).__name__}.")
        self.activation_flag = self.activation is not None

    def construct(self, x):
        x_shape = x.shape
        if len(x_shape) != 2:
            x = self.reshape(x, (-1, x_shape[-1]))
        x = self.matmul(x, self.weight)
        if self.has_bias:
            x = self.bias_add(x, self.bias)
        if self.activation_flag:
            x = self.activation(x)
        if len(x_shape) != 2:
            x = self.reshape(x, tuple(x_shape[:-1]) + (-1,))
        return x

    def extend_repr(self):
        s = f'input_channels={self.in_channels}, output_channels={self.out_channels}'
        if self.has_bias:
            s += f', has_bias={self.has_bias}'
        if self.activation_flag:
            s += f', activation={self.activation}'
        return s


class Flatten(Cell):
    """Merges dims start_dim..end_dim (default: all but the first)."""

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        if not isinstance(start_dim, int) or not isinstance(end_dim, int):
            raise TypeError("For 'Flatten', 'start_dim' and 'end_dim' must be int.")
        self.start_dim = start_dim
        self.end_dim = end_dim

    def construct(self, x):
        return F.flatten(x, start_dim=self.start_dim, end_dim=self.end_dim)


class Identity(Cell):
    def __init__(self):
        super().__init__()

    def construct(self, x):
        return x


class Dropout(Cell):
    """Zeroes elements with probability p (= 1 - keep_prob when p is None)
    and scales the rest by 1 / (1 - p) in training mode (set_train()); the
    input itself in inference mode. The mask is drawn from msc's global
    numpy stream (PyNative only).
    https://www.mindspore.cn/docs/zh-CN/r2.3/api_python/nn/mindspore.nn.Dropout.html"""

    def __init__(self, keep_prob=0.5, p=None, dtype=mstype.float32):
        super().__init__()
        if p is None:
            if not isinstance(keep_prob, (int, float)) or isinstance(keep_prob, bool):
                raise TypeError(f"For 'Dropout', the 'keep_prob' must be a float, but got "
                                f"{type(keep_prob).__name__}.")
            if keep_prob <= 0 or keep_prob > 1:
                raise ValueError(f"For 'Dropout', the 'keep_prob' must be a number in range (0, 1], but got "
                                 f"{keep_prob}.")
            p = 1.0 - keep_prob
        else:
            if not isinstance(p, (int, float)) or isinstance(p, bool):
                raise TypeError(f"For 'Dropout', the 'p' must be float or int, but got {type(p).__name__}.")
            if p < 0 or p >= 1:
                raise ValueError(f"For 'Dropout', the 'p' must be a number in range [0, 1), but got {p}.")
        self.p = p
        self.keep_prob = 1.0 - p

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        return F.dropout(x, self.p, True)

    def extend_repr(self):
        return f'p={self.p}'


class Dropout2d(Cell):
    """Zeroes whole channels of (N, C, H, W) with probability p in training
    mode, scaling the rest by 1 / (1 - p) (the mask from msc's global numpy
    stream; PyNative only); the input itself in inference mode.
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.Dropout2d.html"""

    def __init__(self, p=0.5):
        super().__init__()
        if not isinstance(p, (int, float)) or isinstance(p, bool) or p < 0 or p > 1:
            raise ValueError(f"For 'Dropout2d', the 'p' must be a number in range [0, 1], but got {p}.")
        self.p = p
        self.keep_prob = 1.0 - p

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        return F.dropout2d(x, self.p, True)

    def extend_repr(self):
        return f'p={self.p}'


class MatMul(Cell):
    """nn.MatMul (deprecated in 2.x; ops.matmul with optional transposes of
    the last two dims)."""

    def __init__(self, transpose_x1=False, transpose_x2=False, dtype=mstype.float32):
        super().__init__()
        self.transpose_x1 = transpose_x1
        self.transpose_x2 = transpose_x2

    def construct(self, x1, x2):
        if self.transpose_x1:
            x1 = x1.swapaxes(-1, -2)
        if self.transpose_x2:
            x2 = x2.swapaxes(-1, -2)
        return F.matmul(x1, x2)
