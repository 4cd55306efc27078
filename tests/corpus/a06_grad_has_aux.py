# Conformance corpus (issue 19): a06_grad_has_aux
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/mindspore/mindspore.grad.html
# block:  Examples, "Function object to be differentiated"
import mindspore
from mindspore import Tensor, ops
from mindspore import grad


def fn(x, y, z):
    res = x * ops.exp(y) * ops.pow(z, 2)
    return res, z


x = Tensor([3, 3], mindspore.float32)
y = Tensor([0, 0], mindspore.float32)
z = Tensor([5, 5], mindspore.float32)
gradient, aux = grad(fn, (1, 2), None, True)(x, y, z)
print(gradient)
print(aux)
