# The elementwise activations added on the redesigned op table (README "How
# to add an op"), each reached every way MindSpore exposes it: the ops.
# primitive class, the ops. function, the nn. layer and the Tensor method
# (where MindSpore has one), and its gradient (ms.grad). Values against
# PyTorch's (Inputs/activations_ref.py: torch.special / torch.nn.functional,
# autograd), in PyNative, in Graph mode (cc and reference executor), and as
# generated C (msc compile + the library's self-test; clang and
# arm-none-eabi-gcc check its text, check-lib.sh --quick).
# RUN: %python %S/Inputs/activations_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run %s graph > %t.cc
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.cc
# RUN: %msc run --backend=ref %s graph > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.refexec
# RUN: rm -rf %t.lib && %msc compile %s -o %t.lib --name act -- graph > /dev/null
# RUN: bash %S/../compile/Inputs/check-lib.sh --quick %t.lib act | FileCheck --check-prefix=LIB %s
# LIB: == gcc
# LIB: act_fwd: ok
# LIB: act_fwd_grad: ok
# LIB: == arm-none-eabi-gcc: no warnings
# LIB: check-lib: ok
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

GRAPH = len(sys.argv) > 1 and sys.argv[1] == 'graph'
if GRAPH:
    ms.set_context(mode=ms.GRAPH_MODE)

X = np.array([[-5.0, -3.0, -2.5, -1.0, -0.25, 0.0],
              [0.3, 1.0, 2.0, 3.0, 4.5, 21.0]], np.float32)

# name, primitive class (None: MindSpore has none), function, nn layer or
# None, Tensor method or None
OPS = [
    ('erfc', ops.Erfc, ops.erfc, None, 'erfc'),
    ('logsigmoid', None, ops.logsigmoid, nn.LogSigmoid, None),
    ('mish', ops.Mish, ops.mish, nn.Mish, None),
    ('selu', ops.SeLU, ops.selu, nn.SeLU, None),
    ('softsign', ops.Softsign, ops.softsign, nn.Softsign, None),
    ('hardsigmoid', ops.HSigmoid, ops.hardsigmoid, nn.HSigmoid, None),
    ('hardswish', ops.HSwish, ops.hardswish, nn.HSwish, None),
]


def show(tag, t):
    print(tag, ' '.join('%.7g' % v for v in t.asnumpy().reshape(-1).tolist()))


def fwd(x):
    outs = []
    for name, prim, fn, layer, meth in OPS:
        if prim is not None:
            outs.append(prim()(x))
        outs.append(fn(x))
        if layer is not None:
            outs.append(layer()(x))
        if meth is not None:
            outs.append(getattr(x, meth)())
    return tuple(outs)


def loss(x):
    s = 0.0
    for name, prim, fn, layer, meth in OPS:
        s = s + (fn(x) * Tensor(np.arange(12).reshape(2, 6).astype(np.float32) / 10 + 0.5)).sum()
    return s


fwd_j = ms.jit(fwd) if GRAPH else fwd
x = Tensor(X)
outs = fwd_j(x)
k = 0
for name, prim, fn, layer, meth in OPS:
    ways = (['prim'] if prim is not None else []) + ['fn'] + (['nn'] if layer is not None else []) + \
        (['method'] if meth is not None else [])
    for w in ways:
        show('%s %s' % (name, w), outs[k])
        k += 1
# one op at a time, so each gradient is checked on its own
for i, op in enumerate(OPS):
    def one(x, op=op):
        w = Tensor(np.arange(12).reshape(2, 6).astype(np.float32) / 10 + 0.5)
        return (op[2](x) * w).sum()
    g = ms.grad(ms.jit(one) if GRAPH else one)(x)
    show('%s grad' % op[0], g)


# the library's entries (msc compile -- graph): every op in one graph, and
# the gradient of their weighted sum
@ms.jit
def act_fwd(x):
    return fwd(x)


@ms.jit
def act_fwd_grad(x):
    return ms.grad(loss)(x)


if GRAPH:
    act_fwd(x)
    act_fwd_grad(x)
