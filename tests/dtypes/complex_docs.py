# The examples of MindSpore's API reference for the complex ops (ops.Real,
# ops.Imag, ops.Conj, ops.Complex, Tensor.is_complex; r2.0-r2.4), with the
# outputs those pages print.
# RUN: %msc run %s | FileCheck %s
# CHECK: 1.3
# CHECK-NEXT: 0.4
# CHECK-NEXT: (1.3-0.4j)
# CHECK-NEXT: [1.+2.j]
# CHECK-NEXT: True
# CHECK-NEXT: False
import mindspore
import numpy as np
from mindspore import Tensor, ops
x = Tensor(np.asarray(1.3+0.4j), mindspore.complex64)
print(ops.Real()(x))
print(ops.Imag()(x))
print(ops.Conj()(x))
real = Tensor(np.array([1]), mindspore.float32)
imag = Tensor(np.array([2]), mindspore.float32)
print(ops.Complex()(real, imag))
x = mindspore.Tensor([1 + 1j], dtype=mindspore.complex128)
y = mindspore.Tensor([1], dtype=mindspore.int32)
print(x.is_complex())
print(y.is_complex())
