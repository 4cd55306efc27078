# msc compile of a graph with complex64 values (issue 26 item 3): the C
# library builds under the generated-code standard, its self-test passes
# against the reference executor, whose results (the script's print) equal
# numpy's
# (Inputs/complex_ref.py); complex64 arguments are float arrays of
# interleaved (real, imaginary) parts, the header naming their dtype; a
# complex constant is a struct initializer in the C.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %msc compile %s -o %t/cx --name cx > %t/out.txt
# RUN: %python %S/Inputs/complex_ref.py > %t/np.txt
# RUN: diff -u %t/np.txt %t/out.txt
# RUN: FileCheck --check-prefix=HDR %s < %t/cx/cx.h
# HDR: #define CX_NET_CONSTRUCT_OUT1_DTYPE CX_DTYPE_COMPLEX64
# HDR: int cx_Net_construct(const float *re, const float *im, const float *z, float *out0, float *out1);
# RUN: FileCheck --check-prefix=C %s < %t/cx/cx.c
# C: static const msrt_complex64 {{.*}}[3] = {{[{][{]}}0x1p+0f, -0x1p+1f}, {0x0p+0f, 0x1p-1f}, {-0x1.8p+1f, 0x0p+0f}};
# (gcc -O0 only: tests/codegen/all_ops.py builds the complex kernels with
# gcc, clang and arm-none-eabi-gcc)
# RUN: gcc -std=c99 -DMSRT_NO_SIMD -Wall -Wextra -Wpedantic -Wconversion -Werror -O0 %t/cx/cx.c %t/cx/cx_test.c -lm -o %t/cx/selftest
# RUN: %t/cx/selftest | FileCheck --check-prefix=TEST %s
# TEST: cx_Net_construct: ok (2 outputs, max abs error 0)
import mindspore as ms
import numpy as np
from mindspore import Tensor, ops, nn


class Net(nn.Cell):
    def construct(self, re, im, z):
        c = ops.Complex()(re, im)
        w = c * z + ms.Tensor(np.array([1 - 2j, 0.5j, -3 + 0j], np.complex64)) - c / z
        return ops.Abs()(c), ops.conj(w) * w.real()


ms.set_context(mode=ms.GRAPH_MODE)
re = Tensor(np.array([3.0, -6.0, 0.5], np.float32))
im = Tensor(np.array([4.0, 8.0, -1.25], np.float32))
z = Tensor(np.array([1 + 1j, 2 - 0.5j, -1 + 4j], np.complex64))
for o in Net()(re, im, z):
    print(o.dtype, o)
