# The states a while loop's gradient saves go into stacks the loop body
# updates in place (memplan's MemRegion.inplace): the generated C writes
# each iteration's row with msrt_scatter_nd straight into the stack, with
# no copy of the stack per iteration (that made 4000 steps cost O(N^2));
# the gradients equal PyTorch autograd's (computed by Inputs/grad_stack_ref.py),
# also through a loop with a return inside (ret_grad).
# RUN: %python %S/Inputs/grad_stack_ref.py > %t.ref
# RUN: %msc run --max-loop-iterations=300 --dump-c %s > %t.cc 2> %t.c
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.cc
# RUN: FileCheck %s < %t.c
# CHECK: = TensorScatterUpdate {{.*}}(into an output)
# CHECK-NEXT: {
# CHECK-NEXT: static const int64_t xshape[2] = {300, 16};
# CHECK-NEXT: rc = msrt_scatter_nd(MSRT_FLOAT32
# The forward loop copies no stack after its body (only the 64-byte states):
# RUN: grep -c 'memcpy(.*, 19200)' %t.c | FileCheck --check-prefix=COPIES %s
# COPIES: {{^1$}}
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor

ms.set_context(mode=ms.GRAPH_MODE)


def f(x, w, n):
    i = Tensor(0, ms.int32)
    while i < n:
        x = ops.tanh(x * w + 0.01)
        i = i + 1
    return x.sum()


g = ms.jit(ms.grad(f, grad_position=(0, 1)))
x = Tensor(np.linspace(-1, 1, 16).astype(np.float32))
w = Tensor(np.linspace(0.5, 1.5, 16).astype(np.float32))
for n in (0, 1, 7, 300):
    dx, dw = g(x, w, Tensor(n, ms.int32))
    print('n %d dx' % n, ' '.join('%.7g' % v for v in dx.asnumpy().astype(np.float64)))
    print('n %d dw' % n, ' '.join('%.7g' % v for v in dw.asnumpy().astype(np.float64)))


def ret_loop(x, w, n):
    i = Tensor(0, ms.int32)
    while i < n:
        x = ops.sin(x * w)
        if x.sum() > 0.5:
            return (x * 3).sum()
        i = i + 1
    return x.sum()


rg = ms.jit(ms.grad(ret_loop, grad_position=(0, 1)))
for k, a in enumerate(([0.3, 0.2], [0.1, -0.3], [-1.0, 0.2])):
    dx, dw = rg(Tensor(np.array(a, np.float32)), Tensor(np.array([1.5, 0.7], np.float32)), Tensor(4, ms.int32))
    print('ret %d dx' % k, ' '.join('%.7g' % v for v in dx.asnumpy().astype(np.float64)))
    print('ret %d dw' % k, ' '.join('%.7g' % v for v in dw.asnumpy().astype(np.float64)))
