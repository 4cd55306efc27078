# MindSpore Tensor and Parameter: default dtypes, promotion (MindSpore r2.0's
# implicit conversion rules), printing (str = numpy's str, repr =
# Tensor(shape=..., dtype=..., value=...)), Parameter, f-string formats.
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter

t = Tensor(1.0)
print(t, t.dtype, t.shape, t.ndim, t.size)
print(Tensor([1, 2, 3]), Tensor([1, 2, 3]).dtype, Tensor([1.5, 2]).dtype, Tensor(True).dtype, Tensor((1, 2)).dtype)
a = np.array([1.0, 2.0])
print(Tensor(a).dtype, Tensor(a, ms.float32).dtype, Tensor(np.array([1, 2], np.int32)).dtype, Tensor(a, dtype=ms.int32))
x = Tensor([1, 2, 3], ms.int32)
print((x + 1).dtype, (x * 2.5).dtype, (x / 2).dtype, (x // 2).dtype, (2 ** x).dtype)
b = Tensor([True, False])
print((b + 1).dtype, (b + 1.5).dtype, (b & b).dtype)
i64 = Tensor([1, 2])
f32 = Tensor([0.5, 1.5])
f64 = Tensor(np.array([0.25, 0.5]))
print((i64 + f32).dtype, (f32 + f64).dtype, (i64 + x[:2]).dtype, (f32 + np.array([1.0, 2.0])).dtype)
print(type(f32 + np.array([1.0, 2.0])).__name__, type(np.array([1.0, 2.0]) + f32).__name__)
print(repr(Tensor([1.0, 2.0])))
print((Tensor([1.5]), Tensor(3)))
print(Tensor([[1, 2], [3, 4]]).T)
print(Tensor([1.0, 2.0]).sum(), Tensor([[1.0, 2.0]]).mean(axis=1), Tensor([3, 1, 2]).argmax(), Tensor([3, 1, 2]).argmax().dtype)
print(Tensor([1.0, 2.0])[0], Tensor([1.0, 2.0])[0].dtype, Tensor([[1, 2]]).reshape(2, 1).shape)
print(Tensor(shape=(2, 3), dtype=ms.float32))
print(Tensor([0.1, 0.2], ms.float32) * 3)

p = Parameter(Tensor(np.ones((5, 3)), ms.float32), name='w')
print(p)
print(repr(p))
print(p.name, p.requires_grad, p.shape, p.dtype, isinstance(p, Tensor), isinstance(t, Parameter))
p.name = 'layer.w'
p.requires_grad = False
print(p)
q = p * 2
print(type(q).__name__, q.dtype, q[0])
print(type(p.asnumpy()).__name__, p.asnumpy().dtype)
p.set_data(Tensor(np.zeros((2, 2)), ms.float32))
print(p, p.asnumpy().sum())
z = Parameter(Tensor([1.0]), name='z')
print(z + Tensor([1.0, 2.0, 3.0]))

loss = Tensor(0.123456789)
print(f"loss: {loss:>7f}  [{3:>5d}/{10:>5d}]")
print(f"{Tensor(7):d} {Tensor(2.5)} {Tensor([1.5, 2.5])}")
print(float(Tensor(2.5)), int(Tensor([7])), bool(Tensor(1)), len(Tensor([1, 2, 3])))
t.tag = 'custom'
print(t.tag, hash(t) == hash(t))

# ----------------------------------------------------------------------
# RUN: %msc run %s | FileCheck --strict-whitespace %s
# CHECK: {{^}}1.0 Float32 () 0 1{{$}}
# CHECK-NEXT: {{^}}[1 2 3] Int64 Float32 Bool Int64{{$}}
# CHECK-NEXT: {{^}}Float64 Float32 Int32 [1 2]{{$}}
# CHECK-NEXT: {{^}}Int32 Float32 Float32 Int32 Int32{{$}}
# CHECK-NEXT: {{^}}Int32 Float32 Bool{{$}}
# CHECK-NEXT: {{^}}Float32 Float64 Int64 Float64{{$}}
# CHECK-NEXT: {{^}}Tensor Tensor{{$}}
# CHECK-NEXT: {{^}}Tensor(shape=[2], dtype=Float32, value= [ 1.00000000e+00,  2.00000000e+00]){{$}}
# CHECK-NEXT: {{^}}(Tensor(shape=[1], dtype=Float32, value= [ 1.50000000e+00]), Tensor(shape=[], dtype=Int64, value= 3)){{$}}
# CHECK-NEXT: {{^}}{{\[\[}}1 3]{{$}}
# CHECK-NEXT: {{^}} [2 4]]{{$}}
# CHECK-NEXT: {{^}}3.0 [1.5] 0 Int64{{$}}
# CHECK-NEXT: {{^}}1.0 Float32 (2, 1){{$}}
# CHECK-NEXT: {{^}}{{\[\[}}0. 0. 0.]{{$}}
# CHECK-NEXT: {{^}} [0. 0. 0.]]{{$}}
# CHECK-NEXT: {{^}}[0.3 0.6]{{$}}
# CHECK-NEXT: {{^}}Parameter (name=w, shape=(5, 3), dtype=Float32, requires_grad=True){{$}}
# CHECK-NEXT: {{^}}Parameter (name=w, shape=(5, 3), dtype=Float32, requires_grad=True){{$}}
# CHECK-NEXT: {{^}}w True (5, 3) Float32 True False{{$}}
# CHECK-NEXT: {{^}}Parameter (name=layer.w, shape=(5, 3), dtype=Float32, requires_grad=False){{$}}
# CHECK-NEXT: {{^}}Tensor Float32 [2. 2. 2.]{{$}}
# CHECK-NEXT: {{^}}ndarray float32{{$}}
# CHECK-NEXT: {{^}}Parameter (name=layer.w, shape=(2, 2), dtype=Float32, requires_grad=False) 0.0{{$}}
# CHECK-NEXT: {{^}}[2. 3. 4.]{{$}}
# CHECK-NEXT: {{^}}loss: 0.123457  [    3/   10]{{$}}
# CHECK-NEXT: {{^}}7 2.5 [1.5 2.5]{{$}}
# CHECK-NEXT: {{^}}2.5 7 True 3{{$}}
# CHECK-NEXT: {{^}}custom True{{$}}
