"""mindspore.nn: Cell and the layers (see cell.py and layer/).

Adding a layer: write a Cell subclass in lib/mindspore/nn/layer/*.py whose
construct calls primitives (mindspore.ops), and export it here.
"""
from mindspore.nn.cell import Cell, GraphCell
from mindspore.nn.layer import (ReLU, Sigmoid, LogSigmoid, Mish, SeLU, Softsign, HSigmoid, HSwish, Tanh, Softmax, LogSoftmax, GELU, LeakyReLU, SiLU, Softplus,
                                get_activation, Dense, Flatten, Identity, Dropout, SequentialCell, CellList,
                                Conv2d, MaxPool2d, AvgPool2d, BatchNorm1d, BatchNorm2d, LayerNorm, Embedding,
                                PReLU, Dropout2d, MatMul, Conv1d, Conv2dTranspose, MaxPool1d, AvgPool1d,
                                AdaptiveAvgPool2d, AdaptiveAvgPool1d, AdaptiveMaxPool2d, RNN, LSTM, GRU)
from mindspore.nn.loss import (LossBase, L1Loss, MSELoss, BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, NLLLoss,
                               SoftmaxCrossEntropyWithLogits)
from mindspore.nn.optim import Optimizer, SGD, Momentum, Adam, AdamWeightDecay
from mindspore.nn.wrap import WithLossCell, WithEvalCell, TrainOneStepCell
