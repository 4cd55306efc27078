# MindSpore semantics of Tensors of int8, uint8, int16 and float16
# (SEMANTICS.md 2 and 1.1): construction, dtype names, astype / ops.cast,
# implicit promotion tensor (+) tensor and tensor (+) Python scalar
# (https://mindspore.cn/docs/en/r2.0/note/operator_list_implicit.html:
# bool < uint8 < int8 < int16 < int32 < int64 < float16 < float32 < float64,
# int8 (+) uint8 -> int16; a scalar keeps the tensor's dtype except int/uint
# tensor with float scalar -> float32, bool tensor with int/float scalar ->
# int32/float32), and repr(t) (Tensor::ToStringRepr: "%11.4e" float16
# elements, ints right-aligned, commas). The CHECK lines are the documented
# rules and formats.
# RUN: %msc run %s | FileCheck --strict-whitespace %s
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops

print(ms.int8, ms.uint8, ms.int16, ms.float16, ms.int8 == ms.int8, ms.int8 == ms.uint8)
# CHECK: {{^}}Int8 UInt8 Int16 Float16 True False{{$}}
a = Tensor(np.array([1, -2, 127], np.int8))
u = Tensor(np.array([1, 200, 255], np.uint8))
s = Tensor(np.array([1, -300, 32767], np.int16))
h = Tensor(np.array([1.5, -2.25, 65504.0], np.float16))
print(a.dtype, u.dtype, s.dtype, h.dtype, a.shape, h.asnumpy().dtype, a.asnumpy().dtype)
# CHECK-NEXT: {{^}}Int8 UInt8 Int16 Float16 (3,) float16 int8{{$}}
b = Tensor([1, 2], ms.int8)
print(b.dtype, b, Tensor([1.5, 2], ms.float16).dtype, Tensor([1, 2], dtype=ms.uint8).dtype,
      Tensor(np.array([1, 2]), ms.int16).dtype, Tensor(3, ms.int8).dtype, Tensor(2.5, ms.float16))
# CHECK-NEXT: {{^}}Int8 [1 2] Float16 UInt8 Int16 Int8 2.5{{$}}

# astype / ops.cast (values: numpy's astype)
print(a.astype(ms.float16).dtype, a.astype(ms.float16), h.astype(ms.int16), ops.cast(u, ms.int8),
      ops.cast(h, ms.uint8).dtype, ops.cast(Tensor([200.7, -1.5, 2.5]), ms.uint8), ops.cast(s, ms.int8))
# CHECK-NEXT: {{^}}Float16 [  1.  -2. 127.] [  1  -2 -32] [  1 -56  -1] UInt8 [200 255   2] [  1 -44  -1]{{$}}
print(Tensor([0.1, 1 / 3, 2049.0, 70000.0], ms.float32).astype(ms.float16))
# CHECK-NEXT: {{^}}[9.998e-02 3.333e-01 2.048e+03       inf]{{$}}
print(ops.cast(Tensor([0, 3, -1], ms.int8), ms.bool_), ops.cast(Tensor([True, False]), ms.float16))
# CHECK-NEXT: {{^}}[False  True  True] [1. 0.]{{$}}

# tensor (+) tensor: one row per left dtype, columns bool .. float64
DT = [ms.bool_, ms.uint8, ms.int8, ms.int16, ms.int32, ms.int64, ms.float16, ms.float32, ms.float64]
for x in DT:
    tx = ops.cast(Tensor([1, 0]), x)
    print('%s: %s' % (x, ' '.join(str((tx + ops.cast(Tensor([1, 1]), y)).dtype) for y in DT)))
# CHECK-NEXT: {{^}}Bool: Bool UInt8 Int8 Int16 Int32 Int64 Float16 Float32 Float64{{$}}
# CHECK-NEXT: {{^}}UInt8: UInt8 UInt8 Int16 Int16 Int32 Int64 Float16 Float32 Float64{{$}}
# CHECK-NEXT: {{^}}Int8: Int8 Int16 Int8 Int16 Int32 Int64 Float16 Float32 Float64{{$}}
# CHECK-NEXT: {{^}}Int16: Int16 Int16 Int16 Int16 Int32 Int64 Float16 Float32 Float64{{$}}
# CHECK-NEXT: {{^}}Int32: Int32 Int32 Int32 Int32 Int32 Int64 Float16 Float32 Float64{{$}}
# CHECK-NEXT: {{^}}Int64: Int64 Int64 Int64 Int64 Int64 Int64 Float16 Float32 Float64{{$}}
# CHECK-NEXT: {{^}}Float16: Float16 Float16 Float16 Float16 Float16 Float16 Float16 Float32 Float64{{$}}
# CHECK-NEXT: {{^}}Float32: Float32 Float32 Float32 Float32 Float32 Float32 Float32 Float32 Float64{{$}}
# CHECK-NEXT: {{^}}Float64: Float64 Float64 Float64 Float64 Float64 Float64 Float64 Float64 Float64{{$}}

# tensor (+) Python scalar: int, float, bool scalar
for x in DT:
    tx = ops.cast(Tensor([1, 0]), x)
    print('%s: %s %s %s' % (x, (tx + 1).dtype, (tx * 2.5).dtype, (tx + True).dtype))
# CHECK-NEXT: {{^}}Bool: Int32 Float32 Bool{{$}}
# CHECK-NEXT: {{^}}UInt8: UInt8 Float32 UInt8{{$}}
# CHECK-NEXT: {{^}}Int8: Int8 Float32 Int8{{$}}
# CHECK-NEXT: {{^}}Int16: Int16 Float32 Int16{{$}}
# CHECK-NEXT: {{^}}Int32: Int32 Float32 Int32{{$}}
# CHECK-NEXT: {{^}}Int64: Int64 Float32 Int64{{$}}
# CHECK-NEXT: {{^}}Float16: Float16 Float16 Float16{{$}}
# CHECK-NEXT: {{^}}Float32: Float32 Float32 Float32{{$}}
# CHECK-NEXT: {{^}}Float64: Float64 Float64 Float64{{$}}

# values of mixed operations (wrap-around in the result dtype)
print(a + u, a * 2, u + 100, a - 1.5, h * 2, h + 1, s * 2)
# CHECK-NEXT: {{^}}[  2 198 382] [ 2 -4 -2] [101  44  99] [ -0.5  -3.5 125.5] [ 3.  -4.5  inf] [ 2.50e+00 -1.25e+00  6.55e+04] [   2 -600   -2]{{$}}
print((a / 2).dtype, (h / 2).dtype, (a // 2).dtype, (u > 100), (h < 0).dtype, a.sum().dtype, u.mean().dtype, h.mean().dtype)
# CHECK-NEXT: {{^}}Float32 Float16 Int8 [False  True  True] Bool Int8 Float32 Float16{{$}}

# repr(t) and printing tuples of tensors (Tensor::ToStringRepr)
print(repr(b))
# CHECK-NEXT: {{^}}Tensor(shape=[2], dtype=Int8, value= [1, 2]){{$}}
print(repr(a))
# CHECK-NEXT: {{^}}Tensor(shape=[3], dtype=Int8, value= [  1,  -2, 127]){{$}}
print(repr(u))
# CHECK-NEXT: {{^}}Tensor(shape=[3], dtype=UInt8, value= [  1, 200, 255]){{$}}
print(repr(h))
# CHECK-NEXT: {{^}}Tensor(shape=[3], dtype=Float16, value= [ 1.5000e+00, -2.2500e+00,  6.5504e+04]){{$}}
print(repr(Tensor(np.array([[1, -300], [32767, -32768]], np.int16))))
# CHECK-NEXT: {{^}}Tensor(shape=[2, 2], dtype=Int16, value={{$}}
# CHECK-NEXT: {{^}}{{\[\[}}     1,   -300],{{$}}
# CHECK-NEXT: {{^}} [ 32767, -32768]]){{$}}
print(repr(Tensor(np.array(-128, np.int8))), repr(Tensor(np.array(6e-08, np.float16))))
# CHECK-NEXT: {{^}}Tensor(shape=[], dtype=Int8, value= -128) Tensor(shape=[], dtype=Float16, value= 5.96046e-08){{$}}
print((a, h[:2]))
# CHECK-NEXT: {{^}}(Tensor(shape=[3], dtype=Int8, value= [  1,  -2, 127]), Tensor(shape=[2], dtype=Float16, value= [ 1.5000e+00, -2.2500e+00])){{$}}
print(repr(Tensor(np.array([np.inf, -0.0, np.nan], np.float16))))
# CHECK-NEXT: {{^}}Tensor(shape=[3], dtype=Float16, value= [        inf, -0.0000e+00,         nan]){{$}}
