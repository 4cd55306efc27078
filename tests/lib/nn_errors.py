# Bad arguments to the issue-5 layers and functionals are errors at the
# script line (MindSpore-like messages), exit status 1. One case per run,
# selected by argv[1] (msc has no try).
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

case = sys.argv[1]
x = Tensor(np.ones((1, 3, 8, 8), np.float32))
if case == 'kernel0':
    c = nn.Conv2d(3, 4, 0)
elif case == 'group':
    c = nn.Conv2d(3, 4, 3, group=2)
elif case == 'padmode':
    c = nn.Conv2d(3, 4, 3, pad_mode='full')
elif case == 'padsame':
    c = nn.Conv2d(3, 4, 3, padding=1)
elif case == 'channels':
    c = nn.Conv2d(4, 2, 3)
    y = c(x)
elif case == 'pool':
    p = nn.MaxPool2d(0)
elif case == 'dropout':
    d = nn.Dropout(p=1.0)
elif case == 'topk':
    v, i = ops.topk(Tensor([1.0, 2.0]), 3)
elif case == 'split':
    s = ops.split(Tensor([1.0, 2.0, 3.0]), [1, 1])

# ----------------------------------------------------------------------
# RUN: %msc run %s kernel0 2>/dev/null; test $? -eq 1
# RUN: not %msc run %s kernel0 2>&1 | FileCheck --check-prefix=K0 %s
# K0: nn_errors.py:12:9: error: ValueError: For 'Conv2d', the elements of 'kernel_size' must be positive int, but got (0, 0).
# K0-NEXT: c = nn.Conv2d(3, 4, 0)
# K0-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~{{$}}
# RUN: not %msc run %s group 2>&1 | FileCheck --check-prefix=GROUP %s
# GROUP: nn_errors.py:14:9: error: ValueError: For 'Conv2d', the attr 'in_channels' must be divisible by attr 'group', but got 'in_channels': 3 and 'group': 2.
# RUN: not %msc run %s padmode 2>&1 | FileCheck --check-prefix=PADMODE %s
# PADMODE: nn_errors.py:16:9: error: ValueError: For 'Conv2d', the 'pad_mode' must be one of ['same', 'valid', 'pad'], but got full.
# RUN: not %msc run %s padsame 2>&1 | FileCheck --check-prefix=PADSAME %s
# PADSAME: nn_errors.py:18:9: error: ValueError: For 'Conv2d', the 'padding' must be zero when 'pad_mode' is not 'pad', but got 'padding': 1 and 'pad_mode': same.
# RUN: %msc run %s channels 2>/dev/null; test $? -eq 1
# RUN: not %msc run %s channels 2>&1 | FileCheck --check-prefix=CHAN %s
# CHAN: nn_errors.py:21:9: error: ValueError: For 'Conv2d', the channel dim of the input (x.shape[1]) must be equal to 'in_channels' 4, but got input shape (1, 3, 8, 8).
# CHAN-NEXT: y = c(x)
# CHAN-NEXT: {{^}}        ^~~~{{$}}
# RUN: not %msc run %s pool 2>&1 | FileCheck --check-prefix=POOL %s
# POOL: nn_errors.py:23:9: error: ValueError: For 'MaxPool2d', the 'kernel_size' must be positive int, but got (0, 0).
# RUN: not %msc run %s dropout 2>&1 | FileCheck --check-prefix=DROP %s
# DROP: nn_errors.py:25:9: error: ValueError: For 'Dropout', the 'p' must be a number in range [0, 1), but got 1.0.
# RUN: not %msc run %s topk 2>&1 | FileCheck --check-prefix=TOPK %s
# TOPK: nn_errors.py:27:12: error: ValueError: For 'topk', the 'k' must be in range [0, 2], but got 3.
# RUN: not %msc run %s split 2>&1 | FileCheck --check-prefix=SPLIT %s
# SPLIT: nn_errors.py:29:9: error: ValueError: For 'split', the sum of 'split_size_or_sections' must be equal to tensor.shape[axis] 3, but got 2.
