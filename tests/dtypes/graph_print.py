# Graph-mode print of int8 / uint8 / int16 / float16 tensors is MindSpore's
# Print primitive (SEMANTICS.md 1.2, Tensor::ToStringNoLimit): each argument
# on its own line, "Tensor(shape=[..], dtype=Int8, value=...)", ints
# right-aligned to the widest element, float16 elements "%11.4e", 0-d
# values "%g", MindSpore's own summarisation (> 6 per row when ndim > 1).
# Promotion inside the graph is the same as in PyNative (int8 + uint8 ->
# int16). Both graph backends.
# RUN: %msc run --backend=cc %s | FileCheck --strict-whitespace %s
# RUN: %msc run --backend=ref %s | FileCheck --strict-whitespace %s
# RUN: %msc run --mode=pynative %s | FileCheck --check-prefix=PYN --strict-whitespace %s
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


@ms.jit
def f(a, u, s, h, big, z):
    print("int8:", a)
    print(u)
    print(s)
    print(h)
    r = a + u
    print(r)
    print(h * 2)
    print(ops.cast(h, ms.int8))
    print(z)
    print(big)
    return r, h[:4] + a, a * a, ops.cast(u, ms.float16)


a = Tensor(np.array([1, -2, 127, -128], np.int8))
u = Tensor(np.array([1, 200, 255, 0], np.uint8))
s = Tensor(np.array([[1, -300], [32767, -32768]], np.int16))
h = Tensor(np.array([1.5, -2.25, 65504.0, 6e-08, np.inf, np.nan, -0.0, 0.0], np.float16))
big = Tensor((np.arange(64) * 9 - 300).astype(np.int8).reshape(8, 8))
z = Tensor(np.array(2.5, np.float16))
r, q, sq, c = f(a, u, s, h, big, z)
print(r.dtype, q.dtype, sq.dtype, c.dtype)
print(r, sq, c)
print(q)
# CHECK: {{^}}int8:{{$}}
# CHECK-NEXT: {{^}}Tensor(shape=[4], dtype=Int8, value=[   1   -2  127 -128]){{$}}
# CHECK-NEXT: {{^}}Tensor(shape=[4], dtype=UInt8, value=[  1 200 255   0]){{$}}
# CHECK-NEXT: {{^}}Tensor(shape=[2, 2], dtype=Int16, value={{$}}
# CHECK-NEXT: {{^}}{{\[\[}}     1   -300]{{$}}
# CHECK-NEXT: {{^}} [ 32767 -32768]]){{$}}
# CHECK-NEXT: {{^}}Tensor(shape=[8], dtype=Float16, value=[ 1.5000e+00 -2.2500e+00  6.5504e+04  5.9605e-08         inf         nan -0.0000e+00  0.0000e+00]){{$}}
# CHECK-NEXT: {{^}}Tensor(shape=[4], dtype=Int16, value=[   2  198  382 -128]){{$}}
# CHECK-NEXT: {{^}}Tensor(shape=[8], dtype=Float16, value=[ 3.0000e+00 -4.5000e+00         inf  1.1921e-07         inf         nan -0.0000e+00  0.0000e+00]){{$}}
# CHECK-NEXT: {{^}}Tensor(shape=[8], dtype=Int8, value=[  1  -2 -32   0   0   0   0   0]){{$}}
# CHECK-NEXT: {{^}}Tensor(shape=[], dtype=Float16, value=2.5){{$}}
# CHECK-NEXT: {{^}}Tensor(shape=[8, 8], dtype=Int8, value={{$}}
# CHECK-NEXT: {{^}}{{\[\[}} -44  -35  -26 ...    1   10   19]{{$}}
# CHECK-NEXT: {{^}} [  28   37   46 ...   73   82   91]{{$}}
# CHECK-NEXT: {{^}} [ 100  109  118 ... -111 -102  -93]{{$}}
# CHECK-NEXT: {{^}} ...{{$}}
# CHECK-NEXT: {{^}} [  60   69   78 ...  105  114  123]{{$}}
# CHECK-NEXT: {{^}} [-124 -115 -106 ...  -79  -70  -61]{{$}}
# CHECK-NEXT: {{^}} [ -52  -43  -34 ...   -7    2   11]]){{$}}
# CHECK-NEXT: {{^}}Int16 Float16 Int8 Float16{{$}}
# CHECK-NEXT: {{^}}[   2  198  382 -128] [1 4 1 0] [  1. 200. 255.   0.]{{$}}
# CHECK-NEXT: {{^}}[   2.5    -4.25     inf -128.  ]{{$}}
# PYN: {{^}}int8: [   1   -2  127 -128]{{$}}
# PYN-NEXT: {{^}}[  1 200 255   0]{{$}}
# PYN-NEXT: {{^}}{{\[\[}}     1   -300]{{$}}
# PYN-NEXT: {{^}} [ 32767 -32768]]{{$}}
# PYN: {{^}}Int16 Float16 Int8 Float16{{$}}
# PYN-NEXT: {{^}}[   2  198  382 -128] [1 4 1 0] [  1. 200. 255.   0.]{{$}}
# PYN-NEXT: {{^}}[   2.5    -4.25     inf -128.  ]{{$}}
