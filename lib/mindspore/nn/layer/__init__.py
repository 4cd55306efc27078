"""mindspore.nn.layer: the layer cells."""
from mindspore.nn.layer.activation import (ReLU, Sigmoid, LogSigmoid, Mish, SeLU, Softsign, HSigmoid, HSwish, Tanh, Softmax, LogSoftmax, GELU, LeakyReLU, SiLU, Softplus,
                                           get_activation)
from mindspore.nn.layer.basic import Dense, Flatten, Identity, Dropout
from mindspore.nn.layer.container import SequentialCell, CellList
from mindspore.nn.layer.conv import Conv2d
from mindspore.nn.layer.pooling import MaxPool2d, AvgPool2d
from mindspore.nn.layer.normalization import BatchNorm1d, BatchNorm2d, LayerNorm
from mindspore.nn.layer.embedding import Embedding
