# Entry names that would give one C symbol twice get a suffix: f_ws (f's
# reentrant form is NAME_f_ws), reset (NAME_reset restores trained
# Parameters); the library builds under -Werror and its self-test passes.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %msc compile %s -o %t/out > /dev/null
# RUN: grep '^int' %t/out/names.h | FileCheck %s
# RUN: bash %S/Inputs/check-lib.sh --quick %t/out names | FileCheck --check-prefix=TEST %s
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops

@ms.jit
def f(x):
    return x + 1.0

@ms.jit
def f_ws(x):
    return x * 2.0

@ms.jit
def reset(x):
    return x - 1.0

t = Tensor(np.ones(3).astype(np.float32))
print(f(t), f_ws(t), reset(t))

# CHECK: int names_f(const float *x, float *out0);
# CHECK-NEXT: int names_f_ws(void *ws, const float *x, float *out0);
# CHECK-NEXT: int names_f_ws_2(const float *x, float *out0);
# CHECK-NEXT: int names_f_ws_2_ws(void *ws, const float *x, float *out0);
# CHECK-NEXT: int names_reset_2(const float *x, float *out0);
# TEST: names_f: ok
# TEST-NEXT: names_f_ws_2: ok
# TEST-NEXT: names_reset_2: ok
# TEST: check-lib: ok
