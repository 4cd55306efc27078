"""mindspore.ops: functional ops (ops.add, ops.matmul, ...) and primitive
classes (ops.Add(), ops.MatMul(transpose_b=True), ...). See functional.py
and operations.py."""
from mindspore.ops.primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register, constexpr
from mindspore.ops import operations
from mindspore.ops import functional
from mindspore.ops.operations import *
from mindspore.ops.functional import *
from mindspore.ops.composite import GradOperation, grad, value_and_grad, stop_gradient
from mindspore.ops.function import loss_func
from mindspore.ops.function.loss_func import (mse_loss, l1_loss, binary_cross_entropy, binary_cross_entropy_with_logits,
                                              cross_entropy, nll_loss)


class Partial:
    """ops.Partial(): partial(func, *args) binds leading arguments (MindSpore's
    primitive; msc evaluates it while staging, so the graph sees the call)."""

    def __call__(self, func, *args):
        import functools
        return functools.partial(func, *args)


def partial(func, *args):
    """ops.partial(func, *args) (mindspore.ops.function.other_func.partial)."""
    import functools
    return functools.partial(func, *args)
