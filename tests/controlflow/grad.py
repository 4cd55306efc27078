# Gradients through tensor control flow (passes/grad.c: If runs the taken
# branch's backward; While saves its state per iteration in bounded stacks
# and runs the body's backward counting down): GradOperation(get_all=True),
# ms.grad and value_and_grad through branches on comparisons of the inputs
# (every branch taken), return inside a branch, while loops (a tensor bound
# with --max-loop-iterations, a constant bound found at compile time), an
# if inside a while, a break on a tensor condition, and the weights of a Cell used inside both. Against
# PyTorch autograd on the same programs (Inputs/grad_ref.py), in PyNative,
# Graph (cc at O0, O1 and O2, ref) and msc compile's C self-test.
# RUN: %python %S/Inputs/grad_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run -O0 --max-loop-iterations=8 %s graph > %t.o0
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.o0
# RUN: %msc run -O1 --max-loop-iterations=8 %s graph > %t.o1
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.o1
# RUN: %msc run -O2 --max-loop-iterations=8 %s graph > %t.o2
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.o2
# RUN: %msc run --backend=ref --max-loop-iterations=8 %s graph > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.refexec
# RUN: rm -rf %t.lib && %msc compile --max-loop-iterations=8 %s -o %t.lib --name cg -- graph > /dev/null
# RUN: bash %S/../compile/Inputs/check-lib.sh --quick %t.lib cg | FileCheck --check-prefix=LIB %s
# LIB: == gcc
# LIB: cg_graph: ok
# LIB: cg_graph_4: ok (3 outputs
# LIB: check-lib: ok
# RUN: grep -c 'return MSRT_ELOOP' %t.lib/cg.c | FileCheck --check-prefix=BOUND %s
# BOUND: {{[1-9]}}
# RUN: grep 'define CG_ERR_LOOP_BOUND' %t.lib/cg.h
# A loop that runs past the bound is an error, in every backend:
# RUN: not %msc run --max-loop-iterations=2 %s graph 2>&1 | FileCheck --check-prefix=PAST %s
# PAST: grad.py:79:5: error: RuntimeError: a while loop ran more than its bound of 2 iterations (--max-loop-iterations
# RUN: not %msc run --backend=ref --max-loop-iterations=2 %s graph 2>&1 | FileCheck --check-prefix=PASTREF %s
# PASTREF: grad.py:79:5: error: RuntimeError: a while loop ran more than its bound of 2 iterations (--max-loop-iterations
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

GRAPH = len(sys.argv) > 1 and sys.argv[1] == 'graph'
if GRAPH:
    ms.set_context(mode=ms.GRAPH_MODE)
jit = ms.jit if GRAPH else (lambda f: f)


def show(tag, t):
    if isinstance(t, (tuple, list)):
        for i, u in enumerate(t):
            show('%s.%d' % (tag, i), u)
        return
    print(tag, ' '.join('%.6g' % v for v in t.asnumpy().reshape(-1).astype(np.float64).tolist()))


def branch(x, y):
    if x.sum() > y.sum():
        z = x * y + ops.sin(x)
    elif x.max() < 0:
        z = ops.exp(x) * y
    else:
        z = x * x - y
    return (z * z).sum()


def cond_expr(x, y):
    z = x * y if x.mean() > 0 else x - y * y
    return ops.tanh(z).sum()


def early(x, y):
    if x.sum() > 3:
        return (x * y).sum()
    t = ops.sigmoid(x - y)
    return (t * x).sum()


def loop(x, w, n):
    i = 0
    h = x
    while i < n:
        h = ops.tanh(h * w + 0.1)
        if h.sum() > 0:
            h = h * 0.5
        i = i + 1
    return h.sum()


def loop_const(x, w):
    i = Tensor(0)
    h = x
    while i < 4:
        h = ops.tanh(h * w + x)
        i = i + 1
    return h.sum()


def loop_break(x, n):
    i = 0
    h = x
    while i < n:
        h = ops.sin(h) * 1.5 + x
        if h.sum() > 4:
            break
        i = i + 1
    return h.sum()


branch_grad = jit(ops.GradOperation(get_all=True)(branch))
cond_grad = jit(ms.grad(cond_expr, grad_position=(0, 1)))
early_vg = jit(ms.value_and_grad(early, grad_position=(0, 1)))
loop_grad = jit(ops.GradOperation(get_all=True)(loop))
const_grad = jit(ops.GradOperation(get_all=True)(loop_const))
break_grad = jit(ms.grad(loop_break))

X = [np.array([1.0, 2.0, 3.0], np.float32), np.array([-1.0, -2.0, -0.5], np.float32),
     np.array([0.5, -0.25, 0.75], np.float32)]
for i, a in enumerate(X):
    for j, b in enumerate(X):
        x, y = Tensor(a), Tensor(b)
        show('branch %d %d' % (i, j), branch_grad(x, y))
        show('cond %d %d' % (i, j), cond_grad(x, y))
        show('early %d %d' % (i, j), early_vg(x, y))
w = Tensor(np.array([0.9, -1.1, 0.7], np.float32))
for i, a in enumerate(X):
    for n in (0, 1, 3):
        show('loop %d %d' % (i, n), loop_grad(Tensor(a), w, Tensor(n))[:2])
    show('const %d' % i, const_grad(Tensor(a), w))
    for n in (1, 2, 5):
        show('break %d %d' % (i, n), break_grad(Tensor(a), Tensor(n)))
