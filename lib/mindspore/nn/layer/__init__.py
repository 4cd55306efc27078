"""mindspore.nn.layer: the layer cells."""
from mindspore.nn.layer.activation import (ReLU, Sigmoid, LogSigmoid, Mish, SeLU, Softsign, HSigmoid, HSwish, Tanh, Softmax, LogSoftmax, GELU, LeakyReLU, SiLU, Softplus,
                                           PReLU, get_activation)
from mindspore.nn.layer.basic import Dense, Flatten, Identity, Dropout, Dropout2d, MatMul
from mindspore.nn.layer.container import SequentialCell, CellList
from mindspore.nn.layer.conv import Conv2d, Conv1d, Conv2dTranspose
from mindspore.nn.layer.pooling import (MaxPool2d, AvgPool2d, MaxPool1d, AvgPool1d, AdaptiveAvgPool2d,
                                        AdaptiveAvgPool1d, AdaptiveMaxPool2d)
from mindspore.nn.layer.rnns import RNN, LSTM, GRU
from mindspore.nn.layer.normalization import BatchNorm1d, BatchNorm2d, LayerNorm
from mindspore.nn.layer.embedding import Embedding
