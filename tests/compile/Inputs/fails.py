import mindspore as ms
from mindspore import Tensor, ops


@ms.jit
def f(x):
    return ops.relu(x)


print(f(Tensor([1.0, -1.0])))
raise ValueError("the script fails after compiling a graph")
