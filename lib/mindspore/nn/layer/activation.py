"""mindspore.nn.layer.activation: activation cells and get_activation."""
from mindspore.nn.cell import Cell
from mindspore.ops import operations as P
from mindspore.ops import functional as F
from mindspore.ops.primitive import Primitive


class ReLU(Cell):
    """max(x, 0)."""

    def __init__(self):
        super().__init__()
        self.relu = P.ReLU()

    def construct(self, input):
        return self.relu(input)


class Sigmoid(Cell):
    """1 / (1 + exp(-x))."""

    def __init__(self):
        super().__init__()
        self.sigmoid = P.Sigmoid()

    def construct(self, input_x):
        return self.sigmoid(input_x)


class Tanh(Cell):
    def __init__(self):
        super().__init__()
        self.tanh = P.Tanh()

    def construct(self, x):
        return self.tanh(x)


class Softmax(Cell):
    """softmax along axis (default the last)."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis
        self.softmax = P.Softmax(axis)

    def construct(self, x):
        return self.softmax(x)


class LogSoftmax(Cell):
    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis
        self.log_softmax = P.LogSoftmax(axis)

    def construct(self, x):
        return self.log_softmax(x)


class GELU(Cell):
    """GELU; approximate=True (MindSpore's default) is the tanh form
    0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))), False the erf form.
    https://www.mindspore.cn/docs/zh-CN/r2.3/api_python/nn/mindspore.nn.GELU.html"""

    def __init__(self, approximate=True):
        super().__init__()
        if not isinstance(approximate, bool):
            raise TypeError(f"For 'GELU', the 'approximate' must be bool, but got {type(approximate).__name__}.")
        self.approximate = approximate

    def construct(self, x):
        return F.gelu(x, approximate='tanh' if self.approximate else 'none')


class LeakyReLU(Cell):
    """x where x >= 0, alpha * x elsewhere (alpha default 0.2)."""

    def __init__(self, alpha=0.2):
        super().__init__()
        if not isinstance(alpha, (int, float)) or isinstance(alpha, bool):
            raise TypeError(f"For 'LeakyReLU', the 'alpha' must be a number, but got {type(alpha).__name__}.")
        self.alpha = alpha

    def construct(self, x):
        return F.leaky_relu(x, self.alpha)


class SiLU(Cell):
    """x * sigmoid(x)."""

    def __init__(self):
        super().__init__()

    def construct(self, input):
        return F.silu(input)


class Softplus(Cell):
    """log(1 + exp(beta x)) / beta; x where beta x > threshold."""

    def __init__(self, beta=1.0, threshold=20.0):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def construct(self, input):
        return F.softplus(input, self.beta, self.threshold)


class HSwish(Cell):
    """Hard Swish: 0 for x <= -3, x for x >= 3, else x (x + 3) / 6."""

    def __init__(self):
        super().__init__()

    def construct(self, input):
        return F.hardswish(input)


class HSigmoid(Cell):
    """Hard Sigmoid: 0 for x <= -3, 1 for x >= 3, else (x + 3) / 6."""

    def __init__(self):
        super().__init__()

    def construct(self, input):
        return F.hardsigmoid(input)


class Softsign(Cell):
    """x / (1 + |x|)."""

    def __init__(self):
        super().__init__()

    def construct(self, x):
        return F.softsign(x)


class SeLU(Cell):
    """scale * (x if x > 0 else alpha * (exp(x) - 1)), alpha = 1.67326324, scale = 1.05070098."""

    def __init__(self):
        super().__init__()

    def construct(self, input_x):
        return F.selu(input_x)


class Mish(Cell):
    """x * tanh(softplus(x))."""

    def __init__(self):
        super().__init__()

    def construct(self, x):
        return F.mish(x)


class LogSigmoid(Cell):
    """log(1 / (1 + exp(-x))), as min(x, 0) - log1p(exp(-|x|))."""

    def __init__(self):
        super().__init__()

    def construct(self, x):
        return F.logsigmoid(x)


_ACTIVATIONS = {
    'logsigmoid': LogSigmoid,
    'mish': Mish,
    'selu': SeLU,
    'softsign': Softsign,
    'hsigmoid': HSigmoid,
    'hswish': HSwish,
    'gelu': GELU,
    'leakyrelu': LeakyReLU,
    'silu': SiLU,
    'softplus': Softplus,
    'relu': ReLU,
    'sigmoid': Sigmoid,
    'tanh': Tanh,
    'softmax': Softmax,
    'log_softmax': LogSoftmax,
    'logsoftmax': LogSoftmax,
}


def get_activation(name, prim_name=None):
    """The activation Cell named `name` ('relu', 'sigmoid', 'tanh', 'softmax', ...)."""
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError(f"The 'name' of activation must be a str, but got {type(name).__name__}.")
    key = name.lower()
    if key not in _ACTIVATIONS:
        raise KeyError(f"The 'name' of activation must be in {list(_ACTIVATIONS.keys())}, but got {name}.")
    return _ACTIVATIONS[key]()


class PReLU(Cell):
    """max(0, x) + w * min(0, x) with a learnable w of `channel` elements
    (per channel, dim 1) initialised to w (MindSpore's Parameter 'alpha').
    https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.PReLU.html"""

    def __init__(self, channel=1, w=0.25):
        super().__init__()
        import _msc
        from mindspore.common.parameter import Parameter
        from mindspore.common import dtype as mstype
        if not isinstance(channel, int) or isinstance(channel, bool) or channel < 1:
            raise ValueError(f"For 'PReLU', the 'channel' must be a positive int, but got {channel}.")
        if isinstance(w, (int, float)) and not isinstance(w, bool):
            data = _msc.fill((channel,), float(w), mstype.float32, 'ms')
        elif isinstance(w, _msc.Tensor):
            if w.ndim > 1 or (w.ndim == 1 and w.shape[0] != channel):
                raise ValueError(f"For 'PReLU', the 'w' must be a number or a Tensor of {channel} elements, but "
                                 f"got shape {w.shape}.")
            data = w if w.ndim == 1 else _msc.fill((channel,), w.asnumpy().item(), w.dtype, 'ms')
        else:
            raise TypeError(f"For 'PReLU', the 'w' must be a float or a Tensor, but got {type(w).__name__}.")
        self.channel = channel
        self.w = Parameter(data, name='a')

    def construct(self, x):
        from mindspore.ops import functional as F
        return F.prelu(x, self.w)
