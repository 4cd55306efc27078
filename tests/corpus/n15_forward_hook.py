# Conformance corpus (issue 19): n15_forward_hook
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.Cell.html#mindspore.nn.Cell.register_forward_hook
# block:  Examples
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops

ms.set_context(mode=ms.PYNATIVE_MODE)


def forward_hook_fn(cell_id, inputs, output):
    print("forward inputs: ", inputs)
    print("forward output: ", output)


class Net(nn.Cell):
    def __init__(self):
        super(Net, self).__init__()
        self.mul = nn.MatMul()
        self.handle = self.mul.register_forward_hook(forward_hook_fn)

    def construct(self, x, y):
        x = x + x
        x = self.mul(x, y)
        return x


grad = ops.GradOperation(get_all=True)
net = Net()
output = grad(net)(Tensor(np.ones([1]).astype(np.float32)), Tensor(np.ones([1]).astype(np.float32)))
print(output)
