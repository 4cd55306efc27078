"""mindspore.common.initializer: parameter initialisers.

`initializer(init, shape, dtype=mstype.float32)` returns a Tensor of that
shape and dtype. `init` is an Initializer instance, one of the string names
below (case-insensitive), a number (Constant) or a Tensor (returned as it
is, after its shape is checked).

Formulas (MindSpore's, which are PyTorch's kaiming/xavier ones):
  fan_in, fan_out    for (out, in, *k): in*prod(k), out*prod(k)
  gain               'linear'/'sigmoid'/conv: 1, 'tanh': 5/3, 'relu': sqrt(2),
                     'leaky_relu' with slope a: sqrt(2 / (1 + a^2))
  HeUniform(a)       U(-b, b), b = sqrt(3) * gain / sqrt(fan)   (= sqrt(6 / ((1 + a^2) fan_in)))
  HeNormal(a)        N(0, gain / sqrt(fan))
  XavierUniform(g)   U(-b, b), b = g * sqrt(6 / (fan_in + fan_out))
  XavierNormal(g)    N(0, g * sqrt(2 / (fan_in + fan_out)))
  Uniform(scale)     U(-scale, scale)          (default scale 0.07)
  Normal(sigma, mean) N(mean, sigma)           (default 0.01, 0.0)
  Zero, One, Constant(value)

Random draws come from numpy's global stream (msc's `numpy.random`, seeded
by np.random.seed or ms.set_seed): uniform draws are numpy.random.uniform
and normal draws numpy.random.normal in float64, then cast to the dtype.
(MindSpore draws its Normal/TruncatedNormal from its own C++ generator, so
those values differ from MindSpore's even with the same seed; HeUniform and
Uniform use numpy's stream in MindSpore as well.)
"""
import math

import _msc
from mindspore.common import dtype as mstype

Tensor = _msc.Tensor


def _shape_tuple(shape):
    if isinstance(shape, int):
        return (shape,)
    if isinstance(shape, (list, tuple)):
        for d in shape:
            if not isinstance(d, int) or isinstance(d, bool):
                raise TypeError(f"For 'initializer', the elements of 'shape' must be int, but got {shape}.")
            if d < 0:
                raise ValueError(f"For 'initializer', the elements of 'shape' must be non-negative, but got {shape}.")
        return tuple(shape)
    if isinstance(shape, Tensor):
        return tuple(shape.asnumpy().tolist())
    raise TypeError(f"For 'initializer', 'shape' must be an int, a list or a tuple, but got {type(shape).__name__}.")


def _size(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def _calculate_fan_in_and_fan_out(shape):
    dims = len(shape)
    if dims < 2:
        raise ValueError("'fan_in' and 'fan_out' can not be computed for tensor with fewer than "
                         f"2 dimensions, but got dimensions {dims}.")
    if dims == 2:
        return shape[1], shape[0]
    receptive = _size(shape[2:])
    return shape[1] * receptive, shape[0] * receptive


def _calculate_correct_fan(shape, mode):
    mode = mode.lower()
    if mode not in ('fan_in', 'fan_out'):
        raise ValueError(f"For the 'mode', only 'fan_in' and 'fan_out' are supported, but got {mode}.")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
    return fan_in if mode == 'fan_in' else fan_out


def _calculate_gain(nonlinearity, param=None):
    linear = ('linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d', 'conv_transpose2d',
              'conv_transpose3d', 'sigmoid')
    if nonlinearity in linear:
        return 1.0
    if nonlinearity == 'tanh':
        return 5.0 / 3
    if nonlinearity == 'relu':
        return math.sqrt(2.0)
    if nonlinearity == 'leaky_relu':
        if param is None:
            slope = 0.01
        elif isinstance(param, (bool, int, float)):
            slope = param
        else:
            raise ValueError(f"For 'HeUniform', 'negative_slope' {param} is not a valid number.")
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == 'selu':
        return 3.0 / 4
    raise ValueError(f"For 'HeUniform', the argument 'nonlinearity' {nonlinearity} is not supported.")


class Initializer:
    """Base class: an initialiser draws `_sample(shape)`, a float64 numpy
    array (or a Python number for constant fills)."""

    def __init__(self, **kwargs):
        self._kwargs = kwargs

    def _sample(self, shape):
        raise NotImplementedError(f"{type(self).__name__} does not implement _sample")

    def __call__(self, shape):
        return self._sample(shape)

    def __repr__(self):
        return type(self).__name__ + '()'


class Zero(Initializer):
    def _sample(self, shape):
        return 0


class One(Initializer):
    def _sample(self, shape):
        return 1


class Constant(Initializer):
    def __init__(self, value):
        super().__init__(value=value)
        self.value = value

    def _sample(self, shape):
        return self.value


class Uniform(Initializer):
    def __init__(self, scale=0.07):
        super().__init__(scale=scale)
        self.scale = scale

    def _sample(self, shape):
        return _msc.uniform(-self.scale, self.scale, shape)


class Normal(Initializer):
    def __init__(self, sigma=0.01, mean=0.0):
        super().__init__(sigma=sigma, mean=mean)
        self.sigma = sigma
        self.mean = mean

    def _sample(self, shape):
        return _msc.normal(self.mean, self.sigma, shape)


class HeUniform(Initializer):
    def __init__(self, negative_slope=0, mode='fan_in', nonlinearity='leaky_relu'):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        self.negative_slope = negative_slope
        self.mode = mode
        self.nonlinearity = nonlinearity

    def _sample(self, shape):
        fan = _calculate_correct_fan(shape, self.mode)
        gain = _calculate_gain(self.nonlinearity, self.negative_slope)
        std = gain / math.sqrt(fan)
        bound = math.sqrt(3.0) * std  # MindSpore's order of operations, bit for bit
        return _msc.uniform(-bound, bound, shape)


class HeNormal(Initializer):
    def __init__(self, negative_slope=0, mode='fan_in', nonlinearity='leaky_relu'):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        self.negative_slope = negative_slope
        self.mode = mode
        self.nonlinearity = nonlinearity

    def _sample(self, shape):
        fan = _calculate_correct_fan(shape, self.mode)
        gain = _calculate_gain(self.nonlinearity, self.negative_slope)
        return _msc.normal(0.0, gain / math.sqrt(fan), shape)


class XavierUniform(Initializer):
    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _sample(self, shape):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        return _msc.uniform(-bound, bound, shape)


class XavierNormal(Initializer):
    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _sample(self, shape):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
        return _msc.normal(0.0, self.gain * math.sqrt(2.0 / (fan_in + fan_out)), shape)


# String names accepted by initializer() and by layers' weight_init/bias_init.
_ALIASES = {
    'zeros': Zero, 'zero': Zero, 'ones': One, 'one': One,
    'normal': Normal, 'uniform': Uniform,
    'heuniform': HeUniform, 'he_uniform': HeUniform,
    'henormal': HeNormal, 'he_normal': HeNormal,
    'xavieruniform': XavierUniform, 'xavier_uniform': XavierUniform,
    'xaviernormal': XavierNormal, 'xavier_normal': XavierNormal,
}


def _from_name(name):
    key = name.lower()
    if key not in _ALIASES:
        raise ValueError(f"For 'initializer', the class corresponding to '{name}' was not found.")
    return _ALIASES[key]()


def initializer(init, shape=None, dtype=mstype.float32):
    """A Tensor of `shape` and `dtype` initialised by `init` (see the module docstring)."""
    if isinstance(init, Tensor):
        if shape is not None and tuple(init.shape) != _shape_tuple(shape):
            raise ValueError("The shape of the 'init' argument should be same as the argument 'shape', "
                             f"but got the 'init' shape {init.shape} and the 'shape' {_shape_tuple(shape)}.")
        return init
    if isinstance(init, str):
        init = _from_name(init)
    elif isinstance(init, (bool, int, float)):
        init = Constant(init)
    elif not isinstance(init, Initializer):
        raise TypeError("For 'initializer', the type of the 'init' argument should be 'Tensor', 'number', "
                        f"'string' or 'initializer', but got {type(init).__name__}.")
    if shape is None:
        raise ValueError("For 'initializer', the argument 'shape' must be given unless 'init' is a Tensor.")
    shape = _shape_tuple(shape)
    data = init._sample(shape)
    if isinstance(data, (bool, int, float)):
        return _msc.fill(shape, data, dtype, 'ms')
    return Tensor(data, dtype)
