# The autodiff API (ms.grad, ms.value_and_grad, ops.GradOperation) and its
# return structures (SEMANTICS.md §6), in PyNative, inside @ms.jit, and
# called from the script in GRAPH_MODE (each gradient function compiles to
# its own graph), on both graph backends — against numpy's analytic
# gradients (Inputs/api_ref.py), not against msc's own eager mode.
# RUN: %python %S/Inputs/api_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run %s jit > %t.jit
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.jit
# RUN: %msc run --backend=ref %s jit > %t.jitref
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.jitref
# RUN: %msc run %s graph > %t.graph
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.graph
# RUN: %msc run --backend=ref %s graph > %t.graphref
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.graphref
# RUN: FileCheck %s --input-file %t.pyn
# CHECK: f1_default (2, 3)
# CHECK: f1_all tuple 2
# CHECK: aux tuple 2 tuple 1
# CHECK: net_weights tuple 2
# CHECK: net_both tuple 2 tuple 2
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter

mode = sys.argv[1]
if mode == 'graph':
    ms.set_context(mode=ms.GRAPH_MODE)


def show(name, t):
    a = t.asnumpy()
    print(name, a.shape, [float(v) for v in a.reshape(-1)])


def f1(x, y):
    return (x * y + ops.sin(x)).sum()


def f_bcast(x, y):
    return (x * y * y).sum()


def f_tuple(x, y):
    return x * y, ops.exp(x)


def f_aux(x, y):
    z = x * y
    return z.sum(), z


def f_matmul(x, y):
    return ops.matmul(x, y)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.arange(12).reshape(3, 4) / 10.0 - 0.5, ms.float32), name='w')
        self.b = Parameter(Tensor(np.array([0.1, -0.2, 0.3, 0.05]), ms.float32), name='b')

    def construct(self, x):
        return ops.relu(ops.matmul(x, self.w) + self.b).mean()


x = Tensor(np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]]), ms.float32)
y = Tensor(np.array([[1.0, 2.0, -1.0], [0.5, -0.5, 3.0]]), ms.float32)
xc = Tensor(np.array([[1.0], [2.0], [-3.0]]), ms.float32)
yr = Tensor(np.array([[0.5, -1.0, 2.0, 0.25]]), ms.float32)
m = Tensor(np.array([[0.11, 3.3, 1.1], [1.1, 0.2, 1.4], [1.1, 2.2, 0.3]]), ms.float32)
sens = Tensor(np.array([[1.0, 0.5, -1.0], [2.0, 0.0, 1.0]]), ms.float32)
net = Net()

g_default = ms.grad(f1)
g_all = ms.grad(f1, grad_position=(0, 1))
g_second = ms.grad(f1, 1)
vg = ms.value_and_grad(f1, (0, 1))
g_bcast = ms.grad(f_bcast, (0, 1))
g_tuple = ms.grad(f_tuple, (0, 1))
g_aux = ms.grad(f_aux, 0, has_aux=True)
vg_aux = ms.value_and_grad(f_aux, 1, has_aux=True)
g_mm = ops.GradOperation()(f_matmul)
g_mm_sens = ops.GradOperation(get_all=True, sens_param=True)(f_matmul)
g_net_w = ms.grad(net, None, net.trainable_params())
g_net_both = ms.grad(net, 0, net.trainable_params())
g_net_one = ms.grad(net, None, net.w)
go_list = ops.GradOperation(get_by_list=True)(net, net.trainable_params())
go_both = ops.GradOperation(get_all=True, get_by_list=True)(net, net.trainable_params())


def run_all(x, y, xc, yr, m, sens):
    return (g_default(x, y), g_all(x, y), g_second(x, y), vg(x, y), g_bcast(xc, yr), g_tuple(x, y),
            g_aux(x, y), vg_aux(x, y), g_mm(x, m), g_mm_sens(x, m, sens), g_net_w(x), g_net_both(x),
            g_net_one(x), go_list(x), go_both(x))


if mode == 'jit':
    run_all = ms.jit(run_all)

if mode == 'graph':
    r = (g_default(x, y), g_all(x, y), g_second(x, y), vg(x, y), g_bcast(xc, yr), g_tuple(x, y),
         g_aux(x, y), vg_aux(x, y), g_mm(x, m), g_mm_sens(x, m, sens), g_net_w(x), g_net_both(x),
         g_net_one(x), go_list(x), go_both(x))
else:
    r = run_all(x, y, xc, yr, m, sens)

(d, a, s, v, bc, tu, ax, vax, mm, mms, nw, nb, n1, gl, gb) = r
show('f1_default', d)
print('f1_all', type(a).__name__, len(a))
show('f1_dx', a[0])
show('f1_dy', a[1])
show('f1_second', s)
show('vg_value', v[0])
show('vg_dx', v[1][0])
show('vg_dy', v[1][1])
show('bcast_dx', bc[0])
show('bcast_dy', bc[1])
show('tuple_dx', tu[0])
show('tuple_dy', tu[1])
print('aux', type(ax).__name__, len(ax), type(ax[1]).__name__, len(ax[1]))
show('aux_dx', ax[0])
show('aux_z', ax[1][0])
show('vaux_value0', vax[0][0])
show('vaux_value1', vax[0][1])
show('vaux_dy', vax[1])
show('mm_dx', mm)
show('mms_dx', mms[0])
show('mms_dy', mms[1])
print('net_weights', type(nw).__name__, len(nw))
show('net_dw', nw[0])
show('net_db', nw[1])
print('net_both', type(nb).__name__, len(nb), type(nb[1]).__name__, len(nb[1]))
show('net_both_dx', nb[0])
show('net_both_dw', nb[1][0])
show('net_one_dw', n1)
show('list_dw', gl[0])
show('list_db', gl[1])
show('gb_dx', gb[0][0])
show('gb_db', gb[1][1])
