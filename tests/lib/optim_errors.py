# Bad arguments to the optimizers are errors at the script line (exit status
# 1); wrong gradients also in GRAPH_MODE (raised while construct is
# compiled). One case per run, selected by argv[1].
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter

case = sys.argv[1]
if len(sys.argv) > 2:
    ms.set_context(mode=ms.GRAPH_MODE)
ps = [Parameter(Tensor(np.ones((2, 3), np.float32)), name='w'), Parameter(Tensor(np.ones((3,), np.float32)), name='b')]
g = (Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((3,), np.float32)))
if case == 'empty':
    o = nn.SGD([])
elif case == 'notparam':
    o = nn.Adam([Tensor(np.ones((2,), np.float32))])
elif case == 'lr_neg':
    o = nn.SGD(ps, -0.1)
elif case == 'lr_type':
    o = nn.Momentum(ps, 'fast', 0.9)
elif case == 'nesterov':
    o = nn.SGD(ps, momentum=0.0, nesterov=True)
elif case == 'beta':
    o = nn.Adam(ps, beta1=1.0)
elif case == 'ngrads':
    r = nn.Adam(ps)(g[:1])
elif case == 'gshape':
    r = nn.SGD(ps)((g[1], g[1]))
elif case == 'groups':
    o = nn.AdamWeightDecay([{'params': ps, 'beta1': 0.5}])
elif case == 'dup':
    o = nn.SGD([ps[0], ps[0]])
elif case == 'momentum_type':
    o = nn.Momentum(ps, 0.1, '0.9')

# ----------------------------------------------------------------------
# RUN: %msc run %s empty 2>/dev/null; test $? -eq 1
# RUN: not %msc run %s empty 2>&1 | FileCheck --check-prefix=EMP %s
# EMP: optim_errors.py:15:9: error: ValueError: For 'SGD', the argument 'parameters' must not be empty.
# EMP-NEXT: o = nn.SGD([])
# RUN: not %msc run %s notparam 2>&1 | FileCheck --check-prefix=NP %s
# NP: optim_errors.py:17:9: error: TypeError: For 'Adam', each element of 'parameters' must be a Parameter, but got Tensor.
# RUN: not %msc run %s lr_neg 2>&1 | FileCheck --check-prefix=LRN %s
# LRN: optim_errors.py:19:9: error: ValueError: For 'SGD', the 'learning_rate' must be at least 0.0, but got -0.1.
# RUN: not %msc run %s lr_type 2>&1 | FileCheck --check-prefix=LRT %s
# LRT: optim_errors.py:21:9: error: TypeError: For 'Momentum', the 'learning_rate' must be a float, an int, a Tensor, a Parameter or a list of float, but got str.
# RUN: not %msc run %s nesterov 2>&1 | FileCheck --check-prefix=NES %s
# NES: optim_errors.py:23:9: error: ValueError: For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must equal to 0.0, but got 'momentum' 0.0, 'dampening' 0.0
# RUN: not %msc run %s beta 2>&1 | FileCheck --check-prefix=BETA %s
# BETA: optim_errors.py:25:9: error: ValueError: For 'Adam', the 'beta1' must be in range (0.0, 1.0), but got 1.0.
# RUN: not %msc run %s ngrads 2>&1 | FileCheck --check-prefix=NG %s
# RUN: not %msc run %s ngrads graph 2>&1 | FileCheck --check-prefix=NG %s
# NG: optim_errors.py:27:9: error: ValueError: For 'Adam', the number of gradients (1) must equal the number of parameters (2).
# RUN: not %msc run %s gshape 2>&1 | FileCheck --check-prefix=GS %s
# RUN: not %msc run --backend=ref %s gshape graph 2>&1 | FileCheck --check-prefix=GS %s
# GS: optim_errors.py:29:9: error: ValueError: For 'SGD', the shape of gradient 0 (3,) must be the same as the shape of Parameter 'w' (2, 3).
# RUN: not %msc run %s groups 2>&1 | FileCheck --check-prefix=GRP %s
# GRP: optim_errors.py:31:9: error: ValueError: For 'AdamWeightDecay', the key of a parameter group must be one of 'params', 'lr', 'weight_decay', 'grad_centralization' or 'order_params', but got 'beta1'.
# RUN: not %msc run %s dup 2>&1 | FileCheck --check-prefix=DUP %s
# DUP: optim_errors.py:33:9: error: ValueError: For 'SGD', the 'parameters' must not contain two Parameters with the same name, but got 'w' twice.
# RUN: not %msc run %s momentum_type 2>&1 | FileCheck --check-prefix=MT %s
# MT: optim_errors.py:35:9: error: TypeError: For 'Momentum', the argument 'momentum' must be float type, but got str.
