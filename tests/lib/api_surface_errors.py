# Bad input into issue 19's APIs: MindSpore's exception types, reported at
# the script line with its caret.
# RUN: not %msc run %s mask 2>&1 | FileCheck %s --check-prefix=MASK
# MASK: api_surface_errors.py:[[@LINE+21]]:{{[0-9]+}}: error: TypeError: For 'masked_fill', the dtype of 'mask' must be Bool, but got Int32.
# RUN: not %msc run %s pad 2>&1 | FileCheck %s --check-prefix=PAD
# PAD: error: ValueError: For 'pad', the length of 'padding' must be even
# RUN: not %msc run %s lstm 2>&1 | FileCheck %s --check-prefix=LSTM
# LSTM: error: ValueError: For 'LSTM', the initial state must have shape (2, 3, 4), but got (1, 3, 4).
# RUN: not %msc run %s vmap 2>&1 | FileCheck %s --check-prefix=VMAP
# VMAP: error: ValueError: For 'vmap', the mapped axes of the arguments must have the same size, but got [3, 2].
# RUN: not %msc run %s conv1d 2>&1 | FileCheck %s --check-prefix=CONV1D
# CONV1D: error: ValueError: For 'Conv1d', the input must be 3-D (N, C, L), but got shape (2, 3).
# RUN: not %msc run %s optim 2>&1 | FileCheck %s --check-prefix=OPTIM
# OPTIM: error: ValueError: For 'SGD', the key of a parameter group must be one of 'params', 'lr', 'weight_decay', 'grad_centralization' or 'order_params', but got 'momentum'.
# RUN: not %msc run %s chunk 2>&1 | FileCheck %s --check-prefix=CHUNK
# CHUNK: error: TypeError: For 'chunk', the 'input' must be a Tensor, but got list.
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

case = sys.argv[1]
x = Tensor(np.ones((3, 4), np.float32))
if case == 'mask':
    ops.masked_fill(x, Tensor(np.ones((3, 4), np.int32)), 0.0)
if case == 'pad':
    ops.pad(x, (1, 2, 3))
if case == 'lstm':
    nn.LSTM(4, 4, 2)(Tensor(np.ones((5, 3, 4), np.float32)), (Tensor(np.ones((1, 3, 4), np.float32)),) * 2)
if case == 'vmap':
    ms.vmap(lambda a, b: a + b)(x, Tensor(np.ones((2, 4), np.float32)))
if case == 'conv1d':
    nn.Conv1d(3, 2, 3)(Tensor(np.ones((2, 3), np.float32)))
if case == 'optim':
    nn.SGD([{'params': nn.Dense(2, 2).trainable_params(), 'momentum': 0.9}])
if case == 'chunk':
    ops.chunk([1, 2, 3], 2)
