# nn.Dense: shapes, MindSpore 2.x default init (weight HeUniform(sqrt(5)) =
# U(-1/sqrt(in), 1/sqrt(in)), bias Uniform(1/sqrt(in)); SEMANTICS.md 3),
# weight_init/bias_init as names, numbers and Tensors, activation, and
# inputs with ndim != 2.
import math
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.common.initializer import initializer, HeUniform, Uniform, Normal, XavierUniform, Constant

ms.set_seed(1)
d = nn.Dense(256, 64)
w = d.weight.asnumpy()
b = d.bias.asnumpy()
bound = 1 / math.sqrt(256)
print(d.weight.shape, d.bias.shape, d.weight.dtype, d.bias.dtype)
print(float(np.abs(w).max()) <= bound, float(np.abs(b).max()) <= bound)
# U(-c, c) has mean 0 and std c/sqrt(3): 16384 draws pin both well.
def std(a):
    return math.sqrt(float(((a - a.mean()) ** 2).mean()))


print(abs(float(w.mean())) < 0.05 * bound, abs(std(w) / (bound / math.sqrt(3)) - 1) < 0.03)
print(float(np.abs(w).max()) > 0.95 * bound)

# The same seed gives the same weights; the weight is drawn before the bias.
ms.set_seed(1)
d2 = nn.Dense(256, 64)
print(bool((d2.weight.asnumpy() == w).all()), bool((d2.bias.asnumpy() == b).all()))
np.random.seed(1)
w_np = np.random.uniform(-bound, bound, (64, 256)).astype(np.float32)
print(float(np.abs(w_np - w).max()) < 1e-7)

x = Tensor(np.ones([8, 256]), ms.float32)
print(d(x).shape, d(x).dtype)
print(d(Tensor(np.ones([2, 5, 256]), ms.float32)).shape)
print(d(Tensor(np.ones([256]), ms.float32)).shape)

# Named and constant initialisers; Tensor inits must have the exact shape.
d3 = nn.Dense(3, 2, weight_init='ones', bias_init='zeros')
print(d3.weight.asnumpy().sum(), d3.bias.asnumpy().sum())
print(d3(Tensor([[1.0, 2.0, 3.0]])))
d4 = nn.Dense(3, 2, weight_init=Tensor(np.arange(6).reshape(2, 3), ms.float32), bias_init=0.5)
print(d4(Tensor([[1.0, 1.0, 1.0]])))
d5 = nn.Dense(3, 2, weight_init=Constant(2), has_bias=False, activation='relu')
print(d5(Tensor([[1.0, -2.0, 0.5]])), d5)
d6 = nn.Dense(4, 3, activation=nn.Sigmoid())
print(d6.activation_flag, type(d6.activation).__name__)

# initializer() directly.
t = initializer(XavierUniform(), [30, 20], ms.float32)
print(t.shape, t.dtype, float(np.abs(t.asnumpy()).max()) <= math.sqrt(6 / 50))
t = initializer('normal', (1000,), ms.float64)
print(t.dtype, abs(std(t.asnumpy()) - 0.01) < 0.002)
t = initializer(Uniform(3), 5)
print(t.shape, float(np.abs(t.asnumpy()).max()) <= 3)
print(initializer('ones', [2, 2], ms.int32))
print(initializer(HeUniform(), [4, 6]).shape, initializer(Normal(0.5, 1.0), [3]).shape)

# ----------------------------------------------------------------------
# RUN: %msc run %s | FileCheck %s
# CHECK: (64, 256) (64,) Float32 Float32
# CHECK-NEXT: True True
# CHECK-NEXT: True True
# CHECK-NEXT: True
# CHECK-NEXT: True True
# CHECK-NEXT: True
# CHECK-NEXT: (8, 64) Float32
# CHECK-NEXT: (2, 5, 64)
# CHECK-NEXT: (64,)
# CHECK-NEXT: 6.0 0.0
# CHECK-NEXT: {{\[\[}}6. 6.]]
# CHECK-NEXT: {{\[\[}} 3.5 12.5]]
# An activation Cell is a registered child, so it is listed too (as in MindSpore).
# CHECK-NEXT: {{\[\[}}0. 0.]] Dense<
# CHECK-NEXT:   input_channels=3, output_channels=2, activation=ReLU<>
# CHECK-NEXT:   (activation): ReLU<>
# CHECK-NEXT: >
# CHECK-NEXT: True Sigmoid
# CHECK-NEXT: (30, 20) Float32 True
# CHECK-NEXT: Float64 True
# CHECK-NEXT: (5,) True
# CHECK-NEXT: {{\[\[}}1 1]
# CHECK-NEXT:  [1 1]]
# CHECK-NEXT: (4, 6) (3,)
