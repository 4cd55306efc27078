"""mindspore.nn.optim: Optimizer and SGD, Momentum, Adam, AdamWeightDecay."""
from mindspore.nn.optim.optimizer import Optimizer
from mindspore.nn.optim.sgd import SGD
from mindspore.nn.optim.momentum import Momentum
from mindspore.nn.optim.adam import Adam, AdamWeightDecay
