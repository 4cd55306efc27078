"""mindspore.nn.layer.activation: activation cells and get_activation."""
from mindspore.nn.cell import Cell
from mindspore.ops import operations as P
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


_ACTIVATIONS = {
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
