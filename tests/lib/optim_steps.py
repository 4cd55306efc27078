# nn.SGD / nn.Momentum / nn.Adam / nn.AdamWeightDecay: 5 steps with fixed
# synthetic gradients (Tensors, no autodiff), the parameters and every state
# Parameter of the optimizer (names in MindSpore's form) printed after the
# steps, against numpy re-implementations of MindSpore's kernels in
# Inputs/optim_ref.py, which also checks them against torch.optim where the
# formulas coincide (SGD, Momentum, Adam's moments). Modes: pynative,
# graph (each optimizer call compiles its construct: cc and the reference
# executor) and jit (the optimizer inlined into a @ms.jit step).
# RUN: %python %S/Inputs/optim_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run %s graph > %t.cc
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.cc
# RUN: %msc run --backend=ref %s graph > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.refexec
# RUN: %msc run %s jit > %t.jit
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.jit
# RUN: %msc run --backend=ref %s jit > %t.jitref
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.jitref
# RUN: FileCheck %s --input-file %t.pyn
# CHECK: sgd_plain
# CHECK: returned (True, True, True)
# CHECK: {{^}}adam{{$}}
# CHECK-NEXT: returned (True, True, True)
# CHECK-NEXT: state learning_rate
# CHECK-NEXT: state global_step
# CHECK-NEXT: state fc.weight
# CHECK-NEXT: state fc.bias
# CHECK-NEXT: state bn.gamma
# CHECK-NEXT: state beta1_power
# CHECK-NEXT: state beta2_power
# CHECK-NEXT: state moment1.fc.weight
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter

mode = sys.argv[1]
if mode != 'pynative':
    ms.set_context(mode=ms.GRAPH_MODE)

np.random.seed(0)
W0 = np.random.randn(3, 4).astype(np.float32)
B0 = np.random.randn(4).astype(np.float32)
G0 = (np.random.rand(4) + 0.5).astype(np.float32)
GRADS = [(np.random.randn(3, 4).astype(np.float32), np.random.randn(4).astype(np.float32),
          np.random.randn(4).astype(np.float32)) for _ in range(5)]


def params():
    return [Parameter(Tensor(W0), name='fc.weight'), Parameter(Tensor(B0), name='fc.bias'),
            Parameter(Tensor(G0), name='bn.gamma')]


def make_step(opt):
    @ms.jit
    def step(grads):
        return opt(grads)
    return step


def run(name, make):
    opt = make(params())
    step = make_step(opt) if mode == 'jit' else opt
    r = None
    for k in range(5):
        r = step(tuple([Tensor(g) for g in GRADS[k]]))
    print(name)
    print('returned', r)
    for n, p in opt.parameters_and_names():
        a = p.asnumpy()
        print('state', n, str(a.dtype), a.shape, a.reshape(-1).tolist())


run('sgd_plain', lambda ps: nn.SGD(ps))
run('sgd_momentum', lambda ps: nn.SGD(ps, learning_rate=0.05, momentum=0.9, dampening=0.1, weight_decay=0.01))
run('sgd_nesterov', lambda ps: nn.SGD(ps, learning_rate=0.05, momentum=0.9, nesterov=True, loss_scale=2.0))
run('sgd_dynamic_lr', lambda ps: nn.SGD(ps, learning_rate=[0.1, 0.05, 0.02]))
run('momentum', lambda ps: nn.Momentum(ps, 0.1, 0.9, weight_decay=0.05))
run('momentum_nesterov', lambda ps: nn.Momentum(ps, Tensor(np.float32(0.1)), 0.8, use_nesterov=True))
run('adam', lambda ps: nn.Adam(ps, learning_rate=0.01))
run('adam_wd_nesterov', lambda ps: nn.Adam(ps, learning_rate=0.02, weight_decay=0.1, use_nesterov=True,
                                           loss_scale=4.0))
run('adam_lr_param', lambda ps: nn.Adam(ps, learning_rate=Parameter(Tensor(np.float32(0.05)), name='lr'),
                                        beta1=0.8, beta2=0.99, eps=1e-6))
run('adamw', lambda ps: nn.AdamWeightDecay(ps, learning_rate=0.01, weight_decay=0.1))
