# ms.grad / ms.value_and_grad with a grad_position that holds a Python
# number: MindSpore differentiates only the positions holding Tensors (its
# PyNative GetInputGrad: "Tuple, List, scalar will be ignore") and leaves
# the number's gradient out of the result. In PyNative, inside @ms.jit and
# in GRAPH_MODE, against PyTorch's gradients (Inputs/grad_number_ref.py).
# RUN: %python %S/Inputs/grad_number_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run %s jit > %t.jit
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.jit
# RUN: %msc run %s graph > %t.graph
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.graph
import sys
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor

mode = sys.argv[1]
if mode == 'graph':
    ms.set_context(mode=ms.GRAPH_MODE)


def f(x, s, y):
    return (x * s * ops.sin(y)).sum()


def show(name, g):
    if isinstance(g, tuple):
        print(name, 'tuple', len(g))
        for i, t in enumerate(g):
            show(f'{name}[{i}]', t)
    else:
        print(name, g.shape, [round(float(v), 6) for v in g.asnumpy().reshape(-1)])


x = Tensor(np.array([0.5, -1.0, 2.0]), ms.float32)
y = Tensor(np.array([1.5, 0.25, -0.75]), ms.float32)
g_all = ms.grad(f, grad_position=(0, 1, 2))
g_last = ms.grad(f, grad_position=(1, 2))
vg = ms.value_and_grad(f, grad_position=(0, 1))
if mode == 'jit':
    g_all = ms.jit(g_all)
    g_last = ms.jit(g_last)
    vg = ms.jit(vg)
show('all', g_all(x, 2.5, y))
show('last', g_last(x, 2.5, y))
v, g = vg(x, 3, y)
show('value', v)
show('vg', g)
print('int_position', ms.grad(f, grad_position=1)(x, 2.5, y))
