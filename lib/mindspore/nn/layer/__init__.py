"""mindspore.nn.layer: the layer cells."""
from mindspore.nn.layer.activation import ReLU, Sigmoid, Tanh, Softmax, LogSoftmax, get_activation
from mindspore.nn.layer.basic import Dense, Flatten, Identity
from mindspore.nn.layer.container import SequentialCell, CellList
