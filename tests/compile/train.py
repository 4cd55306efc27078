# msc compile of a training step (issue 8 item 6): an @ms.jit step computes
# a least-squares loss from Parameters w and dense.bias and updates them with
# a hand-written gradient through ops.assign; Parameter scale is only read.
# The entry takes the batch, updates w and dense.bias held in RAM and returns
# the loss; its self-test replays the 5 recorded calls (losses checked), then
# checks the final Parameters, then resets and checks call 0 again.
#
# The numbers: msc run (cc backend) and msc compile's run (reference
# executor) both print the losses and final weights numpy computes
# (Inputs/train_ref.py), and the self-test checks the C against the
# reference executor, so the C matches numpy too.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/train_ref.py > %t/ref
# RUN: %msc run %s > %t/run
# RUN: %python %S/../e2e/Inputs/numeq.py %t/ref %t/run
# RUN: %msc compile %s -o %t/out > %t/compile
# RUN: %python %S/../e2e/Inputs/numeq.py %t/ref %t/compile
# RUN: FileCheck --check-prefix=HDR %s < %t/out/train.h
# RUN: FileCheck --check-prefix=SRC %s < %t/out/train.c
# RUN: bash %S/Inputs/check-lib.sh --quick --keep %t/out train | FileCheck --check-prefix=TEST %s
# RUN: mv %t/out/obj-gcc %t/obj
# the API from C: initial values before any call, NULL arguments, reset
# (linked with check-lib's train.o: gcc, the generated-code flags, -O1; the
# library is most of a compile's seconds, its SIMD text is built in full by
# tests/compile/{mlp,lenet,runtime}.py)
# RUN: cc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -I%t/out -c %S/Inputs/train_api.c -o %t/api.o
# RUN: cc %t/api.o %t/obj/train.o -lm -o %t/api
# RUN: %t/api | FileCheck --check-prefix=API %s
# determinism: the same script by other path spellings, from other directories
# RUN: mkdir -p %t/d1/sub %t/d2 && cp %s %t/d1/train.py
# RUN: cd %t/d1 && %msc compile ./train.py -o %t/o1 > /dev/null
# RUN: cd %t/d1/sub && %msc compile ../train.py -o ../../o2 > /dev/null
# RUN: cd %t/d2 && %msc compile %t/d1/train.py -o o3 > /dev/null
# RUN: for f in %t/out/*; do for d in o1 o2 d2/o3; do cmp $f %t/$d/$(basename $f) || exit 1; done; done
# RUN: %msc compile %s -o %t/out > /dev/null && cmp %t/out/train.c %t/o1/train.c
# a wrong expected loss at call 3 is caught
# RUN: sed -i 's/train_step_c3_want0\[1\] = {/&1 + /' %t/o1/train_test.c
# (o1/train.c is out/train.c, cmp above: its object is reused)
# RUN: cc -c %t/o1/train_test.c -o %t/bad_test.o
# RUN: cc %t/obj/train.o %t/bad_test.o -lm -o %t/bad && not %t/bad | FileCheck --check-prefix=BAD %s
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, ops

np.random.seed(1)
xs = np.random.randn(5, 8, 3).astype(np.float32)
ys = np.random.randn(5, 8, 1).astype(np.float32)
w = Parameter(Tensor(np.array([[0.5], [-0.25], [0.1]], np.float32)), name="w")
b = Parameter(Tensor(np.array([0.2], np.float32)), name="dense.bias")
scale = Parameter(Tensor(np.array([1.5], np.float32)), name="scale")
lr = 0.1


@ms.jit
def step(x, y):
    pred = ops.matmul(x, w) * scale + b
    err = pred - y
    loss = ops.mean(err * err)
    gw = ops.matmul(ops.transpose(x, (1, 0)), err) * (2.0 / 8.0) * scale
    gb = ops.mean(err, 0) * 2.0
    ops.assign(w, w - lr * gw)
    ops.assign(b, b - lr * gb)
    return loss


for i in range(5):
    print(f"step {i} loss {float(step(Tensor(xs[i]), Tensor(ys[i]))):.6f}")
print("w", w.asnumpy().reshape(-1))
print("b", b.asnumpy().reshape(-1))

# HDR: hold those Parameters in RAM
# HDR: const T *train_E_param_P(void);
# HDR: void train_reset(void);
# HDR: /* entry train_step: graph @step (a training step: it updates Parameters held in RAM)
# HDR-NEXT: memory: arena {{[0-9]+}} bytes (lower bound {{[0-9]+}}), weights 32 bytes, Parameters in RAM 16 bytes
# HDR-NEXT: memory plan:
# HDR-NEXT: | memory plan for @step: arena
# HDR: train.py:{{[0-9]+}}:{{[0-9]+}}
# HDR: */
# HDR: #define TRAIN_STEP_WEIGHTS_SIZE 32
# HDR: #define TRAIN_STEP_NUM_INPUTS 2
# HDR: #define TRAIN_STEP_OUT0_SIZE 1
# HDR: #define TRAIN_STEP_NUM_PARAMS 2
# HDR-NEXT: #define TRAIN_STEP_STATE_SIZE 16
# HDR-NEXT: #define TRAIN_STEP_PARAM_W_NDIM 2
# HDR-NEXT: #define TRAIN_STEP_PARAM_W_SHAPE {3, 1}
# HDR-NEXT: #define TRAIN_STEP_PARAM_W_SIZE 3
# HDR-NEXT: #define TRAIN_STEP_PARAM_W_DTYPE TRAIN_DTYPE_FLOAT32
# HDR: #define TRAIN_STEP_PARAM_DENSE_BIAS_SIZE 1
# HDR: int train_step(const float *x, const float *y, float *out0);
# HDR: const float *train_step_param_w(void);
# HDR-NEXT: const float *train_step_param_dense_bias(void);
# HDR: void train_reset(void);

# the read-only Parameter is a constant (1.5); the assigned ones have their
# initial values as constants and their values in RAM
# SRC-NOT: #include <stdio.h>
# SRC: TRAIN_WEIGHTS_ATTR static const float train_step_impl_c{{[0-9]+}}[1] = {0x1.8p+0f};
# SRC: TRAIN_WEIGHTS_ATTR static const float train_step_p_w_init[3] = {0x1p-1f, -0x1p-2f, 0x1.99999ap-4f};
# SRC-NEXT: static float train_step_p_w[3];
# SRC-NEXT: TRAIN_WEIGHTS_ATTR static const float train_step_p_dense_bias_init[1] = {0x1.99999ap-3f};
# SRC-NEXT: static float train_step_p_dense_bias[1];
# SRC: int train_step_ws(void *ws, const float *x, const float *y, float *out0) {
# SRC: args[2] = train_step_p_w;
# SRC-NEXT: args[3] = train_step_p_dense_bias;
# SRC: void train_reset(void) {

# TEST: == gcc
# TEST-NEXT: train_step: ok (5 calls, 1 output each, 2 Parameters, max abs error {{.*}})
# TEST: == clang: no warnings
# TEST: check-lib: ok

# API: before: w 0.5 -0.25 0.1 b 0.2
# API-NEXT: NULL: -100
# API-NEXT: after one step: changed 1
# API-NEXT: after reset: w 0.5 -0.25 0.1 b 0.2

# BAD: train_step: call 3 output 0 element 0: got
# BAD-NEXT: train_step: FAIL
