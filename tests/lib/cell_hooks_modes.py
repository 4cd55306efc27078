# Cell hooks by mode, as MindSpore's Cell has them: forward (pre) hooks run
# in PyNative mode but not inside a jit function ("does not work in graph
# mode or jit"); in GRAPH_MODE register_forward_pre_hook,
# register_forward_hook and register_backward_hook log MindSpore's warning
# and return a handle that does nothing; a hook that is not a function is
# MindSpore's TypeError. The values are MatMul's of ones (2 * 1 = 2).
# RUN: %msc run %s pynative 2>&1 | FileCheck %s --check-prefix=PYN
# RUN: %msc run %s graph 2>&1 | FileCheck %s --check-prefix=GRAPH
# RUN: not %msc run %s badhook 2>&1 | FileCheck %s --check-prefix=BAD
import sys
import numpy as np
import mindspore as ms
import mindspore.nn as nn
from mindspore import Tensor, ops

mode = sys.argv[1]
if mode == 'graph':
    ms.set_context(mode=ms.GRAPH_MODE)


def pre_hook(cell_id, inputs):
    print('pre hook', len(inputs))


def post_hook(cell_id, inputs, output):
    print('post hook', output)
    return output * 10


def back_hook(cell_id, grad_input, grad_output):
    print('backward hook')


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.mul = nn.MatMul()

    def construct(self, x, y):
        return self.mul(x + x, y)


net = Net()
if mode == 'badhook':
    net.mul.register_forward_hook(42)
# BAD: cell_hooks_modes.py:[[@LINE-1]]:5: error: TypeError: When using 'register_forward_hook(hook_fn)', the type of 'hook_fn' must be python function, but got int.
h1 = net.mul.register_forward_pre_hook(pre_hook)
h2 = net.mul.register_forward_hook(post_hook)
h3 = net.mul.register_backward_hook(back_hook) if mode == 'graph' else None
x = Tensor(np.ones([1]).astype(np.float32))
print('call', net(x, x))
# PYN: pre hook 2
# PYN-NEXT: post hook 2.0
# PYN-NEXT: call 20.0
# GRAPH-NOT: {{^(pre|post|backward) hook}}
# GRAPH: call 2.0


@ms.jit
def run(a):
    return net(a, a)


print('jit', run(x))
# PYN-NOT: hook
# PYN: jit 2.0
# GRAPH-NOT: {{^(pre|post|backward) hook}}
# GRAPH: jit 2.0
h1.remove()
h2.remove()
print('removed', net(x, x))
# PYN-NOT: hook
# PYN: removed 2.0
# GRAPH: removed 2.0
# (msc-checked passes stderr on after stdout: the warnings come last)
# GRAPH: msc: warning: 'register_forward_pre_hook' function is only supported in pynative mode, you can use context.set_context to set pynative mode.
# GRAPH: msc: warning: 'register_forward_hook' function is only supported in pynative mode, you can use context.set_context to set pynative mode.
# GRAPH: msc: warning: 'register_backward_hook' function is only supported in pynative mode, you can use context.set_context to set pynative mode.
