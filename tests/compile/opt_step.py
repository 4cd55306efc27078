# One training step of nn.Dense under nn.Adam and one under nn.Momentum,
# each an @ms.jit step (issue 17 item 3: fused loops that vectorize).
#
# Numbers: msc run (generated C through the JIT) and msc compile's run
# (reference executor) print what the numpy reference computes
# (Inputs/opt_ref.py: the gradient by hand, MindSpore's update formulas),
# and the library's self-test replays the recorded calls against the
# reference executor, linked with the runtime compiled as tests/codegen
# does (gcc -std=c11 -O1 -w -c, one command per file: the run's cc-cache
# answers them).
# RUN: rm -rf %t && mkdir -p %t/rt
# RUN: %python %S/Inputs/opt_ref.py > %t/ref
# RUN: %msc run %s > %t/run
# RUN: %python %S/../e2e/Inputs/numeq.py %t/ref %t/run
# RUN: %msc compile --runtime=separate %s -o %t/out > %t/compile
# RUN: %python %S/../e2e/Inputs/numeq.py %t/ref %t/compile
# RUN: for c in %S/../../runtime/*.c; do gcc -std=c11 -O1 -w -c $c -o %t/rt/$(basename $c .c).o || exit 1; done
# RUN: cc -std=c99 -O2 -I%t/out %t/out/opt_step.c %t/out/opt_step_test.c %t/rt/*.o -lm -o %t/selftest
# RUN: %t/selftest | FileCheck --check-prefix=TEST %s
# The updates: the moments are computed straight into their Parameters,
# no copy for their Assigns (passes/memplan.c, param_out).
# RUN: FileCheck --check-prefix=SRC %s < %t/out/opt_step.c
#
# The README's plain build line (no -fno-math-errno): the Adam update's
# sqrt is packed (sqrtps), with no call to libm's sqrtf, under gcc and
# clang (runtime/msrt.h declares sqrtf const; tests/unit/test_sqrt.c
# checks it is bit-exact).
# RUN: cc -std=c99 -O2 -c %t/out/opt_step.c -o %t/gcc.o
# RUN: objdump -dr %t/gcc.o | FileCheck --check-prefix=ASM %s
# RUN: clang -std=c99 -O2 -c %t/out/opt_step.c -o %t/clang.o
# RUN: objdump -dr %t/clang.o | FileCheck --check-prefix=ASM %s
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

np.random.seed(3)
w0 = (np.random.randn(4, 8) * 0.3).astype(np.float32)
b0 = (np.random.randn(4) * 0.1).astype(np.float32)
xs = np.random.randn(4, 16, 8).astype(np.float32)
ys = np.random.randn(4, 16, 4).astype(np.float32)


def make(opt_cls, **kw):
    net = nn.Dense(8, 4, weight_init=Tensor(w0), bias_init=Tensor(b0))
    loss_fn = nn.MSELoss()
    opt = opt_cls(net.trainable_params(), **kw)
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)
    return net, opt, grad_fn


net_a, opt_a, grad_a = make(nn.Adam, learning_rate=0.05)
net_m, opt_m, grad_m = make(nn.Momentum, learning_rate=0.05, momentum=0.9)


@ms.jit
def adam_step(x, y):
    loss, g = grad_a(x, y)
    opt_a(g)
    return loss


@ms.jit
def momentum_step(x, y):
    loss, g = grad_m(x, y)
    opt_m(g)
    return loss


for i in range(4):
    print(f"adam {i} {float(adam_step(Tensor(xs[i]), Tensor(ys[i]))):.6f}")
    print(f"momentum {i} {float(momentum_step(Tensor(xs[i]), Tensor(ys[i]))):.6f}")
print("adam w", net_a.weight.asnumpy().reshape(-1))
print("adam b", net_a.bias.asnumpy())
print("momentum w", net_m.weight.asnumpy().reshape(-1))
print("momentum b", net_m.bias.asnumpy())

# TEST: opt_step_adam_step: ok (4 calls, 1 output each, 8 Parameters, max abs error
# TEST: opt_step_momentum_step: ok (4 calls, 1 output each, 4 Parameters, max abs error

# SRC-NOT: memcpy(args[
# SRC-LABEL: int opt_step_adam_step_ws(
# SRC-NOT: memcpy(args[
# SRC-LABEL: int opt_step_momentum_step_ws(
# SRC-NOT: memcpy(args[

# ASM-NOT: sqrtf
# ASM: sqrtps
# ASM-NOT: sqrtf
