"""mindspore.nn: Cell and the layers (see cell.py and layer/).

Adding a layer: write a Cell subclass in lib/mindspore/nn/layer/*.py whose
construct calls primitives (mindspore.ops), and export it here.
"""
from mindspore.nn.cell import Cell
from mindspore.nn.layer import (ReLU, Sigmoid, Tanh, Softmax, LogSoftmax, get_activation, Dense, Flatten,
                                Identity, SequentialCell, CellList)
