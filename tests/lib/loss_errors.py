# Bad arguments to the losses are errors at the script line (exit status 1),
# in PyNative and in GRAPH_MODE (raised while the loss Cell is compiled).
# One case per run, selected by argv[1].
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

case = sys.argv[1]
if len(sys.argv) > 2:
    ms.set_context(mode=ms.GRAPH_MODE)
x = Tensor(np.zeros((5, 4), np.float32))
t = Tensor(np.zeros((5,), np.int32))
p = Tensor(np.full((3, 4), 0.5, np.float32))
if case == 'reduction':
    l = nn.MSELoss(reduction='avg')
elif case == 'target_dtype':
    l = nn.NLLLoss()(x, Tensor(np.zeros((5,), np.float32)))
elif case == 'bce_shape':
    l = nn.BCELoss()(p, Tensor(np.zeros((4, 3), np.float32)))
elif case == 'target_shape':
    l = nn.CrossEntropyLoss()(x, Tensor(np.zeros((4,), np.int32)))
elif case == 'sparse_dtype':
    l = nn.SoftmaxCrossEntropyWithLogits(sparse=True)(x, x)
elif case == 'smoothing':
    l = nn.CrossEntropyLoss(label_smoothing=1.5)
elif case == 'weight_shape':
    l = nn.CrossEntropyLoss(weight=Tensor(np.ones((3,), np.float32)))(x, t)
elif case == 'mse_bcast':
    l = ops.mse_loss(p, Tensor(np.zeros((5,), np.float32)))
elif case == 'not_tensor':
    l = nn.L1Loss()(p, 1.0)
elif case == 'bool_target':
    l = ops.cross_entropy(x, Tensor(np.zeros((5, 4), np.bool_)))

# ----------------------------------------------------------------------
# RUN: %msc run %s reduction 2>/dev/null; test $? -eq 1
# RUN: not %msc run %s reduction 2>&1 | FileCheck --check-prefix=RED %s
# RED: loss_errors.py:16:9: error: ValueError: For 'MSELoss', the 'reduction' must be in ['mean', 'sum', 'none'], but got avg.
# RED-NEXT: l = nn.MSELoss(reduction='avg')
# RUN: not %msc run %s target_dtype 2>&1 | FileCheck --check-prefix=TDT %s
# TDT: loss_errors.py:18:9: error: TypeError: For 'nll_loss', the 'target' of class indices must be int32 or int64, but got Float32.
# RUN: not %msc run %s target_dtype graph 2>&1 | FileCheck --check-prefix=TDT %s
# RUN: not %msc run %s bce_shape 2>&1 | FileCheck --check-prefix=BCE %s
# RUN: not %msc run %s bce_shape graph 2>&1 | FileCheck --check-prefix=BCE %s
# BCE: loss_errors.py:20:9: error: ValueError: For 'binary_cross_entropy', the shape of 'logits' (3, 4) must be the same as the shape of 'labels' (4, 3).
# RUN: not %msc run %s target_shape 2>&1 | FileCheck --check-prefix=TSH %s
# TSH: loss_errors.py:22:9: error: ValueError: For 'cross_entropy', the shape of 'target' must be (5,) for 'input' of shape (5, 4), but got (4,).
# RUN: not %msc run %s sparse_dtype 2>&1 | FileCheck --check-prefix=SPA %s
# SPA: loss_errors.py:24:9: error: TypeError: For 'SoftmaxCrossEntropyWithLogits', the 'labels' must be int32 or int64 when sparse is True, but got Float32.
# RUN: not %msc run %s smoothing 2>&1 | FileCheck --check-prefix=SMO %s
# SMO: loss_errors.py:26:9: error: ValueError: For 'CrossEntropyLoss', the 'label_smoothing' must be a float in range [0.0, 1.0], but got 1.5.
# RUN: not %msc run %s weight_shape 2>&1 | FileCheck --check-prefix=WSH %s
# WSH: loss_errors.py:28:9: error: ValueError: For 'cross_entropy', the 'weight' must be a 1-D Tensor of size 4 (the number of classes), but got shape (3,).
# RUN: not %msc run %s mse_bcast 2>&1 | FileCheck --check-prefix=MSE %s
# MSE: loss_errors.py:30:9: error: ValueError: For 'mse_loss', the shape of 'input' (3, 4) and the shape of 'target' (5,) can not broadcast.
# RUN: not %msc run %s not_tensor 2>&1 | FileCheck --check-prefix=NT %s
# NT: loss_errors.py:32:9: error: TypeError: For 'l1_loss', the 'target' must be a Tensor, but got float.
# RUN: not %msc run %s bool_target 2>&1 | FileCheck --check-prefix=BOOL %s
# BOOL: loss_errors.py:34:9: error: TypeError: For 'cross_entropy', the 'target' must be int (class indices) or float (class probabilities), but got Bool.
