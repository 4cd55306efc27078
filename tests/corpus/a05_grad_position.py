# Conformance corpus (issue 19): a05_grad_position
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/mindspore/mindspore.grad.html
# block:  Examples, "Cell object to be differentiated"
import mindspore
import mindspore.nn as nn
from mindspore import Tensor, ops
from mindspore import grad


class Net(nn.Cell):
    def construct(self, x, y, z):
        return x * y * z


x = Tensor([1, 2], mindspore.float32)
y = Tensor([-2, 3], mindspore.float32)
z = Tensor([0, 3], mindspore.float32)
net = Net()
output = grad(net, grad_position=(1, 2))(x, y, z)
print(output)
