# Bad Dense arguments are errors at the user's line.
import numpy as np
import mindspore as ms
from mindspore import nn

d = nn.Dense(3, 4, weight_init=ms.Tensor(np.ones([3, 4]), ms.float32))

# ----------------------------------------------------------------------
# RUN: not %msc run %s 2>&1 | FileCheck %s
# CHECK: dense_errors.py:6:5: error: ValueError: For 'Dense', weight init shape error.{{.*}}'weight_init' shape: (3, 4), 'out_channels': 4, 'in_channels': 3.
# CHECK-NEXT: d = nn.Dense(
# CHECK: <msc-lib>/mindspore/nn/layer/basic.py:{{.*}}: note: raised here, in library code
# RUN: echo 'import mindspore.nn as nn; nn.Dense(0, 3)' > %t.zero.py
# RUN: not %msc run %t.zero.py 2>&1 | FileCheck --check-prefix=ZERO %s
# ZERO: error: ValueError: For 'Dense', the 'in_channels' must be a positive int, but got 0.
# RUN: echo 'import mindspore.nn as nn; nn.Dense(2, 3, activation="nope")' > %t.act.py
# RUN: not %msc run %t.act.py 2>&1 | FileCheck --check-prefix=ACT %s
# ACT: error: KeyError: "The 'name' of activation must be in
# RUN: echo 'import mindspore.nn as nn; nn.Dense(2, 3, weight_init="bogus")' > %t.init.py
# RUN: not %msc run %t.init.py 2>&1 | FileCheck --check-prefix=INIT %s
# INIT: error: ValueError: For 'initializer', the class corresponding to 'bogus' was not found.
