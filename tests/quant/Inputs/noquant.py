# a graph with no Dense: nothing to quantize (tests/quant/errors.py)
import numpy as np
import mindspore as ms
from mindspore import Tensor


@ms.jit
def f(x):
    return x * 2 + 1


print(f(Tensor(np.ones((2, 3), np.float32))))
