# Two specialisations of one @ms.jit function: entries f and f_2.
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


@ms.jit
def f(x):
    return ops.relu(x) * 2.0


print(f(Tensor(np.ones((2, 2)).astype(np.float32))))
print(f(Tensor(np.ones((3,)).astype(np.float32))))
