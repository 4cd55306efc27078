"""mindspore.nn.loss: the loss Cells (loss.py)."""
from mindspore.nn.loss.loss import (LossBase, L1Loss, MSELoss, BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, NLLLoss,
                                    SoftmaxCrossEntropyWithLogits)
