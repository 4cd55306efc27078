# Bad uses of the autodiff API are errors at the script line, exit 1:
# grad_position out of range, grad_position and weights both None, a
# non-Tensor weight, a function returning an integer Tensor, has_aux with
# one output, a sens of the wrong shape, sens_param without a sens, an op
# with no gradient rule on the path (reported at that op's line), a
# non-scalar loss in TrainOneStepCell, a gradient inside a trace-mode jit.
# One case per run (msc has no try). (A function returning a tuple is not
# an error without sens: MindSpore differentiates the sum of its outputs,
# tests/autodiff/api.py.)
import sys
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor

case = sys.argv[1]
x = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]]), ms.float32)


def f(a, b):
    return (a * b).sum()


def f_int(a):
    return ops.cast(a, ms.int32)


def f_nodiff(a):
    s = a[::2]
    return s.sum()


if case == 'range':
    g = ms.grad(f, 2)(x, x)
elif case == 'none':
    g = ms.grad(f, None)
elif case == 'weights':
    g = ms.grad(f, None, [x])
elif case == 'int':
    g = ms.grad(f_int)(x)
elif case == 'aux':
    g = ms.grad(f, 0, has_aux=True)(x, x)
elif case == 'sens':
    g = ops.GradOperation(sens_param=True)(ops.matmul)(x, x, Tensor(np.ones((3,)), ms.float32))
elif case == 'nosens':
    g = ops.GradOperation(sens_param=True)(f)()
elif case == 'norule':
    g = ms.grad(f_nodiff)(Tensor(np.ones((512, 512)), ms.float32))
elif case == 'nonscalar':
    from mindspore import nn
    net = nn.Dense(2, 1)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss(reduction='none')), nn.SGD(net.trainable_params()))
    g = step(x, Tensor(np.zeros((2, 1)), ms.float32))
elif case == 'trace':
    gf = ms.grad(f)

    @ms.jit(capture_mode='trace')
    def step(a, b):
        return gf(a, b)
    g = step(x, x)
elif case == 'nested':
    g = ms.grad(ms.grad(f))(x, x)
print(g)
# ----------------------------------------------------------------------
# RUN: %msc run %s range 2>/dev/null; test $? -eq 1
# RUN: not %msc run %s range 2>&1 | FileCheck --check-prefix=RANGE %s
# RANGE: errors.py:33:9: error: ValueError: For 'grad', the 'grad_position' 2 is out of range: the function is called with 2 positional arguments.
# RANGE-NEXT: g = ms.grad(f, 2)(x, x)
# RUN: not %msc run %s none 2>&1 | FileCheck --check-prefix=NONE %s
# NONE: errors.py:35:9: error: ValueError: For 'grad', 'grad_position' and 'weights' can not be None at the same time.
# RUN: not %msc run %s weights 2>&1 | FileCheck --check-prefix=WEIGHTS %s
# WEIGHTS: errors.py:37:9: error: TypeError: For 'grad', the 'weights' must be a Parameter, a ParameterTuple or a list of Parameters, but got an element of type Tensor.
# RUN: not %msc run %s int 2>&1 | FileCheck --check-prefix=INT %s
# INT: errors.py:39:9: error: TypeError: For 'grad', the output of the function must be a float Tensor to be differentiated, but it is a Int32 Tensor
# RUN: not %msc run %s aux 2>&1 | FileCheck --check-prefix=AUX %s
# AUX: errors.py:41:9: error: TypeError: For 'grad' with has_aux=True, the function must return a tuple (output, aux...), but it returned Tensor
# RUN: not %msc run %s sens 2>&1 | FileCheck --check-prefix=SENS %s
# SENS: errors.py:43:9: error: ValueError: For 'grad', the sens must have the shape of the output it weights: (2, 2), but it has (3,)
# RUN: not %msc run %s nosens 2>&1 | FileCheck --check-prefix=NOSENS %s
# NOSENS: errors.py:45:9: error: TypeError: For 'GradOperation' with sens_param=True, the last argument must be the sens (the output's gradient), but no argument was given.
# RUN: %msc run %s norule 2>/dev/null; test $? -eq 1
# RUN: not %msc run %s norule 2>&1 | FileCheck --check-prefix=NORULE %s
# NORULE: errors.py:28:9: error: TypeError: StridedSlice with a stride other than 1 has no gradient yet (slices of more than 65536 elements)
# NORULE-NEXT: s = a[::2]
# NORULE: errors.py:47:9: note: called from here
# RUN: %msc run %s nonscalar 2>/dev/null; test $? -eq 1
# RUN: not %msc run %s nonscalar 2>&1 | FileCheck --check-prefix=NONSCALAR %s
# NONSCALAR: errors.py:52:9: error: ValueError: For 'TrainOneStepCell', the network must return a scalar loss, but it returned a Tensor of shape (2, 1): reduce it (a loss with reduction='mean' or 'sum').
# RUN: not %msc run %s trace 2>&1 | FileCheck --check-prefix=TRACE %s
# TRACE: errors.py:58:16: error: NotImplementedError: higher-order gradients (a gradient of a gradient) and gradients inside a jit function with capture_mode='trace' are not supported yet
# RUN: not %msc run %s nested 2>&1 | FileCheck --check-prefix=NESTED %s
# NESTED: errors.py:{{[0-9]+}}:9: error: NotImplementedError: higher-order gradients (a gradient of a gradient)
# NESTED-NEXT: g = ms.grad(ms.grad(f))(x, x)
